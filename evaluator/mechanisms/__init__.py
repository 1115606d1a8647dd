"""The mechanisms a variant is composed from besides its cards and hands: pot divisions and the rules of a few
games at showdown, each a frozen record of plain data overriding the hooks of :class:`Mechanism`
(:mod:`evaluator.mechanisms.base`). Nothing here imports the engine or the variant record."""

from evaluator.mechanisms.base import DealCheck, Mechanism, PotTable, Rules, Table
from evaluator.mechanisms.breaker import Breaker
from evaluator.mechanisms.claims import DECLARED, ClaimedHands
from evaluator.mechanisms.deal_checks import BoardOfSixIfTwoOfSuit, ExtraCardFor, ExtraUpFor, VoidIfFaceUp
from evaluator.mechanisms.deal_rules import DiscardHigher, HeldCardOfFirstUpSuit, KillRanks, SuitOfPosition
from evaluator.mechanisms.division import (
    BeatTheBoot,
    Declare,
    Division,
    Guts,
    High,
    HighLow,
    Shares,
    TwoOfThree,
)
from evaluator.mechanisms.entrants import EntrantHands
from evaluator.mechanisms.hand_rules import NoQualifiersAbove, OutIfFaceUp
from evaluator.mechanisms.phantom_ship import PhantomShip

#: Every mechanism record by its kind (a rules document's key for it): the divisions, then the other rules.
KINDS: dict[str, type[Mechanism]] = {record.kind: record for record in (
    High, HighLow, Declare, Shares, TwoOfThree, BeatTheBoot, Guts, Breaker, ClaimedHands,
    KillRanks, DiscardHigher, HeldCardOfFirstUpSuit, SuitOfPosition, VoidIfFaceUp, ExtraCardFor, ExtraUpFor,
    BoardOfSixIfTwoOfSuit, OutIfFaceUp, NoQualifiersAbove, EntrantHands, PhantomShip)}

__all__ = [
    "DECLARED",
    "KINDS",
    "BeatTheBoot",
    "BoardOfSixIfTwoOfSuit",
    "Breaker",
    "ClaimedHands",
    "DealCheck",
    "Declare",
    "DiscardHigher",
    "Division",
    "EntrantHands",
    "ExtraCardFor",
    "ExtraUpFor",
    "Guts",
    "HeldCardOfFirstUpSuit",
    "High",
    "HighLow",
    "KillRanks",
    "Mechanism",
    "NoQualifiersAbove",
    "OutIfFaceUp",
    "PhantomShip",
    "PotTable",
    "Rules",
    "Shares",
    "SuitOfPosition",
    "Table",
    "TwoOfThree",
    "VoidIfFaceUp",
]
