"""``POST /v1/hand-histories/settle``: a hand (or a ``.phhs`` series of hands) in PHH, replayed by
:mod:`service.histories` into the showdown request it ends in, and that request adjudicated as ``POST
/v1/showdowns`` would."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from flask import Response, current_app, request
from marshmallow import Schema, ValidationError, fields

from evaluator import MAX_BATCH, DeadlineExceeded, Problem, ShowdownError, adjudicate, showdown_cost
from service.api import SERVICE_UNAVAILABLE, Blueprint
from service.body import read_body
from service.budget import deadline_seconds, request_budget
from service.encoding import json_answer, showdown_body
from service.errors import RequestInvalid, decode_json, showdown_problem, validation_problem
from service.histories import HistoryInvalid, Settlement, histories_in, history_in, settlement_of
from service.schemas import ShowdownCall, ShowdownRequestSchema, ShowdownResponseSchema
from service.views.showdowns import showdown_answer

__all__ = ["blp"]

blp = Blueprint("histories", __name__, description="Settle hands straight from their PHH hand histories.")

_EXAMPLE: Final = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
players = ['ann', 'bob', 'cy']
actions = ['d dh p1 AhKh', 'd dh p2 QsQd', 'd dh p3 7c2d', 'p3 f', 'p1 cbr 6', 'p2 cc', 'd db Kc9h4s',
  'p1 cbr 8', 'p2 cc', 'd db 2h', 'p1 cc', 'p2 cc', 'd db Th', 'p1 cc', 'p2 cc', 'p1 sm AhKh', 'p2 sm QsQd']
"""


_SHOWDOWN: Final = ShowdownRequestSchema()


class SettledHistorySchema(ShowdownResponseSchema):
    class Meta:
        description = ("The settled hand: the showdown answer of `POST /v1/showdowns` to the request the history "
                       "comes to, with that request and the chip unit every amount in it counts.")

    request = fields.Dict(required=True, metadata={
        "description": "The showdown request the history comes to (a body for `POST /v1/showdowns`): the players "
                       "in seat order from the button's left (PHH's p1 first), who folded, the cards shown, each "
                       "player's chips in as `contributions` (blinds, straddles, bets, antes the history trims) and "
                       "the other antes as `dead`, every amount in `chip_unit`s."})
    chip_unit = fields.String(required=True, metadata={
        "description": "What one chip of the answer is worth in the history's amounts: its smallest decimal unit "
                       "(`0.01` for a history with amounts such as `2.50`, `1` for whole amounts)."})


class HistoryBodySchema(Schema):
    history = fields.String(required=True, metadata={"description": "The PHH text (TOML), one hand or a .phhs "
                                                                    "series of hands."})


def _text() -> str:
    data = read_body(request)
    if request.mimetype == "application/json":
        body = decode_json(data)
        if not isinstance(body, Mapping) or not isinstance(body.get("history"), str) or len(body) != 1:
            raise RequestInvalid({"history": ['a JSON body is {"history": "<PHH text>"}']}, None)
        return str(body["history"])
    try:
        return data.decode()
    except UnicodeDecodeError:
        raise HistoryInvalid([Problem(pointer="", code="not-utf8", detail="a history is UTF-8 text")]) from None


def _is_series(fields_: Mapping[str, Any]) -> bool:
    return bool(fields_) and all(isinstance(value, dict) for value in fields_.values())


def _call(settlement: Settlement) -> ShowdownCall:
    if settlement.unknown:
        raise HistoryInvalid([Problem(pointer="/actions", code="unknown-cards", detail=(
            f"the history does not show the cards of {', '.join(settlement.unknown)}, still in at the showdown; "
            "the hand cannot be settled without them"))])
    call: ShowdownCall = _SHOWDOWN.load(settlement.request)  # (a ValidationError is the schema's 422)
    return call


def _body(settlement: Settlement, answer: dict[str, Any]) -> dict[str, Any]:
    return {**answer, "request": settlement.request, "chip_unit": str(settlement.chip_unit)}


def _settled(history: Mapping[str, Any], seconds: float) -> dict[str, Any]:
    settlement = settlement_of(history)
    return _body(settlement, showdown_answer(_call(settlement), seconds))


def _each(text: str) -> dict[str, list[dict[str, Any]]]:
    """Every hand of a series: replayed and costed first (the series within one work budget), then adjudicated."""
    hands = histories_in(text)
    if len(hands) > MAX_BATCH:
        raise HistoryInvalid([Problem(pointer="", code="over-limit",
                                      detail=f"a series settles at most {MAX_BATCH} hands; this has {len(hands)}")])
    results: list[dict[str, Any]] = []
    ready: list[tuple[int, Settlement, ShowdownCall]] = []
    for index, (_name, history) in enumerate(hands):
        try:
            settlement = settlement_of(history)
            ready.append((index, settlement, _call(settlement)))
            results.append({})
        except ShowdownError as exc:
            results.append({"index": index, "status": 422, "problem": showdown_problem(exc).body()})
        except ValidationError as exc:
            results.append({"index": index, "status": 422,
                            "problem": validation_problem(exc.messages, _SHOWDOWN).body()})
    with request_budget(sum(showdown_cost(call.variant, call.deal, call.options) for _, _, call in ready)):
        for index, settlement, call in ready:
            try:
                answer = showdown_body(adjudicate(call.variant, call.deal, call.options))
                results[index] = {"index": index, "status": 200, "result": _body(settlement, answer)}
            except DeadlineExceeded:
                raise  # the whole series is abandoned: 503
            except ShowdownError as exc:
                results[index] = {"index": index, "status": 422, "problem": showdown_problem(exc).body()}
    return {"results": results}


@blp.route("/v1/hand-histories/settle", methods=["POST"])
@blp.response(200, SettledHistorySchema)
@blp.alt_response(503, response=SERVICE_UNAVAILABLE[0])
# (The body may also be the TOML text itself, `application/toml`, as the description says: the document lists only
# the JSON form, since openapi-python-client cannot generate an operation of two body types.)
@blp.doc(operationId="settleHandHistory", requestBody={"required": True, "content": {
    "application/json": {"schema": HistoryBodySchema, "example": {"history": _EXAMPLE}}}})
def settle_history() -> Response:
    """Settle a hand from its PHH history

    The body is one hand in PHH (the Poker Hand History format, TOML), as `application/toml` or as JSON
    `{"history": "..."}`. The service replays its actions, checking each in turn, and adjudicates the showdown
    they come to. A `.phhs` body (hands as tables `[1]`, `[2]`, ...) settles each hand, within one work budget,
    and answers `{"results": [...]}` as `POST /v1/showdowns/batch` does, each entry's `result` a settled hand.
    A history that cannot be read or replayed (an action out of turn, a card dealt twice, an action after the end,
    a variant this service does not replay, cards not shown at a showdown that needs them) is a 422 whose
    pointers name the field or the action (`/actions/7`).
    """
    text = _text()
    fields_ = history_in(text)
    if _is_series(fields_):
        return json_answer(_each(text))
    return json_answer(_settled(fields_, deadline_seconds(current_app.config)))
