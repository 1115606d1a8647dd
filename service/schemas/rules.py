"""The rules codec: a :class:`~evaluator.variant.Variant` as a JSON document (``rules``) and back, by marshmallow
schemas generated from the evaluator's record classes and their type hints.

Nothing here is written per field: every dataclass becomes a schema of its ``__init__`` fields, and each type hint
a field, so a new record field or mechanism needs at most a registry entry (:mod:`service.schemas.rules_kinds`):

- a dataclass: an object of its fields; a field at its default is left out of a dump and may be left out of a load;
- a protocol or a union of records (a wild rule, a deal rule, live groups, a qualifier): an object with a ``kind``;
- a ranking by its name, a deck by its id, a card as a string (``"Qs"``), a count as ``{"min", "max"}`` (``max``
  null or omitted: no upper bound);
- tuples as arrays, mappings as objects, literals as their strings, ``X | None`` as null or X.

Every list, object and string is bounded (:data:`LIMITS`, :data:`MAX_ITEMS`, :data:`MAX_TEXT`), so what a client
sends is read in time linear in its size, and every problem is a marshmallow message at its place. Why a small
factory rather than marshmallow-dataclass: the kinds of polymorphic fields, the by-name values, the bounds and the
coded problems are most of the work, and each would be a custom field or hook there as well.
"""

from __future__ import annotations

import functools
import operator
import types
from collections.abc import Callable, Mapping
from dataclasses import MISSING, fields, is_dataclass
from functools import cache
from typing import Any, Final, Literal, Union, cast, get_args, get_origin, get_type_hints, is_typeddict

from marshmallow import RAISE, Schema, ValidationError, post_dump, post_load, validate
from marshmallow import fields as mf

from evaluator import Card
from evaluator.records import UNBOUNDED, Count, Deck, Ranking, Variant
from service.schemas.fields import BoundedDict, BoundedList, CardField, Coded, Limit, OneOf, StrictBool
from service.schemas.rules_kinds import FAMILIES, KIND_OF, deck_named, decks, ranking_named, rankings
from service.schemas.rules_legacy import is_legacy, translated

__all__ = ["CLIENT_DEFAULTS", "LIMITS", "MAX_DEPTH", "MAX_ITEMS", "MAX_TEXT", "RULES_DOC", "CountField", "KindField",
           "NamedField", "RecordSchema", "component_name", "dump_rules", "load_client_rules", "load_rules",
           "schema_for", "shared_schema"]

#: The most items of any list or keys of any object in rules, unless :data:`LIMITS` says otherwise.
MAX_ITEMS: Final = 16
#: The most characters of any string in rules, unless :data:`LIMITS` says otherwise.
MAX_TEXT: Final = 200
#: Documented limits of particular fields, as ``Class.field``: items of a list or keys of an object, or characters
#: of a string (``Class.field[]``: of each item). Each is at least what the catalog needs (a test checks every record
#: loads). A record's fields given by name (an option's values, :class:`~evaluator.variant.VariantFields`) have the
#: record's limits.
LIMITS: Final[Mapping[str, int]] = {
    "Variant.description": 2000,
    "Variant.notes[]": 2000,
    "Variant.reference": 2000,
    "Variant.not_showdown": 1000,
    "Variant.hands": 8,
    "Variant.wilds": 8,
    "Variant.events": 8,
    "Variant.options": 8,
    "OptionSpec.description": 1000,
    "OptionSpec.values": 8,
    "Layout.description": 1000,
    "Layout.positions": 40,
    "Layout.groups": 60,
    "BoardGroup.name": 64,
    "BoardGroup.positions": 40,
    "BoardGroup.positions[]": 16,
    "Position.name": 16,
    "HandSpec.name": 32,
    "Formation.picks": 12,
    "Formation.groups": 60,
    "Pick.limits": 8,
    "EventSpec.description": 1000,
}
#: The deepest a rules document nests (objects and arrays; the catalog's deepest is 12). Marshmallow reads nested
#: schemas recursively: an option's values may hold options, so without it a deep document would exhaust the stack.
MAX_DEPTH: Final = 20
#: Kinds and names quoted in problems are cut to this length.
_QUOTED: Final = 40


def _quoted(value: str) -> str:
    return repr(value if len(value) <= _QUOTED else value[:_QUOTED] + "...")


class CountField(mf.Field[Count]):
    """A count of cards or seats: ``{"min": m, "max": n}``; ``min`` defaults to 0, a null or missing ``max`` is no
    upper bound (written as null)."""

    def openapi(self) -> dict[str, Any]:
        return {"type": "object", "properties": {"min": {"type": "integer", "minimum": 0, "maximum": UNBOUNDED},
                                                 "max": {"type": ["integer", "null"], "maximum": UNBOUNDED}},
                "additionalProperties": False}

    def _serialize(self, value: Count | None, attr: str | None, obj: Any, **kwargs: Any) -> dict[str, Any] | None:
        if value is None:
            return None
        return {"min": value.min, "max": None if value.max >= UNBOUNDED else value.max}

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Count:
        if not isinstance(value, dict):
            raise ValidationError(Coded("type", "expected a count: an object {min, max}"))
        if unknown := [k for k in value if k not in ("min", "max")]:
            raise ValidationError({_quoted(unknown[0]): [Coded("unknown-field", "unknown field")]})
        low, high = value.get("min", 0), value.get("max")
        if not isinstance(low, int) or isinstance(low, bool) or not 0 <= low <= UNBOUNDED:
            raise ValidationError({"min": [Coded("range", f"expected an integer from 0 to {UNBOUNDED}")]})
        if high is None:
            return Count.at_least(low)
        if not isinstance(high, int) or isinstance(high, bool) or not low <= high <= UNBOUNDED:
            raise ValidationError({"max": [Coded("range", f"expected null or an integer from {low} to {UNBOUNDED}")]})
        return Count(low, high)


class NamedField(mf.Field[Any]):
    """A value sent by its name: a ranking, a deck."""

    def __init__(self, what: str, name_of: Callable[[Any], str], named: Callable[[str], Any],
                 names: Callable[[], list[str]], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.what, self.name_of, self.named, self.names = what, name_of, named, names

    def openapi(self) -> dict[str, Any]:
        return {"type": "string", "enum": self.names(), "description": f"A {self.what} by name."}

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> str | None:
        return None if value is None else self.name_of(value)

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Any:
        found = self.named(value) if isinstance(value, str) else None
        if found is None:
            sent = (f"unknown {self.what} {_quoted(value)}" if isinstance(value, str)
                    else f"expected a {self.what}'s name")
            raise ValidationError(Coded(f"unknown-{self.what}", f"{sent}: one of {', '.join(self.names())}"))
        return found


class TupleList(BoundedList):
    """A bounded JSON array read as a tuple (records hold tuples)."""

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Any:
        return tuple(super()._deserialize(value, attr, data, **kwargs))


class RulesDict(BoundedDict):
    """A bounded JSON object whose problems are at their key (marshmallow's Dict puts them under ``key`` and
    ``value`` inside it: in rules, both are about the entry)."""

    def deserialize(self, value: Any, attr: str | None = None, data: Mapping[str, Any] | None = None,
                    **kwargs: Any) -> Any:
        if isinstance(value, dict) and (long := [k for k in value if isinstance(k, str) and len(k) > MAX_TEXT]):
            # pointed at by its object: the pointer would quote it whole
            raise ValidationError(Coded("length", f"a key is at most {MAX_TEXT} characters, got one of "
                                                  f"{len(long[0])}"))
        try:
            return super().deserialize(value, attr, data, **kwargs)
        except ValidationError as exc:
            if not isinstance(exc.messages, dict):
                raise
            raise ValidationError({key: _entry(parts) for key, parts in exc.messages.items()}) from None


def _entry(parts: Any) -> Any:
    """One entry's problems, from marshmallow's ``{"key": [...], "value": ...}``: the value's, and the key's as
    the entry's own (``_schema``)."""
    if not isinstance(parts, dict) or not set(parts) <= {"key", "value"}:
        return parts
    value, key = parts.get("value"), parts.get("key")
    if key is None:
        return value
    if value is None:
        return key
    return {**value, "_schema": key} if isinstance(value, dict) else [*key, *value]


class FixedTuple(mf.Tuple):
    """A tuple of a fixed number of items, as an array, whose wrong length is one problem."""

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        dumped = super()._serialize(value, attr, obj, **kwargs)
        return None if dumped is None else list(dumped)

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None,
                     **kwargs: Any) -> tuple[Any, ...]:
        if isinstance(value, list) and len(value) != len(self.tuple_fields):
            raise ValidationError(Coded("length", f"expected {len(self.tuple_fields)} items, got {len(value)}"))
        return super()._deserialize(value, attr, data, **kwargs)


class KindField(mf.Field[Any]):
    """A value of one of several record classes (a family): an object with the class's ``kind`` and its fields."""

    def __init__(self, family: Mapping[str, type], hint: object, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.family, self.hint = family, hint

    def openapi(self) -> dict[str, Any]:
        """One of the family's records, each its component and its ``kind``. A family one of whose records holds
        another of the family (a Breaker wraps a division) is documented as an object with a ``kind`` naming the
        components: client generators cannot build a union that contains itself."""
        components = {kind: f"#/components/schemas/{component_name(cls)}" for kind, cls in self.family.items()}
        if any(self.hint in get_type_hints(cls).values() for cls in self.family.values()):
            return {"type": "object", "required": ["kind"], "properties": {"kind": {"enum": list(components)}},
                    "additionalProperties": True,
                    "description": "One of these records, with its `kind`: " + ", ".join(
                        f"`{kind}` ({ref.rsplit('/', 1)[-1]})" for kind, ref in components.items()) + "."}
        return {"oneOf": [{"allOf": [{"$ref": ref},
                                     {"type": "object", "required": ["kind"], "properties": {"kind": {"const": kind}}}]}
                          for kind, ref in components.items()]}

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> dict[str, Any] | None:
        if value is None:
            return None
        kind = KIND_OF.get(type(value))
        if kind is None or self.family.get(kind) is not type(value):
            raise TypeError(f"{type(value).__qualname__} is not a registered kind of this field "
                            "(service/schemas/rules_kinds.py)")
        record: type = self.family[kind]
        return {"kind": kind, **shared_schema(record).dump(value)}

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Any:
        if not isinstance(value, dict):
            raise ValidationError(Coded("type", "expected an object with a kind"))
        kind = value.get("kind")
        cls = self.family.get(kind) if isinstance(kind, str) else None
        if cls is None:
            sent = f"unknown kind {_quoted(kind)}" if isinstance(kind, str) else "expected a kind"
            raise ValidationError({"kind": [Coded("unknown-kind", f"{sent}: one of {', '.join(self.family)}")]})
        return shared_schema(cls).load({k: v for k, v in value.items() if k != "kind"})


def _ranking_names() -> list[str]:
    return sorted(rankings())


#: Fields for the types sent as themselves or by name.
_LEAVES: Final[Mapping[object, Callable[..., mf.Field[Any]]]] = {
    Card: CardField,
    Count: CountField,
    Ranking: lambda **kw: NamedField("ranking", lambda r: r.name, ranking_named, _ranking_names, **kw),
    Deck: lambda **kw: NamedField("deck", lambda d: d.name, deck_named, lambda: sorted(decks()), **kw),
    bool: StrictBool,
    int: lambda **kw: mf.Integer(strict=True, validate=validate.Range(0, 1000), **kw),
    float: lambda **kw: mf.Float(validate=validate.Range(-1000, 1000), **kw),
}


def _family(hint: object) -> Mapping[str, type] | None:
    """The registered classes a polymorphic hint allows: its protocol's family, or the union's members."""
    if hint in FAMILIES:
        return FAMILIES[hint]
    members = get_args(hint) if get_origin(hint) in (Union, types.UnionType) else ()
    if members and all(m in KIND_OF for m in members):
        return {KIND_OF[m]: m for m in members}
    return None


def field_for(hint: Any, where: str, **kw: Any) -> mf.Field[Any]:
    """The marshmallow field for a type hint (``where``, ``Class.field``, picks the documented limit)."""
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, types.UnionType) and type(None) in args:
        rest = [a for a in args if a is not type(None)]
        return field_for(functools.reduce(operator.or_, rest), where, allow_none=True, **kw)
    if hint in _LEAVES:
        return _LEAVES[hint](**kw)
    if hint is str:
        return mf.String(validate=Limit(max=LIMITS.get(where, MAX_TEXT)), **kw)
    if origin is Literal:
        return mf.String(validate=OneOf([str(a) for a in args]), **kw)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return TupleList(field_for(args[0], f"{where}[]"), max_items=LIMITS.get(where, MAX_ITEMS), **kw)
    if origin is tuple:
        return FixedTuple(tuple(field_for(a, f"{where}[]") for a in args), **kw)
    if origin in (Mapping, dict):
        return RulesDict(keys=mf.String(validate=Limit(min=1, max=MAX_TEXT)), values=field_for(args[1], f"{where}[]"),
                         max_keys=LIMITS.get(where, MAX_ITEMS), **kw)
    if (family := _family(hint)) is not None:
        return KindField(family, hint, **kw)
    if isinstance(hint, type) and (is_dataclass(hint) or is_typeddict(hint)):
        return mf.Nested(lambda: shared_schema(hint), **kw)
    raise TypeError(f"the rules codec cannot send {hint!r} ({where}): register it in service/schemas/rules_kinds.py")


class RecordSchema(Schema):
    """The base of the generated schemas: unknown fields are problems; a dump leaves out fields at their default;
    a load builds the record."""

    class Meta:
        unknown = RAISE

    error_messages = {  # noqa: RUF012 (marshmallow's own class attribute)
        "type": Coded("type", "expected a JSON object"),
        "unknown": Coded("unknown-field", "unknown field"),
    }
    record: type
    defaults: Mapping[str, object]

    @post_dump(pass_original=True)
    def _without_defaults(self, data: dict[str, Any], original: Any, **kwargs: Any) -> dict[str, Any]:
        return {k: v for k, v in data.items()
                if k not in self.defaults or getattr(original, k, None) != self.defaults[k]}

    @post_load
    def _record(self, data: dict[str, Any], **kwargs: Any) -> Any:
        if not is_dataclass(self.record):
            return data  # a TypedDict: the fields themselves
        try:
            return self.record(**data)
        except (TypeError, ValueError, KeyError, ArithmeticError) as exc:
            raise ValidationError(Coded("bad-rules", f"not a valid {self.record.__name__}: {exc}"[:200])) from None


def _defaults(record: type) -> dict[str, object]:
    found: dict[str, object] = {}
    for f in fields(record):
        if f.default is not MISSING:
            found[f.name] = f.default
        elif f.default_factory is not MISSING:
            found[f.name] = f.default_factory()
    return found


def _limited_as(fields_of: type) -> str:
    """The record whose limits a TypedDict of its fields has (``VariantFields``: ``Variant``)."""
    return fields_of.__name__.removesuffix("Fields") or fields_of.__name__


def component_name(record: type) -> str:
    """The name of a record's schema and OpenAPI component: ``RulesHandSpec``."""
    return f"Rules{record.__name__}"


@cache
def schema_for(record: type) -> type[RecordSchema]:
    """The schema of a dataclass (its ``__init__`` fields) or of a TypedDict (every key optional when not total)."""
    hints = get_type_hints(record)
    if is_typeddict(record):
        required = cast(frozenset[str], getattr(record, "__required_keys__", frozenset()))
        made = {name: field_for(hint, f"{_limited_as(record)}.{name}", required=name in required)
                for name, hint in hints.items()}
        defaults: dict[str, object] = {}
    else:
        defaults = _defaults(record)
        made = {f.name: field_for(hints[f.name], f"{record.__name__}.{f.name}", required=f.name not in defaults)
                for f in fields(record) if f.init}
    name = component_name(record)
    schema = cast(type[RecordSchema], type(name, (RecordSchema,), {
        **made, "record": record, "defaults": defaults,
        "__doc__": f"{record.__name__}: {(record.__doc__ or '').strip().splitlines()[0] if record.__doc__ else ''}",
    }))
    return schema


@cache
def shared_schema(record: type) -> RecordSchema:
    """One instance of a record's schema, shared (a schema keeps no state between loads and dumps)."""
    return schema_for(record)()


def dump_rules(variant: Variant) -> dict[str, Any]:
    """The record as a ``rules`` document."""
    return cast(dict[str, Any], shared_schema(Variant).dump(variant))


def load_rules(document: Mapping[str, Any]) -> Variant:
    """The record a ``rules`` document describes. Raises marshmallow's :class:`ValidationError` with every
    problem at its place."""
    return cast(Variant, shared_schema(Variant).load(document))


#: What a client's rules may leave out that a record requires: the prose that names the game, and as before issue
#: 11, the standard deck and any number of hole cards.
CLIENT_DEFAULTS: Final[Mapping[str, object]] = {
    "id": "custom", "name": "Custom game", "description": "A client-defined variant.", "tags": ["custom"],
    "reference": "client-defined rules", "deck": "52", "hole": {"min": 0, "max": None},
}

RULES_DOC: Final = (
    "A client-defined variant, in place of `variant`: a `rules` object as `GET /v1/variants/{id}` returns it "
    "(copy the closest catalog game's `rules` and change what your house plays differently). Every field of a "
    "variant record can be given: the deck by id, counts as `{min, max}` (`max` null: no limit), hands (a "
    "`ranking` by name, a `formation` of `picks` and board `groups`, a `qualifier`), the pot division, wild cards, "
    "events, options, deal rules, Breakers, separate and declared hands; a field at its default may be left out, "
    "and so may `id`, `name`, `description`, `tags`, `reference` (the game is `custom`), `deck` (52 cards) and "
    "`hole` (any number). The pot `division`, each of the "
    "`mechanisms` (deal rules and checks, separate hands...), a wild rule, live groups and a qualifier are objects "
    "with a `kind` (the `RulesVariant` component documents each); ranks are numbers from 0 "
    "(deuce) to 12 (ace); `seats` is a limit the rules state (left out: as many as the deck can deal). Rules are "
    "validated as strictly as catalog records: every problem is a 422 at its pointer under `/rules`. Limits: at most "
    f"{MAX_ITEMS} items in any list or object and {MAX_TEXT} characters in any string unless the schema says "
    f"otherwise (8 hands, 40 board positions, 60 groups, 12 picks of at most 8 sources, 8 wild rules, 8 events, 8 "
    f"options of 8 values), {MAX_DEPTH} levels of nesting, and the per-request work budget. The shape accepted "
    "before (`deck.id`, `cards`, `board.kind`, `pot_division`, `odd_chips`) is still read.")


def _deeper_than(document: object, limit: int) -> bool:
    """Whether a JSON value nests deeper than ``limit`` (read without recursion, in time linear in its size)."""
    stack = [(document, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict | list):
            if depth > limit:
                return True
            stack.extend((inner, depth + 1) for inner in (value.values() if isinstance(value, dict) else value))
    return False


def load_client_rules(document: object) -> Variant:
    """The variant a client's ``rules`` describe (the prose it leaves out filled in). Raises marshmallow's
    :class:`ValidationError` with every problem at its place."""
    if not isinstance(document, dict):
        raise ValidationError(Coded("bad-rules", "expected an object: a variant definition"))
    if _deeper_than(document, MAX_DEPTH):
        raise ValidationError(Coded("over-limit", f"rules nest objects and arrays at most {MAX_DEPTH} levels deep"))
    return load_rules({**CLIENT_DEFAULTS, **(translated(document) if is_legacy(document) else document)})
