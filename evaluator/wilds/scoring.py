"""Scoring candidate hands that contain wild cards, for every ranking.

Table rankings go through :class:`~evaluator.wilds.table.WildTable` (one lookup per hand, grouped by the number of
wild cards); the four-card lows place each wild card as the lowest rank and a suit the hand lacks. The completion of
the winning hand is then spelled out card by card for the answer (``wilds``: what each wild card became).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations_with_replacement
from typing import Final, TypeVar

import numpy as np
import numpy.typing as npt

from evaluator.rankings import NO_HAND, Ranking, TableRanking
from evaluator.rankings._chain import CARDS, NO_SUIT, StateChain, build_chain
from evaluator.rankings._multiset import COLUMN_SHARES, multiset_index, unsorted_multiset_indexes
from evaluator.rankings.base import Scores
from evaluator.rankings.four_card import FourCardLow
from evaluator.values.cards import JOKER_BASE, MAX_JOKERS, Card, card_of, every_card
from evaluator.wilds.table import WILD_CELL, WildTable

__all__ = ["WILD_SYMBOL", "prefer_unseen", "score_with_wilds", "spell_out", "spell_table", "wild_cell_tables",
           "wild_chain"]

T = TypeVar("T", bound=int)

_SUIT_PREFERENCE = (3, 2, 1, 0)  # spades, hearts, diamonds, clubs
#: Every card and joker by its number (what :func:`card_of` answers for each).
_CARDS: Final = every_card()


@cache
def _table(ranking: TableRanking) -> WildTable:
    return WildTable(ranking)


def score_with_wilds(ranking: Ranking, cards: npt.NDArray[np.int64], wild: npt.NDArray[np.bool_]) -> Scores:
    """Scores of candidate hands (rows of ``cards``) whose ``wild`` cells are wild cards."""
    if isinstance(ranking, TableRanking) and cards.shape[1] == ranking.size and not (
            (cards >= JOKER_BASE) & ~wild).any():  # a joker that is not wild has no rank: the checks below refuse it
        return _five_cells(ranking, cards, wild)
    counts = wild.sum(axis=1)
    scores = np.full(len(cards), NO_HAND, dtype=np.int32)
    natural = counts == 0
    if natural.any():
        scores[natural] = ranking.evaluate_many(cards[natural])
    for k in np.unique(counts[~natural]).tolist():
        rows = np.flatnonzero(counts == k)
        if cards.shape[1] < ranking.size:  # a short hand: no straight or flush, so only the wild ranks matter
            scores[rows] = _short_with_wilds(ranking, cards[rows], wild[rows])
        elif isinstance(ranking, TableRanking):
            naturals = cards[rows][~wild[rows]].reshape(len(rows), ranking.size - k)  # each row's, in order
            suits = naturals & 3
            same = (suits == suits[:, :1]).all(axis=1) if naturals.shape[1] else np.ones(len(rows), dtype=bool)
            scores[rows] = _table(ranking).best_scores(naturals, k, same)
        elif isinstance(ranking, FourCardLow):
            for row in rows.tolist():
                key = ranking.best_key([int(c) for c, w in zip(cards[row], wild[row], strict=True) if not w], k)
                scores[row] = NO_HAND if key is None else ranking.score_of_key(key)
        else:  # pragma: no cover - every ranking in the catalog is one of the two
            raise TypeError(f"{ranking.name} has no wild-card rule")
    return scores


def _five_cells(ranking: TableRanking, cards: npt.NDArray[np.int64], wild: npt.NDArray[np.bool_]) -> Scores:
    """Five-card hands of a table ranking, any number of them wild (natural cells are cards: the caller refuses a
    joker that is not wild), by the chain of state tables over cards and wild cells (:func:`_wild_chain`); a value
    that is no card is read as :func:`_five_cells_sorted` reads it."""
    found = _wild_chain(ranking).scores_if_symbols(np.where(wild, _WILD_SYMBOL, cards))
    return _five_cells_sorted(ranking, cards, wild) if found is None else found


#: A wild cell's symbol in :func:`_wild_chain`: one past the cards.
_WILD_SYMBOL: Final = CARDS
WILD_SYMBOL: Final = _WILD_SYMBOL


def wild_cell_tables(ranking: Ranking, width: int) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]] | None:
    """The tables :func:`score_with_wilds` scores rows of ``width`` cells by, each a natural card or a wild cell
    (:attr:`~evaluator.wilds.table.WildTable.by_cells`: by the cells' multiset over the ranks and
    :data:`~evaluator.wilds.table.WILD_CELL`, where the natural cards do not all share a suit, and where they do);
    None where it scores them otherwise."""
    if isinstance(ranking, TableRanking) and width == ranking.size == 5:
        return _table(ranking).by_cells
    return None


def wild_chain(ranking: Ranking, width: int) -> StateChain | None:
    """The chain of state tables :func:`score_with_wilds` scores rows of ``width`` cells by, each a natural card
    (below :data:`WILD_SYMBOL`) or a wild cell (:data:`WILD_SYMBOL`); None where it scores them otherwise."""
    if isinstance(ranking, TableRanking) and width == ranking.size == 5:
        return _wild_chain(ranking)
    return None


@cache
def _wild_chain(ranking: TableRanking) -> StateChain:
    """The chain of state tables over five cells, each a card or a wild cell (:data:`_WILD_SYMBOL`): the rank
    multiset over fourteen symbols (the thirteen ranks and :data:`~evaluator.wilds.table.WILD_CELL`) and whether
    the natural cards share a suit (a wild cell has none) pick the score from
    :attr:`~evaluator.wilds.table.WildTable.by_cells`, as :func:`_five_cells_sorted` does."""
    apart, together = _table(ranking).by_cells
    symbols = np.arange(_WILD_SYMBOL + 1, dtype=np.int64)
    natural = symbols < _WILD_SYMBOL
    suits_matter = not np.array_equal(apart, together)  # else suits are no state (a smaller chain)

    def score(multisets: npt.NDArray[np.int64], one_suit: npt.NDArray[np.bool_]) -> npt.NDArray[np.int32]:
        return np.where(one_suit, together[multisets], apart[multisets])

    return build_chain(width=5, ranks=np.where(natural, symbols >> 2, WILD_CELL),
                       suits=np.where(natural & suits_matter, symbols & 3, NO_SUIT), rank_symbols=WILD_CELL + 1,
                       score=score)


def _five_cells_sorted(ranking: TableRanking, cards: npt.NDArray[np.int64], wild: npt.NDArray[np.bool_]
                       ) -> Scores:
    """The reference reading of :func:`_five_cells`: each row's cells (ranks, wild cells as
    :data:`~evaluator.wilds.table.WILD_CELL`) sorted into a multiset index, one lookup in
    :attr:`~evaluator.wilds.table.WildTable.by_cells`, the natural cards' suits compared apart."""
    apart, together = _table(ranking).by_cells
    index = unsorted_multiset_indexes(np.where(wild, WILD_CELL, cards >> 2))
    suits = cards & 3
    same = np.where(wild, 4, suits).min(axis=1) >= np.where(wild, -1, suits).max(axis=1)  # none natural: same
    return np.where(same, together[index], apart[index])


def _short_with_wilds(ranking: Ranking, cards: npt.NDArray[np.int64], wild: npt.NDArray[np.bool_]) -> Scores:
    """Short hands (fewer cards than the ranking's hands) with wild cards: each row's best score over every rank
    multiset for its wild cards (:func:`_short_best`, kept per natural ranks)."""
    kept = _SHORT_BEST
    out = []
    for row, mask in zip(cards.tolist(), wild.tolist(), strict=True):
        naturals = [c for c, w in zip(row, mask, strict=True) if not w]
        key = (ranking, tuple(sorted([c >> 2 for c in naturals])), len(row) - len(naturals))
        best = kept.get(key)
        if best is None:
            best = _short_best(ranking, naturals, len(row) - len(naturals))
            if len(kept) < _SHORT_BEST_KEPT:
                kept[key] = best
        out.append(best)
    return np.array(out, dtype=np.int32)


def _short_best(ranking: Ranking, naturals: Sequence[int], count: int) -> int:
    """The best score of a short hand of these natural cards and ``count`` wild cards: every rank multiset for the
    wild cards (at most C(16, 4) = 1,820), scored as natural cards; suits cannot matter in a hand too short to be a
    flush, so it depends on the naturals' ranks alone (and is kept by them: :func:`_short_with_wilds`)."""
    fills = np.array(list(combinations_with_replacement(range(13), count)), dtype=np.int64) * 4
    tried = np.hstack([np.tile(np.array(naturals, dtype=np.int64), (len(fills), 1)), fills])
    return int(ranking.evaluate_many(tried).max())


#: The best scores kept (:func:`_short_with_wilds`): by ranking, rank multiset of up to three naturals and wild count.
_SHORT_BEST_KEPT: Final = 1 << 14
_SHORT_BEST: Final[dict[tuple[Ranking, tuple[int, ...], int], int]] = {}


def spell_out(ranking: Ranking, cards: Sequence[int], wild: Sequence[bool], score: int
              ) -> tuple[list[int], list[tuple[Card, Card]]]:
    """The hand as played (each wild card replaced) and the list of (wild card, what it became).

    Suits: a wild card that completes a flush takes the naturals' suit; otherwise each takes a suit that keeps the
    hand from looking like a flush it is not, avoiding copies of cards already shown where it can (spades first).
    """
    naturals: list[int] = []
    wild_cards: list[int] = []
    for c, w in zip(cards, wild, strict=True):
        (wild_cards if w else naturals).append(c)
    if not wild_cards:
        return list(cards), []
    wild_cards.sort()  # jokers after cards
    if isinstance(ranking, FourCardLow):
        return _spell_four_card(ranking, naturals, [_CARDS[c] for c in wild_cards])
    if len(cards) < ranking.size:
        return _spell_short(ranking, naturals, [_CARDS[c] for c in wild_cards], score)
    if not isinstance(ranking, TableRanking):  # pragma: no cover - every ranking in the catalog is one of the two
        raise TypeError(f"{ranking.name} has no wild-card rule")
    played, became = spell_table(ranking, naturals, wild_cards, score)
    return played, list(zip([_CARDS[c] for c in wild_cards], became, strict=True))


def spell_table(ranking: TableRanking, naturals: list[T], wild_cards: Sequence[int], score: int
                ) -> tuple[list[T | Card], list[Card]]:
    """The hand as played and what each wild card became (in their order), for :func:`spell_out` of a five-card
    hand of a table ranking, its natural cards (in order) and its wild cards (sorted) apart: by the plan kept for
    the naturals' ranks, the wild count and the naturals' one suit (:func:`_plan`); only a wild card that becomes a
    rank some natural card has looks at the naturals' suits."""
    suit = naturals[0] & 3 if naturals else None
    ranks = 0  # the naturals' rank multiset, as the sum of their weights
    weights = _RANK_WEIGHTS
    for c in naturals:
        ranks += weights[c]
        if c & 3 != suit:
            suit = None
    plan = _PLANS.get((ranking, ranks, len(wild_cards), suit))
    if plan is None:
        plan = _plan(ranking, naturals, len(wild_cards), suit)
    if plan.score != score:  # pragma: no cover - the table and the search agree by construction
        raise AssertionError("wild completion does not reproduce the score")
    became = list(plan.became)
    if plan.free is not None:  # a wild card that becomes a natural card's rank: the first suit not yet shown
        used: set[int] = set(naturals)
        for i, order in plan.free:
            base = became[i]
            card = base + order[0]
            for s in order:
                if base + s not in used:
                    card = base + s
                    break
            became[i] = _CARDS[card]
            used.add(card)
    return naturals + became, became


#: Each card's rank as a weight: the sum of a few cards' (up to seven of a rank) is their rank multiset.
_RANK_WEIGHTS: Final = [1 << 3 * (c >> 2) for c in range(JOKER_BASE + MAX_JOKERS)]


class _Plan:
    """What the wild cards of a five-card hand become, by the naturals' ranks, the wild count and the naturals' one
    suit (None: none or several): the score they reach, and each wild card's card (``became``, in the order of the
    wild cards) where no natural card has its rank, else its rank's first card (rank times four) with the suits to
    try in turn, the first not yet shown taken (``free``: each such wild card's place and suits; None: none)."""

    __slots__ = ("became", "free", "score")

    def __init__(self, score: int, became: tuple[Card, ...], free: tuple[tuple[int, tuple[int, ...]], ...] | None
                 ) -> None:
        self.score = score
        self.became = became
        self.free = free


def _plan(ranking: TableRanking, naturals: Sequence[int], wild_count: int, suit: int | None) -> _Plan:
    """The :class:`_Plan` of these natural cards' ranks, kept (a few thousand rank multisets of up to four cards, by
    wild count and suit, per ranking): the completion of :meth:`WildTable.completion`, each wild card in the
    naturals' suit (spades without naturals) where it completes a flush, else in the first of its rotation of the
    other suits (:func:`_rotations`) that no earlier wild card of its rank took, unless a natural card has its rank:
    that one is read from the naturals' cards."""
    ranks = sorted([c >> 2 for c in naturals])
    completion = _table(ranking).completion(ranks, wild_count, suit is not None or not ranks)
    if completion.suited:
        plan = _Plan(completion.score, tuple([_CARDS[r * 4 + (3 if suit is None else suit)] for r in completion.ranks]),
                     None)
    else:
        orders = _ROTATIONS[suit]
        became: list[int] = []
        free = []
        taken: set[int] = set()  # the cards taken by the wild cards of ranks no natural card has
        for i, rank in enumerate(completion.ranks):
            order = orders[i % len(orders)]  # vary suits: no accidental flush
            if rank in ranks:
                became.append(rank * 4)
                free.append((i, order))
                continue
            card = next((rank * 4 + s for s in order if rank * 4 + s not in taken), rank * 4 + order[0])
            became.append(card)
            taken.add(card)
        plan = _Plan(completion.score, tuple([_CARDS[c] for c in became]), tuple(free) if free else None)
    if len(_PLANS) < _PLANS_KEPT:
        _PLANS[ranking, sum(map(_RANK_WEIGHTS.__getitem__, naturals)), wild_count, suit] = plan
    return plan


#: Plans kept (:func:`_plan`), by ranking, the naturals' rank multiset (the sum of their :data:`_RANK_WEIGHTS`), the
#: wild count and the naturals' one suit: a few thousand rank multisets of up to four cards per ranking.
_PLANS_KEPT: Final = 1 << 15
_PLANS: Final[dict[tuple[TableRanking, int, int, int | None], _Plan]] = {}


def _rotations(common: int | None) -> tuple[tuple[int, ...], ...]:
    """The suits other than ``common`` in order of preference, and each rotation of them (the i-th wild card of a
    hand that is no flush tries them from the i-th)."""
    others = [s for s in _SUIT_PREFERENCE if s != common]
    return tuple(tuple(others[i:] + others[:i]) for i in range(len(others)))


_ROTATIONS: Final = {common: _rotations(common) for common in (None, 0, 1, 2, 3)}


def _spell_short(ranking: Ranking, naturals: Sequence[int], wilds: Sequence[Card], score: int
                 ) -> tuple[list[int], list[tuple[Card, Card]]]:
    """A short hand's wild cards: the first rank multiset reaching the score (:func:`_short_fill`), each in a suit
    not yet shown."""
    used = set(naturals)
    became = []
    for rank in _short_fill(ranking, naturals, len(wilds), score):
        suit = next((s for s in _SUIT_PREFERENCE if rank * 4 + s not in used), 3)
        became.append(rank * 4 + suit)
        used.add(rank * 4 + suit)
    return [*naturals, *became], list(zip(wilds, [_CARDS[c] for c in became], strict=True))


def _short_fill(ranking: Ranking, naturals: Sequence[int], count: int, score: int) -> tuple[int, ...]:
    """The ranks ``count`` wild cards become in a short hand of these natural cards and this score: the first rank
    multiset (in the order of ``combinations_with_replacement``) that reaches it. A short hand is scored by its ranks
    alone (no straight or flush: :func:`score_with_wilds` scores it so), so the fill is kept per ranking, the
    naturals' rank multiset, the wild count and the score (:func:`_short_fill_tried` finds it)."""
    key = (ranking, tuple(sorted([c >> 2 for c in naturals])), count, score)
    fill = _FILLS.get(key)
    if fill is None:
        fill = _short_fill_tried(ranking, naturals, count, score)
        if len(_FILLS) < _FILLS_KEPT:
            _FILLS[key] = fill
    return fill


def _short_fill_tried(ranking: Ranking, naturals: Sequence[int], count: int, score: int) -> tuple[int, ...]:
    """:func:`_short_fill` found by trying each rank multiset in turn, the naturals as they are: the reference."""
    for fill in combinations_with_replacement(range(13), count):
        tried = [*naturals, *(r * 4 for r in fill)]
        if int(ranking.evaluate_many(np.array([tried], dtype=np.int64))[0]) == score:
            return fill
    raise AssertionError("no wild completion reaches the score")  # pragma: no cover - scored the same way


#: The fills kept (:func:`_short_fill`): by ranking, rank multiset of up to four naturals, wild count and score.
_FILLS_KEPT: Final = 1 << 14
_FILLS: Final[dict[tuple[Ranking, tuple[int, ...], int, int], tuple[int, ...]]] = {}


def _spell_four_card(ranking: FourCardLow, naturals: Sequence[int], wilds: Sequence[Card]
                     ) -> tuple[list[int], list[tuple[Card, Card]]]:
    found = ranking.best_fill(list(naturals), len(wilds))
    subset, fills = (found[1], found[2]) if found else ((), ())
    free_suits = [s for s in _SUIT_PREFERENCE if s not in {c & 3 for c in subset}]
    became = [(12 if v == 1 else v - 2) * 4 + free_suits[i % len(free_suits)] for i, v in enumerate(fills)]
    spare = [w for w in wilds][len(became):]  # wild cards beyond four play no part; shown as aces of spades
    became += [12 * 4 + 3 for _ in spare]
    return list(naturals) + became, list(zip(wilds, [card_of(c) for c in became], strict=True))


def prefer_unseen(ranking: Ranking, cards: Sequence[int], substitutions: Sequence[tuple[Card, Card]],
                  seen: frozenset[int]) -> tuple[list[int], list[tuple[Card, Card]]] | None:
    """The hand as played with each wild card that became a card somebody visibly holds (``seen``: face-up cards and
    the board) turned into an unseen card of the same rank, where one keeps the hand's value exactly (a suit that
    neither makes nor breaks a flush); None when nothing changes. Five of a kind and other hands repeating a card
    are left as they are."""
    if not substitutions or len(cards) != ranking.size:
        return None
    for _, card in substitutions:
        if card in seen:
            break
    else:  # no wild card became a card in sight: the common answer, found first
        return None
    if len(set(cards)) < len(cards):
        return None
    played = list(cards)
    became = list(substitutions)
    changed = False
    for i, (wild, card) in enumerate(substitutions):
        if card not in seen or card >= JOKER_BASE:
            continue
        others = [other for other in _RANK_CARDS[card >> 2] if other not in seen and other not in played]
        if not others:
            continue
        kept = _first_keeping(ranking, played, card, others)
        if kept is not None:
            played, became[i], changed = [kept if c == card else c for c in played], (wild, _CARDS[kept]), True
    return (played, became) if changed else None


def _first_keeping(ranking: Ranking, played: list[int], card: int, others: list[int]) -> int | None:
    """The first of ``others`` (cards of ``card``'s rank) that, played instead of ``card``, keeps the hand's value;
    None where none does. A table ranking's value is its ranks' (the same for every trial) and whether its cards
    share a suit (and suits matter): a trial keeps it unless it makes or breaks a flush whose value differs, which
    needs the hand's other four cards of one suit. Any other ranking scores the hand and every trial in one call."""
    if type(ranking).evaluate_many is not TableRanking.evaluate_many:
        trials = [[other if c == card else c for c in played] for other in others]
        value, *scored = ranking.evaluate_many(np.array([played, *trials], dtype=np.int64)).tolist()
        return next((other for other, score in zip(others, scored, strict=True) if score == value), None)
    assert isinstance(ranking, TableRanking)
    if not ranking.suits_matter:
        return others[0]
    rest = [c & 3 for c in played if c != card]
    if len(rest) == len(played):  # no card to replace: every trial is the hand itself
        return others[0]
    suit = rest[0]
    if rest.count(suit) != len(rest):  # no trial is a flush, nor the hand
        return others[0]
    flush = card & 3 == suit  # a trial is a flush where its card is of that suit: it keeps the value if the hand is
    first = next((other for other in others if (other & 3 == suit) == flush), None)
    if first == others[0]:  # the answer whatever a flush of these ranks is worth
        return first
    plain, suited = _table_lists(ranking)
    index = _five_index(played) if len(played) == 5 else multiset_index([c >> 2 for c in played])
    if plain[index] == suited[index]:  # a flush of these ranks is worth what they are worth without one
        return others[0]
    return first


def _five_index(cards: Sequence[int]) -> int:
    """:func:`~evaluator.rankings._multiset.multiset_index` of five cards' ranks, read from a table of each sorted
    column's share (:data:`~evaluator.rankings._multiset.COLUMN_SHARES`)."""
    a, b, c, d, e = sorted([card >> 2 for card in cards])
    one, two, three, four, five = COLUMN_SHARES[:5]
    return one[a] + two[b] + three[c] + four[d] + five[e]


#: Each rank's four cards, by the suits in order of preference (spades first).
_RANK_CARDS: Final = tuple(tuple(rank * 4 + suit for suit in _SUIT_PREFERENCE) for rank in range(13))


@cache
def _table_lists(ranking: TableRanking) -> tuple[list[int], list[int]]:
    """A table ranking's plain and suited tables as Python lists."""
    return ranking.plain_table.tolist(), ranking.suited_table.tolist()
