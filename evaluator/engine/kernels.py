"""The search's compiled core: every seat's combinations scored and each seat's best one chosen in one pass of
compiled code (numba), for the searches it can express.

Such a search lists every seat's combinations as one index array over each seat's slots (its own cards, then the
board's), and its ranking scores rows of card ints by a chain of state tables (:mod:`evaluator.rankings._chain`),
a wild cell reading as one more symbol. The pass walks each row's cards through the chain (a card wild for the seat
in the row's board group as the wild symbol), keeps the row's value (with ``natural_beats_wild``, ``2 * score +
natural``) and each seat's best row as :func:`evaluator.engine.search.best_rows` chooses it: the greatest value, and
among equal values that are a hand, the row whose cards as bits (card ``c`` is ``1 << c``) have the greatest sum,
the first of equal sums.

The numpy reading (:func:`evaluator.engine.search.scored_combinations` and
:func:`~evaluator.engine.search.best_rows`) stays the reference: the tests hold the two equal on every catalog
variant's deals and on random rows, and ``SHOWDOWN_COMPILED=0`` in the environment, or :data:`ENABLED` set to
False, switches this path off. Each kernel compiles on its first call (about a second); the service's warm-up calls
it before the workers fork (:func:`warm_up`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

import numpy as np
import numpy.typing as npt

from evaluator.rankings._chain import StateChain
from evaluator.rankings._multiset import CHOOSE

__all__ = ["ENABLED", "ChainTables", "FiveTables", "chain_tables", "five_best", "seats_best", "warm_up"]

#: Whether the search uses the compiled core (else the numpy reading, the reference).
ENABLED: bool = os.environ.get("SHOWDOWN_COMPILED", "1").strip() not in ("0", "false", "no", "off")
#: The compiled kernels are kept on disk, for the next process to load instead of compiling again, only where the
#: environment names a folder for them (numba's own ``NUMBA_CACHE_DIR``): the image's root filesystem is read-only,
#: and one compile per server start costs little. The test suite, which starts many processes, names one.
CACHED: bool = bool(os.environ.get("NUMBA_CACHE_DIR"))


@dataclass(frozen=True, slots=True, eq=False)
class ChainTables:
    """A chain of state tables laid out for the kernel: every step's table end to end (``steps``, step ``i`` from
    ``offsets[i]``), the scores (``last``), and how many symbols it reads."""

    steps: npt.NDArray[np.int32]
    offsets: npt.NDArray[np.int64]
    last: npt.NDArray[np.int32]
    symbols: int
    width: int


@lru_cache(maxsize=64)  # one per chain: a few rankings, natural and with wild cells
def chain_tables(chain: StateChain) -> ChainTables:
    """``chain`` as the kernel reads it (kept per chain: its tables are the chain's, copied once)."""
    parts = [np.asarray(step, dtype=np.int32) for step in chain.steps]  # states fit: a chain has a few million
    sizes = [len(part) for part in parts]
    offsets = np.array([sum(sizes[:i]) for i in range(len(parts))] or [0], dtype=np.int64)
    steps = np.concatenate(parts) if parts else np.zeros(1, dtype=np.int32)
    return ChainTables(steps, offsets, np.ascontiguousarray(chain.last, dtype=np.int32), chain.symbols, chain.width)


def _seats_best_py(cards: npt.NDArray[np.int64], combos: npt.NDArray[np.int64], group_of: npt.NDArray[np.int64],
                   wild: npt.NDArray[np.int64], steps: npt.NDArray[np.int32], offsets: npt.NDArray[np.int64],
                   last: npt.NDArray[np.int32], limit: int, wild_symbol: int, doubled: bool,
                   ranked: npt.NDArray[np.int64], bests: npt.NDArray[np.int64]) -> bool:
    """The kernel (compiled by :func:`_seats_best_kernel`): seat ``s``'s cards are ``cards[s]``, its combinations
    the rows of ``combos`` (indexes into them), row ``r`` of board group ``group_of[r]`` where the cards of the bit
    mask ``wild[s, group]`` are wild. Writes every row's value into ``ranked`` (seat after seat) and each seat's
    best row (counted from the first seat's first) into ``bests``. False, with nothing meant to be read, where a
    natural card is not below ``limit`` (no symbol of the chain).

    A row that begins with the previous row's first slots, read with the same wild cards, starts from the chain's
    state after them (kept a level per card: the state, the cards as bits, whether all were natural): the rows of a
    formation come in order, so most share all but their last card or two with the row before."""
    seats = cards.shape[0]
    rows = combos.shape[0]
    width = combos.shape[1]
    states = np.zeros(width, dtype=np.int64)  # level i: after the row's first i cards
    held = np.zeros(width, dtype=np.int64)
    naturals = np.ones(width, dtype=np.int64)
    for s in range(seats):
        base = s * rows
        best = -1
        top = 0
        top_bits = 0
        before = -1  # the previous row's wild mask (none yet)
        for r in range(rows):
            mask = wild[s, group_of[r]]
            level = 0
            if mask == before:
                while level < width - 1 and combos[r, level] == combos[r - 1, level]:
                    level += 1
            before = mask
            score = 0
            bits = 0
            natural = 1
            for i in range(level, width):
                card = cards[s, combos[r, i]]
                bits = held[i] + (np.int64(1) << card)
                natural = naturals[i]
                if (mask >> card) & 1:
                    symbol = wild_symbol
                    natural = 0
                elif 0 <= card < limit:
                    symbol = card
                else:
                    return False
                if i == width - 1:
                    score = last[states[i] + symbol]
                else:
                    states[i + 1] = steps[offsets[i] + states[i] + symbol]
                    held[i + 1] = bits
                    naturals[i + 1] = natural
            value = 2 * score + natural if doubled else score
            ranked[base + r] = value
            if best < 0 or value > top or (value == top and value >= 0 and bits > top_bits):
                best = base + r
                top = value
                top_bits = bits
        bests[s] = best
    return True


def _five_best_py(cards: npt.NDArray[np.int64], combos: npt.NDArray[np.int64], group_of: npt.NDArray[np.int64],
                  wild: npt.NDArray[np.int64], apart: npt.NDArray[np.int32], together: npt.NDArray[np.int32],
                  columns: npt.NDArray[np.int64], doubled: bool, ranked: npt.NDArray[np.int64],
                  bests: npt.NDArray[np.int64]) -> bool:
    """The kernel for five-card table rankings (compiled by :func:`_five_best_kernel`), read as
    :func:`_seats_best_py` reads a chain, by the rankings' own tables, for several hands at once (row ``h`` of
    ``apart``, ``together``, ``ranked`` and ``bests``: hand ``h``): each row's five cells (a card's rank, or
    :data:`~evaluator.wilds.table.WILD_CELL` for a wild card) sorted by a network of compare-exchanges into the
    index of their multiset (``columns[i * 14 + v]``: the share of value ``v`` in sorted place ``i``), found once
    for every hand; a hand's score ``together[h, index]`` where the natural cards share a suit (or none is
    natural), else ``apart[h, index]``. The tables are a few tens of kilobytes, where a chain's are hundreds: the
    rows' lookups stay in the processor's caches. False where a natural card is no card (a joker that is not
    wild)."""
    seats = cards.shape[0]
    rows = combos.shape[0]
    hands = apart.shape[0]
    best = np.empty(hands, dtype=np.int64)
    top = np.empty(hands, dtype=np.int64)
    top_bits = np.empty(hands, dtype=np.int64)
    for s in range(seats):
        base = s * rows
        best[:] = -1
        for r in range(rows):
            mask = wild[s, group_of[r]]
            bits = 0
            natural = 1
            suit = -1  # none yet; 4: mixed
            v0 = v1 = v2 = v3 = v4 = 0
            for i in range(5):
                card = cards[s, combos[r, i]]
                bits += np.int64(1) << card
                if (mask >> card) & 1:
                    value = 13
                    natural = 0
                elif 0 <= card < 52:
                    value = card >> 2
                    if suit < 0:
                        suit = card & 3
                    elif suit != card & 3:
                        suit = 4
                else:
                    return False
                if i == 0:
                    v0 = value
                elif i == 1:
                    v1 = value
                elif i == 2:
                    v2 = value
                elif i == 3:
                    v3 = value
                else:
                    v4 = value
            # the network of evaluator.rankings._multiset: (0,1) (3,4) (2,4) (2,3) (0,3) (0,2) (1,4) (1,3) (1,2)
            if v0 > v1:
                v0, v1 = v1, v0
            if v3 > v4:
                v3, v4 = v4, v3
            if v2 > v4:
                v2, v4 = v4, v2
            if v2 > v3:
                v2, v3 = v3, v2
            if v0 > v3:
                v0, v3 = v3, v0
            if v0 > v2:
                v0, v2 = v2, v0
            if v1 > v4:
                v1, v4 = v4, v1
            if v1 > v3:
                v1, v3 = v3, v1
            if v1 > v2:
                v1, v2 = v2, v1
            index = columns[v0] + columns[14 + v1] + columns[28 + v2] + columns[42 + v3] + columns[56 + v4]
            for h in range(hands):
                score = apart[h, index] if suit == 4 else together[h, index]
                value = 2 * score + natural if doubled else score
                ranked[h, base + r] = value
                if best[h] < 0 or value > top[h] or (value == top[h] and value >= 0 and bits > top_bits[h]):
                    best[h] = base + r
                    top[h] = value
                    top_bits[h] = bits
        for h in range(hands):
            bests[h, s] = best[h]
    return True


_Kernel = Callable[..., bool]
#: The kernel's one signature: C-contiguous arrays of int64 (the scores int32), the inputs read-only (a writable
#: array passes as one), compiled once; a call with other types is refused (TypeError) rather than compiled anew in
#: the middle of a request.
def _signature() -> object:
    from numba import types  # imported with the first search (a third of a second): not by every import
    read = [types.Array(types.int64, n, "C", readonly=True) for n in (1, 2)]
    written = types.Array(types.int64, 1, "C")
    scores = types.Array(types.int32, 1, "C", readonly=True)
    return types.boolean(read[1], read[1], read[0], read[1], scores, read[0], scores, types.int64, types.int64,
                         types.boolean, written, written)


def _five_signature() -> object:
    from numba import types
    read = [types.Array(types.int64, n, "C", readonly=True) for n in (1, 2)]
    written = types.Array(types.int64, 2, "C")
    scores = types.Array(types.int32, 2, "C", readonly=True)
    return types.boolean(read[1], read[1], read[0], read[1], scores, scores, read[0], types.boolean, written, written)


@lru_cache(maxsize=1)
def _seats_best_kernel() -> _Kernel:
    """The compiled chain kernel, compiled on the first call (the warm-up's)."""
    from numba import njit

    kernel: _Kernel = njit(_signature(), nogil=True, cache=CACHED)(_seats_best_py)
    return kernel


@lru_cache(maxsize=1)
def _five_best_kernel() -> _Kernel:
    """The compiled five-card table kernel, compiled on the first call (the warm-up's)."""
    from numba import njit

    kernel: _Kernel = njit(_five_signature(), nogil=True, cache=CACHED)(_five_best_py)
    return kernel


def seats_best(tables: ChainTables, cards: npt.NDArray[np.int64], combos: npt.NDArray[np.int64],
               group_of: npt.NDArray[np.int64], wild: npt.NDArray[np.int64] | None, wild_symbol: int,
               doubled: bool) -> tuple[npt.NDArray[np.int64], list[int]] | None:
    """Every row's value (seat after seat) and each seat's best row, for seats of these ``cards`` (one row of slot
    cards a seat) sharing the index array ``combos``, with ``wild`` the bit mask of each seat's wild cards in each
    board group (None: none wild); None where a natural card is no symbol of the chain (a joker that is not wild),
    which the numpy reading answers. The rows must be as wide as the chain."""
    seats, rows = len(cards), len(combos)
    if combos.shape[1] != tables.width:
        raise ValueError(f"rows of {combos.shape[1]} cards for a chain of {tables.width}")
    if wild is None:
        wild = np.zeros((seats, 1), dtype=np.int64)
        group_of = _ZEROS if rows <= len(_ZEROS) else np.zeros(rows, dtype=np.int64)
        limit = tables.symbols
    else:
        limit = wild_symbol
    ranked = np.empty(seats * rows, dtype=np.int64)
    bests = np.empty(seats, dtype=np.int64)
    kernel = _seats_best_kernel()
    if not kernel(cards, combos, group_of, wild, tables.steps, tables.offsets, tables.last, limit, wild_symbol, doubled,
                  ranked, bests):
        return None
    return ranked, bests.tolist() if rows else [-1] * seats


@dataclass(frozen=True, slots=True, eq=False)
class FiveTables:
    """Five-card table rankings' scores as :func:`five_best` reads them, one row a hand, by the index of the
    multiset of five cells over the thirteen ranks and a wild cell (a multiset of ranks alone keeps its index):
    where the natural cards do not all share a suit (``apart``), and where they do (``together``)."""

    apart: npt.NDArray[np.int32]
    together: npt.NDArray[np.int32]

    @classmethod
    def of(cls, tables: Sequence[tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]]) -> FiveTables:
        """The tables of several hands (each its ``apart`` and ``together``, as long as one another), stacked."""
        return cls(np.ascontiguousarray(np.stack([a for a, _ in tables]), dtype=np.int32),
                   np.ascontiguousarray(np.stack([t for _, t in tables]), dtype=np.int32))


def five_best(tables: FiveTables, cards: npt.NDArray[np.int64], combos: npt.NDArray[np.int64],
              group_of: npt.NDArray[np.int64], wild: npt.NDArray[np.int64] | None, doubled: bool
              ) -> list[tuple[npt.NDArray[np.int64], list[int]]] | None:
    """:func:`seats_best` for five-card table rankings, by their tables (:class:`FiveTables`) rather than a chain,
    for each of its hands (rows of five slot indexes, each read once for all of them); None where a natural card
    is no card (a joker that is not wild)."""
    seats, rows = len(cards), len(combos)
    if combos.shape[1] != 5:
        raise ValueError(f"rows of {combos.shape[1]} cards for a five-card ranking")
    if wild is None:
        wild = np.zeros((seats, 1), dtype=np.int64)
        group_of = _ZEROS if rows <= len(_ZEROS) else np.zeros(rows, dtype=np.int64)
    hands = len(tables.apart)
    ranked = np.empty((hands, seats * rows), dtype=np.int64)
    bests = np.empty((hands, seats), dtype=np.int64)
    if not _five_best_kernel()(cards, combos, group_of, wild, tables.apart, tables.together, _COLUMNS, doubled,
                               ranked, bests):
        return None
    return [(values, chosen if rows else [-1] * seats) for values, chosen in zip(ranked, bests.tolist(),
                                                                                   strict=True)]


#: The groups of rows of a search without wild cards (read as group 0, whose mask is empty).
_ZEROS: Final = np.zeros(1 << 14, dtype=np.int64)
#: ``_COLUMNS[i * 14 + v]``: value ``v`` (a rank, or 13 for a wild cell) in sorted place ``i`` of five, its share of
#: the multiset's index (the combinatorial number system of :mod:`evaluator.rankings._multiset`).
_COLUMNS: Final = np.ascontiguousarray(np.array([[CHOOSE[v + i, i + 1] for v in range(14)] for i in range(5)],
                                                dtype=np.int64).ravel())


def warm_up() -> None:
    """Compile the kernels (a call on a tiny input each), so that no request pays for it."""
    tables = ChainTables(np.zeros(1, dtype=np.int32), np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.int32), 1, 1)
    one = np.zeros((1, 1), dtype=np.int64)
    seats_best(tables, one, one, np.zeros(1, dtype=np.int64), one, 1, False)
    seats_best(tables, one, one, np.zeros(1, dtype=np.int64), None, 1, True)
    table = np.zeros(8568, dtype=np.int32)
    five = np.zeros((1, 5), dtype=np.int64)
    five_best(FiveTables.of([(table, table)]), five, five, np.zeros(1, dtype=np.int64), None, False)
