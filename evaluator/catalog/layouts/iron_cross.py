"""Iron Cross and its forms: hole cards and a cross of five; a hand uses one line of the cross."""

from __future__ import annotations

from evaluator.catalog.layouts.blocks import (
    center_wild,
    declare_option,
    formation_of,
    game,
    grid_positions,
    hilo,
    layout,
    wilds_for,
)
from evaluator.catalog.parts import high
from evaluator.formation import Count
from evaluator.formation.layout import grid_groups
from evaluator.mechanisms.division import HighLow

__all__ = ["IRON_CROSS"]

# pagat's numbers: N=1, E=2, S=3, W=4, centre C=5; vertical 1-5-3, horizontal 4-5-2.
_CROSS = grid_positions(("", "1", ""), ("4", "5", "2"), ("", "3", ""))
_CROSS_LINES = grid_groups((("vertical", ("1", "5", "3")), ("horizontal", ("4", "5", "2"))))
_CROSS_BOARD = layout(_CROSS, _CROSS_LINES, "A cross of five cards: 1 (north), 2 (east), 3 (south), 4 (west) and "
                      "the centre 5 (pagat's numbers). Lines: vertical 1-5-3, horizontal 4-5-2.")
_CROSS_ANY = formation_of(_CROSS_LINES)
_CROSS_NOTE = "Positions are pagat's numbers: 1 north, 2 east, 3 south, 4 west, 5 the centre."


_iron_cross = game.but(tags=("layout",), hole=Count.exactly(5), hands=high(_CROSS_ANY),
                       board=_CROSS_BOARD, notes=(_CROSS_NOTE,), reference="variants.md §4 iron-cross")


IRON_CROSS = (
    _iron_cross("iron-cross", "Iron Cross", "5 hole cards + a cross of five; a hand is any five of the hole cards "
                "and ONE line (vertical 1-5-3 or horizontal 4-5-2), so at least two hole cards.",
                aliases=("church",)),
    _iron_cross("iron-cross-4card", "Iron Cross (4 hole cards)", "Iron Cross with 4 hole cards: any five of the "
                "hole cards and one line.", hole=Count.exactly(4)),
    _iron_cross("matrix-cross", "Matrix Cross", "Iron Cross with only 2 hole cards, played with a whole line: both "
                "hole cards + the 3 cards of the vertical or horizontal line.", hole=Count.exactly(2),
                hands=high(formation_of(_CROSS_LINES, {"hole": Count.exactly(2), "board": Count.exactly(3)}))),
    _iron_cross("iron-cross-wild", "Iron Cross, wild centre", "Iron Cross in which the centre card (5) and every "
                "card of its rank are wild for everyone (option: the centre card only).", tags=("wild", "layout"),
                wilds=wilds_for("rank", "5"), options=(center_wild("5", "rank"),)),
    _iron_cross("iron-cross-hilo", "Iron Cross High-Low", "Iron Cross split high/low, cards speak: LOW-A5 with no "
                "qualifier; high and low may use different lines.", tags=("special-split", "layout"),
                hands=hilo(_CROSS_ANY, qualifier=False), division=HighLow(),
                options=(declare_option("a declaration (P-DECL; a both-way declarer who ties either way loses)"),),
                notes=(_CROSS_NOTE, "With declare=true a both-way declarer may use different lines for high and "
                       "low, and one who ties either way loses (both_tie unstated: tie_loses).")),
)
