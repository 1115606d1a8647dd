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
from itertools import pairwise

import numpy as np
import numpy.typing as npt

from evaluator.engine.search import scored_combinations, wild_mask
from evaluator.engine.slots import usable_slots
from evaluator.formation import BoardGroup, Candidates, Formation, Slot, candidates_by_group
from evaluator.hands.played import played_hand
from evaluator.hands.spec import HandSpec
from evaluator.rankings import NO_HAND
from evaluator.results import PlayedHand
from evaluator.values.budget import charge
from evaluator.values.cards import Card
from evaluator.values.deal import Deal, Seat
from evaluator.variant import Variant
from evaluator.wilds.sequence import SequenceWilds
from evaluator.wilds.sets import WildSets

__all__ = ["GroupHands", "group_bests"]


@dataclass(frozen=True, slots=True)
class _Scoring:
    """How one spec's combinations were scored, as :func:`played_hand` needs to spell one out."""

    spec: HandSpec
    layout: bool
    doubled: bool
    choices: Mapping[int, tuple[int, ...]]
    sequence: SequenceWilds | None


@dataclass(frozen=True, slots=True)
class GroupHands:
    """One seat's best hand of one kind within each board group (in the order asked): each group's score (None: no
    hand) and whether it qualifies; :meth:`played` spells a group's hand out."""

    scoring: _Scoring
    found: Candidates
    #: Where each group's rows of ``found`` (and ``ranked``) start, and after the last group, where they end.
    starts: tuple[int, ...]
    ranked: npt.NDArray[np.int64]
    wild: tuple[frozenset[Card], ...]
    scores: tuple[int | None, ...]
    qualifies: tuple[bool, ...]

    def played(self, group: int) -> PlayedHand:
        """The hand of this group, as the search of the spec narrowed to it answers."""
        how, (start, end) = self.scoring, self.starts[group:group + 2]
        rows = self.found.combos[start:end]
        alone = Candidates(slots=self.found.slots, combos=rows, groups=(self.found.groups[group],),
                           group_of=np.zeros(len(rows), np.int64))
        return played_hand(how.spec, alone, self.ranked[start:end], (self.wild[group],), layout=how.layout,
                           doubled=how.doubled, choices=how.choices, sequence=how.sequence)


def group_bests(specs: Sequence[HandSpec], seats: Sequence[Seat], groups: Sequence[BoardGroup],
                board: Sequence[Slot], game: Variant, deal: Deal) -> list[list[GroupHands]] | None:
    """For each spec, each seat's best hand of that kind within each of ``groups``, in one search: specs that read
    the same combinations (the same picks, hand size and wild cards: a high and a low) share their slots,
    combinations and wild cells, and only their scoring is their own. None where the search of a spec narrowed to
    one group is not a plain enumeration of that group (a whole hand, short hands, wild sets, groups picked by the
    deal): there, ask :func:`evaluator.engine.search.best_hands` group by group."""
    sets = any(isinstance(rule, WildSets) for rule in game.wilds)
    if game.live_groups is not None or not groups or any(
            spec.all_from or spec.short_hands or (sets and spec.uses_wilds) for spec in specs):
        return None
    shared: dict[tuple[Formation, int, bool], _Combinations] = {}
    out = []
    for spec in specs:
        formation = spec.formation if spec.formation.groups == tuple(groups) else replace(
            spec.formation, groups=tuple(groups))
        wilds = spec.uses_wilds or not game.wilds
        key = (formation, spec.ranking.size, wilds)
        found = shared.get(key)
        if found is None:
            found = shared[key] = _combinations(formation, spec.ranking.size, seats, board,
                                                game if wilds else replace(game, wilds=()), deal)
        ranked, how = _scored(spec, game, found.cards, found.wild)
        out.append(found.bests(spec, ranked, how))
    return out


@dataclass(frozen=True, slots=True)
class _Combinations:
    """Every seat's combinations of each group in turn (each as :func:`candidates_by_group` lists them), as card
    rows seat after seat, and their wild cells (None: no wild card)."""

    found: list[Candidates]
    wild_by_group: list[tuple[frozenset[Card], ...]]
    cards: npt.NDArray[np.int64]
    wild: npt.NDArray[np.bool_] | None
    #: For each seat, where each group's rows start, and after the last group, where they end.
    starts: list[tuple[int, ...]]

    def bests(self, spec: HandSpec, ranked: npt.NDArray[np.int64], how: _Scoring) -> list[GroupHands]:
        """Each seat's :class:`GroupHands` for these scores of every row."""
        out = []
        start = 0
        for mine, wild, starts in zip(self.found, self.wild_by_group, self.starts, strict=True):
            scored = ranked[start:start + len(mine.combos)]
            start += len(mine.combos)
            scores = _group_scores(scored, starts, how.doubled)
            out.append(GroupHands(scoring=how, found=mine, starts=starts, ranked=scored, wild=wild, scores=scores,
                                  qualifies=tuple(_qualifies(spec, s) for s in scores)))
        return out


def _combinations(formation: Formation, size: int, seats: Sequence[Seat], board: Sequence[Slot], rules: Variant,
                  deal: Deal) -> _Combinations:
    """Every seat's combinations of each of the formation's groups, for hands of ``size`` cards under ``rules``
    (their wild cards)."""
    usable = [usable_slots(seat, board, rules, deal, formation) for seat in seats]
    shapes: dict[tuple[str, ...], Candidates] = {}
    found = []
    for u in usable:
        sources = tuple(s.source for s in u.own)
        shared = shapes.get(sources)
        if shared is None:
            shapes[sources] = shared = candidates_by_group(formation, size, u.own, board)
            found.append(shared)
            continue
        charge(len(shared.combos))  # combinations depend on the sources only: the first seat's, charged as its own
        found.append(Candidates(slots=(*u.own, *board), combos=shared.combos, groups=shared.groups,
                                group_of=shared.group_of))
    total = sum(len(f.combos) for f in found)
    cards = np.concatenate([f.cards() for f in found]) if total else np.empty((0, size), np.int64)
    wild = np.concatenate([wild_mask(f, u.wild_by_group) for f, u in zip(found, usable, strict=True)]) if any(
        w for u in usable for w in u.wild_by_group) and total else None
    count = len(formation.groups)
    starts = [(*np.searchsorted(f.group_of, np.arange(count)).tolist(), len(f.combos)) for f in found]
    return _Combinations(found=found, wild_by_group=[u.wild_by_group for u in usable], cards=cards, wild=wild,
                         starts=starts)


def _scored(spec: HandSpec, game: Variant, cards: npt.NDArray[np.int64], wild: npt.NDArray[np.bool_] | None
            ) -> tuple[npt.NDArray[np.int64], _Scoring]:
    """These combinations (``wild``: their wild cells, None: no wild card) scored as
    :func:`evaluator.engine.search.best_hands` scores them (:func:`~evaluator.engine.search.scored_combinations`),
    in one call."""
    ranked, choices, sequence, doubled = scored_combinations(spec, game, cards, wild)
    return ranked.astype(np.int64, copy=False), _Scoring(spec=spec, layout=game.board.layout is not None,
                                                         doubled=doubled, choices=choices, sequence=sequence)


def _group_scores(ranked: npt.NDArray[np.int64], starts: Sequence[int], doubled: bool) -> tuple[int | None, ...]:
    """The score of each group's best combination, as :func:`played_hand` reads it (None: no hand; ``starts``:
    where each group's rows start, then where the last ends): the best of every group that has rows found in one
    ``reduceat``, since without the empty groups the groups' rows tile ``ranked``."""
    spans = list(pairwise(starts))
    filled = [a for a, b in spans if a < b]
    tops = iter(np.maximum.reduceat(ranked, filled).tolist() if filled else ())
    out: list[int | None] = []
    for a, b in spans:
        if a == b:
            out.append(None)
            continue
        best = next(tops)
        score = best >> 1 if doubled else best
        out.append(None if score == NO_HAND or best < 0 else score)
    return tuple(out)


def _qualifies(spec: HandSpec, score: int | None) -> bool:
    return score is not None and (spec.qualifier is None or spec.qualifier.passes(spec.ranking,
                                                                                  spec.ranking.key(score)))
