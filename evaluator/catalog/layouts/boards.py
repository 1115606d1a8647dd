"""Sets, crosses, circles and boards: Double-Edge Trim-Saw, Flaming Cross, Russian Roulette, Crazy Dutchy,
other players' cards (3-Hole Poker, Indian Chief Poker, the tornados) and Kryky."""

from __future__ import annotations

from evaluator.catalog.layouts.blocks import (
    TWO,
    TWO_AND_THREE,
    formation_of,
    game,
    grid_positions,
    layout,
    ring_positions,
)
from evaluator.catalog.parts import high, high_low
from evaluator.formation import Count
from evaluator.formation.layout import Position, grid_groups
from evaluator.formation.live_groups import TriggerWindow
from evaluator.mechanisms.division import HighLow
from evaluator.rankings import LOW_27, LOW_A5
from evaluator.values.events import EventSpec
from evaluator.variant import BoardShape, OptionSpec, TableCards
from evaluator.wilds.play import WildPlay
from evaluator.wilds.rules import FixedRanks, PositionCard

__all__ = ["FLAMING", "FLAMING_LINES", "OTHERS"]

FLAMING = grid_positions(("", "N", ""), ("W", "C", "E"), ("", "S", ""))
FLAMING_LINES = grid_groups((("vertical", ("N", "C", "S")), ("horizontal", ("W", "C", "E"))))

_ROULETTE_N, _ROULETTE_M = 5, 3
_ROULETTE_RING = tuple(f"K{i}" for i in range(_ROULETTE_N))
_ROULETTE = ring_positions(_ROULETTE_RING)
_ROULETTE_WINDOWS = grid_groups(
    (f"active {'-'.join(w)}", w)
    for w in (tuple(_ROULETTE_RING[(t + i) % _ROULETTE_N] for i in range(_ROULETTE_M)) for t in range(_ROULETTE_N)))
_TRIGGER = EventSpec(name="trigger", kind="index", size=_ROULETTE_N, required=True,
                     description="the trigger position at showdown (0-4): the active cards are K(t), K(t+1), K(t+2) "
                                 "clockwise, indices modulo 5")

_DUTCHY = (*grid_positions(("1a", "1b", "1c", "1d", "1e")), *grid_positions(("2a", "2b", "2c", "2d", "2e"), y0=1),
           *grid_positions(("3a", "3b", "3c", "3d", "3e"), y0=2))
_DUTCHY_BOARDS = grid_groups((f"board {b}", tuple(f"{b}{c}" for c in "abcde")) for b in (1, 2, 3))

_KRYKY = (Position(name="1", x=0, y=0), Position(name="2", x=1, y=0),
          Position(name="W", x=2.5, y=0, segment="designator"))
_KRYKY_USE = formation_of((), {"designator": Count.exactly(0)})

OTHERS = (
    game("double-edge-trim-saw", "Double-Edge Trim-Saw", "Two separate sets of 2 hole cards + a 5-card board; a "
         "hand is any five of ONE set and the board (the sets never mix). Deuces are wild, and a natural hand "
         "beats the same hand made with wild cards.", "variants.md §3 double-edge-trim-saw",
         tags=("wild", "layout"), aliases=("texas-trim",), hole=Count.exactly(4),
         board=BoardShape(count=Count.exactly(5)), hole_sets=(2, 2),
         hands=high(formation_of((), {"set2": Count.exactly(0)}, {"set1": Count.exactly(0)})),
         wilds=(FixedRanks(ranks=(TWO,)),), wild_play=WildPlay(natural_beats_wild=True),
         notes=("Send the two sets as players[].hands, each a list of its 2 cards, or the four hole cards as set 1 "
                "then set 2: the first two are one set, the last two the other.",)),
    game("flaming-cross-3card", "Flaming Cross (3 hole cards)", "3 hole cards + a cross of five (N, E, S, W and the "
         "centre C); at least two hole cards + cards of ONE line (vertical N-C-S or horizontal W-C-E). C and "
         "every card of its rank are wild for everyone. High only.", "variants.md §3 flaming-cross",
         tags=("layout", "wild"), hole=Count.exactly(3),
         board=layout(FLAMING, FLAMING_LINES, "A cross: N above, S below, W left, E right of the centre C. "
                      "Lines: vertical N-C-S, horizontal W-C-E."),
         hands=high(formation_of(FLAMING_LINES, {"hole": Count.at_least(2)})),
         wilds=(PositionCard(position="C", whole_rank=True),)),
    game("russian-roulette", "Russian Roulette", "2 hole cards + five community cards in a circle K0..K4; from the "
         "trigger position t (events.trigger) the three cards K(t), K(t+1), K(t+2) clockwise are active; the hand "
         "is the hole cards + the active cards.", "variants.md §3 russian-roulette",
         tags=("layout", "play-time-state"), hole=Count.exactly(2),
         board=layout(_ROULETTE, _ROULETTE_WINDOWS, "Five cards in a circle K0..K4, clockwise from the top; the "
                      "three cards clockwise from the trigger are active."),
         hands=high(formation_of(_ROULETTE_WINDOWS)), events=(_TRIGGER,),
         live_groups=TriggerWindow(m=_ROULETTE_M, n=_ROULETTE_N),
         notes=("This is the reference's (3,5) example game with 2 hole cards (HIGH, P-HIGH). The mechanism is "
                "(m,n): n cards in a circle, m active from the trigger, any five of hole + active; other (m,n) "
                "games are the same record with another TriggerWindow and circle.",
                "Send the trigger position at showdown, not its start and the bets and raises.")),
    game("crazy-dutchy", "Crazy Dutchy", "2 hole cards + three separate 5-card boards; a hand is any five of the "
         "hole cards and ONE board; the best such hand takes the whole pot.", "variants.md §3 Five Rapid Poker "
         "Games", tags=("layout",), hole=Count.exactly(2),
         board=layout(_DUTCHY, _DUTCHY_BOARDS, "Three boards of five: 1a-1e, 2a-2e, 3a-3e."),
         hands=high(formation_of(_DUTCHY_BOARDS)),
         notes=("The other form, each board a separate third of the pot (rules.dutchy=per_board_thirds), waits "
                "for special splits.",)),
    game("three-hole-poker", "3-Hole Poker", "3 own cards (2 exposed during play, 1 face down) + cards showing on "
         "the table; the hand is all three own cards + any two of the other players' exposed cards, folded "
         "players' included.", "variants.md §4 three-hole-poker", tags=("layout", "play-time-state"),
         aliases=("3-hole-poker",), hole=Count.exactly(1), up=Count.exactly(2),
         hands=high(formation_of((), {"own": Count.exactly(3), "others": Count.exactly(2)})),
         table=TableCards(cards="up", folded=True),
         notes=("Send each player's two exposed cards as up and the last card as hole; folded players stay in "
                "the request with their exposed cards (folded: true), because the others may use them.",
                "Only the cards exposed during play count as showing on the table: the last card, turned at "
                "showdown, is its owner's alone.")),
    game("indian-chief-poker", "Indian Chief Poker", "Each player holds his cards on his forehead: he may use every "
         "other player's cards and the community cards, never his own; any five of them.",
         "variants.md §3 indian-chief-poker", tags=("layout",), hole=Count.between(1, 2), seats=Count.between(3, 6),
         board=BoardShape(count=Count.between(0, 4)),
         hands=high(formation_of((), {"own": Count.exactly(0)})), table=TableCards(cards="all"),
         options=(OptionSpec(
             name="folded_cards_count", default="false",
             description="Whether folded players' cards stay usable by the others (the reference assumes they "
                         "are no longer visible).",
             values={"false": {}, "true": {"table": TableCards(cards="all", folded=True)}}),),
         notes=("Cards per player count (reconstructed): 3 players 2 each + 1 community; 4 players 1 each + 2 "
                "community; 5 players 1 each + 1 community; 6 players 1 each + no community; one or two extra "
                "community cards may be added. The service accepts 1-2 hole cards and 0-4 community cards and "
                "does not check them against the number of players.",
                "Send each player's forehead cards as hole; a folded player's cards may stay in the request.")),
    game("texas-tornado", "Texas Tornado", "2 hole cards + the tornado cards judged visible (0-10, sent as a flat "
         "board); any five of them.", "variants.md §3 texas-tornado", tags=("play-time-state",),
         hole=Count.exactly(2), board=BoardShape(count=Count.between(0, 10)),
         hands=high(),
         notes=("Send only the visible tornado cards. With too few to make five cards a player has no legal "
                "hand, which loses to any legal hand.",)),
    game("kansas-tornado", "Kansas Tornado", "4 hole cards + the tornado cards judged visible (0-10, a flat "
         "board); exactly 2 hole cards + 3 visible cards.", "variants.md §3 texas-tornado",
         tags=("play-time-state",), hole=Count.exactly(4),
         board=BoardShape(count=Count.between(0, 10)), hands=high(formation_of((), TWO_AND_THREE)),
         notes=("Send only the visible tornado cards. With fewer than three a player has no legal hand, which "
                "loses to any legal hand.",)),
    game("kryky", "Kryky", "5 own cards (3 down, 2 up) + 2 community cards; the wild designator W, in nobody's "
         "hand, makes every card of its rank wild for everyone. Any five of the seven; W itself never plays.",
         "variants.md §3 kryky", tags=("wild",), hole=Count.exactly(3), up=Count.exactly(2),
         board=layout(_KRYKY, (), "Community cards 1 and 2, and the wild designator W set aside (segment "
                      "designator: no hand uses it)."),
         hands=high(_KRYKY_USE), wilds=(PositionCard(position="W", whole_rank=True),),
         options=(OptionSpec(
             name="low", default="none",
             description="High only (none), or high/low cards speak with the low chosen beforehand: 27 "
                         "(deuce-to-seven, the worst poker hand) or a5 (ace-to-five); no qualifier.",
             values={"none": {},
                     "27": {"hands": high_low(_KRYKY_USE, low=LOW_27, low_qualifier=None), "division": HighLow()},
                     "a5": {"hands": high_low(_KRYKY_USE, low=LOW_A5, low_qualifier=None),
                            "division": HighLow()}}),),
         notes=("Position names are those of reference 2.6: community 1 and 2, designator W.",
                "The designator is sent on the board at W; the cards of its rank are wild, W itself is not part "
                "of any hand.")),
)
