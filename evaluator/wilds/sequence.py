"""Restricted wild cards that only fill a straight (reference: Island Pineapple's suited deuce and ace).

Island Pineapple's deuce is no joker. It may fill one missing card, only in a straight flush of its own suit, and
*where* it goes is fixed by the rule, not chosen for the best hand: it fills an inside gap of the other cards if
there is one, otherwise it extends the sequence at the bottom (2s Ts Js Qs Ks is a 9-K straight flush, never the
royal flush). Once the deuce is in use, the ace of its suit may fill a second missing card, at the top. A deuce or
ace not used this way is a natural card. The straight-wilds variation lets any one deuce fill any straight (an
off-suit deuce keeps its suit, so it makes a plain straight), and the ace of its suit fill a second gap.

A :class:`SequenceWilds` record says which form applies. A player's free choices are which deuce is wild (the
variation: one of them; the others are natural), and whether the ace of its suit joins it; the placement of the
filled cards then depends only on the ranks of the other, natural cards, so it is a table from their 13-bit rank
mask to the rank(s) filled (:func:`placement`, the rule text as code). Scoring is vectorised: for each column
that holds a deuce, with and without the ace, the rows' natural masks index the table, every filled row is scored
by the ranking in one call, and a row keeps the best of its natural score and its readings. Only rows holding a
deuce are looked at. The record reads natural cards only: it is not combined with fully wild cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Final, Literal

import numpy as np
import numpy.typing as npt

from evaluator.rankings.base import Ranking, Scores
from evaluator.values.cards import Card, card_of

__all__ = ["STRAIGHT_WILDS", "SUITED_DEUCE", "SequenceWilds", "placement"]

DEUCE: Final = 0
ACE: Final = 12
#: The other four columns of a five-card row, for each column.
_OTHERS: Final = np.array([[j for j in range(5) if j != col] for col in range(5)], dtype=np.intp)
#: Values along a straight: 2..14, and 1 for an ace that plays low (A-2-3-4-5).
_LOW_ACE: Final = 1
_HIGH_ACE: Final = 14

Fills = Literal["straight-flush", "straight"]
AceFills = Literal["top", "gap"]


def _value(rank: int, ace_low: bool) -> int:
    return _LOW_ACE if ace_low and rank == ACE else rank + 2


def _rank(value: int) -> int:
    return ACE if value == _LOW_ACE else value - 2


def _spot(held: set[int], *, inside: bool, first_end: Literal["bottom", "top"], other_end: bool) -> int | None:
    """Where one filler goes among the values ``held``: the lowest inside gap if there is one (``inside``; without
    it a gap means nowhere), otherwise the ``first_end`` of the sequence, or the other end when that one is off the
    deck (``other_end``)."""
    low, high = min(held), max(held)
    gaps = [v for v in range(low + 1, high) if v not in held]
    if gaps:
        return gaps[0] if inside else None
    below = low - 1 if low > _LOW_ACE else None
    above = high + 1 if high < _HIGH_ACE else None
    first, second = (below, above) if first_end == "bottom" else (above, below)
    return first if first is not None else (second if other_end else None)


def placement(naturals: Iterable[int], fillers: int, ace: AceFills) -> tuple[int, ...] | None:
    """The ranks the deuce, then (with ``fillers`` = 2) the ace, take beside these natural ranks, by the rule; None
    when they make no straight.

    The deuce fills an inside gap if there is one (the lowest), otherwise it extends the sequence at the bottom
    (at the top only where the bottom is off the deck: A-2-3-4 + deuce is the wheel). The ace, with ``ace`` =
    ``top``, extends the sequence at the top and nothing else (Island Pineapple); with ``gap`` it fills a
    remaining inside gap, otherwise it goes at the top (at the bottom where the top is off the deck). A natural ace
    plays high, or low in A-2-3-4-5.
    """
    ranks = set(naturals)
    if len(ranks) != 5 - fillers:  # a pair among the natural cards: no straight
        return None
    for ace_low in (False, True) if ACE in ranks else (False,):
        held = {_value(r, ace_low) for r in ranks}
        spots: list[int] = []
        deuce = _spot(held, inside=True, first_end="bottom", other_end=True)
        if deuce is None:
            continue
        held.add(deuce)
        spots.append(deuce)
        if fillers == 2:
            second = _spot(held, inside=ace == "gap", first_end="top", other_end=ace == "gap")
            if second is None:
                continue
            held.add(second)
            spots.append(second)
        if len(held) == 5 and max(held) - min(held) == 4:
            return tuple(_rank(v) for v in spots)
    return None


@cache
def _table(fillers: int, ace: AceFills) -> npt.NDArray[np.int64]:
    """:func:`placement` for every 13-bit mask of natural ranks: one row per mask, the filled rank(s) or -1."""
    table = np.full((1 << 13, fillers), -1, dtype=np.int64)
    for mask in range(1 << 13):
        if mask.bit_count() == 5 - fillers:
            spots = placement([r for r in range(13) if mask >> r & 1], fillers, ace)
            if spots is not None:
                table[mask] = spots
    table.setflags(write=False)
    return table


@dataclass(frozen=True, kw_only=True)
class SequenceWilds:
    """A deuce that may only fill a straight, and the ace of its suit a second missing card (Island Pineapple)."""

    #: ``straight-flush``: a deuce fills only a straight flush of its own suit (Island Pineapple's suited deuce);
    #: ``straight``: any one deuce fills any straight, keeping its suit (the straight-wilds variation).
    fills: Fills = "straight-flush"
    #: ``top``: the ace fills a second missing card only at the top; ``gap``: it fills a remaining inside gap,
    #: otherwise the top.
    ace: AceFills = "top"

    @property
    def description(self) -> str:
        if self.fills == "straight-flush":
            text = ("Suited deuce: a 2 may fill one missing card, only in a straight flush of its own suit; it fills "
                    "an inside gap if there is one, otherwise it extends the sequence at the bottom (2s Ts Js Qs Ks is "
                    "a 9-K straight flush)")
        else:
            text = ("Straight wilds: exactly one deuce, of any suit, may fill one missing card of any straight (the "
                    "card keeps the deuce's suit, so an off-suit deuce makes a plain straight); it fills an inside gap "
                    "if there is one, otherwise it goes at the bottom")
        if self.ace == "top":
            text += "; once that deuce is in use, the ace of its suit may fill a second missing card at the top"
        else:
            text += ("; once that deuce is in use, the ace of its suit may fill a second gap, otherwise it goes at "
                     "the top")
        return text + ". A deuce or ace not used this way is a natural card; only one deuce is ever wild."

    def _wild_columns(self, row: Sequence[int]) -> Iterator[int]:
        suited = len({c & 3 for c in row}) == 1
        for col, card in enumerate(row):
            if card >> 2 == DEUCE and (self.fills == "straight" or suited):
                yield col

    def readings(self, row: Sequence[int]) -> Iterator[tuple[list[int], list[tuple[int, int]]]]:
        """Every legal wild reading of a row of cards (natural readings aside): the cards as played and the
        (wild card, card it became) substitutions. One per wild deuce, alone and with the ace of its suit; a deuce
        the rule puts at its own rank (2s As 3s 4s 5s: the 2s at the bottom, the ace as 6s) is no substitution."""
        for col in self._wild_columns(row):
            suit = row[col] & 3
            ace = ACE * 4 + suit
            others = [c for i, c in enumerate(row) if i != col]
            for fillers in (1, 2) if ace in others else (1,):
                naturals = [c >> 2 for c in others if fillers == 1 or c != ace]
                spots = placement(naturals, fillers, self.ace)
                if spots is None:
                    continue
                became = {row[col]: spots[0] * 4 + suit}
                if fillers == 2:
                    became[ace] = spots[1] * 4 + suit
                yield [became.get(c, c) for c in row], [(c, b) for c, b in became.items() if c != b]

    def rescore(self, ranking: Ranking, cards: npt.NDArray[np.int64], scores: Scores) -> Scores:
        """``scores`` (the natural scores of ``cards``, shape ``(n, 5)``) with every row that has a legal wild
        reading scored as the best of its natural score and its readings: every (row, wild deuce) at once, alone
        and with the ace of its suit, all readings scored in one call."""
        out = scores.copy()
        holds = (cards >> 2) == DEUCE
        if self.fills == "straight-flush":
            suits = cards & 3
            holds &= (suits == suits[:, :1]).all(axis=1)[:, None]
        rows, cols = np.nonzero(holds)
        if not len(rows):
            return out
        block = cards[rows]
        pick = np.arange(len(rows))
        suit = block[pick, cols] & 3
        others = block[pick[:, None], _OTHERS[cols]]  # each row's cards but the deuce
        is_ace = others == (ACE * 4 + suit)[:, None]
        bits = np.int64(1) << (others >> 2)
        readings: list[npt.NDArray[np.int64]] = []
        of: list[npt.NDArray[np.intp]] = []  # the row each reading is of
        for fillers in (1, 2):
            use = np.ones(len(rows), bool) if fillers == 1 else is_ace.any(axis=1)
            natural = bits if fillers == 1 else np.where(is_ace, 0, bits)
            spots = _table(fillers, self.ace)[np.bitwise_or.reduce(natural, axis=1)]
            use &= spots[:, 0] >= 0
            if not use.any():
                continue
            filled = block[use]
            kept = np.arange(len(filled))
            filled[kept, cols[use]] = spots[use, 0] * 4 + suit[use]
            if fillers == 2:  # the ace of the deuce's suit (one per row) fills too
                at = np.zeros(filled.shape, bool)
                at[kept[:, None], _OTHERS[cols[use]]] = is_ace[use]
                filled[at] = spots[use, 1] * 4 + suit[use]
            readings.append(filled)
            of.append(rows[use])
        if readings:
            np.maximum.at(out, np.concatenate(of), ranking.evaluate_many(np.concatenate(readings)))
        return out

    def best_reading(self, ranking: Ranking, row: Sequence[int], score: int
                     ) -> tuple[list[int], list[tuple[Card, Card]]]:
        """The row as played to reach ``score`` (natural where that is enough) and the substitutions made."""
        readings = [(list(row), []), *self.readings(row)]
        if len(readings) == 1:  # no wild deuce: the natural reading is the only one
            return readings[0][0], []
        scored = ranking.evaluate_many(np.array([played for played, _ in readings], dtype=np.int64)).tolist()
        for (played, substitutions), reached in zip(readings, scored, strict=True):
            if reached == score:
                return played, [(card_of(a), card_of(b)) for a, b in substitutions]
        return list(row), []


#: Island Pineapple's suited deuce and ace.
SUITED_DEUCE = SequenceWilds(fills="straight-flush", ace="top")
#: Island Pineapple's straight-wilds variation.
STRAIGHT_WILDS = SequenceWilds(fills="straight", ace="gap")
