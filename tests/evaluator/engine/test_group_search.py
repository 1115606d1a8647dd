"""Declare's one-group search reading the showdown's own search (``group_bests`` given the kept searches: each
group's combinations take the scores the search of the hand gave them) against listing and scoring each group's
combinations again (``group_bests`` without them): for every live seat, hand and board group, the same score,
whether it qualifies and the same hand spelled out, on the seeded deals of every catalog game whose both-way
declarer plays from one group; the budget charged alike; and where a seat's wild cards differ by group, the scores
are not read from the search (a combination listed under one group would be scored with another group's wild
cards)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import numpy as np
import pytest

import evaluator.engine.group_search as group_search
import evaluator.engine.showdown as showdown
from evaluator import all_variants
from evaluator.catalog import variant_named
from evaluator.engine.group_search import GroupHands
from evaluator.engine.showdown import adjudicate
from evaluator.formation import BoardGroup
from evaluator.mechanisms.division import Declare
from evaluator.values.budget import work_budget
from evaluator.values.deal import Seat
from evaluator.variant import HandSpec, Variant
from evaluator.wilds.rules import GroupPositionRank
from tests.evaluator.engine.seeded import answer, seeded_calls


def _one_group_games() -> list[Variant]:
    """Every catalog game whose both-way declarer plays his two hands from one board group."""
    return [v for v in all_variants() if isinstance(v.division, Declare) and v.division.both_from_one_group
            and v.not_showdown is None]


def _read(found: Sequence[Sequence[GroupHands]]) -> list[list[tuple[object, ...]]]:
    """All that a reader of :class:`GroupHands` sees: each group's score, whether it qualifies, its hand."""
    return [[(b.scores, b.qualifies, [b.played(g) for g in range(len(b.scores))]) for b in spec] for spec in found]


def _compared(read_from_search: list[bool]) -> Any:
    """``_Table.group_bests`` answering as before, after checking, for no seat, its seats and every live seat, that
    the answer read from the search equals the one listed again (``read_from_search``: whether it was read)."""
    reading = group_search._from_search

    def spied(*args: Any) -> Any:
        found = reading(*args)
        read_from_search.append(found is not None)
        return found

    def group_bests(self: Any, specs: Sequence[HandSpec], seats: Sequence[Seat], groups: Sequence[BoardGroup]
                    ) -> Any:
        for some in ((), seats, self.live):
            listed = group_search.group_bests(specs, some, groups, self.board, self.game, self.deal)
            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(group_search, "_from_search", spied)
                read = group_search.group_bests(specs, some, groups, self.board, self.game, self.deal, self.kept)
            assert (listed is None) == (read is None)
            if listed is not None and read is not None:
                assert _read(read) == _read(listed)
        return group_search.group_bests(specs, seats, groups, self.board, self.game, self.deal, self.kept)

    return group_bests


@pytest.mark.parametrize("variant", _one_group_games(), ids=lambda v: v.id)
def test_each_groups_hands_read_from_the_search_are_those_listed_and_scored_again(
        variant: Variant, monkeypatch: pytest.MonkeyPatch) -> None:
    read_from_search: list[bool] = []
    monkeypatch.setattr(showdown._Table, "group_bests", _compared(read_from_search))
    for call in seeded_calls(variant):
        answer(call)
    assert any(read_from_search)  # the search's scores were read, not only listed again


def test_the_one_group_games_are_the_ones_tested() -> None:
    assert {v.id for v in _one_group_games()} >= {"elevator", "elevator-wild", "pyramid-three-rows"}


@pytest.mark.parametrize("name", ["elevator", "elevator-wild", "pyramid-three-rows"])
def test_reading_the_searchs_scores_charges_the_budget_as_listing_them_again(name: str) -> None:
    for call in seeded_calls(variant_named(name)):
        spent = []
        for reading in (group_search._from_search, lambda *args: None):
            with pytest.MonkeyPatch.context() as patch, work_budget() as budget:
                patch.setattr(group_search, "_from_search", reading)
                answer(call)
            spent.append(budget.spent)
        assert spent[0] == spent[1] > 0


def test_scores_are_not_read_from_the_search_where_a_seats_wild_cards_differ_by_group(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Elevator with the rank of each floor's first card wild on that floor: the search scored a combination of
    two floors (the hole cards and the elevator card) with the first floor's wild cards only."""
    game = replace(variant_named("elevator"), wilds=(GroupPositionRank(positions=("1", "2", "3")),))
    read_from_search: list[bool] = []
    monkeypatch.setattr(showdown._Table, "group_bests", _compared(read_from_search))
    calls = seeded_calls(variant_named("elevator"))
    for call in calls:
        adjudicate(game, call.deal, call.options)
    assert read_from_search and not any(read_from_search)


def test_a_groups_best_that_is_the_searchs_own_combination_is_the_searchs_hand_named_for_that_group(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Declare keeps the search's hand, named for the chosen group, where that group's best combination is the one
    the search chose (``GroupHands.is_searched``): the answer of spelling that group's hand out again."""
    original = GroupHands.is_searched
    kept: list[bool] = []

    def spied(self: GroupHands, group: int) -> bool:
        found = original(self, group)
        kept.append(found)
        return found

    for variant in _one_group_games():
        for call in seeded_calls(variant):
            with monkeypatch.context() as patch:
                patch.setattr(GroupHands, "is_searched", spied)
                fast = answer(call)
            with monkeypatch.context() as patch:
                patch.setattr(GroupHands, "is_searched", lambda *_: False)
                assert answer(call) == fast, call.deal
    assert any(kept) and not all(kept)


def test_the_rows_kept_per_index_array_stay_within_the_formation_caches_byte_bound() -> None:
    """``_keep_rows`` keeps the search's index array alive with its rows: bounded by their bytes, shapes that come
    and go (a client's own rules) cannot grow a worker past ``CACHE_BYTES`` there."""
    from evaluator.formation import CACHE_BYTES, Formation

    formation = Formation()
    for k in range(12):  # each entry about 1.6 MB: 19 MB if kept by count
        among = np.arange(k, k + 20_000 * 5, dtype=np.int64).reshape(-1, 5)
        entry = group_search._keep_rows(group_search._GroupRows.of(among[::-1].copy(), (0, len(among)), among,
                                                                   formation, len(among)))
        assert entry.rows[0] == len(among) - 1 and entry.starts == (0, len(among))
        assert group_search._kept_rows(among, formation) is entry
        assert sum(map(group_search._entry_bytes, group_search._ROWS.values())) <= CACHE_BYTES
    assert len(group_search._ROWS) >= 2  # kept, not bypassed


def test_where_the_seats_are_among_the_seats_searched_is_each_ones_place_there() -> None:
    """``_places`` walks the searched seats once where the seats asked come in their order, and looks each up
    otherwise: either way each seat's place by identity (an equal seat is not the same seat), None where one is not
    there."""
    rng = random.Random("places")
    for _ in range(2000):
        among = [Seat(id=f"p{i % 3}", hole=()) for i in range(rng.randint(0, 8))]  # equal seats among them
        strangers = [Seat(id="p0", hole=()) for _ in range(2)]
        seats = rng.sample(among + strangers * (rng.random() < 0.2), rng.randint(0, len(among)))
        if rng.random() < 0.7:
            seats.sort(key=lambda seat: next((i for i, one in enumerate(among) if one is seat), -1))
        expected = [next((i for i, one in enumerate(among) if one is seat), -1) for seat in seats]
        assert group_search._places(seats, among) == (None if -1 in expected else expected)


def test_where_each_seats_rows_start_is_the_number_of_rows_of_the_seats_before_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``_Seats.of`` reads each seat's first row as ``k * rows`` where every searched seat has as many rows, and
    adds them up otherwise: either way the rows of the seats before it."""
    import evaluator.engine.kernels as kernels
    from evaluator.engine.search import ScoredSearch
    from evaluator.formation import Candidates, Formation

    monkeypatch.setattr(kernels, "ENABLED", False)  # (nothing of the compiled pass's is read)

    rng = random.Random("firsts")
    formation = Formation()
    for _ in range(300):
        counts = [rng.choice([3, 3, 3, 0, 5]) for _ in range(rng.randint(1, 9))]
        found = [Candidates(slots=(), combos=np.zeros((n, 5), np.int64), groups=(None,),
                            group_of=np.zeros(n, np.int64)) for n in counts]
        at = sorted(rng.sample(range(len(counts)), rng.randint(1, len(counts))))
        among = np.zeros((1, 5), np.int64)
        rows = [group_search._GroupRows.of(among, (0, 1), among, formation, 1) for _ in at]
        search = ScoredSearch((), (), [], found, np.zeros(sum(counts), np.int64), None, [])  # type: ignore[arg-type]
        assert group_search._Seats.of(search, at, rows).firsts == [sum(counts[:k]) for k in at]


@pytest.mark.parametrize("variant", _one_group_games(), ids=lambda v: v.id)
def test_the_seats_slot_cards_read_from_the_searchs_table_are_those_spelled_from_their_slots(
        variant: Variant, monkeypatch: pytest.MonkeyPatch) -> None:
    """``_Seats.of`` takes the both-way declarers' rows of the slot-card table the search read (``ScoredSearch.table``)
    where there is one: the same cards, seat by seat, as it spells from each seat's own slots and the board."""
    of = group_search._Seats.of
    compared: list[bool] = []

    def spied(search: Any, at: list[int], rows: Any) -> Any:
        seats = of(search, at, rows)
        if search.table is not None and seats.cards is not None:
            spelled = of(replace(search, table=None), at, rows)
            assert spelled.cards is not None
            assert seats.cards.tolist() == spelled.cards.tolist()
            compared.append(True)
        return seats

    monkeypatch.setattr(group_search._Seats, "of", staticmethod(spied))
    for call in seeded_calls(variant):
        answer(call)
    import evaluator.engine.kernels as kernels
    assert compared or not kernels.ENABLED
