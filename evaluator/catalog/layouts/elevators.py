"""Pyramid (Sq2yard), Z and the elevators: boards of sets, pairs or shafts, a hand from one of them."""

from __future__ import annotations

from evaluator.catalog.layouts.blocks import (
    DECLARE_NOTE,
    TIE_LOSES_NOTE,
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
from evaluator.formation.layout import Position, grid_groups
from evaluator.mechanisms.division import Declare, HighLow
from evaluator.wilds.rules import GroupPositionRank, PositionCard

__all__ = ["ELEVATORS"]

_PYRAMID = (*grid_positions(("1a", "1b", "2a", "2b")), *grid_positions(("3a", "3b"), y0=1, x0=1),
            Position(name="4", x=1.5, y=2, segment="must"))
_PYRAMID_USE = formation_of((), {"must": Count.exactly(1)})

_Z = (Position(name="Z1", x=0, y=0), Position(name="Z3", x=1, y=0), Position(name="Z4", x=0, y=1),
      Position(name="Z2", x=1, y=1))
_Z_PAIRS = grid_groups((("top Z1-Z3", ("Z1", "Z3")), ("diagonal Z3-Z4", ("Z3", "Z4")),
                        ("bottom Z4-Z2", ("Z4", "Z2"))))
_Z_USE = formation_of(_Z_PAIRS, {"hole": Count.exactly(3), "board": Count.exactly(2)})

# Left shaft 1-2-3 and right shaft 4-5-6, top to bottom; the elevator E between them on the middle floor.
_ELEVATOR = (*grid_positions(("1", "", "4"), ("2", "E", "5"), ("3", "", "6")),)
_ELEVATOR_SETS = grid_groups((
    ("floor 1: 1-E-4", ("1", "E", "4")), ("floor 2: 2-E-5", ("2", "E", "5")), ("floor 3: 3-E-6", ("3", "E", "6")),
    ("diagonal 1-E-6", ("1", "E", "6")), ("diagonal 3-E-4", ("3", "E", "4")),
))
_ELEVATOR_BOARD = layout(_ELEVATOR, _ELEVATOR_SETS, "Left shaft 1, 2, 3 and right shaft 4, 5, 6 (top to bottom) "
                         "with the elevator E between them. Sets: 1-E-4, 2-E-5, 3-E-6 and the diagonals 1-E-6, "
                         "3-E-4.")
_ELEVATOR_ANY = formation_of(_ELEVATOR_SETS)
_ELEVATOR_NOTE = ("Positions: left shaft 1, 2, 3 and right shaft 4, 5, 6 from top to bottom, the elevator E "
                  "between them.")
_SAME_SET_NOTE = ("A both-way declarer plays high and low from the same set: the first set (in the order listed) "
                  "with which he wins both ways, or else the one with his best high.")

_DOUBLE = grid_positions(("A1", "", "B1", "", "C1"), ("A2", "E1", "B2", "E2", "C2"), ("A3", "", "B3", "", "C3"))
_DOUBLE_SETS = grid_groups(
    [(f"floor {f} via E1", (f"A{f}", "E1", f"B{f}")) for f in (1, 2, 3)]
    + [(f"floor {f} via E2", (f"B{f}", "E2", f"C{f}")) for f in (1, 2, 3)])

_SKYSCRAPER = (*grid_positions(*[(f"A{f}", "", f"C{f}") for f in range(1, 6)]), Position(name="E", x=1, y=2))
_SKYSCRAPER_SETS = grid_groups([(f"floor {f}", (f"A{f}", "E", f"C{f}")) for f in range(1, 6)])

ELEVATORS = (
    game("pyramid-sq2yard", "Pyramid (Sq2yard)", "5 hole cards + an inverted pyramid of 7 (a row of four, a row of "
         "two and the bottom card 4); every hand must use the bottom card 4: it is 4 + any four of the 5 hole "
         "cards and the other six table cards. High/low, cards speak, LOW-A5 eight or better.",
         "variants.md §3 pyramid-sq2yard", tags=("layout",), hole=Count.exactly(5),
         board=layout(_PYRAMID, (), "An inverted pyramid: top row 1a 1b 2a 2b (the seed's two 1 cards and two 2 "
                      "cards), middle row 3a 3b, bottom card 4, which every hand must use."),
         hands=hilo(_PYRAMID_USE, qualifier=True), division=HighLow(),
         options=(declare_option("a declaration, as the seed's wording hints (P-DECL, tie_loses)"),),
         notes=("The bottom card 4 is the segment 'must': every high and every low hand contains it; high and low "
                "may otherwise differ.",)),
    game("z", "Z", "5 hole cards + four cards in a Z; the hand is exactly 3 hole cards + one stroke of the Z "
         "(Z1-Z3, Z3-Z4 or Z4-Z2), separately for high and low. LOW-A5 eight or better, cards speak.",
         "variants.md §5 z", tags=("layout",), hole=Count.exactly(5),
         board=layout(_Z, _Z_PAIRS, "Z1 top left, Z3 top right, Z4 bottom left, Z2 bottom right: the strokes "
                      "of the Z are Z1-Z3, Z3-Z4 and Z4-Z2."),
         hands=hilo(_Z_USE, qualifier=True), division=HighLow()),
    game("elevator", "Elevator", "4 hole cards + two shafts of three and the elevator E; a hand is any five of the "
         "4 hole cards and ONE set (1-E-4, 2-E-5, 3-E-6, 1-E-6, 3-E-4). High/low with a declaration, LOW-A5 with "
         "no qualifier.", "variants.md §5 elevator", tags=("layout", "special-split", "play-time-state"),
         hole=Count.exactly(4), board=_ELEVATOR_BOARD,
         hands=hilo(_ELEVATOR_ANY, qualifier=False), division=Declare(both_from_one_group=True),
         notes=(_ELEVATOR_NOTE, DECLARE_NOTE, TIE_LOSES_NOTE, _SAME_SET_NOTE)),
    game("elevator-wild", "Elevator, wild elevator", "Elevator in which the elevator card E is wild for everyone "
         "(option: E and every card of its rank). High/low with a declaration, LOW-A5 with no qualifier.",
         "variants.md §5 elevator", tags=("wild", "layout"), hole=Count.exactly(4),
         board=_ELEVATOR_BOARD, hands=hilo(_ELEVATOR_ANY, qualifier=False), division=Declare(both_from_one_group=True),
         wilds=wilds_for("card", "E"), options=(center_wild("E", "card"),),
         notes=(_ELEVATOR_NOTE, DECLARE_NOTE, TIE_LOSES_NOTE, _SAME_SET_NOTE)),
    game("elevator-split-sets", "Elevator, split sets", "Elevator in which high and low may use different sets, "
         "a both-way declarer included. High/low with a declaration, LOW-A5 with no qualifier.",
         "variants.md §5 elevator", tags=("layout", "special-split"), hole=Count.exactly(4),
         board=_ELEVATOR_BOARD, hands=hilo(_ELEVATOR_ANY, qualifier=False),
         division=Declare(), notes=(_ELEVATOR_NOTE, DECLARE_NOTE, TIE_LOSES_NOTE)),
    game("double-elevator", "Double Elevator", "4 hole cards + shafts A, B, C (floors 1-3) with elevators E1 "
         "(between A and B) and E2 (between B and C); a hand is any five of the hole cards and one set A-E1-B or "
         "B-E2-C on one floor. The chosen set's elevator card and every card of its rank are wild for that hand.",
         "variants.md §3 double-elevator", tags=("layout", "wild"), hole=Count.exactly(4),
         board=layout(_DOUBLE, _DOUBLE_SETS, "Shafts A1-A3, B1-B3, C1-C3 (floor 1 at the top) with elevator E1 "
                      "between A and B and E2 between B and C. Sets: A(f)-E1-B(f) and B(f)-E2-C(f)."),
         hands=high(formation_of(_DOUBLE_SETS)), wilds=(GroupPositionRank(positions=("E1", "E2")),)),
    game("skyscraper-elevator", "Skyscraper Elevator", "4 hole cards + shafts A1-A5 and C1-C5 with the elevator "
         "E; a hand is any five of the hole cards and one floor A(f)-E-C(f). E and every card of its rank are "
         "wild for everyone.", "variants.md §3 skyscraper-elevator", tags=("layout", "wild"),
         hole=Count.exactly(4),
         board=layout(_SKYSCRAPER, _SKYSCRAPER_SETS, "Shafts A1-A5 and C1-C5 (floor 1 at the top) with the "
                      "elevator E between them. Sets: A(f)-E-C(f) for f = 1..5."),
         hands=high(formation_of(_SKYSCRAPER_SETS)), wilds=(PositionCard(position="E", whole_rank=True),),
         notes=("The seed lists the sets as A1-E-B1 ...; the shafts are A and C, so the sets are A(f)-E-C(f).",)),
)
