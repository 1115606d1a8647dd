"""The vocabulary a variant is written in: every record class and registry a :class:`~evaluator.variant.Variant` is
composed of, from the layers that define them. A reader or writer of variants as data (the service's ``rules``
codec) imports them from here, never from the layers themselves; ``evaluator`` is the rest of the public surface.
"""

from evaluator.catalog import CATALOG
from evaluator.formation import UNBOUNDED, BoardGroup, Count, Formation, Pick
from evaluator.formation.layout import Layout, Position
from evaluator.formation.live_groups import GroupsByCard, LiveGroups, TriggerWindow
from evaluator.hands.spec import HandSpec
from evaluator.mechanisms import KINDS, Division, Mechanism
from evaluator.rankings import RANKINGS, HighQualifier, LowQualifier, Qualifier, Ranking
from evaluator.rankings.special import SPECIAL_RANKINGS
from evaluator.values.decks import DECKS, Deck
from evaluator.variant import BoardShape, OptionSpec, TableCards, Variant
from evaluator.wilds.play import WildPlay
from evaluator.wilds.rules import (
    CumulativeFollow,
    DesignatorRank,
    EventCardRank,
    EventRanks,
    FixedRanks,
    FollowTheQueen,
    GroupPositionRank,
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
    WildRule,
)
from evaluator.wilds.sets import WildSets

__all__ = [
    "CATALOG",
    "DECKS",
    "KINDS",
    "RANKINGS",
    "SPECIAL_RANKINGS",
    "UNBOUNDED",
    "BoardGroup",
    "BoardShape",
    "Count",
    "CumulativeFollow",
    "Deck",
    "DesignatorRank",
    "Division",
    "EventCardRank",
    "EventRanks",
    "FixedRanks",
    "FollowTheQueen",
    "Formation",
    "GroupPositionRank",
    "GroupsByCard",
    "HandSpec",
    "HighQualifier",
    "HighestOddHoleRank",
    "Jokers",
    "LastDealtRank",
    "Layout",
    "LiveGroups",
    "LowQualifier",
    "LowestHoleRank",
    "MatchedDownUpRanks",
    "Mechanism",
    "OptionSpec",
    "PersonalRank",
    "Pick",
    "Position",
    "PositionCard",
    "Qualifier",
    "QueensAndKings",
    "Ranking",
    "SpecificCards",
    "SuitOfFirstUp",
    "TableCards",
    "TriggerWindow",
    "Variant",
    "WildPlay",
    "WildRule",
    "WildSets",
]
