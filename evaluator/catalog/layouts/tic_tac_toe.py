"""Tic Tac Toe and its forms: a 3x3 grid of community cards; a hand uses one whole line."""

from __future__ import annotations

from evaluator.catalog.layouts.blocks import (
    DECLARE_NOTE,
    TIE_LOSES_NOTE,
    center_wild,
    formation_of,
    game,
    grid_positions,
    hilo,
    layout,
    wilds_for,
)
from evaluator.catalog.parts import high
from evaluator.formation import Count, Formation, Pick
from evaluator.formation.layout import grid_groups
from evaluator.mechanisms.claims import ClaimedHands
from evaluator.mechanisms.deal_rules import SuitOfPosition
from evaluator.mechanisms.division import Declare, Shares
from evaluator.rankings import HIGH
from evaluator.rankings.card_criteria import SuitCard
from evaluator.values.events import EventSpec
from evaluator.variant import HandSpec

__all__ = ["TIC_TAC_TOE"]

# pagat's labels: rows 8-1-5 / 4-9-2 / 7-3-6 (the reference's "magic square"), the centre is 9.
_GRID = grid_positions(("8", "1", "5"), ("4", "9", "2"), ("7", "3", "6"))
_GRID_LINES = grid_groups((
    ("row 8-1-5", ("8", "1", "5")), ("row 4-9-2", ("4", "9", "2")), ("row 7-3-6", ("7", "3", "6")),
    ("column 8-4-7", ("8", "4", "7")), ("column 1-9-3", ("1", "9", "3")), ("column 5-2-6", ("5", "2", "6")),
    ("diagonal 8-9-6", ("8", "9", "6")), ("diagonal 5-9-7", ("5", "9", "7")),
))
_GRID_BOARD = layout(_GRID, _GRID_LINES, "A 3x3 grid with pagat's labels: rows 8-1-5, 4-9-2, 7-3-6 "
                     "(the centre is 9). Lines: the three rows, the three columns and the two diagonals.")
_GRID_EXACT2 = formation_of(_GRID_LINES, {"hole": Count.exactly(2), "board": Count.exactly(3)})
_GRID_NOTE = "Positions are pagat's numbers: rows 8-1-5 (top), 4-9-2 (middle), 7-3-6 (bottom); 9 is the centre."


_tic_tac_toe = game.but(tags=("layout",), hole=Count.exactly(2), hands=high(_GRID_EXACT2),
                        board=_GRID_BOARD, notes=(_GRID_NOTE,),
                        reference="variants.md §5 tic-tac-toe")


TIC_TAC_TOE = (
    _tic_tac_toe("tic-tac-toe", "Tic Tac Toe", "2 hole cards + a 3x3 grid; the hand is both hole cards and one whole "
                 "line (a row, a column or a diagonal)."),
    _tic_tac_toe("tic-tac-toe-4-exact2", "Tic Tac Toe (4 hole cards, exactly two)", "4 hole cards; exactly two of "
                 "them + one whole line.", hole=Count.exactly(4)),
    _tic_tac_toe("tic-tac-toe-4-any", "Tic Tac Toe (4 hole cards, two to four)", "4 hole cards; two to four of them + "
                 "three to one cards of ONE line.", hole=Count.exactly(4),
                 hands=high(formation_of(_GRID_LINES, {"hole": Count.between(2, 4), "board": Count.between(1, 3)}))),
    _tic_tac_toe("tic-tac-toe-wild", "Tic Tac Toe, wild centre", "Tic Tac Toe in which the centre card (9) and "
                 "every card of its rank are wild for everyone.", tags=("wild", "layout"),
                 wilds=wilds_for("rank", "9"), options=(center_wild("9", "rank"),)),
    _tic_tac_toe("tic-tac-toe-hilo", "Tic Tac Toe High-Low", "Tic Tac Toe split high/low with a declaration: both "
                 "hole cards + one line for each half, and high and low may use different lines; LOW-A5 with no "
                 "qualifier.", tags=("special-split", "layout"), hands=hilo(_GRID_EXACT2, qualifier=False),
                 division=Declare(), notes=(_GRID_NOTE, DECLARE_NOTE, TIE_LOSES_NOTE)),
    _tic_tac_toe("tic-tac-toe-choice", "Tic Tac Toe with choice", "3 hole cards + a 3x3 grid; 3 hole + 2 cards of one "
                 "line, or 2 hole + a whole line. Half the pot to the best high hand, half to the highest private card "
                 "of the centre card's suit (ace high); if nobody holds that suit, high takes all. The odd chip stays "
                 "in the pot for the next deal.", tags=("layout", "special-split"), hole=Count.exactly(3),
                 hands=(HandSpec(name="high", ranking=HIGH, formation=formation_of(
                     _GRID_LINES, {"hole": Count.exactly(3), "board": Count.exactly(2)},
                     {"hole": Count.exactly(2), "board": Count.exactly(3)})),
                        HandSpec(name="centre_suit", ranking=SuitCard(0),
                                 formation=Formation(picks=(Pick(limits={"hole": Count.exactly(1)}),)))),
                 division=Shares(shares=(("high", 1), ("centre_suit", 1)), odd_chips_stay=True),
                 mechanisms=(SuitOfPosition(hand="centre_suit", position="9"),),
                 notes=(_GRID_NOTE, "The centre-suit share goes to the highest face-down card of the suit of the "
                        "centre card (9), the ace high [ASSUMPTION]; indivisible chips of the pot and of tied shares "
                        "stay in the pot (carried_over).")),
    _tic_tac_toe("tic-tac-toe-posts", "Tic Tac Toe with Posts", "2 hole cards + a 3x3 grid kept for the whole series; "
                 "both hole cards + one whole line. The cards do not speak: each player declares his hand, and the "
                 "best declared hand he can make wins the pot; every other player, folded players included, puts one "
                 "post into the posts pot.", tags=("layout", "play-time-state"), division=ClaimedHands(),
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
