"""Circle Jerk, Yukon, Chowaha, Oh Shit, Slam-aha and Cucamonga: rings, several flops, rows and rails."""

from __future__ import annotations

from evaluator.catalog.layouts.blocks import (
    TRIPS,
    TWO_AND_THREE,
    center_wild,
    formation_of,
    game,
    grid_positions,
    hilo,
    layout,
    ring_positions,
)
from evaluator.catalog.parts import high, high_low
from evaluator.formation import BoardGroup, Count
from evaluator.formation.layout import Position, grid_groups
from evaluator.mechanisms.division import HighLow
from evaluator.mechanisms.hand_rules import NoQualifiersAbove
from evaluator.variant import BoardShape, OptionSpec
from evaluator.wilds.rules import PositionCard

__all__ = ["SPREADS"]

_RING = ("O1", "O2", "O3", "O4", "O5", "O6")
_CIRCLE = (*ring_positions(_RING), Position(name="C", x=1.0, y=1.0))


def _o(i: int) -> str:
    return _RING[i % 6]


_ARCS = [(f"arc {_o(i)}-{_o(i + 1)}-{_o(i + 2)}", (_o(i), _o(i + 1), _o(i + 2))) for i in range(6)]
_TRIANGLES = [(f"triangle C-{_o(i)}-{_o(i + 1)}", ("C", _o(i), _o(i + 1))) for i in range(6)]
_CHAINS = [(f"chain {_o(i)}-C-{_o(i + 2)}", (_o(i), "C", _o(i + 2))) for i in range(6)]
_DIAMETERS = [(f"diameter {_o(i)}-C-{_o(i + 3)}", (_o(i), "C", _o(i + 3))) for i in range(3)]
_CIRCLE_ALL = grid_groups(_ARCS + _TRIANGLES + _CHAINS + _DIAMETERS)
_CIRCLE_LINES = grid_groups(_ARCS + _DIAMETERS)
_CIRCLE_PICK = {"hole": Count.exactly(2), "board": Count.exactly(3)}


def _circle_board(groups: tuple[BoardGroup, ...], which: str) -> BoardShape:
    return layout(_CIRCLE, groups, f"Six cards in a ring O1..O6 (clockwise from the top) and C in the middle. "
                  f"Legal triples: {which}.")


_CIRCLE_CHAINS_TEXT = ("every connected chain of three along the ring and the spokes: 6 arcs, 6 triangles with C, "
                       "9 chains through C (3 of them diameters)")
_CIRCLE_LINES_TEXT = "the 6 arcs of the ring and the 3 diameters through C"

_YUKON = (*grid_positions(("F1a", "F1b", "T1")), Position(name="R", x=3, y=1),
          *grid_positions(("F2a", "F2b", "T2"), y0=2))
_YUKON_SETS = grid_groups((("set 1", ("F1a", "F1b", "T1", "R")), ("set 2", ("F2a", "F2b", "T2", "R"))))

_CHOWAHA = (*grid_positions(("F1a", "", "F2a", "", "F3a"), ("F1b", "", "F2b", "", "F3b"), ("F1c", "", "F2c", "", "F3c"),
                            segment="flop"),
            Position(name="T1", x=1, y=3, segment="turn"), Position(name="T2", x=3, y=3, segment="turn"),
            Position(name="R", x=2, y=4, segment="river"))
_CHOWAHA_BOARDS = grid_groups((
    ("board 1", ("F1a", "F1b", "F1c", "T1", "R")), ("board 2", ("F2a", "F2b", "F2c", "T1", "R")),
    ("board 3", ("F2a", "F2b", "F2c", "T2", "R")), ("board 4", ("F3a", "F3b", "F3c", "T2", "R")),
))
_CHOWAHA_TWO_THREE = formation_of(_CHOWAHA_BOARDS, {"hole": Count.exactly(2), "board": Count.exactly(3)})
_CHOWAHA_ONE_FLOP = formation_of(_CHOWAHA_BOARDS, {"hole": Count.exactly(2), "flop": Count.exactly(1),
                                                   "turn": Count.exactly(1), "river": Count.exactly(1)})

_OH_SHIT = grid_positions(("A1", "A2", "A3", "A4", "A5"), ("B1", "B2", "B3", "B4", "B5"))
_OH_SHIT_ROWS = grid_groups((("row A", ("A1", "A2", "A3", "A4", "A5")), ("row B", ("B1", "B2", "B3", "B4", "B5"))))

_SLAM = grid_positions(("", "", "V1"), ("", "", "V2"), ("H1", "H2", "C", "H4", "H5"), ("", "", "V4"), ("", "", "V5"))
_SLAM_LINES = grid_groups((("horizontal", ("H1", "H2", "C", "H4", "H5")), ("vertical", ("V1", "V2", "C", "V4", "V5"))))

_CUCAMONGA = (*grid_positions(("T1", "T2", "T3", "T4"), segment="top"),
              *grid_positions(("B1", "B2", "B3", "B4"), segment="bottom", y0=1))
_CUCAMONGA_USE = formation_of((), {"hole": Count.between(1, 2), "top": Count.between(1, 2),
                                   "bottom": Count.between(1, 2)})

SPREADS = (
    game("circle-jerk", "Circle Jerk", "2 hole cards + a ring of six cards around a centre card C; the hand is both "
         "hole cards + three adjacent layout cards. C and every card of its rank are wild for everyone.",
         "variants.md §3 circle-jerk", tags=("layout", "wild"), hole=Count.exactly(2),
         board=_circle_board(_CIRCLE_ALL, _CIRCLE_CHAINS_TEXT), hands=high(formation_of(_CIRCLE_ALL, _CIRCLE_PICK)),
         wilds=(PositionCard(position="C", whole_rank=True),),
         options=(OptionSpec(
             name="adjacency", default="chains",
             description="Which triples of layout cards are adjacent: chains (any connected chain of three along "
                         "the ring and the spokes, 21 triples) or lines (the 6 arcs and the 3 diameters, 9).",
             values={"chains": {}, "lines": {"board": _circle_board(_CIRCLE_LINES, _CIRCLE_LINES_TEXT),
                                             "hands": high(formation_of(_CIRCLE_LINES, _CIRCLE_PICK))}}),),
         notes=("Positions: the ring O1..O6 clockwise from the top, C in the middle (the reference's names).",
                "Adjacency is the reference's assumption (both diagrams are lost).")),
    game("yukon-holdem", "Yukon Hold'em", "2 hole cards + two sets (F1a F1b T1 and F2a F2b T2) and the river R; a "
         "hand is any five of the hole cards, ONE set and the river (the sets cannot be mixed).",
         "variants.md §4 yukon-holdem", tags=("layout",), hole=Count.exactly(2),
         board=layout(_YUKON, _YUKON_SETS, "Set 1 (F1a, F1b, turn T1) above set 2 (F2a, F2b, turn T2), and the "
                      "river R, which goes with either set."),
         hands=high(formation_of(_YUKON_SETS)),
         options=(OptionSpec(
             name="yukon_both_hole", default="false",
             description="false: any five of the six (pagat); true: both hole cards must play (one reading of "
                         "the Wikipedia text).",
             values={"false": {}, "true": {"hands": high(formation_of(_YUKON_SETS, {"hole": Count.exactly(2)}))}}),)),
    game("chowaha", "Chowaha", "2 hole cards + three 3-card flops, two turns and a river; four 5-card boards "
         "(F1+T1+R, F2+T1+R, F2+T2+R, F3+T2+R); the hand is both hole cards + three cards of ONE board.",
         "variants.md §3 chowaha", tags=("layout",), hole=Count.exactly(2),
         board=layout(_CHOWAHA, _CHOWAHA_BOARDS, "Three flops F1a-c, F2a-c, F3a-c; turn T1 between F1 and F2, "
                      "turn T2 between F2 and F3; the river R. Boards: F1+T1+R, F2+T1+R, F2+T2+R, F3+T2+R."),
         hands=high(_CHOWAHA_TWO_THREE),
         options=(
             OptionSpec(name="chowaha_board", default="two_plus_three",
                        description="two_plus_three: both hole cards + any three cards of one board (BARGE, "
                                    "Wikipedia); one_flop_card: both hole cards + exactly one flop card + its "
                                    "turn + the river (how-to-play-poker.co.uk).",
                        values={"two_plus_three": {}, "one_flop_card": {"hands": high(_CHOWAHA_ONE_FLOP)}}),
             OptionSpec(name="split", default="high",
                        description="High only, or high/low (LOW-A5 eight or better, cards speak, each half on "
                                    "its own board), as in BARGE's four-card Chowaha. With one_flop_card chosen "
                                    "too, the halves keep the two-plus-three reading.",
                        values={"high": {}, "high-low": {"hands": hilo(_CHOWAHA_TWO_THREE, qualifier=True),
                                                         "division": HighLow()}}),
             OptionSpec(name="hole_cards", default="2",
                        description="2 hole cards (the S1 and BARGE form) or 4 (the original four-card Chowaha); "
                                    "exactly two of them play either way.",
                        values={"2": {}, "4": {"hole": Count.exactly(4)}}),
         ),
         notes=("Position names are those of reference 2.6: flops F1a F1b F1c, F2a F2b F2c, F3a F3b F3c; turns T1 "
                "T2; river R.",)),
    game("oh-shit", "Oh Shit", "5 hole cards + two rows of five (A1-A5, B1-B5); the hand is exactly 2 hole cards + 3 "
         "cards of ONE row, separately for high and low. LOW-A5 eight or better, cards speak.",
         "variants.md §3 oh-shit", tags=("layout",), hole=Count.exactly(5),
         board=layout(_OH_SHIT, _OH_SHIT_ROWS, "Two rows of five: A1-A5 above B1-B5."),
         hands=hilo(formation_of(_OH_SHIT_ROWS, TWO_AND_THREE), qualifier=True), division=HighLow()),
    game("slam-aha", "Slam-aha", "5 hole cards + a cross of nine (row H1 H2 C H4 H5, column V1 V2 C V4 V5); the "
         "hand is exactly 2 hole cards + 3 cards of ONE line, separately for high and low. LOW-A5 eight or "
         "better, cards speak. Optionally the centre card is wild.", "variants.md §3 slam-aha",
         tags=("layout", "wild"), hole=Count.exactly(5),
         board=layout(_SLAM, _SLAM_LINES, "A cross of nine: the row H1 H2 C H4 H5 and the column V1 V2 C V4 V5 "
                      "share the centre C."),
         hands=hilo(formation_of(_SLAM_LINES, TWO_AND_THREE), qualifier=True), division=HighLow(),
         options=(center_wild("C", "off", off=True),),
         notes=("Position names are those of reference 2.6 (C is the shared centre, the entry's H3 = V3).",
                "The wild centre is optional in the reference: off by default; card is its assumed form.")),
    game("cucamonga", "Cucamonga", "5 hole cards (4 with 9-11 players) + two rows of four; the hand is exactly "
         "five cards: 1-2 hole + 1-2 of the top row + 1-2 of the bottom row, separately for high and low. Up to "
         "8 players: high needs three of a kind, low eight or better; 9-11 players: no qualifiers.",
         "variants.md §3 cucamonga", tags=("layout",), hole=Count.between(4, 5), seats=Count.between(2, 11),
         board=layout(_CUCAMONGA, (), "Top row T1-T4 above bottom row B1-B4 (segments top and bottom)."),
         hands=high_low(_CUCAMONGA_USE, high_qualifier=TRIPS),
         division=HighLow(), mechanisms=(NoQualifiersAbove(players=8),),
         notes=("5 hole cards up to 8 players, 4 with 9-11: the service accepts 4 or 5 and does not check the "
                "count against the number of players.",
                "Qualifiers (trips for high, eight or better for low) apply up to 8 players; with more there are "
                "none. If only one side qualifies it takes the whole pot; if neither does, the pot is split "
                "equally among the players at showdown.")),
)
