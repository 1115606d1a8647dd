"""Reference ids with nothing to adjudicate (tag ``not-showdown``): they resolve, and a showdown request for one is
a 422 that says why. Those that play as another game at showdown are aliases of it instead (Loco Poker ->
Texas Hold'em; Woolworth's Jackpot Penalty is its own record with Woolworth's showdown)."""

from __future__ import annotations

from evaluator.catalog.parts import holdem_game
from evaluator.variant import Variant

__all__ = ["META"]

_PINEAPPLE = "island-pineapple"
_VARIATIONS = "island-pineapple-straight-wilds, island-pineapple-play-board or island-pineapple-phantom-ship"


def _meta(id: str, name: str, why: str, reference: str) -> Variant:
    return holdem_game(id, name, why[:1].upper() + why[1:] + ".", reference, tags=("not-showdown",), not_showdown=why)


META: tuple[Variant, ...] = (
    _meta("stud-horse-poker", "Stud Horse Poker", "it appears only in California law, as a banned game, and no "
          "source defines its rules: there is nothing to adjudicate", "variants.md §6 stud-horse-poker"),
    _meta("arcade-ante", "Arcade Ante", "antes and renamed phases of Island Pineapple only: its showdown is "
          f"Island Pineapple's, so adjudicate it as {_PINEAPPLE} (or, with a variation, as {_VARIATIONS})",
          "variants.md §3 island-pineapple"),
    _meta("beat-em-up-holdem", "Beat 'em Up Hold'em", "renamed phases of Island Pineapple with its straight-wilds "
          "variation and the Phantom Ship (\"Silver Axe\"): adjudicate its showdowns as "
          "island-pineapple-straight-wilds, and a Silver Axe's early showdown as island-pineapple-phantom-ship with "
          "options.deuces=straight", "variants.md §3 island-pineapple"),
    _meta("island-pineapple-secondary-bonus", "Island Pineapple, Secondary Bonus", "a meta rule switching between "
          "Hold'em and Island Pineapple deal by deal, with a bonus qualifier that does not change the pot award; "
          f"adjudicate the Hold'em deals as texas-holdem and the Island Pineapple deals as {_PINEAPPLE} (or "
          f"{_VARIATIONS})",
          "variants.md §3 island-pineapple"),
)
