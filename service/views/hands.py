"""``POST /v1/hands/evaluate``."""

from __future__ import annotations

from evaluator import HandEvaluation, evaluate_hand
from service.api import Blueprint
from service.examples import evaluate_example
from service.schemas import EvaluateCall, EvaluateRequestSchema, HandEvaluationSchema

__all__ = ["blp"]

blp = Blueprint("hands", __name__, description="Evaluate one player's cards.")
_REQUEST, _ANSWER = evaluate_example()


@blp.route("/v1/hands/evaluate", methods=["POST"])
@blp.arguments(EvaluateRequestSchema(), example=_REQUEST)
@blp.response(200, HandEvaluationSchema, example=_ANSWER)
@blp.doc(operationId="evaluateHand")
def evaluate(call: EvaluateCall) -> HandEvaluation:
    """Evaluate one player's hand

    The best hand of each kind the variant scores, with the cards used; with `list_combinations`, every legal
    combination too, best first.
    """
    return evaluate_hand(call.variant, hole=call.hole, up=call.up, board=call.board, options=call.options,
                         list_combinations=call.list_combinations)
