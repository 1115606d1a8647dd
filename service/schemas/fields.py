"""Marshmallow fields and validators of the HTTP layer: cards, chips, strict booleans, and error messages that
carry a stable code.

A :class:`Coded` message is a ``str`` that also knows its problem code, so the one error mapper
(:mod:`service.errors`) can give every problem a ``code`` without parsing message text.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final, TypeVar

from marshmallow import ValidationError, fields, validate

from evaluator import Card, CardSyntaxError, parse_card

__all__ = [
    "BOARD_SCHEMA",
    "CARD_REF",
    "CARD_SCHEMA",
    "MAX_CARDS_PER_PLACE",
    "MAX_CHIPS",
    "BoardField",
    "BoundedDict",
    "BoundedList",
    "CardField",
    "CardList",
    "Chips",
    "Coded",
    "Deferred",
    "Limit",
    "OneOf",
    "OptionValue",
    "PlayedBoardField",
    "Range",
    "StrictBool",
    "card_list",
    "component_ref",
    "read_board",
]

#: The largest chip amount the API accepts anywhere (a pot, a side pot, a contribution).
MAX_CHIPS: Final = 10**12
#: The most cards one place (a hand, the up cards, the board) can hold: the largest deck, 52 cards and 8
# jokers.
MAX_CARDS_PER_PLACE: Final = 60


def component_ref(name: str) -> dict[str, str]:
    """A JSON reference to a schema of the generated document's ``components``."""
    return {"$ref": f"#/components/schemas/{name}"}


CARD_REF: Final = component_ref("Card")

#: The ``Card`` component of the OpenAPI document: what :class:`CardField` reads and writes.
CARD_SCHEMA: Final[dict[str, Any]] = {
    "type": "string",
    "description": "A card: rank `2`-`9`, `T` (or `10`), `J`, `Q`, `K`, `A`, then suit `c`, `d`, `h`, `s` "
                   "(`As`, `Td`); jokers are `X1`, `X2`, ... Input is case-insensitive and accepts `10` for "
                   "ten and the suit symbols `♠♥♦♣` and `♤♡♢♧` for the letters (`A♠`, `10♥`); output is always "
                   "canonical (`As`, `Th`). A card twice in one request, or a card outside the variant's deck, "
                   "is a 422.",
    "pattern": "^(?:[2-9TtJjQqKkAa]|10)[cdhsCDHS\u2660-\u2667]\ufe0f?$|^[Xx][1-8]$",
    "examples": ["As", "Td", "X1"],
}

#: The ``Board`` component: a flat board's cards in deal order, or a layout's position-to-card object.
BOARD_SCHEMA: Final[dict[str, Any]] = {
    "description": "Community cards: an array in deal order for a flat board; an object from position name to "
                   "card for a layout game (`board.kind` is `layout` in `GET /v1/variants/{id}`: Iron Cross, Tic "
                   "Tac Toe and the other games whose cards combine along lines, rows or boards).",
    "oneOf": [
        {"type": "array", "items": CARD_REF, "maxItems": MAX_CARDS_PER_PLACE},
        {"type": "object", "additionalProperties": CARD_REF, "maxProperties": MAX_CARDS_PER_PLACE},
    ],
}


class Coded(str):
    """An error message with a stable problem ``code`` (it is still a plain string to marshmallow)."""

    code: str

    def __new__(cls, code: str, message: str) -> Coded:
        made = super().__new__(cls, message)
        made.code = code
        return made

    def __reduce__(self) -> tuple[type[Coded], tuple[str, str]]:
        return (Coded, (self.code, str.__str__(self)))

    def __deepcopy__(self, memo: dict[int, object]) -> Coded:
        return self  # immutable


def _card(value: object) -> Card:
    if isinstance(value, str) and value.strip() and set(value.strip()) == {"?"}:
        raise ValidationError(Coded("bad-card", f"{value!r} is a card not known: settling a showdown needs every "
                                                "card (POST /v1/equities takes unknown cards, for the odds)"))
    if not isinstance(value, str):
        raise ValidationError(Coded("bad-card", f"{value!r} is not a card: expected a string such as 'As'"))
    try:
        return parse_card(value)
    except CardSyntaxError as exc:
        raise ValidationError(Coded("bad-card", str(exc))) from None


class CardField(fields.Field[Card]):
    """One card: reads ``"As"``, ``"as"``, ``"10h"``, ``"A♠"``, ``"X1"`` through :func:`evaluator.parse_card`, writes
    the canonical form (``str(card)``). Documented as the ``Card`` component."""

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None,
                     **kwargs: Any) -> Card:
        return _card(value)

    def _serialize(self, value: Card | None, attr: str | None, obj: Any, **kwargs: Any) -> str | None:
        return None if value is None else str(value)


class BoundedList(fields.List[Any]):
    """A list with a documented maximum length, checked *before* its items so that an absurdly long list is
    one ``over-limit`` problem rather than one problem per item."""

    def __init__(self, inner: fields.Field[Any] | type[fields.Field[Any]], *, max_items: int,
                 min_items: int = 0, **kwargs: Any) -> None:
        super().__init__(inner, validate=Limit(min=min_items or None, max=max_items), **kwargs)
        self.max_items = max_items

    def deserialize(self, value: Any, attr: str | None = None, data: Mapping[str, Any] | None = None,
                    **kwargs: Any) -> Any:
        if isinstance(value, list) and len(value) > self.max_items:
            raise ValidationError(Coded("over-limit", f"at most {self.max_items} items, got {len(value)}"))
        return super().deserialize(value, attr, data, **kwargs)


class BoundedDict(fields.Dict):
    """A JSON object with at most ``max_keys`` keys, checked before its keys and values."""

    def __init__(self, *, max_keys: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.max_keys = max_keys
        self.metadata = {"maxProperties": max_keys, **self.metadata}

    def deserialize(self, value: Any, attr: str | None = None, data: Mapping[str, Any] | None = None,
                    **kwargs: Any) -> Any:
        if isinstance(value, dict) and len(value) > self.max_keys:
            raise ValidationError(Coded("over-limit", f"at most {self.max_keys} keys, got {len(value)}"))
        return super().deserialize(value, attr, data, **kwargs)


class CardList(fields.Field[tuple[Card, ...]]):
    """A list of cards read in one pass (the hot path of every request): each bad item is reported at its own
    index, and a list over :data:`MAX_CARDS_PER_PLACE` is one ``over-limit`` problem. Documented as an array of
    ``Card``."""

    default_error_messages = {"invalid": "expected a list of cards"}  # noqa: RUF012 (marshmallow's own)

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None,
                     **kwargs: Any) -> tuple[Card, ...]:
        if not isinstance(value, list):
            raise self.make_error("invalid")
        if len(value) > MAX_CARDS_PER_PLACE:
            raise ValidationError(Coded("over-limit", f"at most {MAX_CARDS_PER_PLACE} items, got {len(value)}"))
        cards: list[Card] = []
        errors: dict[int, list[str]] = {}
        for i, item in enumerate(value):
            try:
                cards.append(_card(item))
            except ValidationError as exc:
                errors[i] = list(exc.messages) if isinstance(exc.messages, list) else [str(exc.messages)]
        if errors:
            raise ValidationError(errors)
        return tuple(cards)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> list[str] | None:
        return None if value is None else [str(card) for card in value]


def card_list(**kwargs: Any) -> CardList:
    """A list of cards (hole cards, up cards...), at most :data:`MAX_CARDS_PER_PLACE`."""
    return CardList(**kwargs)


Board = tuple[Card, ...] | dict[str, Card]
C = TypeVar("C", Card, Card | None)


def read_board(value: object, read_card: Callable[[object], C], invalid: str
               ) -> tuple[C, ...] | dict[str, C]:
    """A board as sent: an array in deal order, or an object from position to card, each card read by
    ``read_card``; every bad card is reported at its own index or position, and more than
    :data:`MAX_CARDS_PER_PLACE` is one ``over-limit`` problem."""
    if isinstance(value, list | dict) and len(value) > MAX_CARDS_PER_PLACE:
        raise ValidationError(Coded("over-limit", f"at most {MAX_CARDS_PER_PLACE} board cards, got {len(value)}"))
    if isinstance(value, list):
        items: list[tuple[str | int, object]] = list(enumerate(value))
    elif isinstance(value, dict):
        items = list(value.items())
    else:
        raise ValidationError(Coded("type", invalid))
    errors: dict[str | int, Any] = {}
    cards: dict[str | int, C] = {}
    for where, text in items:
        try:
            cards[where] = read_card(text)
        except ValidationError as exc:
            errors[where] = exc.messages
    if errors:
        raise ValidationError(errors)
    if isinstance(value, list):
        return tuple(cards.values())
    return {str(k): c for k, c in cards.items()}


class BoardField(fields.Field[Board]):
    """The community cards: an array in deal order (flat boards), or an object from position name to card
    (layout games). Every card is parsed; each bad one is reported at its own index or position."""

    default_error_messages = {  # noqa: RUF012 (marshmallow's own class attribute)
        "invalid": "the board is an array of cards (or, for a layout game, an object from position to card)",
    }

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None,
                     **kwargs: Any) -> Board:
        return read_board(value, _card, str(self.error_messages["invalid"]))

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        if isinstance(value, dict):
            return {k: str(c) for k, c in value.items()}
        return [str(c) for c in value or ()]


class PlayedBoardField(BoardField):
    """The board cards a played hand used: the library gives (position, card) pairs; a flat board answers the
    cards alone, in deal order."""

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        if getattr(obj, "layout", False):
            return {name: str(card) for name, card in value or ()}
        return [str(card) for _, card in value or ()]


class Chips(fields.Integer):
    """A chip amount: a JSON integer from 0 to :data:`MAX_CHIPS` (no strings, floats or booleans)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(strict=True, validate=Range(min=0, max=MAX_CHIPS), **kwargs)

    def _validated(self, value: Any) -> int:
        if isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return super()._validated(value)


class StrictBool(fields.Boolean):
    """A JSON ``true`` or ``false`` only (marshmallow's Boolean also takes ``"yes"``, ``1``...)."""

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None,
                     **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise ValidationError(Coded("type", "Not a valid boolean: send true or false."))
        return value


class OptionValue(fields.String):
    """An option's value: a string of the variant's documented values, or a JSON ``true``/``false`` for the options
    whose values are ``"true"`` and ``"false"`` (read as those strings)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(validate=validate.Length(max=64), **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Any:
        if isinstance(value, bool):
            return "true" if value else "false"
        if not isinstance(value, str):
            raise ValidationError(Coded("type", "Not a valid option value: send a string, or true or false."))
        return value


class Deferred(fields.Nested):
    """Documented as the nested schema, but loaded as the raw JSON value, to be validated later on its own
    (each item of a batch is validated and adjudicated independently)."""

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, partial: Any = None,
                     **kwargs: Any) -> Any:
        return value


class Limit(validate.Length):
    """A documented size limit (players, batch items...): apispec documents it as ``minItems``/``maxItems``;
    breaking it is an ``over-limit`` problem."""

    def _format_error(self, value: Any, message: str) -> str:
        code = "over-limit" if self.max is not None and len(value) > self.max else "length"
        return Coded(code, super()._format_error(value, message))


class Range(validate.Range):
    """marshmallow's Range whose errors carry the ``range`` code."""

    def _format_error(self, value: Any, message: str) -> str:
        return Coded("range", super()._format_error(value, message))


class OneOf(validate.OneOf):
    """marshmallow's OneOf whose errors carry the ``choice`` code."""

    def _format_error(self, value: Any) -> str:
        return Coded("choice", super()._format_error(value))
