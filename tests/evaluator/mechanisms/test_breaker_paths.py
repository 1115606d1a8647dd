"""The Breaker's shortcuts against their straightforward readings: its checks ask a board, or a hole, for a joker by
its highest cards before naming each (any mix of Breakers in drawn deals, folded players among them), and its
``adjust`` says once why each equal empty ``breaker`` hand has no Breaker (seeded showdowns of every Breaker game)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from evaluator import all_variants
from evaluator.mechanisms.base import DealCheck, MutableHands, Rules, Table
from evaluator.mechanisms.breaker import Breaker
from evaluator.values.cards import JOKER_BASE, Card
from evaluator.values.deal import Deal, Seat
from evaluator.values.errors import Problem
from evaluator.values.frozen import replaced
from evaluator.variant import Variant
from tests.evaluator.engine.seeded import answers_as_patched

BREAKER_GAMES = [v for v in all_variants() if isinstance(v.division, Breaker) and v.not_showdown is None]


def _problems_plainly(self: Breaker, game: Rules, deal: Deal, check: DealCheck) -> list[Problem]:
    problems = [Problem(deal.board_pointer(i), "breaker-on-board", "a Breaker dealt to the board is dead and "
                        "replaced, so the board never shows one")
                for i, card in enumerate(deal.board) if card.is_joker]
    for i, seat in enumerate(deal.seats):
        if not seat.folded and sum(c.is_joker for c in seat.hole) > 1:
            problems.append(Problem(f"/players/{i}/hole", "two-breakers", "a player dealt both Breakers must "
                                    "fold: send him with folded: true"))
    return problems


def _adjust_plainly(self: Breaker, game: Rules, deal: Deal, hands: MutableHands, table: Table) -> None:
    for seat in table.live:
        found = hands[seat.id].get("breaker")
        if found is not None and found.score is None:
            hands[seat.id]["breaker"] = replaced(found, reason="holds no Breaker")


cards = st.sampled_from([Card(c) for c in (0, 17, 50, 51, JOKER_BASE, JOKER_BASE + 1)])
seats = st.lists(st.tuples(st.lists(cards, max_size=3), st.booleans()), min_size=1, max_size=5)


@given(seats, st.lists(cards, max_size=5))
def test_the_breakers_checks_find_what_naming_every_card_finds(drawn: list[tuple[list[Card], bool]],
                                                               board: list[Card]) -> None:
    game = BREAKER_GAMES[0]
    division = game.division
    assert isinstance(division, Breaker)
    deal = Deal(seats=tuple(Seat(id=f"p{i}", hole=tuple(hole), folded=folded) for i, (hole, folded) in
                            enumerate(drawn)), board=tuple(board), pot=1)
    check = DealCheck(deal=deal, shows=frozenset(), reads=frozenset())
    assert division.problems(game, deal, check) == _problems_plainly(division, game, deal, check)


@pytest.mark.parametrize("variant", BREAKER_GAMES, ids=lambda v: v.id)
def test_saying_once_why_each_empty_breaker_hand_is_empty_answers_as_saying_it_for_each(
        variant: Variant, monkeypatch: pytest.MonkeyPatch) -> None:
    answers_as_patched(variant, monkeypatch, Breaker, "adjust", _adjust_plainly)
