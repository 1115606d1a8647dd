"""Pots and chips (reference 2.4): main and side pots from contributions, and integer splits with odd chips.

Side pots: each distinct contribution level of a live player closes a pot that every live player who
reached it may win; folded players' chips are dead money (they go into the pots, their owners win nothing);
chips above the highest live level join the last pot. Odd chips: the remainder goes one chip each, in the
odd-chip order.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import pairwise
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evaluator.values.pots import OddChip, Pot, build_pots, settle_pots, split_chips, uncalled
from tests.samples import samples

pytestmark = pytest.mark.slow  # property samples reduced in make test, in full under make stress

# --- build_pots: examples -----------------------------------------------------------------------------------


def test_equal_contributions_make_one_pot() -> None:
    assert build_pots({"a": 10, "b": 10, "c": 10}, ["a", "b", "c"]) == [Pot(30, ("a", "b", "c"))]


def test_all_ins_at_several_levels_make_side_pots() -> None:
    """a is all in for 10, b for 30; c and d go on to 50."""
    pots = build_pots({"a": 10, "b": 30, "c": 50, "d": 50}, ["a", "b", "c", "d"])
    assert pots == [
        Pot(40, ("a", "b", "c", "d")),  # 10 from each
        Pot(60, ("b", "c", "d")),  # 20 more from b, c and d
        Pot(40, ("c", "d")),  # 20 more from c and d
    ]


def test_a_single_player_over_the_top_gets_a_pot_of_his_own() -> None:
    """Chips nobody else matched form a last pot that only their owner can win (his own money back)."""
    pots = build_pots({"a": 10, "b": 25}, ["a", "b"])
    assert pots == [Pot(20, ("a", "b")), Pot(15, ("b",))]


def test_eligible_players_keep_seat_order() -> None:
    pots = build_pots({"c": 10, "a": 30, "b": 30}, ["a", "b", "c"])
    assert pots == [Pot(30, ("a", "b", "c")), Pot(40, ("a", "b"))]


def test_folded_players_money_is_dead_and_fills_the_pots_it_reaches() -> None:
    """e folded after putting in 20: 10 into the main pot, 10 into the first side pot; e can win neither."""
    pots = build_pots({"a": 10, "b": 30, "c": 50, "d": 50, "e": 20}, ["a", "b", "c", "d"])
    assert pots == [
        Pot(50, ("a", "b", "c", "d")),
        Pot(70, ("b", "c", "d")),
        Pot(40, ("c", "d")),
    ]
    assert all("e" not in pot.eligible for pot in pots)


def test_folded_money_above_the_highest_live_level_joins_the_last_pot() -> None:
    """Only folded players reached 25: the 15 above the live level of 10 is dead money in the last pot."""
    pots = build_pots({"a": 10, "b": 10, "c": 25}, ["a", "b"])
    assert pots == [Pot(45, ("a", "b"))]


def test_dead_money_joins_the_last_side_pot_not_the_main_pot() -> None:
    pots = build_pots({"a": 10, "b": 20, "c": 40}, ["a", "b"])
    assert pots == [Pot(30, ("a", "b")), Pot(40, ("b",))]


def test_no_money_makes_no_pot() -> None:
    assert build_pots({}, ["a", "b"]) == []
    assert build_pots({"a": 0, "b": 0}, ["a", "b"]) == []


def test_a_live_player_who_put_in_nothing_can_win_nothing() -> None:
    pots = build_pots({"a": 0, "b": 10, "c": 10}, ["a", "b", "c"])
    assert pots == [Pot(20, ("b", "c"))]


def test_only_folded_money_goes_to_every_live_player() -> None:
    """Blinds or antes of folded players, with no live money: one pot among the players still in."""
    assert build_pots({"a": 0, "c": 5, "d": 5}, ["a", "b"]) == [Pot(10, ("a", "b"))]


def test_players_missing_from_contributions_put_in_nothing() -> None:
    assert build_pots({"a": 10, "b": 10}, ["a", "b", "c"]) == [Pot(20, ("a", "b"))]


# --- build_pots: properties ---------------------------------------------------------------------------------

PLAYERS = ("p0", "p1", "p2", "p3", "p4", "p5")


@st.composite
def tables(draw: st.DrawFn) -> tuple[dict[str, int], list[str]]:
    amounts = draw(st.lists(st.integers(0, 60), min_size=2, max_size=len(PLAYERS)))
    contributions = dict(zip(PLAYERS, amounts, strict=False))
    live = draw(st.lists(st.sampled_from(list(contributions)), min_size=1, unique=True))
    return contributions, [p for p in contributions if p in live]  # seat order


@settings(max_examples=samples(50, 200), deadline=None)
@given(tables())
def test_pots_hold_every_chip_put_in(table: tuple[dict[str, int], list[str]]) -> None:
    """Chips are integers and never lost: the pots add up to the contributions."""
    contributions, live = table
    pots = build_pots(contributions, live)
    assert sum(p.amount for p in pots) == sum(contributions.values())
    assert all(p.amount > 0 for p in pots)


@settings(max_examples=samples(50, 200), deadline=None)
@given(tables())
def test_each_pot_is_open_to_the_live_players_who_reached_its_level(
        table: tuple[dict[str, int], list[str]]) -> None:
    """Each distinct contribution level of a live player closes a pot that every live player who reached it
    may win; folded players win nothing."""
    contributions, live = table
    pots = build_pots(contributions, live)
    levels = sorted({contributions[p] for p in live if contributions[p] > 0})
    if levels:
        assert len(pots) == len(levels)
        for pot, level in zip(pots, levels, strict=True):
            assert pot.eligible == tuple(p for p in live if contributions[p] >= level)
    else:
        dead = sum(contributions.values())
        assert pots == ([Pot(dead, tuple(live))] if dead else [])
    for earlier, later in pairwise(pots):
        assert set(later.eligible) < set(earlier.eligible)
    assert all(set(p.eligible) <= set(live) for p in pots)


def _winnable(pots: list[Pot], player: str) -> int:
    return sum(p.amount for p in pots if player in p.eligible)


@settings(max_examples=samples(50, 200), deadline=None)
@given(tables())
def test_a_player_can_win_from_each_opponent_at_most_what_he_put_in(
        table: tuple[dict[str, int], list[str]]) -> None:
    """A live player who put in ``c`` can win at most ``min(c, c_j)`` from each other player ``j`` (plus the
    dead money above the highest live level, when he reached it)."""
    contributions, live = table
    pots = build_pots(contributions, live)
    top = max((contributions[p] for p in live), default=0)
    dead = sum(max(c - top, 0) for c in contributions.values()) if top else 0
    for player in live:
        mine = contributions[player]
        if mine == 0:
            continue
        bound = sum(min(mine, c) for c in contributions.values()) + (dead if mine == top else 0)
        assert _winnable(pots, player) == bound


# --- settle_pots: uncalled chips and dead money (issue 15) --------------------------------------------------


def test_the_uncalled_part_of_the_largest_contribution_goes_back_to_its_owner() -> None:
    """bob bet 100, ann called all in for 40: the 60 nobody called is bob's again, and no pot holds it."""
    pots, returned = settle_pots({"ann": 40, "bob": 100}, {}, ["ann", "bob"])
    assert returned == {"bob": 60}
    assert pots == [Pot(80, ("ann", "bob"))]


def test_a_folded_players_call_counts_against_the_uncalled_part() -> None:
    """cy called 70 and folded: only bob's 30 above cy's 70 is uncalled; 30 of cy's dead chips make a side pot
    only bob can win."""
    pots, returned = settle_pots({"ann": 40, "bob": 100, "cy": 70}, {}, ["ann", "bob"])
    assert returned == {"bob": 30}
    assert pots == [Pot(120, ("ann", "bob")), Pot(60, ("bob",))]


def test_a_matched_largest_contribution_returns_nothing() -> None:
    assert uncalled({"ann": 100, "bob": 100, "cy": 20}, ["ann", "bob", "cy"]) == {}


def test_a_folded_players_uncalled_chips_stay_dead_money() -> None:
    """Folded players' chips are dead money (api-contract): they are not returned, even when nobody matched
    them."""
    assert uncalled({"ann": 10, "bob": 10, "cy": 25}, ["ann", "bob"]) == {}
    assert settle_pots({"ann": 10, "bob": 10, "cy": 25}, {}, ["ann", "bob"]) == ([Pot(45, ("ann", "bob"))], {})


def test_everyone_folds_to_a_bet_which_goes_back_but_for_what_was_called() -> None:
    """ann posted 5, cy 10, bob raised to 40 and both folded: bob gets 30 back and wins the 25 left alone."""
    pots, returned = settle_pots({"ann": 5, "bob": 40, "cy": 10}, {}, ["bob"])
    assert returned == {"bob": 30}
    assert pots == [Pot(25, ("bob",))]


def test_a_big_blind_ante_is_dead_money_in_the_main_pot_not_in_the_big_blinds_level() -> None:
    """Issue 15's PLO hand: each put 100,000 in his level and the big blind 100,000 more as his ante; the main pot
    of 300,000 is contested by both (counted in the big blind's level, it came back to him as a side pot)."""
    pots, returned = settle_pots({"ann": 100_000, "bob": 100_000}, {"bob": 100_000}, ["ann", "bob"])
    assert (pots, returned) == ([Pot(300_000, ("ann", "bob"))], {})


def test_antes_with_no_bet_make_one_pot_for_every_live_player() -> None:
    assert settle_pots({"a": 0, "b": 0, "c": 0}, {"a": 5, "b": 5, "c": 5}, ["a", "b"]) == (
        [Pot(15, ("a", "b"))], {})


def test_a_player_all_in_for_his_ante_contests_only_the_dead_money() -> None:
    """a's ante put him all in: he may win the antes, not the bets b and c made after."""
    pots, returned = settle_pots({"a": 0, "b": 50, "c": 50}, {"a": 10, "b": 10, "c": 10}, ["a", "b", "c"])
    assert returned == {}
    assert pots == [Pot(30, ("a", "b", "c")), Pot(100, ("b", "c"))]


def test_dead_money_is_never_returned_as_uncalled() -> None:
    """The big blind's ante is not a bet: ann's call of 50 matches the big blind's 50, nothing goes back."""
    pots, returned = settle_pots({"ann": 50, "bob": 50}, {"bob": 50}, ["ann", "bob"])
    assert returned == {}
    assert pots == [Pot(150, ("ann", "bob"))]


@st.composite
def tables_with_dead(draw: st.DrawFn) -> tuple[dict[str, int], dict[str, int], list[str]]:
    contributions, live = draw(tables())
    dead = {p: draw(st.integers(0, 20)) for p in contributions if draw(st.booleans())}
    return contributions, dead, live


@settings(max_examples=samples(50, 200), deadline=None)
@given(tables_with_dead())
def test_settled_pots_and_returned_chips_hold_every_chip_put_in(
        table: tuple[dict[str, int], dict[str, int], list[str]]) -> None:
    """Chips are integers and never lost: pots plus returned chips add up to the contributions and the dead
    money; only a live player gets chips back, and only what nobody else put in, after which nobody still in
    put in more than every other player; every pot is open to live players only, the first to every live player
    when there is dead money."""
    contributions, dead, live = table
    pots, returned = settle_pots(contributions, dead, live)
    assert sum(p.amount for p in pots) + sum(returned.values()) == sum(contributions.values()) + sum(dead.values())
    assert all(p.amount > 0 and p.eligible and set(p.eligible) <= set(live) for p in pots)
    for owner, chips in returned.items():
        others = max((c for p, c in contributions.items() if p != owner), default=0)
        assert owner in live and chips == contributions[owner] - others > 0
    if sum(dead.values()):
        assert pots[0].eligible == tuple(live)
    after = {p: c - returned.get(p, 0) for p, c in contributions.items()}
    for player in live:  # once the uncalled chips are back, no live player put in more than every other player
        assert after[player] <= max((c for p, c in after.items() if p != player), default=0)


# --- split_chips --------------------------------------------------------------------------------------------


def test_an_even_split_has_no_odd_chip() -> None:
    paid = (("a", 10), ("b", 10), ("c", 10))
    assert split_chips(30, ["a", "b", "c"], ["a", "b", "c"], "button") == (paid, ())


def test_the_remainder_goes_one_chip_each_in_odd_chip_order() -> None:
    paid, odd = split_chips(11, ["a", "b", "c"], ["c", "a", "b"], "by seat")
    assert dict(paid) == {"a": 4, "b": 3, "c": 4}
    assert odd == (OddChip("c", 1, "by seat"), OddChip("a", 1, "by seat"))


def test_odd_chip_order_skips_players_who_did_not_win() -> None:
    paid, odd = split_chips(7, ["a", "b"], ["x", "b", "y", "a"], "clockwise")
    assert dict(paid) == {"a": 3, "b": 4}
    assert odd == (OddChip("b", 1, "clockwise"),)


def test_fewer_chips_than_winners() -> None:
    paid, odd = split_chips(2, ["a", "b", "c"], ["b", "c", "a"], "r")
    assert dict(paid) == {"a": 0, "b": 1, "c": 1}
    assert [o.player for o in odd] == ["b", "c"]


def test_no_winner_gets_nothing_to_split() -> None:
    assert split_chips(10, [], ["a"], "r") == ((), ())


def test_zero_chips_split_to_zero() -> None:
    assert split_chips(0, ["a", "b"], ["a", "b"], "r") == ((("a", 0), ("b", 0)), ())


def test_paid_keeps_the_winners_order() -> None:
    paid, _ = split_chips(5, ["b", "a"], ["a", "b"], "r")
    assert [p for p, _ in paid] == ["b", "a"]


def test_chips_are_never_lost_even_when_the_odd_chip_order_omits_a_winner() -> None:
    """Chips are integers and never lost: every split gives the remainder, one chip each, to the winners.

    (Found failing: ``split_chips(5, ["a", "b", "c"], ["a"], ...)`` pays 2 + 1 + 1 = 4 of the 5 chips, because
    only winners listed in ``odd_order`` receive remainder chips.)
    """
    paid, odd = split_chips(5, ["a", "b", "c"], ["a"], "r")
    assert sum(chips for _, chips in paid) == 5
    assert len(odd) == 2


@settings(max_examples=samples(50, 200), deadline=None)
@given(st.integers(0, 1000), st.lists(st.sampled_from(PLAYERS), min_size=1, unique=True), st.randoms())
def test_split_pays_every_chip_equally_with_at_most_one_odd_chip_each(
        amount: int, winners: list[str], rng: Random) -> None:
    """Chips are integers and never lost: every split gives the remainder, one chip each, to the winners in
    the odd-chip order of the variant."""
    order = list(PLAYERS)
    rng.shuffle(order)
    paid, odd = split_chips(amount, winners, order, "r")
    shares: Mapping[str, int] = dict(paid)
    base, rest = divmod(amount, len(winners))
    assert sum(shares.values()) == amount
    assert sorted(shares) == sorted(winners)
    first = [p for p in order if p in winners][:rest]
    assert [o.player for o in odd] == first
    assert all(o.chips == 1 for o in odd)
    assert shares == {w: base + (w in first) for w in winners}


@pytest.mark.parametrize(("amount", "expected"), [(9, [5, 4]), (10, [5, 5]), (1, [1, 0]), (0, [0, 0])])
def test_two_way_split_gives_the_odd_chip_to_the_first_in_order(amount: int, expected: list[int]) -> None:
    paid, _ = split_chips(amount, ["a", "b"], ["a", "b"], "r")
    assert [chips for _, chips in paid] == expected
