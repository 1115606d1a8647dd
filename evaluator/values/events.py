"""Play-time events: facts the final cards cannot show, declared per variant and validated against the deal.

A variant lists the events it reads (``events.up_order``, ``events.designator``, ``events.wild_ranks``,
``events.last_swap``...) as :class:`EventSpec` records; the request's raw ``events`` object is parsed into typed
values, and every problem (an unknown event, a bad card, an order that contradicts the players' face-up cards, a
designator that is in somebody's hand) is reported with its JSON pointer.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from evaluator.values.cards import RANKS, Card, card_named, cards_named
from evaluator.values.deal import Seat
from evaluator.values.errors import CardSyntaxError, Problem

__all__ = ["MAX_EVENT_CHIPS", "STATED_WILD_RANKS", "EventSpec", "parse_events", "parse_rank"]

#: The largest chip amount an event may carry (the same bound as any amount of chips in a request).
MAX_EVENT_CHIPS = 10**12

EventKind = Literal["card", "cards", "ranks", "index", "player", "chips"]


@dataclass(frozen=True, kw_only=True)
class EventSpec:
    """One event a variant reads: its name, the kind of value, whether it is required, and what it means."""

    name: str
    kind: EventKind
    description: str
    required: bool = False
    #: For ``card`` events: the card must not be one of the dealt cards (a designator belongs to nobody).
    outside_hands: bool = False
    #: For ``cards`` events: the cards must be exactly every face-up card of the deal, each player's in his order.
    face_up_order: bool = False
    #: For ``card`` events: the card must be one of the board cards (El Dorado's last swapped-in card).
    on_board: bool = False
    #: For ``index`` events: the exclusive upper bound (a position on a circle of this many cards); for ``cards``
    #: events: how many cards there must be (0: any number).
    size: int = 0
    #: A required event that is not needed when this other event is given (``up_order`` when the client states the
    #: wild ranks outright in ``wild_ranks``).
    unless: str | None = None


#: ``events.wild_ranks`` where the wild cards come from play (Follow the Queen's up cards, a designator...): the
#: client may state the wild ranks at showdown outright instead of the events they come from (reference 2.6).
STATED_WILD_RANKS = EventSpec(name="wild_ranks", kind="ranks", description=(
    "the wild ranks at showdown, stated outright (optional): they replace the wild cards that come from play, and "
    "the events those come from are then not needed"))


def parse_rank(text: object) -> int:
    """``"9"``, ``"T"``, ``"10"``, ``"q"`` -> 0..12; raises ValueError."""
    value = str(text).strip().upper()
    value = "T" if value == "10" else value
    if len(value) != 1 or value not in RANKS:
        raise ValueError(f"{text!r} is not a rank (2-9, T or 10, J, Q, K, A)")
    return RANKS.index(value)


def _card(value: object, pointer: str, problems: list[Problem]) -> Card | None:
    card = card_named(value)
    if card is None:
        problems.append(_bad_card(pointer, value))
    return card


def _bad_card(pointer: str, value: object) -> Problem:
    return Problem(pointer, "bad-card", str(CardSyntaxError(value)))


def parse_events(specs: Sequence[EventSpec], raw: Mapping[str, Any], seats: Sequence[Seat],
                 board: Sequence[Card]) -> tuple[dict[str, Any], list[Problem]]:
    """Typed event values and every problem with them."""
    problems: list[Problem] = []
    by_name = {s.name: s for s in specs}
    parsed: dict[str, Any] = {}
    for name in raw:
        if name not in by_name:
            known = ", ".join(sorted(by_name)) or "none"
            problems.append(Problem(f"/events/{name}", "unknown-event",
                                    f"this variant reads no event {name!r} (its events: {known})"))
    for spec in specs:
        pointer = f"/events/{spec.name}"
        if spec.name not in raw:
            if spec.required and not (spec.unless and spec.unless in raw):
                problems.append(Problem(pointer, "missing-event", f"this variant needs events.{spec.name}: "
                                        f"{spec.description}"))
            continue
        value = raw[spec.name]
        if spec.kind == "card":
            card = _card(value, pointer, problems)
            if card is not None:
                parsed[spec.name] = card
                if spec.on_board and card not in board:
                    problems.append(Problem(pointer, "event-contradicts-cards",
                                            f"{card} is not on the board, but this card was put into it"))
                if spec.outside_hands and (card in board or any(card in s.hole or card in s.up for s in seats)):
                    problems.append(Problem(pointer, "event-contradicts-cards",
                                            f"{card} is dealt to a player or the board, but this card belongs "
                                            "to nobody"))
        elif spec.kind == "cards":
            if not isinstance(value, list):
                problems.append(Problem(pointer, "bad-event", "expected a list of cards"))
                continue
            cards = cards_named(value)
            named = [c for c in cards if c is not None]
            if len(named) < len(cards):
                problems += [_bad_card(f"{pointer}/{i}", v)
                             for i, (v, card) in enumerate(zip(value, cards, strict=True)) if card is None]
            if spec.size and len(value) != spec.size:
                problems.append(Problem(pointer, "bad-event", f"expected exactly {spec.size} cards, got {len(value)}"))
            if spec.outside_hands:
                dealt = {*board, *(c for s in seats for c in (*s.hole, *s.up))}
                for i, card in enumerate(cards):
                    if card is not None and card in dealt:
                        problems.append(Problem(f"{pointer}/{i}", "event-contradicts-cards",
                                                f"{card} is dealt to a player or the board, but this card belongs "
                                                "to nobody"))
            if len(named) == len(cards):
                parsed[spec.name] = tuple(named)
                if spec.face_up_order:
                    problems += _order_problems(pointer, parsed[spec.name], seats)
        elif spec.kind == "player":
            still_in = [s.id for s in seats if not s.folded]
            if isinstance(value, str) and value in still_in:
                parsed[spec.name] = value
            else:
                problems.append(Problem(pointer, "unknown-player", "expected the id of a player still in the hand "
                                        f"({', '.join(still_in)}), got {value!r}"))
        elif spec.kind == "chips":
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_EVENT_CHIPS:
                problems.append(Problem(pointer, "bad-event",
                                        f"expected chips: an integer from 0 to {MAX_EVENT_CHIPS}"))
            else:
                parsed[spec.name] = value
        elif spec.kind == "index":
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < spec.size:
                problems.append(Problem(pointer, "bad-event", f"expected an integer from 0 to {spec.size - 1}"))
            else:
                parsed[spec.name] = value
        else:
            if not isinstance(value, list):
                problems.append(Problem(pointer, "bad-event", "expected a list of ranks"))
                continue
            ranks = []
            for i, v in enumerate(value):
                try:
                    ranks.append(parse_rank(v))
                except ValueError as exc:
                    problems.append(Problem(f"{pointer}/{i}", "bad-rank", str(exc)))
            parsed[spec.name] = tuple(ranks)
    return parsed, problems


def _order_problems(pointer: str, order: Sequence[Card], seats: Sequence[Seat]) -> list[Problem]:
    problems = []
    dealt_up = [c for s in seats for c in s.up]
    if sorted(dealt_up) != sorted(order):  # not the same cards as many times: some left out, or some extra
        face_up, listed = Counter(dealt_up), Counter(order)
        if missing := face_up - listed:
            problems.append(Problem(pointer, "event-contradicts-cards", "the order of face-up cards leaves out "
                                    + ", ".join(str(c) for c in sorted(missing)) + ", dealt face up"))
        if extra := listed - face_up:
            problems.append(Problem(pointer, "event-contradicts-cards", "the order of face-up cards lists "
                                    + ", ".join(str(c) for c in sorted(extra)) + ", which no player has face up"))
        return problems
    position = {c: i for i, c in enumerate(order)}
    for i, seat in enumerate(seats):
        if len(seat.up) > 1 and (dealt := [position[c] for c in seat.up]) != sorted(dealt):
            problems.append(Problem(pointer, "event-contradicts-cards",
                                    f"the order of face-up cards deals /players/{i}/up in another order than "
                                    "the player's own list"))
    return problems
