"""Declare's one-group reading compiled (:mod:`evaluator.engine.group_kernels`) answers what its numpy reading
answers: each seat's and group's best score and row on random rows (ties, hands and no hands, doubled values, empty
groups, a combination in several groups, repeated cards); and each group's hand a :class:`GroupHands` spells out, and
whether it says the search chose it, are what the straightforward reading gives (``played_hand`` over the group's
combinations alone), compiled and not, on random deals of every one-group game and its rarer rules."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import evaluator.engine.group_search as group_search
import evaluator.engine.kernels as kernels
import evaluator.engine.showdown as showdown
from evaluator.engine import group_kernels
from evaluator.engine.group_search import GroupHands
from evaluator.engine.showdown import adjudicate
from evaluator.formation import BoardGroup
from evaluator.values.deal import Seat
from evaluator.variant import HandSpec, Variant
from tests.evaluator.mechanisms.test_declare_groups import GAMES, _deals
from tests.samples import samples

pytestmark = pytest.mark.slow  # property samples reduced in make test, in full under make stress


@settings(max_examples=samples(100, 400), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), searches=st.integers(1, 5), seats=st.integers(1, 5),
       combos=st.integers(1, 30), groups=st.integers(1, 6), doubled=st.booleans(), repeats=st.floats(0, 0.6))
def test_each_seats_and_groups_best_score_and_row_are_the_numpy_readings(
        seed: int, searches: int, seats: int, combos: int, groups: int, doubled: bool, repeats: float) -> None:
    """Seats of 9 slots (cards repeated within a seat too, so that two combinations can hold the same cards) whose
    ``combos`` rows of five slot indexes are listed again group by group (a row in none, one or several groups, some
    groups empty), scored from a few values, no hand (below 0) among them, seat after seat, by one to five
    searches read together (int32 scores too): the compiled pass finds each search's, seat's and group's score and
    best row as the numpy reading of that search does."""
    rng = np.random.default_rng(seed)
    cards = rng.integers(0, 52, (seats, 9)).astype(np.int64)
    cards[rng.random(cards.shape) < repeats] = cards[0, 0]
    among = np.array([rng.choice(9, 5, replace=False) for _ in range(combos)], dtype=np.int64)
    each = [np.flatnonzero(rng.random(combos) < rng.random()) for _ in range(groups)]
    rows = np.concatenate(each).astype(np.int64)
    starts = np.array([0, *np.cumsum([len(e) for e in each])], dtype=np.int64)
    values = np.array([-2, -1, 0, 3, 7, 8], dtype=np.int64)
    ranked = [rng.choice(values, seats * combos + 4).astype(rng.choice([np.int64, np.int32])) for _ in range(searches)]
    firsts = np.array(sorted(rng.choice(4 + (seats - 1) * combos + 1, seats, replace=False)), dtype=np.int64)
    scores, bests = group_kernels.groups_best(ranked, firsts, rows, starts, among, cards, doubled)
    for h, scored in enumerate(ranked):
        assert (scores[h], bests[h]) == group_kernels.groups_best_numpy(scored, firsts.tolist(), rows,
                                                                        starts.tolist(), among, cards, doubled)


def test_the_kernel_is_compiled_for_one_signature_and_refuses_other_types() -> None:
    """One compiled signature (int64 arrays): arrays of another type are refused, not compiled anew in the middle of
    a request."""
    one = np.zeros(1, dtype=np.int64)
    table = np.zeros((1, 5), dtype=np.int64)
    group_kernels.groups_best([one], one, one, np.array([0, 1], dtype=np.int64), table, table, False)
    kernel = group_kernels._groups_best_kernel()
    written = np.zeros((2, 1, 1, 1), dtype=np.int64)
    with pytest.raises(TypeError):
        kernel(one, one, 1, one, one, np.array([0, 1], dtype=np.int32), table, table, False, written)
    assert len(kernel.signatures) == 1


def _checked(read: list[bool]) -> Any:
    """``_Table.group_bests`` answering as before, after checking, for its seats and every live seat, that each
    group's hand spelled out (and whether it is the search's) is the straightforward reading's (``read``: whether the
    answer was read from the search)."""
    def group_bests(self: Any, specs: Sequence[HandSpec], seats: Sequence[Seat], groups: Sequence[BoardGroup]
                    ) -> Any:
        for some in (seats, self.live):
            found = group_search.group_bests(specs, some, groups, self.board, self.game, self.deal, self.kept)
            assert found is not None
            for spec_hands in found:
                for hands in spec_hands:
                    read.append(hands.searched is not None)
                    for g in range(len(groups)):
                        assert hands.played(g) == group_search._played_one_group(hands, g)
                        plainly = GroupHands(hands.scoring, hands.slots, hands.combos, hands.rows, hands.starts,
                                             hands.ranked, hands.first, hands.names, hands.wild, hands.scores,
                                             hands.qualifies)
                        assert hands.best_row(g) == plainly.best_row(g)  # the numpy reading, group by group
        return group_search.group_bests(specs, seats, groups, self.board, self.game, self.deal, self.kept)

    return group_bests


@pytest.mark.parametrize("compiled", [True, False])
@pytest.mark.parametrize("game", GAMES, ids=lambda v: v.id)
def test_each_groups_hand_is_the_one_played_hand_finds_over_that_groups_combinations(
        game: Variant, compiled: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    read: list[bool] = []
    monkeypatch.setattr(kernels, "ENABLED", compiled)
    monkeypatch.setattr(showdown._Table, "group_bests", _checked(read))
    rng = random.Random(f"group kernels {game.id}")
    for deal in _deals(game, rng, samples(10, 100)):
        adjudicate(game, deal)
    assert any(read)  # read from the search's scores, not only listed again


@pytest.mark.parametrize("game", GAMES, ids=lambda v: v.id)
def test_every_answer_with_the_compiled_reading_is_the_numpy_readings(game: Variant,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(f"group kernels answers {game.id}")
    for deal in _deals(game, rng, samples(20, 200)):
        with monkeypatch.context() as patch:
            patch.setattr(kernels, "ENABLED", False)
            expected = adjudicate(game, deal)
        assert adjudicate(game, deal) == expected, deal
