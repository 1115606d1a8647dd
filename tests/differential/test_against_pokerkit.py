"""Our standard games agree with pokerkit, an independent library, on thousands of random deals.

2,000 seeded random deals per game under ``make stress`` (``SHOWDOWN_DEEP=1``), the first 100 of them in the
normal suite (``tests/samples.py``).

For every deal both sides see the same cards and one pot that every player contributed to equally; winners of
each half must agree exactly, and every payout too, except where the odd chips of a split go. There pokerkit is
wrong by the TDA rule the reference adopts (BARGE "Ties & Odd Chips": no player may receive more than one odd chip;
in stud games the odd chip goes to the highest card by suit): pokerkit gives a split's whole remainder to the
lowest seat, in every game. Those deals are compared modulo odd-chip placement; our placement is pinned by the
odd-chip property tests in ``tests/evaluator``.
"""

from __future__ import annotations

import random

import pytest

from evaluator import Deal, Seat, adjudicate, parse_cards, variant_named
from evaluator.engine.answer import ShowdownResult
from tests.differential.pokerkit_oracle import equal_payouts_modulo_odd_chips, pokerkit_showdown
from tests.samples import samples

pytestmark = pytest.mark.slow

DEALS = samples(100, 2000)

#: our id -> (pokerkit oracle game, hole cards, board cards, stud)
GAMES = {
    "texas-holdem": ("texas-holdem", 2, 5, False),
    "omaha": ("omaha", 4, 5, False),
    "omaha-hi-lo-8": ("omaha-hi-lo-8", 4, 5, False),
    "seven-card-stud": ("seven-card-stud", 7, 0, True),
    "seven-card-stud-hi-lo-8": ("seven-card-stud-hi-lo-8", 7, 0, True),
    "razz": ("razz", 7, 0, True),
    "deuce-to-seven-single-draw": ("deuce-to-seven-single-draw", 5, 0, False),
    "badugi": ("badugi", 4, 0, False),
}
DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def _ours(variant_id: str, holes: list[list[str]], board: list[str], pot: int, stud: bool) -> ShowdownResult:
    seats = []
    for i, cards in enumerate(holes):
        if stud:  # 2 down, 4 up, 1 down
            seats.append(Seat(id=f"p{i}", hole=parse_cards(cards[:2] + cards[6:]), up=parse_cards(cards[2:6])))
        else:
            seats.append(Seat(id=f"p{i}", hole=parse_cards(cards)))
    return adjudicate(variant_named(variant_id), Deal(seats=tuple(seats), board=parse_cards(board), pot=pot))


def _winners(result: ShowdownResult, share: str) -> list[int]:
    for award in result.pots[0].shares:
        if award.name == share:
            return sorted(int(w[1:]) for w in award.winners)
    return []


@pytest.mark.parametrize("variant_id", list(GAMES))
def test_winners_and_every_payout_agree_with_pokerkit_on_random_deals(variant_id: str) -> None:
    game, hole_n, board_n, stud = GAMES[variant_id]
    rng = random.Random(f"pokerkit-{variant_id}")
    disagreements: list[str] = []
    for deal_no in range(DEALS):
        players = rng.randint(2, 7 if stud else 6)
        cards = rng.sample(DECK, players * hole_n + board_n)
        holes = [cards[i * hole_n:(i + 1) * hole_n] for i in range(players)]
        board = cards[players * hole_n:]
        pot = players * rng.randint(1, 40)
        theirs = pokerkit_showdown(game, holes, board, pot)
        ours = _ours(variant_id, holes, board, pot, stud)
        high_share = {"razz": "low", "deuce-to-seven-single-draw": "low", "badugi": "badugi"}.get(variant_id, "high")
        our_high = _winners(ours, high_share) or (_winners(ours, "split") if not theirs.winners_high else [])
        our_low = _winners(ours, "low") if high_share == "high" else []
        payouts = [ours.payouts[f"p{i}"] for i in range(players)]
        same_payouts = payouts == theirs.payouts or equal_payouts_modulo_odd_chips(payouts, theirs)
        if our_high != sorted(theirs.winners_high) or our_low != sorted(theirs.winners_low) or not same_payouts:
            disagreements.append(f"deal {deal_no}: holes={holes} board={board} pot={pot} ours: high={our_high} "
                                 f"low={our_low} payouts={payouts}; pokerkit: high={theirs.winners_high} "
                                 f"low={theirs.winners_low} payouts={theirs.payouts}")
    assert not disagreements, f"{len(disagreements)} disagreements, first: {disagreements[:3]}"
