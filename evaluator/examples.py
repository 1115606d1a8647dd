"""A runnable example request for every variant: a deterministic deal that obeys the variant's card counts."""

from __future__ import annotations

import random
import zlib
from typing import Any

from evaluator.cards import format_cards
from evaluator.formation import UNBOUNDED, Count
from evaluator.variant import Variant

__all__ = ["example_request"]

_NAMES = ("ann", "bob", "cy", "dee", "eve", "fay", "gus", "hal", "ivy", "jo", "kim", "lu")


def _pick(count: Count, cap: int) -> int:
    return min(count.max if count.max < UNBOUNDED else count.min, cap)


def example_request(variant: Variant, players: int = 3) -> dict[str, Any]:
    """A complete POST /v1/showdowns body for ``variant``, the same every time (seeded by the id)."""
    rng = random.Random(zlib.crc32(variant.id.encode()))
    deck = sorted(c for c in variant.deck.cards if not c.is_joker)
    rng.shuffle(deck)
    seats = max(variant.seats.min, min(players, variant.seats.max))
    board_n = _pick(variant.board.count, 12)
    total = variant.own_plus_board
    hole_n = _pick(variant.hole, 9)
    up_n = _pick(variant.up, 9)
    if total is not None:
        own = _pick(total, 9) - board_n
        hole_n = max(variant.hole.min, min(hole_n, own - variant.up.min))
        up_n = own - hole_n
    board = [deck.pop() for _ in range(board_n)]
    body: dict[str, Any] = {"variant": variant.id}
    if variant.options:
        body["options"] = {o.name: o.default for o in variant.options}
    if board:
        body["board"] = format_cards(board)
    body["players"] = []
    for name in _NAMES[:seats]:
        player: dict[str, Any] = {"id": name, "hole": format_cards([deck.pop() for _ in range(hole_n)])}
        if up_n:
            player["up"] = format_cards([deck.pop() for _ in range(up_n)])
        body["players"].append(player)
    body["pot"] = 100 * seats
    return body
