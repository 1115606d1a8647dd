"""A variant record as the JSON document of ``GET /v1/variants/{id}``: everything a client needs to build a
request (deck, card counts, board, formations, rankings, qualifiers, pot division, options) and an example."""

from __future__ import annotations

from typing import Any

from evaluator.cards import RANKS
from evaluator.examples import example_request
from evaluator.formation import UNBOUNDED, Count, Formation
from evaluator.rankings import HighQualifier, LowQualifier, Qualifier
from evaluator.variant import HandSpec, Variant

__all__ = ["DIVISIONS", "ODD_CHIP_RULES", "count_json", "describe_variant", "variant_summary"]

DIVISIONS = {
    "high": "P-HIGH: the best hand wins; equal hands split equally.",
    "declare": "P-DECL: each player still in declares high, low or both; half to the best high among those who "
               "declared high or both, half to the best low among those who declared low or both (the odd chip "
               "to high); a half nobody eligible declared goes the other way; a both-way declarer must win both "
               "ways, otherwise he is removed and the halves are re-awarded without him. Qualifiers still apply.",
    "shares": "The pot is shared by weight between the hands listed in `shares`; a share nobody wins goes to the "
              "first (the high hand), which also gets the indivisible chips.",
    "beat-the-boot": "The lowest hand wins only if its highest three cards also beat the three boot cards "
                     "(events.boot; the boot wins ties, and any pair loses to three unpaired cards); otherwise nobody "
                     "wins and the whole pot carries over to the next deal.",
    "guts": "The best hand among the players who stayed in takes the pot; every other player still in owes a match "
            "of the pot to the next pot (`owes`), or, in the other version, only the worst hand pays, double. Players "
            "who stayed out are sent as folded.",
    "two-of-three": "A player must win two of the three parts (the best hand and the two spade shares) to win the "
                    "pot; if nobody does, the whole pot carries over to the next deal.",
    "high-low": "P-HL (cards speak): half to the best high, half to the best qualifying low (the odd chip to "
                "high); with no qualifying low, high scoops; a tie inside a half splits that half. With a high "
                "qualifier: if only one side qualifies it takes the whole pot; if neither does, the pot is split "
                "equally among the players at showdown.",
}
ODD_CHIP_RULES = {
    "button": "An indivisible chip goes to the first winner clockwise from the button (the first of the tied "
              "winners in seat order); no player receives more than one odd chip.",
    "high-card-by-suit": "An indivisible chip goes to the winner whose hand has the highest card, by rank then "
                         "suit (spades > hearts > diamonds > clubs); no player receives more than one odd chip.",
}


def _division_text(v: Variant) -> str:
    text = DIVISIONS[v.division]
    if v.split_ratio != (1, 1):
        high, low = v.split_ratio
        text += f" The pot splits {high}:{low} between {v.split_hands[0]} and {v.split_hands[1]}."
    if v.division == "declare":
        text += (" A both-way declarer who ties either way still wins that half (tie_ok)." if v.both_tie == "tie_ok"
                 else " A both-way declarer who ties either way loses (tie_loses)")
        if v.best_possible_tie_ok:
            text += ", unless he ties with the best hand possible"
        text += "." if v.both_tie != "tie_ok" else ""
        if v.perfect_low_wins_both:
            text += " The best possible low wins the high half too for a player who declared both."
    if v.shares and v.division == "shares":
        total = sum(w for _, w in v.shares)
        text += " Shares: " + ", ".join(f"{name} {w}/{total}" for name, w in v.shares) + "."
    if v.whole_pot_if_one_wins:
        text += f" One player winning all of {', '.join(v.whole_pot_if_one_wins)} takes the whole pot."
    if v.void_if_face_up:
        text += f" A deal with {' or '.join(str(c) for c in v.void_if_face_up)} face up is void (422)."
    if v.no_qualifiers_above is not None:
        text += f" With more than {v.no_qualifiers_above} players there are no qualifiers."
    return text


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
    return {
        **variant_summary(v),
        "deck": {"id": v.deck.name, "description": v.deck.description, "size": v.deck.size},
        "seats": count_json(v.seats),
        "cards": {"hole": count_json(v.hole), "up": count_json(v.up),
                  "own_plus_board": count_json(v.own_plus_board) if v.own_plus_board else None},
        "board": _board_json(v),
        "hands": [_hand_json(h) for h in v.hands],
        "pot_division": {"kind": v.division, "description": _division_text(v)},
        "odd_chips": {"rule": v.odd_chip, "description": ODD_CHIP_RULES[v.odd_chip]},
        "wild_cards": [rule.description for rule in v.wilds]
        + ([v.sequence_wilds.description] if v.sequence_wilds else [])
        + (["Joker Twist: a player holding a joker and another wild card has no wild card (his jokers are dead)"]
           if v.joker_twist else []),
        "options": [{"name": o.name, "description": o.description, "default": o.default,
                     "values": list(o.values)} for o in v.options],
        "events": [{"name": e.name, "kind": e.kind, "required": e.required, "description": e.description}
                   for e in v.events],
        "player_facts": list(v.player_facts),
        "out_if_face_up": [RANKS[r] for r in v.out_if_face_up],
        "notes": list(v.notes) + [f"At showdown: {rule.description}." for rule in v.deal_rules]
        + ([f"At showdown: {v.breaker.description}."] if v.breaker else [])
        + ([f"At showdown: {v.claims.description}."] if v.claims else [])
        + ([f"Not a showdown game: {v.not_showdown}"] if v.not_showdown else []),
        "example": example_request(v),
    }
