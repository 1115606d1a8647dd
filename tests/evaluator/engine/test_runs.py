"""Run it N times (issue 15): every pot divided into N equal parts, each part adjudicated on its own run's board.

Deals come from the showdown property tests' generator (flat-board catalog games with a board); the shared board
is a prefix of the dealt board and each run completes it with cards nobody holds.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from evaluator.catalog import variant_named
from evaluator.engine.runs import split_for_runs
from evaluator.engine.showdown import adjudicate
from evaluator.values.cards import parse_cards
from evaluator.values.deal import Deal, Seat
from evaluator.values.errors import InvalidShowdown
from evaluator.values.pots import Pot
from tests.evaluator.engine.test_showdown import GENERATED, PROPERTY, Case, cases

BOARD_GAMES = tuple(v for v in GENERATED if v.board.count.max > 0)


@pytest.mark.parametrize(("amount", "runs", "parts"), [
    (200, 2, [100, 100]), (203, 2, [102, 101]), (202, 3, [68, 67, 67]), (1, 4, [1, 0, 0, 0]), (0, 2, [0, 0])])
def test_a_pot_divides_into_equal_parts_the_first_runs_one_chip_more(amount: int, runs: int, parts: list[int]
                                                                     ) -> None:
    assert split_for_runs(amount, runs) == parts


@st.composite
def run_cases(draw: st.DrawFn) -> tuple[Case, int]:
    """A case whose board is cut after a random number of cards; ``deal.runs`` complete it (the first run with the
    dealt cards, the others with other cards nobody holds, the same card allowed in two runs)."""
    case = draw(cases(variants=BOARD_GAMES))
    board = case.deal.board
    assume(board)
    shared = draw(st.integers(0, len(board) - 1))
    held = {c for s in case.deal.seats for c in (*s.hole, *s.up)} | set(board[:shared])
    spare = sorted(set(case.game.deck.cards) - held)
    n = draw(st.integers(2, 4))
    runs = [board[shared:]] + [tuple(draw(st.permutations(spare))[:len(board) - shared]) for _ in range(n - 1)]
    deal = replace(case.deal, board=board[:shared], runs=tuple(runs))
    return replace(case, deal=deal), shared


@PROPERTY
@given(run_cases())
def test_each_run_settles_its_part_of_every_pot_on_its_own_board(found: tuple[Case, int]) -> None:
    """Every pot is divided into N equal parts (the first runs one chip more), each part adjudicated on its own
    board as a showdown of its own; the totals hold every chip: payouts (with the uncalled chips given back)
    plus what is carried over equal the money in."""
    case, _ = found
    deal = case.deal
    result = case.run()
    live = [s.id for s in deal.seats if not s.folded]
    pots = deal.pots_among(live)
    assert len(result.runs) == len(deal.runs)
    for k, (run, cards) in enumerate(zip(result.runs, deal.runs, strict=True)):
        assert run.board == deal.board + tuple(cards)
        parts = tuple(Pot(split_for_runs(p.amount, len(deal.runs))[k], p.eligible) for p in pots)
        alone = adjudicate(case.variant, replace(deal, board=run.board, runs=(), pot=None, pots=parts,
                                                 contributions=None, dead=None), case.options)
        assert run.payouts == alone.payouts
        assert run.pots == alone.pots
    returned = deal.returned(live)
    assert result.payouts == {s.id: returned.get(s.id, 0) + sum(r.payouts[s.id] for r in result.runs)
                              for s in deal.seats}
    assert sum(result.payouts.values()) + sum(p.carried_over for p in result.pots) == deal.money_in
    for pot, total in zip(pots, result.pots, strict=True):
        assert total.amount == pot.amount
        assert sum(s.amount for s in total.shares) + total.carried_over == pot.amount


def test_a_card_twice_in_one_run_is_an_invalid_showdown_pointing_into_the_run() -> None:
    deal = Deal(seats=(Seat(id="a", hole=parse_cards("As Ks")), Seat(id="b", hole=parse_cards("2c 7d"))),
                board=parse_cards("Qh Jh 3c"), pot=10, runs=(parse_cards("4d 4d"), parse_cards("As 9s")))
    with pytest.raises(InvalidShowdown) as raised:
        adjudicate(variant_named("texas-holdem"), deal)
    assert {(p.pointer, p.code) for p in raised.value.problems} == {
        ("/runs/0/1", "duplicate-card"), ("/players/0/hole/0", "duplicate-card")}


def test_one_run_is_not_running_it_again() -> None:
    deal = Deal(seats=(Seat(id="a", hole=parse_cards("As Ks")), Seat(id="b", hole=parse_cards("2c 7d"))),
                board=parse_cards("Qh Jh 3c"), pot=10, runs=(parse_cards("4d 5d"),))
    with pytest.raises(InvalidShowdown) as raised:
        adjudicate(variant_named("texas-holdem"), deal)
    assert [p.code for p in raised.value.problems] == ["runs"]




def test_the_work_of_a_hand_run_several_times_is_the_work_of_every_run() -> None:
    """The work budget counts every combination scored: each run is a search of its own on its whole board."""
    from evaluator.engine.cost import showdown_cost

    holdem = variant_named("texas-holdem")
    one = Deal(seats=(Seat(id="a", hole=parse_cards("As Ks")), Seat(id="b", hole=parse_cards("2c 7d"))),
               board=parse_cards("Qh Jh 3c 4d 5d"), pot=10)
    runs = replace(one, board=one.board[:3], runs=(parse_cards("4d 5d"), parse_cards("9s Ts"), parse_cards("8c 2d")))
    assert showdown_cost(holdem, one) == 2 * 21
    assert showdown_cost(holdem, runs) == 3 * showdown_cost(holdem, one)
