"""RUNS' run part read by table (``run_codes``: the greatest of the codes its suits' and colours' rank masks make)
against the reading it replaces (``run_codes_by_suit``: each suit's and colour's longest run, the suited one first),
and both against the definition (``run_of``) on a sample."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given
from hypothesis import strategies as st

from evaluator.rankings.special import RUNS
from evaluator.rankings.special.runs import RUN_CODES, run_of
from tests.evaluator.rankings.test_digest import _chunks


def _agree(hands: npt.NDArray[np.int64]) -> None:
    assert np.array_equal(RUNS.run_codes(hands), RUNS.run_codes_by_suit(hands))


@pytest.mark.slow
def test_every_five_card_hand_has_the_run_code_of_its_suits_and_colours() -> None:
    """All 2,598,960 hands."""
    for chunk in _chunks():
        _agree(chunk.astype(np.int64))


def test_seeded_hands_have_the_run_code_of_their_suits_and_colours() -> None:
    """100,000 hands of five distinct cards, 100,000 rows with repeats (a repeated card adds its rank bit twice in
    both readings: another rank's bit), and runs made often: cards from a few consecutive ranks."""
    rng = np.random.default_rng(41)
    _agree(rng.random((100_000, 52)).argsort(axis=1)[:, :5])
    _agree(rng.integers(0, 44, size=(100_000, 5)))  # queens at most: five repeats stay within 13 bits
    low = rng.random((100_000, 24)).argsort(axis=1)[:, :5] + 4 * rng.integers(0, 7, size=(100_000, 1))
    _agree(low)


@given(st.lists(st.lists(st.integers(0, 51), min_size=5, max_size=5), min_size=1, max_size=300))
def test_any_rows_have_the_run_code_of_their_suits_and_colours_or_are_refused_by_both(rows: list[list[int]]) -> None:
    hands = np.array(rows, dtype=np.int64)
    try:
        expected = RUNS.run_codes_by_suit(hands)
    except IndexError:  # repeats past the ace: see below
        with pytest.raises(IndexError):
            RUNS.run_codes(hands)
    else:
        assert np.array_equal(RUNS.run_codes(hands), expected)


def test_the_run_code_is_the_run_of_the_definition() -> None:
    rng = np.random.default_rng(42)
    hands = rng.random((3_000, 20)).argsort(axis=1)[:, :5] + 16
    codes = RUNS.run_codes(hands).tolist()
    assert [RUN_CODES[code] for code in codes] == [run_of(hand) for hand in hands.tolist()]
    assert len(set(codes)) > 8  # suited and colour runs of several lengths and both colours


@pytest.mark.parametrize("odd", [[52, 0, 4, 8, 12], [51, 51, 0, 1, 2], [47, 47, 51, 4, 5]])
def test_a_joker_or_repeats_past_the_ace_are_refused_in_both_readings(odd: list[int]) -> None:
    """A joker has no rank bit; two aces of a suit (or two kings and that ace) add up past the 13 bits."""
    hands = np.random.default_rng(43).random((50, 52)).argsort(axis=1)[:, :5]
    hands[7] = odd
    with pytest.raises(IndexError):
        RUNS.run_codes_by_suit(hands)
    with pytest.raises(IndexError):
        RUNS.run_codes(hands)
