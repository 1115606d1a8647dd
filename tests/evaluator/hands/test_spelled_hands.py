"""Spelling out every seat's combination of one search at once (:func:`~evaluator.hands.played.spelled_hands`: a
table ranking's five cards read from what their score and ranks decide, the wild cards from the plans kept per
natural ranks) answers what the straightforward reading (:func:`~evaluator.hands.played.spelled_by_ranking`, seat by
seat, the ranking's own methods) answers: on random rows of every kind of slot, wild card and ranking, and on every
catalog variant's whole answers."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import numpy as np
import pytest

import evaluator.engine.search as search
import evaluator.engine.showdown as showdown
import evaluator.hands.played as played
from evaluator import all_variants
from evaluator.catalog import CATALOG
from evaluator.formation import BOARD, BREAKER, HOLE, INSURED, TABLE, UP, Slot
from evaluator.hands.played import _BOARD, _HOLE, _TABLE, _UP, Spelt, spelled_by_ranking, spelled_hands
from evaluator.hands.spec import HandSpec
from evaluator.rankings import NO_HAND, Qualifier, Ranking, TableRanking
from evaluator.rankings.four_card import FourCardLow
from evaluator.rankings.qualifiers import HighQualifier, LowQualifier
from evaluator.results import PlayedHand
from evaluator.values.cards import JOKER_BASE, Card, card_of
from evaluator.variant import Variant
from evaluator.wilds.choice_cards import Choices
from evaluator.wilds.scoring import score_with_wilds
from evaluator.wilds.sequence import SequenceWilds
from tests.evaluator.engine.seeded import answer, seeded_calls
from tests.evaluator.mechanisms.test_declare_paths import _calls
from tests.evaluator.wilds.test_scoring import _one_suit_at_a_time
from tests.samples import samples

pytestmark = pytest.mark.slow  # random samples reduced in make test, in full under make stress

#: Every ranking a catalog hand is ranked by, of five cards or fewer (the table rankings read in one pass, the others
#: by the ranking's own methods).
RANKINGS = sorted({hand.ranking for variant in CATALOG for hand in variant.hands}, key=lambda ranking: ranking.name)
_SOURCES = (HOLE, HOLE, HOLE, UP, BOARD, BOARD, "r1c2", "set1", TABLE, BREAKER, INSURED)
#: The qualifiers a ranking's hands may have, by its name.
_QUALIFIERS: dict[str, tuple[Qualifier | None, ...]] = {
    **dict.fromkeys(["HIGH", "HIGH-6PLUS", "HIGH-7PLUS"], (None, HighQualifier("three-of-a-kind"))),
    **dict.fromkeys(["LOW-A5", "LOW-27", "LOW-A6", "DOOGIE"], (None, LowQualifier(8)))}


def _one_by_one(spec: HandSpec, seats: Sequence[Spelt], layout: bool, choices: Choices | None = None,
                sequence: SequenceWilds | None = None) -> list[PlayedHand]:
    """:func:`spelled_hands` read seat by seat through the ranking's own methods, the cards placed kind by kind
    (:func:`_placed_kind_by_kind`)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(played, "_placements", _placed_kind_by_kind)
        return [spelled_by_ranking(spec, *seat, layout, choices, sequence) for seat in seats]


def _placed_kind_by_kind(seats: Sequence[tuple[Sequence[Slot], Sequence[int]]], kinds: Mapping[str, int]
                         ) -> list[tuple[list[Card], tuple[Card, ...], tuple[Card, ...], tuple[tuple[str, Card], ...],
                                         tuple[tuple[str, Card], ...]]]:
    """``_placements`` read naively: each seat's slots used, in order, and those of each kind picked out in turn."""
    found = []
    for seat in seats:
        used = [seat[0][i] for i in seat[1]]
        found.append(([card_of(s.card) for s in used],
                      tuple(card_of(s.card) for s in used if kinds[s.source] == _HOLE),
                      tuple(card_of(s.card) for s in used if kinds[s.source] == _UP),
                      tuple((s.label, card_of(s.card)) for s in used if kinds[s.source] == _BOARD),
                      tuple((s.label.rsplit(":", 1)[0], card_of(s.card)) for s in used if kinds[s.source] == _TABLE)))
    return found


def _seat(rng: random.Random, ranking: Ranking, width: int, doubled: bool) -> tuple[Spelt, list[int]] | None:
    """A random seat's slots (every kind of source), a row of ``width`` of them and its wild cards (deuces, jokers,
    random cards, none), scored as the search scores it; None where the row makes no hand."""
    pool = [*range(52), *range(52)] if doubled else list(range(52))
    if rng.random() < 0.3:  # one suit, so that wild cards can make a flush
        suit = rng.randrange(4)
        pool = [c for c in pool if c & 3 == suit]
    count = rng.randint(width, 9)
    cards = rng.sample(pool, count)
    for i in rng.sample(range(count), rng.randint(0, min(3, count))):
        cards[i] = JOKER_BASE + rng.randrange(2) if rng.random() < 0.4 else cards[i]
    wild = {frozenset(): 0.25, frozenset(range(4)): 0.25, frozenset({JOKER_BASE, JOKER_BASE + 1}): 0.25}
    chosen = rng.choices([*wild, frozenset(rng.sample(range(52), 8)) | {JOKER_BASE, JOKER_BASE + 1}],
                         weights=[*wild.values(), 0.25])[0]
    slots = []
    for i, card in enumerate(cards):
        source = rng.choice(_SOURCES)
        label = f"p{i % 3}:{i}" if source == TABLE else str(i)
        slots.append(Slot(source, label, card_of(card) if rng.random() < 0.9 else card))  # an int now and then
    row = sorted(rng.sample(range(count), width)) if rng.random() < 0.5 else rng.sample(range(count), width)
    chosen_cards = [slots[i].card for i in row]
    if any(c >= JOKER_BASE and c not in chosen for c in chosen_cards):
        return None  # a joker that is not wild has no rank: the search refuses it
    flags = np.array([[c in chosen for c in chosen_cards]])
    try:
        score = int(score_with_wilds(ranking, np.array([chosen_cards], dtype=np.int64), flags)[0])
    except (TypeError, ValueError):  # a ranking without a wild-card rule, or of other sizes
        return None
    if score == NO_HAND:
        return None
    group = rng.choice([None, "top", "column 2"])
    return (tuple(slots), row, score, group, frozenset(card_of(c) for c in chosen)), chosen_cards


@pytest.mark.parametrize("ranking", RANKINGS, ids=lambda ranking: ranking.name)
def test_a_searchs_hands_spelled_at_once_are_those_spelled_one_by_one(ranking: Ranking) -> None:
    """Random searches of a few seats: rows of every kind of slot (hole, up, board, positions, sets, other players',
    a Breaker's, an insured hand's; a card given as an int now and then), in any order, of five cards and short, of
    a doubled deck now and then (two copies of a card), with deuces, jokers or random cards wild, one suit often, a
    qualifier or none: every hand, field for field and type for type (``repr``), as the ranking's own methods read
    it."""
    rng = random.Random(f"spelled at once {ranking.name}")
    spelled = wild = 0
    for _ in range(samples(75, 300)):
        width = ranking.size if rng.random() < 0.85 else max(1, ranking.size - 1)
        doubled = rng.random() < 0.2
        seats = [found[0] for found in (_seat(rng, ranking, width, doubled) for _ in range(rng.randint(1, 4)))
                 if found is not None]
        spec = HandSpec(name=rng.choice(["high", "low"]), ranking=ranking, formation=CATALOG[0].hands[0].formation,
                        qualifier=rng.choice(_QUALIFIERS.get(ranking.name, (None,))))
        layout = rng.random() < 0.5
        assert repr(spelled_hands(spec, seats, layout)) == repr(_one_by_one(spec, seats, layout))
        spelled += len(seats)
        wild += sum(not seat[4].isdisjoint(seat[0][i].card for i in seat[1]) for seat in seats)
    assert spelled > samples(2, 10)  # and the wild cards are spelled, where the ranking has a rule
    assert wild > samples(5, 20) or not isinstance(ranking, TableRanking | FourCardLow)


def test_a_hand_repeating_a_card_is_arranged_by_the_ranking() -> None:
    """Five of a kind, a flush with a pair (a wild card of a natural card's suit and rank), two copies of a card: the
    cards as played repeat one, which the ranking arranges itself; the rest is read as for any hand."""
    ranking = next(r for r in RANKINGS if r.name == "HIGH")
    spec = HandSpec(name="high", ranking=ranking, formation=CATALOG[0].hands[0].formation)
    deuces = frozenset(card_of(c) for c in range(4))
    hands = {"As Ah Ad Ac 2c": deuces, "As Js 8s 5s 2c": deuces, "Ah Ah Kd 7c 2s": deuces, "Ah Ah Kd 7c 3s": deuces}
    for text, wild in hands.items():
        cards = [Card(name) for name in text.split()]
        slots = tuple(Slot(HOLE, str(i), card) for i, card in enumerate(cards))
        flags = np.array([[c in wild for c in cards]])
        score = int(score_with_wilds(ranking, np.array([cards], dtype=np.int64), flags)[0])
        seats = [(slots, list(range(5)), score, None, wild)]
        found = spelled_hands(spec, seats, False)
        assert repr(found) == repr(_one_by_one(spec, seats, False))
        assert len(set(found[0].cards)) < 5


def _straightforward(patch: pytest.MonkeyPatch) -> None:
    """The straightforward readings patched in: every seat spelled by the ranking's own methods, the cards placed
    kind by kind, each wild card that became a card in sight tried suit by suit."""
    patch.setattr(search, "spelled_hands", _one_by_one)
    patch.setattr(played, "spelled_hands", _one_by_one)
    patch.setattr(played, "_placements", _placed_kind_by_kind)
    patch.setattr(showdown, "prefer_unseen", _one_suit_at_a_time)


@pytest.mark.parametrize("variant", all_variants(), ids=lambda v: v.id)
def test_every_variants_answers_are_those_of_the_straightforward_spelling(variant: Variant,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """On the variant's seeded deals, the general engine's answer (the lean path for plain games switched off), to
    the type of every card (``repr``), equals the answer with every seat spelled out by the ranking's own methods and
    every wild card's unseen substitute tried suit by suit."""
    calls = seeded_calls(variant)
    assert calls
    monkeypatch.setattr(showdown, "adjudicate_plain", lambda *args: None)
    for call in calls:
        fast = repr(answer(call))
        with monkeypatch.context() as patch:
            _straightforward(patch)
            assert repr(answer(call)) == fast, call.deal


@pytest.mark.parametrize("variant", [v for v in all_variants() if v.options], ids=lambda v: v.id)
def test_every_options_answers_are_those_of_the_straightforward_spelling(variant: Variant,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The options' own hands (other rankings, qualifiers, wild cards) too: the variant's seeded deals under each
    value of each of its options, answered alike to the type of every card."""
    monkeypatch.setattr(showdown, "adjudicate_plain", lambda *args: None)
    for call in _calls(variant):
        fast = repr(answer(call))
        with monkeypatch.context() as patch:
            _straightforward(patch)
            assert repr(answer(call)) == fast, (call.options, call.deal)
