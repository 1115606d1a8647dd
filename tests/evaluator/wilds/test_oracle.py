"""Fully wild cards (reference 2.3, W0) against a brute-force oracle that substitutes real cards.

The library (``evaluator.wilds.table`` through ``evaluator.wilds.scoring``) resolves wild cards by rank-multiset table
lookups; ``tests.evaluator.wild_brute`` substitutes every card for every wild card and scores the hands as played
with the ranking's natural evaluator. Rules checked, one test each:

1. the oracle and ``score_with_wilds`` agree on 10,000 random hands per table ranking, 1 to 4 wild cards (1,000 in
   the normal suite: the random samples of this module are cut to a tenth or an eighth unless ``SHOWDOWN_DEEP=1``, see
   ``tests/samples.py``);
2. with up to 8 wild cards, best-of-five over 7- and 8-card hands agrees with a brute force over subsets, and
   five wild cards make the best hand (five aces in HIGH);
3. ``spell_out`` names cards that, played, give exactly the score, each wild card listed once;
4. in a low a wild card takes the lowest rank that does not pair (and, in 2-7 and A-6, that makes no straight or
   flush);
5. BADUGI/DOOGIE: ``best_key(naturals, k)`` equals the best ``best_key`` over every substitution;
6. a wild card never makes a hand worse.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations

import numpy as np
import numpy.typing as npt
import pytest

from evaluator.rankings import (
    BADUGI,
    DOOGIE,
    HIGH,
    HIGH_6PLUS,
    HIGH_7PLUS,
    LOW_27,
    LOW_A5,
    LOW_A6,
    NO_HAND,
    Key,
    TableRanking,
)
from evaluator.rankings.four_card import FourCardLow
from evaluator.values.cards import JOKER_BASE, format_cards, parse_cards
from evaluator.wilds.scoring import score_with_wilds, spell_out
from tests.evaluator.wild_brute import (
    FourCardBrute,
    Mode,
    brute_best_many,
    brute_best_unique,
    played_scores,
    substitution_count,
)
from tests.samples import samples

pytestmark = pytest.mark.slow

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

# (ranking, lowest rank of its deck): 52 cards, or 36 (6 to A) and 32 (7 to A) for the short decks.
TABLE_RANKINGS: list[tuple[TableRanking, int]] = [
    (HIGH, 0), (LOW_A5, 0), (LOW_27, 0), (LOW_A6, 0), (HIGH_6PLUS, 4), (HIGH_7PLUS, 5),
]
TABLE_IDS = [r.name for r, _ in TABLE_RANKINGS]
LOWS = [LOW_A5, LOW_27, LOW_A6]
FOUR_CARD = [BADUGI, DOOGIE]

# Hands per wild count for the 5-card oracle (10,000 per ranking, 1,000 in the normal suite). The oracle scores 52**k
# hands for k <= 2 and 2 * C(12 + k, k) for k = 3, 4 (see wild_brute): 52, 2,704, 910 and 3,640 per hand. With three
# or four wild cards there are only C(52, 2) = 1,326 and 52 sets of naturals: the oracle runs once per distinct set
# (and test_every_hand_with_three_to_five_wild_cards covers them all).
ORACLE_HANDS = {1: samples(450, 4500), 2: samples(150, 1500), 3: samples(250, 2500), 4: samples(150, 1500)}
LOWEST = {r.name: lowest for r, lowest in TABLE_RANKINGS}


def _seed(*parts: object) -> int:
    """A stable seed per test and parameter (``hash`` of strings is salted per process)."""
    return sum((i + 1) * ord(ch) for i, ch in enumerate("/".join(map(str, parts))))


def deal(rng: np.random.Generator, n: int, size: int, lowest_rank: int, suited_share: float = 0.0) -> IntArray:
    """``n`` rows of ``size`` distinct cards from the deck whose ranks start at ``lowest_rank``; a share of rows
    (``suited_share``) are all of one suit, so that flush completions get exercised."""
    deck = np.arange(lowest_rank * 4, 52, dtype=np.int64)
    rows = deck[np.argsort(rng.random((n, len(deck))), axis=1)[:, :size]]
    suited = rng.random(n) < suited_share
    if suited.any() and size <= 13 - lowest_rank:
        ranks = lowest_rank + np.argsort(rng.random((int(suited.sum()), 13 - lowest_rank)), axis=1)[:, :size]
        rows[suited] = ranks * 4 + rng.integers(0, 4, size=(int(suited.sum()), 1))
    return rows


def wild_hands(rng: np.random.Generator, n: int, size: int, k: int, lowest_rank: int,
               suited_share: float = 0.3) -> tuple[IntArray, BoolArray]:
    """Rows of ``size`` cards with exactly ``k`` wild positions. The naturals are distinct deck cards (a share of
    rows all of one suit); a wild position holds a joker (X1..X8) or a deck card (a wild rank), at random."""
    naturals = deal(rng, n, size - k, lowest_rank, suited_share) if size > k else np.zeros((n, 0), np.int64)
    wild = np.argsort(rng.random((n, size)), axis=1) < k
    cards = np.empty((n, size), dtype=np.int64)
    cards[~wild] = naturals.reshape(-1)
    # wild cells: a joker numbered by position, or a deck card none of the naturals uses
    jokers = JOKER_BASE + np.broadcast_to(np.arange(size), (n, size))
    spare = deal(rng, n, 52 - (size - k), 0)
    for row in range(n):
        used = set(naturals[row].tolist())
        free = [c for c in spare[row].tolist() if c not in used][:k]
        cells = np.flatnonzero(wild[row])
        cards[row, cells] = np.where(rng.random(k) < 0.5, jokers[row, cells], free)
    return cards, wild


def naturals_of(cards: IntArray, wild: BoolArray) -> IntArray:
    """The natural cards of each row, in order (every row has the same number of wild cards)."""
    k = int(wild[0].sum())
    return cards[~wild].reshape(len(cards), cards.shape[1] - k)


def show(cards: Sequence[int], wild: Sequence[bool]) -> str:
    return " ".join(("*" if w else "") + name for name, w in zip(format_cards(list(cards)), wild, strict=True))


def assert_same(ranking: TableRanking, what: str, got: npt.NDArray[np.integer],
                want: npt.NDArray[np.integer], cards: IntArray, wild: BoolArray) -> None:
    bad = np.flatnonzero(got != want)
    if len(bad):
        lines = [f"{show(cards[i].tolist(), wild[i].tolist())}: library {ranking.key(int(got[i]))}, "
                 f"oracle {ranking.key(int(want[i]))}" for i in bad[:10].tolist()]
        pytest.fail(f"{ranking.name}: {what}: {len(bad)} of {len(got)} hands differ\n" + "\n".join(lines))


def best_possible(ranking: TableRanking) -> int:
    """The best score the ranking has at all (every ranking's keys are sorted, best last)."""
    return len(ranking.keys) - 1


# 1. The oracle ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("ranking", "lowest"), TABLE_RANKINGS, ids=TABLE_IDS)
def test_score_with_wilds_matches_substitution_oracle(ranking: TableRanking, lowest: int) -> None:
    """Every substitution of every wild card by any of the 52 cards, scored as played: the best equals the library's
    score, on 10,000 random hands (1,000 in the normal suite; k = 1..4 mixed in one call, as a showdown mixes them)."""
    rng = np.random.default_rng(_seed("oracle", ranking.name))
    groups = [wild_hands(rng, n, 5, k, lowest) for k, n in ORACLE_HANDS.items()]
    cards = np.concatenate([c for c, _ in groups])
    wild = np.concatenate([w for _, w in groups])
    order = rng.permutation(len(cards))
    library = np.empty(len(cards), dtype=np.int32)
    library[order] = score_with_wilds(ranking, cards[order], wild[order])
    start = 0
    for (k, n), (c, w) in zip(ORACLE_HANDS.items(), groups, strict=True):
        mode: Mode = "ordered" if k <= 2 else "reduced"
        oracle = brute_best_unique(ranking, naturals_of(c, w), k, mode, seed=k)
        assert_same(ranking, f"{k} wild ({mode})", library[start:start + n], oracle, c, w)
        start += n
    assert start == samples(1_000, 10_000)


@pytest.mark.parametrize(("ranking", "lowest"), TABLE_RANKINGS, ids=TABLE_IDS)
def test_every_hand_with_three_to_five_wild_cards(ranking: TableRanking, lowest: int) -> None:
    """Exhaustive: every set of natural cards of the deck with 3 wild cards (C(52, 2) = 1,326 pairs), 4 (every
    single card) and 5, against the oracle."""
    deck = range(lowest * 4, 52)
    for k in (3, 4, 5):
        sets = list(combinations(deck, 5 - k))
        naturals = np.array(sets, dtype=np.int64).reshape(len(sets), 5 - k)
        cards = np.concatenate([naturals, np.broadcast_to(np.arange(JOKER_BASE, JOKER_BASE + k), (len(naturals), k))],
                               axis=1)
        wild = np.broadcast_to(np.arange(5) >= 5 - k, cards.shape)
        oracle = brute_best_many(ranking, naturals, k, "reduced", seed=k)
        assert_same(ranking, f"every hand, {k} wild", score_with_wilds(ranking, cards, wild), oracle, cards, wild)


@pytest.mark.parametrize(("ranking", "k", "mode", "n"), [
    (HIGH, 3, "ordered", 4), (LOW_27, 3, "ordered", 3),
    (HIGH, 3, "card-multisets", 30), (LOW_27, 3, "card-multisets", 20), (LOW_A6, 3, "card-multisets", 20),
    (HIGH_6PLUS, 3, "card-multisets", 20), (LOW_A5, 3, "card-multisets", 10),
    (HIGH, 4, "card-multisets", 5), (LOW_27, 4, "card-multisets", 4), (HIGH_6PLUS, 4, "card-multisets", 3),
], ids=lambda p: getattr(p, "name", str(p)))
def test_reduced_enumeration_is_exhaustive(ranking: TableRanking, k: int, mode: Mode, n: int) -> None:
    """The oracle's reduction (rank multisets x two suit patterns) finds the same best as enumerating every card
    (every ordered tuple of 52 cards, or every multiset of cards), on hands whose naturals mostly share a suit.
    (With five wild cards the reduced oracle reaches the ranking's best key, see
    test_five_or_more_wild_cards_make_the_best_hand, so no enumeration can beat it.)"""
    lowest = LOWEST[ranking.name]
    rng = np.random.default_rng(_seed("reduction", ranking.name, k, mode))
    cards, wild = wild_hands(rng, n, 5, k, lowest, suited_share=0.7)
    naturals = naturals_of(cards, wild)
    full = brute_best_many(ranking, naturals, k, mode)
    reduced = brute_best_many(ranking, naturals, k, "reduced", seed=7)
    assert_same(ranking, f"reduced vs {mode}", reduced, full, cards, wild)
    assert_same(ranking, f"library vs {mode}", score_with_wilds(ranking, cards, wild), full, cards, wild)
    assert substitution_count(k, "reduced") < substitution_count(k, mode)


def test_oracle_finds_double_suited_flush_and_five_of_a_kind() -> None:
    """Sanity of the oracle itself on hands whose best completion copies a held card (W0)."""
    cases = [
        (HIGH, "As Js 9s 7s", (6, 14, 14, 11, 9, 7)),  # a flush with a pair of aces beats A-K-J-9-7
        (HIGH, "Ah Ad Ac", (10, 14)),  # five aces above the royal flush
        (HIGH, "", (10, 14)),
        (HIGH_6PLUS, "Ks Qs Js", (9, 14)),  # royal flush: two wild cards make at most three kings
        (LOW_27, "7h 5h 4h", (-1, -7, -5, -4, -3, -2)),
    ]
    for ranking, text, key in cases:
        naturals = np.array([list(parse_cards(text))], dtype=np.int64).reshape(1, -1)
        k = 5 - naturals.shape[1]
        score = int(brute_best_many(ranking, naturals, k, "ordered" if k <= 2 else "reduced")[0])
        assert ranking.key(score) == key, (ranking.name, text)


# 2. Up to eight wild cards -----------------------------------------------------------------------------------------


@cache
def _all_wild_best(ranking: TableRanking) -> int:
    return int(brute_best_many(ranking, np.zeros((1, 0), np.int64), 5, "reduced")[0])


def _subset_brute(ranking: TableRanking, cards: IntArray, wild: BoolArray) -> npt.NDArray[np.int32]:
    """Best over every 5-card subset of each row, each subset resolved by the substitution oracle."""
    n, size = cards.shape
    subsets = np.array(list(combinations(range(size), 5)), dtype=np.int64)
    sub_cards = cards[:, subsets].reshape(-1, 5)
    sub_wild = wild[:, subsets].reshape(-1, 5)
    counts = sub_wild.sum(axis=1)
    scores = np.empty(len(sub_cards), dtype=np.int32)
    for j in np.unique(counts).tolist():
        rows = np.flatnonzero(counts == j)
        if j == 5:
            scores[rows] = _all_wild_best(ranking)
        else:
            naturals = naturals_of(sub_cards[rows], sub_wild[rows])
            scores[rows] = brute_best_many(ranking, naturals, j, "reduced", seed=j)
    return np.asarray(scores.reshape(n, len(subsets)).max(axis=1), dtype=np.int32)


def _subset_library(ranking: TableRanking, cards: IntArray, wild: BoolArray) -> npt.NDArray[np.int32]:
    n, size = cards.shape
    subsets = np.array(list(combinations(range(size), 5)), dtype=np.int64)
    scores = score_with_wilds(ranking, cards[:, subsets].reshape(-1, 5), wild[:, subsets].reshape(-1, 5))
    return np.asarray(scores.reshape(n, len(subsets)).max(axis=1), dtype=np.int32)


@pytest.mark.parametrize(("ranking", "lowest"), TABLE_RANKINGS, ids=TABLE_IDS)
def test_seven_and_eight_card_hands_up_to_eight_wilds(ranking: TableRanking, lowest: int) -> None:
    """Best five of seven (1..7 wild) and of eight (3..8 wild): the library's best over subsets equals the oracle's
    best over subsets x substitutions; with five or more wild cards the hand is the best the ranking has."""
    rng = np.random.default_rng(_seed("seven", ranking.name))
    batches = [wild_hands(rng, 6, 7, w, lowest) for w in range(1, 8)]
    batches += [wild_hands(rng, 3, 8, w, lowest) for w in range(3, 9)]
    for cards, wild in batches:
        library = _subset_library(ranking, cards, wild)
        oracle = _subset_brute(ranking, cards, wild)
        assert_same(ranking, f"{cards.shape[1]} cards, {int(wild[0].sum())} wild", library, oracle, cards, wild)
        if wild[0].sum() >= 5:
            assert (library == best_possible(ranking)).all()


@pytest.mark.parametrize(("ranking", "best"), [
    (HIGH, "As Ah Ad Ac As"), (HIGH_6PLUS, "As Ah Ad Ac As"), (HIGH_7PLUS, "As Ah Ad Ac As"),
    (LOW_A5, "5c 4d 3h 2s Ac"), (LOW_27, "7c 5d 4h 3s 2c"), (LOW_A6, "6c 4d 3h 2s Ac"),
], ids=lambda p: getattr(p, "name", str(p)))
def test_five_or_more_wild_cards_make_the_best_hand(ranking: TableRanking, best: str) -> None:
    """Five wild cards of five, or five or more of seven or eight (jokers X1..X8 or wild deck cards), make the best
    hand there is: five aces in HIGH, five above the straight flush; the perfect low in the lows."""
    top = best_possible(ranking)
    assert ranking.evaluate(list(parse_cards(best))) == top
    if ranking.name.startswith("HIGH"):
        assert ranking.key(top) == (10, 14)
        assert ranking.key(top) > ranking.key(ranking.evaluate(list(parse_cards("As Ks Qs Js Ts"))))
    assert _all_wild_best(ranking) == top
    jokers = np.arange(JOKER_BASE, JOKER_BASE + 8, dtype=np.int64)
    assert int(score_with_wilds(ranking, jokers[None, :5], np.ones((1, 5), bool))[0]) == top
    assert _subset_library(ranking, jokers[None, :], np.ones((1, 8), bool))[0] == top
    deuces_and_jokers = np.array([[0, 1, 2, 3, 52, 53, 51]], dtype=np.int64)  # 2c 2d 2h 2s X1 X2 As
    assert _subset_library(ranking, deuces_and_jokers, np.array([[True] * 6 + [False]]))[0] == top


# 3. spell_out --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("ranking", "lowest"), TABLE_RANKINGS, ids=TABLE_IDS)
def test_spell_out_reproduces_the_score(ranking: TableRanking, lowest: int) -> None:
    """The hand as played that ``spell_out`` returns scores, as a natural hand, exactly what ``score_with_wilds``
    gave; the naturals are kept; each wild card is listed once, standing for a real card of the deck.

    Scored with the oracle's ``played_scores`` (``evaluate_many``, except for five suited cards with a repeated
    rank, see ``test_evaluate_many_scores_repeated_cards_of_one_suit``)."""
    rng = np.random.default_rng(_seed("spell", ranking.name))
    failures = []
    for k in range(1, 5):  # five wild cards: test_spell_out_all_wild
        cards, wild = wild_hands(rng, 500, 5, k, lowest)
        scores = score_with_wilds(ranking, cards, wild)
        for row in range(len(cards)):
            raw, flags, score = cards[row].tolist(), wild[row].tolist(), int(scores[row])
            played, pairs = spell_out(ranking, raw, flags, score)
            naturals = [c for c, w in zip(raw, flags, strict=True) if not w]
            assert played[:5 - k] == naturals
            assert len(played) == 5
            assert sorted(w for w, _ in pairs) == sorted(c for c, w in zip(raw, flags, strict=True) if w)
            assert Counter(int(a) for _, a in pairs) == Counter(played[5 - k:])
            assert all(lowest * 4 <= c < 52 for c in played), (show(raw, flags), format_cards(played))
            got = int(played_scores(ranking, np.array([played]))[0])
            if got != score:
                failures.append(f"{show(raw, flags)} -> {' '.join(format_cards(played))}: played "
                                f"{ranking.key(got) if got >= 0 else got}, score {ranking.key(score)}")
    assert not failures, "\n".join(failures[:10])


@pytest.mark.parametrize("ranking", FOUR_CARD, ids=lambda r: r.name)
def test_spell_out_four_card_lows(ranking: FourCardLow) -> None:
    """BADUGI/DOOGIE: the cards ``spell_out`` names, with the naturals, have exactly the hand's key.

    BUG (evaluator/wilds/scoring.py, ``_four_card_ranks``, lines 96-98): the wild card's value is chosen as one the
    *naturals* lack (``present`` holds every natural's value), not one the *best subset* lacks. When the best
    subset leaves out a natural (a suit clash), the wild card is given a value already in the subset. BADUGI
    9s 2c Ac + X1 scores (3, -9, -2, -1), "9-2-A", but ``spell_out`` names X1 as 9h; 9s 2c Ac 9h is only the
    two-card badugi 9-A (2, -9, -1). X1 should be a 2 (with Ac) or an ace (with 2c) of hearts or diamonds."""
    rng = np.random.default_rng(_seed("spell4", ranking.name))
    failures = []
    for k in range(1, 5):
        naturals = deal(rng, 300, 4 - k, 0, suited_share=0.2) if k < 4 else np.zeros((300, 0), np.int64)
        for row in naturals.tolist():
            raw = [*row, *range(JOKER_BASE, JOKER_BASE + k)]
            flags = [False] * len(row) + [True] * k
            score = int(score_with_wilds(ranking, np.array([raw]), np.array([flags]))[0])
            played, pairs = spell_out(ranking, raw, flags, score)
            assert len(pairs) == k and sorted(w for w, _ in pairs) == list(range(JOKER_BASE, JOKER_BASE + k))
            key = ranking.best_key(played)
            if (NO_HAND if key is None else ranking.score_of_key(key)) != score:
                failures.append(f"{' '.join(format_cards(row))} + {k} wild -> {' '.join(format_cards(played))}: "
                                f"played {key}, score {ranking.key(score) if score >= 0 else None}")
    assert not failures, f"{len(failures)} hands:\n" + "\n".join(failures[:10])


@pytest.mark.parametrize(("ranking", "lowest"), TABLE_RANKINGS, ids=TABLE_IDS)
def test_spell_out_all_wild(ranking: TableRanking, lowest: int) -> None:
    """Five wild cards make the best hand; the cards named, played, give that score. In 2-7 and A-6 that is the
    perfect low *in mixed suits*: the cards named must not be a flush.

    BUG (evaluator/wilds/scoring.py, spell_out, suit choice): with no natural card ``common`` is None, so every wild
    card of a non-suited completion takes the first preferred suit that is not already used *for that rank*
    (spades), and five distinct ranks all become spades: 2-7 reports 7s 5s 4s 3s 2s, a flush (played it scores
    (-6, -7, -5, -4, -3, -2), not the (-1, -7, -5, -4, -3, -2) reported)."""
    jokers = list(range(JOKER_BASE, JOKER_BASE + 5))
    score = int(score_with_wilds(ranking, np.array([jokers]), np.ones((1, 5), bool))[0])
    played, _ = spell_out(ranking, jokers, [True] * 5, score)
    assert score == best_possible(ranking)
    if ranking in (LOW_27, LOW_A6):
        assert len({c & 3 for c in played}) > 1, format_cards(played)
    assert int(played_scores(ranking, np.array([played]))[0]) == score


def test_evaluate_many_scores_repeated_cards_of_one_suit() -> None:
    """A hand as played may repeat a card (W0: a wild card may copy a held card). ``evaluate_many`` must score five
    cards of one suit with a repeated rank as ``suited_table`` / the definition do.

    BUG (evaluator/rankings/base.py, TableRanking.evaluate_many, the flush branch): the flush mask is computed as
    ``(1 << ranks).sum()``, which for repeated ranks carries into other bits or past bit 12, then indexes the
    8192-entry ``flush_table``: As As Js 9s 7s raises IndexError (index 8864), As As As As As raises IndexError
    (20480), 2s 2s 3s 4s 5s returns NO_HAND (mask 16). ``spell_out`` produces such hands (As Js 9s 7s + a wild
    card -> As As Js 9s 7s, the best completion), so the answer's hand cannot be re-scored."""
    failures = []
    for text in ("As As Js 9s 7s", "As As As As As", "2s 2s 3s 4s 5s", "Kh Kh Kh Qh Qh"):
        cards = list(parse_cards(text))
        want = HIGH.score_of_key(HIGH.key_of([c >> 2 for c in cards], True))
        try:
            got: object = int(HIGH.evaluate_many(np.array([cards], dtype=np.int64))[0])
        except IndexError as exc:
            got = exc
        if got != want:
            shown = f"{got} {HIGH.key(got)}" if isinstance(got, int) and got >= 0 else repr(got)
            failures.append(f"{text}: evaluate_many -> {shown}, definition -> {want} {HIGH.key(want)}")
    assert not failures, "\n".join(failures)


# 4. Lows -------------------------------------------------------------------------------------------------------


def _expected_low(ranking: TableRanking, natural_ranks: Sequence[int], k: int) -> Key:
    """The low made by ``k`` wild cards, from the rule: each takes the lowest rank that does not pair the hand; in
    2-7 and A-6 the set also avoids a straight, and the wild cards avoid a flush (any off suit)."""
    ace_low = ranking is not LOW_27
    straights = ranking is not LOW_A5
    values = [1 if ace_low and r == 12 else r + 2 for r in natural_ranks]
    absent = [v for v in (range(1, 14) if ace_low else range(2, 15)) if v not in values]

    def straight(vals: Sequence[int]) -> bool:
        return len(set(vals)) == 5 and max(vals) - min(vals) == 4

    if not straights or len(set(values)) < len(values):
        chosen = absent[:k]
    else:
        options = [list(c) for c in combinations(absent, k) if not straight([*values, *c])]
        chosen = min(options, key=lambda c: sorted([*values, *c], reverse=True))
    return ranking.key_of([12 if v in (1, 14) else v - 2 for v in [*values, *chosen]], False)


@pytest.mark.parametrize("ranking", LOWS, ids=lambda r: r.name)
def test_low_wild_takes_lowest_rank_that_does_not_pair(ranking: TableRanking) -> None:
    """Random hands, 1..5 wild cards: the library's low equals the rule's (BARGE joker rule, reference 2.3)."""
    rng = np.random.default_rng(_seed("lows", ranking.name))
    for k in range(1, 6):
        cards, wild = wild_hands(rng, samples(50, 400), 5, k, 0)
        scores = score_with_wilds(ranking, cards, wild)
        naturals = naturals_of(cards, wild)
        for row in range(len(cards)):
            want = _expected_low(ranking, (naturals[row] >> 2).tolist(), k)
            assert ranking.key(int(scores[row])) == want, show(cards[row].tolist(), wild[row].tolist())


@pytest.mark.parametrize(("ranking", "naturals", "k", "made"), [
    (LOW_A5, "5c 4d 3h", 2, "5 4 3 2 A"),
    (LOW_A5, "Kc Kd", 3, "K K 3 2 A"),
    (LOW_A5, "Ac 2c 3c 4c", 1, "5 4 3 2 A"),  # flushes do not count in A-5
    (LOW_A5, "", 5, "5 4 3 2 A"),
    (LOW_27, "7h 5h 4h", 2, "7 5 4 3 2"),  # not all hearts
    (LOW_27, "2c 3d 4h 5s", 1, "7 5 4 3 2"),  # a 6 would make a straight
    (LOW_27, "6c 5d 4h 3s", 1, "8 6 5 4 3"),  # 2 and 7 both make straights
    (LOW_27, "Ac 2d 3h 4s", 1, "A 5 4 3 2"),  # the ace is high only: A-2-3-4-5 is no straight in 2-7
    (LOW_27, "2h 3h 4h 7h", 1, "7 5 4 3 2"),  # off suit, to avoid the flush
    (LOW_27, "", 5, "7 5 4 3 2"),
    (LOW_A6, "Ac 2d 3h 4s", 1, "6 4 3 2 A"),  # a 5 would make the wheel, a straight in A-6
    (LOW_A6, "2h 3h 4h 6h", 1, "6 4 3 2 A"),  # the wild ace goes off suit
    (LOW_A6, "9c Td Jh Qs", 1, "Q J T 9 A"),  # ace low: no wrap, A is the lowest card that does not pair
    (LOW_A6, "", 5, "6 4 3 2 A"),
], ids=lambda p: getattr(p, "name", str(p)))
def test_low_wild_examples(ranking: TableRanking, naturals: str, k: int, made: str) -> None:
    """Worked examples; the cards ``spell_out`` names, played, give the same low."""
    nat = list(parse_cards(naturals))
    raw = nat + list(range(JOKER_BASE, JOKER_BASE + k))
    flags = [False] * len(nat) + [True] * k
    score = int(score_with_wilds(ranking, np.array([raw]), np.array([flags]))[0])
    ranks = ["23456789TJQKA".index(ch) for ch in made.split()]
    assert ranking.key(score) == ranking.key_of(ranks, False)
    played, _ = spell_out(ranking, raw, flags, score)
    assert sorted(c >> 2 for c in played) == sorted(ranks)
    if k < 5:  # five wild cards: see test_spell_out_all_wild
        assert ranking.evaluate(played) == score, format_cards(played)


# 5. BADUGI / DOOGIE --------------------------------------------------------------------------------------------


@cache
def _four_card_brute(ranking: FourCardLow) -> FourCardBrute:
    return FourCardBrute(ranking)


@pytest.mark.parametrize("ranking", FOUR_CARD, ids=lambda r: r.name)
def test_four_card_memo_is_best_key(ranking: FourCardLow) -> None:
    """The oracle's memo (one ``best_key`` call per suit-renaming class) is ``best_key`` on any four cards,
    repeated cards included."""
    brute = _four_card_brute(ranking)
    rng = np.random.default_rng(_seed("memo", ranking.name))
    hands = rng.integers(0, 52, size=(1500, 4))
    hands[:500, 1] = hands[:500, 0]  # a repeated card
    hands[500:800] = (hands[500:800] >> 2) * 4 + rng.integers(0, 4, size=(300, 1))  # one suit
    direct = np.array([(NO_HAND if (key := ranking.best_key(h)) is None else ranking.score_of_key(key))
                       for h in hands.tolist()], dtype=np.int32)
    assert (brute.scores(hands) == direct).all()
    assert 20_000 < brute.classes < 341_055


@pytest.mark.parametrize("ranking", FOUR_CARD, ids=lambda r: r.name)
def test_four_card_wilds_match_substitution_brute_force(ranking: FourCardLow) -> None:
    """``best_key(naturals, k)`` (and ``score_with_wilds``) equal the best ``best_key`` over every substitution of
    the k wild cards by any of the 52 cards (as multisets of cards: order does not matter), 1..3 wild cards."""
    brute = _four_card_brute(ranking)
    rng = np.random.default_rng(_seed("four", ranking.name))
    for k, n in ((1, samples(150, 1500)), (2, samples(100, 1000)), (3, samples(50, 500))):
        cards, wild = wild_hands(rng, n, 4, k, 0, suited_share=0.2)
        naturals = naturals_of(cards, wild)
        oracle = brute.best_many(naturals, k)
        keys = [ranking.best_key(row, k) for row in naturals.tolist()]
        library = np.array([NO_HAND if key is None else ranking.score_of_key(key) for key in keys], dtype=np.int32)
        bad = np.flatnonzero(library != oracle)
        assert not len(bad), "\n".join(
            f"{show(cards[i].tolist(), wild[i].tolist())}: best_key {keys[i]}, brute {ranking.key(int(oracle[i]))}"
            for i in bad[:10].tolist())
        assert (score_with_wilds(ranking, cards, wild) == oracle).all()


# 6. Monotonicity -----------------------------------------------------------------------------------------------


def _one_more_wild(rng: np.random.Generator, wild: BoolArray) -> BoolArray:
    """Each row with one more wild position: a natural card, chosen at random, becomes wild."""
    pick = np.where(wild, np.inf, rng.random(wild.shape)).argmin(axis=1)
    more = wild.copy()
    more[np.arange(len(wild)), pick] = True
    return more


@pytest.mark.parametrize(("ranking", "lowest"), TABLE_RANKINGS, ids=TABLE_IDS)
def test_a_wild_card_never_makes_a_hand_worse(ranking: TableRanking, lowest: int) -> None:
    """Replacing any natural card by a wild card never lowers the score (0..4 wild cards before)."""
    rng = np.random.default_rng(_seed("monotone", ranking.name))
    for k in range(5):
        cards, wild = wild_hands(rng, samples(400, 4000), 5, k, lowest)
        more = _one_more_wild(rng, wild)
        before, after = score_with_wilds(ranking, cards, wild), score_with_wilds(ranking, cards, more)
        worse = np.flatnonzero(after < before)
        assert not len(worse), [show(cards[i].tolist(), more[i].tolist()) for i in worse[:5].tolist()]


@pytest.mark.parametrize("ranking", FOUR_CARD, ids=lambda r: r.name)
def test_a_wild_card_never_makes_a_four_card_low_worse(ranking: FourCardLow) -> None:
    rng = np.random.default_rng(_seed("monotone4", ranking.name))
    for k in range(4):
        cards, wild = wild_hands(rng, 800, 4, k, 0)
        more = _one_more_wild(rng, wild)
        before, after = score_with_wilds(ranking, cards, wild), score_with_wilds(ranking, cards, more)
        assert (after >= before).all()
        assert (after > NO_HAND).all() or ranking is DOOGIE
