"""Reference ids with nothing to adjudicate (tag ``not-showdown``): they resolve, and a showdown request for one is
a 422 that says why. Those that play as another game at showdown are aliases of it instead (Loco Poker ->
Texas Hold'em; Woolworth's Jackpot Penalty is its own record with Woolworth's showdown)."""

from __future__ import annotations

from evaluator.catalog.parts import holdem_game
from evaluator.variant import Variant

__all__ = ["META"]

_PINEAPPLE = ("plays as Island Pineapple at showdown, whose restricted wild cards (the suited deuce and ace, "
              "filling straight flushes only) are not supported yet: nothing can be adjudicated for it today")


def _meta(id: str, name: str, why: str, reference: str) -> Variant:
    return holdem_game(id, name, why[:1].upper() + why[1:] + ".", reference, tags=("not-showdown",), not_showdown=why)


META: tuple[Variant, ...] = (
    _meta("stud-horse-poker", "Stud Horse Poker", "it appears only in California law, as a banned game, and no "
          "source defines its rules: there is nothing to adjudicate", "variants.md §6 stud-horse-poker"),
    _meta("arcade-ante", "Arcade Ante", "antes and renamed phases of Island Pineapple only; it " + _PINEAPPLE,
          "variants.md §3 island-pineapple"),
    _meta("beat-em-up-holdem", "Beat 'em Up Hold'em", "renamed phases of Island Pineapple with its straight-wilds "
          "variation and the Phantom Ship (\"Silver Axe\"); it " + _PINEAPPLE, "variants.md §3 island-pineapple"),
    _meta("island-pineapple-secondary-bonus", "Island Pineapple, Secondary Bonus", "a meta rule switching between "
          "Hold'em and Island Pineapple deal by deal, with a bonus qualifier that does not change the pot award; "
          "the Hold'em deals are texas-holdem, and the Island Pineapple deals " + _PINEAPPLE,
          "variants.md §3 island-pineapple"),
)
