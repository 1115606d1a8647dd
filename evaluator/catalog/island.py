"""Island Pineapple and its variations (reference ``island-pineapple``): seven board cards that make four boards,
a deuce that only fills a straight flush of its own suit (the ace of its suit a second card at the top), and the
variations that change the wild cards (straight wilds), the hole-card rule (playing the board) or the showdown
itself (the Phantom Ship). The Secondary Bonus, Arcade Ante and Beat 'em Up are meta records (``meta``)."""

from __future__ import annotations

from evaluator.catalog.parts import D52, Family, high
from evaluator.formation import Count, Formation, Pick
from evaluator.formation.layout import Layout, Position, grid_groups
from evaluator.mechanisms.phantom_ship import PhantomShip
from evaluator.values.events import EventSpec
from evaluator.variant import BoardShape, OptionSpec, Variant
from evaluator.wilds.play import WildPlay
from evaluator.wilds.sequence import STRAIGHT_WILDS, SUITED_DEUCE

__all__ = ["ISLAND_PINEAPPLE"]

# The first set V1 over V2, the second set H1 H2 between them with the turn joining that row, the split river R1
# over R2 at the other end: four boards Vi + H1 H2 TURN + Rj (sources-and-gaps B7).
_LAYOUT = (Position(name="V1", x=0, y=0), Position(name="V2", x=0, y=2), Position(name="H1", x=1, y=1),
           Position(name="H2", x=2, y=1), Position(name="TURN", x=3, y=1), Position(name="R1", x=4, y=0),
           Position(name="R2", x=4, y=2))
_BOARDS = grid_groups((f"board {v}-{r}", (v, "H1", "H2", "TURN", r)) for v in ("V1", "V2") for r in ("R1", "R2"))
_BY_THE_TURN = ("V1", "V2", "H1", "H2", "TURN")
_BOARD = BoardShape(layout=Layout(
    positions=_LAYOUT, groups=_BOARDS,
    description="The first set V1 over V2 (vertical), the second set H1 H2 between them with the turn TURN in that "
                "row, and the split river R1 over R2 (vertical). Four boards: V1 or V2 + H1 H2 TURN + R1 or R2."))


def _use(limits: dict[str, Count]) -> Formation:
    return Formation(picks=(Pick(limits=limits),), groups=_BOARDS)


_ONE_OR_TWO = _use({"hole": Count.between(1, 2)})
_EARLY = _use({"hole": Count.exactly(3), "board": Count.exactly(2)})

_LAYOUT_NOTE = ("The diagram is lost: the layout is the reference's inference (sources-and-gaps B7). Positions: V1, "
                "V2 (the first set), H1, H2 and TURN (the horizontal row), R1, R2 (the split river); each board is "
                "Vi + H1 H2 TURN + Rj.")
_DOWN_NOTE = "Send the two down cards each player kept (three dealt, one discarded at the Pineapple)."
_SUITED_NOTE = (
    "[ASSUMPTION] The deuce's and the ace's places are fixed by the rule, even where a free wild card would do "
    "better: with four cards in sequence the deuce goes at the bottom (2s Ts Js Qs Ks is a 9-K straight flush, not "
    "the royal flush); with an inside gap it fills the gap; the ace then only extends the sequence at the top, so "
    "2s As 5s 7s 9s (two inside gaps) is an ace-high flush, no straight flush. A deuce the rule places at its own "
    "rank is still in use: 2s As 3s 4s 5s is a six-high straight flush (the ace as the 6s), not the wheel. Either "
    "card may always play as itself instead; the best legal reading is taken.")
_STRAIGHT_NOTES = (
    "[ASSUMPTION] The variation replaces the suited-deuce rule and contains it: a deuce of the other four cards' "
    "suit still fills their straight flush, placed the same way. What changes: any one deuce fills any straight "
    "(the card it becomes keeps the deuce's suit, so an off-suit deuce makes a plain straight, never a straight "
    "flush), and the ace of its suit may fill a second inside gap, not only the top.",
    "[ASSUMPTION] Placement: the deuce fills an inside gap if there is one, otherwise it goes at the bottom; the ace "
    "fills a remaining gap, otherwise it goes at the top ('with a choice, the deuce at the bottom and the ace at "
    "the top'). With one inside gap and one end to fill (9 T Q + deuce + ace) the deuce takes the gap and the ace "
    "the top (9-K), as in the suited-deuce rule. Where an end is off the deck the filler goes at the other end "
    "(A-2-3-4 + deuce is the wheel; Q-K-A + deuce + ace is T-A), and the bottom below a 2 is an ace playing low "
    "(2-3-4-5 + a wild deuce is the wheel, not 2-6).",
    "Only one deuce is wild in a hand: 8-2-10-2-J is no straight, and in Ac 2d 2h 4 5 one deuce fills the 3 and "
    "the other plays as a natural 2 (the wheel).",
)

_island = Family(deck=D52, tags=("layout", "wild"), seats=Count.between(3, 7), hole=Count.exactly(2),
                 board=_BOARD, hands=high(_ONE_OR_TWO), wild_play=WildPlay(sequence_wilds=SUITED_DEUCE),
                 reference="variants.md §3 island-pineapple",
                 notes=(_LAYOUT_NOTE, _DOWN_NOTE, _SUITED_NOTE))

_PHANTOM = PhantomShip(early=_EARLY, by_the_turn=_BY_THE_TURN)
_CALLER = EventSpec(name="phantom_ship", kind="player",
                    description="the id of the player who called the Phantom Ship's early showdown; everyone still "
                                "in then sends all three down cards. Omit it when there was no early showdown")

ISLAND_PINEAPPLE: tuple[Variant, ...] = (
    _island("island-pineapple", "Island Pineapple", "2 down cards + seven board cards making four boards (V1 or "
            "V2 + H1 H2 TURN + R1 or R2); a hand is 1 or 2 down cards + 4 or 3 cards of ONE board (no playing the "
            "board). A deuce may fill a missing card only in a straight flush of its own suit: an inside gap, "
            "otherwise at the bottom; once it is in use the ace of its suit may fill a second missing card at the "
            "top."),
    _island("island-pineapple-straight-wilds", "Island Pineapple, straight wilds", "Island Pineapple in which "
            "exactly one deuce, of any suit, may fill any straight (an inside gap, otherwise at the bottom) and the "
            "ace of its suit a second gap (otherwise the top); the other deuces are natural.",
            tags=("wild", "layout"), wild_play=WildPlay(sequence_wilds=STRAIGHT_WILDS),
            notes=(_LAYOUT_NOTE, _DOWN_NOTE, *_STRAIGHT_NOTES)),
    _island("island-pineapple-play-board", "Island Pineapple, playing the board", "Island Pineapple in which the "
            "board alone may be played: 0 to 2 down cards + the rest from ONE board. If nobody beats the best "
            "board-only hand, every active player shares the pot.", hands=high(_use({"hole": Count.between(0, 2)})),
            notes=(_LAYOUT_NOTE, _DOWN_NOTE, _SUITED_NOTE,
                   "[ASSUMPTION] 'The best board-only hand' is the best five-card hand of the four boards taken "
                   "alone. Every active player may play it, so nobody has less; if nobody beats it, every active "
                   "player ties with it and the pot is split among them all, which is P-HIGH: no other mechanism "
                   "is needed. Side pots split among their eligible players.")),
    _island("island-pineapple-phantom-ship", "Island Pineapple, Phantom Ship", "Island Pineapple with the Phantom "
            "Ship: three of a kind down with the fourth card on the board by the turn forces an early showdown "
            "(events.phantom_ship: who called it). Everyone then plays all 3 down cards + 2 cards of ONE board, and "
            "the ship wins unless somebody makes a straight flush; a ship without its fourth card on the board by "
            "the turn is a fouled hand.", tags=("play-time-state", "layout"), hole=Count.between(2, 3),
            events=(_CALLER,), mechanisms=(_PHANTOM,),
            options=(OptionSpec(name="deuces", default="suited",
                                description="suited: the suited deuce of Island Pineapple; straight: the "
                                            "straight-wilds variation (Beat 'em Up Hold'em, whose Phantom Ship is "
                                            "the 'Silver Axe').",
                                values={"suited": {},
                                        "straight": {"wild_play": WildPlay(sequence_wilds=STRAIGHT_WILDS)}}),),
            notes=(_LAYOUT_NOTE,
                   "events.phantom_ship is the id of the player who called the early showdown. Without it the deal "
                   "is an ordinary Island Pineapple showdown: 2 down cards each, 1 or 2 of them + one board.",
                   "With it every player still in sends all three down cards and the whole board (the split river "
                   "is dealt before the early showdown); each plays exactly his 3 down cards + 2 cards of ONE "
                   "board. The caller's ship ranks just below the lowest straight flush (category phantom-ship); "
                   "straight flushes, deuce-made ones included (reference 2.3), beat it and compare as usual.",
                   "[ASSUMPTION] A fouled hand is what the text says, not a rejected request: a ship that is not "
                   "three of a kind, or whose fourth card is not at V1, V2, H1, H2 or TURN (the split river comes "
                   "after the turn), is shown with qualifies false and the reason, and cannot win; the others play "
                   "the early showdown among themselves. A ship shown after discarding has started is fouled at "
                   "the table before any early showdown: send that deal without the event, the caller folded.",
                   _SUITED_NOTE)),
)
