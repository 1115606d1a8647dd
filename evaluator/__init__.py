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
from evaluator.engine.cost import evaluation_cost, showdown_cost
from evaluator.engine.equity import (
    DEFAULT_SAMPLES,
    MAX_EQUITY_WORK,
    Z95,
    Equities,
    Method,
    Spot,
    equity_summary,
    plan_equities,
    run_plan,
)
from evaluator.engine.equity import warm_up as warm_up_equities
from evaluator.engine.hand_evaluation import DEFAULT_PAGE, MAX_PAGE, HandEvaluation, evaluate_hand
from evaluator.engine.plain_showdown import plain_cost
from evaluator.engine.runs import MAX_RUNS, MIN_RUNS, first_run
from evaluator.engine.showdown import adjudicate
from evaluator.engine.summary import winning_hand
from evaluator.engine.variant_checks import problems_in_variant
from evaluator.results import PlayedHand, PlayerResult, PotResult
from evaluator.results.wording import plain
from evaluator.values.budget import (
    DEADLINE_SECONDS,
    GUARD_FACTOR,
    MAX_WORK_PER_REQUEST,
    DeadlineExceeded,
    over_budget,
    work_budget,
)
from evaluator.values.cards import RANKS, SUITS, Card, format_cards, parse_card, parse_cards
from evaluator.values.deal import Deal, PlayerHand, Seat
from evaluator.values.errors import (
    CardSyntaxError,
    ComplexityLimitError,
    InvalidShowdown,
    Problem,
    ShowdownError,
    UnknownVariantError,
    json_pointer,
)
from evaluator.values.limits import MAX_BATCH, MAX_COMBINATIONS_PER_REQUEST, MAX_HANDS_PER_PLAYER, MAX_PLAYERS
from evaluator.values.pots import OddChip, Pot, Share
from evaluator.variant import Variant

__all__ = [
    "DEADLINE_SECONDS",
    "DEFAULT_PAGE",
    "DEFAULT_SAMPLES",
    "GUARD_FACTOR",
    "MAX_BATCH",
    "MAX_COMBINATIONS_PER_REQUEST",
    "MAX_EQUITY_WORK",
    "MAX_HANDS_PER_PLAYER",
    "MAX_PAGE",
    "MAX_PLAYERS",
    "MAX_RUNS",
    "MAX_WORK_PER_REQUEST",
    "MIN_RUNS",
    "RANKS",
    "SUITS",
    "Z95",
    "Card",
    "CardSyntaxError",
    "ComplexityLimitError",
    "DeadlineExceeded",
    "Deal",
    "Equities",
    "HandEvaluation",
    "InvalidShowdown",
    "Method",
    "OddChip",
    "PlayedHand",
    "PlayerHand",
    "PlayerResult",
    "Pot",
    "PotResult",
    "Problem",
    "Seat",
    "Share",
    "ShowdownError",
    "ShowdownResult",
    "Spot",
    "UnknownVariantError",
    "Variant",
    "adjudicate",
    "all_variants",
    "describe_variant",
    "equity_summary",
    "evaluate_hand",
    "evaluation_cost",
    "example_request",
    "first_run",
    "format_cards",
    "json_pointer",
    "over_budget",
    "parse_card",
    "parse_cards",
    "plain",
    "plain_cost",
    "plan_equities",
    "problems_in_variant",
    "run_plan",
    "showdown_cost",
    "variant_named",
    "variant_summary",
    "warm_up_equities",
    "winning_hand",
    "work_budget",
]
