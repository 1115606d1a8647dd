"""Seats' best hands of one kind within each of several board groups, found in one search (a both-way declarer who
must make high and low from one group: :class:`evaluator.mechanisms.division.Declare`).

Each group is searched as its own formation (a combination legal in several groups is listed in each, as a search
of that group alone lists it), every seat's and group's combinations are scored in one vectorised call, and a
group's hand is spelled out (:func:`~evaluator.hands.played.played_hand`) only when asked: what
:func:`evaluator.engine.search.best_hands` answers for the spec narrowed to that group, at a fraction of the cost.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from evaluator.engine.search import wild_mask
from evaluator.engine.slots import usable_slots
from evaluator.formation import BoardGroup, Candidates, Formation, Slot, candidates
from evaluator.hands.played import played_hand
from evaluator.hands.spec import HandSpec
from evaluator.rankings import NO_HAND
from evaluator.results import PlayedHand
from evaluator.values.budget import charge
from evaluator.values.cards import Card
from evaluator.values.deal import Deal, Seat
from evaluator.variant import Variant
from evaluator.wilds.choice_cards import score_with_choices
from evaluator.wilds.scoring import score_with_wilds
from evaluator.wilds.sequence import SequenceWilds
from evaluator.wilds.sets import WildSets

__all__ = ["GroupBests", "group_bests"]


@dataclass(frozen=True, slots=True)
class _Scoring:
    """How one spec's combinations were scored, as :func:`played_hand` needs to spell one out."""

    spec: HandSpec
    layout: bool
    doubled: bool
    choices: Mapping[int, tuple[int, ...]]
    sequence: SequenceWilds | None


@dataclass(frozen=True, slots=True)
class GroupBests:
    """One seat's best hand of one kind within each board group (in the order asked): each group's score (None: no
    hand) and whether it qualifies; :meth:`played` spells a group's hand out."""

    scoring: _Scoring
    found: tuple[Candidates, ...]
    ranked: tuple[npt.NDArray[np.int64], ...]
    wild: tuple[frozenset[Card], ...]
    scores: tuple[int | None, ...]
    qualifies: tuple[bool, ...]

    def played(self, group: int) -> PlayedHand:
        """The hand of this group, as the search of the spec narrowed to it answers."""
        how = self.scoring
        return played_hand(how.spec, self.found[group], self.ranked[group], (self.wild[group],), layout=how.layout,
                           doubled=how.doubled, choices=how.choices, sequence=how.sequence)


def group_bests(spec: HandSpec, seats: Sequence[Seat], groups: Sequence[BoardGroup], board: Sequence[Slot],
                game: Variant, deal: Deal) -> list[GroupBests] | None:
    """Each seat's best hand of this kind within each of ``groups``, in one search; None where the search of a spec
    narrowed to one group is not a plain enumeration of that group (a whole hand, short hands, wild sets, groups
    picked by the deal): there, ask :func:`evaluator.engine.search.best_hands` group by group."""
    sets = spec.uses_wilds and any(isinstance(rule, WildSets) for rule in game.wilds)
    if spec.all_from or spec.short_hands or sets or game.live_groups is not None or not groups:
        return None
    size = spec.ranking.size
    rules = game if spec.uses_wilds else replace(game, wilds=())
    narrowed = [replace(spec.formation, groups=(group,)) for group in groups]
    usable = [usable_slots(seat, board, rules, deal, replace(spec.formation, groups=tuple(groups)))
              for seat in seats]
    found = _by_shape([u.own for u in usable], board, narrowed, size)
    blocks = [c for row in found for c in row]
    total = sum(len(c.combos) for c in blocks)
    ranked, how = _scored(spec, game, blocks, [w for u in usable for w in u.wild_by_group], total)
    out = []
    start = 0
    for row, u in zip(found, usable, strict=True):
        parts = []
        for cands in row:
            parts.append(ranked[start:start + len(cands.combos)])
            start += len(cands.combos)
        scores = tuple(_score(part, how.doubled) for part in parts)
        out.append(GroupBests(scoring=how, found=row, ranked=tuple(parts), wild=u.wild_by_group, scores=scores,
                              qualifies=tuple(_qualifies(spec, s) for s in scores)))
    return out


def _by_shape(owns: Sequence[Sequence[Slot]], board: Sequence[Slot], formations: Sequence[Formation], size: int
              ) -> list[tuple[Candidates, ...]]:
    """Each seat's candidates in each formation. Combinations depend on the slots' sources only, so seats whose own
    slots have the same sources share them (each seat's cards its own), the budget charged as for each seat."""
    shared: dict[tuple[str, ...], tuple[Candidates, ...]] = {}
    found = []
    for own in owns:
        shape = tuple(s.source for s in own)
        first = shared.get(shape)
        if first is None:
            shared[shape] = first = tuple(candidates(f, size, own, board) for f in formations)
            found.append(first)
            continue
        charge(sum(len(c.combos) for c in first))  # one group each: a combination is listed once, as counted
        slots = (*own, *board)
        found.append(tuple(replace(c, slots=slots) for c in first))
    return found


def _scored(spec: HandSpec, game: Variant, blocks: Sequence[Candidates], wilds: Sequence[frozenset[Card]],
            total: int) -> tuple[npt.NDArray[np.int64], _Scoring]:
    """Every block's combinations scored as :func:`evaluator.engine.search.best_hands` scores them (its wild
    cards, restricted wild cards, sequence wilds, a natural hand first where the game says so), in one call."""
    cards = np.concatenate([c.cards() for c in blocks]) if total else np.empty((0, spec.ranking.size), np.int64)
    natural: npt.NDArray[np.bool_] = np.ones(total, dtype=bool)
    wild: npt.NDArray[np.bool_] = np.zeros(cards.shape, bool)
    if any(wilds) and total:
        wild = np.concatenate([wild_mask(c, (w,)) for c, w in zip(blocks, wilds, strict=True)])
        scores = score_with_wilds(spec.ranking, cards, wild)
        natural = np.logical_not(wild.any(axis=1))
    else:
        scores = spec.ranking.evaluate_many(cards) if total else np.empty(0, np.int32)
    choices = {int(c): (int(c), *map(int, options)) for c, options in game.wild_play.choice_cards}
    if choices and total and spec.uses_wilds:
        scores = score_with_choices(spec.ranking, cards, wild, scores, choices)
    else:
        choices = {}
    sequence = game.wild_play.sequence_wilds if spec.uses_wilds else None
    if sequence is not None and total:
        scores = sequence.rescore(spec.ranking, cards, scores)
    doubled = game.wild_play.natural_beats_wild
    ranked = scores.astype(np.int64) * 2 + natural if doubled else scores.astype(np.int64)
    return ranked, _Scoring(spec=spec, layout=game.board.layout is not None, doubled=doubled, choices=choices,
                            sequence=sequence)


def _score(ranked: npt.NDArray[np.int64], doubled: bool) -> int | None:
    """The score of the best combination, as :func:`played_hand` reads it (None: no hand)."""
    if not len(ranked):
        return None
    best = int(ranked.max())
    score = best >> 1 if doubled else best
    return None if score == NO_HAND or best < 0 else score


def _qualifies(spec: HandSpec, score: int | None) -> bool:
    return score is not None and (spec.qualifier is None or spec.qualifier.passes(spec.ranking,
                                                                                  spec.ranking.key(score)))
