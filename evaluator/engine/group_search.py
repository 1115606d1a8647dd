"""Seats' best hands of one kind within each of several board groups, found in one search (a both-way declarer who
must make high and low from one group: :class:`evaluator.mechanisms.division.Declare`).

Each group is searched as its own formation (a combination legal in several groups is listed in each, as a search
of that group alone lists it), every seat's and group's combinations are scored in one vectorised call, and a
group's hand is spelled out (:func:`~evaluator.hands.played.played_hand`) only when asked: what
:func:`evaluator.engine.search.best_hands` answers for the spec narrowed to that group, at a fraction of the cost.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass, replace
from itertools import accumulate, pairwise
from threading import Lock

import numpy as np
import numpy.typing as npt
from cachetools import LRUCache

from evaluator.engine.search import ScoredSearch, SearchesKept, Spelling, best_rows, scored_combinations, wild_mask
from evaluator.engine.slots import usable_slots
from evaluator.formation import CACHE_BYTES, BoardGroup, Candidates, Formation, Slot, candidates_by_group
from evaluator.hands.played import played_hand
from evaluator.hands.spec import HandSpec
from evaluator.rankings import NO_HAND
from evaluator.results import PlayedHand
from evaluator.values.budget import charge
from evaluator.values.cards import Card
from evaluator.values.deal import Deal, Seat
from evaluator.variant import Variant
from evaluator.wilds.sets import WildSets

__all__ = ["GroupHands", "group_bests"]


@dataclass(frozen=True, slots=True)
class GroupHands:
    """One seat's best hand of one kind within each board group (in the order asked): each group's score (None: no
    hand) and whether it qualifies; :meth:`played` spells a group's hand out."""

    scoring: Spelling
    found: Candidates
    #: Where each group's rows of ``found`` (and ``ranked``) start, and after the last group, where they end.
    starts: tuple[int, ...]
    ranked: npt.NDArray[np.int64]
    wild: tuple[frozenset[Card], ...]
    scores: tuple[int | None, ...]
    qualifies: tuple[bool, ...]
    #: Read from the showdown's search (:func:`_from_search`): each row's row among the seat's rows there, and the
    #: one the search chose for the seat (-1: none); None where each group's rows were scored on their own.
    searched: tuple[npt.NDArray[np.int64], int] | None = None

    def is_searched(self, group: int) -> bool:
        """Whether this group's best combination is the one the showdown's search chose for the seat (its hand is
        the search's, in this group's name)."""
        if self.searched is None:
            return False
        rows, chosen = self.searched
        start, end = self.starts[group:group + 2]
        if chosen < 0 or not (rows[start:end] == chosen).any():  # not among the group's: not its best
            return False
        combos = self.found.combos[start:end]
        cards = np.array([s.card for s in self.found.slots], dtype=np.int64)[combos]
        return int(rows[start + best_rows(self.ranked[start:end], cards, [end - start])[0]]) == chosen

    def played(self, group: int) -> PlayedHand:
        """The hand of this group, as the search of the spec narrowed to it answers."""
        how, (start, end) = self.scoring, self.starts[group:group + 2]
        rows = self.found.combos[start:end]
        alone = Candidates(slots=self.found.slots, combos=rows, groups=(self.found.groups[group],),
                           group_of=np.zeros(len(rows), np.int64))
        return played_hand(how.spec, alone, self.ranked[start:end], (self.wild[group],), layout=how.layout,
                           doubled=how.doubled, choices=how.choices, sequence=how.sequence)


def group_bests(specs: Sequence[HandSpec], seats: Sequence[Seat], groups: Sequence[BoardGroup],
                board: Sequence[Slot], game: Variant, deal: Deal, kept: SearchesKept | None = None
                ) -> list[list[GroupHands]] | None:
    """For each spec, each seat's best hand of that kind within each of ``groups``, in one search: specs that read
    the same combinations (the same picks, hand size and wild cards: a high and a low) share their slots,
    combinations and wild cells, and only their scoring is their own. Where the showdown's search of each spec
    (``kept``: :attr:`SearchesKept.scored`) scored these seats' combinations of these very groups, each group's
    rows read their scores there instead (:func:`_from_search`). None where the search of a spec narrowed to one
    group is not a plain enumeration of that group (a whole hand, short hands, wild sets, groups picked by the
    deal): there, ask :func:`evaluator.engine.search.best_hands` group by group."""
    sets = any(isinstance(rule, WildSets) for rule in game.wilds)
    if game.live_groups is not None or not groups or any(
            spec.all_from or spec.short_hands or (sets and spec.uses_wilds) for spec in specs):
        return None
    if kept is not None and (read := _from_search(specs, seats, tuple(groups), board, game, kept)) is not None:
        return read
    shared: dict[tuple[Formation, int, bool], _Combinations] = {}
    out = []
    for spec in specs:
        formation = spec.formation if spec.formation.groups == tuple(groups) else replace(
            spec.formation, groups=tuple(groups))
        key = (formation, spec.ranking.size, _listing_wilds(spec, game))
        found = shared.get(key)
        if found is None:
            found = shared[key] = _combinations(formation, spec.ranking.size, seats, board, game, deal,
                                                spec.uses_wilds)
        ranked, how = _scored(spec, game, found.cards, found.wild)
        out.append(found.bests(spec, ranked, how))
    return out


def _listing_wilds(spec: HandSpec, game: Variant) -> bool:
    """Whether the spec's combinations are listed with the game's wild rules (part of what two specs share)."""
    return spec.uses_wilds or not game.wilds


def _from_search(specs: Sequence[HandSpec], seats: Sequence[Seat], groups: tuple[BoardGroup, ...],
                 board: Sequence[Slot], game: Variant, kept: SearchesKept) -> list[list[GroupHands]] | None:
    """:func:`group_bests` read from the showdown's search of each spec (``kept.scored``), where it searched these
    very seats' combinations of these very groups and board and each seat's wild cards are the same in every group: each
    group's combinations, listed (and the budget charged) as :func:`group_bests` lists them, take the score the
    search gave the same cards (a combination legal in several groups was listed once, under the first, but scores
    alike in each where the wild cards are the same). None where the search did not."""
    searches: list[tuple[ScoredSearch, list[int]]] = []
    for spec in specs:
        search = kept.scored.get(spec.name)
        if search is None or search.how.spec is not spec or search.board is not board or (
                spec.formation.groups != groups):
            return None
        where = {id(seat): k for k, seat in enumerate(search.seats)}
        at = [where.get(id(seat), -1) for seat in seats]
        if -1 in at or any(len(set(search.usable[k].wild_by_group)) > 1 for k in at):
            return None
        searches.append((search, at))
    shared: dict[tuple[Formation, int, bool], list[Candidates]] = {}
    out = []
    for spec, (search, at) in zip(specs, searches, strict=True):
        key = (spec.formation, spec.ranking.size, _listing_wilds(spec, game))
        each = shared.get(key)
        if each is None:
            each = shared[key] = _listed_by_group(spec.formation, spec.ranking.size,
                                                  [search.usable[k].own for k in at], board)
        offsets = np.array([0, *accumulate(len(c.combos) for c in search.found)], dtype=np.int64)
        read = [_rows_in(mine, search.found[k].combos, len(groups)) for k, mine in zip(at, each, strict=True)]
        rows, starts = read[0]
        if all(r is rows for r, _ in read):  # one shape: every seat's rows in one lookup, their groups' best in one
            ranked = search.ranked[rows[None, :] + offsets[at][:, None]].astype(np.int64, copy=False)
            seats_scores = _seats_group_scores(ranked, starts, search.how.doubled)
            out.append([_group_hands(spec, search.how, mine, starts, mine_ranked, search.usable[k].wild_by_group,
                                     scores, (rows, _chosen(search, k, offsets)))
                        for k, mine, mine_ranked, scores in zip(at, each, ranked, seats_scores, strict=True)])
            continue
        bests = []
        for k, mine, (rows, starts) in zip(at, each, read, strict=True):
            ranked = search.ranked[rows + offsets[k]].astype(np.int64, copy=False)
            bests.append(_group_hands(spec, search.how, mine, starts, ranked, search.usable[k].wild_by_group,
                                      searched=(rows, _chosen(search, k, offsets))))
        out.append(bests)
    return out


_RowsEntry = tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64], tuple[int, ...]]


def _entry_bytes(entry: _RowsEntry) -> int:
    return sum(int(a.nbytes) for a in entry[:3]) + 8 * len(entry[3]) + 128


#: :func:`_rows_in`'s answers, by the ids of the two index arrays (each entry holds both: while it is kept, no
#: other array has either id). Bounded by the bytes of the arrays it holds, as the formation's caches are (it keeps
#: their arrays alive): a client's own rules can bring a new shape with every request.
_ROWS: LRUCache[tuple[int, int], _RowsEntry] = LRUCache(CACHE_BYTES, getsizeof=_entry_bytes)
_ROWS_LOCK = Lock()


def _rows_in(found: Candidates, among: npt.NDArray[np.int64], count: int
             ) -> tuple[npt.NDArray[np.int64], tuple[int, ...]]:
    """For each of a seat's combinations of each group in turn (``found``, as :func:`candidates_by_group` lists
    them), its row among the same seat's combinations of every group listed once (``among``, as
    :func:`evaluator.formation.candidates` lists them: the same sorted slot indexes), and where each of the
    ``count`` groups' rows start in ``found``, then where the last ends. Both index arrays are shared by every deal
    of one shape: cached by them."""
    key = (id(found.combos), id(among))
    with _ROWS_LOCK:
        hit = _ROWS.get(key)
    if hit is not None and hit[0] is found.combos and hit[1] is among:
        return hit[2], hit[3]
    where = {row: i for i, row in enumerate(map(tuple, among.tolist()))}
    rows = np.array([where[row] for row in map(tuple, found.combos.tolist())], dtype=np.int64)
    rows.setflags(write=False)
    starts = _group_starts(found, count)
    with _ROWS_LOCK, suppress(ValueError):  # (an entry larger than the whole bound is not kept)
        _ROWS[key] = (found.combos, among, rows, starts)
    return rows, starts


def _group_starts(found: Candidates, count: int) -> tuple[int, ...]:
    """Where each of ``count`` groups' rows start (``found`` lists them group by group), then where the last ends."""
    return (*np.searchsorted(found.group_of, np.arange(count)).tolist(), len(found.combos))


def _group_hands(spec: HandSpec, how: Spelling, found: Candidates, starts: tuple[int, ...],
                 ranked: npt.NDArray[np.int64], wild: tuple[frozenset[Card], ...],
                 scores: tuple[int | None, ...] | None = None,
                 searched: tuple[npt.NDArray[np.int64], int] | None = None) -> GroupHands:
    """One seat's :class:`GroupHands` for these scores of its rows (``found``, group by group from ``starts``;
    ``scores``: each group's best score, if already found; ``searched``: as :attr:`GroupHands.searched`)."""
    if scores is None:
        scores = _group_scores(ranked, starts, how.doubled)
    return GroupHands(scoring=how, found=found, starts=starts, ranked=ranked, wild=wild, scores=scores,
                      qualifies=tuple(_qualifies(spec, s) for s in scores), searched=searched)


def _chosen(search: ScoredSearch, k: int, offsets: npt.NDArray[np.int64]) -> int:
    """The row the search chose for its ``k``-th seat, among that seat's rows (-1: none)."""
    best = search.bests[k]
    return best - int(offsets[k]) if best >= 0 else -1


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

    def bests(self, spec: HandSpec, ranked: npt.NDArray[np.int64], how: Spelling) -> list[GroupHands]:
        """Each seat's :class:`GroupHands` for these scores of every row."""
        out = []
        start = 0
        for mine, wild, starts in zip(self.found, self.wild_by_group, self.starts, strict=True):
            out.append(_group_hands(spec, how, mine, starts, ranked[start:start + len(mine.combos)], wild))
            start += len(mine.combos)
        return out


def _combinations(formation: Formation, size: int, seats: Sequence[Seat], board: Sequence[Slot], game: Variant,
                  deal: Deal, wilds: bool) -> _Combinations:
    """Every seat's combinations of each of the formation's groups, for hands of ``size`` cards (``wilds``: where
    the game's wild cards play)."""
    usable = [usable_slots(seat, board, game, deal, formation, None, wilds) for seat in seats]
    found = _listed_by_group(formation, size, [u.own for u in usable], board)
    total = sum(len(f.combos) for f in found)
    cards = np.concatenate([f.cards() for f in found]) if total else np.empty((0, size), np.int64)
    wild = np.concatenate([wild_mask(f, u.wild_by_group) for f, u in zip(found, usable, strict=True)]) if any(
        w for u in usable for w in u.wild_by_group) and total else None
    count = len(formation.groups)
    return _Combinations(found=found, wild_by_group=[u.wild_by_group for u in usable], cards=cards, wild=wild,
                         starts=[_group_starts(f, count) for f in found])


def _listed_by_group(formation: Formation, size: int, owns: Sequence[Sequence[Slot]], board: Sequence[Slot]
                     ) -> list[Candidates]:
    """Each seat's combinations of each of the formation's groups in turn (:func:`candidates_by_group`), of its own
    slots ``owns[k]`` and the board: seats of the same sources share them, each charged as its own."""
    shapes: dict[tuple[str, ...], Candidates] = {}
    found = []
    for own in owns:
        sources = tuple(s.source for s in own)
        shared = shapes.get(sources)
        if shared is None:
            shapes[sources] = shared = candidates_by_group(formation, size, own, board)
            found.append(shared)
            continue
        charge(len(shared.combos))  # combinations depend on the sources only: the first seat's, charged as its own
        found.append(Candidates(slots=(*own, *board), combos=shared.combos, groups=shared.groups,
                                group_of=shared.group_of))
    return found


def _scored(spec: HandSpec, game: Variant, cards: npt.NDArray[np.int64], wild: npt.NDArray[np.bool_] | None
            ) -> tuple[npt.NDArray[np.int64], Spelling]:
    """These combinations (``wild``: their wild cells, None: no wild card) scored as
    :func:`evaluator.engine.search.best_hands` scores them (:func:`~evaluator.engine.search.scored_combinations`),
    in one call."""
    ranked, choices, sequence, doubled = scored_combinations(spec, game, cards, wild)
    return ranked.astype(np.int64, copy=False), Spelling(spec=spec, layout=game.board.layout is not None,
                                                         doubled=doubled, choices=choices, sequence=sequence)


def _group_scores(ranked: npt.NDArray[np.int64], starts: Sequence[int], doubled: bool) -> tuple[int | None, ...]:
    """The score of each group's best combination, as :func:`played_hand` reads it (None: no hand; ``starts``:
    where each group's rows start, then where the last ends)."""
    return _seats_group_scores(ranked[None, :], starts, doubled)[0]


def _seats_group_scores(ranked: npt.NDArray[np.int64], starts: Sequence[int], doubled: bool
                        ) -> list[tuple[int | None, ...]]:
    """:func:`_group_scores` for seats whose rows (a row of ``ranked`` each) are grouped alike: the best of every
    group that has rows found for every seat in one ``reduceat``, since without the empty groups the groups' rows
    tile each seat's."""
    spans = list(pairwise(starts))
    filled = [a for a, b in spans if a < b]
    seats_tops = np.maximum.reduceat(ranked, filled, axis=1).tolist() if filled else [[] for _ in ranked]
    out = []
    for found in seats_tops:
        tops = iter(found)
        scores: list[int | None] = []
        for a, b in spans:
            if a == b:
                scores.append(None)
                continue
            best = next(tops)
            score = best >> 1 if doubled else best
            scores.append(None if score == NO_HAND or best < 0 else score)
        out.append(tuple(scores))
    return out


def _qualifies(spec: HandSpec, score: int | None) -> bool:
    return score is not None and (spec.qualifier is None or spec.qualifier.passes(spec.ranking,
                                                                                  spec.ranking.key(score)))
