"""A scored combination spelled out as the hand a player shows (:class:`~evaluator.results.PlayedHand`): the best of
his combinations (ties broken by the cards themselves, never by the order they were sent), its cards arranged as the
ranking reads them, each wild card and the card it became, the hole, up, board and other players' cards it used,
its description, category and whether it qualifies."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from evaluator.formation import BREAKER, HOLE, INSURED, TABLE, UP, Candidates, Slot
from evaluator.hands.spec import HandSpec
from evaluator.rankings import NO_HAND
from evaluator.results import PlayedHand
from evaluator.results.wording import plain
from evaluator.values.cards import Card, card_of
from evaluator.wilds.choice_cards import Choices, best_choice
from evaluator.wilds.scoring import spell_out
from evaluator.wilds.sequence import SequenceWilds
from evaluator.wilds.sets import SetHand

__all__ = ["canonical", "played_hand", "played_with_sets"]

def canonical(cands: Candidates, tied: npt.NDArray[np.intp]) -> int:
    """Among combinations of equal score, the one whose cards, highest first, are highest (rank, then suit), so the
    hand shown and the stud odd-chip card never depend on the order the cards were listed in. Of two sets of cards,
    that one holds the highest card the other lacks: its set as bits (card ``c`` is ``1 << c``) is the greater."""
    if len(tied) == 1:
        return int(tied[0])
    bits = np.fromiter((1 << s.card for s in cands.slots), dtype=np.int64, count=len(cands.slots))
    return int(tied[bits[cands.combos[tied]].sum(axis=1).argmax()])


def played_hand(spec: HandSpec, cands: Candidates, scores: npt.NDArray[np.integer],
                wild_by_group: Sequence[frozenset[Card]] = (frozenset(),), layout: bool = False,
                doubled: bool = False, choices: Choices | None = None, sequence: SequenceWilds | None = None,
                top: tuple[int, int, bool] | None = None) -> PlayedHand:
    """The best of one player's combinations, spelled out. With ``doubled``, scores are ``2 * score + natural``
    (a natural hand ahead of the same hand made with wild cards). ``top``, when known
    (:func:`evaluator.engine.search.row_bests`): the first best combination, its score and whether no other
    combination ties it."""
    if not len(scores):
        return PlayedHand(name=spec.name, score=None, reason="no legal combination of cards")
    first, best_score, unique = top if top is not None else (int(scores.argmax()), 0, False)
    if top is None:
        best_score = int(scores[first])
    score = best_score >> 1 if doubled else best_score
    if score == NO_HAND or best_score < 0:
        return PlayedHand(name=spec.name, score=None, reason=f"no {plain(spec.name)} hand")
    if unique:
        best = first
    else:
        tied = np.flatnonzero(scores[first:] == best_score)
        best = first if len(tied) == 1 else canonical(cands, tied + first)
    wild = wild_by_group[int(cands.group_of[best])] if len(wild_by_group) > 1 else wild_by_group[0]
    slots = [cands.slots[i] for i in cands.combos[best].tolist()]
    ranking = spec.ranking
    raw = [s.card for s in slots]
    chosen, restricted = best_choice(ranking, raw, [c in wild for c in raw], score, choices) if choices else (raw, [])
    if sequence is not None:
        chosen, restricted = sequence.best_reading(ranking, raw, score)
    if wild:
        played, substitutions = spell_out(ranking, chosen, [c in wild for c in raw], score)
    else:
        played, substitutions = chosen, []
    substitutions = restricted + substitutions
    cards = ranking.arrange(played, score)
    described = ranking.describe(score, cards)
    description = described.description
    if substitutions:
        description += " (" + ", ".join(f"{w} as {a}" for w, a in substitutions) + ")"
    key = ranking.key(score)
    qualifies = spec.qualifier is None or spec.qualifier.passes(ranking, key)
    dead = set(raw) - set(played) - {w for w, _ in substitutions}
    hole, up, board, table = [], [], [], []
    for slot in slots:
        if slot.card in dead:
            continue
        if slot.source in (HOLE, BREAKER, INSURED) or slot.source.startswith("set"):
            hole.append(card_of(slot.card))
        elif slot.source == UP:
            up.append(card_of(slot.card))
        elif slot.source == TABLE:
            table.append((slot.label.rsplit(":", 1)[0], card_of(slot.card)))
        else:
            board.append((slot.label, card_of(slot.card)))
    return PlayedHand(
        name=spec.name,
        score=score,
        cards=tuple(card_of(c) for c in cards),
        hole=tuple(hole),
        up=tuple(up),
        board=tuple(board),
        group=cands.groups[int(cands.group_of[best])],
        qualifies=qualifies,
        reason=None if qualifies else f"does not qualify ({spec.qualifier.label if spec.qualifier else ''})",
        category=described.category,
        description=description,
        strength=key,
        wilds=tuple(substitutions),
        layout=layout,
        table=tuple(table),
        natural=not substitutions,
    )


def played_with_sets(spec: HandSpec, found: SetHand | None, slots: Sequence[Slot], layout: bool) -> PlayedHand:
    """A hand of units as the answer: ``cards`` as played, ``wilds`` every card of each wild unit with the card the
    unit became, and ``hole``, ``up``, ``board`` every card used, in the player's order, the sets' cards included."""
    if found is None:
        return PlayedHand(name=spec.name, score=None, reason="no legal combination of cards")
    ranking = spec.ranking
    cards = ranking.arrange(list(found.played), found.score)
    described = ranking.describe(found.score, cards)
    key = ranking.key(found.score)
    qualifies = spec.qualifier is None or spec.qualifier.passes(ranking, key)
    used = found.slots
    hole = [card_of(s.card) for s in slots if s in used and (s.source == HOLE or s.source.startswith("set"))]
    up = [card_of(s.card) for s in slots if s in used and s.source == UP]
    table = [(s.label.rsplit(":", 1)[0], card_of(s.card)) for s in slots if s in used and s.source == TABLE]
    board = [(s.label, card_of(s.card)) for s in slots
             if s in used and s.source not in (HOLE, UP, TABLE) and not s.source.startswith("set")]
    substitutions = found.substitutions
    return PlayedHand(
        name=spec.name,
        score=found.score,
        cards=tuple(card_of(c) for c in cards),
        hole=tuple(hole),
        up=tuple(up),
        board=tuple(board),
        qualifies=qualifies,
        reason=None if qualifies else f"does not qualify ({spec.qualifier.label if spec.qualifier else ''})",
        category=described.category,
        description=described.description + (f" ({found.wild_text})" if substitutions else ""),
        strength=key,
        wilds=substitutions,
        layout=layout,
        table=tuple(table),
        natural=not substitutions,
    )

