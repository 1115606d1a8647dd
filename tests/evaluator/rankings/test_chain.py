"""A table ranking scored by the chain of state tables (``TableRanking.evaluate_many``) against the straightforward
reading it replaces (``evaluate_sorted``: ranks sorted into a multiset index, then a flush test): the same score for
every rank multiset in every suit state and card order, every five-card hand, random batches, duplicates and all.
BREAKER's chain (jokers as the Breaker, no suits) against its own sorted reading likewise, and BLACKJACK's (points and
an ace so far) against its reading by sums; the suit pattern of TICKET and SOKO (mixed, a flush, or four of a suit and
the odd card's rank) by its chain against counting the suits."""

from __future__ import annotations

from itertools import product

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given
from hypothesis import strategies as st

from evaluator.catalog import CATALOG
from evaluator.rankings import RANKINGS, TableRanking
from evaluator.rankings._multiset import sorted_multisets, unsorted_multiset_indexes
from evaluator.rankings.special import BLACKJACK, BREAKER, SOKO, SPECIAL_RANKINGS, TICKET
from evaluator.rankings.special._tables import SuitPatternRanking
from evaluator.rankings.special.runs import ACES_HIGH
from evaluator.rankings.special.spots import SPOTS
from evaluator.values.cards import JOKER_BASE, MAX_JOKERS
from tests.evaluator.rankings.test_digest import _chunks


def _table_rankings() -> dict[str, TableRanking]:
    """Every table ranking the library defines or a catalog game uses (the bases of wrapping rankings too)."""
    found = [*RANKINGS.values(), *SPECIAL_RANKINGS.values(), ACES_HIGH, SPOTS,
             *(spec.ranking for variant in CATALOG for spec in variant.hands)]
    found += [base for r in found if isinstance(base := getattr(r, "base", None), TableRanking)]
    return {r.name: r for r in found if isinstance(r, TableRanking)}


TABLE_RANKINGS = _table_rankings()
NAMES = sorted(TABLE_RANKINGS)


def _agree(ranking: TableRanking, hands: npt.NDArray[np.int64]) -> None:
    chained = ranking.evaluate_many(hands)
    reference = ranking.evaluate_sorted(hands)
    assert chained.dtype == reference.dtype == np.int32
    assert np.array_equal(chained, reference)


def test_the_catalog_uses_the_standard_and_special_table_rankings() -> None:
    assert {"HIGH", "HIGH-6PLUS", "HIGH-7PLUS", "LOW-A5", "LOW-27", "LOW-A6", "HIGH-SHORT", "SPOTS",
            "WRAP", "ZEROFACE", "PILES-LOW"} <= set(TABLE_RANKINGS)


@pytest.mark.parametrize("name", NAMES)
def test_every_rank_multiset_in_every_suit_state_and_order_scores_as_sorted(name: str) -> None:
    """All 6,188 rank multisets of five (five of a kind included), each as a flush of every suit (repeated ranks
    repeat the card: only wild cards make such hands, but their score is defined), with one card off-suit at each
    position, and mixed; every row in a random order of its cards."""
    rng = np.random.default_rng(5)
    ranks = sorted_multisets(5)
    rows = []
    for suit in range(4):
        rows.append(ranks * 4 + suit)  # one suit
        for odd in range(5):  # four of one suit, the odd card at each position of the sorted ranks
            suits = np.full(5, suit)
            suits[odd] = (suit + 1 + odd) % 4
            rows.append(ranks * 4 + suits)
    rows.append(ranks * 4 + rng.integers(0, 4, size=ranks.shape))
    hands = rng.permuted(np.concatenate(rows), axis=1)
    _agree(TABLE_RANKINGS[name], hands)


@pytest.mark.parametrize("name", NAMES)
def test_random_batches_score_as_sorted(name: str) -> None:
    """100,000 rows of any five card ints (repeats allowed) and 100,000 of five distinct cards, seeded."""
    rng = np.random.default_rng(17)
    ranking = TABLE_RANKINGS[name]
    _agree(ranking, rng.integers(0, 52, size=(100_000, 5)))
    _agree(ranking, rng.random((100_000, 52)).argsort(axis=1)[:, :5])


@pytest.mark.slow
@pytest.mark.parametrize("name", ["HIGH", "HIGH-6PLUS", "LOW-A5", "LOW-27", "LOW-A6"])
def test_every_five_card_hand_in_a_shuffled_order_scores_as_sorted(name: str) -> None:
    """All 2,598,960 five-card hands of the deck, the cards of each row shuffled."""
    rng = np.random.default_rng(3)
    ranking = TABLE_RANKINGS[name]
    for chunk in _chunks():
        _agree(ranking, rng.permuted(chunk.astype(np.int64), axis=1))


@given(st.lists(st.lists(st.integers(0, 51), min_size=5, max_size=5), min_size=1, max_size=400),
       st.sampled_from(NAMES))
def test_any_batch_of_card_rows_scores_as_sorted(rows: list[list[int]], name: str) -> None:
    _agree(TABLE_RANKINGS[name], np.array(rows, dtype=np.int64))


@pytest.mark.parametrize("dtype", [np.int8, np.int32, np.int64, np.uint8])
@pytest.mark.parametrize("rows", [1, 2, 3, 4, 7, 199, 200, 3000])
def test_batches_of_any_size_and_integer_type_score_as_sorted(rows: int, dtype: type[np.integer]) -> None:
    hands = np.random.default_rng(rows).integers(0, 52, size=(rows, 5)).astype(dtype)
    for ranking in TABLE_RANKINGS.values():
        _agree(ranking, hands)


def test_no_rows_score_as_no_rows() -> None:
    scores = TABLE_RANKINGS["HIGH"].evaluate_many(np.empty((0, 5), dtype=np.int64))
    assert scores.shape == (0,)
    assert scores.dtype == np.int32


@pytest.mark.parametrize("value", [JOKER_BASE, JOKER_BASE + 7, 63, 64, 10_000])
@pytest.mark.parametrize("rows", [1, 3, 4, 5000])
def test_a_value_that_is_no_card_is_refused_never_scored(value: int, rows: int) -> None:
    """A joker (or any value past the deck) has no rank in a table ranking: an IndexError, as when sorted, never
    the score of some other hand."""
    hands = np.random.default_rng(1).integers(0, 52, size=(rows, 5))
    hands[rows // 2, 4] = value
    for ranking in (TABLE_RANKINGS["HIGH"], TABLE_RANKINGS["LOW-A5"]):
        with pytest.raises(IndexError):
            ranking.evaluate_sorted(hands)
        with pytest.raises(IndexError):
            ranking.evaluate_many(hands)


def test_rankings_with_the_same_tables_share_one_chain() -> None:
    """TELESINA's hands rank as short-deck high (its suit tiebreak aside): one chain, built once."""
    assert TABLE_RANKINGS["TELESINA"]._chain is TABLE_RANKINGS["HIGH-6PLUS"]._chain
    assert TABLE_RANKINGS["HIGH-SHORT"]._chain is not TABLE_RANKINGS["HIGH"]._chain  # its scores cover short hands


def test_the_chain_takes_one_state_per_card_and_suit_state() -> None:
    """Sizes: after four cards, 1,820 rank multisets in five suit states (one of four suits, mixed) for a ranking
    whose suits matter; the multisets alone for one whose suits do not."""
    high, low = TABLE_RANKINGS["HIGH"]._chain, TABLE_RANKINGS["LOW-A5"]._chain
    assert [len(step) for step in high.steps] == [52, 13 * 5 * 52, 91 * 5 * 52, 455 * 5 * 52]
    assert len(high.last) == 1820 * 5 * 52
    assert len(low.last) == 1820 * 52
    assert high.last.nbytes <= 2 << 20
    assert all(step.nbytes <= 1 << 20 for step in high.steps)


def test_each_order_of_one_hand_scores_alike() -> None:
    """The 120 orders of five cards read the same chain of states to the same score."""
    for ranking in (TABLE_RANKINGS["HIGH"], TABLE_RANKINGS["LOW-27"]):
        for hand in ([48, 44, 40, 36, 32], [0, 1, 2, 3, 4], [51, 51, 51, 51, 51], [3, 7, 11, 15, 51]):
            orders = np.array([[hand[i] for i in order] for order in product(range(5), repeat=5)
                               if len(set(order)) == 5], dtype=np.int64)
            scores = ranking.evaluate_many(orders)
            assert len(set(scores.tolist())) == 1
            assert scores[0] == ranking.evaluate_sorted(orders[:1])[0]


def _breaker_agree(hands: npt.NDArray[np.int64]) -> None:
    chained = BREAKER.evaluate_many(hands)
    assert chained.dtype == np.int32
    assert np.array_equal(chained, BREAKER.evaluate_sorted(hands))


def test_breaker_every_multiset_of_ranks_and_breakers_in_any_order_scores_as_sorted() -> None:
    """All 8,568 multisets of five over the thirteen ranks and the Breaker (two Breakers or five of a kind: no
    hand), each Breaker any of the eight jokers, each card any suit, in a random order."""
    rng = np.random.default_rng(4)
    symbols = np.tile(sorted_multisets(5, symbols=14), (8, 1))
    hands = np.where(symbols == 13, JOKER_BASE + rng.integers(0, MAX_JOKERS, size=symbols.shape),
                     symbols * 4 + rng.integers(0, 4, size=symbols.shape))
    _breaker_agree(rng.permuted(hands, axis=1))


@pytest.mark.parametrize("rows", [1, 2, 3, 4, 252, 100_000])
def test_breaker_random_batches_score_as_sorted(rows: int) -> None:
    """Any five values of the deck with its jokers (repeats allowed), seeded, in batches of every size."""
    _breaker_agree(np.random.default_rng(rows).integers(0, JOKER_BASE + MAX_JOKERS, size=(rows, 5)))


@given(st.lists(st.lists(st.integers(0, JOKER_BASE + MAX_JOKERS - 1), min_size=5, max_size=5), min_size=1,
                max_size=400))
def test_breaker_any_batch_scores_as_sorted(rows: list[list[int]]) -> None:
    _breaker_agree(np.array(rows, dtype=np.int64))


@pytest.mark.parametrize("rows", [1, 5000])
def test_breaker_a_value_past_the_jokers_is_read_as_when_sorted(rows: int) -> None:
    """Past the last joker, a value is read as the sorted reading reads it (one more Breaker), never as the chain's
    state of some other card."""
    hands = np.random.default_rng(8).integers(0, 52, size=(rows, 5))
    hands[rows // 2, 1] = 500
    _breaker_agree(hands)


@pytest.mark.parametrize("width", [2, 3])
def test_blackjack_every_row_of_two_and_three_cards_scores_as_summed(width: int) -> None:
    """All 52^2 and 52^3 rows (every order, repeats too), in one batch and one row at a time."""
    rows = np.array(list(product(range(52), repeat=width)), dtype=np.int64)
    chained = BLACKJACK.evaluate_many(rows)
    assert chained.dtype == np.int32
    assert np.array_equal(chained, BLACKJACK.evaluate_summed(rows))
    for row in np.random.default_rng(width).choice(rows, 300):
        assert np.array_equal(BLACKJACK.evaluate_many(row[None, :]), BLACKJACK.evaluate_summed(row[None, :]))


@pytest.mark.parametrize("width", [4, 6])
def test_blackjack_rows_of_other_widths_score_as_summed(width: int) -> None:
    rows = np.random.default_rng(width).integers(0, 52, size=(500, width))
    assert np.array_equal(BLACKJACK.evaluate_many(rows), BLACKJACK.evaluate_summed(rows))


def test_blackjack_a_joker_is_refused_as_when_summed() -> None:
    for rows in (1, 400):
        hands = np.random.default_rng(rows).integers(0, 52, size=(rows, 2))
        hands[-1, 1] = JOKER_BASE
        with pytest.raises(IndexError):
            BLACKJACK.evaluate_summed(hands)
        with pytest.raises(IndexError):
            BLACKJACK.evaluate_many(hands)


def _patterns_agree(hands: npt.NDArray[np.int64]) -> None:
    chained = SuitPatternRanking.patterns_of(hands)
    assert np.array_equal(chained, SuitPatternRanking.patterns_by_counts(hands))


def test_every_sequence_of_suits_has_the_pattern_counted() -> None:
    """All 4^5 = 1,024 sequences of five suits, each under 200 seeded rows of ranks (repeats allowed): mixed, a
    flush, four of a suit with the odd card anywhere."""
    rng = np.random.default_rng(12)
    suits = np.array(list(product(range(4), repeat=5)), dtype=np.int64)
    ranks = rng.integers(0, 13, size=(200, len(suits), 5))
    _patterns_agree((ranks * 4 + suits).reshape(-1, 5))


@pytest.mark.slow
def test_every_five_card_hand_in_a_shuffled_order_has_the_pattern_counted() -> None:
    rng = np.random.default_rng(13)
    for chunk in _chunks():
        _patterns_agree(rng.permuted(chunk.astype(np.int64), axis=1))


@given(st.lists(st.lists(st.integers(0, 51), min_size=5, max_size=5), min_size=1, max_size=300))
def test_any_rows_have_the_pattern_counted(rows: list[list[int]]) -> None:
    _patterns_agree(np.array(rows, dtype=np.int64))


@pytest.mark.parametrize("rows", [1, 4, 5, 504])
def test_ticket_and_soko_score_by_the_counted_pattern(rows: int) -> None:
    """Their tables read at the counted pattern; a joker refused as before the chain."""
    hands = np.random.default_rng(rows).random((rows, 52)).argsort(axis=1)[:, :5]
    for ranking in (TICKET, SOKO):
        index = unsorted_multiset_indexes(hands >> 2)
        expected = ranking._tables[1][index, SuitPatternRanking.patterns_by_counts(hands)]
        assert np.array_equal(ranking.evaluate_many(hands), expected)
        joker = hands.copy()
        joker[-1, 3] = JOKER_BASE
        with pytest.raises(IndexError):
            ranking.evaluate_many(joker)
