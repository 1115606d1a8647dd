"""Hand formation: which of a player's cards may be combined into one hand (reference 2.2).

A player's usable cards are *slots*, each from a *source*: ``hole`` (face-down own cards), ``up`` (face-up own
cards) or a board segment (``board`` for a flat board; layouts name their own segments, and a card that every
hand must use is a segment of its own). A :class:`Formation` is a set of alternative :class:`Pick` rules, each
bounding how many cards come from each source (or sum of sources: ``own`` = hole + up, ``board`` = every board
segment), and optionally a list of :class:`BoardGroup` s: then every board card a hand uses must lie in one group.

The engine enumerates *only* legal combinations, as index arrays cached per shape, so a showdown evaluates each
player's candidates in one vectorised call. Layouts, wild cards and client-defined rules all extend this engine.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from itertools import combinations, product
from math import comb, prod
from typing import Final

import cachetools
import numpy as np
import numpy.typing as npt

from evaluator.values.budget import charge
from evaluator.values.frozen import quick_init

__all__ = [
    "ANY",
    "BOARD",
    "BREAKER",
    "HOLE",
    "INSURED",
    "OWN",
    "TABLE",
    "UP",
    "BoardGroup",
    "Candidates",
    "Count",
    "Formation",
    "Pick",
    "Slot",
    "candidates",
    "candidates_by_group",
    "count_candidates",
    "seats_candidates",
    "seats_combinations",
]

HOLE: Final = "hole"
UP: Final = "up"
BOARD: Final = "board"
TABLE: Final = "others"
OWN: Final = "own"
#: A Breaker in the hole (reference ``breaker``): an own card kept apart, so a hand can be made with or without it.
BREAKER: Final = "breaker"
#: An insured hand's cards (Double Trouble): own cards a formation can allow more of than ordinary hole cards.
INSURED: Final = "insured"
#: Own sources besides hole and up.
_OWN_APART: Final = (BREAKER, INSURED)
UNBOUNDED: Final = 99
#: Bytes of enumerated index arrays kept per cache (two caches). Patterns are reused by every deal of one shape;
#: the bound keeps a stream of distinct client-defined shapes from growing a worker's memory, and an array larger
#: than the bound is used once and not kept.
CACHE_BYTES: Final = 8 * 1024 * 1024


@dataclass(frozen=True, slots=True, order=True)
class Count:
    """How many cards a source may give: ``min..max`` inclusive."""

    min: int = 0
    max: int = UNBOUNDED

    @classmethod
    def exactly(cls, n: int) -> Count:
        return cls(n, n)

    @classmethod
    def between(cls, low: int, high: int) -> Count:
        return cls(low, high)

    @classmethod
    def at_least(cls, n: int) -> Count:
        return cls(n, UNBOUNDED)

    @classmethod
    def at_most(cls, n: int) -> Count:
        return cls(0, n)

    def __contains__(self, n: object) -> bool:
        return isinstance(n, int) and self.min <= n <= self.max

    def __str__(self) -> str:
        if self.min == self.max:
            return str(self.min)
        if self.max >= UNBOUNDED:
            return f">={self.min}"
        return f"{self.min}..{self.max}"


@dataclass(frozen=True, kw_only=True)
class Pick:
    """One legal way to build a hand: a count for each named source (or sum of sources).

    ``Pick(limits={"hole": Count.exactly(2), "board": Count.exactly(3)})`` is Omaha. A key may join sources with
    ``+`` (``"hole+up"``); ``own`` means hole + up and ``board`` means every board segment. Sources not named are
    free.
    """

    limits: Mapping[str, Count] = field(default_factory=dict)

    def __hash__(self) -> int:
        return self._hash

    @cached_property
    def _hash(self) -> int:  # picks key every pattern cache: hashed on every search, computed once
        return hash(tuple(sorted(self.limits.items())))

    def __getstate__(self) -> dict[str, object]:  # a string's hash is per process: never carry the cached one
        return {k: v for k, v in self.__dict__.items() if k != "_hash"}

    def __str__(self) -> str:
        return " + ".join(f"{count} {name}" for name, count in self.limits.items()) or "any"


@dataclass(frozen=True, kw_only=True)
class BoardGroup:
    """A named set of board positions that one hand may draw its board cards from (a line, a row, a board)."""

    name: str
    positions: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class Formation:
    """The alternatives for building one hand, and the board groups its board cards must keep to."""

    picks: tuple[Pick, ...] = (Pick(),)
    groups: tuple[BoardGroup, ...] = ()

    def __hash__(self) -> int:
        return self._hash

    @cached_property
    def _hash(self) -> int:  # formations key the grouped caches: hashed on every search, computed once
        return hash((self.picks, self.groups))

    def __getstate__(self) -> dict[str, object]:  # a string's hash is per process: never carry the cached one
        return {k: v for k, v in self.__dict__.items() if k != "_hash"}

    @cached_property
    def group_names(self) -> tuple[str, ...]:
        """The groups' names, in order (every search's candidates carry them)."""
        return tuple(g.name for g in self.groups)

    def __str__(self) -> str:
        text = " or ".join(f"({p})" if len(self.picks) > 1 else str(p) for p in self.picks)
        if self.groups:
            text += ", board cards from one of: " + ", ".join(g.name for g in self.groups)
        return text


@quick_init
@dataclass(frozen=True, slots=True)
class Slot:
    """One usable card: its source, where it sits (hole index or board position) and the card."""

    source: str
    label: str
    card: int


@quick_init
@dataclass(frozen=True, slots=True)
class Candidates:
    """Every legal combination for one player: slot indexes (``combos``) and the group each one used."""

    slots: tuple[Slot, ...]
    combos: npt.NDArray[np.int64]
    groups: tuple[str | None, ...]
    group_of: npt.NDArray[np.int64]

    def cards(self) -> npt.NDArray[np.int64]:
        table = np.array([s.card for s in self.slots], dtype=np.int64)
        return table[self.combos] if len(self.combos) else np.empty((0, self.combos.shape[1]), np.int64)


def _expand(name: str, sources: Sequence[str]) -> tuple[str, ...]:
    parts: list[str] = []
    for part in name.split("+"):
        if part == OWN:
            parts += [HOLE, UP, *_OWN_APART, *(s for s in sources if s.startswith("set"))]
        elif part == BOARD:
            parts += [s for s in sources if s not in (HOLE, UP, TABLE, *_OWN_APART) and not s.startswith("set")]
        else:
            parts.append(part)
    return tuple(p for p in dict.fromkeys(parts) if p in sources)


def _nbytes(value: object) -> int:
    arrays = value if isinstance(value, tuple) else (value,)
    return sum(int(a.nbytes) + 128 for a in arrays if isinstance(a, np.ndarray))


_PATTERNS: Final[cachetools.LRUCache[object, npt.NDArray[np.int64]]] = cachetools.LRUCache(CACHE_BYTES,
                                                                                         getsizeof=_nbytes)
_GROUPED: Final[cachetools.LRUCache[object, tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]]] = (
    cachetools.LRUCache(CACHE_BYTES, getsizeof=_nbytes))
_LOCK: Final = threading.Lock()
#: What :func:`_combinations` found (the formation kept beside: an id outlives no formation kept; the work units, the
#: combinations, each one's group) by the formation's id, the hand's size, the slots' sources and the board's labels
#: (a shape: no card plays a part). Bounded by the bytes of its arrays, as the pattern caches are: a client's own
#: rules can send a new shape with every request.
_KEPT: Final[cachetools.LRUCache[tuple[int, int, tuple[str, ...], tuple[tuple[str, str], ...]],
                                 tuple[Formation, int, npt.NDArray[np.int64], npt.NDArray[np.int64]]]] = (
    cachetools.LRUCache(CACHE_BYTES, getsizeof=_nbytes))


def _legal_vectors(picks: tuple[Pick, ...], size: int, shape: tuple[tuple[str, int], ...]) -> list[tuple[int, ...]]:
    """The distinct count vectors (cards taken from each run of ``shape``) that some pick allows."""
    sources = [s for s, _ in shape]
    found: dict[tuple[int, ...], None] = {}
    for pick in picks:
        limits = [(_expand(name, sources), count) for name, count in pick.limits.items()]
        if any(not expanded and count.min > 0 for expanded, count in limits):
            continue
        for counts in _count_vectors(shape, size):
            taken = dict(zip(sources, counts, strict=True))
            if all(sum(taken[s] for s in expanded) in count for expanded, count in limits):
                found[counts] = None
    return list(found)


@lru_cache(maxsize=16384)
def _pattern_size(picks: tuple[Pick, ...], size: int, shape: tuple[tuple[str, int], ...]) -> int:
    """How many rows :func:`_pattern` has, by arithmetic alone: distinct count vectors give disjoint rows."""
    return sum(prod(comb(n, k) for (_, n), k in zip(shape, counts, strict=True))
               for counts in _legal_vectors(picks, size, shape))


@cachetools.cached(_PATTERNS, lock=_LOCK)
def _pattern(picks: tuple[Pick, ...], size: int, shape: tuple[tuple[str, int], ...]) -> npt.NDArray[np.int64]:
    """Every legal combination for slots laid out as ``shape`` (source, count) runs, as index rows."""
    offsets = np.cumsum([0] + [n for _, n in shape]).tolist()
    rows: list[tuple[int, ...]] = []
    for counts in _legal_vectors(picks, size, shape):
        runs = [combinations(range(offsets[i], offsets[i] + n), k)
                for i, ((_, n), k) in enumerate(zip(shape, counts, strict=True))]
        rows.extend(tuple(i for part in parts for i in part) for parts in product(*runs))
    if not rows:
        return np.empty((0, size), dtype=np.int64)
    pattern = np.array(rows, dtype=np.int64)
    pattern.setflags(write=False)  # shared by every deal of this shape
    return pattern


def _count_vectors(shape: tuple[tuple[str, int], ...], size: int) -> Iterator[tuple[int, ...]]:
    def walk(i: int, left: int) -> Iterator[tuple[int, ...]]:
        if i == len(shape):
            if left == 0:
                yield ()
            return
        for k in range(min(left, shape[i][1]) + 1):
            for rest in walk(i + 1, left - k):
                yield (k, *rest)

    return walk(0, size)


def count_candidates(formation: Formation, size: int, own: Sequence[Slot], board: Sequence[Slot]) -> int:
    """How many combinations :func:`candidates` may list, by arithmetic alone (nothing is enumerated): exact for a
    flat board; with board groups, the sum over groups, counting a combination legal in several groups once each."""
    slots = (*own, *board)
    if not formation.groups:
        return _pattern_size(formation.picks, size, _flat_layout(tuple(s.source for s in slots))[0])
    return _grouped_count(formation, size, tuple(s.source for s in own), tuple((s.label, s.source) for s in board))


@lru_cache(maxsize=4096)
def _grouped_count(formation: Formation, size: int, own: tuple[str, ...], board: tuple[tuple[str, str], ...]) -> int:
    """:func:`count_candidates` with board groups, for slots of this shape (own sources, then board labels and
    sources). Cached: cards play no part."""
    slots = tuple(Slot(src, str(i), 0) for i, src in enumerate(own)) + tuple(Slot(src, label, 0)
                                                                          for label, src in board)
    where = {label: len(own) + i for i, (label, _) in enumerate(board)}
    total = 0
    for group in formation.groups:
        ordered = _ordered(slots, [*range(len(own)), *(where[p] for p in group.positions if p in where)])
        total += _pattern_size(formation.picks, size, tuple((src, len(run)) for src, run in ordered))
    return total


def candidates(formation: Formation, size: int, own: Sequence[Slot], board: Sequence[Slot]) -> Candidates:
    """All legal ``size``-card combinations of a player's own slots and the board slots, group by group.

    A combination legal in several groups is listed once, under the first group. The current request's work
    budget is charged for them (:func:`evaluator.values.budget.charge`) before anything is enumerated.
    """
    return seats_candidates(formation, [size], [own], board)[0]


def seats_candidates(formation: Formation, sizes: Sequence[int], owns: Sequence[Sequence[Slot]],
                     board: Sequence[Slot]) -> list[Candidates]:
    """:func:`candidates` for several seats at once (``sizes[i]``-card combinations of ``owns[i]`` and the board):
    seats whose own slots come from the same sources share one index array. The budget is charged seat by seat,
    as many units as one call each would."""
    return seats_combinations(formation, sizes, owns, board)[0]


def seats_combinations(formation: Formation, sizes: Sequence[int], owns: Sequence[Sequence[Slot]],
                       board: Sequence[Slot]) -> tuple[list[Candidates], list[int]]:
    """:func:`seats_candidates`, and the work units charged for each seat (what charging them again in that order
    costs a search that reuses these candidates)."""
    board = tuple(board)
    board_shape = tuple((s.label, s.source) for s in board) if formation.groups else ()
    shared: dict[tuple[int, tuple[str, ...]], tuple[int, npt.NDArray[np.int64], npt.NDArray[np.int64]]] = {}
    groups = formation.group_names if formation.groups else (None,)
    found = []
    units = []
    for size, own in zip(sizes, owns, strict=True):
        sources = tuple([s.source for s in own])
        known = shared.get((size, sources))
        if known is None:
            known = shared[(size, sources)] = _combinations(formation, size, sources, board_shape, board)
        else:
            charge(known[0])
        found.append(Candidates(slots=(*own, *board), combos=known[1], groups=groups, group_of=known[2]))
        units.append(known[0])
    return found, units


def _combinations(formation: Formation, size: int, own: tuple[str, ...], board_shape: tuple[tuple[str, str], ...],
                  board: tuple[Slot, ...]) -> tuple[int, npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The work units charged, the combinations (slot index rows) and each one's group, for own slots of these
    sources and this board; the units are charged before anything is enumerated."""
    sources = (*own, *[s.source for s in board])
    key = (id(formation), size, sources, board_shape)
    with _LOCK:
        kept = _KEPT.get(key)
    if kept is not None and kept[0] is formation:  # this formation's own (an id outlives no formation kept)
        _, units, combos, group_of = kept
        charge(units)
        return units, combos, group_of
    if not formation.groups:
        shape, flat = _flat_layout(sources)
        units = _pattern_size(formation.picks, size, shape)
        charge(units)
        pattern = _pattern(formation.picks, size, shape)
        # slots already in runs of sources (hole, up, board): the pattern's columns are the slots themselves
        combos = flat[pattern] if len(pattern) and flat is not None else pattern
        group_of = np.zeros(len(combos), np.int64)
        combos.setflags(write=False)  # shared by the seats of this shape, and by later deals of it
        group_of.setflags(write=False)
    else:
        units = _grouped_count(formation, size, own, board_shape)  # count_candidates, the shapes already found
        charge(units)
        combos, group_of = _grouped(formation, size, own, board_shape)
    with _LOCK, contextlib.suppress(ValueError):  # (an entry larger than the whole bound is not kept)
        _KEPT[key] = (formation, units, combos, group_of)
    return units, combos, group_of


def candidates_by_group(formation: Formation, size: int, own: Sequence[Slot], board: Sequence[Slot]) -> Candidates:
    """The legal combinations of each board group in turn, a combination legal in several groups listed in each:
    group by group, the rows :func:`candidates` lists for the formation narrowed to that group (``group_of`` says
    which). The budget is charged as for those searches, by :func:`count_candidates`. Without groups: as
    :func:`candidates`."""
    if not formation.groups:
        return candidates(formation, size, own, board)
    own_shape, board_shape = tuple(s.source for s in own), tuple((s.label, s.source) for s in board)
    charge(_grouped_count(formation, size, own_shape, board_shape))  # count_candidates, the shapes already found
    combos, group_of = _each_group(formation, size, own_shape, board_shape)
    return Candidates(slots=(*own, *board), combos=combos, groups=formation.group_names, group_of=group_of)


@cachetools.cached(_GROUPED, key=lambda *args: ("each", *args), lock=_LOCK)
def _each_group(formation: Formation, size: int, own: tuple[str, ...], board: tuple[tuple[str, str], ...]
                ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """:func:`candidates_by_group`'s rows for slots of this shape: each group's as :func:`_grouped` lists them for
    that group alone."""
    each = [_grouped(replace(formation, groups=(group,)), size, own, board)[0] for group in formation.groups]
    combos = np.concatenate(each) if each else np.empty((0, size), dtype=np.int64)
    group_of = np.repeat(np.arange(len(each), dtype=np.int64), [len(rows) for rows in each])
    combos.setflags(write=False)  # shared by every deal of this shape
    group_of.setflags(write=False)
    return combos, group_of


@cachetools.cached(_GROUPED, lock=_LOCK)
def _grouped(formation: Formation, size: int, own: tuple[str, ...], board: tuple[tuple[str, str], ...]
             ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Group by group, the legal combinations of slots of this shape (own sources, then board labels and
    sources); a combination legal in several groups is kept once, under the first. Cached: cards play no part."""
    slots = tuple(Slot(src, str(i), 0) for i, src in enumerate(own)) + tuple(Slot(src, label, 0)
                                                                          for label, src in board)
    where = {label: len(own) + i for i, (label, _) in enumerate(board)}
    seen: dict[tuple[int, ...], int] = {}
    for g, group in enumerate(formation.groups):
        ordered = _ordered(slots, [*range(len(own)), *(where[p] for p in group.positions if p in where)])
        pattern = _pattern(formation.picks, size, tuple((src, len(run)) for src, run in ordered))
        if not len(pattern):
            continue
        flat = np.array([i for _, run in ordered for i in run], dtype=np.int64)
        for row in map(tuple, np.sort(flat[pattern], axis=1).tolist()):
            seen.setdefault(row, g)
    combos = np.array(list(seen), dtype=np.int64) if seen else np.empty((0, size), dtype=np.int64)
    group_of = np.fromiter(seen.values(), dtype=np.int64, count=len(seen))
    combos.setflags(write=False)  # shared by every deal of this shape
    group_of.setflags(write=False)
    return combos, group_of


@lru_cache(maxsize=4096)
def _flat_layout(sources: tuple[str, ...]) -> tuple[tuple[tuple[str, int], ...], npt.NDArray[np.int64] | None]:
    """For slots of these sources (a flat board), the (source, count) runs of :func:`_ordered` and the slot indexes
    run by run: the shape that keys a pattern and the map from pattern columns to slots, None where each column is
    its slot (the slots already come run by run). Cached: cards play no part, and a worker sees few shapes."""
    runs: dict[str, list[int]] = {}
    for i, source in enumerate(sources):
        runs.setdefault(source, []).append(i)
    order = [i for run in runs.values() for i in run]
    flat = None if order == list(range(len(order))) else np.array(order, dtype=np.int64)
    if flat is not None:
        flat.setflags(write=False)
    return tuple((source, len(run)) for source, run in runs.items()), flat


def _ordered(slots: Sequence[Slot], indexes: Sequence[int] | None = None) -> list[tuple[str, list[int]]]:
    """Slot indexes grouped into runs by source, in order of first appearance."""
    runs: dict[str, list[int]] = {}
    for i in range(len(slots)) if indexes is None else indexes:
        runs.setdefault(slots[i].source, []).append(i)
    return list(runs.items())


ANY = Formation()
