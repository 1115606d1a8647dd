"""The showdown answer as JSON, encoded directly from the library's result (the hot path).

``ShowdownResponseSchema`` remains the documented contract; this encoder produces exactly what that schema dumps
(``tests/service/test_encoding.py`` checks them against each other on every catalog example and golden case), at a
fraction of marshmallow's cost per request. :func:`json_answer` writes it with orjson, or with the app's standard
JSON encoder for what orjson does not write (an integer past 64 bits, a string with a lone surrogate).
"""

from __future__ import annotations

from typing import Any, Final

import orjson
from flask import Response, current_app

from evaluator import RANKS, Card, PlayedHand, PotResult, ShowdownResult

__all__ = ["hand_body", "json_answer", "showdown_body"]

_JSON: Final = "application/json"


class _CardNames(dict[Card, str]):
    """Each card's text (``str(card)``), kept once spelt: a dictionary lookup per card on the hot path."""

    def __missing__(self, card: Card) -> str:
        self[card] = text = str(card)
        return text


_NAMES: Final = _CardNames()


def json_answer(body: Any, status: int = 200) -> Response:
    """``body`` as an ``application/json`` answer, ending in a newline as Flask's ``jsonify`` does: orjson's compact
    UTF-8, or, where orjson refuses the value (an integer past 64 bits, a lone surrogate in a client's text, a
    mapping key that is not a string), the app's own encoder, which writes any of them."""
    try:
        data = orjson.dumps(body, option=orjson.OPT_APPEND_NEWLINE)
    except orjson.JSONEncodeError:
        data = (current_app.json.dumps(body, separators=(",", ":")) + "\n").encode()
    return current_app.response_class(data, status=status, mimetype=_JSON)


def hand_body(hand: PlayedHand) -> dict[str, Any]:
    names = _NAMES
    return {
        "category": hand.category,
        "description": hand.description,
        "cards": [names[c] for c in hand.cards],
        "hole": [names[c] for c in hand.hole],
        "up": [names[c] for c in hand.up],
        "board": {name: names[c] for name, c in hand.board} if hand.layout else [names[c] for _, c in hand.board],
        "board_group": hand.group,
        "wilds": [{"card": names[w], "as": names[a]} for w, a in hand.wilds],
        "qualifies": hand.qualifies,
        "reason": hand.reason,
        "strength": list(hand.strength),
    }


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
        "players": [{"id": p.id, "folded": p.folded, "hands": {name: hand_body(h) for name, h in p.hands.items()}}
                    for p in result.players],
        "pots": [_pot_body(pot) for pot in result.pots],
        "payouts": dict(result.payouts),
    }
    if result.returned:
        body["returned"] = dict(result.returned)
    if result.runs:
        body["runs"] = [{
            "board": {n: str(c) for n, c in run.whole_board.items()} if isinstance(run.whole_board, dict)
            else [str(c) for c in run.whole_board],
            "players": [{"id": p.id, "folded": p.folded, "hands": {name: hand_body(h) for name, h in p.hands.items()}}
                        for p in run.players],
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
