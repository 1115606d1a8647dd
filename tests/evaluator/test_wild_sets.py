"""Seven and What Makes It (reference ``seven-and-what-makes-it``): sets of cards adding up to 7 are wild.

Reference: "Any single card of value 7, or any set of cards whose values add up to exactly 7 (A = 1, 2-7 at face
value), is wild. Each card may belong to only one set, so 4-3-3-2 gives one wild set (4+3), not two. The API must
choose the disjoint sets that give the best hand. Five of a kind exists; five aces is the best hand. [ASSUMPTION]:
8s, 9s, 10s and courts can never belong to a set." Reading (the variant's notes): a set of several cards is one wild
card, filling one place of the five.

The search of :mod:`evaluator.wild_sets` is checked against an oracle written from those words: it splits the
player's A-6 cards every possible way into natural cards and disjoint sets worth 7 (a recursion on the first card
left, independent of the library's subset enumeration), makes every hand of five units, and resolves each wild unit
by *substituting real cards* (``tests.evaluator.wild_brute``), scoring the hands as played with the natural evaluator.
Then one test per rule.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace
from itertools import combinations

import numpy as np
import pytest

from evaluator.cards import Card, parse_cards
from evaluator.catalog import variant_named
from evaluator.deal import Deal, Seat
from evaluator.formation import Slot
from evaluator.rankings import HIGH
from evaluator.showdown import PlayedHand, _board_slots, adjudicate, best_hands
from evaluator.wild_rules import FixedRanks
from evaluator.wild_sets import WildSets, best_set_hands, unit_hands
from tests.evaluator.wild_brute import Mode, brute_best_unique, played_scores

GAME = variant_named("seven-and-what-makes-it")
SPEC = GAME.hand("high")
RULE = WildSets()


def _value(card: int) -> int | None:
    """The reference's values: A = 1, 2-7 at face value; 8s and up none (they never join a set)."""
    rank = card >> 2
    if rank == 12:
        return 1
    return rank + 2 if rank <= 5 else None


# --- the oracle -----------------------------------------------------------------------------------------------


def _splits(low: Sequence[int]) -> Iterator[tuple[list[int], list[tuple[int, ...]]]]:
    """Every way to split ``low`` (cards worth 1 to 6) into natural cards and disjoint sets worth exactly 7: the
    first card left either stays natural or starts a set with some of the cards after it."""
    if not low:
        yield [], []
        return
    first, rest = low[0], list(low[1:])
    for naturals, sets in _splits(rest):
        yield [first, *naturals], sets
    need = 7 - (_value(first) or 0)
    for k in range(1, len(rest) + 1):
        for others in combinations(range(len(rest)), k):
            if sum(_value(rest[i]) or 0 for i in others) != need:
                continue
            left = [c for i, c in enumerate(rest) if i not in others]
            for naturals, sets in _splits(left):
                yield naturals, [(first, *(rest[i] for i in others)), *sets]


def _oracle_scores(hands: Sequence[Sequence[int]], exhaustive_upto: int) -> list[int]:
    """Each 7-card hand's best score: every split into sets, every five of the units, every substitution of the
    wild units (all multisets of cards for up to ``exhaustive_upto`` wild units; ranks times the two suit patterns
    that can matter beyond that, see ``wild_brute``)."""
    rows: dict[int, list[tuple[int, ...]]] = {}
    owner: dict[int, list[int]] = {}
    for h, cards in enumerate(hands):
        sevens = [c for c in cards if _value(c) == 7]
        low = [c for c in cards if (_value(c) or 7) < 7]
        high = [c for c in cards if _value(c) is None]
        for naturals, sets in _splits(low):
            units = [*high, *naturals] + [None] * (len(sets) + len(sevens))
            for five in combinations(range(len(units)), 5):
                natural = tuple(sorted(u for i in five if (u := units[i]) is not None))
                k = 5 - len(natural)
                rows.setdefault(k, []).append(natural)
                owner.setdefault(k, []).append(h)
    best = [-1] * len(hands)
    for k, listed in rows.items():
        mode: Mode = "card-multisets" if k <= exhaustive_upto else "reduced"
        natural_rows = np.array(listed, dtype=np.int64).reshape(len(listed), 5 - k)
        scores = brute_best_unique(HIGH, natural_rows, k, mode, seed=k)
        for h, score in zip(owner[k], scores.tolist(), strict=True):
            best[h] = max(best[h], score)
    return best


def _random_hands(n: int, seed: int) -> list[tuple[Card, ...]]:
    """Seven distinct cards each, dealt with the A-7 cards weighted up (by 1, 3 or 8) so sets are common."""
    rng = np.random.default_rng(seed)
    low = np.array([_value(c) is not None for c in range(52)])
    hands = []
    for _ in range(n):
        weight = np.where(low, rng.choice([1.0, 3.0, 8.0]), 1.0)
        hands.append(tuple(Card(int(c)) for c in rng.choice(52, size=7, replace=False, p=weight / weight.sum())))
    return hands


def _seats(hands: Sequence[Sequence[Card]]) -> list[Seat]:
    return [Seat(id=f"p{i}", hole=tuple(cards[:3]), up=tuple(cards[3:])) for i, cards in enumerate(hands)]


def _fast(hands: Sequence[Sequence[Card]]) -> list[PlayedHand]:
    """The library's answer for each hand, all scored in one call, through the showdown's own entry point."""
    seats = _seats(hands)
    deal = Deal(seats=tuple(seats), pot=0)
    return best_hands(SPEC, seats, _board_slots(deal, GAME), GAME, deal)


_GROUP = re.compile(r"^(?P<cards>[2-9TJQKA][cdhs](?:\+[2-9TJQKA][cdhs])*) as (?P<became>[2-9TJQKA][cdhs])$")


def _check_spelled_out(cards: Sequence[Card], played: PlayedHand) -> None:
    """The answer shows its work: the hand as played scores exactly the score; every wild unit (a 7, or a set worth
    7 whose cards all map to one card) appears in the description and in ``wilds``; ``hole`` and ``up`` hold exactly
    the natural cards played and the wild units' cards."""
    assert played.score is not None
    assert int(played_scores(HIGH, np.array([played.cards], dtype=np.int64))[0]) == played.score
    used = [*played.hole, *played.up]
    assert set(used) <= set(cards) and len(set(used)) == len(used)
    wild_cards = [w for w, _ in played.wilds]
    naturals = [c for c in used if c not in wild_cards]
    groups = []
    match = re.search(r" \(([^()]*)\)$", played.description or "")
    if played.wilds:
        assert match is not None, played.description
        for text in match.group(1).split(", "):
            found = _GROUP.match(text)
            assert found is not None, played.description
            group = parse_cards(found["cards"].split("+"))
            became = Card(found["became"])
            assert (len(group) == 1 and _value(group[0]) == 7) or sum(_value(c) or 99 for c in group) == 7
            groups.append((group, became))
    else:
        assert played.natural and " as " not in (played.description or "")
    assert [(c, b) for group, b in groups for c in group] == list(played.wilds)
    assert sorted(wild_cards) == sorted(set(wild_cards)) and set(wild_cards) <= set(used)
    assert len(naturals) + len(groups) == 5
    assert Counter(played.cards) == Counter(naturals) + Counter(b for _, b in groups)


@pytest.mark.parametrize(("hands", "seed", "exhaustive_upto"), [(3000, 7, 1), (300, 8, 2)])
def test_the_search_agrees_with_every_split_into_sets_and_every_substitution(hands: int, seed: int,
                                                                              exhaustive_upto: int) -> None:
    dealt = _random_hands(hands, seed)
    expected = _oracle_scores(dealt, exhaustive_upto)
    found = _fast(dealt)
    wrong = [(cards, p.description, p.score, e) for cards, p, e in zip(dealt, found, expected, strict=True)
             if p.score != e]
    assert not wrong, wrong[:5]
    for cards, played in zip(dealt, found, strict=True):
        _check_spelled_out(cards, played)
    natural = HIGH.evaluate_many(np.array([list(c) for c in dealt], dtype=np.int64)[:, list(combinations(range(7), 5))]
                                 .reshape(-1, 5)).reshape(len(dealt), -1).max(axis=1)
    assert all(p.score is not None and p.score >= n for p, n in zip(found, natural.tolist(), strict=True))
    assert sum(bool(p.wilds) for p in found) > len(found) // 2  # the sample really is about wild sets


def test_the_answer_does_not_depend_on_the_order_the_cards_were_sent_in() -> None:
    dealt = _random_hands(300, 9)
    rng = np.random.default_rng(9)
    shuffled = [tuple(cards[i] for i in rng.permutation(7)) for cards in dealt]
    for a, b in zip(_fast(dealt), _fast(shuffled), strict=True):
        assert (a.score, sorted(a.cards), sorted(a.wilds), a.description) == (
            b.score, sorted(b.cards), sorted(b.wilds), b.description)


# --- the rules, one test each ---------------------------------------------------------------------------------


def _best(cards: str, board: str = "") -> PlayedHand:
    own = parse_cards(cards)  # the last four are the face-up cards
    seat = Seat(id="ann", hole=own[:-4], up=own[-4:])
    deal = Deal(seats=(seat,), board=parse_cards(board) if board else (), pot=0)
    return best_hands(SPEC, [seat], _board_slots(deal, GAME), GAME, deal)[0]


def test_a_four_and_a_three_are_one_wild_card_that_improves_the_hand() -> None:
    played = _best("Kc 4d Ks Kh 3c 9s 8d")
    assert played.category == "four-of-a-kind"
    assert played.description == "Four kings, nine kicker (4d+3c as Kd)"
    assert played.wilds == ((Card("4d"), Card("Kd")), (Card("3c"), Card("Kd")))
    assert set(played.hole) | set(played.up) == set(parse_cards("Kc 4d Ks Kh 3c 9s"))


def test_four_three_three_two_gives_one_wild_set_not_two() -> None:
    played = _best("4c 3d Kc 3h 2s Kd 9h")
    assert played.category == "three-of-a-kind"  # two wild cards would be four kings
    assert [str(w) for w, _ in played.wilds] == ["4c", "3d"]  # the 3 of hearts plays: the higher natural card
    assert Card("3h") in played.cards


def test_of_two_sets_sharing_a_card_the_one_making_the_better_hand_is_chosen() -> None:
    played = _best("Ah 2c 4c 6c Kc Qc 9d")  # A+6 and A+2+4 share the ace
    assert played.category == "flush"
    assert sorted(played.cards) == sorted(parse_cards("Ac Kc Qc 4c 2c"))
    assert played.description == "Flush, ace high (A-K-Q-4-2) (6c+Ah as Ac)"


def test_no_set_is_formed_when_the_natural_cards_are_worth_more() -> None:
    played = _best("2h 3h Kc 4h 5h 6h Qd")  # 2+5 and 3+4 would each break the straight flush
    assert played.category == "straight-flush" and played.natural and played.wilds == ()
    assert played.description == "Straight flush, six high"


def test_five_aces_is_the_best_hand_and_beats_a_royal_flush() -> None:
    played = _best("As Ad 7c 7h 4c 3d 9s")
    assert played.category == "five-of-a-kind" and played.strength == (10, 14)
    assert sorted(str(w) for w, _ in played.wilds) == ["3d", "4c", "7c", "7h"]
    assert {a for _, a in played.wilds} <= set(parse_cards("As Ah Ad Ac"))
    deal = Deal(seats=(Seat(id="ann", hole=parse_cards("As Ad 7c"), up=parse_cards("7h 4c 3d 9s")),
                       Seat(id="bob", hole=parse_cards("Tc Jc Qc"), up=parse_cards("Kc Ac 8d 8h"))), pot=100)
    assert adjudicate(GAME, deal).payouts == {"ann": 100, "bob": 0}


def test_eights_and_up_never_belong_to_a_set() -> None:
    assert [RULE.value(c) for c in parse_cards("Ac 2c 6c 7c 8c 9c Tc Jc Qc Kc")] == [
        1, 2, 6, 7, None, None, None, None, None, None]
    assert RULE.sets_among(parse_cards("8c 9d Kc Kd Ks Jh 2c")) == []
    played = _best("8c 9d Kc Kd Ks Jh 2c")
    assert played.category == "three-of-a-kind" and played.natural


def test_a_seven_is_wild_by_itself_and_a_set_of_three_is_one_wild_card() -> None:
    assert _best("7d Qs Qh Qd Jc 9c 8h").description == "Four queens, jack kicker (7d as Qc)"
    played = _best("Ac 2d 4h Qs Qh Qd Jc")
    assert played.description == "Four queens, jack kicker (4h+2d+Ac as Qc)"
    assert played.wilds == tuple((c, Card("Qc")) for c in parse_cards("4h 2d Ac"))


def test_two_disjoint_sets_are_two_wild_cards() -> None:
    played = _best("Kc 2d 5s Kd Ks Ah 6c")
    assert played.category == "five-of-a-kind"
    assert sorted(str(w) for w, _ in played.wilds) == ["2d", "5s", "6c", "Ah"]


def test_equal_hands_spend_the_fewest_cards_on_wild_cards() -> None:
    # A K Q J + any wild card is a straight: the 7 (one card) is spent, not 4+3 (two); 4 and 3 stay unused.
    played = _best("Ac Kd Qh Js 7c 4d 3h")
    assert played.category == "straight"
    assert [str(w) for w, _ in played.wilds] == ["7c"]
    assert Card("4d") not in played.hole + played.up
    # A natural hand before the same hand made with a wild card.
    natural = _best("Ac Kd Qh Js Tc 4d 3h")
    assert natural.category == "straight" and natural.natural


def test_the_shared_seventh_card_can_join_a_set_and_is_reported_as_board() -> None:
    played = _best("4d Kc Kd Ks 9h 8h", board="3c")
    assert played.category == "four-of-a-kind"
    assert played.board == (("0", Card("3c")),)
    assert [str(w) for w, _ in played.wilds] == ["4d", "3c"]


def test_the_odd_chip_goes_by_the_highest_card_of_the_hands_as_played() -> None:
    deal = Deal(seats=(Seat(id="ann", hole=parse_cards("Kc Kd 4c"), up=parse_cards("3d As Jc 9d")),
                       Seat(id="bob", hole=parse_cards("Kh Ks 5h"), up=parse_cards("2d Ah Js 9h"))), pot=101)
    result = adjudicate(GAME, deal)
    assert result.payouts == {"ann": 51, "bob": 50}


def test_cards_another_rule_makes_wild_play_alone_and_never_join_a_set() -> None:
    game = replace(GAME, wilds=(RULE, FixedRanks(ranks=(0,))))  # deuces wild too
    seat = Seat(id="ann", hole=parse_cards("2c 5d Kc"), up=parse_cards("Kd Ks Qh 9d"))
    deal = Deal(seats=(seat,), pot=0)
    played = best_hands(game.hand("high"), [seat], (), game, deal)[0]
    assert played.wilds == ((Card("2c"), Card("Kh")),)  # not 2c+5d: the deuce is a wild card on its own


def test_unit_hands_list_every_hand_of_five_units_once() -> None:
    slots = [Slot("hole", str(i), c) for i, c in enumerate(parse_cards("4c 3d 3h 2s Kc Kd 9h"))]
    hands = unit_hands(RULE, slots, frozenset(), 5)
    keys = [frozenset((u.wild, tuple(s.card for s in u.slots)) for u in hand) for hand in hands]
    assert len(keys) == len(set(keys))
    # no set: C(7, 5); 4c+3d or 4c+3h with four of the five cards left: 2 * C(5, 4).
    assert len(hands) == 21 + 2 * 5
    assert best_set_hands(HIGH, RULE, [([], frozenset())]) == [None]
