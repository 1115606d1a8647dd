"""A runnable example request for every variant: a deterministic deal that obeys the variant's card counts."""

from __future__ import annotations

import random
import zlib
from typing import Any

from evaluator.engine.showdown import adjudicate
from evaluator.formation import UNBOUNDED, Count
from evaluator.mechanisms.deal_checks import BoardOfSixIfTwoOfSuit, ExtraCardFor, ExtraUpFor, VoidIfFaceUp
from evaluator.mechanisms.deal_rules import DiscardHigher
from evaluator.mechanisms.entrants import EntrantHands
from evaluator.values.cards import Card, format_cards
from evaluator.values.deal import Deal, Seat
from evaluator.values.errors import ShowdownError
from evaluator.variant import Variant

__all__ = ["example_events", "example_request", "seeded_requests"]

_NAMES = ("ann", "bob", "cy", "dee", "eve", "fay", "gus", "hal", "ivy", "jo", "kim", "lu")


def _pick(count: Count, cap: int) -> int:
    return min(count.max if count.max < UNBOUNDED else count.min, cap)


#: Deals tried for an example that exercises its variant's rules (see :func:`example_request`).
EXAMPLE_TRIES = 24


def example_request(variant: Variant, players: int = 3, options: dict[str, str] | None = None) -> dict[str, Any]:
    """A complete POST /v1/showdowns body for ``variant`` (with these option values), the same every time: the first
    of a few deterministic deals in which every hand the variant scores is held by somebody (Chicago's high spade in
    the hole, a qualifying low) and, in a game with wild cards, somebody plays one; the first deal if none is."""
    first = _example(variant, players, options, 0)
    for attempt in range(EXAMPLE_TRIES):
        body = first if attempt == 0 else _example(variant, players, options, attempt)
        if _exercises(variant, body):
            return body
    return first


def seeded_requests(variant: Variant, players: int, count: int, options: dict[str, str] | None = None
                    ) -> list[dict[str, Any]]:
    """``count`` POST /v1/showdowns bodies for ``variant``, seeded deals obeying its card counts (the deals
    :func:`example_request` chooses from, and more), whatever they exercise."""
    return [_example(variant, players, options, attempt) for attempt in range(count)]


def _exercises(variant: Variant, body: dict[str, Any]) -> bool:
    """Whether the example deal shows the variant's rules at work: every hand it scores held by a player, and a
    wild card played where the game has wild cards. Deals this cannot judge (separate or declared hands, layouts,
    events) are taken as they are."""

    if "events" in body or isinstance(body.get("board"), dict) or any(
            set(p) - {"id", "hole", "up"} for p in body["players"]):
        return True
    seats = tuple(Seat(id=p["id"], hole=tuple(map(Card, p["hole"])), up=tuple(map(Card, p.get("up", ()))))
                  for p in body["players"])
    deal = Deal(seats=seats, board=tuple(map(Card, body.get("board", ()))), pot=body["pot"])
    try:
        result = adjudicate(variant, deal, body.get("options"))
    except ShowdownError:
        return True
    hands = [p.hands for p in result.players]
    held = all(any(h[name].score is not None and h[name].qualifies for h in hands if name in h)
               for name in {n for h in hands for n in h})
    wild = not variant.wilds or any(played.wilds for h in hands for played in h.values())
    return held and wild


def _example(variant: Variant, players: int, options: dict[str, str] | None, attempt: int) -> dict[str, Any]:
    rng = random.Random(zlib.crc32(variant.id.encode()) + attempt)
    chosen = variant.resolved_options(options or {})
    game = variant.with_options(chosen)
    discard, void, extra = game.find(DiscardHigher), game.find(VoidIfFaceUp), game.find(ExtraCardFor)
    special = {*(void.cards if void else ()), *([discard.trigger] if discard else []), *([extra.card] if extra else [])}
    deck = sorted(c for c in game.deck.cards if not c.is_joker and c not in special)
    rng.shuffle(deck)
    seats = max(game.seating.min, min(players, game.seating.max))
    board_n = _pick(game.board.count, 12)
    total = game.own_plus_board
    hole_n = _pick(game.hole, 9)
    up_n = _pick(game.up, 9)
    if total is not None:
        own = _pick(total, 9) - board_n
        hole_n = max(game.hole.min, min(hole_n, own - game.up.min))
        up_n = own - hole_n
    layout = game.board.layout
    if layout is not None:
        board_n = len(layout.required)
    if extra is not None:  # nobody holds the card that brings an extra one
        up_n = 0
    buying = extra_up_for.ranks if (extra_up_for := game.find(ExtraUpFor)) else ()
    extra_up = [c for c in deck if c.rank in buying]  # Baseball: the first player shows a 4 and gets more
    deck = [c for c in deck if c.rank not in buying or c == (extra_up[0] if extra_up else None)]
    if extra_up:
        up_n = game.up.min
    six = game.find(BoardOfSixIfTwoOfSuit)
    if six is not None:  # a board of 3 without two of that suit
        board_n = 3
        deck = [c for c in deck if c.suit == six.suit] + [c for c in deck if c.suit != six.suit]  # pop(): the end
    board = [deck.pop() for _ in range(board_n)]
    body: dict[str, Any] = {"variant": variant.id}
    if variant.options:
        body["options"] = chosen
    if board and layout is not None:
        body["board"] = dict(zip(layout.required, format_cards(board), strict=True))
    elif board:
        body["board"] = format_cards(board)
    body["players"] = []
    entrants = game.find(EntrantHands)
    declares = "declare" in game.reads
    for name in _NAMES[:seats]:
        if entrants is not None:  # separate hands, each with its cards and declaration
            body["players"].append({"id": name, "hands": [
                {"hole": format_cards([deck.pop() for _ in range(entrants.cards)]),
                 **({"declare": ("high", "low", "both")[(len(body["players"]) + j) % 3]}
                    if declares else {})}
                for j in range(len(entrants.names))]})
            continue
        player: dict[str, Any] = {"id": name, "hole": format_cards([deck.pop() for _ in range(hole_n)])}
        if up_n:
            up = [deck.pop() for _ in range(up_n)]
            if extra_up and not body["players"]:  # his face-up card of the rank, and the extra card it buys
                deck.remove(extra_up[0])
                up = [*up[:1], extra_up[0], *up[1:up_n - 1], deck.pop()]
            player["up"] = format_cards(up)
        if "declared_hand" in game.reads:  # a hand he can make: his hole cards and the first line of the layout
            player["declared_hand"] = player["hole"] + [body["board"][p] for p in
                                                        game.hands[0].formation.groups[0].positions]
        if declares:
            player["declare"] = ("high", "low", "both")[len(body["players"]) % 3]
        body["players"].append(player)
    body["pot"] = 100 * seats
    events = example_events(game, body, deck)
    if events:
        body["events"] = events
    return body


def example_events(variant: Variant, body: dict[str, Any], undealt: list[Card]) -> dict[str, Any]:
    """Event values consistent with the example deal: the face-up cards street by street, an undealt
    designator, a board card for a swap, the reference's starting wild ranks."""
    events: dict[str, Any] = {}
    for spec in variant.events:
        if spec.kind == "cards" and spec.face_up_order:
            ups = [p.get("up", []) for p in body["players"]]
            events[spec.name] = [up[i] for i in range(max(map(len, ups), default=0)) for up in ups if i < len(up)]
        elif spec.kind == "cards":
            events[spec.name] = [str(undealt.pop()) for _ in range(spec.size or 1)]
        elif spec.kind == "card" and spec.on_board and body.get("board"):
            board = body["board"]
            events[spec.name] = next(iter(board.values())) if isinstance(board, dict) else board[0]
        elif spec.kind == "index":
            events[spec.name] = 0
        elif spec.kind == "chips":
            events[spec.name] = 1
        elif spec.kind == "player":  # the first player still in the hand
            still_in = [p["id"] for p in body["players"] if not p.get("folded")]
            events[spec.name] = still_in[0] if still_in else body["players"][0]["id"]
        elif spec.kind == "card":
            events[spec.name] = str(undealt.pop())
        elif spec.kind == "ranks":
            events[spec.name] = ["3", "9"]
    return events
