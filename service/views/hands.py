"""``POST /v1/hands/evaluate``."""

from __future__ import annotations

from evaluator import HandEvaluation, evaluate_hand, evaluation_cost
from service.api import SERVICE_UNAVAILABLE, Blueprint
from service.budget import request_budget
from service.examples import evaluate_example
from service.schemas import EvaluateCall, EvaluateRequestSchema, HandEvaluationSchema

__all__ = ["blp"]

blp = Blueprint("hands", __name__, description="Evaluate one player's cards.")
_REQUEST, _ANSWER = evaluate_example()


@blp.route("/v1/hands/evaluate", methods=["POST"])
@blp.arguments(EvaluateRequestSchema(), example=_REQUEST)
@blp.response(200, HandEvaluationSchema, example=_ANSWER)
@blp.alt_response(503, response=SERVICE_UNAVAILABLE[0])
@blp.doc(operationId="evaluateHand")
def evaluate(call: EvaluateCall) -> HandEvaluation:
    """Evaluate one player's hand

    The best hand of each kind the variant scores, with the cards used; with `list_combinations`, every legal
    combination too, best first.
    """
    rows = call.limit if call.list_combinations else 0
    with request_budget(evaluation_cost(call.variant, call.hole, call.up, call.board, call.options, rows=rows)):
        return evaluate_hand(call.variant, hole=call.hole, up=call.up, board=call.board, options=call.options,
                             list_combinations=call.list_combinations, offset=call.offset, limit=call.limit)
