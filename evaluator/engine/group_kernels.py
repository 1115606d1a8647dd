"""Declare's one-group reading compiled (numba): each seat's best combination within each board group, and its
score, read from the scores the showdown's search gave every row, in one pass for every seat and group
(:mod:`evaluator.engine.group_search`).

Seats of one shape share an index array of combinations (the search's, ``among``) and, for the formation's groups,
each group's combinations in turn as rows of it (``rows``, group ``g``'s from ``starts[g]``, a combination legal in
several groups listed in each, in the order a search of that group alone lists them); the searches of several hands
that listed the same combinations (a high and a low) are read together, each its own scores. The pass walks each
group's rows of each seat and keeps what :func:`evaluator.hands.played.played_hand` chooses over them: the greatest
value, and among equal values that are a hand the row whose cards as bits (card ``c`` is ``1 << c``) have the
greatest sum, the first of equal sums; and that value as a score (halved where values are ``2 * score + natural``),
-1 where it is no hand or the group has no row.

The numpy reading (:func:`groups_best_numpy`: each group's slice, as :func:`played_hand` reads it) stays the
reference: the tests hold the two equal on random rows and on every one-group game's deals, and the search's switch
(:data:`evaluator.engine.kernels.ENABLED`, ``SHOWDOWN_COMPILED=0``) turns this pass off too. The kernel compiles on
its first call (about a second): the service's warm-up, which adjudicates every catalog example, makes that call.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

import numpy as np
import numpy.typing as npt

__all__ = ["group_best_row", "groups_best", "groups_best_numpy"]


def _groups_best_py(first: npt.NDArray[np.int64], second: npt.NDArray[np.int64], count: int,
                    firsts: npt.NDArray[np.int64], rows: npt.NDArray[np.int64], starts: npt.NDArray[np.int64],
                    among: npt.NDArray[np.int64], cards: npt.NDArray[np.int64], doubled: bool,
                    found: npt.NDArray[np.int64]) -> None:
    """The kernel (compiled by :func:`_groups_best_kernel`): the scores of ``count`` searches (one or two: a high
    and a low), ``first`` and ``second`` (read only where ``count`` is 2); seat ``s``'s rows there start at
    ``firsts[s]`` (row ``r`` of ``among`` is ``first[firsts[s] + r]``), its slot cards are ``cards[s]``. Writes each
    search's, seat's and group's score (-1: none) into ``found[0, h, s, g]`` and its best row of ``among`` (-1:
    none) into ``found[1, h, s, g]``."""
    width = among.shape[1]
    for h in range(count):
        ranked = first if h == 0 else second
        for s in range(firsts.shape[0]):
            base = firsts[s]
            for g in range(starts.shape[0] - 1):
                best = -1
                top = 0
                top_bits = -1  # the best row's card bits, found when a tie first needs them
                for i in range(starts[g], starts[g + 1]):
                    row = rows[i]
                    value = ranked[base + row]
                    if best >= 0 and (value < top or (value == top and value < 0)):
                        continue
                    if best < 0 or value > top:
                        best = row
                        top = value
                        top_bits = -1
                        continue
                    if top_bits < 0:
                        top_bits = 0
                        for j in range(width):
                            top_bits += np.int64(1) << cards[s, among[best, j]]
                    bits = 0
                    for j in range(width):
                        bits += np.int64(1) << cards[s, among[row, j]]
                    if bits > top_bits:
                        best = row
                        top_bits = bits
                found[1, h, s, g] = best
                score = -1
                if best >= 0 and top >= 0:
                    score = top >> 1 if doubled else top
                found[0, h, s, g] = score


_Kernel = Callable[..., None]


def _signature() -> object:
    """The kernel's one signature: C-contiguous arrays of int64, the inputs read-only (a writable array passes as
    one); a call with other types is refused (TypeError) rather than compiled anew in the middle of a request."""
    from numba import types  # imported with the first search that needs it: not by every import

    read = [types.Array(types.int64, n, "C", readonly=True) for n in (1, 2)]
    return types.void(read[0], read[0], types.int64, read[0], read[0], read[0], read[1], read[1], types.boolean,
                      types.Array(types.int64, 4, "C"))


@lru_cache(maxsize=1)
def _groups_best_kernel() -> _Kernel:
    """The compiled kernel, compiled on its first call."""
    from numba import njit

    kernel: _Kernel = njit(_signature(), nogil=True, cache=False)(_groups_best_py)
    return kernel


def groups_best(ranked: Sequence[npt.NDArray[np.integer]], firsts: npt.NDArray[np.int64],
                rows: npt.NDArray[np.int64], starts: npt.NDArray[np.int64], among: npt.NDArray[np.int64],
                cards: npt.NDArray[np.int64], doubled: bool) -> tuple[list[list[list[int]]], list[list[list[int]]]]:
    """For each search's scores (``ranked[h]``), each seat (its rows there from ``firsts[s]``, its slot cards
    ``cards[s]``) and each group (its rows of ``among`` at ``rows[starts[g]:starts[g + 1]]``): the score of its best
    combination (-1: none) and that combination's row of ``among`` (-1: none), compiled, two searches a call. What
    :func:`groups_best_numpy` answers for each search."""
    kernel = _groups_best_kernel()
    scores: list[list[list[int]]] = []
    bests: list[list[list[int]]] = []
    for h in range(0, len(ranked), 2):
        pair = [np.ascontiguousarray(scored, dtype=np.int64) for scored in ranked[h:h + 2]]
        found = np.empty((2, len(pair), len(firsts), len(starts) - 1), dtype=np.int64)
        kernel(pair[0], pair[-1], len(pair), firsts, rows, starts, among, cards, doubled, found)
        read = found.tolist()
        scores += read[0]
        bests += read[1]
    return scores, bests


def groups_best_numpy(ranked: npt.NDArray[np.integer], firsts: Sequence[int], rows: npt.NDArray[np.int64],
                      starts: Sequence[int], among: npt.NDArray[np.int64], cards: npt.NDArray[np.int64],
                      doubled: bool) -> tuple[list[list[int]], list[list[int]]]:
    """One search's :func:`groups_best` read with numpy, seat by seat and group by group
    (:func:`group_best_row`): the reference the tests hold the compiled pass to."""
    scores: list[list[int]] = []
    bests: list[list[int]] = []
    for s, first in enumerate(firsts):
        mine = np.asarray(ranked[first + rows], dtype=np.int64)
        bits = np.left_shift(np.int64(1), cards[s])

        def bits_of(tied: npt.NDArray[np.intp], bits: npt.NDArray[np.int64] = bits) -> npt.NDArray[np.int64]:
            return bits[among[rows[tied]]].sum(axis=1)  # type: ignore[no-any-return]

        seat_scores, seat_bests = [], []
        for g in range(len(starts) - 1):
            at = group_best_row(mine, starts[g], starts[g + 1], bits_of)
            top = int(mine[at]) if at >= 0 else -1
            seat_scores.append((top >> 1 if doubled else top) if top >= 0 else -1)
            seat_bests.append(int(rows[at]) if at >= 0 else -1)
        scores.append(seat_scores)
        bests.append(seat_bests)
    return scores, bests


def group_best_row(ranked: npt.NDArray[np.integer], start: int, end: int,
                   bits_of: Callable[[npt.NDArray[np.intp]], npt.NDArray[np.int64]]) -> int:
    """Of the rows ``start`` to ``end`` of ``ranked``, the one :func:`evaluator.hands.played.played_hand` chooses
    (-1: none): the first of the greatest value, and where that value is a hand (not below 0) and several rows have
    it, the one of them whose cards' bits (``bits_of``, given their positions) have the greatest sum, the first of
    equal sums."""
    if start == end:
        return -1
    mine = ranked[start:end]
    first = int(mine.argmax())
    top = mine[first]
    if top < 0:
        return start + first
    tied = np.flatnonzero(mine[first:] == top) + (start + first)
    return int(tied[0]) if len(tied) == 1 else int(tied[bits_of(tied).argmax()])
