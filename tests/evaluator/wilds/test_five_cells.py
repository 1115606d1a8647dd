"""Five-card hands of a table ranking with wild cells scored by the chain of state tables (``_five_cells``) against
the straightforward reading it replaces (``_five_cells_sorted``: cells sorted into a multiset index over the ranks
and the wild cell, the natural cards' suits compared apart): the same score for every multiset of cells in every
suit state and order, and for random batches, jokers and wild cards of every rank among them."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given
from hypothesis import strategies as st

from evaluator.rankings import TableRanking
from evaluator.rankings._multiset import sorted_multisets
from evaluator.values.cards import JOKER_BASE, MAX_JOKERS
from evaluator.wilds import scoring
from evaluator.wilds.scoring import score_with_wilds
from evaluator.wilds.table import WILD_CELL
from tests.evaluator.rankings.test_chain import TABLE_RANKINGS

NAMES = sorted(TABLE_RANKINGS)
DECK = JOKER_BASE + MAX_JOKERS


def _agree(ranking: TableRanking, cards: npt.NDArray[np.int64], wild: npt.NDArray[np.bool_]) -> None:
    chained = scoring._five_cells(ranking, cards, wild)
    reference = scoring._five_cells_sorted(ranking, cards, wild)
    assert chained.dtype == reference.dtype
    assert np.array_equal(chained, reference)


@pytest.mark.parametrize("name", NAMES)
def test_every_multiset_of_cells_in_every_suit_state_and_order_scores_as_sorted(name: str) -> None:
    """All 8,568 multisets of five cells over the thirteen ranks and the wild cell: the natural cards of one suit
    (each suit), of one suit but one, and mixed; a wild cell is a joker or a card of any rank; every row in a
    random order of its cells."""
    rng = np.random.default_rng(9)
    symbols = sorted_multisets(5, symbols=WILD_CELL + 1)
    wild = symbols == WILD_CELL
    rows, masks = [], []
    for suit in range(4):
        for odd in (None, *range(5)):
            suits = np.full(symbols.shape, suit)
            if odd is not None:
                suits[:, odd] = (suit + 1 + odd) % 4
            as_cards = np.where(wild, rng.integers(0, DECK, size=symbols.shape), symbols * 4 + suits)
            rows.append(as_cards)
            masks.append(wild)
    rows.append(np.where(wild, rng.integers(0, DECK, size=symbols.shape),
                         symbols * 4 + rng.integers(0, 4, size=symbols.shape)))
    masks.append(wild)
    order = rng.permuted(np.tile(np.arange(5), (len(symbols) * len(rows), 1)), axis=1)
    cards = np.take_along_axis(np.concatenate(rows), order, axis=1)
    cells = np.take_along_axis(np.concatenate(masks), order, axis=1)
    _agree(TABLE_RANKINGS[name], cards, cells)


@pytest.mark.parametrize("name", NAMES)
def test_random_batches_with_wild_cells_score_as_sorted(name: str) -> None:
    """100,000 rows of five distinct cards of a deck with eight jokers, the jokers wild and each card wild with
    some chance (several per row, none, all five), seeded."""
    rng = np.random.default_rng(23)
    cards = rng.random((100_000, DECK)).argsort(axis=1)[:, :5]
    wild = (cards >= JOKER_BASE) | (rng.random(cards.shape) < rng.random((len(cards), 1)))
    _agree(TABLE_RANKINGS[name], cards, wild)


_ROWS = st.lists(st.tuples(st.lists(st.integers(0, DECK - 1), min_size=5, max_size=5),
                           st.lists(st.booleans(), min_size=5, max_size=5)), min_size=1, max_size=300)


@given(_ROWS, st.sampled_from(NAMES))
def test_any_batch_of_cells_scores_as_sorted(rows: list[tuple[list[int], list[bool]]], name: str) -> None:
    """Any cards (repeats allowed), the jokers always wild (a joker that is not wild never reaches the chain)."""
    cards = np.array([c for c, _ in rows], dtype=np.int64)
    wild = np.array([w for _, w in rows], dtype=bool) | (cards >= JOKER_BASE)
    _agree(TABLE_RANKINGS[name], cards, wild)
    assert np.array_equal(score_with_wilds(TABLE_RANKINGS[name], cards, wild),
                          scoring._five_cells_sorted(TABLE_RANKINGS[name], cards, wild))


@pytest.mark.parametrize("rows", [1, 2, 3, 4, 5, 200, 3000])
def test_batches_of_any_size_score_as_sorted(rows: int) -> None:
    rng = np.random.default_rng(rows)
    cards = rng.integers(0, DECK, size=(rows, 5))
    wild = (cards >= JOKER_BASE) | (rng.random(cards.shape) < 0.3)
    for name in ("HIGH", "LOW-A5", "LOW-27", "HIGH-SHORT"):
        _agree(TABLE_RANKINGS[name], cards, wild)


@pytest.mark.parametrize("rows", [1, 4000])
def test_a_cell_that_is_no_card_is_read_as_when_sorted(rows: int) -> None:
    """A natural value past the cards or below them never reads a state of the chain: it is read as the sorted
    reading reads it (a value past the table fails there)."""
    cards = np.random.default_rng(2).integers(0, 52, size=(rows, 5))
    wild = np.zeros(cards.shape, dtype=bool)
    cards[rows // 2, 2] = 100
    for name in ("HIGH", "LOW-A5"):
        with pytest.raises(IndexError):
            scoring._five_cells_sorted(TABLE_RANKINGS[name], cards, wild)
        with pytest.raises(IndexError):
            scoring._five_cells(TABLE_RANKINGS[name], cards, wild)


def test_a_ranking_whose_suits_never_matter_has_a_chain_without_suit_states() -> None:
    """LOW-A5 ignores flushes: its wild chain follows rank multisets alone (2,380 of four cells), HIGH's in five
    suit states and "no natural card yet" besides."""
    assert len(scoring._wild_chain(TABLE_RANKINGS["LOW-A5"]).last) == 2380 * (JOKER_BASE + 1)
    assert len(scoring._wild_chain(TABLE_RANKINGS["HIGH"]).last) == 2380 * 6 * (JOKER_BASE + 1)


@pytest.mark.parametrize("dtype", [np.int8, np.int32, np.int64])
def test_cells_of_any_signed_integer_type_score_as_sorted(dtype: type[np.integer]) -> None:
    """(Unsigned cells are no comparison: the sorted reading marks a wild cell's suit -1, which they cannot hold.)"""
    rng = np.random.default_rng(31)
    cards = rng.integers(0, DECK, size=(500, 5))
    wild = (cards >= JOKER_BASE) | (rng.random(cards.shape) < 0.2)
    _agree(TABLE_RANKINGS["HIGH"], cards.astype(dtype), wild)
