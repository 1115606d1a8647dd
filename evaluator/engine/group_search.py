"""Seats' best hands of one kind within each of several board groups, found in one search (a both-way declarer who
must make high and low from one group: :class:`evaluator.mechanisms.division.Declare`).

Each group is searched as its own formation (a combination legal in several groups is listed in each, as a search
of that group alone lists it), every seat's and group's combinations are scored in one vectorised call, and a
group's hand is spelled out only when asked: what :func:`evaluator.engine.search.best_hands` answers for the spec
narrowed to that group, at a fraction of the cost. Where the showdown's search scored these very combinations
(:func:`_from_search`), nothing is listed or scored again: each seat's rows of each group are rows of the search's
(an index kept per shape), and each group's best combination and score are read from the search's scores for every
seat and group in one compiled pass (:mod:`evaluator.engine.group_kernels`).
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass, replace
from itertools import accumulate, pairwise
from operator import attrgetter
from threading import Lock

import numpy as np
import numpy.typing as npt
from cachetools import LRUCache

from evaluator.engine import group_kernels, kernels
from evaluator.engine.search import (
    ScoredSearch,
    SearchesKept,
    Spelling,
    combo_row,
    scored_combinations,
    wild_mask,
)
from evaluator.engine.slots import Usable, usable_slots
from evaluator.formation import (
    CACHE_BYTES,
    BoardGroup,
    Candidates,
    Formation,
    Slot,
    candidates_by_group,
    count_candidates,
)
from evaluator.hands.played import no_combination, no_hand, played_hand, spelled_hand
from evaluator.hands.spec import HandSpec
from evaluator.rankings import NO_HAND
from evaluator.results import PlayedHand
from evaluator.values.budget import charge
from evaluator.values.cards import Card
from evaluator.values.deal import Deal, Seat
from evaluator.values.frozen import quick_init
from evaluator.variant import Variant
from evaluator.wilds.sets import WildSets

__all__ = ["GroupHands", "group_bests"]

_CARD = attrgetter("card")
_COMBOS = attrgetter("combos")


class GroupHands:
    """One seat's best hand of one kind within each board group (in the order asked): each group's score (None: no
    hand) and whether it qualifies; :meth:`played` spells a group's hand out and :meth:`is_searched` says whether it
    is the combination the showdown's search chose for the seat (``qualifies``: :func:`_qualifying` of the scores).

    The seat's combinations are rows of ``combos`` (indexes into ``slots``); each group's, in turn, the rows
    ``rows[starts[g]:starts[g + 1]]`` of it, row ``r`` of ``combos`` scored ``ranked[first + r]``. ``bests``: each
    group's best row of ``combos`` (-1: none), where already found; else each is found when first asked
    (:func:`group_kernels.group_best_row`).
    ``searched``: the row of ``combos`` the showdown's search chose for the seat (-1: none), None where the rows
    were not read from that search."""

    __slots__ = ("bests", "combos", "first", "names", "qualifies", "ranked", "rows", "scores", "scoring", "searched",
                 "slots", "starts", "wild")

    def __init__(self, scoring: Spelling, slots: Sequence[Slot], combos: npt.NDArray[np.int64],
                 rows: npt.NDArray[np.int64], starts: Sequence[int], ranked: npt.NDArray[np.integer], first: int,
                 names: Sequence[str | None], wild: Sequence[frozenset[Card]], scores: tuple[int | None, ...],
                 qualifies: tuple[bool, ...], bests: list[int] | None = None, searched: int | None = None) -> None:
        self.scoring = scoring
        self.slots = slots
        self.combos = combos
        self.rows = rows
        self.starts = starts
        self.ranked = ranked
        self.first = first
        self.names = names
        self.wild = wild
        self.scores = scores
        self.qualifies = qualifies
        self.bests = bests
        self.searched = searched

    def best_row(self, group: int) -> int:
        """The group's best combination, a row of ``combos`` (-1: the group has none): the one :func:`played_hand`
        chooses among the group's rows."""
        bests = self.bests
        if bests is None:
            bests = self.bests = [-2] * (len(self.starts) - 1)
        found = bests[group]
        if found == -2:  # not found yet: the numpy reading, for this group alone
            start, end = self.starts[group:group + 2]
            rows = self.rows[start:end]
            bits = np.left_shift(np.int64(1), np.array([s.card for s in self.slots], dtype=np.int64))
            at = group_kernels.group_best_row(self.ranked[rows + self.first], 0, end - start,
                                              lambda tied: bits[self.combos[rows[tied]]].sum(axis=1))
            found = bests[group] = int(rows[at]) if at >= 0 else -1
        return found

    def is_searched(self, group: int) -> bool:
        """Whether this group's best combination is the one the showdown's search chose for the seat (its hand is
        the search's, in this group's name)."""
        chosen = self.searched
        return chosen is not None and chosen >= 0 and self.best_row(group) == chosen

    def played(self, group: int) -> PlayedHand:
        """The hand of this group, as the search of the spec narrowed to it answers (:func:`_played_one_group`):
        its best combination spelled out."""
        how = self.scoring
        score = self.scores[group]
        if score is None:
            return no_combination(how.spec) if self.starts[group] == self.starts[group + 1] else no_hand(how.spec)
        row = combo_row(self.combos, self.best_row(group))
        return spelled_hand(how.spec, self.slots, row, score, self.names[group], self.wild[group], how.layout,
                            how.choices, how.sequence)


def _played_one_group(hands: GroupHands, group: int) -> PlayedHand:
    """:meth:`GroupHands.played` the straightforward way: :func:`played_hand` over the group's combinations alone
    (a search of the spec narrowed to that group), the reference the tests hold it to."""
    how, (start, end) = hands.scoring, hands.starts[group:group + 2]
    rows = hands.rows[start:end]
    alone = Candidates(slots=tuple(hands.slots), combos=hands.combos[rows], groups=(hands.names[group],),
                       group_of=np.zeros(len(rows), np.int64))
    return played_hand(how.spec, alone, hands.ranked[rows + hands.first], (hands.wild[group],), layout=how.layout,
                       doubled=how.doubled, choices=how.choices, sequence=how.sequence)


def _qualifying(spec: HandSpec, scores: Sequence[int | None]) -> tuple[bool, ...]:
    """Whether each of these scores (None: no hand) qualifies for the spec."""
    qualifier = spec.qualifier
    if qualifier is None:
        return tuple([score is not None for score in scores])
    ranking = spec.ranking
    return tuple([score is not None and qualifier.passes(ranking, ranking.key(score)) for score in scores])


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
        out.append(found.bests(ranked, how))
    return out


def _listing_wilds(spec: HandSpec, game: Variant) -> bool:
    """Whether the spec's combinations are listed with the game's wild rules (part of what two specs share)."""
    return spec.uses_wilds or not game.wilds


def _from_search(specs: Sequence[HandSpec], seats: Sequence[Seat], groups: tuple[BoardGroup, ...],
                 board: Sequence[Slot], game: Variant, kept: SearchesKept) -> list[list[GroupHands]] | None:
    """:func:`group_bests` read from the showdown's search of each spec (``kept.scored``), where it searched these
    very seats' combinations of these very groups and board and each seat's wild cards are the same in every group:
    each group's combinations are rows of the search's (:func:`_group_rows`, the budget charged as listing them
    again), whose scores there are theirs (a combination legal in several groups was listed once, under the first,
    but scores alike in each where the wild cards are the same); the specs whose searches listed the same
    combinations (a high and a low) read them together. None where the search did not."""
    if not seats:  # (nothing to read: the listing answers)
        return None
    searches: list[tuple[ScoredSearch, list[int]]] = []
    places: dict[int, list[int] | None] = {}  # where the seats are among each list of seats searched
    alike: list[int] = []  # the seats' usable slots found with the same wild cards in every group (their ids)
    for spec in specs:
        search = kept.scored.get(spec.name)
        if search is None or search.how.spec is not spec or search.board is not board or (
                spec.formation.groups != groups):
            return None
        searched = id(search.seats)
        at = places[searched] if searched in places else places.setdefault(searched, _places(seats, search.seats))
        if at is None:
            return None
        usable = search.usable
        if id(usable) not in alike:
            if any(len(set(usable[k].wild_by_group)) > 1 for k in at):
                return None
            alike.append(id(usable))  # (held by the search: no other list has its id meanwhile)
        searches.append((search, at))
    read: list[tuple[tuple[Formation, int, bool], _Seats, list[int]]] = []  # each listing, and the specs reading it
    for i, (spec, (search, at)) in enumerate(zip(specs, searches, strict=True)):
        key = (spec.formation, spec.ranking.size, _listing_wilds(spec, game))
        earlier = same = None
        for listed, seen, readers in read:
            if listed == key and earlier is None:
                earlier = seen
            doubled = searches[readers[0]][0].how.doubled
            if seen.found is search.found and seen.at == at and doubled == search.how.doubled:
                same = readers
        if same is not None:  # (a high and a low)
            same.append(i)
            continue
        rows = _seats_rows(search, at, spec.formation, spec.ranking.size, board,
                           None if earlier is None else earlier.rows)
        read.append((key, _Seats.of(search, at, rows), [i]))
    out: list[list[GroupHands]] = [[] for _ in specs]
    for _, seen, readers in read:
        for i, hands in zip(readers, _read([searches[i][0] for i in readers], seen), strict=True):
            out[i] = hands
    return out


def _places(seats: Sequence[Seat], among: Sequence[Seat]) -> list[int] | None:
    """Where each of ``seats`` is among these (the very seat objects), None where one is not: found in one walk
    where they come in the same order (a showdown's both-way declarers among its live seats)."""
    at = []
    k, count = 0, len(among)
    for seat in seats:
        while k < count and among[k] is not seat:
            k += 1
        if k == count:  # not in that order: look each one up
            where = {id(one): i for i, one in enumerate(among)}
            found = [where.get(id(one), -1) for one in seats]
            return None if -1 in found else found
        at.append(k)
        k += 1
    return at


def _seats_rows(search: ScoredSearch, at: Sequence[int], formation: Formation, size: int, board: Sequence[Slot],
                earlier: Sequence[_GroupRows] | None) -> list[_GroupRows]:
    """Each of the search's seats ``at``: its combinations of each group as rows of its combinations there, the
    budget charged as :func:`group_bests` charges listing them (:func:`_listed_by_group`: the first seat of each
    shape as :func:`candidates_by_group` counts, each other one as many as it lists); nothing charged where a spec
    before this one reads the same listing (``earlier``: its seats' rows, the same seats in the same order)."""
    out: list[_GroupRows] = []
    shapes: dict[int, _GroupRows] = {}  # by the id of each shape's index array (held by the search meanwhile)
    for i, k in enumerate(at):
        among = search.found[k].combos
        same = shapes.get(id(among))  # a seat of a shape already read
        if same is not None:
            if earlier is None:
                charge(same.listed)
        elif earlier is not None:
            before = earlier[i]
            same = before if before.among is among else _GroupRows.of(before.among[before.rows], before.starts, among,
                                                                      formation, before.units)
        else:
            same = _group_rows(search.found[k], search.usable[k].own, board, formation, size)
        shapes[id(among)] = same
        out.append(same)
    return out


@quick_init
@dataclass(frozen=True, slots=True, eq=False)
class _Seats:
    """The search's seats ``at`` as every spec that reads one listing of them shares them: the search's
    combinations and usable slots of every seat (``found``, ``usable``), each of these seats' rows of each group
    (``rows``) and where each of these seats' rows start among the search's (``firsts``); for seats of one shape
    (``shape``: their rows) read by the compiled pass, those first rows and their slot cards as it reads them
    (``at_firsts``, ``cards``; None: not read by it)."""

    found: Sequence[Candidates]
    usable: Sequence[Usable]
    at: list[int]
    rows: list[_GroupRows]
    firsts: list[int]
    shape: _GroupRows | None
    at_firsts: npt.NDArray[np.int64] | None
    cards: npt.NDArray[np.int64] | None

    @staticmethod
    def of(search: ScoredSearch, at: list[int], rows: list[_GroupRows]) -> _Seats:
        found, usable = search.found, search.usable
        counts = list(map(len, map(_COMBOS, found)))
        if counts.count(counts[0]) == len(counts):  # seats of as many rows each (the usual)
            firsts = [k * counts[0] for k in at]
        else:
            starts = list(accumulate(counts, initial=0))
            firsts = [starts[k] for k in at]
        first = rows[0]
        shape = first if rows.count(first) == len(rows) else None  # (compared by identity)
        if shape is None or not kernels.ENABLED:
            return _Seats(found, usable, at, rows, firsts, shape, None, None)
        table = search.table
        if table is not None:  # the seats' slot cards as the search read them, a row a seat
            return _Seats(found, usable, at, rows, firsts, shape, np.array(firsts, np.int64),
                          table if len(at) == len(table) and at == list(range(len(at))) else table[at])
        board = list(map(_CARD, found[at[0]].slots[len(usable[at[0]].own):]))  # every seat's slots end with the board
        cards = array("q")
        for k in at:
            cards.extend(map(_CARD, usable[k].own))
            cards.extend(board)
        return _Seats(found, usable, at, rows, firsts, shape, np.array(firsts, np.int64),
                      np.frombuffer(cards, dtype=np.int64).reshape(len(at), -1))


def _read(searches: Sequence[ScoredSearch], seats: _Seats) -> list[list[GroupHands]]:
    """For each of these searches (of one listing of these seats), each seat's :class:`GroupHands` read from the
    search's scores of its rows: every search's, seat's and group's score and best row in one compiled pass where
    the seats share one shape (:func:`group_kernels.groups_best`), else their scores with numpy (one lookup and one
    ``reduceat`` for seats of one shape) and each group's best row when asked."""
    found, usable, at, firsts, shape = seats.found, seats.usable, seats.at, seats.firsts, seats.shape
    chosen = [[best - first if (best := search.bests[k]) >= 0 else -1 for k, first in zip(at, firsts, strict=True)]
              for search in searches]
    if shape is not None and seats.cards is not None and seats.at_firsts is not None:
        found_scores, found_bests = group_kernels.groups_best([search.ranked for search in searches], seats.at_firsts,
                                                              shape.rows, shape.starts_array, shape.among,
                                                              seats.cards, searches[0].how.doubled)
        read = []
        for search, raw, seats_bests, seats_chosen in zip(searches, found_scores, found_bests, chosen, strict=True):
            how, ranked = search.how, search.ranked
            spec = how.spec
            hands = []
            for k, first, mine, rows_best, searched in zip(at, firsts, raw, seats_bests, seats_chosen, strict=True):
                if min(mine) >= 0:  # a hand in every group (the usual: each read as it is)
                    scores: tuple[int | None, ...] = tuple(mine)
                    qualifies = (True,) * len(mine) if spec.qualifier is None else _qualifying(spec, scores)
                else:
                    scores = tuple([None if s < 0 else s for s in mine])
                    qualifies = _qualifying(spec, scores)
                hands.append(GroupHands(how, found[k].slots, shape.among, shape.rows, shape.starts, ranked, first,
                                        found[k].groups, usable[k].wild_by_group, scores, qualifies, rows_best,
                                        searched))
            read.append(hands)
        return read
    out = []
    for search, seats_chosen in zip(searches, chosen, strict=True):
        how = search.how
        if shape is not None:  # every seat's rows in one lookup, their groups' best in one
            seats_scores = _seats_group_scores(
                search.ranked[shape.rows[None, :] + np.array(firsts, dtype=np.int64)[:, None]], shape.starts,
                how.doubled)
        else:
            seats_scores = [_group_scores(search.ranked[rows.rows + first], rows.starts, how.doubled)
                            for first, rows in zip(firsts, seats.rows, strict=True)]
        out.append([GroupHands(how, found[k].slots, rows.among, rows.rows, rows.starts, search.ranked, first,
                               found[k].groups, usable[k].wild_by_group, mine, _qualifying(how.spec, mine), None,
                               searched)
                    for k, first, rows, mine, searched in zip(at, firsts, seats.rows, seats_scores, seats_chosen,
                                                              strict=True)])
    return out


@dataclass(frozen=True, slots=True, eq=False)
class _GroupRows:
    """A seat's combinations of each group in turn (as :func:`candidates_by_group` lists them) as rows of its
    combinations of every group listed once (``among``, as the search lists them: the same sorted slot indexes),
    group ``g``'s from ``starts[g]`` (and after the last group, where they end; ``starts_array`` the same); and the
    work units listing them charges: ``units`` for the first seat of a shape (counted), ``listed`` for each other."""

    among: npt.NDArray[np.int64]
    formation: Formation
    rows: npt.NDArray[np.int64]
    starts: tuple[int, ...]
    starts_array: npt.NDArray[np.int64]
    units: int

    @property
    def listed(self) -> int:
        return len(self.rows)

    @staticmethod
    def of(listed: npt.NDArray[np.int64], starts: tuple[int, ...], among: npt.NDArray[np.int64],
           formation: Formation, units: int) -> _GroupRows:
        """The rows of ``among`` that ``listed`` (the same seat's combinations of each group in turn) lists."""
        where = {row: i for i, row in enumerate(map(tuple, among.tolist()))}
        rows = np.array([where[row] for row in map(tuple, listed.tolist())], dtype=np.int64).reshape(len(listed))
        rows.setflags(write=False)
        starts_array = np.array(starts, dtype=np.int64)
        starts_array.setflags(write=False)
        return _GroupRows(among, formation, rows, starts, starts_array, units)


def _entry_bytes(entry: _GroupRows) -> int:
    return int(entry.among.nbytes + entry.rows.nbytes + entry.starts_array.nbytes) + 8 * len(entry.starts) + 256


#: :func:`_group_rows`' answers, by the id of the search's index array (each entry holds it: while it is kept, no
#: other array has its id; the formation's caches list one such array for each formation, hand size and shape).
#: Bounded by the bytes of the arrays it holds, as the formation's caches are (it keeps the search's index array
#: alive): a client's own rules can bring a new shape with every request.
_ROWS: LRUCache[int, _GroupRows] = LRUCache(CACHE_BYTES, getsizeof=_entry_bytes)
_ROWS_LOCK = Lock()


def _group_rows(found: Candidates, own: Sequence[Slot], board: Sequence[Slot], formation: Formation, size: int
                ) -> _GroupRows:
    """A seat's :class:`_GroupRows` (``found``: its combinations in the search, of its slots ``own`` and the board),
    the budget charged as listing its combinations of each group (:func:`candidates_by_group`) charges. The index
    arrays are shared by every deal of one shape, so the rows are kept by them: a shape's first deal lists the
    combinations of each group (and charges for them), every later one only charges as many."""
    among = found.combos
    hit = _kept_rows(among, formation)
    if hit is not None:
        charge(hit.units)
        return hit
    listed = candidates_by_group(formation, size, own, board)
    return _keep_rows(_GroupRows.of(listed.combos, _group_starts(listed, len(formation.groups)), among, formation,
                                    count_candidates(formation, size, own, board)))


def _kept_rows(among: npt.NDArray[np.int64], formation: Formation) -> _GroupRows | None:
    """The :class:`_GroupRows` kept for this index array and formation, if any."""
    with _ROWS_LOCK:
        hit = _ROWS.get(id(among))
    if hit is not None and hit.among is among and (hit.formation is formation or hit.formation == formation):
        return hit
    return None


def _keep_rows(entry: _GroupRows) -> _GroupRows:
    """``entry``, kept by its index array (an entry larger than the whole bound is not kept)."""
    with _ROWS_LOCK, suppress(ValueError):
        _ROWS[id(entry.among)] = entry
    return entry


def _group_starts(found: Candidates, count: int) -> tuple[int, ...]:
    """Where each of ``count`` groups' rows start (``found`` lists them group by group), then where the last ends."""
    return (*np.searchsorted(found.group_of, np.arange(count)).tolist(), len(found.combos))


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

    def bests(self, ranked: npt.NDArray[np.int64], how: Spelling) -> list[GroupHands]:
        """Each seat's :class:`GroupHands` for these scores of every row."""
        out = []
        start = 0
        for mine, wild, starts in zip(self.found, self.wild_by_group, self.starts, strict=True):
            n = len(mine.combos)
            scores = _group_scores(ranked[start:start + n], starts, how.doubled)
            out.append(GroupHands(how, mine.slots, mine.combos, np.arange(n), starts, ranked, start, mine.groups, wild,
                                  scores, _qualifying(how.spec, scores)))
            start += n
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


def _group_scores(ranked: npt.NDArray[np.integer], starts: Sequence[int], doubled: bool) -> tuple[int | None, ...]:
    """The score of each group's best combination, as :func:`played_hand` reads it (None: no hand; ``starts``:
    where each group's rows start, then where the last ends)."""
    return _seats_group_scores(ranked[None, :], starts, doubled)[0]


def _seats_group_scores(ranked: npt.NDArray[np.integer], starts: Sequence[int], doubled: bool
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
