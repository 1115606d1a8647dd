"""Scoring rows of cards by a chain of state tables: one lookup per card, no sort and no separate flush test.

A table ranking's score depends only on the rank multiset of the cards and on whether they all share one suit.
Both facts can be folded in one card at a time: after ``m`` cards the *state* is (the index of their rank multiset,
their suit state: one suit ``s``, mixed, or no suit yet), and the next card moves it to another state. So a row
of cards ``c0 .. c4`` scores as

    state = T0[c0];  state = T1[state + c1];  ...;  score = T4[state + c4]

where each table holds the next state already multiplied by the number of symbols (so the next lookup is an
addition), and the last holds the score itself. Each step is one vectorised addition and one ``take`` over the
whole batch; the tables are built once per score table (a few MB at most) from the ranking's own tables, so the
chain answers exactly what sorting the ranks and testing the suits answers.

The symbols need not be cards: any symbol maps to a rank symbol and a suit (or no suit, as a wild cell has).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from evaluator.rankings._multiset import multiset_indexes, sorted_multisets

__all__ = ["CARDS", "NO_SUIT", "ROW_BY_ROW", "StateChain", "build_chain", "card_chain", "chain_of_states"]

State = TypeVar("State", bound=Hashable)

#: Batches of at most this many rows are scored row by row in Python: for so few rows a call into numpy costs
#: more than it saves.
ROW_BY_ROW = 4
#: The suit of a symbol that leaves the suit state as it is (a wild cell joins whatever suit the others share).
NO_SUIT = -1
_MIXED = 4
_NONE_YET = 5

#: ``score(multisets, suited)``: the scores of these rank multiset indexes (over the chain's rank symbols) when
#: the cards all share a suit (``suited`` True, no natural suit at all included) or not.
Scorer = Callable[[npt.NDArray[np.int64], npt.NDArray[np.bool_]], npt.NDArray[np.int32]]


@dataclass(frozen=True, slots=True, eq=False)
class StateChain:
    """The tables of one chain: ``steps[0]`` by symbol, ``steps[i]`` by state plus symbol, ``last`` the scores."""

    symbols: int
    steps: tuple[npt.NDArray[np.intp], ...]
    last: npt.NDArray[np.int32]

    @property
    def width(self) -> int:
        return len(self.steps) + 1

    def scores(self, rows: npt.NDArray[np.int64]) -> npt.NDArray[np.int32]:
        """The score of each row (shape ``(n, width)``) of symbols, each in ``range(symbols)`` (the caller checks:
        a symbol out of range reads a wrong state rather than failing)."""
        if not self.steps:  # rows of one symbol: the scores themselves
            return self.last.take(rows[:, 0])
        first, *steps = self.steps
        state = first.take(rows[:, 0])
        for i, step in enumerate(steps, 1):
            state += rows[:, i]
            state = step.take(state)
        state += rows[:, -1]
        return self.last.take(state)

    def scores_if_symbols(self, rows: npt.NDArray[np.integer]) -> npt.NDArray[np.int32] | None:
        """:meth:`scores` of rows that are ``width`` symbols each (integers of any type), all in range (checked);
        None for anything else (no rows, another width, a value out of range), which the caller reads another way.
        Up to :data:`ROW_BY_ROW` rows are walked in Python."""
        if rows.ndim != 2 or rows.shape[1] != len(self.steps) + 1 or not len(rows):
            return None
        wide = np.asarray(rows, dtype=np.int64)
        if len(wide) <= ROW_BY_ROW:
            listed = wide.tolist()
            if all(0 <= x < self.symbols for row in listed for x in row):
                return np.array([self.score(row) for row in listed], dtype=np.int32)
            return None
        return self.scores(wide) if wide.view(np.uint64).max() < self.symbols else None

    def score(self, row: list[int]) -> int:
        """The score of one row of symbols (a list, each in ``range(symbols)``), read in Python: for a single row,
        cheaper than numpy's calls."""
        if not self.steps:
            return int(self.last[row[0]])
        state = int(self.steps[0][row[0]])
        for i in range(1, self.width - 1):
            state = int(self.steps[i][state + row[i]])
        return int(self.last[state + row[-1]])


def build_chain(*, width: int, ranks: npt.NDArray[np.int64], suits: npt.NDArray[np.int64], rank_symbols: int,
                score: Scorer) -> StateChain:
    """The chain for rows of ``width`` symbols, symbol ``x`` having rank symbol ``ranks[x]`` (in
    ``range(rank_symbols)``) and suit ``suits[x]`` (0..3, or :data:`NO_SUIT`; all :data:`NO_SUIT` when suits do
    not matter, which keeps the chain small)."""
    symbols = len(ranks)
    suited = bool((suits != NO_SUIT).any())
    # suit states kept: 0..3 one suit, 4 mixed, and 5 no suit yet where rows may start with suitless symbols
    states = (_NONE_YET + 1 if (suits == NO_SUIT).any() else _MIXED + 1) if suited else 1
    following = _suit_transitions(suits) if suited else np.zeros((_NONE_YET + 1, symbols), dtype=np.int64)
    steps: list[npt.NDArray[np.intp]] = []
    for m in range(width):
        held = sorted_multisets(m, symbols=rank_symbols) if m else np.zeros((1, 0), dtype=np.int64)
        count = len(held)
        # every (multiset of m ranks, suit state) followed by every symbol: the multiset and suit state after it
        grown = np.concatenate([np.repeat(held[:, None, :], rank_symbols, axis=1),
                                np.broadcast_to(np.arange(rank_symbols)[None, :, None], (count, rank_symbols, 1))],
                               axis=2)
        by_rank = multiset_indexes(np.sort(grown.reshape(-1, m + 1), axis=1)).reshape(count, rank_symbols)
        multiset = by_rank[:, ranks].reshape(count, 1, symbols)
        suit = following[_NONE_YET:, :] if m == 0 else following[:states, :]  # no cards: no suit yet
        multiset, suit = np.broadcast_arrays(multiset, suit[None, :, :])
        if m < width - 1:
            steps.append(np.ascontiguousarray(((multiset * states + suit) * symbols).reshape(-1), dtype=np.intp))
        else:
            one_suit = suit.reshape(-1) != _MIXED if suited else np.zeros(multiset.size, dtype=bool)
            last = np.ascontiguousarray(score(multiset.reshape(-1), one_suit), dtype=np.int32)
    return StateChain(symbols=symbols, steps=tuple(steps), last=last)


def _suit_transitions(suits: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """``[suit state, symbol]``: the suit state after the symbol (a suitless symbol changes nothing)."""
    out = np.empty((_NONE_YET + 1, len(suits)), dtype=np.int64)
    for state in range(_NONE_YET + 1):
        for x, suit in enumerate(suits.tolist()):
            if suit in (NO_SUIT, state):
                out[state, x] = state
            else:
                out[state, x] = suit if state == _NONE_YET else _MIXED
    return out


#: Card ints 0..51 (``rank * 4 + suit``): the symbols of a chain over natural cards.
CARDS = 52
_CARD_RANKS = np.arange(CARDS, dtype=np.int64) >> 2
_CARD_SUITS = np.arange(CARDS, dtype=np.int64) & 3
_CARD_CHAINS: dict[tuple[bytes, bytes | None], StateChain] = {}


def card_chain(plain: npt.NDArray[np.int32], suited: npt.NDArray[np.int32] | None) -> StateChain:
    """The chain over five natural cards of a table ranking: ``plain[multiset]``, or ``suited[multiset]`` when the
    five share a suit (``suited`` None: suits do not matter). Built once per pair of tables (rankings that share
    their tables share the chain)."""
    key = (plain.tobytes(), None if suited is None else suited.tobytes())
    found = _CARD_CHAINS.get(key)
    if found is None:
        def score(multisets: npt.NDArray[np.int64], one_suit: npt.NDArray[np.bool_]) -> npt.NDArray[np.int32]:
            return plain[multisets] if suited is None else np.where(one_suit, suited[multisets], plain[multisets])

        found = _CARD_CHAINS[key] = build_chain(
            width=5, ranks=_CARD_RANKS, suits=_CARD_SUITS if suited is not None else np.full(CARDS, NO_SUIT),
            rank_symbols=13, score=score)
    return found


def chain_of_states(*, width: int, symbols: int, start: State, follow: Callable[[State, int], State],
                    score: Callable[[State], int]) -> StateChain:
    """The chain for rows of ``width`` symbols (``range(symbols)``) from a state function: ``start`` is the state
    of no symbols, ``follow(state, x)`` the state after one more, ``score(state)`` the score after ``width``.
    Only the states reachable from ``start`` are numbered (each level's in order of first reaching), so a ranking
    whose states are few has small tables, however it defines them."""
    level: dict[State, int] = {start: 0}
    steps: list[npt.NDArray[np.intp]] = []
    for m in range(width):
        following = [follow(state, x) for state in level for x in range(symbols)]
        if m == width - 1:
            last = np.array([score(state) for state in following], dtype=np.int32)
            break
        ahead: dict[State, int] = {}
        steps.append(np.array([ahead.setdefault(state, len(ahead)) * symbols for state in following],
                              dtype=np.intp))
        level = ahead
    return StateChain(symbols=symbols, steps=tuple(steps), last=last)
