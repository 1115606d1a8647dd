"""The special rankings checked against the standard rankings where the rules coincide, against naive
re-implementations written here from the text of the reference (brute force agrees with the vectorised tables),
against first-principles category counts, and against the worked examples of the reference."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations, combinations_with_replacement, pairwise
from math import comb, prod

import numpy as np
import numpy.typing as npt
import pytest

from evaluator.rankings import HIGH, HIGH_6PLUS, HIGH_7PLUS, LOW_A5, NO_HAND, Ranking
from evaluator.rankings.poker_key import FLUSH, FULL_HOUSE
from evaluator.rankings.special import (
    BLACKJACK,
    EGYPT6,
    GUTS3,
    HIGH_SHORT,
    PILES_LOW,
    PILES_QUALIFIER,
    RUNS,
    SOKO,
    SPECIAL_RANKINGS,
    TELESINA,
    TELESINA_7PLUS,
    TELESINA_SUITS,
    TICKET,
    WRAP,
    ZEROFACE,
    beats_the_boot,
    highest_three,
    telesina_ranking,
    ticket_ranking,
)
from evaluator.rankings.special._tables import ace_high, read_order
from evaluator.rankings.special.egypt6 import CATEGORIES as EGYPT6_CATEGORIES
from evaluator.values.cards import parse_cards
from tests.evaluator.reference import hand_classes
from tests.samples import samples

pytestmark = pytest.mark.slow  # random samples reduced in make test, in full under make stress

NaiveKey = tuple[int, ...]


def cards(text: str) -> tuple[int, ...]:
    return tuple(int(c) for c in parse_cards(text))


def random_hands(n: int, size: int = 5, deck: Sequence[int] = range(52), seed: int = 7) -> npt.NDArray[np.int64]:
    rng = np.random.default_rng(seed)
    pool = np.asarray(deck, dtype=np.int64)
    return pool[rng.random((n, len(pool))).argsort(axis=1)[:, :size]]  # type: ignore[no-any-return]


def four_suited_hands(n: int, seed: int = 11) -> npt.NDArray[np.int64]:
    """Hands with four cards of one suit (the patterns Ticket and Sökö look for), and their fifth card anywhere."""
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < n:
        suit = int(rng.integers(4))
        four = [int(r) * 4 + suit for r in rng.choice(13, 4, replace=False)]
        fifth = int(rng.integers(52))
        if fifth & 3 != suit and fifth not in four:
            out.append([*four, fifth])
    return np.array(out, dtype=np.int64)


def assert_same_order(ranking: Ranking, hands: npt.NDArray[np.int64], naive: Callable[[Sequence[int]], NaiveKey]
                      ) -> None:
    """The ranking's scores order the hands exactly as the naive keys do (ties included)."""
    scores = ranking.evaluate_many(hands).tolist()
    keys = [naive(row) for row in hands.tolist()]
    order = sorted(range(len(keys)), key=keys.__getitem__)
    for a, b in pairwise(order):
        if keys[a] == keys[b]:
            assert scores[a] == scores[b], (hands[a], hands[b])
        else:
            assert scores[a] < scores[b], (hands[a], hands[b], keys[a], keys[b])


def groups_of(values: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(counts, values) of the groups of equal values, biggest group first, then highest value."""
    grouped = sorted(((n, v) for v, n in Counter(values).items()), reverse=True)
    return tuple(n for n, _ in grouped), tuple(v for _, v in grouped)


# --- where the rules coincide with a standard ranking --------------------------------------------------------

WRAP_SETS = [{11, 12, 13, 14, 2}, {12, 13, 14, 2, 3}, {13, 14, 2, 3, 4}]


def test_wrap_is_high_on_every_hand_without_a_wrap_straight() -> None:
    """WRAP: Texas Hold'em rankings, plus the straights that go round the corner."""
    for ranks, flush, _ in hand_classes():
        values = {r + 2 for r in ranks}
        if values in WRAP_SETS:
            assert WRAP.key_of(ranks, flush)[0] == (9 if flush else 5)
        else:
            assert WRAP.key_of(ranks, flush) == HIGH.key_of(ranks, flush)


def test_telesina_with_36_cards_is_high_6plus() -> None:
    """TELESINA, 36 cards: A-6-7-8-9 is the lowest straight and a flush beats a full house (HIGH-6PLUS)."""
    assert tuple(TELESINA.keys) == tuple(HIGH_6PLUS.keys)
    for ranks, flush, _ in hand_classes():
        assert TELESINA.key_of(ranks, flush) == HIGH_6PLUS.key_of(ranks, flush)


def test_telesina_with_32_cards_is_high_7plus_with_the_flush_above_the_full_house() -> None:
    swap = {FLUSH: FULL_HOUSE, FULL_HOUSE: FLUSH}
    assert isinstance(TELESINA_7PLUS, type(HIGH_7PLUS))
    for ranks, flush, _ in hand_classes():
        if min(ranks) < 5:
            continue  # not in the 32-card deck
        mine, high = TELESINA_7PLUS.key_of(ranks, flush), HIGH_7PLUS.key_of(ranks, flush)
        assert (swap.get(mine[0], mine[0]), *mine[1:]) == high


@pytest.mark.parametrize("lowest", range(8))
def test_telesina_lowest_straight_is_the_ace_and_the_deck_four_lowest_ranks(lowest: int) -> None:
    ranking = telesina_ranking(lowest)
    wheel = (12, lowest, lowest + 1, lowest + 2, lowest + 3)
    assert ranking.key_of(wheel, False) == (5, lowest + 5)
    above = (12, lowest + 1, lowest + 2, lowest + 3, lowest + 4)
    if lowest + 4 < 11:  # (with the 24-card deck, 9 to ace, that is T-J-Q-K-A)
        assert ranking.key_of(above, False)[0] == 1  # the ace does not play low in any other sequence


def test_zeroface_is_low_a5_on_every_hand_without_a_court_card() -> None:
    """ZEROFACE: LOW-A5 with K, Q, J worth zero; pairs among number cards still count against you."""
    checked = 0
    for ranks, flush, _ in hand_classes():
        if not {9, 10, 11} & set(ranks):
            assert ZEROFACE.key_of(ranks, flush) == LOW_A5.key_of(ranks, flush)
            checked += 1
    assert checked > 1000


def test_zeroface_courts_never_pair_and_count_zero() -> None:
    for ranks in combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        numbers = [1 if r == 12 else r + 2 for r in ranks if r not in (9, 10, 11)]
        zeros = 5 - len(numbers)
        counts, values = groups_of(numbers) if numbers else ((), ())
        key = ZEROFACE.key_of(ranks, False)
        assert [-v for v in key[1:]] == [*values, *[0] * zeros]
        assert (key[0] == -1) == all(n == 1 for n in counts)


def test_high_short_is_high_on_complete_hands() -> None:
    hands = np.array([hand for _, _, hand in hand_classes()], dtype=np.int64)
    mine, high = HIGH_SHORT.evaluate_many(hands).tolist(), HIGH.evaluate_many(hands).tolist()
    assert [HIGH_SHORT.key(s) for s in mine] == [HIGH.key(s) for s in high]


def test_short_hands_lose_to_complete_hands_of_their_category_and_beat_lower_categories() -> None:
    complete = [HIGH.key(s) for s in range(len(HIGH.keys))]
    lowest = {category: min(k for k in complete if k[0] == category) for category in {k[0] for k in complete}}
    highest_below = {category: max(k for k in complete if k[0] < category) for category in (2, 3, 4, 8)}
    for size in range(1, 5):
        for ranks in combinations_with_replacement(range(13), size):
            if max(Counter(ranks).values()) > 4:
                continue
            hand = [r * 4 + ranks[:i].count(r) for i, r in enumerate(ranks)]
            key = HIGH_SHORT.key(HIGH_SHORT.evaluate(hand))
            category = key[0]
            counts, _ = groups_of(list(ranks))
            assert category == {(1,): 1, (2,): 2, (2, 2): 3, (3,): 4, (4,): 8}[
                tuple(n for n in counts if n > 1) or (1,)]
            assert key < lowest[category]
            assert category == 1 or highest_below[category] < key


def test_high_short_arranges_a_short_hand_as_people_read_a_poker_hand() -> None:
    """A short hand is arranged as HIGH arranges any hand without a straight (biggest group first, then the higher
    rank, the ace high, then suit), which is what people read (``read_order``, ace high): every rank multiset of 1
    to 4 cards, in several suits and orders."""
    rng = np.random.default_rng(7)
    for size in range(1, 5):
        for ranks in combinations_with_replacement(range(13), size):
            if max(Counter(ranks).values()) > 4:
                continue
            for _ in range(3):
                suits = {r: rng.permutation(4).tolist() for r in set(ranks)}
                hand = [r * 4 + suits[r][ranks[:i].count(r)] for i, r in enumerate(ranks)]
                hand = [hand[i] for i in rng.permutation(size)]
                assert HIGH_SHORT.arrange(hand, HIGH_SHORT.evaluate(hand)) == read_order(hand, ace_high), hand


def test_piles_low_reads_values_alone_and_qualifies_with_every_card_five_or_lower() -> None:
    """PILES-LOW: pairs and trips do not count; all five cards must be 5 or lower to qualify."""
    for ranks in combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        values = sorted((1 if r == 12 else r + 2 for r in ranks), reverse=True)
        key = PILES_LOW.key_of(ranks, False)
        assert key == (-1, *(-v for v in values))
        assert PILES_QUALIFIER.passes(PILES_LOW, key) == (values[0] <= 5)
    best = PILES_LOW.evaluate(cards("Ac Ad Ah As 2c"))
    assert all(score < best for score in PILES_LOW.evaluate_many(random_hands(2000)).tolist())


# --- brute force: naive keys from the reference text agree with the vectorised tables ------------------------


def naive_poker(values: Sequence[int], flush: bool, straights: Sequence[set[int]]) -> tuple[str, NaiveKey]:
    """A poker hand's category name and tie-break values; ``straights`` lists the value sets that are straights,
    each valued by its top card (the wheel {14, 2, 3, 4, 5} by its 5)."""
    counts, heads = groups_of(values)
    straight_top = 0
    for run in straights:
        if set(values) == run and len(set(values)) == 5:
            straight_top = max(run) if not ({14, 2} <= run) else max(v for v in run if v < 10)
    if straight_top and flush:
        return "straight-flush", (straight_top,)
    if counts[0] == 4:
        return "four-of-a-kind", heads
    if counts[:2] == (3, 2):
        return "full-house", heads
    if flush:
        return "flush", tuple(sorted(values, reverse=True))
    if straight_top:
        return "straight", (straight_top,)
    if counts[0] == 3:
        return "three-of-a-kind", heads
    if counts[:2] == (2, 2):
        return "two-pair", heads
    if counts[0] == 2:
        return "pair", heads
    return "high-card", heads


ACE_LOW_STRAIGHTS = [set(range(low, low + 5)) for low in range(1, 10)]  # A-2-3-4-5 ... 9-T-J-Q-K, ace = 1
ACE_HIGH_STRAIGHTS = [set(range(low, low + 5)) for low in range(2, 11)]  # 2-3-4-5-6 ... T-J-Q-K-A
TICKET_ORDER = ["high-card", "pair", "two-pair", "three-of-a-kind", "ticket", "straight", "flush", "full-house",
                "four-of-a-kind", "straight-flush"]


def naive_ticket(hand: Sequence[int], order: Sequence[str] = TICKET_ORDER) -> NaiveKey:
    """Rails: aces low only; a Ticket is four cards of one suit plus a J, Q or K of a different suit; Tickets
    compare by rider, then by the four flush cards from the top down."""
    values = [1 if c >> 2 == 12 else (c >> 2) + 2 for c in hand]
    suits = [c & 3 for c in hand]
    name, tiebreak = naive_poker(values, len(set(suits)) == 1, ACE_LOW_STRAIGHTS)
    best = (order.index(name), *tiebreak)
    for i in range(5):
        rest = [s for j, s in enumerate(suits) if j != i]
        if len(set(rest)) == 1 and suits[i] != rest[0] and values[i] in (11, 12, 13):
            flush = sorted((v for j, v in enumerate(values) if j != i), reverse=True)
            best = max(best, (order.index("ticket"), values[i], *flush))
    return best


def test_ticket_agrees_with_a_naive_reading_of_the_rules() -> None:
    hands = np.concatenate([random_hands(6000), four_suited_hands(4000)])
    assert_same_order(TICKET, hands, naive_ticket)


def test_ticket_position_is_a_parameter() -> None:
    order = ["high-card", "pair", "two-pair", "three-of-a-kind", "straight", "flush", "ticket", "full-house",
             "four-of-a-kind", "straight-flush"]
    above_flush = ticket_ranking("flush")
    hands = np.concatenate([random_hands(3000, seed=3), four_suited_hands(3000, seed=5)])
    assert_same_order(above_flush, hands, lambda h: naive_ticket(h, order))
    with pytest.raises(ValueError, match="ticket"):
        ticket_ranking("ticket")


SOKO_ORDER = ["high-card", "pair", "four-straight", "four-flush", "two-pair", "three-of-a-kind", "straight",
              "flush", "full-house", "four-of-a-kind", "straight-flush"]


def naive_soko(hand: Sequence[int]) -> NaiveKey:
    """Sökö: a four-card flush and a four-card straight beat one pair and lose to two pair; the four-flush beats
    the four-straight; ties compare the four cards from the top down, then the fifth."""
    values = [(c >> 2) + 2 for c in hand]
    suits = [c & 3 for c in hand]
    name, tiebreak = naive_poker(values, len(set(suits)) == 1, [*ACE_HIGH_STRAIGHTS, {14, 2, 3, 4, 5}])
    best = (SOKO_ORDER.index(name), *tiebreak)
    if name not in ("high-card", "pair"):
        return best
    for four in combinations(range(5), 4):
        fifth = values[next(i for i in range(5) if i not in four)]
        quad = [values[i] for i in four]
        if len({suits[i] for i in four}) == 1:
            best = max(best, (SOKO_ORDER.index("four-flush"), *sorted(quad, reverse=True), fifth))
        for low_ace in (False, True):
            run = sorted((1 if low_ace and v == 14 else v for v in quad), reverse=True)
            if len(set(run)) == 4 and run[0] - run[3] == 3:
                best = max(best, (SOKO_ORDER.index("four-straight"), *run, fifth))
    return best


def test_soko_agrees_with_a_naive_reading_of_the_rules() -> None:
    hands = np.concatenate([random_hands(6000, seed=21), four_suited_hands(3000, seed=22)])
    assert_same_order(SOKO, hands, naive_soko)


def naive_runs(hand: Sequence[int]) -> NaiveKey:
    """Ruby Run: a run is three or more cards of consecutive rank and one colour; suited run > same-colour run >
    no run; then run length; red beats black; then the poker hand with aces high only."""
    red = {1, 2}
    best_run: NaiveKey = (0, 0, 0)
    for n in (3, 4, 5):
        for subset in combinations(hand, n):
            ranks = sorted(c >> 2 for c in subset)
            suits = {c & 3 for c in subset}
            colours = {s in red for s in suits}
            if len(colours) == 1 and len(set(ranks)) == n and ranks[-1] - ranks[0] == n - 1:
                category = 2 if len(suits) == 1 else 1
                best_run = max(best_run, (category, n, int(colours.pop())))
    values = [(c >> 2) + 2 for c in hand]
    name, tiebreak = naive_poker(values, len({c & 3 for c in hand}) == 1, ACE_HIGH_STRAIGHTS)
    order = ["high-card", "pair", "two-pair", "three-of-a-kind", "straight", "flush", "full-house",
             "four-of-a-kind", "straight-flush"]
    return (*best_run, order.index(name), *tiebreak)


def test_runs_agree_with_a_naive_reading_of_the_rules() -> None:
    rng = np.random.default_rng(31)
    runs = []  # hands built around a run, so that every run kind comes up
    for _ in range(samples(750, 3000)):
        length = int(rng.integers(3, 6))
        start = int(rng.integers(0, 14 - length))
        suit = int(rng.integers(4))
        partner = suit ^ 3 if rng.integers(2) else suit  # c<->s and d<->h share a colour
        hand = [(start + i) * 4 + (suit if i % 2 == 0 else partner) for i in range(length)]
        while len(hand) < 5:
            card = int(rng.integers(52))
            if card not in hand:
                hand.append(card)
        runs.append(hand)
    hands = np.concatenate([random_hands(5000, seed=32), np.array(runs, dtype=np.int64)])
    assert_same_order(RUNS, hands, naive_runs)
    for row in hands[:500].tolist():
        assert RUNS.key(RUNS.evaluate(row))[:3] == naive_runs(row)[:3]


def test_runs_reference_example_a_short_suited_run_beats_a_long_colour_run() -> None:
    """2♦3♦4♦ beats 6♦7♦8♥9♥."""
    assert RUNS.evaluate(cards("2d 3d 4d Ks Qc")) > RUNS.evaluate(cards("6d 7d 8h 9h Ac"))


SUIT_STRENGTH = {2: 3, 1: 2, 0: 1, 3: 0}  # hearts > diamonds > clubs > spades


def naive_suits(hand: Sequence[int]) -> NaiveKey:
    """Telesina with suits breaking ties: the hand's key, then its suits read card by card in hand order."""
    ranks = sorted(c >> 2 for c in hand)
    key = TELESINA_7PLUS.key_of(ranks, len({c & 3 for c in hand}) == 1)
    ace_last = key[0] in (5, 9) and key[1] != 14
    counts = Counter(c >> 2 for c in hand)
    ordered = sorted(hand, key=lambda c: (counts[c >> 2], -1 if ace_last and c >> 2 == 12 else c >> 2,
                                          SUIT_STRENGTH[c & 3]), reverse=True)
    return (*key, *(SUIT_STRENGTH[c & 3] for c in ordered))


def test_telesina_suit_tiebreak_agrees_with_a_naive_reading() -> None:
    deck = range(20, 52)  # 7 to ace
    hands = random_hands(6000, deck=deck, seed=41)
    assert_same_order(TELESINA_SUITS, hands, naive_suits)
    scores = TELESINA_SUITS.evaluate_many(hands)
    base = TELESINA_7PLUS.evaluate_many(hands)
    # suits only break ties: the order of unequal hands is TELESINA's
    order = np.argsort(scores, kind="stable")
    assert (np.diff(base[order]) >= 0).all()
    # and they break every tie between different cards
    distinct = {tuple(sorted(h)) for h in hands.tolist()}
    assert len(set(scores.tolist())) == len(distinct)
    for row in hands[:300].tolist():
        played = TELESINA_SUITS.evaluate(row)
        assert TELESINA_SUITS.score_of_key(TELESINA_SUITS.key(played)) == played


def test_blackjack_totals_every_two_and_three_card_hand() -> None:
    """BLACKJACK: A = 1 or 11, courts 10; the highest total of 21 or less; over 21 is bust (no hand)."""
    points = [2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 1]
    for size in (2, 3):
        for ranks in combinations_with_replacement(range(13), size):
            hand = [r * 4 + i for i, r in enumerate(ranks)]
            total = sum(points[r] for r in ranks)
            if 12 in ranks and total <= 11:
                total += 10
            got = BLACKJACK.evaluate(hand)
            if total > 21:
                assert got == NO_HAND
            else:
                assert BLACKJACK.key(got) == (total, int(size == 2 and total == 21))


# --- EGYPT6: category counts over all 20,358,520 six-card hands, from first principles --------------------------

def egypt6_expected_counts() -> dict[str, int]:
    distinct, straights = comb(13, 6), 9  # A-2-3-4-5-6 ... 9-T-J-Q-K-A
    return {
        "house-party": 13 * 12 * comb(4, 2),
        "four-of-a-kind": 13 * comb(12, 2) * 4 ** 2,
        "double-happy": comb(13, 2) * 4 ** 2,
        "full-house": 13 * 12 * 11 * 4 * comb(4, 2) * 4,
        "three-of-a-kind": 13 * comb(12, 3) * 4 * 4 ** 3,
        "three-pair": comb(13, 3) * comb(4, 2) ** 3,
        "two-pair": comb(13, 2) * comb(11, 2) * comb(4, 2) ** 2 * 4 ** 2,
        "pair": 13 * comb(12, 4) * comb(4, 2) * 4 ** 4,
        "straight-flush": straights * 4,
        "straight": straights * (4 ** 6 - 4),
        "flush": (distinct - straights) * 4,
        "high-card": (distinct - straights) * (4 ** 6 - 4),
    }


def test_egypt6_category_counts_over_every_six_card_hand() -> None:
    """Each rank multiset of six cards stands for prod C(4, n) hands (its flushes apart); the census over the
    multisets must give the counts worked out by hand."""
    census: Counter[str] = Counter()
    rows, weights, flushes = [], [], []
    for ranks in combinations_with_replacement(range(13), 6):
        counts = Counter(ranks)
        if max(counts.values()) > 4:
            continue
        seen: Counter[int] = Counter()
        hand = []
        for r in ranks:
            hand.append(r * 4 + seen[r])
            seen[r] += 1
        suited = len(counts) == 6
        if suited:
            hand[0] += 1  # a diamond among clubs: not a flush
            flushes.append([r * 4 for r in ranks])
        rows.append(hand)
        weights.append(prod(comb(4, n) for n in counts.values()) - (4 if suited else 0))
    for score, weight in zip(EGYPT6.evaluate_many(np.array(rows)).tolist(), weights, strict=True):
        census[EGYPT6.describe(score, ()).category] += weight
    for score in EGYPT6.evaluate_many(np.array(flushes)).tolist():
        census[EGYPT6.describe(score, ()).category] += 4
    expected = egypt6_expected_counts()
    assert dict(census) == expected
    assert sum(expected.values()) == comb(52, 6)
    assert set(expected) == set(EGYPT6_CATEGORIES.values())


# --- the reference's worked examples ------------------------------------------------------------------------

def test_ramone_examples() -> None:
    """Ramone 9-6-5 loses to 9-6-4-3-2, beats 9-6-5-3-2 (a tie goes to Ramone), and beats 8-5-3-3-2 (the pair
    of 3s is worse)."""
    ramone = cards("9c 6d 5h")
    assert beats_the_boot(cards("9s 6h 4c 3d 2c"), ramone)
    assert not beats_the_boot(cards("9s 6h 5c 3d 2c"), ramone)
    assert not beats_the_boot(cards("8s 5c 3h 3d 2c"), ramone)
    assert sorted(highest_three(cards("8s 5c 3h 3d 2c"))) == sorted(cards("8s 3h 3d"))


def test_ramone_pairs_and_zero_courts() -> None:
    """Any pair loses to an unpaired three; a paired boot loses to an unpaired hand; lower pairs beat higher;
    with courts counting zero (riding-ramone-zero) K-K is no pair and worth 0."""
    assert beats_the_boot(cards("Kc Qd Jh 3s 2c"), cards("9c 9d 5h"))  # K-Q-J unpaired beats a pair of nines
    assert beats_the_boot(cards("4c 4d 7h 3s 2c"), cards("5c 5d 2h"))  # 4-4-7 beats 5-5-2
    assert not beats_the_boot(cards("5s 5h 2d 3s Ac"), cards("5c 5d 2h"))  # 5-5-3 against 5-5-2: Ramone
    assert not beats_the_boot(cards("Kc Kd 7h 3s 2c"), cards("8c 6d 5h"))  # K-K-7 is a pair: Ramone
    assert beats_the_boot(cards("Kc Kd 7h 3s 2c"), cards("8c 6d 5h"), courts_zero=True)  # 7-0-0 beats 8-6-5
    assert not beats_the_boot(cards("Kc Qd 7h 3s 2c"), cards("7c Jd Kh"), courts_zero=True)  # a tie: Ramone


def test_guts3_reference_order() -> None:
    """three of a kind > straight flush > straight > flush > pair > high card."""
    order = ["Ac Kd 9h", "Ac Ad Kh", "Ac Kc 9c", "Qc Kd Ah", "Qc Kc Ac", "2c 2d 2h"]
    scores = [GUTS3.evaluate(cards(h)) for h in order]
    assert scores == sorted(scores)
    assert len(set(scores)) == len(scores)


# --- speed ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(SPECIAL_RANKINGS))
def test_every_special_ranking_scores_many_thousand_hands_a_second(name: str) -> None:
    ranking = SPECIAL_RANKINGS[name]
    size = 2 if name.startswith("GUTS2") else ranking.size
    hands = random_hands(20_000, size=size, seed=51)
    ranking.evaluate_many(hands[:10])  # tables built once, outside the timing
    start = time.perf_counter()
    scores = ranking.evaluate_many(hands)
    elapsed = time.perf_counter() - start
    assert len(scores) == len(hands)
    assert elapsed < 2.0, f"{name}: {len(hands) / elapsed:.0f} hands/s"
