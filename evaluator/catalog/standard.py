"""The standard games: usual rankings, no wild cards, a flat board (reference tag ``standard``), the base games
the reference defines, and the everyday games users ask for (Razz, Stud 8, 2-7 and A-5 single and triple draw, Big O,
Courchevel hi-lo, Short-deck Hold'em)."""

from __future__ import annotations

from evaluator.catalog.parts import (
    D20,
    D32,
    D36,
    D52,
    OMAHA,
    high,
    high_low,
    holdem_game,
    hole_between,
    hole_exactly,
    single,
    stud_game,
)
from evaluator.formation import Count
from evaluator.mechanisms.division import Declare, HighLow
from evaluator.rankings import (
    BADUGI,
    HIGH_6PLUS,
    HIGH_7PLUS,
    LOW_27,
    LOW_A5,
    HighQualifier,
    LowQualifier,
)
from evaluator.variant import BoardShape, OptionSpec, Variant

__all__ = ["STANDARD"]

_SPLIT_OPTION_HL8 = OptionSpec(
    name="split", default="high",
    description="High only, or high/low by prior agreement (cards speak, LOW-A5 eight or better).",
    values={"high": {}, "high-low": {"hands": high_low(), "division": HighLow()}},
)

STANDARD: tuple[Variant, ...] = (
    holdem_game("texas-holdem", "Texas Hold'em", "2 hole + 5 board; any five of the seven (playing the board is "
            "allowed).", "variants.md §4 texas-holdem", aliases=("holdem", "hold-em", "nlhe", "loco-poker")),
    holdem_game("one-mans-trash", "One Man's Trash", "Texas Hold'em played to its final board; replaced cards are "
            "dead.", "variants.md §3 one-mans-trash"),
    holdem_game("hollywood-holdem", "Hollywood Hold'em", "Texas Hold'em; the 2-for-2 exchange happens before the "
            "showdown.", "variants.md §3 hollywood-holdem"),
    holdem_game("fred-potato-poker", "Fred Potato Poker", "5 dealt, 3 discarded: 2 hole + 5 board, any five. High, "
            "or high/low by prior agreement.", "variants.md §3 fred-potato-poker", options=(_SPLIT_OPTION_HL8,)),
    holdem_game("strobe", "Strobe", "2 hole + the 5 board cards left after the two die rolls; any five of seven.",
            "variants.md §3 strobe", tags=("standard", "play-time-state"),
            notes=("Send the final five board cards (after both die rolls).",)),
    holdem_game("krg", "KRG", "6 dealt, 4 discarded in stages: 2 hole + 5 board, any five; no betting, every hand "
            "compared.", "variants.md §3 krg"),
    holdem_game("crazy-blind-man", "Crazy Blind Man", "Three forehead cards, one taken away: 2 hole + 5 board.",
            "variants.md §3 crazy-blind-man"),
    holdem_game("swiss-holdem", "Swiss Hold'em", "Texas Hold'em with paid 2-card re-deals; 2 hole + 5 board at "
            "showdown.", "variants.md §3 swiss-holdem"),
    holdem_game("blind-holdem", "Blind Hold'em", "Texas Hold'em with no betting: 2 hole + 5 board, the best hand "
            "takes the pot.", "variants.md §3 Five Rapid Poker Games"),
    holdem_game("estonian-twist", "Estonian Twist", "3 dealt, one passed and one discarded: 2 hole + 5 board.",
            "variants.md §3 Five Rapid Poker Games"),
    holdem_game("slovak-double-barrel", "Slovak Double Barrel", "Texas Hold'em with face-up hole cards that may be "
            "swapped once; 2 hole + 5 board.", "variants.md §3 Five Rapid Poker Games"),
    holdem_game("pineapple", "Pineapple Hold'em", "3 dealt, one discarded before the flop: Texas Hold'em at "
            "showdown.", "variants.md §4 pineapple"),
    holdem_game("crazy-pineapple", "Crazy Pineapple Hold'em", "The third card is discarded after the flop: Texas "
            "Hold'em at showdown.", "variants.md §4 crazy-pineapple"),
    holdem_game("irish-holdem", "Irish Hold'em", "4 dealt, 2 discarded after the flop: Texas Hold'em at showdown.",
            "variants.md §4 irish-holdem"),
    holdem_game("royal-holdem", "Royal Hold'em", "Texas Hold'em with the 20-card deck (ten to ace).",
            "variants.md §3 royal-holdem", deck=D20, seats=Count.between(2, 6)),
    holdem_game("short-deck-holdem", "Short-deck Hold'em", "Texas Hold'em with 36 cards (6 to ace): A-6-7-8-9 is a "
            "straight and a flush beats a full house.", "issue 2 (everyday game)", deck=D36,
            hands=high(ranking=HIGH_6PLUS), aliases=("six-plus-holdem", "6-plus")),
    holdem_game("stop-drop-roll", "Stop, Drop & Roll", "2 hole + 3 community; the hand is all five cards.",
            "variants.md §3 stop-drop-roll", board=BoardShape(count=Count.exactly(3))),
    holdem_game("same-em", "Same'Em", "5 hole + 5 board; any five of the ten.", "variants.md §3 same-em",
            hole=Count.exactly(5)),
    holdem_game("the-game-called-the", "The Game Called \"The\"", "3 hole + 4 board; any five of the seven.",
            "variants.md §3 the-game-called-the", hole=Count.exactly(3), board=BoardShape(count=Count.exactly(4))),
    holdem_game("blue-beacon", "Blue Beacon", "5 private cards (after a draw) + 4 community; any five of nine.",
            "variants.md §3 blue-beacon", hole=Count.exactly(5), board=BoardShape(count=Count.exactly(4))),
    holdem_game("waiting-for-godot", "Waiting for Godot", "3 own cards (2 down, 1 up) + 4 community; any five of "
            "seven.", "variants.md §3 waiting-for-godot", up=Count.exactly(1),
            board=BoardShape(count=Count.exactly(4))),
    holdem_game("privacy-poker", "Privacy Poker", "5 own cards (some face up after the privacy and media rounds) + 2 "
            "community; any five of seven.", "variants.md §3 privacy-poker", hole=Count.between(0, 5),
            up=Count.between(0, 5), own_plus_board=Count.exactly(7), board=BoardShape(count=Count.exactly(2))),
    holdem_game("woodstock", "Woodstock", "3 hole + up to 5 shared cards (3 or 4 if the deck ran out); any five.",
            "variants.md §3 woodstock", hole=Count.exactly(3), board=BoardShape(count=Count.between(2, 5)),
            notes=("The optional board-legality check of the reference (rules.validate_board) is not applied.",)),
    holdem_game("tahoe-holdem", "Tahoe Hold'em", "3 hole + 5 board; at most two hole cards play.",
            "variants.md §4 tahoe-holdem", hole=Count.exactly(3), hands=high(hole_between(0, 2))),
    holdem_game("pass-em-poker", "Pass 'em Poker", "3 hole + 3 board: 2 hole + 3 board, or 3 hole + 2 board.",
            "variants.md §3 pass-em-poker", hole=Count.exactly(3), board=BoardShape(count=Count.exactly(3)),
            hands=high(hole_between(2, 3)), options=(OptionSpec(
                name="split", default="high", description="High only, or high/low by agreement (LOW-A5, cards "
                "speak, no qualifier).",
                values={"high": {}, "high-low": {"hands": high_low(hole_between(2, 3), low_qualifier=None),
                                                 "division": HighLow()}}),)),
    holdem_game("two-eleven", "Two Eleven", "4 hole + 4 board (a 2-card flop, turn, river): 2 or 3 hole cards.",
            "variants.md §3 two-eleven", hole=Count.exactly(4), board=BoardShape(count=Count.exactly(4)),
            hands=high(hole_between(2, 3)), aliases=("2-11-poker",), options=(OptionSpec(
                name="split", default="high", description="High only, or high/low with LOW-A5 seven or better.",
                values={"high": {}, "high-low": {"hands": high_low(hole_between(2, 3), low_qualifier=LowQualifier(7)),
                                                 "division": HighLow()}}),)),
    holdem_game("cincinnati", "Cincinnati", "4 hole + 4 community; any five of the eight.", "variants.md §4 cincinnati",
            hole=Count.exactly(4), board=BoardShape(count=Count.exactly(4))),
    holdem_game("cincinnati-exactly-2", "Cincinnati (exactly two)", "4 hole + 4 community; exactly two hole cards, "
            "as in Omaha.", "variants.md §4 cincinnati", hole=Count.exactly(4),
            board=BoardShape(count=Count.exactly(4)), hands=high(hole_exactly(2))),
    holdem_game("cincinnati-max-2", "Cincinnati (at most two)", "4 hole + 4 community; at most two hole cards, as "
            "in Pineapple.", "variants.md §4 cincinnati", hole=Count.exactly(4),
            board=BoardShape(count=Count.exactly(4)), hands=high(hole_between(0, 2))),
    holdem_game("omaha", "Omaha Hold'em", "4 hole + 5 board; exactly 2 hole + 3 board.", "variants.md §4 omaha",
            hole=Count.exactly(4), hands=high(OMAHA), aliases=("omaha-high", "plo")),
    holdem_game("blind-omaha", "Blind Omaha", "Omaha High with no betting: 2 of 4 hole + 3 of 5 board.",
            "variants.md §3 Five Rapid Poker Games", hole=Count.exactly(4), hands=high(OMAHA)),
    holdem_game("fusion-holdem", "Fusion Hold'em", "Two hole cards, a third after the flop and a fourth on the turn; "
            "played as Omaha: 2 of 4 hole + 3 of 5 board.", "variants.md §4 fusion-holdem", hole=Count.exactly(4),
            hands=high(OMAHA)),
    holdem_game("courchevel", "Courchevel", "5 hole + 5 board (the first board card comes with the hands); exactly 2 "
            "hole + 3 board.", "variants.md §4 courchevel", hole=Count.exactly(5), hands=high(OMAHA)),
    holdem_game("courchevel-hi-lo", "Courchevel Hi-Lo", "Courchevel split high/low: 2 of 5 hole + 3 board for each "
            "half; LOW-A5 eight or better.", "issue 2 (everyday game)", hole=Count.exactly(5),
            hands=high_low(OMAHA), division=HighLow()),
    holdem_game("omaha-hi-lo-8", "Omaha Hi-Lo, 8 or better", "4 hole + 5 board; 2 hole + 3 board for each half; "
            "LOW-A5 eight or better, cards speak.", "variants.md §7 omaha-hi-lo-8", hole=Count.exactly(4),
            hands=high_low(OMAHA), division=HighLow(), aliases=("o8", "omaha-8", "omaha-hi-lo", "plo8")),
    holdem_game("big-o", "Big O", "5-card Omaha high/low: 2 of 5 hole + 3 board for each half; LOW-A5 eight or "
            "better.", "issue 2 (everyday game)", hole=Count.exactly(5), hands=high_low(OMAHA),
            division=HighLow(), aliases=("five-card-omaha-hi-lo",)),
    holdem_game("cold-omaha", "Cold Omaha", "5 dealt, 1 discarded: Omaha 8-or-better with 4 hole cards.",
            "variants.md §3 cold-omaha", hole=Count.exactly(4), hands=high_low(OMAHA), division=HighLow()),
    holdem_game("jersey-holdem", "Jersey Hold'em", "North 5 or South 4 hole cards + 5 board; 2 or 3 hole cards for "
            "each half; LOW-A5 eight or better.", "variants.md §3 jersey-holdem", hole=Count.between(4, 5),
            hands=high_low(hole_between(2, 3)), division=HighLow(), aliases=("cosmic-poker",)),
    holdem_game("boise", "Boise", "5 hole + 5 board: 2 hole + 3 board or 3 hole + 2 board, separately for each half; "
            "high needs trips, low eight or better.", "variants.md §3 boise", hole=Count.exactly(5),
            seats=Count.between(2, 9), division=HighLow(),
            hands=high_low(hole_between(2, 3), high_qualifier=HighQualifier("three-of-a-kind")),
            options=(OptionSpec(name="qualifiers", default="on", description="The usual qualifiers (trips for "
                                "high, eight or better for low), or none.",
                                values={"on": {}, "off": {"hands": high_low(hole_between(2, 3),
                                                                            low_qualifier=None)}}),)),
    holdem_game("manila", "Manila", "32-card deck (7 to ace): both hole cards + 3 of a 5-card board.",
            "variants.md §7 manila", deck=D32, hands=high(hole_exactly(2), ranking=HIGH_7PLUS),
            options=(OptionSpec(name="short_deck_ace_low", default="true",
                                description="Whether A-7-8-9-T counts as the lowest straight.",
                                values={"true": {}, "false": {"hands": high(hole_exactly(2))}}),)),
    holdem_game("billabong", "Billabong", "2 down + 1 up own + 4 community; any five of seven. 32-card deck.",
            "variants.md §6 billabong", deck=D32, up=Count.exactly(1), board=BoardShape(count=Count.exactly(4)),
            hands=high(ranking=HIGH_7PLUS), options=(OptionSpec(
                name="deck", default="32", description="The 32-card deck of Wikipedia (7 to ace, A-7-8-9-T the "
                "lowest straight) or a full 52-card deck.",
                values={"32": {}, "52": {"deck": D52, "hands": high()}}),)),
    holdem_game("shanghai", "Shanghai", "3 down + 1 up + 4 community, 32-card deck; at most two of the down cards "
            "play.", "variants.md §6 shanghai", deck=D32, hole=Count.exactly(3), up=Count.exactly(1),
            board=BoardShape(count=Count.exactly(4)), hands=high(hole_between(0, 2), ranking=HIGH_7PLUS)),
    holdem_game("five-card-draw", "Five-Card Draw", "5 cards after the draw; the hand is all five.",
            "variants.md §4 five-card-draw", hole=Count.exactly(5), board=BoardShape(),
            aliases=("draw",)),
    holdem_game("straight-poker", "Straight Poker", "A complete 5-card hand, one betting round.",
            "variants.md §4 straight-poker", hole=Count.exactly(5), board=BoardShape()),
    holdem_game("weeping-willow", "Weeping Willow", "Each player chooses 5 cards and reveals them (roll your own); the "
            "hand is exactly those five.", "variants.md §6b weeping-willow", tags=("standard", "play-time-state"),
            hole=Count.between(0, 5), up=Count.between(0, 5), own_plus_board=Count.exactly(5), board=BoardShape(),
            notes=("Send the five chosen cards (face down as hole, revealed as up).",)),
    holdem_game("deuce-to-seven-single-draw", "2-7 Single Draw", "5 cards after one draw; deuce-to-seven low "
            "(straights and flushes count, the ace is high).", "issue 2 (everyday game)", hole=Count.exactly(5),
            board=BoardShape(), hands=single("low", LOW_27),
            aliases=("2-7-single-draw", "kansas-city-lowball", "deuce-to-seven")),
    holdem_game("ace-to-five-lowball", "A-5 Lowball Draw", "5 cards after the draw; ace-to-five low (straights and "
            "flushes ignored).", "issue 2 (everyday game)", hole=Count.exactly(5), board=BoardShape(),
            hands=single("low", LOW_A5), aliases=("california-lowball", "a-5-draw")),
    holdem_game("deuce-to-seven-triple-draw", "2-7 Triple Draw", "5 cards after three draws; deuce-to-seven low "
            "(straights and flushes count, the ace is high): at showdown, 2-7 single draw.",
            "issue 15 (everyday game)", hole=Count.exactly(5), board=BoardShape(),
            hands=single("low", LOW_27), aliases=("2-7-triple-draw", "27-triple-draw", "2-7-td"),
            notes=("Six players at most, as card rooms deal it: 30 cards dealt leave 22 for up to three draws each "
                   "(the discards are shuffled in when the stub runs out).",)),
    holdem_game("ace-to-five-triple-draw", "A-5 Triple Draw", "5 cards after three draws; ace-to-five low "
            "(straights and flushes ignored): at showdown, A-5 lowball draw.", "issue 15 (everyday game)",
            hole=Count.exactly(5), board=BoardShape(), hands=single("low", LOW_A5),
            aliases=("a-5-triple-draw", "a5-triple-draw", "a-5-td"),
            notes=("Six players at most, as card rooms deal it: 30 cards dealt leave 22 for up to three draws each "
                   "(the discards are shuffled in when the stub runs out).",)),
    holdem_game("badugi", "Badugi", "4 cards after the draws; the best badugi (no paired ranks or suits) wins.",
            "variants.md §7 badugi", tags=("special-ranking",), hole=Count.exactly(4), board=BoardShape(),
            hands=single("badugi", BADUGI)),
    stud_game("seven-card-stud", "Seven-Card Stud", "2 down + 4 up + 1 down; any five of the seven.",
          "variants.md §4 seven-card-stud", aliases=("stud", "seven-stud")),
    stud_game("mississippi-stud", "Mississippi Stud", "Seven-card stud with the 7th card face up: 2 down + 5 up.",
          "variants.md §4 seven-card-stud", hole=Count.between(2, 3), up=Count.between(4, 5)),
    stud_game("razz", "Razz", "Seven-card stud for the lowest hand: ace-to-five low, any five of seven.",
          "issue 2 (everyday game)", hands=single("low", LOW_A5)),
    stud_game("seven-card-stud-hi-lo-8", "Seven-Card Stud Hi-Lo, 8 or better", "Seven-card stud split high/low; "
          "LOW-A5 eight or better, cards speak.", "issue 2 (everyday game)", hands=high_low(), division=HighLow(),
          aliases=("stud-8", "stud-hi-lo", "stud8")),
    stud_game("oxford-stud", "Oxford Stud", "2 down + 2 up own + 3 community; any five of seven; high/low (LOW-A5 "
          "eight or better, cards speak).", "variants.md §6 oxford-stud", hole=Count.exactly(2),
          up=Count.exactly(2), board=BoardShape(count=Count.exactly(3)), hands=high_low(), division=HighLow(),
          options=(OptionSpec(name="declare", default="false", description="Cards speak (the default), or a "
                              "declaration as ichabod's record has it (every player still in sends declare).",
                              values={"false": {}, "true": {"division": Declare()}}),)),
    stud_game("five-card-stud", "Five-Card Stud", "1 down + 4 up; the hand is all five cards.",
          "variants.md §4 five-card-stud", hole=Count.exactly(1), up=Count.exactly(4), board=BoardShape(),
          own_plus_board=Count.exactly(5)),
    stud_game("vancouver-stud", "Vancouver Stud", "5 own cards (3 down, 2 up) + 3 community; any five of eight.",
          "variants.md §6b vancouver-stud", hole=Count.exactly(3), up=Count.exactly(2),
          board=BoardShape(count=Count.exactly(3)), own_plus_board=Count.exactly(8)),
    stud_game("delaware-stud", "Delaware Stud", "4 own cards (2 down, 1 up, 1 down) + 3 community; any five of "
          "seven.", "variants.md §6b delaware-stud", hole=Count.exactly(3), up=Count.exactly(1),
          board=BoardShape(count=Count.exactly(3))),
    stud_game("train-wreck", "Train Wreck", "Seven-card stud with up-card events; each player's final 5 to 9 cards, "
          "any five.", "variants.md §6b train-wreck", hole=Count.between(0, 9), up=Count.between(0, 9),
          board=BoardShape(), own_plus_board=Count.between(5, 9)),
    stud_game("no-peek", "No Peek", "7 cards turned one at a time; any five of the seven.", "variants.md §7 no-peek",
          hole=Count.between(0, 7), up=Count.between(0, 7), board=BoardShape(), aliases=("no-peek-stud",)),
)
