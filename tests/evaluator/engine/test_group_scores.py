"""Each board group's best score found for all groups at once (``_group_scores``, one ``reduceat``) against the
straightforward reading: each group's slice, its maximum, read as ``played_hand`` reads it."""

from __future__ import annotations

import random
from itertools import pairwise

import numpy as np
import numpy.typing as npt
import pytest

from evaluator.engine.group_search import _group_scores, _seats_group_scores
from evaluator.rankings import NO_HAND
from tests.samples import samples

pytestmark = pytest.mark.slow  # random samples reduced in make test, in full under make stress


def _score(ranked: npt.NDArray[np.int64], doubled: bool) -> int | None:
    """The score of the best combination, as :func:`played_hand` reads it (None: no hand)."""
    if not len(ranked):
        return None
    best = int(ranked.max())
    score = best >> 1 if doubled else best
    return None if score == NO_HAND or best < 0 else score


@pytest.mark.parametrize("doubled", [False, True])
def test_every_groups_score_is_the_best_of_its_own_rows(doubled: bool) -> None:
    """Seeded groups, empty ones among them (first, last, several in a row), rows of no hand (``NO_HAND``, and
    ``2 * NO_HAND + natural`` when doubled) and ties."""
    rng = random.Random(f"group scores {doubled}")
    empty = 0
    for _ in range(samples(750, 3000)):
        sizes = [rng.choice([0, 0, 1, 2, 5, 9]) for _ in range(rng.randint(1, 7))]
        starts = (0, *np.cumsum(sizes).tolist())
        none = 2 * NO_HAND + 1 if doubled else NO_HAND
        ranked = np.array([rng.choice([none, none - 1, rng.randint(0, 40)]) for _ in range(starts[-1])],
                          dtype=np.int64)
        expected = tuple(_score(ranked[a:b], doubled) for a, b in pairwise(starts))
        assert _group_scores(ranked, starts, doubled) == expected
        empty += None in expected
    assert empty > samples(250, 1000)


@pytest.mark.parametrize("doubled", [False, True])
def test_every_seats_groups_scores_found_together_are_the_best_of_its_own_rows(doubled: bool) -> None:
    """Seats whose rows are grouped alike (one row of ``ranked`` each), read together: each seat's groups as its
    rows alone read them, also with no seat and with no row."""
    rng = random.Random(f"seats group scores {doubled}")
    none = 2 * NO_HAND + 1 if doubled else NO_HAND
    for _ in range(samples(250, 1000)):
        sizes = [rng.choice([0, 0, 1, 3, 7]) for _ in range(rng.randint(1, 6))]
        starts = (0, *np.cumsum(sizes).tolist())
        seats = rng.randint(0, 4)
        ranked = np.array([[rng.choice([none, rng.randint(0, 30)]) for _ in range(starts[-1])] for _ in range(seats)],
                          dtype=np.int64).reshape(seats, starts[-1])
        expected = [tuple(_score(row[a:b], doubled) for a, b in pairwise(starts)) for row in ranked]
        assert _seats_group_scores(ranked, starts, doubled) == expected
