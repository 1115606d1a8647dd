"""The layout games of the reference: boards whose cards combine only along their lines, rows, sides or boards.

Every record is composed from the mechanisms: a :class:`~evaluator.formation.layout.Layout` of named positions (the
names are the contract's, reference 2.6 and the entries; x/y are grid coordinates for drawing), a formation whose picks
bound each source and whose groups say which board positions one hand may combine, wild rules that read board
positions, live groups chosen by the deal, other players' cards and hole-card sets. Games the reference tags
``layout`` because the cards a player may use are unusual (3-Hole Poker, Indian Chief Poker, the tornado games)
live here too.
"""

from __future__ import annotations

from evaluator.catalog.layouts.boards import OTHERS
from evaluator.catalog.layouts.declarations import DECLARATIONS, PILES_VARIANT, PYRAMID_ROWS
from evaluator.catalog.layouts.elevators import ELEVATORS
from evaluator.catalog.layouts.iron_cross import IRON_CROSS
from evaluator.catalog.layouts.special_rankings import SPECIAL_RANKINGS
from evaluator.catalog.layouts.spreads import SPREADS
from evaluator.catalog.layouts.tic_tac_toe import TIC_TAC_TOE
from evaluator.variant import Variant

__all__ = ["LAYOUTS"]

LAYOUTS: tuple[Variant, ...] = (*IRON_CROSS, *TIC_TAC_TOE, *ELEVATORS, *SPREADS, *OTHERS, *DECLARATIONS,
                                *SPECIAL_RANKINGS, *PILES_VARIANT, PYRAMID_ROWS)
