"""Response bodies, dumped straight from the library's result records (:class:`evaluator.ShowdownResult`,
:class:`evaluator.HandEvaluation`) and the catalog's descriptions."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, post_dump

from evaluator import RANKS, Share
from service.schemas.fields import BoardField, CardField, PlayedBoardField
from service.schemas.problems import ProblemSchema

__all__ = [
    "AwardSchema",
    "BatchItemSchema",
    "BatchResponseSchema",
    "HandEvaluationSchema",
    "HandSchema",
    "OddChipSchema",
    "PlayerResultSchema",
    "PotResultSchema",
    "RunResultSchema",
    "ShowdownResponseSchema",
    "WildInForceSchema",
    "WildSchema",
]


def _cards(**kwargs: Any) -> fields.List[Any]:
    return fields.List(CardField(), required=True, **kwargs)


def _chips_by_player(description: str) -> dict[str, Any]:
    return {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0},
            "description": description}


class WildSchema(Schema):
    """A wild card used in a hand and the card it became."""

    card = fields.Function(lambda pair: str(pair[0]), required=True, metadata={
        "type": "string", "description": "The wild card as dealt."})
    as_ = fields.Function(lambda pair: str(pair[1]), required=True, data_key="as", metadata={
        "type": "string", "description": "The card it plays as."})


class HandSchema(Schema):
    class Meta:
        description = (
            "A player's best hand of one kind (`high`, `low`, `badugi`...). A player with no legal or no "
            "qualifying hand of this kind still gets the entry, with `qualifies: false`, the `reason`, and "
            "null or empty other fields."
        )

    category = fields.String(required=True, allow_none=True, metadata={
        "description": "A stable slug: `high-card`, `pair`, `two-pair`, `three-of-a-kind`, `straight`, "
                       "`flush`, `full-house`, `four-of-a-kind`, `straight-flush`, `five-of-a-kind`, or "
                       "variant-specific."})
    description = fields.String(required=True, allow_none=True, metadata={"description": "For people."})
    cards = _cards(metadata={"description": "The hand as played, each wild card shown as what it became."})
    hole = _cards(metadata={"description": "The player's face-down cards used."})
    up = _cards(metadata={"description": "The player's face-up cards used."})
    board = PlayedBoardField(required=True, metadata={
        "description": "The board cards used: in deal order for a flat board (an object from position to "
                       "card for layout games)."})
    board_group = fields.String(attribute="group", required=True, allow_none=True, metadata={
        "description": "The legal board group used (layout games); null for a flat board."})
    wilds = fields.List(fields.Nested(WildSchema), required=True, dump_default=list, metadata={
        "description": "Each wild card used and what it became."})
    qualifies = fields.Boolean(required=True)
    reason = fields.String(required=True, allow_none=True, metadata={
        "description": "Why there is no hand or why it does not qualify; null when it qualifies."})
    strength = fields.List(fields.Integer(), required=True, metadata={
        "description": "Compares hands of the same kind: a greater list (compared item by item, then by "
                       "length) is a better hand, lowball included. Empty when there is no hand."})


class PlayerResultSchema(Schema):
    id = fields.String(required=True)
    folded = fields.Boolean(required=True)
    hands = fields.Dict(keys=fields.String(), values=fields.Nested(HandSchema), required=True, metadata={
        "description": "One entry per kind of hand the variant scores (`high`, `low`, ...)."})


class OddChipSchema(Schema):
    player = fields.String(required=True)
    chips = fields.Integer(required=True)
    reason = fields.String(required=True)


def _payouts_of_share(share: Share) -> dict[str, int]:
    return dict(share.paid)


class AwardSchema(Schema):
    """One share of one pot: its chips, its winners and what each of them receives."""

    share = fields.String(attribute="name", required=True, metadata={
        "description": "`high`, `low`, or a variant-specific share; `split` when no hand qualifies and the "
                       "pot is shared by the players at showdown."})
    amount = fields.Integer(required=True)
    winners = fields.List(fields.String(), required=True)
    payouts = fields.Function(_payouts_of_share, required=True, metadata=_chips_by_player(
        "Chips each winner receives from this share."))
    odd_chips = fields.List(fields.Nested(OddChipSchema), required=True, metadata={
        "description": "Who received an indivisible remainder, and why."})
    note = fields.String(required=True, allow_none=True)


class BreakerPlaySchema(Schema):
    """What the Breakers did in one pot (Breaker games)."""

    played_by = fields.List(fields.String(), required=True, metadata={
        "description": "Players who played a Breaker in this pot (it made them win)."})
    broken = fields.List(fields.String(), required=True, metadata={
        "description": "Players whose straight, flush or straight flush the Breaker broke."})
    dead = fields.List(fields.String(), required=True, metadata={
        "description": "Holders eligible for this pot whose Breaker would not have won: it stayed dead."})


class PotResultSchema(Schema):
    amount = fields.Integer(required=True)
    eligible = fields.List(fields.String(), required=True)
    awards = fields.List(fields.Nested(AwardSchema), attribute="shares", required=True, metadata={
        "description": "Every share of the pot with its winners, for a pot of 0 chips too (the hands are ranked "
                       "all the same); a pot only one player may win is his, with the note `uncontested`."})
    carried_over = fields.Integer(required=True, metadata={
        "description": "Chips that stay for the next deal (Two Thirds or Riding Ramone with no winner, Tic Tac Toe "
                       "with choice's odd chip)."})
    owes = fields.Function(lambda pot: dict(pot.owes), required=True, metadata=_chips_by_player(
        "Chips each player owes the next pot (Guts: the losing players who stayed in match the pot) or the "
        "series' posts pot (Tic Tac Toe with Posts: one post from every player but the winner); empty otherwise. "
        "Not part of `payouts`."))
    breaker = fields.Nested(BreakerPlaySchema, metadata={
        "description": "Breaker games only (absent otherwise, and where no holder is eligible for the pot): who "
                       "played a Breaker in this pot and what it broke."})

    @post_dump
    def _without_empty_breaker(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        if data.get("breaker") is None:
            data.pop("breaker", None)
        return data


class RunResultSchema(Schema):
    """One run of a hand run several times: its whole board, the hands on it, its part of every pot."""

    board = BoardField(attribute="whole_board", required=True, metadata={
        "description": "The run's whole board: the shared cards and the run's own (an object for a layout)."})
    players = fields.List(fields.Nested(PlayerResultSchema), required=True, metadata={
        "description": "Every player's hands on this run's board."})
    pots = fields.List(fields.Nested(PotResultSchema), required=True, metadata={
        "description": "This run's part of every pot, divided on its board."})
    payouts = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True,
                          metadata=_chips_by_player("What this run paid each player, zero included."))
    summary = fields.String(required=True)


def _variant_id(result: Any) -> str:
    return str(result.variant.id)


class WildInForceSchema(Schema):
    class Meta:
        description = ("The wild cards in force in this deal and why. Null for a game without wild cards.")

    ranks = fields.Function(lambda wild: [RANKS[r] for r in wild.ranks], required=True, metadata={
        "type": "array", "items": {"type": "string"},
        "description": "The ranks wild for everyone in this deal (`6`, `T`...); empty when the wild cards depend on "
                       "the player (his lowest face-down card, sets worth 7) or are single cards."})
    cards = fields.Function(lambda wild: {p: [str(c) for c in cards] for p, cards in wild.cards}, required=True,
                            metadata={"type": "object", "additionalProperties": {"type": "array",
                                                                                  "items": {"type": "string"}},
                                      "description": "Each player's wild cards among the cards he may use "
                                                     "(those his hands played as wild cards included)."})
    reasons = fields.List(fields.String(), required=True, metadata={
        "description": "One sentence per wild rule: what it makes wild and why (\"Sixes are wild: the card after "
                       "the last face-up queen\"). The summary ends with them."})


class ShowdownResponseSchema(Schema):
    class Meta:
        description = ("The adjudicated showdown. The sum of `payouts` plus every pot's `carried_over` "
                       "equals the money in the request, always.")

    variant = fields.Function(_variant_id, required=True, metadata={"type": "string"})
    options = fields.Dict(keys=fields.String(), values=fields.String(), required=True, metadata={
        "description": "Every option of the variant, defaults included."})
    players = fields.List(fields.Nested(PlayerResultSchema), required=True)
    pots = fields.List(fields.Nested(PotResultSchema), required=True)
    payouts = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True,
                          metadata=_chips_by_player("Every player's total, zero included (chips given back "
                                                    "uncalled included)."))
    returned = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata=_chips_by_player(
        "Present only when chips were given back: the uncalled part of the largest contribution, to its owner, "
        "before the pots were built (as card rooms do); already counted in `payouts`."))
    runs = fields.List(fields.Nested(RunResultSchema), metadata={
        "description": "Present only when the hand was run several times (`runs` in the request): each run's own "
                       "answer; `pots` and `payouts` above are then the totals and `players` the first run's "
                       "hands."})
    summary = fields.String(required=True, metadata={"description": "One or two plain sentences."})
    wild = fields.Nested(WildInForceSchema, required=True, allow_none=True)

    @post_dump
    def _without_empty_returned(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        for optional in ("returned", "runs"):
            if not data.get(optional):
                data.pop(optional, None)
        return data


class ToComeSchema(Schema):
    class Meta:
        description = "The cards a partial deal still lacks before the showdown (the least the variant deals)."

    up = fields.Integer(required=True, metadata={"description": "Up cards still to come (stud games)."})
    board = fields.Integer(required=True, metadata={"description": "Flat-board cards still to come."})
    positions = fields.List(fields.String(), required=True, metadata={
        "description": "Layout positions still empty."})


class HandEvaluationSchema(Schema):
    class Meta:
        description = "One player's best hands; `combinations` only when `list_combinations` was true."

    variant = fields.Function(_variant_id, required=True, metadata={"type": "string"})
    options = fields.Dict(keys=fields.String(), values=fields.String(), required=True)
    hands = fields.Dict(keys=fields.String(), values=fields.Nested(HandSchema), required=True)
    combinations = fields.Dict(keys=fields.String(), values=fields.List(fields.Nested(HandSchema)), metadata={
        "description": "One page (`offset`, `limit`) of each hand's legal combinations, best first."})
    combinations_total = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={
        "description": "How many legal combinations each hand has in all (with `list_combinations`)."})
    to_come = fields.Nested(ToComeSchema, metadata={
        "description": "Only for a partial deal (a flop, a turn, fewer up cards; hole cards are always whole): "
                       "the cards still to come. Each hand is then the best so far, or none yet (`reason` says "
                       "what is to come)."})

    @post_dump
    def _drop_absent(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        for key in ("combinations", "combinations_total", "to_come"):
            if data.get(key) is None:
                data.pop(key, None)
        return data


class BatchItemSchema(Schema):
    class Meta:
        description = "One item of a batch: a `result` with status 200, or a `problem` with its status."

    index = fields.Integer(required=True, metadata={"description": "The item's position in `showdowns`."})
    status = fields.Integer(required=True, metadata={"enum": [200, 422]})
    result = fields.Nested(ShowdownResponseSchema)
    problem = fields.Nested(ProblemSchema, metadata={
        "description": "The problem `POST /v1/showdowns` would answer; pointers are relative to the item."})

    @post_dump
    def _drop_absent(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        return {key: value for key, value in data.items() if value is not None}


class BatchResponseSchema(Schema):
    results = fields.List(fields.Nested(BatchItemSchema), required=True, metadata={
        "description": "One entry per request item, in the same order."})

