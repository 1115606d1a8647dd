"""The showdown answer as JSON, encoded directly from the library's result (the hot path).

``ShowdownResponseSchema`` remains the documented contract; this encoder produces exactly what that schema dumps
(``tests/service/test_encoding.py`` checks them against each other on every catalog example and golden case), at a
fraction of marshmallow's cost per request. :func:`json_answer` writes it with orjson, or with the app's standard
JSON encoder for what orjson does not write (an integer past 64 bits, a string with a lone surrogate).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Any, Final

import orjson
from flask import Response, current_app
from flask.json.provider import JSONProvider
from werkzeug.datastructures import Headers

from evaluator import RANKS, Card, PlayedHand, PlayerResult, PotResult, ShowdownResult

__all__ = ["JsonAnswer", "hand_body", "json_answer", "json_data", "showdown_body"]

_JSON: Final = "application/json"


class _CardNames(dict[Card, str]):
    """Each card's text (``str(card)``), kept once spelt: a dictionary lookup per card on the hot path."""

    def __missing__(self, card: Card) -> str:
        self[card] = text = str(card)
        return text


_NAMES: Final = _CardNames()
_NAME: Final = _NAMES.__getitem__  # (``map`` calls it directly; a card not yet spelt goes through ``__missing__``)
_CARD: Final = itemgetter(1)  # the card of a (position, card) pair


class JsonAnswer(Response):
    """A ``200 OK`` ``application/json`` answer of ready bytes, built directly: the object ``Response(data,
    mimetype="application/json")`` builds (the same status, the same headers in the same order, the same body), without
    parsing the status and the media type and checking each header again (about 2 µs a request).
    ``tests/service/test_encoding.py`` checks that the two are still built alike."""

    def __init__(self, data: bytes) -> None:  # (Response.__init__ is what this stands in for)
        headers = self.headers = Headers()
        headers._list = [("Content-Type", _JSON), ("Content-Length", str(len(data)))]
        self._status_code = 200
        self._status = "200 OK"
        self.direct_passthrough = False
        self._on_close = []
        self.response = [data]


def json_data(body: Any, fallback: JSONProvider) -> bytes:
    """``body`` as JSON, ending in a newline as Flask's ``jsonify`` does: orjson's compact UTF-8, or, where orjson
    refuses the value (an integer past 64 bits, a lone surrogate in a client's text, a mapping key that is not a
    string), the ``fallback`` encoder's (the app's own, which writes any of them)."""
    try:
        return orjson.dumps(body, option=orjson.OPT_APPEND_NEWLINE)
    except orjson.JSONEncodeError:
        return (fallback.dumps(body, separators=(",", ":")) + "\n").encode()


def json_answer(body: Any, status: int = 200) -> Response:
    """``body`` as an ``application/json`` answer of the current app (:func:`json_data`)."""
    data = json_data(body, current_app.json)
    if status == 200 and current_app.response_class is Response:
        return JsonAnswer(data)
    return current_app.response_class(data, status=status, mimetype=_JSON)


def hand_body(hand: PlayedHand) -> dict[str, Any]:
    name = _NAME
    board = hand.board
    return {
        "category": hand.category,
        "description": hand.description,
        "cards": [*map(name, hand.cards)],
        "hole": [*map(name, hand.hole)],
        "up": [*map(name, hand.up)] if hand.up else [],
        "board": {position: name(c) for position, c in board} if hand.layout else [*map(name, map(_CARD, board))],
        "board_group": hand.group,
        "wilds": [{"card": name(w), "as": name(a)} for w, a in hand.wilds] if hand.wilds else [],
        "qualifies": hand.qualifies,
        "reason": hand.reason,
        "strength": [*hand.strength],
    }


def _players_body(players: Sequence[PlayerResult]) -> list[dict[str, Any]]:
    return [{"id": p.id, "folded": p.folded, "hands": {name: hand_body(h) for name, h in p.hands.items()}}
            for p in players]


def _pot_body(pot: PotResult) -> dict[str, Any]:
    body = {
        "amount": pot.amount,
        "eligible": list(pot.eligible),
        "awards": [{
            "share": share.name,
            "amount": share.amount,
            "winners": list(share.winners),
            "payouts": dict(share.paid),
            "odd_chips": [{"player": o.player, "chips": o.chips, "reason": o.reason} for o in share.odd_chips],
            "note": share.note,
        } for share in pot.shares],
        "carried_over": pot.carried_over,
        "owes": dict(pot.owes),
    }
    if pot.breaker is not None:
        body["breaker"] = {"played_by": list(pot.breaker.played_by), "broken": list(pot.breaker.broken),
                           "dead": list(pot.breaker.dead)}
    return body


def showdown_body(result: ShowdownResult) -> dict[str, Any]:
    body: dict[str, Any] = {
        "variant": result.variant.id,
        "options": dict(result.options),
        "players": _players_body(result.players),
        "pots": [_pot_body(pot) for pot in result.pots],
        "payouts": dict(result.payouts),
    }
    if result.returned:
        body["returned"] = dict(result.returned)
    if result.runs:
        body["runs"] = [{
            "board": {n: str(c) for n, c in run.whole_board.items()} if isinstance(run.whole_board, dict)
            else [str(c) for c in run.whole_board],
            "players": _players_body(run.players),
            "pots": [_pot_body(pot) for pot in run.pots],
            "payouts": dict(run.payouts),
            "summary": run.summary,
        } for run in result.runs]
    body["summary"] = result.summary
    body["wild"] = None if result.wild is None else {
        "ranks": [RANKS[r] for r in result.wild.ranks],
        "cards": {player: [str(c) for c in cards] for player, cards in result.wild.cards},
        "reasons": list(result.wild.reasons),
    }
    return body
