"""Showdown's evaluator: the pure poker library behind the adjudication service (no Flask, no I/O).

Cards and decks, rankings, hand formation, pot division, and the variant catalog composed from them::

    >>> from evaluator import Deal, Seat, adjudicate, parse_cards, variant_named
    >>> deal = Deal(seats=(Seat(id="ann", hole=parse_cards("AhAd")), Seat(id="bob", hole=parse_cards("KcKd"))),
    ...             board=parse_cards("2c 7d 9h Js 3s"), pot=200)
    >>> adjudicate(variant_named("texas-holdem"), deal).payouts
    {'ann': 200, 'bob': 0}
"""

from evaluator.catalog import all_variants, variant_named
from evaluator.documents.describe import describe_variant, variant_summary
from evaluator.documents.examples import example_request
from evaluator.engine.answer import ShowdownResult
from evaluator.engine.hand_evaluation import HandEvaluation, evaluate_hand
from evaluator.engine.showdown import adjudicate
from evaluator.results import PlayedHand, PlayerResult, PotResult
from evaluator.values.cards import Card, format_cards, parse_card, parse_cards
from evaluator.values.deal import Deal, Seat
from evaluator.values.errors import (
    CardSyntaxError,
    ComplexityLimitError,
    InvalidShowdown,
    Problem,
    ShowdownError,
    UnknownVariantError,
)
from evaluator.values.limits import MAX_BATCH, MAX_COMBINATIONS_PER_REQUEST, MAX_PLAYERS
from evaluator.values.pots import OddChip, Pot, Share
from evaluator.variant import Variant

__all__ = [
    "MAX_BATCH",
    "MAX_COMBINATIONS_PER_REQUEST",
    "MAX_PLAYERS",
    "Card",
    "CardSyntaxError",
    "ComplexityLimitError",
    "Deal",
    "HandEvaluation",
    "InvalidShowdown",
    "OddChip",
    "PlayedHand",
    "PlayerResult",
    "Pot",
    "PotResult",
    "Problem",
    "Seat",
    "Share",
    "ShowdownError",
    "ShowdownResult",
    "UnknownVariantError",
    "Variant",
    "adjudicate",
    "all_variants",
    "describe_variant",
    "evaluate_hand",
    "example_request",
    "format_cards",
    "parse_card",
    "parse_cards",
    "variant_named",
    "variant_summary",
]
