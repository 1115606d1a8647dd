"""Seven and What Makes It (reference ``seven-and-what-makes-it``): sets of cards adding up to 7 are wild.

Reference: "Any single card of value 7, or any set of cards whose values add up to exactly 7 (A = 1, 2-7 at face
value), is wild, and every card of such a set is a wild card of its own: "3 and 4 down, and a 7 up: 3+4 = 7, and
7 = 7, so you have 3 wilds"; "Ace, 3 down and a 2, Ace up: 1+3+1+2 = 7, so all four cards are wild". Each card may
belong to only one set, so 4-3-3-2 gives one set (4+3): "only the 4 and one 3 can be wild", two wild cards, not four.
The API must choose the disjoint sets that give the best hand. Five of a kind exists; five aces is the best hand.
[ASSUMPTION]: 8s, 9s, 10s and courts can never belong to a set."

The search of :mod:`evaluator.wilds.sets` is checked against an oracle written from those words: it splits the
player's A-6 cards every possible way into natural cards and disjoint sets worth 7 (a recursion on the first card
left, independent of the library's subset enumeration), makes every five of the cards (each card of a set and each
7 a wild card), and resolves the wild cards by *substituting real cards* (``tests.evaluator.wild_brute``), scoring
the hands as played with the natural evaluator. Then one test per rule.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace
from itertools import combinations

import numpy as np
import pytest

from evaluator.catalog import variant_named
from evaluator.engine.search import best_hands
from evaluator.engine.showdown import adjudicate
from evaluator.engine.slots import board_slots
from evaluator.formation import Slot
from evaluator.rankings import HIGH, NO_HAND
from evaluator.results import PlayedHand
from evaluator.values.cards import JOKER_BASE, MAX_JOKERS, Card, parse_cards
from evaluator.values.deal import Deal, Seat
from evaluator.wilds import sets as sets_module
from evaluator.wilds.rules import FixedRanks
from evaluator.wilds.sets import WildSets, best_set_hands, set_hands
from tests.evaluator.wild_brute import Mode, brute_best_unique, played_scores
from tests.samples import samples

pytestmark = pytest.mark.slow  # random samples reduced in make test, in full under make stress

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
    """Each 7-card hand's best score: every split into sets, every five of the cards (every card of a set and every 7
    wild), every substitution of the wild cards (all multisets of cards for up to ``exhaustive_upto`` wild cards;
    ranks times the two suit patterns that can matter beyond that, see ``wild_brute``)."""
    rows: dict[int, list[tuple[int, ...]]] = {}
    owner: dict[int, list[int]] = {}
    for h, cards in enumerate(hands):
        sevens = [c for c in cards if _value(c) == 7]
        low = [c for c in cards if (_value(c) or 7) < 7]
        high = [c for c in cards if _value(c) is None]
        for naturals, sets in _splits(low):
            units = [*high, *naturals] + [None] * (sum(map(len, sets)) + len(sevens))
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
    """The library's answer for each hand, scored a table of 8 players at a time (the request limit holds for a real
    table), through the showdown's own entry point."""
    found: list[PlayedHand] = []
    for start in range(0, len(hands), 8):
        seats = _seats(hands[start:start + 8])
        deal = Deal(seats=tuple(seats), pot=0)
        found += best_hands(SPEC, seats, board_slots(deal, GAME), GAME, deal)
    return found


_CARD = "[2-9TJQKA][cdhs]"
_SUBSTITUTION = re.compile(rf"^(?P<card>{_CARD}) as (?P<became>{_CARD})$")
_SETS = re.compile(rf"^(?P<sets>{_CARD}(?:\+{_CARD})+(?:, {_CARD}(?:\+{_CARD})+)*) = 7$")


def _check_spelled_out(cards: Sequence[Card], played: PlayedHand) -> None:
    """The answer shows its work: the hand as played scores exactly the score; every wild card played (a 7, or a
    card of a set worth 7) appears in the description and in ``wilds``, and the sets formed are named, disjoint,
    each worth 7 and each with a card played; ``hole`` and ``up`` hold exactly the five cards played."""
    assert played.score is not None
    assert int(played_scores(HIGH, np.array([played.cards], dtype=np.int64))[0]) == played.score
    used = [*played.hole, *played.up]
    assert set(used) <= set(cards) and len(set(used)) == len(used) == 5
    wild_cards = [w for w, _ in played.wilds]
    naturals = [c for c in used if c not in wild_cards]
    match = re.search(r" \(([^()]*)\)$", played.description or "")
    if not played.wilds:
        assert played.natural and " as " not in (played.description or "")
        return
    assert match is not None, played.description
    substitutions, _, named = match.group(1).partition("; ")
    listed = []
    for text in substitutions.split(", "):
        found = _SUBSTITUTION.match(text)
        assert found is not None, played.description
        listed.append((Card(found["card"]), Card(found["became"])))
    assert listed == list(played.wilds)
    sets = []
    if named:
        found = _SETS.match(named)
        assert found is not None, played.description
        sets = [parse_cards(group.split("+")) for group in found["sets"].split(", ")]
    in_sets = [c for group in sets for c in group]
    assert len(in_sets) == len(set(in_sets)) and set(in_sets) <= set(cards)
    assert all(sum(_value(c) or 99 for c in group) == 7 and set(group) & set(used) for group in sets)
    assert all(_value(w) == 7 or w in in_sets for w in wild_cards)
    assert sorted(wild_cards) == sorted(set(wild_cards)) and set(wild_cards) <= set(used)
    assert set(in_sets) & set(used) <= set(wild_cards)
    assert Counter(played.cards) == Counter(naturals) + Counter(b for _, b in played.wilds)


@pytest.mark.slow  # a third of the hands in the normal suite, all under SHOWDOWN_DEEP=1 (make stress)
@pytest.mark.parametrize(("hands", "seed", "exhaustive_upto"), [(samples(1000, 3000), 7, 1), (samples(100, 300), 8, 2)])
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
    return best_hands(SPEC, [seat], board_slots(deal, GAME), GAME, deal)[0]


def test_every_card_of_a_set_is_a_wild_card_of_its_own() -> None:
    # The reference: "3 and 4 down, and a 7 up: 3+4 = 7, and 7 = 7, so you have 3 wilds".
    played = _best("3c 4d Kc Kh 7s 9s 8d")
    assert played.category == "five-of-a-kind"
    assert sorted(str(w) for w, _ in played.wilds) == ["3c", "4d", "7s"]
    assert played.description == "Five kings (3c as Ks, 4d as Kd, 7s as Kd; 4d+3c = 7)"
    # "Ace, 3 down and a 2, Ace up: 1+3+1+2 = 7, so all four cards are wild".
    played = _best("Ad 3c Ks Kh 2c Ah 9d")
    assert played.category == "five-of-a-kind"  # two kings and three of the four wild cards: five kings
    assert (played.description or "").endswith("; 3c+2c+Ah+Ad = 7)")
    assert len(played.wilds) == 3


def test_four_three_three_two_gives_one_set_two_wild_cards_not_four() -> None:
    played = _best("4c 3d Kc 3h 2s Kd 9h")
    assert played.category == "four-of-a-kind"  # four wild cards would be five kings
    assert played.description == "Four kings, nine kicker (3h as Ks, 4c as Kh; 4c+3h = 7)"
    assert [str(c) for c in played.cards] == ["Ks", "Kh", "Kd", "Kc", "9h"]


def test_of_two_sets_sharing_a_card_the_one_making_the_better_hand_is_chosen() -> None:
    played = _best("Ah 2c 4c 6c Kc Qc 9d")  # A+6 and A+2+4 share the ace
    assert played.category == "straight-flush"  # A+2+4: three wild cards with Kc Qc; A+6 gives two
    assert sorted(played.cards) == sorted(parse_cards("Ac Kc Qc Jc Tc"))
    assert played.description == "Royal flush (2c as Tc, 4c as Jc, Ah as Ac; 4c+2c+Ah = 7)"


def test_a_cards_left_out_of_the_five_are_still_wild_when_its_set_is_formed() -> None:
    # 4+3 and A+A+2+3 are six wild cards: five of them play, five aces, a card of a set left out.
    played = _best("4c 3d Ac Ad 2s 3h 9h")
    assert played.category == "five-of-a-kind" and played.strength == (10, 14)
    assert len(played.wilds) == 5


def test_five_aces_is_the_best_hand_and_beats_a_royal_flush() -> None:
    played = _best("As Ad 7c 7h 4c 3d 9s")
    assert played.category == "five-of-a-kind" and played.strength == (10, 14)
    assert sorted(str(w) for w, _ in played.wilds) == ["3d", "4c", "7h"]  # a whole set before a set's card alone
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


def test_a_seven_is_wild_by_itself_and_a_set_of_three_is_three_wild_cards() -> None:
    assert _best("7d Qs Qh Qd Jc 9c 8h").description == "Four queens, jack kicker (7d as Qc)"
    played = _best("Ac 2d 4h Qs Qh Qd Jc")
    assert played.category == "five-of-a-kind"  # three queens and two of the three wild cards
    assert (played.description or "").endswith("; 4h+2d+Ac = 7)") and len(played.wilds) == 2


def test_two_disjoint_sets_are_four_wild_cards() -> None:
    played = _best("Kc 2d 5s Qd Js Ah 6c")  # four wild cards and a king: five kings (one set: a straight)
    assert played.category == "five-of-a-kind" and played.strength == (10, 13)
    assert sorted(str(w) for w, _ in played.wilds) == ["2d", "5s", "6c", "Ah"]


def test_equal_hands_spend_the_fewest_wild_cards() -> None:
    # A K Q J of spades + any wild card is a royal flush, and three wild cards make no more: the 7 is spent, not
    # the 4 or the 3, which stay unused.
    played = _best("As Ks Qs Js 7c 4d 3h")
    assert played.category == "straight-flush"
    assert [str(w) for w, _ in played.wilds] == ["7c"]
    assert Card("4d") not in played.hole + played.up
    # A natural hand before the same hand made with a wild card.
    natural = _best("As Ks Qs Js Ts 4d 3h")
    assert natural.category == "straight-flush" and natural.natural


def test_the_shared_seventh_card_can_join_a_set_and_is_reported_as_board() -> None:
    played = _best("4d Kc Kd Ks 9h 8h", board="3c")
    assert played.category == "five-of-a-kind"
    assert played.board == (("0", Card("3c")),)
    assert sorted(str(w) for w, _ in played.wilds) == ["3c", "4d"]


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
    assert played.category == "four-of-a-kind"


def test_set_hands_list_each_hand_once_per_collection_of_sets_it_touches() -> None:
    slots = [Slot("hole", str(i), c) for i, c in enumerate(parse_cards("4c 3d 3h 2s Kc Kd 9h"))]
    hands = set_hands(RULE, slots, frozenset(), 5)
    keys = [(hand.slots, hand.sets) for hand in hands]
    assert len(keys) == len(set(keys))
    # no set: C(7, 5); 4c+3d (or 4c+3h): every five holding the 4c or the 3: C(7, 5) - C(5, 5), twice.
    assert len(hands) == 21 + 2 * (21 - 1)
    assert all(hand.wild == tuple(i in {j for g in hand.sets for j in g} for i in hand.slots) for hand in hands)
    assert best_set_hands(HIGH, RULE, [([], frozenset())]) == [None]


def _listed_one_by_one(rule: WildSets, slots: Sequence[Slot], wild: frozenset[Card], size: int
                       ) -> list[sets_module.SetChoice]:
    """``set_hands`` as it read before its choices of five were kept (verbatim but for the module's names): the
    reference its faster reading must list exactly, in the same order."""
    free = [i for i, s in enumerate(slots) if s.card not in wild]

    def order(i: int) -> tuple[int, int]:
        return -(rule.value(slots[i].card) or 0), -(slots[i].card & 3)

    sets = [tuple(sorted((free[j] for j in group), key=order))
            for group in rule.sets_among([slots[i].card for i in free])]
    alone = {i for i, s in enumerate(slots) if s.card in wild}
    hands: list[sets_module.SetChoice] = []
    for chosen in sets_module._disjoint(sets):
        in_sets = {i for group in chosen for i in group}
        for five in combinations(range(len(slots)), size):
            played = set(five)
            if all(not played.isdisjoint(group) for group in chosen):
                hands.append(sets_module.SetChoice(five, tuple(i in alone or i in in_sets for i in five), chosen))
    return hands


def _seeded_slots(rng: np.random.Generator) -> list[Slot]:
    """5 to 9 usable cards, most often of the aces to sevens alone (many sets)."""
    count = int(rng.integers(5, 10))
    low = rng.permutation(28)[:count] if rng.random() < 0.7 else rng.permutation(52)[:count]
    return [Slot("hole", str(i), Card(int(c))) for i, c in enumerate(low.tolist())]


def test_the_hands_listed_are_those_listed_one_by_one() -> None:
    """Seeded hands of 5 to 9 usable cards, low cards often (many sets), some wild by themselves: the same choices,
    in the same order."""
    rule = WildSets(total=7, max_value=7)
    rng = np.random.default_rng(77)
    with_sets = 0
    for _ in range(samples(150, 600)):
        slots = _seeded_slots(rng)
        wild = frozenset(s.card for s in slots if rng.random() < 0.1)
        listed = set_hands(rule, slots, wild, 5)
        assert listed == _listed_one_by_one(rule, slots, wild, 5)
        with_sets += any(hand.sets for hand in listed)
    assert with_sets > samples(75, 300)


def test_each_players_best_is_the_greatest_of_his_listed_hands_by_score_then_preference() -> None:
    """``best_set_hands`` reads every player's hands from arrays and builds a :class:`SetChoice` only for the best
    score's rows with the fewest wild cards: seeded tables of 2 to 7 players (often of low cards alone, so many
    sets) give what choosing among every listed hand one by one gives, by score, then the preference."""
    rng = np.random.default_rng(2026)
    rule = WildSets()
    for _ in range(samples(37, 150)):
        low = rng.random() < 0.6  # the aces to sevens alone: four players of seven cards
        players = int(rng.integers(2, 5 if low else 8))
        deck = rng.permutation(28 if low else 52)
        table = []
        for p in range(players):
            slots = [Slot("hole", str(i), Card(int(c))) for i, c in enumerate(deck[p * 7:p * 7 + 7].tolist())]
            table.append((slots, frozenset(s.card for s in slots if rule.value(s.card) == rule.total)))
        expected = []
        for slots, wild in table:
            hands = set_hands(rule, slots, wild, HIGH.size)
            scores = sets_module.score_with_wilds(
                HIGH, np.array([[slots[i].card for i in h.slots] for h in hands], dtype=np.int64),
                np.array([h.wild for h in hands], dtype=bool)).tolist()
            score, best = max(zip(scores, hands, strict=True), key=lambda sh: (sh[0], sets_module._preference(
                slots, sh[1])))
            expected.append(sets_module._spelled(HIGH, rule, slots, best, score))
        assert best_set_hands(HIGH, rule, table) == expected


def test_every_players_best_rows_read_at_once_are_those_read_player_by_player() -> None:
    """Seeded scores (few distinct values, so many ties; ``NO_HAND`` rows too) and wild cells for 1 to 8 players of 1
    to 40 hands each: each player's best score and his rows of it with the fewest wild cards, as reading player by
    player gives them; a player without hands is answered ``NO_HAND`` with no rows."""
    rng = np.random.default_rng(7)
    ties = 0
    for _ in range(samples(100, 400)):
        counts = rng.integers(0 if rng.random() < 0.2 else 1, 41, size=int(rng.integers(1, 9))).tolist()
        total = sum(counts)
        scores = rng.integers(-1, int(rng.integers(1, 6)), size=total).astype(np.int32)
        wild = rng.random((total, 5)) < 0.3
        expected = sets_module._tied_rows_one_by_one(scores, wild, counts)
        assert sets_module._tied_rows(scores, wild, counts) == expected
        ties += sum(len(rows) > 1 for rows in expected[1])
    assert sets_module._tied_rows(np.empty(0, np.int32), np.zeros((0, 5), bool), [0]) == ([NO_HAND], [[]])
    assert ties > samples(50, 200)


def _sets_among_one_by_one(rule: WildSets, cards: Sequence[int]) -> list[tuple[int, ...]]:
    """``WildSets.sets_among`` as it read before its pruned walk, every combination of each size summed (verbatim
    but for the rule's name): the reference its faster reading must list exactly, in the same order."""
    valued = [(i, v) for i, c in enumerate(cards) if (v := rule.value(c)) is not None and v < rule.total]
    found = []
    for size in range(2, min(len(valued), rule.total) + 1):  # every value is at least 1
        for group in combinations(valued, size):
            if sum(v for _, v in group) == rule.total:
                found.append(tuple(i for i, _ in group))
    return found


@pytest.mark.parametrize(("total", "max_value"), [(7, 7), (10, 9), (5, 5), (13, 12)])
def test_the_sets_found_are_those_found_group_by_group(total: int, max_value: int) -> None:
    """Seeded hands of 0 to 10 cards (low cards often, jokers sometimes): the same sets, in the same order."""
    rule = WildSets(total=total, max_value=max_value)
    rng = np.random.default_rng(total)
    found = 0
    for _ in range(samples(125, 500)):
        count = int(rng.integers(0, 11))
        cards = (rng.permutation(28) if rng.random() < 0.7 else rng.permutation(54))[:count].tolist()
        expected = _sets_among_one_by_one(rule, cards)
        assert rule.sets_among(cards) == expected
        found += len(expected) > 1
    assert found > samples(12, 50)


def _preference_one_by_one(slots: Sequence[Slot], hand: sets_module.SetChoice) -> sets_module._Preference:
    """``_preference`` as it read before its single pass (verbatim): the reference it must answer exactly."""
    wild = [slots[i].card for i, w in zip(hand.slots, hand.wild, strict=True) if w]
    in_sets = {i for group in hand.sets for i in group}
    partial = sum(any(i not in hand.slots for i in group) for group in hand.sets)
    naturals = tuple(sorted((slots[i].card for i, w in zip(hand.slots, hand.wild, strict=True) if not w),
                            reverse=True))
    sets = tuple(sorted((tuple(sorted((slots[i].card for i in group), reverse=True)) for group in hand.sets),
                        reverse=True))
    return (-len(wild), -partial, -sum(i in in_sets for i in hand.slots), naturals, tuple(sorted(wild, reverse=True)),
            sets)


def test_each_hands_preference_is_what_reading_it_rule_by_rule_gives() -> None:
    """Every hand listed for seeded players of 5 to 9 usable cards (low cards often: many sets, some partly played;
    some cards wild by themselves): the same preference, element for element."""
    rule = WildSets()
    rng = np.random.default_rng(31)
    partial = 0
    for _ in range(samples(50, 200)):
        slots = _seeded_slots(rng)
        wild = frozenset(s.card for s in slots if rule.value(s.card) == rule.total)
        for hand in set_hands(rule, slots, wild, 5):
            expected = _preference_one_by_one(slots, hand)
            assert sets_module._preference(slots, hand) == expected
            partial += expected[1] < 0
    assert partial > 1000


@pytest.mark.parametrize(("total", "max_value"),
                         [(7, 7), (10, 9), (5, 5), (13, 12), (13, 13), (1, 7), (8, 7), (14, 13)])
def test_the_cards_wild_for_everyone_are_those_each_player_finds_wild_by_themselves(total: int, max_value: int) -> None:
    """The showdown reads the cards wild by themselves once for every seat (``wild_for_everyone``, those of them a
    player may use): seeded usable cards (jokers too) give what :meth:`WildSets.wild` finds for the player, cards
    and not mere numbers; a total worth more than ``max_value`` (or than any card) makes no card wild alone."""
    rule = WildSets(total=total, max_value=max_value)
    rng = np.random.default_rng(total * 100 + max_value)
    deal = Deal(seats=(Seat(id="ann", hole=parse_cards("2c 3c")),), pot=0)
    everyone = rule.wild_for_everyone(deal)
    assert all(type(c) is Card for c in everyone)
    assert len(everyone) == (4 if 1 <= total <= min(max_value, 13) else 0)
    for _ in range(samples(50, 200)):
        usable = [Card(int(c)) for c in rng.permutation(JOKER_BASE + MAX_JOKERS)[:int(rng.integers(0, 12))]]
        assert everyone.intersection(usable) == rule.wild(deal.seats[0], deal, usable)


def _seeded_table(rng: np.random.Generator, rule: WildSets) -> list[tuple[list[Slot], frozenset[Card]]]:
    """1 to 8 players of 0 to 10 distinct usable cards each (often of the aces to sevens alone: many sets, some
    collections of two sets or more), their cards worth the total wild by themselves and, sometimes, some others
    wild by another rule (they join no set)."""
    deck = [Card(int(c)) for c in (rng.permutation(28) if rng.random() < 0.6 else rng.permutation(52))]
    table = []
    for _ in range(int(rng.integers(1, 9))):
        count = int(rng.integers(0, 11))
        cards, deck = deck[:count], deck[count:]
        if len(cards) < count:
            deck = [Card(int(c)) for c in rng.permutation(52)]
            cards = deck[:count]
        slots = [Slot("hole", str(i), c) for i, c in enumerate(cards)]
        other = rng.random() < 0.2
        table.append((slots, frozenset(c for c in cards if rule.value(c) == rule.total or (
            other and rng.random() < 0.2))))
    return table


@pytest.mark.parametrize(("total", "max_value"), [(7, 7), (10, 9), (5, 5)])
def test_every_players_rows_listed_at_once_are_those_listed_player_by_player(total: int, max_value: int) -> None:
    """``table_rows`` finds every player's sets on bit masks, for all the players of a table at once: seeded tables
    (players of 0 to 10 usable cards, fewer than five among them, cards wild by another rule too) give each player
    the rows of ``set_hand_rows`` (cards, wild cells, and each row's choice), in the same order."""
    rule = WildSets(total=total, max_value=max_value)
    rng = np.random.default_rng(total)
    deep, tables = 0, samples(60, 300)
    for _ in range(tables):
        table = _seeded_table(rng, rule)
        found = sets_module.table_rows(rule, table, 5)
        assert found is not None
        start = 0
        for player, (slots, wild) in enumerate(table):
            rows = sets_module.set_hand_rows(rule, slots, wild, 5)
            count = len(rows.collection)
            assert found.counts[player] == count
            cards = np.array([s.card for s in slots], dtype=np.int64)[rows.positions].reshape(count, 5)
            assert np.array_equal(found.cards[start:start + count], cards)
            assert np.array_equal(found.wild[start:start + count], rows.wild)
            assert [found.choice(player, k) for k in range(count)] == [rows.choice(k) for k in range(count)]
            deep += max((len(c) for c in rows.collections), default=0) >= 2
            start += count
        assert len(found.cards) == start
    assert deep > tables // 10


def test_a_player_of_more_cards_than_masks_cover_is_listed_player_by_player() -> None:
    """Past ``_MASKED_CARDS`` usable cards the table is not read on masks: ``best_set_hands`` answers from
    ``set_hand_rows``, what each player's own search answers."""
    rule = WildSets()
    cards = parse_cards("Ac 2d 4h 3s 7h Kc Kd Ks Qh Jd 9s")
    assert len(cards) > sets_module._MASKED_CARDS
    slots = [Slot("hole", str(i), c) for i, c in enumerate(cards)]
    table = [(slots, frozenset(parse_cards("7h"))), (slots[:7], frozenset(parse_cards("7h")))]
    assert sets_module.table_rows(rule, table, 5) is None
    assert sets_module.table_rows(rule, table[1:], 5) is not None
    found = best_set_hands(HIGH, rule, table)
    assert found == [best_set_hands(HIGH, rule, [player])[0] for player in table]
    assert all(hand is not None and hand.sets for hand in found)


def test_the_collections_of_sets_as_masks_are_those_of_sets_as_positions() -> None:
    """Seeded sets of 1 to 4 positions out of ten (0 to 9 sets, disjoint or not): ``_masked_collections`` lists
    the collections ``_disjoint`` lists, in its order."""
    rng = np.random.default_rng(5)
    for _ in range(samples(250, 1000)):
        sets = [tuple(sorted(rng.choice(10, size=int(rng.integers(1, 5)), replace=False).tolist()))
                for _ in range(int(rng.integers(1, 10)))]
        masks = [sum(1 << i for i in group) for group in sets]
        expected = [tuple(sum(1 << i for i in group) for group in chosen) for chosen in sets_module._disjoint(sets)]
        assert sets_module._masked_collections(masks) == expected


def test_the_wild_text_names_each_wild_card_what_it_became_and_the_sets() -> None:
    """Seeded tables' best hands: ``wild_text`` (read from a table of names) is each card's own ``str``, the
    substitutions then the sets, as the straightforward reading writes them."""
    rule = WildSets()
    rng = np.random.default_rng(41)
    sets = 0
    for _ in range(samples(25, 100)):
        for hand in best_set_hands(HIGH, rule, _seeded_table(rng, rule)):
            if hand is None:
                continue
            text = ", ".join(f"{w} as {a}" for w, a in hand.became)
            if hand.sets:
                text += "; " + ", ".join("+".join(map(str, group)) for group in hand.sets) + " = 7"
                sets += len(hand.sets) > 1
            assert hand.wild_text == text
    assert sets > samples(4, 20)


def test_each_rows_preference_read_on_masks_is_that_of_its_choice() -> None:
    """``SetTable.preference`` reads a row's preference on the masks of its five, sets and wild cards: for every
    row of seeded tables (sets played whole and partly, cards wild by another rule) it is ``_preference`` of the
    row's :class:`SetChoice`, element for element."""
    rule = WildSets()
    rng = np.random.default_rng(13)
    partial = 0
    for _ in range(60):
        table = _seeded_table(rng, rule)
        found = sets_module.table_rows(rule, table, 5)
        assert found is not None
        for player, (slots, _) in enumerate(table):
            for row in range(found.counts[player]):
                expected = sets_module._preference(slots, found.choice(player, row))
                assert found.preference(player, row) == expected
                partial += expected[1] < 0
    assert partial > 1000


def test_each_rows_hand_spelled_on_masks_is_that_spelled_from_its_choice() -> None:
    """``SetTable.spelled`` spells a row's hand from the masks of its five and wild cards (``spell_table`` called
    directly): for every row that makes a hand in seeded tables (sets, cards wild by another rule, no wild card at
    all) it is ``_spelled`` of the row's :class:`SetChoice`, field for field."""
    rule = WildSets()
    rng = np.random.default_rng(17)
    wild = natural = grouped = 0
    for _ in range(40):
        table = _seeded_table(rng, rule)
        found = sets_module.table_rows(rule, table, 5)
        assert found is not None
        scores = sets_module.score_with_wilds(HIGH, found.cards, found.wild).tolist()
        start = 0
        for player, (slots, _) in enumerate(table):
            for row in range(found.counts[player]):
                score = scores[start + row]
                if score == NO_HAND:
                    continue
                expected = sets_module._spelled(HIGH, rule, slots, found.choice(player, row), score)
                assert found.spelled(HIGH, rule, slots, player, row, score) == expected
                wild += bool(expected.became)
                natural += not expected.became
                grouped += len(expected.sets) > 1
            start += found.counts[player]
    assert wild > 1000 and natural > 100 and grouped > 100


def test_ints_unpacked_as_rows_of_bits_hold_each_bit_in_its_column() -> None:
    """``_unpacked`` (an unsigned array's bytes up to 64 bits, each int's bytes past them): for seeded ints of 1 to
    300 bits, none of them too, column ``f`` of each row is the int's bit ``f``."""
    rng = np.random.default_rng(29)
    for width in [*range(1, 70), 120, 252, 300]:
        bits = [int(rng.integers(0, 1 << 62)) << max(width - 62, 0) & (1 << width) - 1
                for _ in range(int(rng.integers(0, 6)))] + [(1 << width) - 1, 1 << width - 1]
        expected = np.array([[b >> f & 1 for f in range(width)] for b in bits], dtype=bool).reshape(len(bits), width)
        assert np.array_equal(sets_module._unpacked(bits, width), expected)
    assert sets_module._unpacked([], 21).shape == (0, 21)
