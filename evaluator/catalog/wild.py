"""The wild-card games of the reference whose board is flat (or absent): fixed wild ranks, jokers, specific cards,
per-player rules, and rules driven by play-time events. Layout games with wild cards live with the layouts."""

from __future__ import annotations

from evaluator.catalog.parts import holdem_game, stud_game
from evaluator.formation import Count, Formation, Pick
from evaluator.formation.layout import Layout, Position
from evaluator.mechanisms.deal_checks import ExtraUpFor
from evaluator.mechanisms.deal_rules import HeldCardOfFirstUpSuit, KillRanks
from evaluator.mechanisms.division import Shares
from evaluator.mechanisms.hand_rules import OutIfFaceUp
from evaluator.rankings import HIGH
from evaluator.rankings.card_criteria import HoldsCard
from evaluator.rankings.special.short_hands import HIGH_SHORT
from evaluator.values.cards import Card
from evaluator.values.decks import deck_named
from evaluator.values.events import EventSpec
from evaluator.variant import BoardShape, HandSpec, OptionSpec, Variant
from evaluator.wilds.play import WildPlay
from evaluator.wilds.rules import (
    CumulativeFollow,
    DesignatorRank,
    EventCardRank,
    EventRanks,
    FixedRanks,
    FollowTheQueen,
    HighestOddHoleRank,
    Jokers,
    LastDealtRank,
    LowestHoleRank,
    MatchedDownUpRanks,
    PersonalRank,
    PositionCard,
    QueensAndKings,
    SpecificCards,
    SuitOfFirstUp,
)
from evaluator.wilds.sets import WildSets

__all__ = ["WILD"]

TWO, THREE, FOUR, FIVE, SEVEN, NINE, TEN, QUEEN = 0, 1, 2, 3, 5, 7, 8, 10

UP_ORDER = EventSpec(name="up_order", kind="cards", required=True, face_up_order=True,
                     description="every face-up card of the deal, all players, in the order dealt")
DESIGNATOR = EventSpec(name="designator", kind="card", required=True, outside_hands=True,
                       description="the card that names the wild rank; it is in nobody's hand")
LAST_SWAP = EventSpec(name="last_swap", kind="card", on_board=True,
                      description="the card most recently swapped into the flop (omit it when nobody swapped)")
WILD_RANKS = EventSpec(name="wild_ranks", kind="ranks", required=True,
                       description="the wild ranks at showdown, after every change made during play")

_STUD_TAGS = ("wild",)
_EVENT_TAGS = ("wild", "play-time-state")


_wild_stud = stud_game.but(tags=_STUD_TAGS)


WILD: tuple[Variant, ...] = (
    _wild_stud("follow-the-queen", "Follow the Queen", "Seven-card stud; the rank of the face-up card after the "
               "latest face-up queen is wild for everyone; a later face-up queen cancels it; a queen as the last "
               "face-up card leaves no wild rank.", "variants.md §7 follow-the-queen", tags=_EVENT_TAGS,
               wilds=(FollowTheQueen(),), events=(UP_ORDER,), options=(OptionSpec(
                   name="queens_wild", default="false", description="Whether the queens themselves are wild too "
                   "(many home games; pagat says no).",
                   values={"false": {}, "true": {"wilds": (FollowTheQueen(queens_wild=True),)}}),)),
    _wild_stud("smack-my-bitch-up", "Smack My Bitch Up", "Follow the Queen with kings: queens and the card after "
               "the latest face-up queen are wild; a face-up king makes only kings wild until the next face-up "
               "queen.", "variants.md §6b smack-my-bitch-up", tags=_EVENT_TAGS, wilds=(QueensAndKings(),),
               events=(UP_ORDER,), aliases=("pimp-daddy",)),
    _wild_stud("sex-in-the-middle-east", "Sex in the Middle East", "Seven-card stud; 5s are wild, and each face-up "
               "5 makes the rank of the next face-up card wild too, cumulatively.",
               "variants.md §6b sex-in-the-middle-east", tags=_EVENT_TAGS, wilds=(CumulativeFollow(base=(FIVE,)),),
               events=(UP_ORDER,)),
    _wild_stud("baseball", "Baseball", "Seven-card stud; 3s and 9s are wild; a face-up 4 buys an extra face-up "
               "card.", "variants.md §7 baseball", wilds=(FixedRanks(ranks=(THREE, NINE)),),
               up=Count.between(4, 7), own_plus_board=Count.between(7, 10), mechanisms=(ExtraUpFor(ranks=(FOUR,)),)),
    _wild_stud("midnight-baseball", "Midnight Baseball", "Seven cards each, no peeking, turned up one at a time; "
               "3s and 9s are wild; a 4 turned up buys an extra card.", "variants.md §7 midnight-baseball",
               wilds=(FixedRanks(ranks=(THREE, NINE)),), hole=Count.between(0, 11), up=Count.between(0, 11),
               board=BoardShape(), own_plus_board=Count.between(7, 11)),
    _wild_stud("chameleon", "Chameleon", "Midnight Baseball (3s and 9s wild at the start) in which a face-up 7 lets "
               "its owner drop a wild rank and a card from a second deck names the new one: send the final wild "
               "ranks.", "variants.md §6b chameleon", tags=_EVENT_TAGS, wilds=(EventRanks(),),
               events=(WILD_RANKS,), hole=Count.between(0, 11), up=Count.between(0, 11), board=BoardShape(),
               own_plus_board=Count.between(7, 11)),
    _wild_stud("baseball-national-league", "Baseball, National League Rules", "Seven-card stud; only 9s are wild; "
               "a face-up 7 earns an extra face-up card; a face-up 3 puts the player out.",
               "variants.md §6b baseball-national-league", tags=_EVENT_TAGS, wilds=(FixedRanks(ranks=(NINE,)),),
               up=Count.between(4, 7), own_plus_board=Count.between(7, 10),
               mechanisms=(OutIfFaceUp(ranks=(THREE,)), ExtraUpFor(ranks=(SEVEN,)))),
    _wild_stud("luck-of-the-irish", "Luck of the Irish", "Seven-card stud; 4s are wild; the player dealt the 4 of "
               "clubs face up gets an extra face-down card (any five of seven or eight).",
               "variants.md §6b luck-of-the-irish", wilds=(FixedRanks(ranks=(FOUR,)),), hole=Count.between(2, 4),
               own_plus_board=Count.between(7, 8)),
    _wild_stud("woolworths", "Woolworth's", "Seven-card stud; 5s and 10s are wild.", "variants.md §6b woolworths",
               tags=_EVENT_TAGS, wilds=(FixedRanks(ranks=(FIVE, TEN)),)),
    _wild_stud("woolworths-jackpot-penalty", "Woolworth's, Jackpot Penalty", "Woolworth's with fees that double "
               "for each wild card turned: betting only; the showdown is Woolworth's.",
               "variants.md §6b woolworths", tags=("not-showdown", "wild"), wilds=(FixedRanks(ranks=(FIVE, TEN)),)),
    _wild_stud("joker-twist", "Joker Twist", "Woolworth's with jokers: a joker is wild only as the hand's only kind "
               "of wild card; a hand holding a joker and a 5 or 10 has no wild card at all (the joker is dead).",
               "variants.md §6b woolworths", deck=deck_named("52+2"), wild_play=WildPlay(joker_twist=True),
               wilds=(FixedRanks(ranks=(FIVE, TEN)), Jokers())),
    _wild_stud("joker-twist-and-flip", "Joker Twist and Flip", "Joker Twist in which a joker may be given to "
               "another player after the last bet; only the final holdings matter.", "variants.md §6b woolworths",
               deck=deck_named("52+2"), wild_play=WildPlay(joker_twist=True),
               wilds=(FixedRanks(ranks=(FIVE, TEN)), Jokers())),
    _wild_stud("multiple-joker-twist-and-flip", "Multiple Joker Twist and Flip", "Joker Twist and Flip with one "
               "joker per player (up to eight); only the final holdings matter.", "variants.md §6b woolworths",
               tags=_EVENT_TAGS, deck=deck_named("52+8"), wild_play=WildPlay(joker_twist=True),
               wilds=(FixedRanks(ranks=(FIVE, TEN)), Jokers()), hole=Count.between(2, 10), up=Count.between(0, 10),
               own_plus_board=Count.between(7, 15)),
    _wild_stud("who-da-baby-daddy", "Who da Baby Daddy Is?", "Stud whose last card comes face up; the rank of the "
               "last card dealt to a player is wild for him alone (7-card form: 2 down + 5 up; 5-card form: 2 down "
               "+ 3 up).", "variants.md §6b who-da-baby-daddy", wilds=(LastDealtRank(),), hole=Count.exactly(2),
               up=Count.exactly(5), board=BoardShape(), own_plus_board=None, options=(OptionSpec(
                   name="form", default="7-card", description="Seven cards (2 down + 5 up) or five (2 down + 3 up).",
                   values={"7-card": {}, "5-card": {"up": Count.exactly(3)}}),),
               notes=("Send the face-up cards in the order dealt: the last one sets the player's wild rank.",)),
    _wild_stud("eddies-choice", "Eddie's Choice", "Seven-card stud; a rank a player holds both face down and face "
               "up is wild for him.", "variants.md §6b eddies-choice", wilds=(MatchedDownUpRanks(),)),
    _wild_stud("low-hold", "Low Hold", "Seven-card stud; the rank of a player's lowest face-down card (ace high) is "
               "wild for him; the last card may be bought face up.", "variants.md §6b low-hold",
               wilds=(LowestHoleRank(),), hole=Count.between(2, 3), up=Count.between(4, 5),
               aliases=("low-in-the-hole",)),
    _wild_stud("dead-deuce", "Dead Deuce", "Seven-card stud; face-up deuces are wild, face-down deuces are plain "
               "deuces.", "variants.md §6b dead-deuce", tags=_EVENT_TAGS,
               wilds=(FixedRanks(ranks=(TWO,), only="face-up"),)),
    _wild_stud("four-up-four-down", "Four Up, Four Down", "Eight-card stud, 4 down + 4 up; a 4 dealt face down is "
               "wild for its holder; a player dealt a 4 face up is out.", "variants.md §6b four-up-four-down",
               tags=_EVENT_TAGS, wilds=(FixedRanks(ranks=(FOUR,), only="face-down"),), hole=Count.exactly(4),
               up=Count.exactly(4), board=BoardShape(), own_plus_board=Count.exactly(8),
               mechanisms=(OutIfFaceUp(ranks=(FOUR,)),),
               aliases=("respect-the-4",)),
    _wild_stud("football", "Football", "Seven-card stud; 4s are wild for everyone, and a player who cut the deck "
               "after a face-up 3 has his own wild rank (players[].wild_rank).", "variants.md §6b football",
               tags=_EVENT_TAGS, wilds=(FixedRanks(ranks=(FOUR,)), PersonalRank()),
               notes=("The ten-yards rule (up cards under 10 after four up cards) happens before the showdown: "
                      "leave out the players it put out.",)),
    _wild_stud("spokane-open-wild", "Spokane Open Wild", "1 hole card + 4 face-up cards chosen from the centre; "
               "the rank of the centre card left over (events.designator) is wild for all.",
               "variants.md §6b spokane-open-wild", tags=_EVENT_TAGS, wilds=(DesignatorRank(),),
               events=(DESIGNATOR,), hole=Count.exactly(1), up=Count.exactly(4), board=BoardShape(),
               own_plus_board=Count.exactly(5)),
    _wild_stud("five-card-roll-your-own", "Five Card Roll Your Own", "2 down + 3 up; a designator card turned from "
               "the pool (events.designator) names the wild rank for everyone.",
               "variants.md §6b five-card-roll-your-own", tags=_EVENT_TAGS, wilds=(DesignatorRank(),),
               events=(DESIGNATOR,), hole=Count.exactly(2), up=Count.exactly(3), board=BoardShape(),
               own_plus_board=Count.exactly(5)),
    holdem_game("texas-reach-around", "Texas Reach Around", "2 down + a 3rd card (down, or bought face up) + 4 "
                "community; the rank of a player's lowest face-down card (ace high) is wild for him, board "
                "included.", "variants.md §3 texas-reach-around", tags=("wild", "play-time-state"),
                hole=Count.between(2, 3), up=Count.between(0, 1), own_plus_board=Count.exactly(7),
                board=BoardShape(count=Count.exactly(4)), wilds=(LowestHoleRank(),)),
    holdem_game("odds-and-ends", "Odds and Ends", "4 hole + 3 community; the highest odd rank in a player's hole "
                "cards is wild for him, unless the board shows that rank.", "variants.md §3 odds-and-ends",
                tags=("wild",), hole=Count.exactly(4), board=BoardShape(count=Count.exactly(3)),
                wilds=(HighestOddHoleRank(),)),
    holdem_game("el-dorado-holdem", "El Dorado Hold'em", "2 hole + 4 board (3 flop after swaps + turn); the card "
                "most recently swapped into the flop, and every card of its rank, is wild for everyone.",
                "variants.md §3 el-dorado-holdem", tags=("wild", "play-time-state"),
                board=BoardShape(count=Count.exactly(4)), wilds=(EventCardRank(event="last_swap"),),
                events=(LAST_SWAP,)),
    holdem_game("suicide-swiss-holdem", "Suicide Swiss Hold'em", "Swiss Hold'em in which the king of hearts alone "
                "is wild: in a hole for its holder, on the board for everyone.", "variants.md §3 swiss-holdem",
                tags=("wild",), wilds=(SpecificCards(cards=(Card("Kh"),)),)),
)



_MOMMY_FORMATION = Formation(picks=(Pick(limits={"own": Count.exactly(1)}),))

WILD += (
    _wild_stud("babies-daddy", "Babies' Daddy", "Seven-card stud; the Daddy, the king of the suit of the first face-up "
               "card dealt, is wild for everyone; each player's lowest card (ace high), and the cards of its rank, are "
               "wild for him alone. The holder of the Mommy, the queen of the Daddy's suit, takes half the pot; the "
               "high hand takes the other half.", "variants.md §6b babies-daddy",
               tags=("wild", "special-split", "play-time-state"),
               wilds=(SuitOfFirstUp(rank=11), LowestHoleRank(among="own")), events=(UP_ORDER,),
               hands=(HandSpec(name="high", ranking=HIGH, formation=Formation()),
                      HandSpec(name="mommy", ranking=HoldsCard(Card("Qs")), formation=_MOMMY_FORMATION,
                               uses_wilds=False)),
               mechanisms=(HeldCardOfFirstUpSuit(hand="mommy", rank=10),),
               division=Shares(shares=(("high", 1), ("mommy", 1))),
               notes=("The Mommy counts face up or down, only for players in the showdown; if nobody there holds "
                      "it, the high hand takes everything; one player may take both halves [ASSUMPTION]. The "
                      "first face-up card is the first of events.up_order.",)),
)


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(Card(c) for c in text.split())


_SOUTHERN = (
    (Card("2c"), _cards("3c 4c 5c 6c")),
    (Card("2d"), _cards("7d 8d 9d Td")),
    (Card("2h"), _cards("Jh Qh Kh Jd Qd Kd Jc Qc Kc")),
)
_SOUTHERN_NOTE = ("Each player holds 2 hole cards and the one deuce he took from the separate deuce pile (send all "
                  "three as hole); the 4 centre cards are never deuces. A restricted deuce may also play as a natural "
                  "2, and may copy a card the player already holds [ASSUMPTION].")

WILD += (
    holdem_game("southern-deuce-holdem", "Southern Deuce Hold'em", "2 hole cards + one deuce each + 4 centre cards; "
                "any five of seven. The 2 of clubs may be any of the 3-6 of clubs, the 2 of diamonds any of the 7-10 "
                "of diamonds, the 2 of hearts any non-spade court card (J, Q, K of hearts, diamonds, clubs); the 2 of "
                "spades is fully wild.", "variants.md §3 southern-deuce-holdem", tags=("wild",),
                seats=Count.between(2, 4), hole=Count.exactly(3),
                board=BoardShape(count=Count.exactly(4)),
                wilds=(SpecificCards(cards=(Card("2s"),)),), wild_play=WildPlay(choice_cards=_SOUTHERN),
                notes=(_SOUTHERN_NOTE,)),
    holdem_game("southern-deuce-joker-wild", "Southern Deuce Joker's Wild", "Southern Deuce Hold'em with two jokers in "
                "the main deck, fully wild: a joker in the hole is its holder's, in the centre everyone's.",
                "variants.md §3 southern-deuce-holdem", tags=("wild",), deck=deck_named("52+2"),
                seats=Count.between(2, 4), hole=Count.exactly(3),
                board=BoardShape(count=Count.exactly(4)),
                wilds=(SpecificCards(cards=(Card("2s"),)), Jokers()), wild_play=WildPlay(choice_cards=_SOUTHERN),
                notes=(_SOUTHERN_NOTE,)),
)


def _pyramid_wild_kill() -> Variant:
    rows = ((("T1", "T2"), "designator", 1.0), (("M1", "M2", "M3"), "board", 0.5), (("B1", "B2", "B3", "B4"), "kill",
                                                                                  0.0))
    positions = tuple(Position(name=name, x=x0 + i, y=y, segment=segment)
                      for y, (names, segment, x0) in enumerate(rows) for i, name in enumerate(names))
    layout = Layout(positions=positions, description="Three rows: T1 T2 (wild designators, not usable), M1 M2 M3 "
                    "(shared), B1-B4 (kill cards, not usable).")
    use = Formation(picks=(Pick(limits={"designator": Count.exactly(0), "kill": Count.exactly(0)}),))
    return _wild_stud(
        "pyramid-wild-kill", "Pyramid (wild, shared and kill cards)", "5 hole cards and a pyramid of 9: the ranks of "
        "the two top cards are wild for everyone; the three middle cards are shared; every card of the ranks of the "
        "four bottom cards is killed, in the middle row and in the players' hands. Any five of what survives; a "
        "player left with fewer than five plays a short hand.", "variants.md §5 pyramid-wild-kill",
        tags=("wild", "layout"), hole=Count.exactly(5), up=Count.exactly(0), own_plus_board=None,
        board=BoardShape(count=Count.exactly(9), layout=layout), odd_chip="button",
        hands=(HandSpec(name="high", ranking=HIGH_SHORT, formation=use, short_hands=True),),
        wilds=(PositionCard(position="T1", whole_rank=True), PositionCard(position="T2", whole_rank=True)),
        mechanisms=(KillRanks(positions=("B1", "B2", "B3", "B4")),),
        notes=("A rank both wild and killed is killed; a short hand (fewer than 5 surviving cards) makes pairs, trips "
               "and quads only and loses to any complete hand of the same category [ASSUMPTION]. Row sizes come from "
               "ichabod's Pyramid (the diagram is lost).",))


WILD += (_pyramid_wild_kill(),)

WILD += (
    _wild_stud("seven-and-what-makes-it", "Seven and What Makes It", "Seven-card stud; any single 7, or any set of "
               "cards whose values add up to exactly 7 (A = 1, 2-7 at face value), is wild; each card belongs to at "
               "most one set, and the disjoint sets that make the best hand are chosen for the player; five aces is "
               "the best hand.", "variants.md §6b seven-and-what-makes-it", wilds=(WildSets(total=7, max_value=7),),
               notes=("If the deck runs out, the 7th card is one community card shared by all: send it as the board.",
                      "Every card of a set is a wild card of its own: 3 and 4 down with a 7 up are three wild cards, "
                      "A, 3 down with 2, A up four. Each card belongs to at most one set, so 4-3-3-2 makes two wild "
                      "cards (4+3), not four. Forming a set is the player's choice, made for him; a 7 is always "
                      "wild. A card a player may use, the shared 7th card included, may join his sets; a set's cards "
                      "left out of the five are still wild, simply not played.",
                      "8s, 9s, 10s and courts never belong to a set [ASSUMPTION].",
                      "In wilds, every wild card played is listed with the card it became; the description ends with "
                      "the sets formed (\"4h as As, 3c as Ad; 4h+3c = 7\"). Among equal hands, the one with the "
                      "fewest wild cards, then the fewest sets with cards left out, then the highest natural cards "
                      "is shown.")),
)
