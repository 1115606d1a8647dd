"""Brute-force resolution of fully wild cards (reference 2.3, W0), written from the rules, for checking
:mod:`evaluator.wilds.table` and :mod:`evaluator.wilds.scoring`.

The library resolves wild cards without ever building a hand: it looks up, per rank multiset of the natural cards,
the maximum of precomputed plain/suited tables. The oracle here does the opposite. It *substitutes real cards* for
the wild ones (each wild card may become any of the 52 cards, copies of held cards included), scores every hand so
built "as played" with the ranking's natural evaluator (``evaluate_many``), and keeps the best score.

Enumerations (``mode``):

``"ordered"``
    every ordered tuple of ``k`` cards out of 52, i.e. all ``52**k`` substitutions. No symmetry assumed.
``"card-multisets"``
    every multiset of ``k`` cards out of 52 (``C(51 + k, k)`` rows). Exhaustive because a hand is an unordered
    collection: the score of five cards does not depend on the order they are listed in, so two substitutions that
    put the same cards in the wild positions in another order give the same hand.
``"reduced"``
    every multiset of ``k`` *ranks* (``C(12 + k, k)``) times at most two suit patterns. Exhaustive up to equal
    scores, because in every five-card table ranking suits matter only through "do all five cards share one suit"
    (reference 2.1: HIGH -- suits never break ties, only flushes use them; LOW-A5 ignores suits; LOW-27 and
    LOW-A6 only count flushes against the hand). Given the natural cards:

    * if they do not all share one suit, no substitution makes a flush, so one arbitrary suit per wild card gives
      every reachable score of that rank multiset;
    * if they all share suit ``s``, a substitution either puts every wild card in ``s`` (the only way to a
      flush: pattern "all in s") or puts at least one elsewhere, which is not a flush and scores like any other
      non-flush with those ranks (pattern "all in another suit");
    * with no natural card at all (five wild cards), "all five in one suit" and "not all in one suit" (spades,
      then hearts for the others).

    The oracle still builds real cards for each pattern and scores them with ``evaluate_many``; the tests check this
    reduction against ``"ordered"``/``"card-multisets"`` on a sample, so it is not taken on trust.

Hands "as played" may repeat a card (``As`` twice). ``TableRanking.evaluate_many`` mis-handles one such shape --
five cards of one suit with a repeated rank (a flush holding a pair, suited five of a kind): it adds the rank bits
into a flush mask and indexes past its 13-bit table (see ``test_wild_oracle``). :func:`played_scores` therefore
sends those rows, and only those, to the ranking's key function from the definition (``key_of(ranks, flush=True)``)
and every other row to ``evaluate_many``.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import combinations, combinations_with_replacement, product
from typing import Literal

import numpy as np
import numpy.typing as npt

from evaluator.rankings import NO_HAND, TableRanking
from evaluator.rankings.four_card import FourCardLow

__all__ = [
    "CHUNK_ROWS",
    "FourCardBrute",
    "Mode",
    "brute_best_many",
    "brute_best_unique",
    "played_scores",
    "substitution_count",
]

IntArray = npt.NDArray[np.int64]
ScoreArray = npt.NDArray[np.int32]
Mode = Literal["ordered", "card-multisets", "reduced"]

CHUNK_ROWS = 1 << 20  # rows of five cards scored per numpy call
_POW13 = 13 ** np.arange(5, dtype=np.int64)


@cache
def _card_tuples(k: int, ordered: bool) -> IntArray:
    """Every ordered tuple (or every multiset) of ``k`` cards out of 52, one row each."""
    rows = product(range(52), repeat=k) if ordered else combinations_with_replacement(range(52), k)
    return np.array(list(rows), dtype=np.int64).reshape(-1, k)


@cache
def _rank_multisets(k: int) -> IntArray:
    return np.array(list(combinations_with_replacement(range(13), k)), dtype=np.int64).reshape(-1, k)


def substitution_count(k: int, mode: Mode) -> int:
    """How many hands the oracle scores per natural hand with ``k`` wild cards."""
    if mode == "ordered":
        return int(52 ** k)
    if mode == "card-multisets":
        return len(_card_tuples(k, False))
    return 2 * len(_rank_multisets(k))


@cache
def _suited_repeat_score(ranking: TableRanking, code: int) -> int:
    """Score of five cards of one suit whose ranks (base-13 ``code`` of the sorted ranks) repeat, from the
    ranking's definition."""
    ranks = [(code // 13 ** i) % 13 for i in range(5)]
    return int(ranking.score_of_key(ranking.key_of(ranks, True)))


def played_scores(ranking: TableRanking, hands: npt.NDArray[np.integer]) -> ScoreArray:
    """Scores of five-card hands as played (rows of card ints 0..51, repeated cards allowed)."""
    hands = np.asarray(hands, dtype=np.int64)
    odd = np.empty(0, dtype=np.int64)
    if ranking.suits_matter:
        suits = hands & 3
        same = np.flatnonzero((suits[:, 1:] == suits[:, :1]).all(axis=1))
        ranks = np.sort(hands[same] >> 2, axis=1)
        repeated = (ranks[:, 1:] == ranks[:, :-1]).any(axis=1)
        odd, odd_ranks = same[repeated], ranks[repeated]
    if not len(odd):
        return ranking.evaluate_many(hands)
    safe = hands.copy()
    safe[odd] = np.arange(5)  # 2c 2d 2h 2s 3c, a placeholder overwritten below
    out = ranking.evaluate_many(safe)
    codes, inverse = np.unique(odd_ranks @ _POW13, return_inverse=True)
    values = np.array([_suited_repeat_score(ranking, int(c)) for c in codes.tolist()], dtype=np.int32)
    out[odd] = values[inverse.reshape(-1)]
    return out


def _substituted(naturals: IntArray, k: int, mode: Mode, rng: np.random.Generator) -> IntArray:
    """Hands (h, rows, 5): each natural row completed by every substitution of the enumeration."""
    h, m = naturals.shape
    if mode in ("ordered", "card-multisets"):
        subs = _card_tuples(k, mode == "ordered")
        subs_h = np.broadcast_to(subs[None, :, :], (h, *subs.shape))
    else:
        ranks = _rank_multisets(k)
        if m:
            suits = naturals & 3
            common = (suits == suits[:, :1]).all(axis=1)
            arbitrary = rng.integers(0, 4, size=h)
            first = np.where(common, suits[:, 0], arbitrary)  # "all in the naturals' suit" (or any suit)
            other = (first + 1 + rng.integers(0, 3, size=h)) % 4  # "all in some other suit"
            pattern = np.stack([np.repeat(first[:, None], k, axis=1), np.repeat(other[:, None], k, axis=1)], axis=1)
        else:
            same = np.full(k, 3, dtype=np.int64)
            mixed = np.array([3] + [2] * (k - 1), dtype=np.int64)
            pattern = np.broadcast_to(np.stack([same, mixed])[None], (h, 2, k))
        cards = ranks[None, None, :, :] * 4 + pattern[:, :, None, :]  # (h, 2, r, k)
        subs_h = cards.reshape(h, 2 * len(ranks), k)
    nat = np.broadcast_to(naturals[:, None, :], (h, subs_h.shape[1], m))
    return np.concatenate([subs_h, nat], axis=2)


def _chunks(n: int, per_item: int) -> Iterator[slice]:
    step = max(1, CHUNK_ROWS // per_item)
    for start in range(0, n, step):
        yield slice(start, min(n, start + step))


def brute_best_many(ranking: TableRanking, naturals: npt.NDArray[np.integer], k: int, mode: Mode,
                    seed: int = 0) -> ScoreArray:
    """Best score of each row of natural cards (shape ``(n, 5 - k)``) completed by ``k`` wild cards, by
    substituting cards and scoring the hands as played."""
    rows: IntArray = np.asarray(naturals, dtype=np.int64)
    assert rows.ndim == 2 and rows.shape[1] == 5 - k
    rng = np.random.default_rng(seed)
    if k == 0:
        return played_scores(ranking, rows)
    out = np.empty(len(rows), dtype=np.int32)
    per_hand = substitution_count(k, mode)
    for part in _chunks(len(rows), per_hand):
        hands = _substituted(rows[part], k, mode, rng)
        scores = played_scores(ranking, hands.reshape(-1, 5)).reshape(hands.shape[0], hands.shape[1])
        out[part] = scores.max(axis=1)
    return out


def brute_best_unique(ranking: TableRanking, naturals: npt.NDArray[np.integer], k: int, mode: Mode,
                      seed: int = 0) -> ScoreArray:
    """:func:`brute_best_many`, run once per distinct set of natural cards (the order of the naturals does not
    change the hand, so rows are sorted first); random hands with three or four wild cards repeat a lot."""
    rows = np.sort(np.asarray(naturals, dtype=np.int64), axis=1)
    if not len(rows):
        return np.empty(0, dtype=np.int32)
    unique, inverse = np.unique(rows, axis=0, return_inverse=True)
    return brute_best_many(ranking, unique, k, mode, seed)[inverse.reshape(-1)]


class FourCardBrute:
    """Brute force for BADUGI/DOOGIE: the best ``best_key`` over every substitution of the wild cards.

    ``best_key`` is slow (pure Python), so it is memoised over every multiset of four cards out of 52 (341,055),
    calling it once per class of multisets equal up to a renaming of suits. ``best_key`` only compares suits for
    equality, so renaming suits does not change it; two sorted four-card tuples with the same ranks position by
    position and the same pattern of equal suits are one renaming apart (map suit to suit position by position).
    """

    def __init__(self, ranking: FourCardLow) -> None:
        self.ranking = ranking
        multisets = _card_tuples(4, False)  # sorted rows
        ranks, suits = multisets >> 2, multisets & 3
        pattern = np.zeros(len(multisets), dtype=np.int64)
        for bit, (i, j) in enumerate(combinations(range(4), 2)):
            pattern |= (suits[:, i] == suits[:, j]).astype(np.int64) << bit
        signature = (ranks @ (13 ** np.arange(4, dtype=np.int64))) * 64 + pattern
        _, first, inverse = np.unique(signature, return_index=True, return_inverse=True)
        values = np.array([self._score([int(c) for c in multisets[i]]) for i in first.tolist()], dtype=np.int32)
        self.table = np.full(52 ** 4, NO_HAND - 1, dtype=np.int16)  # unsorted positions stay unusable
        self.table[self._index(multisets)] = values[inverse.reshape(-1)].astype(np.int16)
        self.classes = len(first)

    def _score(self, cards: list[int]) -> int:
        key = self.ranking.best_key(cards)
        return NO_HAND if key is None else self.ranking.score_of_key(key)

    @staticmethod
    def _index(sorted_cards: IntArray) -> IntArray:
        return ((sorted_cards[:, 0] * 52 + sorted_cards[:, 1]) * 52 + sorted_cards[:, 2]) * 52 + sorted_cards[:, 3]

    def scores(self, hands: npt.NDArray[np.integer]) -> ScoreArray:
        """``best_key`` scores (NO_HAND for None) of four-card hands, repeated cards allowed (memoised)."""
        found = self.table[self._index(np.sort(np.asarray(hands, dtype=np.int64), axis=1))].astype(np.int32)
        assert (found >= NO_HAND).all()
        return found

    def best_many(self, naturals: npt.NDArray[np.integer], k: int) -> ScoreArray:
        """Best score of each row of ``4 - k`` natural cards over every multiset of ``k`` substituted cards."""
        rows: IntArray = np.asarray(naturals, dtype=np.int64)
        assert rows.ndim == 2 and rows.shape[1] == 4 - k
        subs = _card_tuples(k, False)
        out = np.empty(len(rows), dtype=np.int32)
        for part in _chunks(len(rows), len(subs)):
            nat = rows[part]
            hands = np.concatenate([np.broadcast_to(subs[None], (len(nat), *subs.shape)),
                                    np.broadcast_to(nat[:, None, :], (len(nat), len(subs), 4 - k))], axis=2)
            out[part] = self.scores(hands.reshape(-1, 4)).reshape(len(nat), len(subs)).max(axis=1)
        return out
