"""RUNS (Ruby Run): colour runs before poker ranks (reference ``ruby-run``).

A *run* is three or more cards of consecutive rank and one colour (red ♥♦, black ♣♠). Hands compare
lexicographically on:

1. category: a *suited* run (all one suit) beats any merely same-colour run, which beats no run;
2. run length within the category (longer is better);
3. colour: red beats black;
4. the standard five-card poker hand, **aces high only** (A-2-3-4-5 is no straight);
5. still equal: split.

**[ASSUMPTION of the reference]** runs follow the rank order 2...10-J-Q-K-A (A-2-3 is not a run). Five cards hold
at most one run of three or more of each kind, so a hand's run is its longest suited run if it has one of three or
more, else its longest same-colour run.

The strength list is ``[run category (0 none, 1 colour, 2 suited), run length, colour (1 red, 0 black), poker
category, values...]``. Evaluation is vectorised: per-suit rank masks give the runs through a 13-bit table, and
the poker part is an aces-high table.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property

import numpy as np
import numpy.typing as npt

from evaluator.rankings.base import Described, Key, Ranking, Scores, TableRanking
from evaluator.rankings.high import describe_poker_key
from evaluator.rankings.poker_key import CATEGORY_SLUGS, poker_key
from evaluator.rankings.special._tables import ProductKeys, ace_high, read_order

__all__ = ["ACES_HIGH", "RUNS", "RunsRanking", "run_of"]

NO_RUN, COLOUR_RUN, SUITED_RUN = 0, 1, 2
BLACK, RED = 0, 1
#: colour of each suit c, d, h, s
SUIT_COLOUR = (BLACK, RED, RED, BLACK)
_NAMES = {3: "three", 4: "four", 5: "five"}
_SLUGS = {COLOUR_RUN: "colour-run", SUITED_RUN: "suited-run"}

#: Every run part of a key, in increasing order; its index is the outer part of the score.
RUN_CODES: tuple[Key, ...] = ((NO_RUN, 0, 0), *((cat, length, colour) for cat in (COLOUR_RUN, SUITED_RUN)
                                                for length in (3, 4, 5) for colour in (BLACK, RED)))


def _longest_runs() -> npt.NDArray[np.int64]:
    """The longest run of consecutive set bits of every 13-bit rank mask."""
    table = np.zeros(1 << 13, dtype=np.int64)
    for mask in range(1, 1 << 13):
        table[mask] = table[mask & (mask << 1)] + 1  # each shift-and peels the lowest card off every run
    return table


def _poker(ranks: Sequence[int], flush: bool) -> Key:
    return poker_key([r + 2 for r in ranks], flush)


ACES_HIGH = TableRanking(name="HIGH-ACES-HIGH", title="Standard high with the ace high only (no wheel)",
                         key=_poker, describe=lambda k, cards: Described(CATEGORY_SLUGS[k[0]],
                                                                         describe_poker_key(k[0], k[1:])),
                         suits_matter=True)


def run_of(cards: Sequence[int]) -> Key:
    """The run part of a hand's key, ``(category, length, colour)``, straight from the definition."""
    best: Key = (NO_RUN, 0, 0)
    for category, groups in ((SUITED_RUN, [{s} for s in range(4)]),
                             (COLOUR_RUN, [{s for s in range(4) if SUIT_COLOUR[s] == c} for c in (BLACK, RED)])):
        for suits in groups:
            ranks = {c >> 2 for c in cards if c & 3 in suits}
            length = longest = 0
            for r in range(13):
                length = length + 1 if r in ranks else 0
                longest = max(longest, length)
            if longest >= 3:
                best = max(best, (category, longest, SUIT_COLOUR[min(suits)]))
    return best


class RunsRanking(Ranking):
    """RUNS: the run key, then the aces-high poker key."""

    def __init__(self) -> None:
        self.name = "RUNS"
        self.title = ("Ruby Run: a suited run beats a same-colour run beats no run; then run length, red over "
                      "black, then the poker hand with aces high only")
        self.size = 5

    @cached_property
    def _keys(self) -> ProductKeys:
        return ProductKeys(RUN_CODES, ACES_HIGH.keys)

    @property
    def keys(self) -> Sequence[Key]:
        return self._keys

    @cached_property
    def _longest(self) -> npt.NDArray[np.int64]:
        return _longest_runs()

    @cached_property
    def _code_tables(self) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """Each card's rank bit in its suit's column (``[card, suit]``); the run code a suit's rank mask makes
        (``[suit, mask]``: a suited run of three or more, else 0) and a colour's (``[colour, mask]``)."""
        cards = np.arange(52)
        by_suit = np.where((cards & 3)[:, None] == np.arange(4), np.int64(1) << (cards >> 2)[:, None], 0)
        longest = self._longest
        suited = np.array([np.where(longest >= 3, 7 + (longest - 3) * 2 + SUIT_COLOUR[s], 0) for s in range(4)])
        colour = np.array([np.where(longest >= 3, 1 + (longest - 3) * 2 + c, 0) for c in (BLACK, RED)])
        return by_suit, suited, colour

    def run_codes(self, hands: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """The index in :data:`RUN_CODES` of each row's run part: the greatest of the codes its suits' and colours'
        rank masks make, by table (five cards hold at most one run of three of each kind, and every suited code is
        above every colour code, so the greatest is the run :meth:`run_codes_by_suit` picks)."""
        by_suit, suited, colour = self._code_tables
        cells = by_suit.take(hands, axis=0)  # [row, card, suit]
        masks = cells[:, 0].copy()  # [row, suit], summed card by card (faster than a sum over the middle axis)
        for i in range(1, hands.shape[1]):
            masks += cells[:, i]
        code: npt.NDArray[np.int64] = suited[0].take(masks[:, 0])
        for s in range(1, 4):
            np.maximum(code, suited[s].take(masks[:, s]), out=code)
        np.maximum(code, colour[BLACK].take(masks[:, 0] | masks[:, 3]), out=code)
        np.maximum(code, colour[RED].take(masks[:, 1] | masks[:, 2]), out=code)
        return code

    def run_codes_by_suit(self, hands: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """The reference reading of :meth:`run_codes`: each suit's and colour's longest run, the suited one first."""
        suits = hands & 3
        bits = np.int64(1) << (hands >> 2)
        masks = np.stack([np.where(suits == s, bits, 0).sum(axis=1) for s in range(4)], axis=1)
        suited = self._longest[masks]
        colours = self._longest[np.stack([masks[:, 0] | masks[:, 3], masks[:, 1] | masks[:, 2]], axis=1)]
        best_suit = suited.argmax(axis=1)
        suited_len = suited.max(axis=1)
        best_colour = colours.argmax(axis=1)
        colour_len = colours.max(axis=1)
        suited_code = 7 + (suited_len - 3) * 2 + np.asarray(SUIT_COLOUR)[best_suit]
        colour_code = 1 + (colour_len - 3) * 2 + best_colour
        codes: npt.NDArray[np.int64] = np.where(suited_len >= 3, suited_code, np.where(colour_len >= 3, colour_code, 0))
        return codes

    def evaluate_many(self, hands: npt.NDArray[np.integer]) -> Scores:
        rows = np.asarray(hands, dtype=np.int64)
        if rows.shape[1] != 5:
            raise ValueError(f"RUNS ranks hands of 5 cards, got {rows.shape[1]}")
        poker = ACES_HIGH.evaluate_many(rows).astype(np.int64)
        scores: Scores = (self.run_codes(rows) * len(ACES_HIGH.keys) + poker).astype(np.int32)
        return scores

    def score_of_key(self, key: Key) -> int:
        return self._keys.index_of(key[:3], key[3:])

    def describe(self, score: int, cards: Sequence[int]) -> Described:
        key = self.keys[score]
        (category, length, colour), poker = key[:3], key[3:]
        text = describe_poker_key(poker[0], poker[1:])
        if category == NO_RUN:
            return Described(CATEGORY_SLUGS[poker[0]], f"No run; {text[:1].lower()}{text[1:]}")
        kind = "suited run" if category == SUITED_RUN else "same-colour run"
        shade = "Red" if colour == RED else "Black"
        return Described(_SLUGS[category], f"{shade} {kind} of {_NAMES[length]}; {text[:1].lower()}{text[1:]}")

    def arrange(self, cards: Sequence[int], score: int) -> list[int]:
        return read_order(cards, ace_high)


RUNS = RunsRanking()
