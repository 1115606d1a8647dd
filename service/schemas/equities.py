"""``POST /v1/equities``: the request (a showdown request whose unknown cards are ``null`` or left out, ``dead``
cards, and how to compute) and the answer (each player's expected chips per pot and share, with win, tie and scoop
probabilities), encoded from :class:`evaluator.engine.equity.Equities`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from marshmallow import Schema, ValidationError, fields, post_load, validate, validates_schema

from evaluator import (
    DEFAULT_SAMPLES,
    MAX_EQUITY_WORK,
    MAX_PLAYERS,
    Card,
    CardSyntaxError,
    Deal,
    Equities,
    Method,
    Seat,
    Spot,
    equity_summary,
    parse_card,
)
from evaluator.records import Variant
from service.schemas.fields import (
    CARD_REF,
    MAX_CARDS_PER_PLACE,
    BoundedList,
    Coded,
    OneOf,
    Range,
    card_list,
    read_board,
)
from service.schemas.requests import PlayerSchema, ShowdownRequestSchema

__all__ = ["EquityCall", "EquityRequestSchema", "EquityResponseSchema", "equities_body"]

#: The most Monte Carlo samples a request may ask for (the work budget usually allows fewer).
MAX_SAMPLES: Final = 10_000_000
_OPEN_CARD: Final = {"oneOf": [CARD_REF, {"type": "string", "enum": ["?", "??"]}, {"type": "null"}]}

OpenCards = tuple[Card | None, ...]


@dataclass(frozen=True, slots=True)
class EquityCall:
    """A decoded equity request: what :func:`evaluator.engine.equity.plan_equities` takes."""

    variant: Variant
    spot: Spot
    options: Mapping[str, str]
    method: Method
    samples: int | None
    precision: float | None
    seed: int | None


#: How a card not known yet may be written, beside ``null`` (``??`` is PHH's notation for one unknown card).
UNKNOWN_CARDS: Final = ("?", "??")
_HOW_UNKNOWN: Final = "for a card not known yet write null, '?' or '??'"


def _open_card(value: object) -> Card | None:
    if value is None or (isinstance(value, str) and value.strip() in UNKNOWN_CARDS):
        return None
    if not isinstance(value, str):
        raise ValidationError(Coded("bad-card", f"{value!r} is not a card: expected a string such as 'As' "
                                                f"({_HOW_UNKNOWN})"))
    if set(value.strip()) == {"?"}:
        raise ValidationError(Coded("bad-card", f"{value!r} is not one card: each item is one card, so two unknown "
                                                "cards (PHH's '????') are two items, '??' and '??'"))
    try:
        return parse_card(value)
    except CardSyntaxError as exc:
        raise ValidationError(Coded("bad-card", f"{exc}; {_HOW_UNKNOWN}")) from None


class OpenCardList(fields.Field[OpenCards]):
    """A list of cards where ``null`` is a card not known yet; each bad item is reported at its own index."""

    default_error_messages = {"invalid": "expected a list of cards (null, '?' or '??' for a card not known yet)"}  # noqa: RUF012

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None,
                     **kwargs: Any) -> OpenCards:
        if not isinstance(value, list):
            raise self.make_error("invalid")
        if len(value) > MAX_CARDS_PER_PLACE:
            raise ValidationError(Coded("over-limit", f"at most {MAX_CARDS_PER_PLACE} items, got {len(value)}"))
        cards: list[Card | None] = []
        errors: dict[int, list[str]] = {}
        for i, item in enumerate(value):
            try:
                cards.append(_open_card(item))
            except ValidationError as exc:
                errors[i] = list(exc.messages) if isinstance(exc.messages, list) else [str(exc.messages)]
        if errors:
            raise ValidationError(errors)
        return tuple(cards)


OpenBoard = OpenCards | dict[str, Card | None]


class OpenBoardField(fields.Field[OpenBoard]):
    """The community cards known so far: an array in deal order (``null``, or a short array, for cards to come),
    or for a layout an object from position to card (``null``, or a position left out, for a card to come)."""

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None,
                     **kwargs: Any) -> OpenBoard:
        return read_board(value, _open_card, "the board is an array of cards (or, for a layout game, an object "
                                             "from position to card); null for a card to come")


def _open_list(description: str) -> OpenCardList:
    return OpenCardList(load_default=tuple, metadata={
        "type": "array", "items": _OPEN_CARD, "maxItems": MAX_CARDS_PER_PLACE, "description": description})


class EquityPlayerSchema(PlayerSchema):
    """One player; ``null`` in ``hole`` or ``up`` for a card not known yet."""

    hole = _open_list("Face-down own cards; null (or `?`, `??`) for a card not known (yet).")  # type: ignore[assignment]
    up = _open_list("Face-up own cards (stud games); null (or `?`, `??`) for one still to come.")  # type: ignore[assignment]

    @post_load
    def _seat(self, data: dict[str, Any], **kwargs: Any) -> tuple[Seat, OpenCards, OpenCards]:
        rank = data.get("wild_rank")
        seat = Seat(id=data["id"], folded=data.get("folded", False),
                    wild_rank=None if rank is None else "23456789TJQKA".index("T" if rank == "10" else rank),
                    declare=data.get("declare"), hands=tuple(data.get("hands", ())),
                    claim=tuple(data.get("declared_hand", ())))
        return seat, tuple(data["hole"]), tuple(data["up"])


_METHOD_DOC = ("`exact` enumerates every runout (a 422 `over-limit` when they do not fit the work budget), "
               "`monte-carlo` samples them, `auto` (when omitted) is exact when every runout fits the budget and "
               "`samples` or `precision` do not ask for fewer, otherwise Monte Carlo.")


class EquityRequestSchema(ShowdownRequestSchema):
    class Meta:
        exclude = ("runs",)
        description = (
            "A showdown with some cards still unknown: the board so far (a flat board's array in deal order, "
            "shorter than the variant's or with `null` for the cards to come; a layout's object with positions "
            "left out or `null`), `null` (or `?`, or `??` as PHH writes it) in place of unknown hole or up "
            "cards, and `dead_cards` seen folded or burned (`dead` stays the showdown's dead money; `runs` is not "
            "taken here). Every runout of the unknown cards from the rest of the deck is adjudicated as "
            "`POST /v1/showdowns` would. Face-up cards still to come are dealt after the known ones, street by "
            "street in seat order (where the variant reads `events.up_order`, give the known face-up cards in "
            f"their order, or leave it out for street-by-street order). The work budget ({MAX_EQUITY_WORK:,} units, "
            "about a microsecond each): one runout settled by the engine costs 4 times its showdown's combinations "
            "plus 3,000; on the vectorised path (flat board, only board or hole cards unknown, Hold'em-style or "
            "Omaha high and eight-or-better low hands) a twentieth of its combinations. Exact when every runout "
            "fits; Monte Carlo "
            "samples are bounded by it too."
        )

    players = BoundedList(fields.Nested(EquityPlayerSchema), required=True, min_items=1, max_items=MAX_PLAYERS,
                          metadata={"description": "In seat order, clockwise from the button's left; `null` (or `?`) "
                                                   "for an unknown card."})
    board = OpenBoardField(load_default=tuple, metadata={  # type: ignore[assignment]
        "description": "The community cards known so far: an array in deal order (`null` or missing at the end "
                       "for cards to come) or, for a layout game, an object from position to card (a position "
                       "`null` or left out for a card to come).",
        "oneOf": [{"type": "array", "items": _OPEN_CARD, "maxItems": MAX_CARDS_PER_PLACE},
                  {"type": "object", "additionalProperties": _OPEN_CARD, "maxProperties": MAX_CARDS_PER_PLACE}]})
    dead_cards = card_list(load_default=tuple, metadata={
        "description": "Cards out of the deck (folded, burned, seen): no runout deals them."})
    method = fields.String(validate=OneOf(["auto", "exact", "monte-carlo"]), metadata={"description": _METHOD_DOC})
    samples = fields.Integer(strict=True, validate=Range(min=1, max=MAX_SAMPLES), metadata={
        "description": f"Monte Carlo samples (default {DEFAULT_SAMPLES:,}, or fewer where the budget allows "
                       "fewer). Over the budget: a 422 `over-limit` naming the cost."})
    precision = fields.Float(validate=Range(min=0.0005, max=0.5), metadata={
        "description": "Instead of `samples`: the half-width of the 95% interval wanted on every probability "
                       "(0.01 for one point), i.e. `(1.96 / 2 / precision)^2` samples."})
    seed = fields.Integer(strict=True, validate=Range(min=0, max=2**63 - 1), metadata={
        "description": "Seeds the Monte Carlo draws: the same request and seed give the same answer. Without one "
                       "the answer names the seed it used."})

    @post_load
    def _call(self, data: dict[str, Any], **kwargs: Any) -> EquityCall:
        players: list[tuple[Seat, OpenCards, OpenCards]] = data["players"]
        variant: Variant = data.get("variant") or data["rules"]
        board = data["board"]
        positions: tuple[str, ...] | None = tuple(board) if isinstance(board, dict) else None
        cards: OpenCards = tuple(board.values()) if isinstance(board, dict) else tuple(board)
        pots = tuple(data["pots"]) if "pots" in data else None
        deal = Deal(seats=tuple(p[0] for p in players), pot=data.get("pot"), pots=pots,
                    contributions=data.get("contributions"), dead=data.get("dead"), button=data.get("button"),
                    events=data["events"])
        spot = Spot(deal=deal, board=cards, positions=positions, hole=tuple(p[1] for p in players),
                    up=tuple(p[2] for p in players), dead=tuple(data["dead_cards"]))
        return EquityCall(variant=variant, spot=spot, options=data["options"], method=data.get("method", "auto"),
                          samples=data.get("samples"), precision=data.get("precision"), seed=data.get("seed"))

    @validates_schema
    def _samples_or_precision(self, data: dict[str, Any], **kwargs: Any) -> None:
        if "samples" in data and "precision" in data:
            raise ValidationError({"precision": [Coded("samples-and-precision", "give samples or precision, "
                                                       "not both")]})


# --- the answer -------------------------------------------------------------------------------------------------


def _interval(mean: float, error: float | None, top: int) -> list[float] | None:
    if error is None:
        return None
    return [max(mean - 1.959963984540054 * error, 0.0), min(mean + 1.959963984540054 * error, float(top))]


def equities_body(result: Equities) -> dict[str, Any]:
    """The answer as JSON (what :class:`EquityResponseSchema` documents). With no chips in, the expectations are
    left null and the errors and intervals are of the equity (the fraction of the pot) instead."""
    n = result.runouts or 1
    unit = result.money_in if result.notional else 1  # a notional pot's chips read as fractions of it

    def chips(amount: float) -> float | None:
        return None if result.notional else amount

    def spread(total: int, squares: int, top: int) -> tuple[float | None, list[float] | None]:
        error = result.standard_error(total, squares)
        error = None if error is None else error / unit
        return error, _interval(total / n / unit, error, 1 if result.notional else top)

    players = []
    for player in result.players:
        expected = player.chips / n
        pots = []
        for pot in player.pots:
            amount = result.pots[pot.pot][0]
            shares = []
            for s in pot.shares:
                error, interval = spread(s.chips, s.squares, amount)
                shares.append({"share": s.share, "expected": chips(s.chips / n), "standard_error": error,
                               "interval": interval, "win": s.wins / n, "tie": s.ties / n})
            pots.append({"pot": pot.pot, "expected": chips(pot.chips / n), "scoop": pot.scoops / n,
                         "shares": shares})
        error, interval = spread(player.chips, player.squares, result.money_in)
        players.append({
            "id": player.id,
            "expected": chips(expected),
            "equity": expected / result.money_in,
            "standard_error": error,
            "interval": interval,
            "pots": pots,
        })
    return {
        "variant": result.variant.id,
        "options": dict(result.options),
        "method": result.method,
        "runouts": result.runouts,
        "void_runouts": result.void_runouts,
        "seed": result.seed,
        "unknown_cards": result.unknown_cards,
        "money_in": 0 if result.notional else result.money_in,
        "pots": [{"amount": 0 if result.notional else amount, "eligible": list(eligible)}
                 for amount, eligible in result.pots],
        "players": players,
        "carried_over": chips(result.carried_over / n),
        "carried_over_equity": result.carried_over / n / result.money_in,
        **({"returned": dict(result.returned)} if result.returned else {}),
        "summary": equity_summary(result),
    }


_ERROR: Final = ("Monte Carlo: the standard error of `expected` (of `equity` when no chips are in); null when "
                  "exact.")
_INTERVAL: Final = ("Monte Carlo: the 95% interval of `expected` (of `equity` when no chips are in); null when "
                    "exact.")


def _nullable_float(description: str) -> fields.Float:
    return fields.Float(required=True, allow_none=True, metadata={"description": description})


def _interval_field(description: str) -> fields.List[Any]:
    return fields.List(fields.Float(), required=True, allow_none=True, validate=validate.Length(equal=2),
                       metadata={"description": description})


class ShareOddsSchema(Schema):
    share = fields.String(required=True, metadata={"description": "`high`, `low`, `split`, or a variant's share."})
    expected = _nullable_float("Expected chips from this share; null when no chips are in.")
    standard_error = _nullable_float(_ERROR)
    interval = _interval_field(_INTERVAL)
    win = fields.Float(required=True, metadata={"description": "Probability of winning this share alone."})
    tie = fields.Float(required=True, metadata={"description": "Probability of sharing it with others."})


class PotOddsSchema(Schema):
    pot = fields.Integer(required=True, metadata={"description": "Index into `pots` (0: the main pot)."})
    expected = _nullable_float("Expected chips from this pot; null when no chips are in.")
    scoop = fields.Float(required=True, metadata={
        "description": "Probability of winning every share of this pot alone."})
    shares = fields.List(fields.Nested(ShareOddsSchema), required=True)


class PlayerOddsSchema(Schema):
    id = fields.String(required=True)
    expected = _nullable_float("Expected chips from all pots; null when no chips are in.")
    equity = fields.Float(required=True, metadata={
        "description": "The player's share of the money in, 0 to 1 (0.82 for aces against kings preflop); with no "
                       "chips in, his share of a pot, ties split as the pot would be."})
    standard_error = _nullable_float(_ERROR)
    interval = _interval_field(_INTERVAL)
    pots = fields.List(fields.Nested(PotOddsSchema), required=True, metadata={
        "description": "Each pot the player is eligible for."})


class EquityPotSchema(Schema):
    amount = fields.Integer(required=True)
    eligible = fields.List(fields.String(), required=True)


class EquityResponseSchema(Schema):
    class Meta:
        description = ("Every player's share of the pot over the runouts (`equity`, a fraction), and where chips "
                       "are in his expected chips per pot and share: the players' `expected` plus `carried_over` "
                       "add up to `money_in`, their `equity` plus `carried_over_equity` to 1. Asked with no chips "
                       "in, the shares are of a pot all the live players contest, and the chip figures are null.")

    variant = fields.String(required=True)
    options = fields.Dict(keys=fields.String(), values=fields.String(), required=True)
    method = fields.String(required=True, metadata={"enum": ["exact", "monte-carlo"]})
    runouts = fields.Integer(required=True, metadata={
        "description": "Runouts adjudicated: all of them (exact) or the samples (Monte Carlo)."})
    void_runouts = fields.Integer(required=True, metadata={
        "description": "Runouts left out because the deal would be void under the variant's rules."})
    seed = fields.Integer(required=True, allow_none=True, metadata={
        "description": "Monte Carlo: the seed used (send it back to repeat the answer); null when exact."})
    unknown_cards = fields.Integer(required=True)
    money_in = fields.Integer(required=True)
    pots = fields.List(fields.Nested(EquityPotSchema), required=True)
    players = fields.List(fields.Nested(PlayerOddsSchema), required=True)
    carried_over = _nullable_float("Expected chips carried to the next deal; null when no chips are in.")
    carried_over_equity = fields.Float(required=True, metadata={
        "description": "The fraction of the pot carried to the next deal."})
    returned = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={
        "description": "Chips given back before any pot is built (the uncalled part of the largest contribution), "
                       "by player, whatever the runout: already in that player's `expected`, in no pot. Only "
                       "when there are some."})
    summary = fields.String(required=True, metadata={"description": "One line: `ann 64%, bob 36% (exact, 990 "
                                                                    "runouts)`."})
