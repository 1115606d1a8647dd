"""The layout games of the reference: boards whose cards combine only along their lines, rows, sides or boards.

Every record is composed from the mechanisms: a :class:`~evaluator.layout.Layout` of named positions (the names
are the contract's, reference 2.6 and the entries; x/y are grid coordinates for drawing), a formation whose picks
bound each source and whose groups say which board positions one hand may combine, wild rules that read board
positions, live groups chosen by the deal, other players' cards and hole-card sets. Games the reference tags
``layout`` because the cards a player may use are unusual (3-Hole Poker, Indian Chief Poker, the tornado games)
live here too.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from math import cos, radians, sin

from evaluator.catalog.parts import D52, EIGHT_OR_BETTER, Family, high, high_low
from evaluator.claims import ClaimedHands
from evaluator.deal_rules import SuitOfPosition
from evaluator.decks import deck_named
from evaluator.events import EventSpec
from evaluator.formation import BoardGroup, Count, Formation, Pick
from evaluator.layout import Layout, Position, grid_groups
from evaluator.live_groups import GroupsByCard, TriggerWindow
from evaluator.rankings import DOOGIE, HIGH, LOW_27, LOW_A5, LOW_A6, HighQualifier, LowQualifier
from evaluator.rankings.card_criteria import SuitCard
from evaluator.rankings.special import RUNS, TICKET, ticket_ranking
from evaluator.rankings.special.piles_low import PILES_LOW, PILES_QUALIFIER
from evaluator.variant import BoardShape, HandSpec, OptionSpec, Variant, VariantFields
from evaluator.wild_rules import FixedRanks, GroupPositionRank, Jokers, PositionCard

__all__ = ["LAYOUTS"]

TWO = 0


# --- building blocks ------------------------------------------------------------------------------------------


def _positions(*rows: Sequence[str], segment: str = "board", y0: float = 0, x0: float = 0) -> tuple[Position, ...]:
    """Positions laid out row by row on a grid (an empty name leaves a gap)."""
    return tuple(Position(name=name, x=x0 + x, y=y0 + y, segment=segment)
                 for y, row in enumerate(rows) for x, name in enumerate(row) if name)


def _ring(names: Sequence[str], *, cx: float = 1.0, cy: float = 1.0, r: float = 1.0) -> tuple[Position, ...]:
    """Positions clockwise on a circle, the first at the top."""
    step = 360 / len(names)
    return tuple(Position(name=name, x=round(cx + r * cos(radians(90 - i * step)), 3),
                          y=round(cy - r * sin(radians(90 - i * step)), 3))
                 for i, name in enumerate(names))


def _formation(groups: Iterable[BoardGroup] = (), *picks: dict[str, Count]) -> Formation:
    return Formation(picks=tuple(Pick(limits=p) for p in picks) or (Pick(),), groups=tuple(groups))


def _board(positions: tuple[Position, ...], groups: tuple[BoardGroup, ...], description: str) -> BoardShape:
    return BoardShape(layout=Layout(positions=positions, groups=groups, description=description))


#: Every layout game names its tags, hole cards, hands, seats and board.
_game = Family(deck=D52)


def _hilo(formation: Formation, *, qualifier: bool) -> tuple[HandSpec, ...]:
    """Cards-speak high/low: LOW-A5, eight or better where the entry says so, else no qualifier."""
    return high_low(formation, low_qualifier=EIGHT_OR_BETTER if qualifier else None)


def _center_wild(position: str, default: str, *, off: bool = False) -> OptionSpec:
    values: dict[str, VariantFields] = {}
    if off:
        values["off"] = {"wilds": ()}
    values["card"] = {"wilds": (PositionCard(position=position),)}
    values["rank"] = {"wilds": (PositionCard(position=position, whole_rank=True),)}
    values[default] = {}
    return OptionSpec(
        name="center_wild", default=default,
        description=(f"Which cards the centre card ({position}) makes wild for everyone: "
                     + ("none (off), " if off else "") + "the card itself (card), or the card and every card of "
                     "its rank (rank)."),
        values=values,
    )


def _wilds_for(default: str, position: str) -> tuple[PositionCard, ...]:
    if default == "off":
        return ()
    return (PositionCard(position=position, whole_rank=default == "rank"),)


_DECLARE_NOTE = "Every player still in sends declare: high, low or both."
_TIE_LOSES_NOTE = "A both-way declarer who ties either way loses (both_tie unstated: tie_loses, reference 2.4)."


def _declare_option(what: str) -> OptionSpec:
    """Cards speak (the default) or the reference's declaration form."""
    return OptionSpec(name="declare", default="false",
                      description=f"Cards speak (the default), or {what} (every player still in sends declare).",
                      values={"false": {}, "true": {"division": "declare"}})


# --- Iron Cross -------------------------------------------------------------------------------------------------

# pagat's numbers: N=1, E=2, S=3, W=4, centre C=5; vertical 1-5-3, horizontal 4-5-2.
_CROSS = _positions(("", "1", ""), ("4", "5", "2"), ("", "3", ""))
_CROSS_LINES = grid_groups((("vertical", ("1", "5", "3")), ("horizontal", ("4", "5", "2"))))
_CROSS_BOARD = _board(_CROSS, _CROSS_LINES, "A cross of five cards: 1 (north), 2 (east), 3 (south), 4 (west) and "
                      "the centre 5 (pagat's numbers). Lines: vertical 1-5-3, horizontal 4-5-2.")
_CROSS_ANY = _formation(_CROSS_LINES)
_CROSS_NOTE = "Positions are pagat's numbers: 1 north, 2 east, 3 south, 4 west, 5 the centre."


_iron_cross = _game.but(tags=("layout",), hole=Count.exactly(5), hands=high(_CROSS_ANY), seats=Count.between(2, 9),
                        board=_CROSS_BOARD, notes=(_CROSS_NOTE,), reference="variants.md §4 iron-cross")


_IRON_CROSS = (
    _iron_cross("iron-cross", "Iron Cross", "5 hole cards + a cross of five; a hand is any five of the hole cards "
                "and ONE line (vertical 1-5-3 or horizontal 4-5-2), so at least two hole cards.",
                aliases=("church",)),
    _iron_cross("iron-cross-4card", "Iron Cross (4 hole cards)", "Iron Cross with 4 hole cards: any five of the "
                "hole cards and one line.", hole=Count.exactly(4), seats=Count.between(2, 10)),
    _iron_cross("matrix-cross", "Matrix Cross", "Iron Cross with only 2 hole cards, played with a whole line: both "
                "hole cards + the 3 cards of the vertical or horizontal line.", hole=Count.exactly(2),
                seats=Count.between(2, 10),
                hands=high(_formation(_CROSS_LINES, {"hole": Count.exactly(2), "board": Count.exactly(3)}))),
    _iron_cross("iron-cross-wild", "Iron Cross, wild centre", "Iron Cross in which the centre card (5) and every "
                "card of its rank are wild for everyone (option: the centre card only).", tags=("wild", "layout"),
                wilds=_wilds_for("rank", "5"), options=(_center_wild("5", "rank"),)),
    _iron_cross("iron-cross-hilo", "Iron Cross High-Low", "Iron Cross split high/low, cards speak: LOW-A5 with no "
                "qualifier; high and low may use different lines.", tags=("special-split", "layout"),
                hands=_hilo(_CROSS_ANY, qualifier=False), division="high-low",
                options=(_declare_option("a declaration (P-DECL; a both-way declarer who ties either way loses)"),),
                notes=(_CROSS_NOTE, "With declare=true a both-way declarer may use different lines for high and "
                       "low, and one who ties either way loses (both_tie unstated: tie_loses).")),
)

# --- Tic Tac Toe ---------------------------------------------------------------------------------------------

# pagat's labels: rows 8-1-5 / 4-9-2 / 7-3-6 (the reference's "magic square"), the centre is 9.
_GRID = _positions(("8", "1", "5"), ("4", "9", "2"), ("7", "3", "6"))
_GRID_LINES = grid_groups((
    ("row 8-1-5", ("8", "1", "5")), ("row 4-9-2", ("4", "9", "2")), ("row 7-3-6", ("7", "3", "6")),
    ("column 8-4-7", ("8", "4", "7")), ("column 1-9-3", ("1", "9", "3")), ("column 5-2-6", ("5", "2", "6")),
    ("diagonal 8-9-6", ("8", "9", "6")), ("diagonal 5-9-7", ("5", "9", "7")),
))
_GRID_BOARD = _board(_GRID, _GRID_LINES, "A 3x3 grid with pagat's labels: rows 8-1-5, 4-9-2, 7-3-6 "
                     "(the centre is 9). Lines: the three rows, the three columns and the two diagonals.")
_GRID_EXACT2 = _formation(_GRID_LINES, {"hole": Count.exactly(2), "board": Count.exactly(3)})
_GRID_NOTE = "Positions are pagat's numbers: rows 8-1-5 (top), 4-9-2 (middle), 7-3-6 (bottom); 9 is the centre."


_tic_tac_toe = _game.but(tags=("layout",), hole=Count.exactly(2), hands=high(_GRID_EXACT2),
                         seats=Count.between(2, 10), board=_GRID_BOARD, notes=(_GRID_NOTE,),
                         reference="variants.md §5 tic-tac-toe")


_TIC_TAC_TOE = (
    _tic_tac_toe("tic-tac-toe", "Tic Tac Toe", "2 hole cards + a 3x3 grid; the hand is both hole cards and one whole "
                 "line (a row, a column or a diagonal)."),
    _tic_tac_toe("tic-tac-toe-4-exact2", "Tic Tac Toe (4 hole cards, exactly two)", "4 hole cards; exactly two of "
                 "them + one whole line.", hole=Count.exactly(4)),
    _tic_tac_toe("tic-tac-toe-4-any", "Tic Tac Toe (4 hole cards, two to four)", "4 hole cards; two to four of them + "
                 "three to one cards of ONE line.", hole=Count.exactly(4),
                 hands=high(_formation(_GRID_LINES, {"hole": Count.between(2, 4), "board": Count.between(1, 3)}))),
    _tic_tac_toe("tic-tac-toe-wild", "Tic Tac Toe, wild centre", "Tic Tac Toe in which the centre card (9) and "
                 "every card of its rank are wild for everyone.", tags=("wild", "layout"),
                 wilds=_wilds_for("rank", "9"), options=(_center_wild("9", "rank"),)),
    _tic_tac_toe("tic-tac-toe-hilo", "Tic Tac Toe High-Low", "Tic Tac Toe split high/low with a declaration: both "
                 "hole cards + one line for each half, and high and low may use different lines; LOW-A5 with no "
                 "qualifier.", tags=("special-split", "layout"), hands=_hilo(_GRID_EXACT2, qualifier=False),
                 division="declare", notes=(_GRID_NOTE, _DECLARE_NOTE, _TIE_LOSES_NOTE)),
    _tic_tac_toe("tic-tac-toe-choice", "Tic Tac Toe with choice", "3 hole cards + a 3x3 grid; 3 hole + 2 cards of one "
                 "line, or 2 hole + a whole line. Half the pot to the best high hand, half to the highest private card "
                 "of the centre card's suit (ace high); if nobody holds that suit, high takes all. The odd chip stays "
                 "in the pot for the next deal.", tags=("layout", "special-split"), hole=Count.exactly(3),
                 hands=(HandSpec(name="high", ranking=HIGH, formation=_formation(
                     _GRID_LINES, {"hole": Count.exactly(3), "board": Count.exactly(2)},
                     {"hole": Count.exactly(2), "board": Count.exactly(3)})),
                        HandSpec(name="centre_suit", ranking=SuitCard(0),
                                 formation=Formation(picks=(Pick(limits={"hole": Count.exactly(1)}),)))),
                 division="shares", shares=(("high", 1), ("centre_suit", 1)),
                 deal_rules=(SuitOfPosition(hand="centre_suit", position="9"),),
                 odd_chips_stay=True,
                 notes=(_GRID_NOTE, "The centre-suit share goes to the highest face-down card of the suit of the "
                        "centre card (9), the ace high [ASSUMPTION]; indivisible chips of the pot and of tied shares "
                        "stay in the pot (carried_over).")),
    _tic_tac_toe("tic-tac-toe-posts", "Tic Tac Toe with Posts", "2 hole cards + a 3x3 grid kept for the whole series; "
                 "both hole cards + one whole line. The cards do not speak: each player declares his hand, and the "
                 "best declared hand he can make wins the pot; every other player, folded players included, puts one "
                 "post into the posts pot.", tags=("layout", "play-time-state"), claims=ClaimedHands(),
                 events=(EventSpec(name="post", kind="chips", description="The chips one post is worth (default 1): "
                                   "what each player other than the winner owes the posts pot."),),
                 reference="variants.md §5 tic-tac-toe-posts",
                 notes=(_GRID_NOTE, "Every player still in sends declared_hand: the five cards of the hand he "
                        "declares (both hole cards and one whole line). A declared hand he cannot make forfeits the "
                        "deal [GAP: the convention of the reference]. The answer gives his true best hand as high and "
                        "the declared one as declared; the pot goes to the best declared hand.",
                        "The posts pot belongs to the series: the main pot's owes lists the posts of this deal "
                        "(events.post chips each); when only one player has posts left he takes the posts pot, which "
                        "the client tracks.")),
)

# --- Pyramid (Sq2yard), Z, the elevators ------------------------------------------------------------------------

_PYRAMID = (*_positions(("1a", "1b", "2a", "2b")), *_positions(("3a", "3b"), y0=1, x0=1),
            Position(name="4", x=1.5, y=2, segment="must"))
_PYRAMID_USE = _formation((), {"must": Count.exactly(1)})

_Z = (Position(name="Z1", x=0, y=0), Position(name="Z3", x=1, y=0), Position(name="Z4", x=0, y=1),
      Position(name="Z2", x=1, y=1))
_Z_PAIRS = grid_groups((("top Z1-Z3", ("Z1", "Z3")), ("diagonal Z3-Z4", ("Z3", "Z4")),
                        ("bottom Z4-Z2", ("Z4", "Z2"))))
_Z_USE = _formation(_Z_PAIRS, {"hole": Count.exactly(3), "board": Count.exactly(2)})

# Left shaft 1-2-3 and right shaft 4-5-6, top to bottom; the elevator E between them on the middle floor.
_ELEVATOR = (*_positions(("1", "", "4"), ("2", "E", "5"), ("3", "", "6")),)
_ELEVATOR_SETS = grid_groups((
    ("floor 1: 1-E-4", ("1", "E", "4")), ("floor 2: 2-E-5", ("2", "E", "5")), ("floor 3: 3-E-6", ("3", "E", "6")),
    ("diagonal 1-E-6", ("1", "E", "6")), ("diagonal 3-E-4", ("3", "E", "4")),
))
_ELEVATOR_BOARD = _board(_ELEVATOR, _ELEVATOR_SETS, "Left shaft 1, 2, 3 and right shaft 4, 5, 6 (top to bottom) "
                         "with the elevator E between them. Sets: 1-E-4, 2-E-5, 3-E-6 and the diagonals 1-E-6, "
                         "3-E-4.")
_ELEVATOR_ANY = _formation(_ELEVATOR_SETS)
_ELEVATOR_NOTE = ("Positions: left shaft 1, 2, 3 and right shaft 4, 5, 6 from top to bottom, the elevator E "
                  "between them.")
_SAME_SET_NOTE = ("A both-way declarer plays high and low from the same set: the first set (in the order listed) "
                  "with which he wins both ways, or else the one with his best high.")

_DOUBLE = _positions(("A1", "", "B1", "", "C1"), ("A2", "E1", "B2", "E2", "C2"), ("A3", "", "B3", "", "C3"))
_DOUBLE_SETS = grid_groups(
    [(f"floor {f} via E1", (f"A{f}", "E1", f"B{f}")) for f in (1, 2, 3)]
    + [(f"floor {f} via E2", (f"B{f}", "E2", f"C{f}")) for f in (1, 2, 3)])

_SKYSCRAPER = (*_positions(*[(f"A{f}", "", f"C{f}") for f in range(1, 6)]), Position(name="E", x=1, y=2))
_SKYSCRAPER_SETS = grid_groups([(f"floor {f}", (f"A{f}", "E", f"C{f}")) for f in range(1, 6)])

_ELEVATORS = (
    _game("pyramid-sq2yard", "Pyramid (Sq2yard)", "5 hole cards + an inverted pyramid of 7 (a row of four, a row of "
          "two and the bottom card 4); every hand must use the bottom card 4: it is 4 + any four of the 5 hole "
          "cards and the other six table cards. High/low, cards speak, LOW-A5 eight or better.",
          "variants.md §3 pyramid-sq2yard", tags=("layout",), hole=Count.exactly(5), seats=Count.between(2, 9),
          board=_board(_PYRAMID, (), "An inverted pyramid: top row 1a 1b 2a 2b (the seed's two 1 cards and two 2 "
                       "cards), middle row 3a 3b, bottom card 4, which every hand must use."),
          hands=_hilo(_PYRAMID_USE, qualifier=True), division="high-low",
          options=(_declare_option("a declaration, as the seed's wording hints (P-DECL, tie_loses)"),),
          notes=("The bottom card 4 is the segment 'must': every high and every low hand contains it; high and low "
                 "may otherwise differ.",)),
    _game("z", "Z", "5 hole cards + four cards in a Z; the hand is exactly 3 hole cards + one stroke of the Z "
          "(Z1-Z3, Z3-Z4 or Z4-Z2), separately for high and low. LOW-A5 eight or better, cards speak.",
          "variants.md §5 z", tags=("layout",), hole=Count.exactly(5), seats=Count.between(2, 9),
          board=_board(_Z, _Z_PAIRS, "Z1 top left, Z3 top right, Z4 bottom left, Z2 bottom right: the strokes "
                       "of the Z are Z1-Z3, Z3-Z4 and Z4-Z2."),
          hands=_hilo(_Z_USE, qualifier=True), division="high-low"),
    _game("elevator", "Elevator", "4 hole cards + two shafts of three and the elevator E; a hand is any five of the "
          "4 hole cards and ONE set (1-E-4, 2-E-5, 3-E-6, 1-E-6, 3-E-4). High/low with a declaration, LOW-A5 with "
          "no qualifier.", "variants.md §5 elevator", tags=("layout", "special-split", "play-time-state"),
          hole=Count.exactly(4), seats=Count.between(2, 10), board=_ELEVATOR_BOARD,
          hands=_hilo(_ELEVATOR_ANY, qualifier=False), division="declare", both_from_one_group=True,
          notes=(_ELEVATOR_NOTE, _DECLARE_NOTE, _TIE_LOSES_NOTE, _SAME_SET_NOTE)),
    _game("elevator-wild", "Elevator, wild elevator", "Elevator in which the elevator card E is wild for everyone "
          "(option: E and every card of its rank). High/low with a declaration, LOW-A5 with no qualifier.",
          "variants.md §5 elevator", tags=("wild", "layout"), hole=Count.exactly(4), seats=Count.between(2, 10),
          board=_ELEVATOR_BOARD, hands=_hilo(_ELEVATOR_ANY, qualifier=False), division="declare",
          wilds=_wilds_for("card", "E"), options=(_center_wild("E", "card"),), both_from_one_group=True,
          notes=(_ELEVATOR_NOTE, _DECLARE_NOTE, _TIE_LOSES_NOTE, _SAME_SET_NOTE)),
    _game("elevator-split-sets", "Elevator, split sets", "Elevator in which high and low may use different sets, "
          "a both-way declarer included. High/low with a declaration, LOW-A5 with no qualifier.",
          "variants.md §5 elevator", tags=("layout", "special-split"), hole=Count.exactly(4),
          seats=Count.between(2, 10), board=_ELEVATOR_BOARD, hands=_hilo(_ELEVATOR_ANY, qualifier=False),
          division="declare", notes=(_ELEVATOR_NOTE, _DECLARE_NOTE, _TIE_LOSES_NOTE)),
    _game("double-elevator", "Double Elevator", "4 hole cards + shafts A, B, C (floors 1-3) with elevators E1 "
          "(between A and B) and E2 (between B and C); a hand is any five of the hole cards and one set A-E1-B or "
          "B-E2-C on one floor. The chosen set's elevator card and every card of its rank are wild for that hand.",
          "variants.md §3 double-elevator", tags=("layout", "wild"), hole=Count.exactly(4),
          seats=Count.between(2, 10),
          board=_board(_DOUBLE, _DOUBLE_SETS, "Shafts A1-A3, B1-B3, C1-C3 (floor 1 at the top) with elevator E1 "
                       "between A and B and E2 between B and C. Sets: A(f)-E1-B(f) and B(f)-E2-C(f)."),
          hands=high(_formation(_DOUBLE_SETS)), wilds=(GroupPositionRank(positions=("E1", "E2")),)),
    _game("skyscraper-elevator", "Skyscraper Elevator", "4 hole cards + shafts A1-A5 and C1-C5 with the elevator "
          "E; a hand is any five of the hole cards and one floor A(f)-E-C(f). E and every card of its rank are "
          "wild for everyone.", "variants.md §3 skyscraper-elevator", tags=("layout", "wild"),
          hole=Count.exactly(4), seats=Count.between(2, 10),
          board=_board(_SKYSCRAPER, _SKYSCRAPER_SETS, "Shafts A1-A5 and C1-C5 (floor 1 at the top) with the "
                       "elevator E between them. Sets: A(f)-E-C(f) for f = 1..5."),
          hands=high(_formation(_SKYSCRAPER_SETS)), wilds=(PositionCard(position="E", whole_rank=True),),
          notes=("The seed lists the sets as A1-E-B1 ...; the shafts are A and C, so the sets are A(f)-E-C(f).",)),
)

# --- Circle Jerk, Yukon, Chowaha, Oh Shit, Slam-aha, Cucamonga ------------------------------------------------

_RING = ("O1", "O2", "O3", "O4", "O5", "O6")
_CIRCLE = (*_ring(_RING), Position(name="C", x=1.0, y=1.0))


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
    return _board(_CIRCLE, groups, f"Six cards in a ring O1..O6 (clockwise from the top) and C in the middle. "
                  f"Legal triples: {which}.")


_CIRCLE_CHAINS_TEXT = ("every connected chain of three along the ring and the spokes: 6 arcs, 6 triangles with C, "
                       "9 chains through C (3 of them diameters)")
_CIRCLE_LINES_TEXT = "the 6 arcs of the ring and the 3 diameters through C"

_YUKON = (*_positions(("F1a", "F1b", "T1")), Position(name="R", x=3, y=1),
          *_positions(("F2a", "F2b", "T2"), y0=2))
_YUKON_SETS = grid_groups((("set 1", ("F1a", "F1b", "T1", "R")), ("set 2", ("F2a", "F2b", "T2", "R"))))

_CHOWAHA = (*_positions(("F1a", "", "F2a", "", "F3a"), ("F1b", "", "F2b", "", "F3b"), ("F1c", "", "F2c", "", "F3c"),
                        segment="flop"),
            Position(name="T1", x=1, y=3, segment="turn"), Position(name="T2", x=3, y=3, segment="turn"),
            Position(name="R", x=2, y=4, segment="river"))
_CHOWAHA_BOARDS = grid_groups((
    ("board 1", ("F1a", "F1b", "F1c", "T1", "R")), ("board 2", ("F2a", "F2b", "F2c", "T1", "R")),
    ("board 3", ("F2a", "F2b", "F2c", "T2", "R")), ("board 4", ("F3a", "F3b", "F3c", "T2", "R")),
))
_CHOWAHA_TWO_THREE = _formation(_CHOWAHA_BOARDS, {"hole": Count.exactly(2), "board": Count.exactly(3)})
_CHOWAHA_ONE_FLOP = _formation(_CHOWAHA_BOARDS, {"hole": Count.exactly(2), "flop": Count.exactly(1),
                                                 "turn": Count.exactly(1), "river": Count.exactly(1)})

_OH_SHIT = _positions(("A1", "A2", "A3", "A4", "A5"), ("B1", "B2", "B3", "B4", "B5"))
_OH_SHIT_ROWS = grid_groups((("row A", ("A1", "A2", "A3", "A4", "A5")), ("row B", ("B1", "B2", "B3", "B4", "B5"))))

_SLAM = (*_positions(("", "", "V1"), ("", "", "V2"), ("H1", "H2", "C", "H4", "H5"), ("", "", "V4"), ("", "", "V5")),)
_SLAM_LINES = grid_groups((("horizontal", ("H1", "H2", "C", "H4", "H5")), ("vertical", ("V1", "V2", "C", "V4", "V5"))))
_TWO_AND_THREE = {"hole": Count.exactly(2), "board": Count.exactly(3)}

_CUCAMONGA = (*_positions(("T1", "T2", "T3", "T4"), segment="top"),
              *_positions(("B1", "B2", "B3", "B4"), segment="bottom", y0=1))
_CUCAMONGA_USE = _formation((), {"hole": Count.between(1, 2), "top": Count.between(1, 2),
                                 "bottom": Count.between(1, 2)})
_TRIPS = HighQualifier("three-of-a-kind")

_SPREADS = (
    _game("circle-jerk", "Circle Jerk", "2 hole cards + a ring of six cards around a centre card C; the hand is both "
          "hole cards + three adjacent layout cards. C and every card of its rank are wild for everyone.",
          "variants.md §3 circle-jerk", tags=("layout", "wild"), hole=Count.exactly(2), seats=Count.between(2, 10),
          board=_circle_board(_CIRCLE_ALL, _CIRCLE_CHAINS_TEXT), hands=high(_formation(_CIRCLE_ALL, _CIRCLE_PICK)),
          wilds=(PositionCard(position="C", whole_rank=True),),
          options=(OptionSpec(
              name="adjacency", default="chains",
              description="Which triples of layout cards are adjacent: chains (any connected chain of three along "
                          "the ring and the spokes, 21 triples) or lines (the 6 arcs and the 3 diameters, 9).",
              values={"chains": {}, "lines": {"board": _circle_board(_CIRCLE_LINES, _CIRCLE_LINES_TEXT),
                                              "hands": high(_formation(_CIRCLE_LINES, _CIRCLE_PICK))}}),),
          notes=("Positions: the ring O1..O6 clockwise from the top, C in the middle (the reference's names).",
                 "Adjacency is the reference's assumption (both diagrams are lost).")),
    _game("yukon-holdem", "Yukon Hold'em", "2 hole cards + two sets (F1a F1b T1 and F2a F2b T2) and the river R; a "
          "hand is any five of the hole cards, ONE set and the river (the sets cannot be mixed).",
          "variants.md §4 yukon-holdem", tags=("layout",), hole=Count.exactly(2), seats=Count.between(2, 10),
          board=_board(_YUKON, _YUKON_SETS, "Set 1 (F1a, F1b, turn T1) above set 2 (F2a, F2b, turn T2), and the "
                       "river R, which goes with either set."),
          hands=high(_formation(_YUKON_SETS)),
          options=(OptionSpec(
              name="yukon_both_hole", default="false",
              description="false: any five of the six (pagat); true: both hole cards must play (one reading of "
                          "the Wikipedia text).",
              values={"false": {}, "true": {"hands": high(_formation(_YUKON_SETS, {"hole": Count.exactly(2)}))}}),)),
    _game("chowaha", "Chowaha", "2 hole cards + three 3-card flops, two turns and a river; four 5-card boards "
          "(F1+T1+R, F2+T1+R, F2+T2+R, F3+T2+R); the hand is both hole cards + three cards of ONE board.",
          "variants.md §3 chowaha", tags=("layout",), hole=Count.exactly(2), seats=Count.between(2, 10),
          board=_board(_CHOWAHA, _CHOWAHA_BOARDS, "Three flops F1a-c, F2a-c, F3a-c; turn T1 between F1 and F2, "
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
                         values={"high": {}, "high-low": {"hands": _hilo(_CHOWAHA_TWO_THREE, qualifier=True),
                                                          "division": "high-low"}}),
              OptionSpec(name="hole_cards", default="2",
                         description="2 hole cards (the S1 and BARGE form) or 4 (the original four-card Chowaha); "
                                     "exactly two of them play either way.",
                         values={"2": {}, "4": {"hole": Count.exactly(4)}}),
          ),
          notes=("Position names are those of reference 2.6: flops F1a F1b F1c, F2a F2b F2c, F3a F3b F3c; turns T1 "
                 "T2; river R.",)),
    _game("oh-shit", "Oh Shit", "5 hole cards + two rows of five (A1-A5, B1-B5); the hand is exactly 2 hole cards + 3 "
          "cards of ONE row, separately for high and low. LOW-A5 eight or better, cards speak.",
          "variants.md §3 oh-shit", tags=("layout",), hole=Count.exactly(5), seats=Count.between(2, 8),
          board=_board(_OH_SHIT, _OH_SHIT_ROWS, "Two rows of five: A1-A5 above B1-B5."),
          hands=_hilo(_formation(_OH_SHIT_ROWS, _TWO_AND_THREE), qualifier=True), division="high-low"),
    _game("slam-aha", "Slam-aha", "5 hole cards + a cross of nine (row H1 H2 C H4 H5, column V1 V2 C V4 V5); the "
          "hand is exactly 2 hole cards + 3 cards of ONE line, separately for high and low. LOW-A5 eight or "
          "better, cards speak. Optionally the centre card is wild.", "variants.md §3 slam-aha",
          tags=("layout", "wild"), hole=Count.exactly(5), seats=Count.between(2, 8),
          board=_board(_SLAM, _SLAM_LINES, "A cross of nine: the row H1 H2 C H4 H5 and the column V1 V2 C V4 V5 "
                       "share the centre C."),
          hands=_hilo(_formation(_SLAM_LINES, _TWO_AND_THREE), qualifier=True), division="high-low",
          options=(_center_wild("C", "off", off=True),),
          notes=("Position names are those of reference 2.6 (C is the shared centre, the entry's H3 = V3).",
                 "The wild centre is optional in the reference: off by default; card is its assumed form.")),
    _game("cucamonga", "Cucamonga", "5 hole cards (4 with 9-11 players) + two rows of four; the hand is exactly "
          "five cards: 1-2 hole + 1-2 of the top row + 1-2 of the bottom row, separately for high and low. Up to "
          "8 players: high needs three of a kind, low eight or better; 9-11 players: no qualifiers.",
          "variants.md §3 cucamonga", tags=("layout",), hole=Count.between(4, 5), seats=Count.between(2, 11),
          seats_stated=True,
          board=_board(_CUCAMONGA, (), "Top row T1-T4 above bottom row B1-B4 (segments top and bottom)."),
          hands=high_low(_CUCAMONGA_USE, high_qualifier=_TRIPS),
          division="high-low", no_qualifiers_above=8,
          notes=("5 hole cards up to 8 players, 4 with 9-11: the service accepts 4 or 5 and does not check the "
                 "count against the number of players.",
                 "Qualifiers (trips for high, eight or better for low) apply up to 8 players; with more there are "
                 "none. If only one side qualifies it takes the whole pot; if neither does, the pot is split "
                 "equally among the players at showdown.")),
)

# --- Sets, crosses, circles and boards -----------------------------------------------------------------------------

_FLAMING = _positions(("", "N", ""), ("W", "C", "E"), ("", "S", ""))
_FLAMING_LINES = grid_groups((("vertical", ("N", "C", "S")), ("horizontal", ("W", "C", "E"))))

_ROULETTE_N, _ROULETTE_M = 5, 3
_ROULETTE_RING = tuple(f"K{i}" for i in range(_ROULETTE_N))
_ROULETTE = _ring(_ROULETTE_RING)
_ROULETTE_WINDOWS = grid_groups(
    (f"active {'-'.join(w)}", w)
    for w in (tuple(_ROULETTE_RING[(t + i) % _ROULETTE_N] for i in range(_ROULETTE_M)) for t in range(_ROULETTE_N)))
_TRIGGER = EventSpec(name="trigger", kind="index", size=_ROULETTE_N, required=True,
                     description="the trigger position at showdown (0-4): the active cards are K(t), K(t+1), K(t+2) "
                                 "clockwise, indices modulo 5")

_DUTCHY = (*_positions(("1a", "1b", "1c", "1d", "1e")), *_positions(("2a", "2b", "2c", "2d", "2e"), y0=1),
           *_positions(("3a", "3b", "3c", "3d", "3e"), y0=2))
_DUTCHY_BOARDS = grid_groups((f"board {b}", tuple(f"{b}{c}" for c in "abcde")) for b in (1, 2, 3))

_KRYKY = (Position(name="1", x=0, y=0), Position(name="2", x=1, y=0),
          Position(name="W", x=2.5, y=0, segment="designator"))
_KRYKY_USE = _formation((), {"designator": Count.exactly(0)})

_OTHERS = (
    _game("double-edge-trim-saw", "Double-Edge Trim-Saw", "Two separate sets of 2 hole cards + a 5-card board; a "
          "hand is any five of ONE set and the board (the sets never mix). Deuces are wild, and a natural hand "
          "beats the same hand made with wild cards.", "variants.md §3 double-edge-trim-saw",
          tags=("wild", "layout"), aliases=("texas-trim",), hole=Count.exactly(4), seats=Count.between(2, 10),
          board=BoardShape(count=Count.exactly(5)), hole_sets=(2, 2),
          hands=high(_formation((), {"set2": Count.exactly(0)}, {"set1": Count.exactly(0)})),
          wilds=(FixedRanks(ranks=(TWO,)),), natural_beats_wild=True,
          notes=("Send the two sets as players[].hands, each a list of its 2 cards, or the four hole cards as set 1 "
                 "then set 2: the first two are one set, the last two the other.",)),
    _game("flaming-cross-3card", "Flaming Cross (3 hole cards)", "3 hole cards + a cross of five (N, E, S, W and the "
          "centre C); at least two hole cards + cards of ONE line (vertical N-C-S or horizontal W-C-E). C and "
          "every card of its rank are wild for everyone. High only.", "variants.md §3 flaming-cross",
          tags=("layout", "wild"), hole=Count.exactly(3), seats=Count.between(2, 10),
          board=_board(_FLAMING, _FLAMING_LINES, "A cross: N above, S below, W left, E right of the centre C. "
                       "Lines: vertical N-C-S, horizontal W-C-E."),
          hands=high(_formation(_FLAMING_LINES, {"hole": Count.at_least(2)})),
          wilds=(PositionCard(position="C", whole_rank=True),)),
    _game("russian-roulette", "Russian Roulette", "2 hole cards + five community cards in a circle K0..K4; from the "
          "trigger position t (events.trigger) the three cards K(t), K(t+1), K(t+2) clockwise are active; the hand "
          "is the hole cards + the active cards.", "variants.md §3 russian-roulette",
          tags=("layout", "play-time-state"), hole=Count.exactly(2), seats=Count.between(2, 10),
          board=_board(_ROULETTE, _ROULETTE_WINDOWS, "Five cards in a circle K0..K4, clockwise from the top; the "
                       "three cards clockwise from the trigger are active."),
          hands=high(_formation(_ROULETTE_WINDOWS)), events=(_TRIGGER,),
          live_groups=TriggerWindow(m=_ROULETTE_M, n=_ROULETTE_N),
          notes=("This is the reference's (3,5) example game with 2 hole cards (HIGH, P-HIGH). The mechanism is "
                 "(m,n): n cards in a circle, m active from the trigger, any five of hole + active; other (m,n) "
                 "games are the same record with another TriggerWindow and circle.",
                 "Send the trigger position at showdown, not its start and the bets and raises.")),
    _game("crazy-dutchy", "Crazy Dutchy", "2 hole cards + three separate 5-card boards; a hand is any five of the "
          "hole cards and ONE board; the best such hand takes the whole pot.", "variants.md §3 Five Rapid Poker "
          "Games", tags=("layout",), hole=Count.exactly(2), seats=Count.between(2, 10),
          board=_board(_DUTCHY, _DUTCHY_BOARDS, "Three boards of five: 1a-1e, 2a-2e, 3a-3e."),
          hands=high(_formation(_DUTCHY_BOARDS)),
          notes=("The other form, each board a separate third of the pot (rules.dutchy=per_board_thirds), waits "
                 "for special splits.",)),
    _game("three-hole-poker", "3-Hole Poker", "3 own cards (2 exposed during play, 1 face down) + cards showing on "
          "the table; the hand is all three own cards + any two of the other players' exposed cards, folded "
          "players' included.", "variants.md §4 three-hole-poker", tags=("layout", "play-time-state"),
          aliases=("3-hole-poker",), hole=Count.exactly(1), up=Count.exactly(2), seats=Count.between(2, 10),
          hands=high(_formation((), {"own": Count.exactly(3), "others": Count.exactly(2)})),
          table_cards="others-up", table_folded=True,
          notes=("Send each player's two exposed cards as up and the last card as hole; folded players stay in "
                 "the request with their exposed cards (folded: true), because the others may use them.",
                 "Only the cards exposed during play count as showing on the table: the last card, turned at "
                 "showdown, is its owner's alone.")),
    _game("indian-chief-poker", "Indian Chief Poker", "Each player holds his cards on his forehead: he may use every "
          "other player's cards and the community cards, never his own; any five of them.",
          "variants.md §3 indian-chief-poker", tags=("layout",), hole=Count.between(1, 2), seats=Count.between(3, 6),
          seats_stated=True,
          board=BoardShape(count=Count.between(0, 4)),
          hands=high(_formation((), {"own": Count.exactly(0)})), table_cards="others-all", table_folded=False,
          options=(OptionSpec(
              name="folded_cards_count", default="false",
              description="Whether folded players' cards stay usable by the others (the reference assumes they "
                          "are no longer visible).",
              values={"false": {}, "true": {"table_folded": True}}),),
          notes=("Cards per player count (reconstructed): 3 players 2 each + 1 community; 4 players 1 each + 2 "
                 "community; 5 players 1 each + 1 community; 6 players 1 each + no community; one or two extra "
                 "community cards may be added. The service accepts 1-2 hole cards and 0-4 community cards and "
                 "does not check them against the number of players.",
                 "Send each player's forehead cards as hole; a folded player's cards may stay in the request.")),
    _game("texas-tornado", "Texas Tornado", "2 hole cards + the tornado cards judged visible (0-10, sent as a flat "
          "board); any five of them.", "variants.md §3 texas-tornado", tags=("play-time-state",),
          hole=Count.exactly(2), seats=Count.between(2, 10), board=BoardShape(count=Count.between(0, 10)),
          hands=high(),
          notes=("Send only the visible tornado cards. With too few to make five cards a player has no legal "
                 "hand, which loses to any legal hand.",)),
    _game("kansas-tornado", "Kansas Tornado", "4 hole cards + the tornado cards judged visible (0-10, a flat "
          "board); exactly 2 hole cards + 3 visible cards.", "variants.md §3 texas-tornado",
          tags=("play-time-state",), hole=Count.exactly(4), seats=Count.between(2, 10),
          board=BoardShape(count=Count.between(0, 10)), hands=high(_formation((), _TWO_AND_THREE)),
          notes=("Send only the visible tornado cards. With fewer than three a player has no legal hand, which "
                 "loses to any legal hand.",)),
    _game("kryky", "Kryky", "5 own cards (3 down, 2 up) + 2 community cards; the wild designator W, in nobody's "
          "hand, makes every card of its rank wild for everyone. Any five of the seven; W itself never plays.",
          "variants.md §3 kryky", tags=("wild",), hole=Count.exactly(3), up=Count.exactly(2),
          seats=Count.between(2, 9),
          board=_board(_KRYKY, (), "Community cards 1 and 2, and the wild designator W set aside (segment "
                       "designator: no hand uses it)."),
          hands=high(_KRYKY_USE), wilds=(PositionCard(position="W", whole_rank=True),),
          options=(OptionSpec(
              name="low", default="none",
              description="High only (none), or high/low cards speak with the low chosen beforehand: 27 "
                          "(deuce-to-seven, the worst poker hand) or a5 (ace-to-five); no qualifier.",
              values={"none": {},
                      "27": {"hands": high_low(_KRYKY_USE, low=LOW_27, low_qualifier=None), "division": "high-low"},
                      "a5": {"hands": high_low(_KRYKY_USE, low=LOW_A5, low_qualifier=None),
                             "division": "high-low"}}),),
          notes=("Position names are those of reference 2.6: community 1 and 2, designator W.",
                 "The designator is sent on the board at W; the cards of its rank are wild, W itself is not part "
                 "of any hand.")),
)

# --- Declaration games with layouts ------------------------------------------------------------------------------

_DECLARE_TAGS = ("layout", "special-split", "play-time-state")

# A triangle: corner 4 at the top, 5 bottom left, 6 bottom right; 1 on side 4-5, 3 on side 4-6, 2 on side 5-6.
_TRIANGLE = (Position(name="4", x=2, y=0), Position(name="1", x=1, y=1), Position(name="3", x=3, y=1),
             Position(name="5", x=0, y=2), Position(name="2", x=2, y=2), Position(name="6", x=4, y=2))
_SIDES = grid_groups((("side 4-1-5", ("4", "1", "5")), ("side 4-3-6", ("4", "3", "6")),
                      ("side 6-2-5", ("6", "2", "5"))))
_PYRAMID_ROWS = _game(
    "pyramid-three-rows", "Pyramid, three intersecting rows", "4 hole cards + a triangle of six (corners 4, 5, 6; "
    "1 between 4 and 5, 3 between 4 and 6, 2 between 5 and 6); a hand is 2 to 4 hole cards + 3 to 1 cards of ONE "
    "side. High/low with a declaration (LOW-A5, no qualifier); a both-way declarer makes both hands from the same "
    "side.", "variants.md §5 pyramid-three-rows", tags=_DECLARE_TAGS, hole=Count.exactly(4),
    seats=Count.between(2, 10), board=_board(_TRIANGLE, _SIDES, "A triangle: corners 4 (top), 5 and 6; side cards "
                                             "1 (4-5), 3 (4-6) and 2 (5-6). The sides are 4-1-5, 4-3-6 and 6-2-5."),
    hands=_hilo(_formation(_SIDES, {"hole": Count.between(2, 4)}), qualifier=False), division="declare",
    both_from_one_group=True,
    notes=(_DECLARE_NOTE, _TIE_LOSES_NOTE, "A both-way declarer plays high and low from the same side: the first "
           "side (4-1-5, 4-3-6, 6-2-5) with which he wins both ways, or else the one with his best high. The "
           "geometry is reconstructed from the listed sides (the diagram is lost)."))

_BOX = _positions(("R1a", "R1b", "R1c"), ("R2a", "R2b", "R2c"))
_BOX_GROUPS = grid_groups((("row 1", ("R1a", "R1b", "R1c")), ("row 2", ("R2a", "R2b", "R2c")),
                           *((f"column {c}", (f"R1{c}", f"R2{c}")) for c in "abc")))

_PILES = (*_positions(("P1a", "P1b"), ("P1c", "P1d"), segment="square"),
          *_positions(("P2a", "P2b"), ("P2c", "P2d"), segment="square", x0=3),
          *_positions(("R1", "R2", "R3", "R4", "R5"), segment="row", y0=3))
_PILE_ROW = ("R1", "R2", "R3", "R4", "R5")
_PILES_GROUPS = grid_groups((("pile 1", ("P1a", "P1b", "P1c", "P1d", *_PILE_ROW)),
                             ("pile 2", ("P2a", "P2b", "P2c", "P2d", *_PILE_ROW))))
_PILES_USE = _formation(_PILES_GROUPS, {"hole": Count.exactly(2), "square": Count.exactly(2),
                                        "row": Count.exactly(1)})

_BLUFFS = (*_positions(("T1", "T2", "T3", "T4"), segment="top"),
           *_positions(("B1", "B2", "B3", "B4"), segment="bottom", y0=1))
_BLUFFS_ROWS = _formation((), {"hole": Count.between(1, 2), "top": Count.between(1, 2),
                               "bottom": Count.between(1, 2)})

_REAL = tuple(p for k in range(1, 5) for p in (
    Position(name=f"G{k}a", x=3 * (k - 1), y=0), Position(name=f"G{k}b", x=3 * (k - 1) + 1, y=0),
    Position(name=f"S{k}", x=3 * (k - 1) + 0.5, y=1)))
_REAL_SETS = grid_groups((f"set {k}", (f"G{k}a", f"G{k}b", f"S{k}")) for k in range(1, 5))
_REAL_USE = _formation(_REAL_SETS, {"hole": Count.at_least(2)})

_STAMP = _positions(("TL", "TR"), ("BL", "BR"))
_STAMP_SIDES = grid_groups((("top", ("TL", "TR")), ("bottom", ("BL", "BR")), ("left", ("TL", "BL")),
                            ("right", ("TR", "BR"))))
_STAMP_USE = _formation(_STAMP_SIDES)

_DECLARATIONS = (
    _game("flaming-cross", "Flaming Cross", "5 hole cards + a cross of five (N, E, S, W and the centre C); at least "
          "two hole cards + cards of ONE line (vertical N-C-S or horizontal W-C-E), separately for high and low "
          "(LOW-A5, no qualifier); declaration, and a both-way declarer may use different lines.",
          "variants.md §3 flaming-cross", tags=_DECLARE_TAGS, hole=Count.exactly(5), seats=Count.between(2, 9),
          board=_board(_FLAMING, _FLAMING_LINES, "A cross: N above, S below, W left, E right of the centre C. "
                       "Lines: vertical N-C-S, horizontal W-C-E."),
          hands=_hilo(_formation(_FLAMING_LINES, {"hole": Count.at_least(2)}), qualifier=False), division="declare",
          notes=(_DECLARE_NOTE, _TIE_LOSES_NOTE)),
    _game("forty-three-box", "Forty-Three Box", "4 hole cards + two rows of three community cards; a hand is any "
          "five of the hole cards and ONE row (3 cards) or ONE column (2 cards), separately for high and low "
          "(LOW-A5, no qualifier); simultaneous declaration; both ways must win or tie both.",
          "variants.md §3 forty-three", tags=("layout", "special-split", "play-time-state"), hole=Count.exactly(4),
          seats=Count.between(2, 10),
          board=_board(_BOX, _BOX_GROUPS, "Two rows of three, R1a-R1c over R2a-R2c (turned one column at a time). "
                       "Groups: the two rows and the three columns."),
          hands=_hilo(_formation(_BOX_GROUPS), qualifier=False), division="declare", both_tie="tie_ok",
          notes=(_DECLARE_NOTE, "The deal is reconstructed (4 down to each player) as in Forty-Three.")),
    _game("piles", "Piles", "5 hole cards + two 2x2 squares (piles 1 and 2) and a row of five (pile 3); the hand is "
          "exactly 2 hole cards + 2 cards of ONE square + 1 card of the row, separately for high and low (LOW-A5 "
          "eight or better); declaration, and pig (both) must win both ways.", "variants.md §3 piles",
          tags=_DECLARE_TAGS, hole=Count.exactly(5), seats=Count.between(2, 7),
          board=_board(_PILES, _PILES_GROUPS, "Pile 1 (P1a P1b / P1c P1d) and pile 2 (P2a P2b / P2c P2d), two 2x2 "
                       "squares (segment square), above pile 3, the row R1-R5 (segment row)."),
          hands=_hilo(_PILES_USE, qualifier=True), division="declare",
          notes=(_DECLARE_NOTE, "Position names are those of reference 2.6.",
                 "A pig who ties either way loses (both_tie unstated: tie_loses).")),
    _game("the-bluffs", "The Bluffs", "4 hole cards + two rows of four; the hand is exactly five cards: 1-2 hole + "
          "1-2 of the top row + 1-2 of the bottom row (the Cucamonga pattern), separately for high and low "
          "(LOW-A6, ace-to-six); declaration. With 9 players a joker is added, fully wild.",
          "variants.md §3 the-bluffs", tags=("layout", "wild", "special-split"), deck=deck_named("52+1"),
          hole=Count.exactly(4), seats=Count.between(2, 9), seats_stated=True,
          board=_board(_BLUFFS, (), "Top row T1-T4 above bottom row B1-B4 (segments top and bottom)."),
          hands=high_low(_BLUFFS_ROWS, low=LOW_A6, low_qualifier=None), division="declare",
          wilds=(Jokers(),),
          options=(OptionSpec(name="bluffs_use", default="rows",
                              description="rows: 1-2 hole + 1-2 of each row (the Cucamonga pattern, assumed); any: "
                                          "any five of the twelve cards (Cincinnati style).",
                              values={"rows": {}, "any": {"hands": high_low(_formation(), low=LOW_A6,
                                                                            low_qualifier=None)}}),),
          notes=(_DECLARE_NOTE, "Position names are those of reference 2.6.",
                 "The use rule is the reference's assumption (the seed's process list is lost).",
                 "The joker is in the deck for 9 players only; the service does not check that against the number "
                 "of players. A joker in the hole is its holder's, on the board everyone's.",
                 "A both-way declarer who ties either way loses (tie_loses).")),
    _game("real-poker", "Real Poker", "5 hole cards + four exposure sets (a 2-card group Gk and a single Sk turned "
          "together); the hand is 2 to 5 hole cards + the rest from ONE set, separately for high and low (LOW-A6, "
          "ace-to-six); simultaneous declaration; a both-way declarer wins or ties both.",
          "variants.md §3 real-poker", tags=_DECLARE_TAGS, hole=Count.exactly(5), seats=Count.between(2, 8),
          board=_board(_REAL, _REAL_SETS, "Four groups of two (G1a G1b ... G4a G4b), each with the single turned "
                       "with it below (S1 ... S4). Set k = Gka, Gkb, Sk."),
          hands=high_low(_REAL_USE, low=LOW_A6, low_qualifier=None), division="declare", both_tie="tie_ok",
          notes=(_DECLARE_NOTE, "Position names are those of reference 2.6.",
                 "The list of allowed hand compositions is lost; the reference's assumption is used: at least 2 "
                 "hole cards, the board cards from one exposure set.")),
    _game("buddys-game", "Buddys Game", "4 hole cards (5 if a fifth was bought) + a 2x2 \"postage stamp\"; any "
          "number of hole cards + 0-2 table cards that share a side (never a diagonal pair), for a 5-card high "
          "(three of a kind or better) and a 4-card doogie (a 7 doogie or better); declaration as in Doogie.",
          "variants.md §3 buddys-game", tags=("layout", "special-ranking", "special-split", "play-time-state"),
          hole=Count.between(4, 5), seats=Count.between(2, 9),
          board=_board(_STAMP, _STAMP_SIDES, "A 2x2 square: TL TR over BL BR. Two table cards must share a side: "
                       "top, bottom, left or right; never a diagonal."),
          hands=(HandSpec(name="high", ranking=HIGH, formation=_STAMP_USE, qualifier=_TRIPS),
                 HandSpec(name="low", ranking=DOOGIE, formation=_STAMP_USE, qualifier=LowQualifier(7))),
          division="declare", best_possible_tie_ok=True, perfect_low_wins_both=True,
          notes=(_DECLARE_NOTE, "Position names TL, TR, BL, BR are those of the reference entry.",
                 "As in Doogie: a both-way declarer must win both (a tie only with the best hand possible); a "
                 "perfect doogie (A-2-3-4 of four suits) wins both for a player who declared both.")),
)

# --- Special rankings on layouts ---------------------------------------------------------------------------------

_RAILS = (*_positions(("A1", "A2", "A3")), Position(name="TIE", x=1, y=1), *_positions(("B1", "B2", "B3"), y0=2))
_RAILS_GROUPS = grid_groups((("rail A", ("A1", "A2", "A3", "TIE")), ("rail B", ("B1", "B2", "B3", "TIE"))))

_DEPOT = (*_positions(("T1", "T2", "T3"), ("", "SW", "", "D"), ("B1", "B2", "B3")),)
_DEPOT_RAILS = grid_groups((
    ("top rail T1-T2-T3", ("T1", "T2", "T3", "D")), ("bottom rail B1-B2-B3", ("B1", "B2", "B3", "D")),
    ("centre rail T2-SW-B2", ("T2", "SW", "B2", "D")), ("diagonal rail T1-SW-B3", ("T1", "SW", "B3", "D")),
    ("diagonal rail T3-SW-B1", ("T3", "SW", "B1", "D")),
))

_TICKET_PLACES = ("three-of-a-kind", "two-pair", "straight")
_TICKET_NOTE = ("The Ticket's place among the categories is the reference's assumption (between straight and three "
                "of a kind); option ticket_above moves it.")


def _ticket_option(formation: Formation) -> OptionSpec:
    return OptionSpec(
        name="ticket_above", default="three-of-a-kind",
        description="The category the Ticket ranks directly above: three-of-a-kind (the reference's assumption, "
                    "between straight and three of a kind), two-pair (below three of a kind) or straight (between "
                    "straight and flush).",
        values={place: ({} if place == "three-of-a-kind" else {"hands": high(formation, ranking=ticket_ranking(place))})
                for place in _TICKET_PLACES},
    )


_RAILS_USE = _formation(_RAILS_GROUPS)
_DEPOT_USE = _formation(_DEPOT_RAILS)

_RUBY = (*_positions(("O1", "O2", "O3")), Position(name="SLAM", x=3, y=0.5), *_positions(("U1", "U2", "U3"), y0=1))
_RUBY_GROUPS = grid_groups((("overs", ("O1", "O2", "O3", "SLAM")), ("unders", ("U1", "U2", "U3", "SLAM"))))
_TWO_TO_TEN = tuple(range(0, 9))

_SPECIAL_RANKINGS = (
    _game("rails", "Rails", "3 hole cards + two rails (A1 A2 + spike A3, B1 B2 + spike B3) and the TIE between "
          "them; a hand is any five of the hole cards, ONE whole rail and the TIE (rails never mix). TICKET "
          "ranking: aces low only, and a Ticket (four of a suit + a J, Q or K of another suit).",
          "variants.md §3 rails", tags=("special-ranking", "layout"), hole=Count.exactly(3),
          seats=Count.between(2, 10),
          board=_board(_RAILS, _RAILS_GROUPS, "Rail A (A1, A2 and the spike A3) above rail B (B1, B2 and the spike "
                       "B3), with the TIE between them, which goes with either rail."),
          hands=high(_RAILS_USE, ranking=TICKET), options=(_ticket_option(_RAILS_USE),),
          notes=("Position names are those of the reference entry.", _TICKET_NOTE)),
    _game("depot", "Depot", "2 hole cards + five rails through a switch (T1-T2-T3, B1-B2-B3, T2-SW-B2, T1-SW-B3, "
          "T3-SW-B1) and the Depot D; a hand is any five of the hole cards, ONE rail and the Depot. TICKET ranking: "
          "aces low only, and a Ticket (four of a suit + a J, Q or K of another suit).", "variants.md §3 depot",
          tags=("special-ranking", "layout"), aliases=("depot-holdem",), hole=Count.exactly(2),
          seats=Count.between(2, 10),
          board=_board(_DEPOT, _DEPOT_RAILS, "Top rail T1 T2 T3, bottom rail B1 B2 B3, the Switch SW in the centre "
                       "between them and the Depot D at the end. Rails: the top and bottom rails, T2-SW-B2 up the "
                       "centre and the diagonals T1-SW-B3, T3-SW-B1; the Depot goes with every rail."),
          hands=high(_DEPOT_USE, ranking=TICKET), options=(_ticket_option(_DEPOT_USE),),
          notes=("The diagram is lost: the geometry is the reference's inference (sources-and-gaps B6); position "
                 "names are those of the reference entry.", _TICKET_NOTE)),
    _game("ruby-run", "Ruby Run", "3 hole cards + three over cards, three under cards and the SLAM; a slam of 2-10 "
          "makes the overs live, a J, Q, K or A the unders; a hand is any five of the hole cards and the four live "
          "cards. RUNS ranking: colour runs first (suited over same-colour, longer, red over black), then the poker "
          "hand with aces high only.", "variants.md §3 ruby-run", tags=("special-ranking", "layout"),
          hole=Count.exactly(3), seats=Count.between(2, 10),
          board=_board(_RUBY, _RUBY_GROUPS, "Over cards O1-O3 above under cards U1-U3, and the SLAM beside them: "
                       "2-10 makes O1-O3 + SLAM live, J-A makes U1-U3 + SLAM live."),
          hands=high(_formation(_RUBY_GROUPS), ranking=RUNS),
          live_groups=GroupsByCard(position="SLAM", low_ranks=_TWO_TO_TEN, low_group="overs", high_group="unders"),
          notes=("Position names are those of the reference entry; send every card, the unders too (the face-down "
                 "variation changes nothing at showdown).",)),
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


_PILES_VARIANT = tuple(_piles_variant(v) for v in _DECLARATIONS if v.id == "piles")

LAYOUTS: tuple[Variant, ...] = (*_IRON_CROSS, *_TIC_TAC_TOE, *_ELEVATORS, *_SPREADS, *_OTHERS, *_DECLARATIONS,
                                *_SPECIAL_RANKINGS, *_PILES_VARIANT, _PYRAMID_ROWS)
