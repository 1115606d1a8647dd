"""The catalog documents: ``GET /v1/variants`` (summaries) and ``GET /v1/variants/{id}`` (one variant in full,
the shape :func:`evaluator.describe_variant` builds)."""

from __future__ import annotations

from marshmallow import Schema, fields

from evaluator.records import Variant
from service.schemas.fields import component_ref
from service.schemas.rules import schema_for

__all__ = ["VariantListSchema", "VariantSchema", "VariantSummarySchema"]


def _text(**metadata: object) -> fields.String:
    return fields.String(required=True, metadata=metadata)


class CountSchema(Schema):
    """A range of counts; `max` is null when there is no upper bound."""

    min = fields.Integer(required=True)
    max = fields.Integer(required=True, allow_none=True)


class VariantSummarySchema(Schema):
    id = _text(description="The variant's id, used in requests.")
    name = _text()
    aliases = fields.List(fields.String(), required=True,
                          metadata={"description": "Other names requests accept."})
    tags = fields.List(fields.String(), required=True)
    description = _text()


class VariantListSchema(Schema):
    variants = fields.List(fields.Nested(VariantSummarySchema), required=True)


class DeckSchema(Schema):
    id = _text()
    description = _text()
    size = fields.Integer(required=True)


class CardCountsSchema(Schema):
    hole = fields.Nested(CountSchema, required=True)
    up = fields.Nested(CountSchema, required=True)
    own_plus_board = fields.Nested(CountSchema, required=True, allow_none=True, metadata={
        "description": "A total that own cards and board cards must reach together, where there is one."})


class BoardGroupSchema(Schema):
    name = _text()
    positions = fields.List(fields.String(), required=True)


class PositionSchema(Schema):
    name = _text(description="The key of this card in a request's `board` object.")
    x = fields.Float(required=True, metadata={"description": "Grid column, for drawing."})
    y = fields.Float(required=True, metadata={"description": "Grid row, for drawing (0 at the top)."})
    segment = _text(description="The source the formation's count rules name (a row, a pile, `must`...).")
    optional = fields.Boolean(required=True, metadata={"description": "May be left out of a request."})


class BoardShapeSchema(Schema):
    kind = _text(enum=["flat", "layout"], description="`flat`: an array of cards in deal order; `layout`: an "
                 "object from position name to card.")
    count = fields.Nested(CountSchema, required=True, metadata={"description": "Flat boards: how many cards."})
    description = fields.String(metadata={"description": "Layouts: the layout in words."})
    positions = fields.List(fields.Nested(PositionSchema), metadata={
        "description": "Layouts: every position, with drawing coordinates."})
    groups = fields.List(fields.Nested(BoardGroupSchema), metadata={
        "description": "Layouts: the legal board groups (lines, rows, sides, boards); a hand's board cards come "
                       "from one group where its formation lists groups."})


class FormationSchema(Schema):
    text = _text(description="The formation rule in words.")
    picks = fields.List(fields.Dict(keys=fields.String(), values=fields.Nested(CountSchema)), required=True,
                        metadata={"description": "Alternatives: for each, how many cards each source gives."})
    groups = fields.List(fields.Nested(BoardGroupSchema), required=True)


class QualifierSchema(Schema):
    kind = _text(enum=["low", "high"])
    label = _text()
    max_value = fields.Integer(metadata={"description": "Low qualifiers: the highest card allowed."})
    min_category = fields.String(metadata={"description": "High qualifiers: the lowest category allowed."})


class HandSpecSchema(Schema):
    name = _text(description="The key of this hand in `hands` of a showdown answer.")
    ranking = _text()
    ranking_description = _text()
    cards = fields.Integer(required=True)
    formation = fields.Nested(FormationSchema, required=True)
    qualifier = fields.Nested(QualifierSchema, required=True, allow_none=True)


class RuleTextSchema(Schema):
    kind = _text()
    description = _text()


class OddChipRuleSchema(Schema):
    rule = _text()
    description = _text()


class OptionSchema(Schema):
    name = _text()
    description = _text()
    default = _text()
    values = fields.List(fields.String(), required=True)


class EventSpecSchema(Schema):
    name = _text(description="The key in `events` of a showdown request.")
    kind = _text(enum=["card", "cards", "ranks", "index", "player", "chips"],
                 description="A card, a list of cards, a list of ranks, an index (a position on a circle), a "
                             "player (the id of a player still in the hand), or chips (a non-negative integer).")
    required = fields.Boolean(required=True)
    description = _text()


class WorkSchema(Schema):
    class Meta:
        description = (
            "The work budget: every request (all its players, hands, batch items and listed combinations "
            "together) may score at most `budget` hand combinations, counted from the formations before any "
            "is enumerated; over it, the request is a 422 `over-limit` problem naming its cost. A combination "
            "scored with wild cards in play counts 2, one scored by a ranking computed in Python (DOOGIE) 20, "
            "one listed by `list_combinations` 100.")

    budget = fields.Integer(required=True, metadata={"description": "Work units one request may spend."})
    example_cost = fields.Integer(required=True, allow_none=True, metadata={
        "description": "What this variant's `example` costs (null when the example is not a showdown)."})


class VariantSchema(VariantSummarySchema):
    class Meta:
        description = ("One variant in full: everything a client needs to build a request, and `example`, a "
                       "complete request it can post as it is.")

    deck = fields.Nested(DeckSchema, required=True)
    seats = fields.Nested(CountSchema, required=True)
    cards = fields.Nested(CardCountsSchema, required=True)
    board = fields.Nested(BoardShapeSchema, required=True)
    hands = fields.List(fields.Nested(HandSpecSchema), required=True)
    pot_division = fields.Nested(RuleTextSchema, required=True)
    odd_chips = fields.Nested(OddChipRuleSchema, required=True)
    wild_cards = fields.List(fields.String(), required=True, metadata={
        "description": "Which cards are wild, one rule each (empty: none). A wild card stands for any rank and "
                       "suit, copies of held cards included (five of a kind ranks above a straight flush; a "
                       "flush compares card by card, so a wild ace may pair an ace in a flush)."})
    options = fields.List(fields.Nested(OptionSchema), required=True)
    events = fields.List(fields.Nested(EventSpecSchema), required=True, metadata={
        "description": "The play-time events the variant reads from `events` of a showdown request."})
    player_facts = fields.List(fields.String(), required=True, metadata={
        "description": "Per-player facts the variant reads besides cards (e.g. `wild_rank`)."})
    out_if_face_up = fields.List(fields.String(), required=True, metadata={
        "description": "Ranks that put a player out when dealt to him face up: he cannot win."})
    notes = fields.List(fields.String(), required=True)
    work = fields.Nested(WorkSchema, required=True)
    rules = fields.Nested(schema_for(Variant), required=True, metadata={
        "description": "The variant record itself, as a client may post it in place of `variant` (`rules` of a "
                       "showdown or evaluation request): posting `example` with these rules answers exactly what "
                       "posting it with the id answers. Copy it and change a line to play a house rule."})
    example = fields.Dict(required=True, allow_none=True, metadata={
        "description": "A complete `POST /v1/showdowns` request for this variant; null for a variant that is not "
                       "a showdown game (its `notes` say why: there is nothing to adjudicate).",
        "allOf": [component_ref("ShowdownRequest")]})
