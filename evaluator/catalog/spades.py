"""Stud games whose pot is shared with the holder of a card: the highest or lowest spade in the hole (Chicago,
High-Low Chicago, Black Mariah, Faces of Death, Two Thirds) or a named card (Motown)."""

from __future__ import annotations

from evaluator.catalog.parts import stud_game
from evaluator.formation import Count, Formation, Pick
from evaluator.mechanisms.deal_checks import VoidIfFaceUp
from evaluator.mechanisms.division import Shares, TwoOfThree
from evaluator.rankings import HIGH
from evaluator.rankings.card_criteria import HIGH_SPADE, LOW_SPADE, HoldsCard
from evaluator.values.cards import Card
from evaluator.variant import HandSpec, OptionSpec, Variant

__all__ = ["SPADES"]

#: Chicago's pot: half to the best hand, half to the highest (or, Low Chicago, the lowest) spade in the hole.
_HIGH_CHICAGO = Shares(shares=(("high", 1), ("high_spade", 1)))
_LOW_CHICAGO = Shares(shares=(("high", 1), ("low_spade", 1)))

_IN_THE_HOLE = Formation(picks=(Pick(limits={"hole": Count.exactly(1)}),))
_OWN_CARD = Formation(picks=(Pick(limits={"own": Count.exactly(1)}),))
HIGH_HAND = HandSpec(name="high", ranking=HIGH, formation=Formation())
HIGHEST_SPADE = HandSpec(name="high_spade", ranking=HIGH_SPADE, formation=_IN_THE_HOLE)
LOWEST_SPADE = HandSpec(name="low_spade", ranking=LOW_SPADE, formation=_IN_THE_HOLE)
_SPLIT = ("special-split",)
_SPADE_NOTE = "Only face-down spades count (send them in hole); the ace of spades is the highest spade."

SPADES: tuple[Variant, ...] = (
    stud_game("chicago", "Chicago", "Seven-card stud; the high hand splits the pot with the highest spade in the "
              "hole; with no spade in the hole, high takes all. Low Chicago: the lowest spade instead.",
              "variants.md §7 chicago", tags=_SPLIT, hands=(HIGH_HAND, HIGHEST_SPADE),
              division=_HIGH_CHICAGO, aliases=("high-chicago",),
              options=(OptionSpec(name="spade", default="high", description="High Chicago (the highest spade in "
                                  "the hole) or Low Chicago (the lowest, the ace counting high).",
                                  values={"high": {}, "low": {"hands": (HIGH_HAND, LOWEST_SPADE),
                                                             "division": _LOW_CHICAGO}}),),
              notes=(_SPADE_NOTE, "pagat's declaration form (high hand, spade or both) is not offered.")),
    stud_game("high-low-chicago", "High-Low Chicago", "The pot in three: the best hand, the highest spade in the "
              "hole, the lowest spade in the hole; one spade holder takes both spade thirds; with no spade in the "
              "hole the best hand takes all.", "variants.md §6b high-low-chicago", tags=_SPLIT,
              hands=(HIGH_HAND, HIGHEST_SPADE, LOWEST_SPADE),
              division=Shares(shares=(("high", 1), ("high_spade", 1), ("low_spade", 1))), notes=(_SPADE_NOTE,)),
    stud_game("black-mariah", "Black Mariah", "Seven-card stud; a face-up queen of spades voids the deal; the high "
              "hand splits the pot with the highest spade in the hole.", "variants.md §7 black-mariah",
              tags=("special-split", "play-time-state"), hands=(HIGH_HAND, HIGHEST_SPADE), division=_HIGH_CHICAGO,
              mechanisms=(VoidIfFaceUp(cards=(Card("Qs"),)),), notes=(_SPADE_NOTE,)),
    stud_game("faces-of-death", "Faces of Death", "Black Mariah for 4-5 players: a spade court card dealt face up "
              "kills the deal; the high hand splits with the highest spade in the hole.",
              "variants.md §6b faces-of-death", tags=("special-split", "play-time-state"),
              seats=Count.between(4, 5), hands=(HIGH_HAND, HIGHEST_SPADE), division=_HIGH_CHICAGO,
              mechanisms=(VoidIfFaceUp(cards=(Card("Js"), Card("Qs"), Card("Ks"))),),
              notes=(_SPADE_NOTE,)),
    stud_game("two-thirds", "Two Thirds", "Seven-card stud; to win, a player needs two of: the best hand, the lowest "
              "spade in the hole, the highest spade in the hole; if nobody has two the pot rolls over.",
              "variants.md §6b two-thirds", tags=_SPLIT, hands=(HIGH_HAND, HIGHEST_SPADE, LOWEST_SPADE),
              division=TwoOfThree(parts=("high", "low_spade", "high_spade")),
              notes=(_SPADE_NOTE, "A lone face-down spade is both the highest and the lowest; players tied for "
                     "the best hand each count as having it.")),
    stud_game("motown", "Motown", "Seven-card stud; the holder of the jack of spades gets a quarter, the holder of "
              "the five of spades a quarter, the high hand the rest; one player holding both (Motown) takes the "
              "whole pot; a card nobody holds leaves its quarter to the high hand.", "variants.md §6b motown",
              tags=_SPLIT, division=Shares(whole_pot_if_one_wins=("jack_of_spades", "five_of_spades"),
                                          shares=(("high", 2), ("jack_of_spades", 1), ("five_of_spades", 1))),
              hands=(HIGH_HAND, HandSpec(name="jack_of_spades", ranking=HoldsCard(Card("Js")), formation=_OWN_CARD),
                     HandSpec(name="five_of_spades", ranking=HoldsCard(Card("5s")), formation=_OWN_CARD)),
              notes=("The cards count face up or down, for players in the showdown only; the high hand's ties share "
                     "the high portion [ASSUMPTION].",)),
)
