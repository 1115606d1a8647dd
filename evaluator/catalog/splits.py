"""Games whose pot is divided by declarations or in an unequal split (reference tag ``special-split``)."""

from __future__ import annotations

from dataclasses import replace

from evaluator.catalog.parts import FLAT5, OMAHA, high_low, holdem_game, stud_game
from evaluator.formation import ANY, INSURED, Count, Formation, Pick
from evaluator.mechanisms.deal_checks import VoidIfFaceUp
from evaluator.mechanisms.division import BeatTheBoot, Declare, Guts, HighLow, Shares
from evaluator.mechanisms.entrants import EntrantHands
from evaluator.rankings import DOOGIE, HIGH, LOW_A5, LOW_A6, HighQualifier, LowQualifier, Ranking
from evaluator.rankings.special.blackjack import BLACKJACK
from evaluator.rankings.special.guts import GUTS2, GUTS2_STRAIGHTS_FLUSHES, GUTS3
from evaluator.rankings.special.zeroface import ZEROFACE
from evaluator.values.cards import Card
from evaluator.values.events import EventSpec
from evaluator.variant import BoardShape, HandSpec, OptionSpec, Variant, VariantFields
from evaluator.wilds.rules import FixedRanks

__all__ = ["SPLITS"]

_DECLARE = ("special-split", "play-time-state")
_DECLARE_NOTE = "Every player still in sends declare: high, low or both."

SPLITS: tuple[Variant, ...] = (
    holdem_game("mutual-of-omaha", "Mutual of Omaha", "3 hole (an optional 4th bought) + 5 board; exactly 2 hole + 3 "
                "board, separately for high and low (LOW-A5, no qualifiers); declaration, both ways allowed.",
                "variants.md §3 mutual-of-omaha", tags=_DECLARE, hole=Count.between(3, 4),
                hands=high_low(OMAHA, low_qualifier=None), division=Declare(), notes=(_DECLARE_NOTE,
                "A both-way declarer who ties either way loses (both_tie unstated: tie_loses, reference 2.4).")),
    holdem_game("ponsi", "Ponsi", "5 hole + a row of 5; any five of the ten, separately for high and low (LOW-A5); "
                "concealed-coin declaration; pig must win both ways.", "variants.md §3 ponsi", tags=_DECLARE,
                hole=Count.exactly(5), board=FLAT5, hands=high_low(low_qualifier=None), division=Declare(),
                notes=(_DECLARE_NOTE, "A pig who ties either way loses (both_tie unstated: tie_loses).")),
    holdem_game("forty-three", "Forty-Three", "4 hole + 3 community; any five of the seven for high and for low "
                "(LOW-A5, no qualifier); simultaneous declaration; both ways must win or tie both.",
                "variants.md §3 forty-three", tags=_DECLARE, hole=Count.exactly(4),
                board=BoardShape(count=Count.exactly(3)), hands=high_low(low_qualifier=None),
                division=Declare(both_tie="tie_ok"),
                notes=(_DECLARE_NOTE, "The deal is reconstructed (4 down + 3 common); any five of "
                                          "the seven [ASSUMPTION].")),
    holdem_game("doogie", "Doogie", "6 hole + 4 community; a 5-card high (full house or better) and a 4-card doogie "
                "(four suits and ranks, ace low; a 7 doogie or better), chosen independently; declaration. A both-way "
                "declarer must win both (a tie only with the best hand possible); a perfect doogie wins both.",
                "variants.md §3 doogie", tags=("special-ranking", *_DECLARE), hole=Count.exactly(6),
                board=BoardShape(count=Count.exactly(4)),
                hands=(HandSpec(name="high", ranking=HIGH, formation=ANY, qualifier=HighQualifier("full-house")),
                       HandSpec(name="low", ranking=DOOGIE, formation=ANY, qualifier=LowQualifier(7))),
                division=Declare(best_possible_tie_ok=True, perfect_low_wins_both=True),
                notes=(_DECLARE_NOTE, "\"Best hand possible\" reads as the absolute best of its kind (a royal flush; "
                       "the perfect doogie A-2-3-4); the perfect doogie counts as an unbeatable high for a player "
                       "who declared both [ASSUMPTION].")),
    stud_game("new-york-new-york", "New York New York", "Seven-card stud high/low with picked cards (the 7th stays "
              "down if taken from the deck face down); any five for high and for low (LOW-A5, no qualifier); "
              "declaration.", "variants.md §6b new-york-new-york", tags=_DECLARE, hole=Count.between(2, 3),
              up=Count.between(4, 5), hands=high_low(low_qualifier=None), division=Declare(),
              notes=(_DECLARE_NOTE,)),
    stud_game("no-peek-high-low", "No Peek High-Low", "No Peek (7 cards turned one at a time) with a low side: high "
              "and low (LOW-A5, no qualifier) split the pot 75% / 25%.", "variants.md §6b no-peek-high-low",
              tags=("special-split",), hole=Count.between(0, 7), up=Count.between(0, 7), board=BoardShape(),
              hands=high_low(low_qualifier=None), division=HighLow(split_ratio=(3, 1)),
              options=(OptionSpec(name="split", default="75-25", description="How high and low share the pot.",
                                  values={"75-25": {}, "50-50": {"division": HighLow()}}),)),
    stud_game("migoya-hilo-spit-stud", "High-Low Five-Card Stud with Spits", "1 down + 4 up after two paid exchange "
              "rounds; deuces are wild for the high hand only; low is ace-to-six (LOW-A6); declaration.",
              "variants.md §6b migoya-hilo-spit-stud", tags=("wild", *_DECLARE), hole=Count.exactly(1),
              up=Count.exactly(4), board=BoardShape(), own_plus_board=Count.exactly(5),
              wilds=(FixedRanks(ranks=(0,)),), division=Declare(),
              hands=(HandSpec(name="high", ranking=HIGH, formation=ANY),
                     HandSpec(name="low", ranking=LOW_A6, formation=ANY, uses_wilds=False)),
              aliases=("migoya",), notes=(_DECLARE_NOTE, "The title is lost in the source; named after its author.",
                                          "A both-way declarer who ties either way loses (both_tie unstated).")),
)



_BOOT = EventSpec(name="boot", kind="cards", size=3, required=True, outside_hands=True,
                  description="Ramone's three boot cards, dealt face down to nobody")


def _ramone(id: str, name: str, description: str, ranking: Ranking, courts_zero: bool) -> Variant:
    return stud_game(id, name, description, "variants.md §6b riding-ramone", tags=("special-ranking", "special-split"),
                     hole=Count.between(0, 5), up=Count.between(0, 5), board=BoardShape(),
                     own_plus_board=Count.exactly(5), hands=(HandSpec(name="low", ranking=ranking, formation=ANY),),
                     division=BeatTheBoot(courts_zero=courts_zero), events=(_BOOT,),
                     notes=("If the lowest hand does not beat Ramone, nobody wins: the whole pot is carried over "
                            "(carried_over), and only the players who did not fold are dealt into the next deal.",))


SPLITS += (
    _ramone("riding-ramone", "Riding Ramone", "No-peek five-card stud lowball (ace-to-five) against a three-card "
            "boot: the lowest hand wins only if its highest three cards beat Ramone's (Ramone wins ties; any pair "
            "loses to three unpaired cards); otherwise the pot carries over.", LOW_A5, courts_zero=False),
    _ramone("riding-ramone-zero", "Riding Ramone (courts zero)", "Riding Ramone with K, Q and J worth zero, below "
            "the ace and never pairing (More or Less's ZEROFACE), in the hands and in the boot.", ZEROFACE,
            courts_zero=True),
)


_stud_jack = stud_game.but(hole=Count.between(2, 3), up=Count.between(4, 5),
                           hands=(HandSpec(name="high", ranking=HIGH, formation=ANY),
                                  HandSpec(name="blackjack", ranking=BLACKJACK, formation=ANY, all_from=("hole",))),
                           division=Shares(shares=(("high", 1), ("blackjack", 1))),
                           notes=("The blackjack hand is the player's face-down cards: the 2 first cards, and the 7th "
                                  "when it came down (a hit). A 2-card 21 beats a 3-card 21; equal totals split; if "
                                  "everyone busts, the high hand takes the whole pot [ASSUMPTION].",))


SPLITS += (
    _stud_jack("stud-jack", "Stud-Jack", "Seven-card stud; half the pot to the high hand, half to the best blackjack "
               "hand made of the face-down cards (the 7th card may be bought face up).", "variants.md §6b stud-jack",
               tags=("special-ranking", "special-split"), aliases=("studjack", "black-stud-jack", "blo-jo")),
    _stud_jack("widow-jack", "Widow Jack", "Stud-Jack with Black Mariah's rule: a face-up queen of spades voids the "
               "deal.", "variants.md §6b widow-jack", tags=("special-ranking", "special-split", "play-time-state"),
               mechanisms=(VoidIfFaceUp(cards=(Card("Qs"),)),)),
)


_GUTS_FORMS: dict[str, VariantFields] = {
    "three-card": {},
    "two-card": {"hole": Count.exactly(2), "hands": (HandSpec(name="high", ranking=GUTS2, formation=ANY),)},
    "two-card-straights-flushes": {"hole": Count.exactly(2),
                                   "hands": (HandSpec(name="high", ranking=GUTS2_STRAIGHTS_FLUSHES, formation=ANY),)},
}

#: Three-card guts: a dealer who is the only one in needs a pair or better (two-card guts: no such rule).
_GUTS = Guts(lone_dealer_needs=((GUTS3.name, "pair"),))

SPLITS += (
    holdem_game("guts", "Guts", "Each player declares in or out (send the players who stayed out as folded); the best "
                "hand among those in takes the pot and every other player in owes a match of the pot to the next one. "
                "Three-card guts ranks trips > straight flush > straight > flush > pair > high card; two-card guts "
                "pair > high card, straights and flushes optional.", "variants.md §6 guts",
                tags=("special-ranking", "special-split", "play-time-state"), hole=Count.exactly(3),
                board=BoardShape(), hands=(HandSpec(name="high", ranking=GUTS3, formation=ANY),), division=_GUTS,
                options=(OptionSpec(name="form", default="three-card", description="Three-card guts, two-card "
                                    "guts, or two-card guts with straights and flushes.", values=_GUTS_FORMS),
                         OptionSpec(name="penalty", default="match", description="Every losing player in matches "
                                    "the pot, or only the worst hand pays, double.",
                                    values={"match": {}, "worst-pays-double": {
                                        "division": replace(_GUTS, penalty="worst-pays-double")}})),
                notes=("`owes` in each pot says who owes the next pot how much; it is not part of payouts.",
                       "Three-card guts: a dealer (the last seat) who is the only one in needs a pair or better; "
                       "otherwise the pot stays (carried_over). The caps of 50x or 100x the ante are not applied.")),
)


def _double_trouble() -> Variant:
    two_and_three = Formation(picks=(
        Pick(limits={"hole": Count.exactly(2), "board": Count.exactly(3)}),
        Pick(limits={INSURED: Count.exactly(2), "board": Count.exactly(3)}),
        Pick(limits={INSURED: Count.exactly(3), "board": Count.exactly(2)}),
    ))
    return holdem_game(
        "double-trouble", "Double Trouble", "6 cards each, split by the player into two 3-card hands (left and "
        "right), each played as a separate entrant: 2 of its cards + 3 of the 5 board cards, for high and for low "
        "(LOW-A5, no qualifier), with a declaration per hand. A hand that discarded at the flop has 2 cards and uses "
        "both; an insured hand may also use all 3 of its cards with 2 board cards.", "variants.md §3 double-trouble",
        tags=_DECLARE, hole=Count.exactly(0), board=FLAT5,
        hands=high_low(two_and_three, low_qualifier=None), division=Declare(), mechanisms=(EntrantHands(),),
        notes=("Send each player's cards as hands: [left, right], each {hole, declare, folded, discarded, insured}; "
               "a player's own hole, up and declare stay empty.",
               "Each hand is an entrant named <player>:left or <player>:right in pots[].eligible and awards; a "
               "player's hands appear in his answer as left_high, left_low, right_high, right_low, and his payout "
               "is the sum of his hands' winnings. Odd chips: the first winning hand clockwise (a player's left "
               "hand before his right).",
               "[ASSUMPTION] (variants.md): the two hands of a player compete as independent entrants and may "
               "declare differently; an insured hand may use 2 or 3 of its cards; a both-way hand that ties either "
               "way loses (both_tie unstated: tie_loses, reference 2.4).",
               "Money is per player: a pot a player is eligible for is contested by his live hands."))


SPLITS += (_double_trouble(),)
