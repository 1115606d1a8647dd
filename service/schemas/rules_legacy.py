"""The first ``rules`` shape of the contract (``deck.id``, ``cards``, ``board.kind``,
``pot_division``, ``odd_chips``, formation picks as objects of counts), translated to the record's own shape so
that clients written for it keep working. Like the old reader, it reads the keys that shape defined and ignores
the document's prose (``ranking_description``, ``text``, ``label``, ``work``...).

Problems are reported at the translated document's places (``/rules/deck`` rather than ``/rules/deck/id``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from marshmallow import ValidationError

from service.schemas.fields import Coded

__all__ = ["is_legacy", "translated"]

#: Keys only the old shape has.
_MARKERS: Final = ("cards", "pot_division", "odd_chips")
#: What the old document described in words only, which it cannot send back.
_DESCRIBED: Final = ("wild_cards", "events", "options")


def is_legacy(rules: Mapping[str, Any]) -> bool:
    board = rules.get("board")
    return (any(key in rules for key in _MARKERS) or isinstance(rules.get("deck"), dict)
            or (isinstance(board, dict) and "kind" in board))


def _inner(value: object, key: str, default: object = None) -> Any:
    """``value[key]`` when value is an object; the value itself otherwise (the codec then says what is wrong)."""
    return value.get(key, default) if isinstance(value, dict) else value


def _positions(value: object) -> object:
    if not isinstance(value, list):
        return value
    return [{"x": i, "y": 0, **p} if isinstance(p, dict) else p for i, p in enumerate(value)]


def _board(board: object) -> object:
    if not isinstance(board, dict):
        return board
    if board.get("kind") == "layout":
        layout = {"positions": _positions(board.get("positions")), "groups": board.get("groups", []),
                  "description": board.get("description", "client-defined layout")}
        return {"layout": layout}
    if board.get("kind") in (None, "flat"):
        return {"count": board.get("count", {"min": 0, "max": 0})}
    raise ValidationError({"board": {"kind": [Coded("choice", "expected flat or layout")]}})


def _formation(formation: object) -> object:
    if not isinstance(formation, dict):
        return formation
    picks = formation.get("picks", [{}])
    return {"picks": [{"limits": p} for p in picks] if isinstance(picks, list) else picks,
            "groups": formation.get("groups", [])}


def _hand(hand: object) -> object:
    if not isinstance(hand, dict):
        return hand
    qualifier = hand.get("qualifier")
    return {**{k: hand[k] for k in ("name", "ranking") if k in hand},
            "formation": _formation(hand.get("formation", {})),
            "qualifier": {k: v for k, v in qualifier.items() if k != "label"} if isinstance(qualifier, dict)
            else qualifier}


def translated(rules: Mapping[str, Any]) -> dict[str, Any]:
    """The old shape's rules in the record's shape."""
    if described := [key for key in _DESCRIBED if rules.get(key)]:
        raise ValidationError({key: [Coded("bad-rules", f"{key} are described in words in this shape: post the "
                                           "variant's `rules` (GET /v1/variants/{id}) to define them")]
                               for key in described})
    cards = rules.get("cards", {})
    out: dict[str, Any] = {k: rules[k] for k in ("id", "name", "description") if k in rules}
    if "seats" in rules:
        out["seats"] = rules["seats"]
    out["deck"] = _inner(rules.get("deck", {}), "id", "52")
    out["hole"] = _inner(cards, "hole", {"min": 0, "max": None})
    for key in ("up", "own_plus_board"):
        if (value := _inner(cards, key)) is not None:
            out[key] = value
    out["board"] = _board(rules.get("board", {"kind": "flat"}))
    hands = rules.get("hands")
    out["hands"] = [_hand(h) for h in hands] if isinstance(hands, list) else hands
    division = _inner(rules.get("pot_division", {}), "kind", "high")
    out["division"] = {"kind": division} if isinstance(division, str) else division
    out["odd_chip"] = _inner(rules.get("odd_chips", {}), "rule", "button")
    return out
