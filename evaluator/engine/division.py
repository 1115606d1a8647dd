"""One pot divided by a variant's division outside a whole showdown (the equity calculator divides the pots of many
runouts with the engine's own rules). The divisions themselves are records in :mod:`evaluator.mechanisms.division`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from evaluator.mechanisms.division import SPLIT_ODD_CHIP, UNCONTESTED
from evaluator.results import Hands, PotResult
from evaluator.values.pots import Pot
from evaluator.variant import Variant

__all__ = ["SPLIT_ODD_CHIP", "UNCONTESTED", "PotResult", "divide"]


def divide(game: Variant, pot: Pot, hands: Hands, seat_order: Sequence[str],
           declared: Mapping[str, str | None] | None = None, events: Mapping[str, object] | None = None
           ) -> PotResult:
    """Every share of one pot among its eligible players, by the game's division."""
    return game.division.divide(pot, hands, game.pot_table(seat_order, declared, events))
