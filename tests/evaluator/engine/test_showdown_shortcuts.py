"""The shortcuts on the showdown's hot path answer exactly as the general code next to them.

- ``check_deal`` spells out a pointer for every card only when some card is out of the deck or placed twice:
  :func:`_cards_fine` must be true exactly when :func:`_card_problems` finds nothing.
- ``candidates`` on a flat board takes its runs of sources from a cache (:func:`_flat_layout`): the combinations
  must be the same rows, in the same order, as built from :func:`_ordered`, and the count the same.
- among tied combinations, :func:`canonical` compares card sets as bits: the same choice as comparing their cards
  highest first; :func:`best_rows` makes that choice for every seat in one numpy pass.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evaluator.catalog import variant_named
from evaluator.engine.search import best_rows
from evaluator.engine.validation import _card_problems, _cards_fine
from evaluator.formation import (
    ANY,
    BOARD,
    HOLE,
    OWN,
    UP,
    Candidates,
    Count,
    Formation,
    Pick,
    Slot,
    _ordered,
    _pattern,
    _pattern_size,
    candidates,
    count_candidates,
)
from evaluator.hands.played import canonical, played_hand, spelled_hand
from evaluator.rankings import NO_HAND
from evaluator.values.cards import Card
from evaluator.values.deal import Deal, PlayerHand, Seat
from tests.samples import samples

pytestmark = pytest.mark.slow  # property samples reduced in make test, in full under make stress

VARIANTS = [variant_named(v) for v in ("texas-holdem", "short-deck-holdem", "joker-twist", "manila")]
# cards 0..51, jokers from 52: a few past every deck, so some are out of it; a small pool makes duplicates likely
cards = st.integers(min_value=0, max_value=56).map(Card)


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    seats = tuple(
        Seat(id=f"p{i}", hole=tuple(draw(st.lists(cards, max_size=4))), up=tuple(draw(st.lists(cards, max_size=2))),
             hands=tuple(PlayerHand(hole=tuple(draw(st.lists(cards, max_size=2))))
                         for _ in range(draw(st.integers(0, 2)))))
        for i in range(draw(st.integers(1, 4))))
    return Deal(seats=seats, board=tuple(draw(st.lists(cards, max_size=5))), pot=10)


@settings(max_examples=samples(100, 400))
@given(deal=deals(), which=st.integers(0, len(VARIANTS) - 1))
def test_the_card_check_shortcut_agrees_with_the_pointer_walk(deal: Deal, which: int) -> None:
    variant = VARIANTS[which]
    assert _cards_fine(variant, deal) == (not _card_problems(variant, deal))


def test_a_valid_deal_takes_the_shortcut() -> None:
    deal = Deal(seats=(Seat(id="a", hole=(Card(0), Card(1))), Seat(id="b", hole=(Card(2), Card(3)))),
                board=tuple(Card(c) for c in range(4, 9)), pot=10)
    assert _cards_fine(VARIANTS[0], deal)
    assert not _cards_fine(VARIANTS[1], deal)  # deuces are not in the short deck


def _old_flat(formation: Formation, size: int, own: list[Slot], board: list[Slot]) -> np.ndarray:
    """The flat-board enumeration as it was before the layout cache."""
    slots = (*own, *board)
    ordered = _ordered(slots)
    shape = tuple((src, len(run)) for src, run in ordered)
    pattern = _pattern(formation.picks, size, shape)
    flat = np.fromiter((i for _, run in ordered for i in run), dtype=np.int64, count=len(slots))
    return flat[pattern] if len(pattern) else np.empty((0, size), dtype=np.int64)


FORMATIONS = [
    ANY,
    Formation(picks=(Pick(limits={HOLE: Count.exactly(2), BOARD: Count.exactly(3)}),)),
    Formation(picks=(Pick(limits={OWN: Count.at_least(1)}), Pick(limits={HOLE: Count.at_most(1)}))),
    Formation(picks=(Pick(limits={"hole+up": Count.between(1, 3)}),)),
]


@settings(max_examples=samples(75, 300))
@given(sources=st.lists(st.sampled_from([HOLE, UP, "set1", "set2"]), max_size=7),
       board=st.integers(0, 5), size=st.integers(1, 5), which=st.integers(0, len(FORMATIONS) - 1))
def test_flat_candidates_equal_the_ordered_enumeration(sources: list[str], board: int, size: int,
                                                        which: int) -> None:
    formation = FORMATIONS[which]
    own = [Slot(src, str(i), i) for i, src in enumerate(sources)]
    flat_board = [Slot(BOARD, str(i), 20 + i) for i in range(board)]
    found = candidates(formation, size, own, flat_board)
    expected = _old_flat(formation, size, own, flat_board)
    assert found.combos.shape == expected.shape and np.array_equal(found.combos, expected)
    ordered = _ordered((*own, *flat_board))
    assert count_candidates(formation, size, own, flat_board) == _pattern_size(
        formation.picks, size, tuple((src, len(run)) for src, run in ordered))


def test_a_pick_hashes_as_its_limits() -> None:
    a = Pick(limits={HOLE: Count.exactly(2), BOARD: Count.exactly(3)})
    b = Pick(limits={BOARD: Count.exactly(3), HOLE: Count.exactly(2)})
    assert a == b and hash(a) == hash(b) == hash(tuple(sorted(a.limits.items())))


@settings(max_examples=samples(75, 300), deadline=None)  # the first example enumerates its shapes
@given(seed=st.integers(0, 2**32 - 1), holes=st.lists(st.integers(0, 4), min_size=1, max_size=6),
       spread=st.integers(1, 30), doubled=st.booleans())
def test_each_seats_best_row_found_in_one_pass_is_the_one_played_hand_chooses(seed: int, holes: list[int],
                                                                               spread: int, doubled: bool) -> None:
    """:func:`best_rows` over seats with different numbers of combinations (none too), scores that tie often (with
    ``doubled``, the lowest bit is the natural flag), some seats with no hand at all (every row ``NO_HAND``): each
    seat's row is the one ``played_hand`` chooses alone, or one of its best rows where it reads no hand."""
    rng = np.random.default_rng(seed)
    spec = variant_named("texas-holdem").hands[0]
    found = []
    for hole in holes:
        deck = rng.permutation(52)[:hole + 3].tolist()
        own = [Slot(HOLE, str(i), c) for i, c in enumerate(deck[:hole])]
        found.append(candidates(ANY, 5, own, [Slot(BOARD, str(i), c) for i, c in enumerate(deck[hole:])]))
    counts = [len(c.combos) for c in found]
    hopeless = np.repeat(rng.random(len(counts)) < 0.3, counts)
    scores = np.where(hopeless, NO_HAND, rng.integers(3000, 3000 + spread, sum(counts))) * (2 if doubled else 1) + (
        rng.integers(0, 2, sum(counts)) if doubled else 0)
    cards = np.concatenate([c.cards() for c in found])
    bests = best_rows(scores, cards, counts)
    start = 0
    for cands, best in zip(found, bests, strict=True):
        mine = scores[start:start + len(cands.combos)]
        alone = played_hand(spec, cands, mine, doubled=doubled)
        if best < 0:
            assert not len(mine) and alone.score is None
        elif scores[best] < 0:
            assert scores[best] == mine.max() and alone.score is None and alone.reason == "no high hand"
        else:
            row = cands.combos[best - start].tolist()
            assert alone == spelled_hand(spec, cands.slots, row, int(scores[best]) >> doubled, None, frozenset(),
                                         False)
        start += len(cands.combos)


@settings(max_examples=samples(75, 300))
@given(cards=st.lists(st.integers(0, 59), min_size=5, max_size=9, unique=True), data=st.data())
def test_the_canonical_combination_by_card_bits_is_the_highest_cards_first(cards: list[int],
                                                                           data: st.DataObject) -> None:
    """Among tied combinations, the one whose cards, highest first, are highest: compared as card sets in bits."""
    slots = tuple(Slot(HOLE, str(i), c) for i, c in enumerate(cards))
    combos = np.array(list(combinations(range(len(cards)), 5)), dtype=np.int64)
    cands = Candidates(slots=slots, combos=combos, groups=(None,), group_of=np.zeros(len(combos), np.int64))
    tied = np.array(sorted(data.draw(st.sets(st.integers(0, len(combos) - 1), min_size=1))), dtype=np.intp)
    highest = max(tied.tolist(), key=lambda i: sorted((cards[j] for j in combos[i]), reverse=True))
    assert canonical(cands, tied) == highest
