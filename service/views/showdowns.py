"""``POST /v1/showdowns`` and ``POST /v1/showdowns/batch``."""

from __future__ import annotations

from flask import Response, jsonify

from evaluator import MAX_BATCH, adjudicate
from evaluator.cost import showdown_cost
from service.api import SERVICE_UNAVAILABLE, Blueprint
from service.batch import BatchItem, adjudicate_each
from service.budget import request_budget
from service.encoding import showdown_body
from service.examples import showdown_example
from service.schemas import (
    BatchRequest,
    BatchRequestSchema,
    BatchResponseSchema,
    ShowdownCall,
    ShowdownRequestSchema,
    ShowdownResponseSchema,
)

__all__ = ["blp"]

blp = Blueprint("showdowns", __name__, description="Adjudicate showdowns: best hands, cards used, pots "
                      "divided to the chip.")
_REQUEST, _ANSWER = showdown_example()


@blp.route("/v1/showdowns", methods=["POST"])
@blp.arguments(ShowdownRequestSchema(), example=_REQUEST)
@blp.response(200, ShowdownResponseSchema, example=_ANSWER)
@blp.alt_response(503, response=SERVICE_UNAVAILABLE[0])
@blp.doc(operationId="adjudicateShowdown")
def adjudicate_showdown(call: ShowdownCall) -> Response:
    """Adjudicate one showdown

    Every player's best hand(s), the exact cards used, and every pot divided among its winners, odd chips
    included. A request that breaks the schema or a rule of the variant is a 422 listing every problem.
    """
    with request_budget(showdown_cost(call.variant, call.deal, call.options)):
        return jsonify(showdown_body(adjudicate(call.variant, call.deal, call.options)))


@blp.route("/v1/showdowns/batch", methods=["POST"])
@blp.arguments(BatchRequestSchema(), example={"showdowns": [_REQUEST]})
@blp.response(200, BatchResponseSchema)
@blp.alt_response(503, response=SERVICE_UNAVAILABLE[0])
@blp.doc(summary=f"Adjudicate up to {MAX_BATCH} showdowns", description=(
    "Each item is validated and adjudicated independently and answered in order: a result (status 200) or "
    "the problem `POST /v1/showdowns` would answer (status 422), with pointers relative to the item. Only a "
    f"batch that is itself malformed or over the limit ({MAX_BATCH} items) fails as a whole."))
@blp.doc(operationId="adjudicateShowdownBatch")
def adjudicate_batch(batch: BatchRequest) -> dict[str, list[BatchItem]]:
    return adjudicate_each(batch.showdowns)
