"""Request bodies: decoded and checked here, then turned into the library's own values (a :class:`Deal`, a
:class:`Variant`, parsed cards), so that a view only calls the library.

Every request schema raises on unknown fields and reports every problem it can find at once; the rules of the
variant (card counts, duplicate cards, deck membership, pot eligibility) are the library's and are checked
when the view calls it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from marshmallow import RAISE, Schema, ValidationError, fields, post_load, pre_load, validate, validates_schema

from evaluator import (
    DEFAULT_PAGE,
    MAX_BATCH,
    MAX_COMBINATIONS_PER_REQUEST,
    MAX_HANDS_PER_PLAYER,
    MAX_PAGE,
    MAX_PLAYERS,
    MAX_RUNS,
    MIN_RUNS,
    Card,
    Deal,
    PlayerHand,
    Pot,
    Seat,
    UnknownVariantError,
    Variant,
    problems_in_variant,
    variant_named,
)
from service.request_facts import RULES, note_variant
from service.schemas.fields import (
    MAX_CHIPS,
    BoardField,
    BoundedDict,
    BoundedList,
    Chips,
    Coded,
    Deferred,
    OneOf,
    OptionValue,
    StrictBool,
    card_list,
    component_ref,
)
from service.schemas.rules import RULES_DOC, load_client_rules

__all__ = [
    "MAX_EVENTS",
    "MAX_OPTIONS",
    "BatchRequest",
    "BatchRequestSchema",
    "EvaluateCall",
    "EvaluateRequestSchema",
    "PlayerSchema",
    "PotSchema",
    "RequestSchema",
    "ShowdownCall",
    "ShowdownRequestSchema",
]

#: Keys in ``options`` and in ``events``.
MAX_OPTIONS: Final = 16
MAX_EVENTS: Final = 16
_MONEY: Final = ("pot", "pots", "contributions")
#: Request booleans are optional and mean false when omitted. They carry no OpenAPI ``default``: generators
#: such as openapi-typescript make a property with a ``default`` required, in request types too.
_FALSE_IF_OMITTED: Final = " Omitted means false."


@dataclass(frozen=True, slots=True)
class ShowdownCall:
    """A decoded showdown request: what :func:`evaluator.adjudicate` takes."""

    variant: Variant
    deal: Deal
    options: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class EvaluateCall:
    """A decoded hand-evaluation request: what :func:`evaluator.evaluate_hand` takes."""

    variant: Variant
    options: Mapping[str, str]
    hole: tuple[Card, ...]
    up: tuple[Card, ...]
    board: tuple[Card, ...] | Mapping[str, Card]
    list_combinations: bool
    offset: int = 0
    limit: int = DEFAULT_PAGE


@dataclass(frozen=True, slots=True)
class BatchRequest:
    showdowns: Sequence[Any]


class VariantField(fields.Field[Variant]):
    """A variant id or alias of the catalog, loaded as the library's :class:`Variant` record."""

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None,
                     **kwargs: Any) -> Variant:
        if not isinstance(value, str):
            raise ValidationError(Coded("type", "Not a valid string: send a variant id or alias."))
        try:
            return variant_named(value)
        except UnknownVariantError as exc:
            raise ValidationError(Coded("unknown-variant", f"{exc}: GET /v1/variants lists every id and alias")
                                  ) from None

    def _serialize(self, value: Variant | None, attr: str | None, obj: Any, **kwargs: Any) -> str | None:
        return None if value is None else value.id


class _Problems:
    """Problems found by a schema-level check, each at its own path; raised together as one error."""

    def __init__(self) -> None:
        self.messages: dict[str | int, Any] = {}

    def add(self, path: Sequence[str | int], code: str, message: str) -> None:
        """Add a problem at ``path``. A place can have problems of its own and problems inside it (``/rules/board``
        and ``/rules/board/kind``): its own then move under ``_schema``, marshmallow's key for them."""
        node = self.messages
        for token in path[:-1]:
            inner = node.setdefault(token, {})
            if isinstance(inner, list):
                inner = node[token] = {"_schema": inner}
            node = inner
        leaf = node.setdefault(path[-1], []) if path else node.setdefault("_schema", [])
        if isinstance(leaf, dict):
            leaf = leaf.setdefault("_schema", [])
        leaf.append(Coded(code, message))

    def raise_any(self) -> None:
        if self.messages:
            raise ValidationError(self.messages)


class RequestSchema(Schema):
    """The base of every request body: unknown fields are errors."""

    class Meta:
        unknown = RAISE

    error_messages = {  # noqa: RUF012 (marshmallow's own class attribute)
        "type": Coded("type", "expected a JSON object"),
        "unknown": Coded("unknown-field", "unknown field"),
    }


_VARIANT_DOC = "A variant id or alias from `GET /v1/variants` (case-insensitive)."
_OPTIONS_DOC = ("The variant's documented options (`GET /v1/variants/{id}`, `options`), name to value; the "
                "defaults apply to the others; an option whose values are `\"true\"` and `\"false\"` also takes "
                "JSON `true` and `false`. An unknown option or value is a 422 at `/options/<name>`.")
_BOARD_DOC = ("The community cards. For a flat board, an array of cards in deal order; for a layout game, an "
              "object from position name to card, with the positions `GET /v1/variants/{id}` lists (the other "
              "shape is a 422 at `/board`). Omit it for games without community cards.")


class RulesField(fields.Field[Variant]):
    """A client-defined variant: a ``rules`` document (``GET /v1/variants/{id}``, ``rules``), read by the rules
    codec; every problem is reported at its pointer under ``/rules``."""

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Variant:
        try:
            variant = load_client_rules(value)
        except ValidationError as exc:  # without the partly read record marshmallow would keep as the value
            raise ValidationError(exc.messages) from None
        if found := problems_in_variant(variant):
            problems = _Problems()
            for problem in found:
                tokens = [t.replace("~1", "/").replace("~0", "~") for t in problem.pointer.split("/")[1:]]
                problems.add([int(t) if t.isdigit() else t for t in tokens], problem.code, problem.detail)
            raise ValidationError(problems.messages)
        return variant


def _game_problems(data: Mapping[str, Any], original: Mapping[str, Any],
                   problems: _Problems) -> Variant | None:
    """Checks shared by every request naming a variant: variant or rules, options, board shape."""
    if "rules" in original and "variant" in original:
        problems.add(["rules"], "variant-and-rules", "give a variant id or client-defined rules, not both")
    elif "rules" not in original and "variant" not in original:
        problems.add(["variant"], "required", "give a variant: an id or alias from GET /v1/variants, or rules")
    variant: Variant | None = data.get("variant") or data.get("rules")
    if variant is None:
        return None
    for name, value in (data.get("options") or {}).items():
        spec = variant.option(name)
        if spec is None:
            known = ", ".join(o.name for o in variant.options)
            problems.add(["options", name], "unknown-option",
                         f"{variant.name} has no option {name!r} "
                         + (f"(its options: {known})" if known else "(it has no options)"))
        elif value not in spec.values:
            problems.add(["options", name], "bad-option-value",
                         f"{value!r} is not a value of option {name!r}: allowed {', '.join(spec.values)}")
    return variant


class PlayerHandSchema(RequestSchema):
    """One of a player's separate hands, for variants that deal several per player (Double Trouble)."""

    hole = card_list(load_default=tuple, metadata={"description": "The hand's cards."})
    declare = fields.String(validate=OneOf(["high", "low", "both"]), metadata={
        "description": "The hand's declaration, in declaration games."})
    folded = StrictBool(metadata={"description": "The hand was folded." + _FALSE_IF_OMITTED})
    discarded = StrictBool(metadata={
        "description": "The hand discarded a card at the flop (it has one card fewer)." + _FALSE_IF_OMITTED})
    insured = StrictBool(metadata={
        "description": "The hand is insured: it may also use all its cards with fewer board cards."
                       + _FALSE_IF_OMITTED})

    @post_load
    def _hand(self, data: dict[str, Any], **kwargs: Any) -> PlayerHand:
        return PlayerHand(hole=tuple(data["hole"]), declare=data.get("declare"),
                          folded=data.get("folded", False), discarded=data.get("discarded", False),
                          insured=data.get("insured", False))


class PlayerSchema(RequestSchema):
    """One player, in seat order clockwise from the button's left."""

    id = fields.String(required=True, validate=validate.Length(min=1, max=64),
                       metadata={"description": "Unique among the players (1 to 64 characters)."})
    hole = card_list(load_default=tuple, metadata={"description": "Face-down own cards."})
    up = card_list(load_default=tuple, metadata={"description": "Face-up own cards (stud games)."})
    extra = card_list(load_default=tuple, metadata={
        "description": "Cards a rule deals the player at showdown (Hearts Poker: the jack of diamonds holder's extra "
                       "card): they play as face-up cards, after `up`."})
    folded = StrictBool(metadata={
        "description": "A folded player wins nothing; their chips in `contributions` are dead money."
                       + _FALSE_IF_OMITTED})
    declare = fields.String(validate=OneOf(["high", "low", "both"]), metadata={
        "description": "The declaration in declaration games (pot division `declare`): required of every "
                       "player still in; in any other game it is a 422 at `/players/<i>/declare`."})

    wild_rank = fields.String(validate=validate.OneOf([*"23456789TJQKA", "10"]), metadata={
        "description": "A personal wild rank, for variants that list `wild_rank` in `player_facts` (Football's "
                       "cut card): `2`-`9`, `T` or `10`, `J`, `Q`, `K`, `A`."})

    declared_hand = card_list(metadata={
        "description": "The hand the player declares, where the variant says the cards do not speak (Tic Tac Toe "
                       "with Posts): its five cards."})
    hands = BoundedList(fields.Nested(PlayerHandSchema), max_items=MAX_HANDS_PER_PLAYER, metadata={
        "description": "The player's separate hands, for variants that deal several per player and document it "
                       "(Double Trouble: [left, right]; Double-Edge Trim-Saw: its two sets, in place of the four hole "
                       "cards); each an object, or simply its list of cards; then hole, up and declare stay empty."})

    @pre_load
    def _hands_as_lists(self, data: Any, **kwargs: Any) -> Any:
        """A hand may be sent as its list of cards (reference 2.6): read as ``{"hole": [...]}``."""
        if isinstance(data, dict) and isinstance(data.get("hands"), list):
            data = {**data, "hands": [{"hole": h} if isinstance(h, list) else h for h in data["hands"]]}
        return data

    @post_load
    def _seat(self, data: dict[str, Any], **kwargs: Any) -> Seat:
        rank = data.get("wild_rank")
        return Seat(id=data["id"], hole=tuple(data["hole"]), up=(*data["up"], *data["extra"]),
                    folded=data.get("folded", False),
                    wild_rank=None if rank is None else "23456789TJQKA".index("T" if rank == "10" else rank),
                    declare=data.get("declare"), hands=tuple(data.get("hands", ())),
                    claim=tuple(data.get("declared_hand", ())))


class PotSchema(RequestSchema):
    """One pot and the players who may win it."""

    amount = Chips(required=True)
    eligible = BoundedList(fields.String(validate=validate.Length(min=1, max=64)), required=True,
                           max_items=MAX_PLAYERS, metadata={"description": "Player ids, each at most once."})

    @validates_schema(skip_on_field_errors=True)
    def _unique(self, data: dict[str, Any], **kwargs: Any) -> None:
        problems = _Problems()
        first: dict[str, int] = {}
        for j, player in enumerate(data["eligible"]):
            if player in first:
                problems.add(["eligible", j], "duplicate-player",
                             f"{player!r} is listed twice (also at /eligible/{first[player]})")
            first.setdefault(player, j)
        problems.raise_any()

    @post_load
    def _pot(self, data: dict[str, Any], **kwargs: Any) -> Pot:
        return Pot(data["amount"], tuple(data["eligible"]))


class ShowdownRequestSchema(RequestSchema):
    class Meta:
        unknown = RAISE
        description = (
            "One showdown: the variant (or a client-defined variant as `rules`), its options, the "
            f"board, the players in seat order (1 to {MAX_PLAYERS}), optionally the `button`, and the money as at "
            "most one of `pot`, `pots` or `contributions` (with `dead` beside contributions); with no money, every "
            "hand is still ranked and every share names its winners, for 0 chips (chip amounts are integers from 0 "
            f"to {MAX_CHIPS}). A player still in whom nobody contests (everyone else folded) needs no cards, nor "
            "does the board: he wins uncontested and his hand is answered as not shown. The work budget: "
            f"at most {MAX_COMBINATIONS_PER_REQUEST} hand combinations are scored for one request (all players, "
            "hands, runs and batch items together), counted before any is enumerated; a request needing more is a "
            "422 `over-limit` problem naming its cost (see `work` in `GET /v1/variants/{id}`)."
        )

    variant = VariantField(metadata={"type": "string", "description": _VARIANT_DOC,
                                     "examples": ["texas-holdem"]})
    rules = RulesField(metadata={"allOf": [component_ref("RulesVariant")], "description": RULES_DOC})
    options = BoundedDict(keys=fields.String(), values=OptionValue(metadata={"type": ["string", "boolean"]}),
                          max_keys=MAX_OPTIONS, load_default=dict, metadata={"description": _OPTIONS_DOC})
    board = BoardField(load_default=tuple, metadata={"description": _BOARD_DOC})
    players = BoundedList(fields.Nested(PlayerSchema), required=True, min_items=1, max_items=MAX_PLAYERS,
                          metadata={"description": f"In seat order, clockwise; 1 to {MAX_PLAYERS} players (the "
                                                   "variant may allow fewer). Without `button`, the list starts "
                                                   "at the seat left of the button (the last player listed has "
                                                   "it)."})
    button = fields.String(validate=validate.Length(min=1, max=64), metadata={
        "description": "The id of the player who has the button (with a dead button, the last player before it). "
                       "The players list stays in seat order, from any seat; odd chips and \"first clockwise\" "
                       "count from the button: the player after it is the first clockwise. Without it, the last "
                       "player listed has the button. An id that is not a player's is a 422 at `/button`."})
    runs = BoundedList(BoardField(), min_items=MIN_RUNS, max_items=MAX_RUNS, metadata={
        "description": f"Run it {MIN_RUNS} to {MAX_RUNS} times: each run's cards completing the shared `board` (for "
                       "a flat board, an array of the cards that follow it, e.g. a turn and a river after a flop; "
                       "for a layout game, an object from each missing position to its card). Every pot is "
                       "divided into equal parts, one per run (the first runs take one chip more where it does "
                       "not divide), each part settled on its run's board, odd chips by the variant's rule. No "
                       "card may appear twice within one run's board and the players' cards (two runs may show "
                       "the same card). The answer's `pots` and `payouts` are the totals, `players` the hands on "
                       "the first run, and `runs` each run's own answer. A problem in a run's cards points under "
                       "`/runs/<k>`; a game without a board is a 422 at `/runs`. The work budget counts every "
                       "run's search."})
    pot = Chips(metadata={"description": "One pot that every player still in is eligible for."})
    pots = BoundedList(fields.Nested(PotSchema), max_items=MAX_PLAYERS, metadata={
        "description": f"Main and side pots, each with its eligible players (at most {MAX_PLAYERS} pots)."})
    contributions = BoundedDict(keys=fields.String(), values=Chips(), max_keys=MAX_PLAYERS, metadata={
        "description": "Chips each player put in, every player named, folded players included (0 for one who "
                       "put in nothing; a player left out is a 422 at `/contributions/<id>`). The uncalled part of "
                       "the largest contribution (what its owner, still in, put in above everyone else) goes "
                       "back to him before the pots are built (the answer's `returned`, counted in `payouts`); "
                       "the rest builds the main and side pots. Folded players' chips are dead money."})
    dead = BoundedDict(keys=fields.String(), values=Chips(), max_keys=MAX_PLAYERS, metadata={
        "description": "With `contributions` only: chips players put in outside their level, by player (antes, "
                       "a big-blind ante, a dead small blind), not counted in `contributions`. They go to the "
                       "main pot, which every player still in may win (a player all in for less than the first "
                       "level contests them alone), and they are never returned as uncalled. Players not named "
                       "put in no dead money."})
    events = BoundedDict(keys=fields.String(), max_keys=MAX_EVENTS, load_default=dict, metadata={
        "description": "Play-time facts the final cards cannot show, as each variant documents in `events` of "
                       "`GET /v1/variants/{id}` (e.g. `up_order`: every face-up card in the order dealt; "
                       "`designator`: a card in nobody's hand). An unknown event, a missing required one, or "
                       "one that contradicts the cards is a 422 that says why."})

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def _check(self, data: dict[str, Any], original_data: Any, **kwargs: Any) -> None:
        if not isinstance(original_data, dict):
            return  # marshmallow already reports "Invalid input type."
        original: Mapping[str, Any] = original_data
        problems = _Problems()
        _game_problems(data, original, problems)
        given = [key for key in _MONEY if key in original]
        for key in given[1:]:
            problems.add([key], "money", f"give the money as at most one of pot, pots or contributions (also "
                         f"got {given[0]})")
        if "dead" in original and "contributions" not in original:
            problems.add(["dead"], "dead-without-contributions", "dead money goes with contributions: send every "
                         "player's contributions (0 for a player who put in nothing else)")
        problems.raise_any()

    @post_load
    def _call(self, data: dict[str, Any], **kwargs: Any) -> ShowdownCall:
        pots = tuple(data["pots"]) if "pots" in data else None
        board, positions = Deal.board_from(data["board"])
        variant: Variant = data.get("variant") or data["rules"]
        deal = Deal(seats=_sets_as_hole(variant, data["players"]), board=board, positions=positions,
                    pot=data.get("pot"), pots=pots, contributions=data.get("contributions"), dead=data.get("dead"),
                    button=data.get("button"), runs=tuple(data.get("runs", ())), events=data["events"])
        note_variant("showdown", RULES if data.get("variant") is None else data["variant"].id)
        return ShowdownCall(variant=variant, deal=deal, options=data["options"])


def _sets_as_hole(variant: Variant, seats: Sequence[Seat]) -> tuple[Seat, ...]:
    """Where the hole cards come in sets that never mix (Double-Edge Trim-Saw), a player's ``hands`` are those sets:
    read as his hole cards, set after set; each must hold its set's number of cards."""
    if not variant.hole_sets:
        return tuple(seats)
    problems = _Problems()
    found = []
    for i, seat in enumerate(seats):
        if seat.hands:
            sizes = [len(h.hole) for h in seat.hands]
            if sizes != list(variant.hole_sets):
                problems.add(["players", i, "hands"], "wrong-card-count",
                             f"{variant.name} deals sets of {' and '.join(map(str, variant.hole_sets))} cards, got "
                             f"sets of {' and '.join(map(str, sizes))}")
            seat = replace(seat, hole=(*seat.hole, *(c for h in seat.hands for c in h.hole)), hands=())
        found.append(seat)
    problems.raise_any()
    return tuple(found)


class EvaluateRequestSchema(RequestSchema):
    class Meta:
        unknown = RAISE
        description = ("One player's cards for a variant: the best hand of each kind the variant scores, and "
                       "with `list_combinations` its legal combinations, best first, a page at a time. The work "
                       f"budget ({MAX_COMBINATIONS_PER_REQUEST} units) counts each hand's combinations, again for "
                       "sorting them when listed, and 100 units per listed row.")

    variant = VariantField(metadata={"type": "string", "description": _VARIANT_DOC, "examples": ["omaha"]})
    rules = RulesField(metadata={"allOf": [component_ref("RulesVariant")], "description": RULES_DOC})
    options = BoundedDict(keys=fields.String(), values=OptionValue(metadata={"type": ["string", "boolean"]}),
                          max_keys=MAX_OPTIONS, load_default=dict, metadata={"description": _OPTIONS_DOC})
    hole = card_list(load_default=tuple, metadata={"description": "Face-down own cards."})
    up = card_list(load_default=tuple, metadata={"description": "Face-up own cards (stud games)."})
    board = BoardField(load_default=tuple, metadata={"description": _BOARD_DOC})
    list_combinations = StrictBool(metadata={
        "description": "Also list the legal combinations of each hand, best first, one page at a time "
                       "(`offset`, `limit`); the answer's `combinations_total` counts them all." + _FALSE_IF_OMITTED})
    offset = fields.Integer(validate=validate.Range(min=0, max=MAX_COMBINATIONS_PER_REQUEST), strict=True,
                            metadata={"description": "With `list_combinations`: how many of the best combinations "
                                                     "to skip. Omitted means 0."})
    limit = fields.Integer(validate=validate.Range(min=1, max=MAX_PAGE), strict=True,
                           metadata={"description": f"With `list_combinations`: how many combinations to list per "
                                                    f"hand (1 to {MAX_PAGE}). Omitted means {DEFAULT_PAGE}."})

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def _check(self, data: dict[str, Any], original_data: Any, **kwargs: Any) -> None:
        if not isinstance(original_data, dict):
            return  # marshmallow already reports "Invalid input type."
        problems = _Problems()
        _game_problems(data, original_data, problems)
        problems.raise_any()

    @post_load
    def _call(self, data: dict[str, Any], **kwargs: Any) -> EvaluateCall:
        note_variant("evaluation", RULES if data.get("variant") is None else data["variant"].id)
        return EvaluateCall(variant=data.get("variant") or data["rules"], options=data["options"],
                            hole=tuple(data["hole"]),
                            up=tuple(data["up"]), board=data["board"],
                            list_combinations=data.get("list_combinations", False),
                            offset=data.get("offset", 0), limit=data.get("limit", DEFAULT_PAGE))


class BatchRequestSchema(RequestSchema):
    class Meta:
        unknown = RAISE
        description = (f"Up to {MAX_BATCH} showdowns, each validated and adjudicated independently: a bad "
                       "item gets its own problem in the answer and does not fail the batch. Over the limit, "
                       "the whole request is a 422.")

    showdowns = BoundedList(Deferred(ShowdownRequestSchema), required=True, max_items=MAX_BATCH,
                            metadata={"description": f"1 to {MAX_BATCH} showdown requests."}, min_items=1)

    @post_load
    def _batch(self, data: dict[str, Any], **kwargs: Any) -> BatchRequest:
        return BatchRequest(showdowns=data["showdowns"])
