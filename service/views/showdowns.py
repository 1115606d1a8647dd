"""``POST /v1/showdowns`` and ``POST /v1/showdowns/batch``."""

from __future__ import annotations

from typing import Any, Final

import orjson
from flask import Request, Response, current_app, request
from webargs.flaskparser import is_json_request

from evaluator import MAX_BATCH, ShowdownError, adjudicate, plain_cost, showdown_cost
from service.api import SERVICE_UNAVAILABLE, Blueprint
from service.batch import BatchItem, adjudicate_each
from service.body import read_body
from service.budget import budget_within, deadline_seconds
from service.encoding import json_answer, showdown_body
from service.examples import showdown_example
from service.schemas import (
    BatchRequest,
    BatchRequestSchema,
    BatchResponseSchema,
    ShowdownCall,
    ShowdownRequestSchema,
    ShowdownResponseSchema,
)
from service.schemas.fast_showdown import fast_showdown_call

__all__ = ["VERDICT", "blp", "showdown_answer"]

blp = Blueprint("showdowns", __name__, description="Adjudicate showdowns: best hands, cards used, pots "
                      "divided to the chip.")
_REQUEST, _ANSWER = showdown_example()


_SHOWDOWN: Final = ShowdownRequestSchema()
_JSON: Final = "application/json"
#: The WSGI environ's key of the library's verdict on this request's showdown (a :class:`evaluator.ShowdownError`: a
#: poker rule broken, over the budget, past the deadline) when the raw route (:mod:`service.raw_showdown`) reached it
#: before handing the request to Flask: Flask answers it without adjudicating the same call again.
VERDICT: Final = "showdown.verdict"


@blp.route("/v1/showdowns", methods=["POST"])
@blp.arguments(_SHOWDOWN, example=_REQUEST)
@blp.response(200, ShowdownResponseSchema, example=_ANSWER)
@blp.alt_response(503, response=SERVICE_UNAVAILABLE[0])
@blp.doc(operationId="adjudicateShowdown")
def adjudicate_showdown(call: ShowdownCall) -> Response:
    """Adjudicate one showdown

    Every player's best hand(s), the exact cards used, and every pot divided among its winners, odd chips
    included. A request that breaks the schema or a rule of the variant is a 422 listing every problem.
    """
    return _answer(call)


@blp.serves(adjudicate_showdown)
def serve_showdown() -> Response:
    """What ``POST /v1/showdowns`` runs: the documented view above, without its decorators' layers. A body the fast
    reader vouches for is adjudicated at once; any other request (not JSON, not ``application/json``, or a body the
    reader is not sure of) is read by the same parser and schema as the documented view, which answer its 4xx.

    (Most requests never reach it: the raw route, :mod:`service.raw_showdown`, answers the bodies the fast reader
    vouches for in front of Flask. It hands the others here, and with them any verdict it met: :data:`VERDICT`.)"""
    call = _showdown_call()
    verdict: ShowdownError | None = request.environ.get(VERDICT)
    if verdict is not None:
        raise verdict
    return _answer(call)


def _showdown_call() -> ShowdownCall:
    current: Request = request._get_current_object()  # type: ignore[attr-defined]  # (the proxy costs per access)
    # (the usual Content-Type, exactly, is JSON without Werkzeug parsing it; any other goes to webargs' test)
    if current.environ.get("CONTENT_TYPE") == _JSON or is_json_request(current):
        try:
            call = fast_showdown_call(orjson.loads(read_body(current)))
        except orjson.JSONDecodeError:  # the standard decoder says why (or accepts what orjson does not)
            call = None
        if call is not None:
            return call
    found: ShowdownCall = Blueprint.ARGUMENTS_PARSER.parse(_SHOWDOWN, request, location="json")
    return found


def showdown_answer(call: ShowdownCall, seconds: float) -> dict[str, Any]:
    """The answer's body to ``call``, adjudicated within the work budget and a deadline ``seconds`` away (also what
    the raw route answers)."""
    cost = plain_cost(call.variant, call.deal, call.options)  # a plain game's, by arithmetic
    if cost is None:
        cost = showdown_cost(call.variant, call.deal, call.options)
    with budget_within(cost, seconds):
        return showdown_body(adjudicate(call.variant, call.deal, call.options))


def _answer(call: ShowdownCall) -> Response:
    return json_answer(showdown_answer(call, deadline_seconds(current_app.config)))


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
