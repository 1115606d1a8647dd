"""Double Trouble's separate hands (evaluator/entrants.py): a player whose every hand is folded is out of the
showdown like a folded player, so money nobody can win is a problem, never an internal error, and chips are
conserved whatever is folded."""

from __future__ import annotations

import random
from collections.abc import Mapping

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evaluator import Deal, InvalidShowdown, Pot, Seat, adjudicate, parse_cards, variant_named
from evaluator.mechanisms.entrants import EntrantHands
from evaluator.results import PlayedHand, PlayerResult
from evaluator.values.deal import PlayerHand
from tests.samples import samples

pytestmark = pytest.mark.slow  # property samples reduced in make test, in full under make stress

GAME = variant_named("double-trouble")
BOARD = parse_cards("Ah Kh 7c 4d 2s")
HANDS = {"ann": ("Ad Ac 9s", "3c 5h 6d"), "bob": ("Ks Kd 8h", "Qc Jd Ts"), "cy": ("7h 7s 9c", "6c 5c 8d")}
DECLARES = ("high", "low")


def _seat(player: str, folded: bool = False, hands_folded: tuple[bool, bool] = (False, False)) -> Seat:
    return Seat(id=player, folded=folded, hands=tuple(
        PlayerHand(hole=parse_cards(cards), declare=declare, folded=out)
        for cards, declare, out in zip(HANDS[player], DECLARES, hands_folded, strict=True)))


def _codes(deal: Deal) -> dict[str, str]:
    with pytest.raises(InvalidShowdown) as raised:
        adjudicate(GAME, deal)
    return {p.pointer: p.code for p in raised.value.problems}


def test_when_every_hand_of_every_player_still_in_is_folded_there_is_no_showdown() -> None:
    seats = (_seat("ann", hands_folded=(True, True)), _seat("bob", folded=True), _seat("cy", hands_folded=(True, True)))
    assert _codes(Deal(seats=seats, board=BOARD, pot=300)) == {"/players": "no-live-player"}


def test_a_listed_pot_whose_players_have_no_hand_still_in_is_refused() -> None:
    seats = (_seat("ann", hands_folded=(True, True)), _seat("bob"), _seat("cy"))
    pots = (Pot(100, ("ann",)), Pot(200, ("ann", "bob", "cy")))
    assert _codes(Deal(seats=seats, board=BOARD, pots=pots)) == {"/pots/0/eligible": "no-eligible-player"}


def test_a_player_whose_hands_are_all_folded_wins_nothing_and_leaves_his_chips() -> None:
    seats = (_seat("ann", hands_folded=(True, True)), _seat("bob"), _seat("cy", hands_folded=(False, True)))
    result = adjudicate(GAME, Deal(seats=seats, board=BOARD, contributions={"ann": 100, "bob": 50, "cy": 50}))
    assert result.payouts["ann"] == 0
    assert sum(result.payouts.values()) == 200
    assert result.players[0].folded


@settings(max_examples=samples(50, 200), deadline=None, derandomize=True)
@given(folds=st.lists(st.tuples(st.booleans(), st.booleans(), st.booleans()), min_size=3, max_size=3),
       money=st.sampled_from(["pot", "pots", "contributions"]),
       amounts=st.lists(st.integers(0, 1000), min_size=3, max_size=3))
def test_whatever_is_folded_the_answer_is_a_problem_or_conserves_every_chip(
        folds: list[tuple[bool, bool, bool]], money: str, amounts: list[int]) -> None:
    seats = tuple(_seat(p, f[0], (f[1], f[2])) for p, f in zip(HANDS, folds, strict=True))
    players = tuple(HANDS)
    deal = (Deal(seats=seats, board=BOARD, pot=amounts[0]) if money == "pot" else
            Deal(seats=seats, board=BOARD, pots=(Pot(amounts[0], players), Pot(amounts[1], players[1:]),
                                                  Pot(amounts[2], players[2:]))) if money == "pots" else
            Deal(seats=seats, board=BOARD, contributions=dict(zip(players, amounts, strict=True))))
    try:
        result = adjudicate(GAME, deal)
    except InvalidShowdown as refused:
        assert {p.code for p in refused.problems} <= {"no-live-player", "no-eligible-player", "folded-player"}
        return
    assert sum(result.payouts.values()) + sum(p.carried_over for p in result.pots) == deal.money_in
    for seat, (player_out, left_out, right_out) in zip(seats, folds, strict=True):
        if player_out or (left_out and right_out):
            assert result.payouts[seat.id] == 0


def _by_player_straightforwardly(mechanism: EntrantHands, players: tuple[PlayerResult, ...],
                                 payouts: Mapping[str, int], deal: Deal
                                 ) -> tuple[tuple[PlayerResult, ...], dict[str, int]]:
    """Each player's answer read the straightforward way: his entrants by id, their results under each hand's
    prefix, folded where he folded or every hand of his did, paid the sum of their winnings."""
    by_id = {p.id: p for p in players}
    answers, paid = [], {}
    for seat in deal.seats:
        mine = [by_id[mechanism.entrant(seat.id, j)] for j in range(len(seat.hands))]
        hands = {f"{mechanism.names[j]}_{kind}": played for j, entrant in enumerate(mine)
                 for kind, played in entrant.hands.items()}
        answers.append(PlayerResult(seat.id, seat.folded or all(e.folded for e in mine), hands))
        paid[seat.id] = sum(payouts[e.id] for e in mine)
    return tuple(answers), paid


def test_each_players_answer_is_his_entrants_read_the_straightforward_way() -> None:
    """Seeded deals, any hands folded (every one of a player's, or the player himself), the entrants' answers given
    back per player exactly as reading each player's entrants one by one gives them."""
    mechanism = next(m for m in GAME.mechanisms if isinstance(m, EntrantHands))
    rng = random.Random("by player")
    for _ in range(200):
        folds = [(rng.random() < 0.2, rng.random() < 0.3, rng.random() < 0.3) for _ in HANDS]
        seats = tuple(_seat(p, f[0], (f[1], f[2])) for p, f in zip(HANDS, folds, strict=True))
        deal = Deal(seats=seats, board=BOARD, pot=rng.randrange(1000))
        entrants = mechanism.entrants(deal)
        players = tuple(PlayerResult(s.id, s.folded, {k: PlayedHand(name=k, score=rng.randrange(9) or None)
                                                      for k in rng.sample(["high", "low"], rng.randint(0, 2))})
                        for s in entrants.seats)
        payouts = {s.id: rng.randrange(500) for s in entrants.seats}
        assert mechanism.by_player(players, payouts, deal) == _by_player_straightforwardly(
            mechanism, players, payouts, deal)
