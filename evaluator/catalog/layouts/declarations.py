"""Declaration games with layouts: Flaming Cross, 43 Box, Piles (and its variation), the Bluffs, Real Poker,
Buddy's Game, and the Pyramid of three intersecting rows."""

from __future__ import annotations

from dataclasses import replace

from evaluator.catalog.layouts.blocks import (
    DECLARE_NOTE,
    TIE_LOSES_NOTE,
    TRIPS,
    formation_of,
    game,
    grid_positions,
    hilo,
    layout,
)
from evaluator.catalog.layouts.boards import FLAMING, FLAMING_LINES
from evaluator.catalog.parts import high_low
from evaluator.formation import Count
from evaluator.formation.layout import Position, grid_groups
from evaluator.mechanisms.division import Declare
from evaluator.rankings import DOOGIE, HIGH, LOW_A6, HighQualifier, LowQualifier
from evaluator.rankings.special.piles_low import PILES_LOW, PILES_QUALIFIER
from evaluator.values.decks import deck_named
from evaluator.variant import HandSpec, OptionSpec, Variant
from evaluator.wilds.rules import Jokers

__all__ = ["DECLARATIONS", "PILES_VARIANT", "PYRAMID_ROWS"]

_DECLARE_TAGS = ("layout", "special-split", "play-time-state")

# A triangle: corner 4 at the top, 5 bottom left, 6 bottom right; 1 on side 4-5, 3 on side 4-6, 2 on side 5-6.
_TRIANGLE = (Position(name="4", x=2, y=0), Position(name="1", x=1, y=1), Position(name="3", x=3, y=1),
             Position(name="5", x=0, y=2), Position(name="2", x=2, y=2), Position(name="6", x=4, y=2))
_SIDES = grid_groups((("side 4-1-5", ("4", "1", "5")), ("side 4-3-6", ("4", "3", "6")),
                      ("side 6-2-5", ("6", "2", "5"))))
PYRAMID_ROWS = game(
    "pyramid-three-rows", "Pyramid, three intersecting rows", "4 hole cards + a triangle of six (corners 4, 5, 6; "
    "1 between 4 and 5, 3 between 4 and 6, 2 between 5 and 6); a hand is 2 to 4 hole cards + 3 to 1 cards of ONE "
    "side. High/low with a declaration (LOW-A5, no qualifier); a both-way declarer makes both hands from the same "
    "side.", "variants.md §5 pyramid-three-rows", tags=_DECLARE_TAGS, hole=Count.exactly(4),
    board=layout(_TRIANGLE, _SIDES, "A triangle: corners 4 (top), 5 and 6; side cards "
                                            "1 (4-5), 3 (4-6) and 2 (5-6). The sides are 4-1-5, 4-3-6 and 6-2-5."),
    hands=hilo(formation_of(_SIDES, {"hole": Count.between(2, 4)}), qualifier=False),
    division=Declare(both_from_one_group=True),
    notes=(DECLARE_NOTE, TIE_LOSES_NOTE, "A both-way declarer plays high and low from the same side: the first "
           "side (4-1-5, 4-3-6, 6-2-5) with which he wins both ways, or else the one with his best high. The "
           "geometry is reconstructed from the listed sides (the diagram is lost)."))

_BOX = grid_positions(("R1a", "R1b", "R1c"), ("R2a", "R2b", "R2c"))
_BOX_GROUPS = grid_groups((("row 1", ("R1a", "R1b", "R1c")), ("row 2", ("R2a", "R2b", "R2c")),
                           *((f"column {c}", (f"R1{c}", f"R2{c}")) for c in "abc")))

_PILES = (*grid_positions(("P1a", "P1b"), ("P1c", "P1d"), segment="square"),
          *grid_positions(("P2a", "P2b"), ("P2c", "P2d"), segment="square", x0=3),
          *grid_positions(("R1", "R2", "R3", "R4", "R5"), segment="row", y0=3))
_PILE_ROW = ("R1", "R2", "R3", "R4", "R5")
_PILES_GROUPS = grid_groups((("pile 1", ("P1a", "P1b", "P1c", "P1d", *_PILE_ROW)),
                             ("pile 2", ("P2a", "P2b", "P2c", "P2d", *_PILE_ROW))))
_PILES_USE = formation_of(_PILES_GROUPS, {"hole": Count.exactly(2), "square": Count.exactly(2),
                                          "row": Count.exactly(1)})

_BLUFFS = (*grid_positions(("T1", "T2", "T3", "T4"), segment="top"),
           *grid_positions(("B1", "B2", "B3", "B4"), segment="bottom", y0=1))
_BLUFFS_ROWS = formation_of((), {"hole": Count.between(1, 2), "top": Count.between(1, 2),
                                 "bottom": Count.between(1, 2)})

_REAL = tuple(p for k in range(1, 5) for p in (
    Position(name=f"G{k}a", x=3 * (k - 1), y=0), Position(name=f"G{k}b", x=3 * (k - 1) + 1, y=0),
    Position(name=f"S{k}", x=3 * (k - 1) + 0.5, y=1)))
_REAL_SETS = grid_groups((f"set {k}", (f"G{k}a", f"G{k}b", f"S{k}")) for k in range(1, 5))
_REAL_USE = formation_of(_REAL_SETS, {"hole": Count.at_least(2)})

_STAMP = grid_positions(("TL", "TR"), ("BL", "BR"))
_STAMP_SIDES = grid_groups((("top", ("TL", "TR")), ("bottom", ("BL", "BR")), ("left", ("TL", "BL")),
                            ("right", ("TR", "BR"))))
_STAMP_USE = formation_of(_STAMP_SIDES)

DECLARATIONS = (
    game("flaming-cross", "Flaming Cross", "5 hole cards + a cross of five (N, E, S, W and the centre C); at least "
         "two hole cards + cards of ONE line (vertical N-C-S or horizontal W-C-E), separately for high and low "
         "(LOW-A5, no qualifier); declaration, and a both-way declarer may use different lines.",
         "variants.md §3 flaming-cross", tags=_DECLARE_TAGS, hole=Count.exactly(5),
         board=layout(FLAMING, FLAMING_LINES, "A cross: N above, S below, W left, E right of the centre C. "
                      "Lines: vertical N-C-S, horizontal W-C-E."),
         hands=hilo(formation_of(FLAMING_LINES, {"hole": Count.at_least(2)}), qualifier=False), division=Declare(),
         notes=(DECLARE_NOTE, TIE_LOSES_NOTE)),
    game("forty-three-box", "Forty-Three Box", "4 hole cards + two rows of three community cards; a hand is any "
         "five of the hole cards and ONE row (3 cards) or ONE column (2 cards), separately for high and low "
         "(LOW-A5, no qualifier); simultaneous declaration; both ways must win or tie both.",
         "variants.md §3 forty-three", tags=("layout", "special-split", "play-time-state"), hole=Count.exactly(4),
         board=layout(_BOX, _BOX_GROUPS, "Two rows of three, R1a-R1c over R2a-R2c (turned one column at a time). "
                      "Groups: the two rows and the three columns."),
         hands=hilo(formation_of(_BOX_GROUPS), qualifier=False), division=Declare(both_tie="tie_ok"),
         notes=(DECLARE_NOTE, "The deal is reconstructed (4 down to each player) as in Forty-Three.")),
    game("piles", "Piles", "5 hole cards + two 2x2 squares (piles 1 and 2) and a row of five (pile 3); the hand is "
         "exactly 2 hole cards + 2 cards of ONE square + 1 card of the row, separately for high and low (LOW-A5 "
         "eight or better); declaration, and pig (both) must win both ways.", "variants.md §3 piles",
         tags=_DECLARE_TAGS, hole=Count.exactly(5),
         board=layout(_PILES, _PILES_GROUPS, "Pile 1 (P1a P1b / P1c P1d) and pile 2 (P2a P2b / P2c P2d), two 2x2 "
                      "squares (segment square), above pile 3, the row R1-R5 (segment row)."),
         hands=hilo(_PILES_USE, qualifier=True), division=Declare(),
         notes=(DECLARE_NOTE, "Position names are those of reference 2.6.",
                "A pig who ties either way loses (both_tie unstated: tie_loses).")),
    game("the-bluffs", "The Bluffs", "4 hole cards + two rows of four; the hand is exactly five cards: 1-2 hole + "
         "1-2 of the top row + 1-2 of the bottom row (the Cucamonga pattern), separately for high and low "
         "(LOW-A6, ace-to-six); declaration. With 9 players a joker is added, fully wild.",
         "variants.md §3 the-bluffs", tags=("layout", "wild", "special-split"), deck=deck_named("52+1"),
         hole=Count.exactly(4), seats=Count.between(2, 9),
         board=layout(_BLUFFS, (), "Top row T1-T4 above bottom row B1-B4 (segments top and bottom)."),
         hands=high_low(_BLUFFS_ROWS, low=LOW_A6, low_qualifier=None), division=Declare(),
         wilds=(Jokers(),),
         options=(OptionSpec(name="bluffs_use", default="rows",
                             description="rows: 1-2 hole + 1-2 of each row (the Cucamonga pattern, assumed); any: "
                                         "any five of the twelve cards (Cincinnati style).",
                             values={"rows": {}, "any": {"hands": high_low(formation_of(), low=LOW_A6,
                                                                           low_qualifier=None)}}),),
         notes=(DECLARE_NOTE, "Position names are those of reference 2.6.",
                "The use rule is the reference's assumption (the seed's process list is lost).",
                "The joker is in the deck for 9 players only; the service does not check that against the number "
                "of players. A joker in the hole is its holder's, on the board everyone's.",
                "A both-way declarer who ties either way loses (tie_loses).")),
    game("real-poker", "Real Poker", "5 hole cards + four exposure sets (a 2-card group Gk and a single Sk turned "
         "together); the hand is 2 to 5 hole cards + the rest from ONE set, separately for high and low (LOW-A6, "
         "ace-to-six); simultaneous declaration; a both-way declarer wins or ties both.",
         "variants.md §3 real-poker", tags=_DECLARE_TAGS, hole=Count.exactly(5),
         board=layout(_REAL, _REAL_SETS, "Four groups of two (G1a G1b ... G4a G4b), each with the single turned "
                      "with it below (S1 ... S4). Set k = Gka, Gkb, Sk."),
         hands=high_low(_REAL_USE, low=LOW_A6, low_qualifier=None), division=Declare(both_tie="tie_ok"),
         notes=(DECLARE_NOTE, "Position names are those of reference 2.6.",
                "The list of allowed hand compositions is lost; the reference's assumption is used: at least 2 "
                "hole cards, the board cards from one exposure set.")),
    game("buddys-game", "Buddys Game", "4 hole cards (5 if a fifth was bought) + a 2x2 \"postage stamp\"; any "
         "number of hole cards + 0-2 table cards that share a side (never a diagonal pair), for a 5-card high "
         "(three of a kind or better) and a 4-card doogie (a 7 doogie or better); declaration as in Doogie.",
         "variants.md §3 buddys-game", tags=("layout", "special-ranking", "special-split", "play-time-state"),
         hole=Count.between(4, 5),
         board=layout(_STAMP, _STAMP_SIDES, "A 2x2 square: TL TR over BL BR. Two table cards must share a side: "
                      "top, bottom, left or right; never a diagonal."),
         hands=(HandSpec(name="high", ranking=HIGH, formation=_STAMP_USE, qualifier=TRIPS),
                HandSpec(name="low", ranking=DOOGIE, formation=_STAMP_USE, qualifier=LowQualifier(7))),
         division=Declare(best_possible_tie_ok=True, perfect_low_wins_both=True),
         notes=(DECLARE_NOTE, "Position names TL, TR, BL, BR are those of the reference entry.",
                "As in Doogie: a both-way declarer must win both (a tie only with the best hand possible); a "
                "perfect doogie (A-2-3-4 of four suits) wins both for a player who declared both.")),
)



def _piles_variant(piles: Variant) -> Variant:
    """Piles with the variation's rankings: high needs a full house; the low ignores pairing (PILES-LOW) and needs
    every card 5 or lower."""
    return replace(
        piles, id="piles-variant", name="Piles (variation)", tags=("special-ranking", *piles.tags),
        description="Piles in which high needs a full house or better, and the low counts five card values from the "
                    "highest down ignoring pairs and trips (A-A-A-A-2 is the best low), every card 5 or lower.",
        hands=(HandSpec(name="high", ranking=HIGH, formation=_PILES_USE, qualifier=HighQualifier("full-house")),
               HandSpec(name="low", ranking=PILES_LOW, formation=_PILES_USE, qualifier=PILES_QUALIFIER)))


PILES_VARIANT = tuple(_piles_variant(v) for v in DECLARATIONS if v.id == "piles")
