"""A variant record as the JSON document of ``GET /v1/variants/{id}``: everything a client needs to build a
request (deck, card counts, board, formations, rankings, qualifiers, pot division, options) and an example."""

from __future__ import annotations

from typing import Any

from evaluator.documents.examples import example_request
from evaluator.formation import UNBOUNDED, Count, Formation
from evaluator.mechanisms.hand_rules import OutIfFaceUp
from evaluator.rankings import HighQualifier, LowQualifier, Qualifier
from evaluator.values.cards import RANKS
from evaluator.variant import HandSpec, Variant

__all__ = ["ODD_CHIP_RULES", "count_json", "describe_variant", "variant_summary"]

ODD_CHIP_RULES = {
    "button": "An indivisible chip goes to the first winner clockwise from the button (the first of the tied "
              "winners in seat order); no player receives more than one odd chip.",
    "high-card-by-suit": "An indivisible chip goes to the winner whose hand has the highest card, by rank then "
                         "suit (spades > hearts > diamonds > clubs); no player receives more than one odd chip.",
}


def _board_json(v: Variant) -> dict[str, Any]:
    layout = v.board.layout
    if layout is None:
        return {"kind": "flat", "count": count_json(v.board.count)}
    return {
        "kind": "layout",
        "count": count_json(Count.between(len(layout.required), len(layout.positions))),
        "description": layout.description,
        "positions": [{"name": p.name, "x": p.x, "y": p.y, "segment": p.segment, "optional": p.optional}
                      for p in layout.positions],
        "groups": [{"name": g.name, "positions": list(g.positions)} for g in layout.groups],
    }


def count_json(count: Count) -> dict[str, int | None]:
    return {"min": count.min, "max": None if count.max >= UNBOUNDED else count.max}


def _qualifier_json(q: Qualifier | None) -> dict[str, Any] | None:
    if isinstance(q, LowQualifier):
        return {"kind": "low", "max_value": q.max_value, "label": q.label}
    if isinstance(q, HighQualifier):
        return {"kind": "high", "min_category": q.min_category, "label": q.label}
    return None


def _formation_json(f: Formation) -> dict[str, Any]:
    return {
        "text": str(f),
        "picks": [{name: count_json(c) for name, c in p.limits.items()} for p in f.picks],
        "groups": [{"name": g.name, "positions": list(g.positions)} for g in f.groups],
    }


def _hand_json(h: HandSpec) -> dict[str, Any]:
    return {"name": h.name, "ranking": h.ranking.name, "ranking_description": h.ranking.title,
            "cards": h.ranking.size, "formation": _formation_json(h.formation),
            "qualifier": _qualifier_json(h.qualifier)}


def variant_summary(v: Variant) -> dict[str, Any]:
    return {"id": v.id, "name": v.name, "aliases": list(v.aliases), "tags": list(v.tags),
            "description": v.description}


def describe_variant(v: Variant) -> dict[str, Any]:
    """The full public description of a variant (its default options applied)."""
    out = v.find(OutIfFaceUp)
    return {
        **variant_summary(v),
        "deck": {"id": v.deck.name, "description": v.deck.description, "size": v.deck.size},
        "seats": count_json(v.seating),
        "cards": {"hole": count_json(v.hole), "up": count_json(v.up),
                  "own_plus_board": count_json(v.own_plus_board) if v.own_plus_board else None},
        "board": _board_json(v),
        "hands": [_hand_json(h) for h in v.hands],
        "pot_division": {"kind": v.division.document_kind, "description": v.division.explain()},
        "odd_chips": {"rule": v.odd_chip, "description": ODD_CHIP_RULES[v.odd_chip]},
        "wild_cards": [rule.description for rule in v.wilds]
        + ([sequence.description] if (sequence := v.wild_play.sequence_wilds) else [])
        + (["Joker Twist: a player holding a joker and another wild card has no wild card (his jokers are dead)"]
           if v.wild_play.joker_twist else []),
        "options": [{"name": o.name, "description": o.description, "default": o.default,
                     "values": list(o.values)} for o in v.options],
        "events": [{"name": e.name, "kind": e.kind, "required": e.required, "description": e.description}
                   for e in v.events],
        "player_facts": list(v.player_facts),
        "out_if_face_up": [RANKS[r] for r in out.ranks] if out else [],
        "notes": list(v.notes) + [f"At showdown: {said}." for m in v.pipeline if (said := m.describe())]
        + ([f"Not a showdown game: {v.not_showdown}"] if v.not_showdown else []),
        "example": None if v.not_showdown else example_request(v),  # nothing to adjudicate: the notes say why
    }
