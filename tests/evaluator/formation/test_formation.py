"""Hand formation (reference 2.2): the fast enumeration yields exactly the legal combinations.

Every test compares ``candidates(...)`` with a brute force written from the text of 2.2
(``tests/evaluator/reference.py``): every ``size``-subset of *all* the player's slots, kept when some pick's
counts all hold (``hole=k``, ``hole=a..b``, ``own`` = hole + up, ``board`` = every board segment, ``a+b``
sums) and, with board groups, when every board card used lies in one group.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from evaluator.formation import (
    ANY,
    BOARD,
    HOLE,
    OWN,
    UNBOUNDED,
    UP,
    BoardGroup,
    Candidates,
    Count,
    Formation,
    Pick,
    Slot,
    candidates,
    candidates_by_group,
    count_candidates,
    seats_candidates,
)
from evaluator.values.budget import work_budget
from tests.evaluator.reference import brute_force_combinations
from tests.samples import samples

pytestmark = pytest.mark.slow  # property samples reduced in make test, in full under make stress

Combo = tuple[int, ...]


def brute_force(formation: Formation, size: int, own: Sequence[Slot], board: Sequence[Slot]) -> set[Combo]:
    return set(brute_force_combinations(formation, size, [*own, *board]))


def fast(formation: Formation, size: int, own: Sequence[Slot], board: Sequence[Slot]) -> Candidates:
    return candidates(formation, size, own, board)


def assert_exactly_the_legal_combinations(formation: Formation, size: int, own: Sequence[Slot],
                                          board: Sequence[Slot]) -> set[Combo]:
    found = fast(formation, size, own, board)
    rows = [tuple(row) for row in found.combos.tolist()]
    assert len(rows) == len(set(rows)), "a combination is listed twice"
    assert found.slots == (*own, *board)
    assert found.combos.shape == (len(rows), size)
    expected = brute_force(formation, size, own, board)
    assert {tuple(sorted(row)) for row in rows} == expected
    # The work budget's arithmetic: exact on a flat board; with groups, at least the listed count (a combination
    # legal in several groups is counted once per group), and never zero when something is listed.
    counted = count_candidates(formation, size, own, board)
    if formation.groups:
        assert counted >= len(rows) and (counted == 0) == (not rows)
    else:
        assert counted == len(rows)
    # Each combination's recorded group really holds the board cards it uses.
    for row, g in zip(rows, found.group_of.tolist(), strict=True):
        group = found.groups[g]
        if group is not None:
            positions = next(bg.positions for bg in formation.groups if bg.name == group)
            used = {found.slots[i].label for i in row if found.slots[i].source not in (HOLE, UP)}
            assert used <= set(positions)
    # And the cards of each combination are the cards of its slots.
    cards = found.cards()
    assert cards.shape == (len(rows), size)
    for row, hand in zip(rows, cards.tolist(), strict=True):
        assert hand == [found.slots[i].card for i in row]
    return expected


def slots(source: str, n: int, first_card: int = 0, labels: Sequence[str] | None = None) -> list[Slot]:
    names = labels if labels is not None else [str(i) for i in range(n)]
    return [Slot(source, names[i], first_card + i) for i in range(n)]


def hole(n: int) -> list[Slot]:
    return slots(HOLE, n, 0)


def board(n: int) -> list[Slot]:
    return slots(BOARD, n, 20)


def picks(*limits: dict[str, Count]) -> Formation:
    return Formation(picks=tuple(Pick(limits=lim) for lim in limits))


# --- the games of the catalog -------------------------------------------------------------------------------

OMAHA = picks({HOLE: Count.exactly(2), BOARD: Count.exactly(3)})


def test_holdem_any_five_of_seven() -> None:
    """any(P): the best 5 cards from the pool: C(7,5) = 21, playing the board included."""
    legal = assert_exactly_the_legal_combinations(ANY, 5, hole(2), board(5))
    assert len(legal) == 21
    assert (2, 3, 4, 5, 6) in legal  # the board alone


def test_omaha_two_of_four_hole_and_three_of_five_board() -> None:
    """hole=2, board=3: C(4,2) * C(5,3) = 60."""
    assert len(assert_exactly_the_legal_combinations(OMAHA, 5, hole(4), board(5))) == 60


def test_omaha_with_five_hole_cards() -> None:
    """Big O / Courchevel: C(5,2) * C(5,3) = 100."""
    assert len(assert_exactly_the_legal_combinations(OMAHA, 5, hole(5), board(5))) == 100


def test_omaha_before_the_board_is_complete_has_no_hand() -> None:
    """hole=2 with only two board cards: no legal 5-card combination."""
    assert assert_exactly_the_legal_combinations(OMAHA, 5, hole(4), board(2)) == set()


def test_tahoe_zero_to_two_hole_cards() -> None:
    """hole=0..2 with 3 hole + 5 board: C(5,5) + 3 C(5,4) + 3 C(5,3) = 1 + 15 + 30 = 46."""
    formation = picks({HOLE: Count.between(0, 2)})
    assert len(assert_exactly_the_legal_combinations(formation, 5, hole(3), board(5))) == 46


def test_boise_two_or_three_hole_cards() -> None:
    """hole=2..3 with 5 hole + 5 board: C(5,2) C(5,3) + C(5,3) C(5,2) = 200."""
    formation = picks({HOLE: Count.between(2, 3)})
    assert len(assert_exactly_the_legal_combinations(formation, 5, hole(5), board(5))) == 200


def test_manila_exactly_both_hole_cards() -> None:
    """hole=2 with 2 hole + 5 board: both hole cards and C(5,3) = 10 board triples."""
    formation = picks({HOLE: Count.exactly(2)})
    legal = assert_exactly_the_legal_combinations(formation, 5, hole(2), board(5))
    assert len(legal) == 10
    assert all({0, 1} <= set(combo) for combo in legal)


def test_alternatives_two_hole_three_board_or_three_hole_two_board() -> None:
    """(hole 2, board 3) or (hole 3, board 2), 4 hole + 4 board: 6 * 4 + 4 * 6 = 48."""
    formation = picks({HOLE: Count.exactly(2), BOARD: Count.exactly(3)},
                      {HOLE: Count.exactly(3), BOARD: Count.exactly(2)})
    assert len(assert_exactly_the_legal_combinations(formation, 5, hole(4), board(4))) == 48


def test_overlapping_alternatives_are_listed_once() -> None:
    formation = picks({HOLE: Count.between(1, 3)}, {HOLE: Count.between(2, 4)}, {})
    assert len(assert_exactly_the_legal_combinations(formation, 5, hole(4), board(4))) == 56  # C(8,5)


def test_iron_cross_lines_with_five_hole_cards() -> None:
    """board∈{S1,S2}: lines {1,5,3} and {4,5,2} share the centre 5; any 5 of 5 hole + one line.

    56 per line (C(8,5)); the 6 hands that use at most the centre card (C(6,5)) are in both: 106.
    """
    cross = slots(BOARD, 5, 20, labels=["1", "2", "3", "4", "5"])
    formation = Formation(groups=(BoardGroup(name="across", positions=("1", "5", "3")),
                                  BoardGroup(name="down", positions=("4", "5", "2"))))
    legal = assert_exactly_the_legal_combinations(formation, 5, hole(5), cross)
    assert len(legal) == 106
    # Never a card of each line outside the centre: 1 (index 5) with 2 (index 6).
    assert not any({5, 6} <= set(combo) for combo in legal)


def test_board_groups_with_exact_counts() -> None:
    """Iron Cross read as Omaha: hole=2 + the 3 cards of one line: C(5,2) * 2 = 20."""
    cross = slots(BOARD, 5, 20, labels=["1", "2", "3", "4", "5"])
    formation = Formation(picks=(Pick(limits={HOLE: Count.exactly(2), BOARD: Count.exactly(3)}),),
                          groups=(BoardGroup(name="across", positions=("1", "5", "3")),
                                  BoardGroup(name="down", positions=("4", "5", "2"))))
    assert len(assert_exactly_the_legal_combinations(formation, 5, hole(5), cross)) == 20


def test_board_groups_name_positions_that_are_not_dealt() -> None:
    cross = slots(BOARD, 3, 20, labels=["1", "5", "3"])
    formation = Formation(groups=(BoardGroup(name="across", positions=("1", "5", "3")),
                                  BoardGroup(name="down", positions=("4", "5", "2"))))
    assert len(assert_exactly_the_legal_combinations(formation, 5, hole(5), cross)) == 56


def test_must_include_segment() -> None:
    """must X (Pyramid): the hand is X + any 4 of (5 hole + the 6 other table cards): C(11,4) = 330."""
    must = [Slot("must", "X", 40)]
    table = slots("table", 6, 20, labels=[f"T{i}" for i in range(6)])
    formation = picks({"must": Count.exactly(1)})
    legal = assert_exactly_the_legal_combinations(formation, 5, hole(5), [*table, *must])
    assert len(legal) == 330
    assert all(11 in combo for combo in legal)


def test_must_include_segment_counts_as_board() -> None:
    """``board`` is every board segment, the must-include card included: hole=2 + board=3 with X in it."""
    must = [Slot("must", "X", 40)]
    table = slots("table", 6, 20, labels=[f"T{i}" for i in range(6)])
    formation = picks({HOLE: Count.exactly(2), BOARD: Count.exactly(3), "must": Count.exactly(1)})
    legal = assert_exactly_the_legal_combinations(formation, 5, hole(5), [*table, *must])
    assert len(legal) == 10 * 15  # C(5,2) hole pairs * C(6,2) table pairs with X


def test_stud_own_cards_hole_and_up() -> None:
    """Seven-card stud: 3 down + 4 up, any five: 21; ``own`` counts both."""
    own = [*hole(3), *slots(UP, 4, 10)]
    assert len(assert_exactly_the_legal_combinations(ANY, 5, own, [])) == 21
    formation = picks({OWN: Count.exactly(5)})
    assert len(assert_exactly_the_legal_combinations(formation, 5, own, board(1))) == 21


def test_at_most_two_down_cards_with_up_cards_and_board() -> None:
    """Shanghai: 3 down + 1 up + 4 community, at most two of the down cards play."""
    own = [*hole(3), *slots(UP, 1, 10)]
    formation = picks({HOLE: Count.between(0, 2)})
    # 8 slots: all C(8,5) = 56 minus those with all three down cards: C(5,2) = 10.
    assert len(assert_exactly_the_legal_combinations(formation, 5, own, board(4))) == 46


def test_summed_sources() -> None:
    formation = picks({"hole+up": Count.exactly(3)})
    own = [*hole(3), *slots(UP, 2, 10)]
    assert len(assert_exactly_the_legal_combinations(formation, 5, own, board(4))) == 10 * 6


def test_four_card_badugi_hand() -> None:
    """Badugi: the hand is the four cards."""
    assert assert_exactly_the_legal_combinations(ANY, 4, hole(4), []) == {(0, 1, 2, 3)}


def test_four_card_hands_from_hole_and_board() -> None:
    """Doogie: any 4 of 6 hole + 4 board: C(10,4) = 210."""
    assert len(assert_exactly_the_legal_combinations(ANY, 4, hole(6), board(4))) == 210


def test_too_few_cards_make_no_hand() -> None:
    assert assert_exactly_the_legal_combinations(ANY, 5, hole(2), board(2)) == set()
    assert fast(ANY, 5, hole(2), board(2)).combos.shape == (0, 5)


def test_a_required_source_that_is_absent_makes_no_hand() -> None:
    assert assert_exactly_the_legal_combinations(picks({UP: Count.exactly(1)}), 5, hole(4), board(4)) == set()


def test_an_optional_source_that_is_absent_is_ignored() -> None:
    formation = picks({UP: Count.at_most(1), HOLE: Count.at_least(1)})
    assert len(assert_exactly_the_legal_combinations(formation, 5, hole(2), board(5))) == 21 - 1


def test_enumeration_order_is_deterministic() -> None:
    first = fast(OMAHA, 5, hole(4), board(5)).combos
    second = fast(OMAHA, 5, hole(4), board(5)).combos
    assert np.array_equal(first, second)


# --- random formations --------------------------------------------------------------------------------------

SEGMENTS = (BOARD, "must", "line")
LIMIT_NAMES = (HOLE, UP, OWN, BOARD, "must", "line", "hole+up", "hole+line", "up+board", "nowhere")


@st.composite
def counts(draw: st.DrawFn) -> Count:
    low = draw(st.integers(0, 4))
    high = draw(st.one_of(st.integers(low, 5), st.just(UNBOUNDED)))
    return Count(low, high)


@st.composite
def layouts(draw: st.DrawFn) -> tuple[Formation, int, list[Slot], list[Slot]]:
    own = [*hole(draw(st.integers(0, 5))), *slots(UP, draw(st.integers(0, 3)), 10)]
    table: list[Slot] = []
    for segment in SEGMENTS:
        n = draw(st.integers(0, 4 if segment == BOARD else 2))
        table += [Slot(segment, f"{segment}{i}", 20 + len(table)) for i in range(n)]
    if len(own) + len(table) > 12:  # keep the brute force small: C(12, 5) = 792 subsets
        table = table[:max(0, 12 - len(own))]
    pick_list = draw(st.lists(
        st.dictionaries(st.sampled_from(LIMIT_NAMES), counts(), max_size=3), min_size=1, max_size=3))
    labels = [s.label for s in table] + ["missing"]
    groups = draw(st.lists(st.lists(st.sampled_from(labels), max_size=5, unique=True), max_size=3))
    formation = Formation(picks=tuple(Pick(limits=p) for p in pick_list),
                          groups=tuple(BoardGroup(name=f"g{i}", positions=tuple(g))
                                       for i, g in enumerate(groups)))
    size = draw(st.integers(1, 5))
    return formation, size, own, table


@settings(max_examples=samples(75, 300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layouts())
def test_random_formations_enumerate_exactly_the_legal_combinations(
        layout: tuple[Formation, int, list[Slot], list[Slot]]) -> None:
    """Reference 2.2: `hole=a..b` bounds, `own`, `board` and summed sources, alternatives, and
    `board∈{S1,S2,…}` groups: the engine lists every legal combination once, and nothing else."""
    formation, size, own, table = layout
    assert_exactly_the_legal_combinations(formation, size, own, table)


@settings(max_examples=samples(37, 150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layouts(), st.lists(st.tuples(st.integers(0, 5), st.integers(0, 3)), min_size=1, max_size=4))
def test_several_seats_at_once_are_each_seat_alone(layout: tuple[Formation, int, list[Slot], list[Slot]],
                                                     shapes: list[tuple[int, int]]) -> None:
    """seats_candidates lists for each seat what candidates lists for it alone (seats of one shape share one
    index array), and charges the work budget as much as one call per seat."""
    formation, size, own, table = layout
    owns = [own] + [[*slots(HOLE, n, 30 + 5 * k), *slots(UP, u, 40 + 3 * k)] for k, (n, u) in enumerate(shapes)]
    owns.append(list(own))  # a seat of the first seat's shape, other slots
    with work_budget() as together:
        found = seats_candidates(formation, [size] * len(owns), owns, table)
    with work_budget() as alone:
        expected = [candidates(formation, size, mine, table) for mine in owns]
    assert together.spent == alone.spent
    for got, want in zip(found, expected, strict=True):
        assert got.slots == want.slots and got.groups == want.groups
        assert np.array_equal(got.combos, want.combos) and np.array_equal(got.group_of, want.group_of)
        assert np.array_equal(got.cards(), want.cards())


@settings(max_examples=samples(50, 200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layouts())
def test_group_by_group_lists_each_group_as_its_own_search_does(
        layout: tuple[Formation, int, list[Slot], list[Slot]]) -> None:
    """``candidates_by_group``: group after group, exactly the rows (in order) that the formation narrowed to that
    group lists, a combination legal in several groups in each (without groups: the one search); the budget counts
    them all."""
    formation, size, own, table = layout
    found = candidates_by_group(formation, size, own, table)
    assert found.slots == (*own, *table)
    assert found.groups == (tuple(g.name for g in formation.groups) or (None,))
    if not formation.groups:  # no group: the one search
        assert found.combos.tolist() == candidates(formation, size, own, table).combos.tolist()
    for g, group in enumerate(formation.groups):
        alone = candidates(replace(formation, groups=(group,)), size, own, table)
        assert found.combos[found.group_of == g].tolist() == alone.combos.tolist()
    assert np.all(np.diff(found.group_of) >= 0)
    assert count_candidates(formation, size, own, table) == len(found.combos)


@settings(max_examples=samples(37, 150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layouts(), st.integers(0, 40), st.booleans())
def test_a_shape_listed_again_lists_and_charges_what_it_did_the_first_time(
        layout: tuple[Formation, int, list[Slot], list[Slot]], shift: int, flat: bool) -> None:
    """The combinations are kept per formation, size, sources and board labels (no card plays a part): a later deal
    of the same shape, other cards in the slots, lists exactly its legal combinations and charges the work budget as
    much as the first did; a formation equal to it but another record is listed anew, alike. Flat or grouped."""
    formation, size, own, table = layout
    if flat:
        formation = replace(formation, groups=())
    with work_budget() as first:
        assert_exactly_the_legal_combinations(formation, size, own, table)
    moved = [Slot(s.source, s.label, s.card + 60 + shift) for s in own]
    for again in (formation, replace(formation)):
        with work_budget() as later:
            assert_exactly_the_legal_combinations(again, size, moved, table)
        assert later.spent == first.spent
