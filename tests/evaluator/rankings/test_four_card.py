"""BADUGI and DOOGIE score by table lookup; the one-combination-at-a-time search they replaced is the oracle.

Every one of the C(52, 4) = 270,725 four-card hands is scored by the table and compared with the old search.
The old search only ever compares suits for equality, so it gives every hand the score of the same hand with its
suits renamed in order of first appearance; it runs once per such representative (a few thousand), not once per
hand. A random sample is also compared directly, without the renaming. DOOGIE's chain of state tables is compared with
its reading by subsets over every row of four card ints (slow), seeded and hypothesis rows; the reading of every
subset at once with the reading subset by subset over seeded and hypothesis rows of every width.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given
from hypothesis import strategies as st

from evaluator.rankings import BADUGI, DOOGIE, NO_HAND
from evaluator.rankings.four_card import FourCardLow
from tests.samples import samples

pytestmark = pytest.mark.slow  # random samples reduced in make test, in full under make stress


def old_evaluate_many(ranking: FourCardLow, hands: npt.NDArray[np.integer]) -> npt.NDArray[np.int32]:
    """The implementation before the table, verbatim: ``best_key`` of each row, one at a time."""
    out = np.empty(len(hands), dtype=np.int32)
    for i, row in enumerate(np.asarray(hands).tolist()):
        key = ranking.best_key(row)
        out[i] = NO_HAND if key is None else ranking.score_of_key(key)
    return out


def _renamed(hand: Sequence[int]) -> tuple[int, ...]:
    names: dict[int, int] = {}
    return tuple((c >> 2) << 2 | names.setdefault(c & 3, len(names)) for c in hand)


ALL_HANDS = np.array(list(combinations(range(52), 4)), dtype=np.int64)


@pytest.mark.parametrize("ranking", [DOOGIE, BADUGI], ids=lambda r: r.name)
def test_every_hand_scores_as_the_old_search(ranking: FourCardLow) -> None:
    renamed = [_renamed(h) for h in ALL_HANDS.tolist()]
    representatives = sorted(set(renamed))
    oracle = dict(zip(representatives, old_evaluate_many(ranking, np.array(representatives)).tolist(), strict=True))
    expected = np.array([oracle[r] for r in renamed], dtype=np.int32)
    got = ranking.evaluate_many(ALL_HANDS)
    assert got.dtype == np.int32
    assert np.array_equal(got, expected)
    # the same order on every pair of hands follows from equal scores; still, the scores are dense and complete
    legal = got[got != NO_HAND]
    assert set(np.unique(legal).tolist()) == set(range(len(ranking.keys)))


@pytest.mark.parametrize("ranking", [DOOGIE, BADUGI], ids=lambda r: r.name)
def test_a_sample_scores_as_the_old_search_without_renaming(ranking: FourCardLow) -> None:
    rng = np.random.default_rng(12)
    sample = ALL_HANDS[rng.choice(len(ALL_HANDS), 3_000, replace=False)]
    rng.permuted(sample, axis=1, out=sample)  # the order of the cards in a row plays no part either
    assert np.array_equal(ranking.evaluate_many(sample), old_evaluate_many(ranking, sample))


def test_an_empty_batch() -> None:
    assert DOOGIE.evaluate_many(np.empty((0, 4), dtype=np.int64)).shape == (0,)


@pytest.mark.parametrize("width", [0, 1, 2, 3, 5, 6])
@pytest.mark.parametrize("ranking", [DOOGIE, BADUGI], ids=lambda r: r.name)
def test_rows_of_other_widths_score_as_the_old_search(ranking: FourCardLow, width: int) -> None:
    """Short hands (fewer cards) and wider rows: the best legal subset of whatever the row holds."""
    rng = np.random.default_rng(width)
    rows = np.array([rng.permutation(52)[:width] for _ in range(2_000)], dtype=np.int64).reshape(2_000, width)
    assert np.array_equal(ranking.evaluate_many(rows), old_evaluate_many(ranking, rows))


@pytest.mark.parametrize("width", [1, 2, 3, 4, 5, 6])
@pytest.mark.parametrize("ranking", [DOOGIE, BADUGI], ids=lambda r: r.name)
def test_arrange_by_the_score_plays_the_cards_the_search_from_the_cards_plays(ranking: FourCardLow,
                                                                              width: int) -> None:
    """``arrange`` reads the values that play from the score; ``playing_cards`` searches the cards alone: the same
    cards in the same order, for every row whatever its order (seeded rows, pairs and suits repeated often)."""
    rng = np.random.default_rng(100 + width)
    for _ in range(samples(375, 1_500)):
        row = rng.choice(rng.choice(52, 12, replace=False), width, replace=False).tolist()
        assert ranking.arrange(row, ranking.evaluate(row)) == ranking.playing_cards(row)


def _chain_agrees(hands: npt.NDArray[np.int64]) -> None:
    """DOOGIE's chain of state tables (``evaluate_many``) against its reading by subsets (``evaluate_subsets``)."""
    chained = DOOGIE.evaluate_many(hands)
    assert chained.dtype == np.int32
    assert np.array_equal(chained, DOOGIE.evaluate_subsets(hands))


@pytest.mark.slow
def test_doogie_every_row_of_four_cards_scores_by_its_chain_as_by_subsets() -> None:
    """All 52^4 = 7,311,616 rows of four card ints, in every order and with repeats, a first card at a time."""
    rest = np.array(np.meshgrid(*[np.arange(52)] * 3, indexing="ij")).reshape(3, -1).T
    for first in range(52):
        _chain_agrees(np.column_stack((np.full(len(rest), first), rest)))


@pytest.mark.parametrize("rows", [1, 2, 4, 5, 1680, 100_000])
def test_doogie_random_rows_score_by_its_chain_as_by_subsets(rows: int) -> None:
    """Seeded rows of any four card ints (repeats allowed) and of four distinct cards, batches of every size."""
    rng = np.random.default_rng(rows)
    _chain_agrees(rng.integers(0, 52, size=(rows, 4)))
    _chain_agrees(rng.random((rows, 52)).argsort(axis=1)[:, :4])


@given(st.lists(st.lists(st.integers(0, 51), min_size=4, max_size=4), min_size=1, max_size=300))
def test_doogie_any_rows_score_by_its_chain_as_by_subsets(rows: list[list[int]]) -> None:
    _chain_agrees(np.array(rows, dtype=np.int64))


@pytest.mark.parametrize("rows", [1, 3000])
def test_doogie_a_joker_is_read_as_by_subsets(rows: int) -> None:
    """A value past the deck never reaches the chain's tables: it is read as the subsets read it."""
    hands = np.random.default_rng(6).integers(0, 52, size=(rows, 4))
    hands[rows // 2, 0] = 55
    _chain_agrees(hands)


def test_badugi_has_no_chain() -> None:
    """BADUGI's best subset depends on every card: it is scored by subsets."""
    assert BADUGI._chain is None


@pytest.mark.parametrize("width", [0, 1, 2, 3, 4, 5, 6, 8])
@pytest.mark.parametrize("ranking", [DOOGIE, BADUGI], ids=lambda r: r.name)
def test_every_subset_at_once_scores_as_subset_by_subset(ranking: FourCardLow, width: int) -> None:
    """Seeded rows of any width (repeats, jokers and all: the bit arithmetic is the same), and no rows."""
    rng = np.random.default_rng(50 + width)
    for rows in (rng.integers(0, 60, size=(20_000, width)), rng.integers(0, 16, size=(2_000, width)),
                 np.empty((0, width), dtype=np.int64)):
        together = ranking.evaluate_subsets(rows)
        assert together.dtype == np.int32
        assert np.array_equal(together, ranking.evaluate_subset_by_subset(rows))


@given(st.lists(st.integers(0, 59), min_size=0, max_size=7).flatmap(
    lambda row: st.lists(st.lists(st.integers(0, 59), min_size=len(row), max_size=len(row)), min_size=1,
                         max_size=50)))
def test_any_rows_score_every_subset_at_once_as_subset_by_subset(rows: list[list[int]]) -> None:
    hands = np.array(rows, dtype=np.int64).reshape(len(rows), -1)
    for ranking in (DOOGIE, BADUGI):
        assert np.array_equal(ranking.evaluate_subsets(hands), ranking.evaluate_subset_by_subset(hands))


@pytest.mark.parametrize("ranking", [DOOGIE, BADUGI], ids=lambda r: r.name)
def test_a_description_kept_by_score_is_the_one_its_key_gives(ranking: FourCardLow) -> None:
    """Every score described twice, in a shuffled order (the second time from what was kept), as its key reads."""
    scores = list(range(len(ranking.keys)))
    np.random.default_rng(9).shuffle(scores)
    for score in scores + scores:
        assert ranking.describe(score, []) == ranking._describe_key(ranking.keys[score])
