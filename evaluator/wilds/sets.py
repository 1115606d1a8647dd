"""Wild sets (reference ``seven-and-what-makes-it``): a set of cards whose values add up to a total is wild.

Seven and What Makes It: any single 7, or any set of cards whose values add up to exactly 7 (A = 1, 2-7 at face
value), is wild, and every card of such a set is a wild card of its own (the reference: "3 and 4 down, and a 7 up:
3+4 = 7, and 7 = 7, so you have 3 wilds"; "Ace, 3 down and a 2, Ace up: 1+3+1+2 = 7, so all four cards are wild").
Each card belongs to at most one set, so 4-3-3-2 gives one set (4+3): two wild cards, not four. The API chooses the
disjoint sets that make the best hand; 8s and higher never belong to a set. Forming a set is the player's choice; a 7
is always wild, which never costs anything under W0 (a wild card may be the very card it is).

The search is exact. The sets are every group of two or more of the player's usable low cards (A-7, not wild
already) worth exactly the total. For every collection of pairwise disjoint sets, every five of the player's usable
cards that holds at least one card of each of its sets is listed (a hand holding no card of a set is a hand of the
smaller collection), its cards in the sets and the cards wild by themselves marked wild, and all the hands of all the
players are scored in one call to :func:`~evaluator.wilds.scoring.score_with_wilds`. A set may have cards left out of
the five: they are still wild, simply not played (A-A-2-3 and 4-3 are six wild cards; five of them play). Seven
cards give a player at most a few hundred hands.

Equal scores: the answer is the hand with the fewest wild cards (a natural hand before the same hand made with a
wild card), then the fewest sets with cards left out, then the fewest cards of sets (a 7 before a card of a set),
then the highest natural cards (rank, then suit, highest first), then the highest wild cards, then the highest sets;
the same deal always gives the same answer, whatever order its cards were sent in.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import accumulate, combinations
from typing import Final

import numpy as np
import numpy.typing as npt

from evaluator.formation import Slot
from evaluator.rankings import NO_HAND, Ranking, TableRanking
from evaluator.values.cards import JOKER_BASE, MAX_JOKERS, RANK_PLURALS, Card, card_names, card_of, every_card
from evaluator.values.deal import Deal, Seat
from evaluator.values.errors import ComplexityLimitError, Problem
from evaluator.values.frozen import quick_init
from evaluator.values.limits import MAX_COMBINATIONS_PER_REQUEST
from evaluator.wilds.scoring import score_with_wilds, spell_out, spell_table

__all__ = [
    "SetChoice", "SetHand", "SetRows", "WildSets", "best_set_hands", "scored_set_hands", "set_hand_rows", "set_hands",
]

_ACE = 12


@dataclass(frozen=True, kw_only=True)
class WildSets:
    """Any single card worth ``total``, or any set of cards whose values add up to exactly ``total`` (ace 1, then
    face value up to ``max_value``; higher cards never belong to a set), is wild: every card of a set is a wild card
    of its own.

    As a wild rule it names the cards wild by themselves (the single cards worth the total); the sets are the
    player's choice, made by the search (:func:`best_set_hands`), which the showdown runs for any variant whose
    wild rules include this one."""

    total: int = 7
    max_value: int = 7

    @property
    def description(self) -> str:
        return (f"any single card worth {self.total}, or any set of cards whose values add up to exactly {self.total} "
                f"(A = 1, 2-{self.max_value} at face value; higher cards never belong to a set), is wild: every "
                "card of a set is a wild card of its own; each card belongs to at most one set, and the sets that "
                "make the best hand are chosen for the player")

    def because(self, deal: Deal) -> tuple[tuple[int, ...], str]:
        """What the rule makes wild, in words (every deal alike: the sets are each player's own)."""
        single = (self.total - 2,) if 2 <= self.total <= 14 else ()
        plural = f"{RANK_PLURALS[single[0]].capitalize()} are wild, and so is" if single else "Wild:"
        return single, f"{plural} every card of a set of cards adding up to {self.total} (the ace counts 1)"

    def value(self, card: int) -> int | None:
        """A card's value in a set: the ace 1, then face value up to ``max_value``; None for higher cards and
        jokers, which never belong to a set."""
        if card >= JOKER_BASE:
            return None
        rank = card >> 2
        value = 1 if rank == _ACE else rank + 2
        return value if value <= self.max_value else None

    def wild(self, seat: Seat, deal: Deal, usable: Sequence[Card]) -> frozenset[Card]:
        """The cards wild by themselves: the single cards worth the total (sets of several cards are chosen in the
        search)."""
        return frozenset(c for c in usable if self.value(c) == self.total)

    def wild_for_everyone(self, deal: Deal) -> frozenset[Card]:
        """The cards wild by themselves for whoever holds them: every card worth the total (none where the total is
        worth more than ``max_value``, or than any card; never a joker, which has no value). The same for every
        player and deal: :meth:`wild` is those of them he may use."""
        return _single_cards(self)

    def sets_among(self, cards: Sequence[int]) -> list[tuple[int, ...]]:
        """Every set of two or more of ``cards`` (as indexes into it) whose values add up to the total: by size,
        then in the order of ``combinations``. Found by a walk that adds the cards in order and leaves a group once
        it reaches the total (every value is at least 1, so a larger group is worth more): groups in lexicographic
        order, which a stable sort by size turns into that order."""
        valued = [(i, v) for i, c in enumerate(cards) if (v := self.value(c)) is not None and v < self.total]
        total = self.total
        found: list[tuple[int, ...]] = []

        def walk(start: int, chosen: tuple[int, ...], worth: int) -> None:
            for j in range(start, len(valued)):
                i, v = valued[j]
                reached = worth + v
                if reached == total:  # two cards at least: one alone is worth less than the total
                    found.append((*chosen, i))
                elif reached < total:
                    walk(j + 1, (*chosen, i), reached)

        walk(0, (), 0)
        found.sort(key=len)
        return found


@cache
def _single_cards(rule: WildSets) -> frozenset[Card]:
    """:meth:`WildSets.wild_for_everyone`, found once per rule: the cards (no joker) worth the total."""
    return frozenset(card_of(c) for c in range(JOKER_BASE) if rule.value(c) == rule.total)


@dataclass(frozen=True, slots=True)
class SetChoice:
    """One hand a player can make: the ``slots`` (indexes into his usable cards) it plays, which of them are wild,
    and the sets (indexes, highest value first) formed to make them wild, each with at least one card played."""

    slots: tuple[int, ...]
    wild: tuple[bool, ...]
    sets: tuple[tuple[int, ...], ...]


def _disjoint(sets: Sequence[tuple[int, ...]]) -> Iterator[tuple[tuple[int, ...], ...]]:
    """Every collection of pairwise disjoint sets, the empty one first."""

    def walk(start: int, taken: frozenset[int], chosen: tuple[tuple[int, ...], ...]
             ) -> Iterator[tuple[tuple[int, ...], ...]]:
        yield chosen
        for j in range(start, len(sets)):
            if taken.isdisjoint(sets[j]):
                yield from walk(j + 1, taken.union(sets[j]), (*chosen, sets[j]))

    return walk(0, frozenset(), ())


@dataclass(frozen=True)
class SetRows:
    """Every hand one player can make (:func:`set_hand_rows`), as arrays: row ``k`` plays the usable cards at
    ``positions[k]``, ``wild[k]`` of them wild, with the sets ``collections[collection[k]]``."""

    positions: npt.NDArray[np.intp]
    wild: npt.NDArray[np.bool_]
    collection: npt.NDArray[np.intp]
    collections: list[tuple[tuple[int, ...], ...]]

    def choice(self, row: int) -> SetChoice:
        return SetChoice(tuple(self.positions[row].tolist()), tuple(self.wild[row].tolist()),
                         self.collections[int(self.collection[row])])


def set_hand_rows(rule: WildSets, slots: Sequence[Slot], wild: frozenset[Card], size: int) -> SetRows:
    """Every hand of ``size`` cards a player can make from his usable cards (``wild``: the cards wild by
    themselves), for each collection of disjoint sets: every card of a set is wild; a hand is listed with the
    collection only if each of its sets has a card in the hand (otherwise it is a hand of a smaller collection).
    Collections in :func:`_disjoint`'s order, each one's fives in order."""
    cards = [s.card for s in slots]
    free = [i for i, c in enumerate(cards) if c not in wild]
    groups = rule.sets_among([cards[i] for i in free])
    if groups:  # each set's cards highest value first, then highest suit
        order = [(-(rule.value(c) or 0), -(c & 3)) for c in cards]
        sets = [tuple(sorted((free[j] for j in group), key=order.__getitem__)) for group in groups]
    else:
        sets = []
    alone = sum(1 << i for i, c in enumerate(cards) if c in wild)
    fives, touching = _fives(len(slots), size)
    if not sets:  # the one collection, no set: every five, wild where a card is wild by itself
        return SetRows(positions=fives, wild=_wild_alone(fives, alone), collection=_nothing(len(fives)),
                       collections=[()])
    every = (1 << len(fives)) - 1
    rows: list[int] = []
    of: list[int] = []
    wild_bits: list[int] = []
    collections = list(_disjoint(sets))
    for k, chosen in enumerate(collections):
        kept = every  # the fives holding a card of each set: bit f for the f-th five
        bits = alone
        for group in chosen:
            kept &= _touching_any(touching, group)
            for i in group:
                bits |= 1 << i
        listed = [f for f in range(len(fives)) if kept >> f & 1]
        rows += listed
        of += [k] * len(listed)
        wild_bits.append(bits)
    positions = fives[np.array(rows, dtype=np.intp)] if rows else np.empty((0, size), np.intp)
    collection = np.array(of, dtype=np.intp)
    wild_at = np.array(wild_bits, dtype=np.int64)[collection] if rows else np.empty(0, np.int64)
    return SetRows(positions=positions, wild=(wild_at[:, None] >> positions & 1).astype(bool),
                   collection=collection, collections=collections)


def _touching_any(touching: Sequence[int], group: tuple[int, ...]) -> int:
    """The fives (as bits) holding at least one card of ``group``."""
    found = 0
    for i in group:
        found |= touching[i]
    return found


def set_hands(rule: WildSets, slots: Sequence[Slot], wild: frozenset[Card], size: int) -> list[SetChoice]:
    """:func:`set_hand_rows` as one :class:`SetChoice` per hand."""
    rows = set_hand_rows(rule, slots, wild, size)
    return [rows.choice(k) for k in range(len(rows.collection))]


def _wild_alone(fives: npt.NDArray[np.intp], alone: int) -> npt.NDArray[np.bool_]:
    """Which cards of each five are wild where no set is formed: those of the positions in ``alone`` (as bits)."""
    if not alone:
        return _no_wild(fives.shape)
    return (np.int64(alone) >> fives & 1).astype(bool)


@cache
def _no_wild(shape: tuple[int, ...]) -> npt.NDArray[np.bool_]:
    """No card wild, for fives of this shape (read only: shared)."""
    found = np.zeros(shape, bool)
    found.setflags(write=False)
    return found


@cache
def _nothing(rows: int) -> npt.NDArray[np.intp]:
    """``rows`` zeros: every five of the one collection (read only: shared)."""
    found = np.zeros(rows, np.intp)
    found.setflags(write=False)
    return found


@cache
def _fives(cards: int, size: int) -> tuple[npt.NDArray[np.intp], tuple[int, ...]]:
    """Every choice of ``size`` of ``cards`` positions, in order (one row each), and for each position the choices
    holding it, as bits (bit ``f`` for the ``f``-th choice)."""
    fives = list(combinations(range(cards), size))
    touching = tuple(sum(1 << f for f, five in enumerate(fives) if i in five) for i in range(cards))
    table = np.array(fives, dtype=np.intp).reshape(len(fives), size)
    table.setflags(write=False)
    return table, touching


@quick_init
@dataclass(frozen=True, slots=True)
class SetHand:
    """A player's best hand, spelled out: ``used`` the cards it plays, in the order of the player's usable cards
    (:func:`~evaluator.hands.played.played_with_sets` reads them in that order), ``played`` the hand as played
    (each wild card as the card it became), ``became`` each wild card with that card, ``sets`` the sets formed
    (every card of them wild, some perhaps not played)."""

    score: int
    used: tuple[Slot, ...]
    played: tuple[int, ...]
    became: tuple[tuple[Card, Card], ...]
    sets: tuple[tuple[Card, ...], ...]
    total: int = 7

    @property
    def slots(self) -> frozenset[Slot]:
        """Every card the hand plays."""
        return frozenset(self.used)

    @property
    def substitutions(self) -> tuple[tuple[Card, Card], ...]:
        """Every wild card played, with the card it became."""
        return self.became

    @property
    def wild_text(self) -> str:
        """The wild cards in words, then the sets that made cards wild: ``4h as As, 3c as Ad, 7d as Ac; 4h+3c = 7``."""
        names = _NAMES
        text = ", ".join([_AS[w][a] for w, a in self.became])
        if self.sets:
            text += "; " + ", ".join(["+".join([names[c] for c in group]) for group in self.sets]) + f" = {self.total}"
        return text


#: Every card and joker by its number (what :func:`card_of` answers for each), and its name (``str`` of each).
_CARDS: Final = every_card()
_NAMES: Final = card_names()
#: ``f"{wild} as {card}"`` for every card and joker (the wild card) and every card it may become, by their numbers.
_AS: Final = tuple(tuple([f"{wild} as {card}" for card in _NAMES]) for wild in _NAMES)


_Preference = tuple[int, int, int, tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]]


def _preference(slots: Sequence[Slot], hand: SetChoice) -> _Preference:
    """Among hands of equal score, the greatest of these is the answer (see the module's docstring)."""
    wild: list[int] = []
    naturals: list[int] = []
    for i, w in zip(hand.slots, hand.wild, strict=True):
        (wild if w else naturals).append(slots[i].card)
    wild.sort(reverse=True)
    naturals.sort(reverse=True)
    if not hand.sets:
        return -len(wild), 0, 0, tuple(naturals), tuple(wild), ()
    played = set(hand.slots)
    partial = 0
    in_sets = 0
    for group in hand.sets:
        held = len(played.intersection(group))
        in_sets += held
        partial += held < len(group)
    sets = tuple(sorted((tuple(sorted((slots[i].card for i in group), reverse=True)) for group in hand.sets),
                        reverse=True))
    return -len(wild), -partial, -in_sets, tuple(naturals), tuple(wild), sets


def best_set_hands(ranking: Ranking, rule: WildSets, players: Sequence[tuple[Sequence[Slot], frozenset[Card]]]
                   ) -> list[SetHand | None]:
    """Each player's best hand (None: he cannot make one), given his usable cards and the cards wild by themselves;
    every hand of every player is listed at once (:func:`table_rows`; :func:`set_hand_rows` player by player where
    a player has more than :data:`_MASKED_CARDS` usable cards) and scored in one vectorised call."""
    table = table_rows(rule, players, ranking.size)
    if table is None:
        return _best_listed(ranking, rule, players)
    if not len(table.cards):
        return [None for _ in players]
    scores = score_with_wilds(ranking, table.cards, table.wild)
    found: list[SetHand | None] = []
    for player, ((slots, _), top, tied) in enumerate(zip(players, *_tied_rows(scores, table.wild, table.counts),
                                                         strict=True)):
        if top == NO_HAND:
            found.append(None)
            continue
        row = tied[0] if len(tied) == 1 else table.preferred(player, tied)
        found.append(table.spelled(ranking, rule, slots, player, row, top))
    return found


def _best_listed(ranking: Ranking, rule: WildSets, players: Sequence[tuple[Sequence[Slot], frozenset[Card]]]
                 ) -> list[SetHand | None]:
    """:func:`best_set_hands` from each player's :func:`set_hand_rows`, each tie read by the whole preference."""
    listed = [set_hand_rows(rule, slots, wild, ranking.size) for slots, wild in players]
    counts = [len(rows.collection) for rows in listed]
    _check_limit(sum(counts))
    if not sum(counts):
        return [None for _ in players]
    cards = np.concatenate([np.array([s.card for s in slots], dtype=np.int64)[rows.positions]
                            for (slots, _), rows in zip(players, listed, strict=True)])
    wild = np.concatenate([rows.wild for rows in listed])
    scores = score_with_wilds(ranking, cards, wild)
    found: list[SetHand | None] = []
    for (slots, _), rows, top, tied in zip(players, listed, *_tied_rows(scores, wild, counts), strict=True):
        if top == NO_HAND:
            found.append(None)
            continue
        best = rows.choice(tied[0]) if len(tied) == 1 else max(
            (rows.choice(k) for k in tied), key=lambda hand: _preference(slots, hand))
        found.append(_spelled(ranking, rule, slots, best, top))
    return found


def _check_limit(total: int) -> None:
    if total > MAX_COMBINATIONS_PER_REQUEST:
        raise ComplexityLimitError([Problem("", "over-limit", f"this showdown needs {total} combinations; the "
                                            f"limit is {MAX_COMBINATIONS_PER_REQUEST}")])


#: The most usable cards a player's sets are found for by the bit masks of :func:`_groups` (2 ** cards masks); a
#: showdown with a player holding more is listed player by player (:func:`set_hand_rows`).
_MASKED_CARDS: Final = 10
#: The positions of each mask of up to :data:`_MASKED_CARDS` positions (a set's cards), in order.
_MEMBERS: Final = tuple(tuple(i for i in range(_MASKED_CARDS) if mask >> i & 1) for mask in range(1 << _MASKED_CARDS))


@cache
def _groups(cards: int) -> tuple[list[int], npt.NDArray[np.float64]]:
    """Every group of two or more of ``cards`` positions, by size, then in the order of ``combinations`` (the order
    :meth:`WildSets.sets_among` lists its sets in): as bit masks, and as a table of 0s and 1s (a row per position, a
    column per group) whose product with the positions' values is each group's worth (exact in floats, which a
    matrix product multiplies fastest)."""
    groups = [group for k in range(2, cards + 1) for group in combinations(range(cards), k)]
    member = np.zeros((cards, len(groups)), np.float64)
    for column, group in enumerate(groups):
        member[list(group), column] = 1
    member.setflags(write=False)
    return [sum(1 << i for i in group) for group in groups], member


@cache
def _set_values(rule: WildSets) -> tuple[int, ...]:
    """Each card's (and joker's) worth in a set by its number: its :meth:`WildSets.value`, or one past the total
    where it can join no set (no value, or worth the total alone), so that no group holding it is worth the total."""
    beyond = rule.total + 1
    return tuple(v if (v := rule.value(c)) is not None and v < rule.total else beyond
                 for c in range(JOKER_BASE + MAX_JOKERS))


def _masked_collections(masks: Sequence[int]) -> list[tuple[int, ...]]:
    """:func:`_disjoint` of sets given as bit masks (two sets are disjoint where their masks are): every collection
    of pairwise disjoint sets, the empty one first, in the same order (one set, or two, read at once)."""
    if len(masks) == 1:
        return [(), (masks[0],)]
    if len(masks) == 2:
        a, b = masks
        return [(), (a,), (a, b), (b,)] if not a & b else [(), (a,), (b,)]
    found: list[tuple[int, ...]] = [()]

    def walk(start: int, taken: int, chosen: tuple[int, ...]) -> None:
        for j in range(start, len(masks)):
            mask = masks[j]
            if not taken & mask:
                collection = (*chosen, mask)
                found.append(collection)
                walk(j + 1, taken | mask, collection)

    walk(0, 0, ())
    return found


class SetTable:
    """Every hand of every player of a showdown (:func:`table_rows`), player after player, each player's as
    :func:`set_hand_rows` lists them: ``cards`` and ``wild`` (rows of ``size`` cells), ``counts`` (each player's
    rows), and each row's collection and five (``cells``: its cell in a table of every collection's every five),
    from which :meth:`choice` builds its :class:`SetChoice`."""

    __slots__ = ("_cards", "_cells", "_collections", "_fives", "_starts", "_wild_bits", "cards", "counts", "wild")

    def __init__(self, cards: npt.NDArray[np.int64], wild: npt.NDArray[np.bool_], counts: list[int],
                 cells: npt.NDArray[np.intp], fives: Sequence[tuple[tuple[int, ...], int]],
                 collections: list[tuple[int, ...]], wild_bits: list[int], players: Sequence[Sequence[int]]) -> None:
        self.cards = cards
        self.wild = wild
        self.counts = counts
        self._cells = cells
        #: Each five's positions, and as a bit mask.
        self._fives = fives
        #: Every player's collections, player after player, each a tuple of its sets' bit masks, and the wild cards
        #: of each (those wild by themselves and those of its sets) as bits.
        self._collections = collections
        self._wild_bits = wild_bits
        #: Each player's usable cards.
        self._cards = players
        self._starts = [0, *accumulate(counts[:-1])]

    def preferred(self, player: int, rows: Sequence[int]) -> int:
        """Of ``player``'s ``rows`` (counted from his first), the one :func:`_preference` prefers (the first of the
        greatest, by :meth:`preference`)."""
        return max(rows, key=lambda row: self.preference(player, row))

    def preference(self, player: int, row: int) -> _Preference:
        """:func:`_preference` of ``player``'s ``row``-th row, read on the bit masks of its five, its sets and its
        wild cards (a set is played whole where its mask is within the five's; the cards of sets played are the
        five's in their union) and the player's cards, with no :class:`SetChoice` built."""
        collection, five = divmod(int(self._cells[self._starts[player] + row]), len(self._fives))
        positions, mask = self._fives[five]
        bits = self._wild_bits[collection]
        cards = self._cards[player]
        wild = sorted([cards[i] for i in positions if bits >> i & 1], reverse=True)
        naturals = sorted([cards[i] for i in positions if not bits >> i & 1], reverse=True)
        sets = self._collections[collection]
        if not sets:
            return -len(wild), 0, 0, tuple(naturals), tuple(wild), ()
        partial = 0
        union = 0
        named = []
        members = _MEMBERS
        for group in sets:
            union |= group
            partial += group & ~mask != 0
            named.append(tuple(sorted([cards[i] for i in members[group]], reverse=True)))
        named.sort(reverse=True)
        return -len(wild), -partial, -(mask & union).bit_count(), tuple(naturals), tuple(wild), tuple(named)

    def choice(self, player: int, row: int) -> SetChoice:
        """The hand of ``player``'s ``row``-th row (counted from his first); each set's cards highest value first,
        then highest suit (:data:`_SET_ORDER`)."""
        collection, five = divmod(int(self._cells[self._starts[player] + row]), len(self._fives))
        positions = self._fives[five][0]
        bits = self._wild_bits[collection]
        wild = tuple([bits >> i & 1 == 1 for i in positions])
        sets = self._collections[collection]
        if not sets:
            return SetChoice(positions, wild, ())
        cards = self._cards[player]
        order = _SET_ORDER
        listed = []
        for group in sets:
            members = [i for i in range(len(cards)) if group >> i & 1]
            members.sort(key=lambda i: order[cards[i]])
            listed.append(tuple(members))
        return SetChoice(positions, wild, tuple(listed))

    def spelled(self, ranking: Ranking, rule: WildSets, slots: Sequence[Slot], player: int, row: int, score: int
                ) -> SetHand:
        """:func:`_spelled` of :meth:`choice` (``slots``: the player's usable cards), read on the masks of the row's
        five and wild cards with no :class:`SetChoice` built: a table ranking's five cards are spelled by
        :func:`~evaluator.wilds.scoring.spell_table` straight from the naturals (in the five's order) and the wild
        cards (sorted), what :func:`~evaluator.wilds.scoring.spell_out` does for them; any other ranking by
        :func:`_spelled` itself."""
        if not isinstance(ranking, TableRanking) or ranking.size != len(self._fives[0][0]):
            return _spelled(ranking, rule, slots, self.choice(player, row), score)
        collection, five = divmod(int(self._cells[self._starts[player] + row]), len(self._fives))
        positions = self._fives[five][0]
        bits = self._wild_bits[collection]
        cards = self._cards[player]
        used = tuple([slots[i] for i in positions])
        deck = _CARDS
        if bits & self._fives[five][1]:
            naturals = [cards[i] for i in positions if not bits >> i & 1]
            wild = sorted([cards[i] for i in positions if bits >> i & 1])  # jokers after cards
            played, became = spell_table(ranking, naturals, wild, score)
            substitutions = tuple(zip([deck[c] for c in wild], became, strict=True))
        else:
            played, substitutions = [cards[i] for i in positions], ()
        sets = self._collections[collection]
        named: list[tuple[Card, ...]] = []
        if sets:
            order = _SET_ORDER
            for group in sets:
                held = sorted([cards[i] for i in _MEMBERS[group]], key=order.__getitem__)
                named.append(tuple([deck[c] for c in held]))
            if len(named) > 1:
                named.sort(key=lambda group: sorted(group, reverse=True), reverse=True)
        return SetHand(score, used, tuple(played), substitutions, tuple(named), rule.total)


#: Each card's place in a set's order (highest value first, then highest suit), by its number: for the cards that
#: join sets, value and suit decide (what ``(-(value or 0), -suit)`` sorts as), ace 1.
_SET_ORDER: Final = tuple(-((1 if c >> 2 == _ACE else (c >> 2) + 2) * 4 + (c & 3)) for c in range(JOKER_BASE))


def table_rows(rule: WildSets, players: Sequence[tuple[Sequence[Slot], frozenset[Card]]], size: int
               ) -> SetTable | None:
    """Every player's :func:`set_hand_rows`, found for all the players at once (None where a player has more than
    :data:`_MASKED_CARDS` usable cards): each player's sets are the masks of :func:`_groups` over his positions (his
    cards' :func:`_set_values`, a card wild by itself and the positions past his last card worth more than the
    total) worth exactly the total, read for every player by one product; his collections are found on their masks
    (:func:`_masked_collections`); a five is listed with a collection where it touches each of its sets (the fives
    touching a set as bits: :func:`_five_bits`) and is one of the player's (no position past his last card); the
    rows are read from a table of every collection's every five. Raises :class:`ComplexityLimitError` over the
    limit."""
    width = max((len(slots) for slots, _ in players), default=0)
    if width > _MASKED_CARDS:
        return None
    owned = [[s.card for s in slots] for slots, _ in players]
    flat: list[int] = []  # every player's cards, each padded to the width with jokers (in no set)
    alone_of: list[int] = []  # each player's cards wild by themselves, as bits
    values = _set_values(rule)
    beyond = rule.total + 1
    valued: list[int] = []  # the cells (player * width + position) of cards wild by themselves that have a value
    for player, (cards, (_, wild)) in enumerate(zip(owned, players, strict=True)):
        flat += cards
        if len(cards) < width:
            flat += [JOKER_BASE] * (width - len(cards))
        alone = 0
        if not wild.isdisjoint(cards):
            for i, card in enumerate(cards):
                if card in wild:
                    alone |= 1 << i
                    if values[card] != beyond:
                        valued.append(player * width + i)
        alone_of.append(alone)
    table = np.frombuffer(array("q", flat), dtype=np.int64).reshape(len(players), width)
    masks, member = _groups(width)
    sets_of: list[list[int]] = [[] for _ in players]
    if masks:
        worth = _set_worth(rule).take(table)  # a card worth the total, a joker or a pad: more than the total
        if valued:  # a card another rule makes wild is in no set either
            worth.reshape(-1)[valued] = beyond
        groups = len(masks)
        for cell in (worth @ member == rule.total).reshape(-1).nonzero()[0].tolist():
            player, group = divmod(cell, groups)
            sets_of[player].append(masks[group])
    fives, listing, touching, yours = _five_bits(width, size)
    collections: list[tuple[int, ...]] = []
    player_of: list[int] = []  # each collection's player
    kept: list[int] = []  # each collection's fives, as bits
    wild_bits: list[int] = []  # each collection's wild cards: those wild by themselves and those of its sets
    counts = []
    for player, (cards, mine, alone) in enumerate(zip(owned, sets_of, alone_of, strict=True)):
        listed = yours[len(cards)]  # the player's fives
        if not mine:
            collections.append(())
            player_of.append(player)
            kept.append(listed)
            wild_bits.append(alone)
            counts.append(listed.bit_count())
            continue
        count = 0
        for collection in _masked_collections(mine):
            bits = listed
            made = alone
            for mask in collection:
                bits &= touching[mask]
                made |= mask
            collections.append(collection)
            player_of.append(player)
            kept.append(bits)
            wild_bits.append(made)
            count += bits.bit_count()
        counts.append(count)
    _check_limit(sum(counts))
    cells = _unpacked(kept, len(fives)).reshape(-1).nonzero()[0]  # collection * fives + five, row after row
    every = fives.reshape(-1)  # every five's positions, one after the other
    cards_at = table.take(np.array(player_of, dtype=np.intp), axis=0).take(every, axis=1).reshape(-1, size)
    wild_at = _bit_table(width).take(np.array(wild_bits, dtype=np.intp), axis=0).take(every, axis=1).reshape(-1, size)
    return SetTable(cards_at.take(cells, axis=0), wild_at.take(cells, axis=0), counts, cells, listing, collections,
                    wild_bits, owned)


def _unpacked(bits: Sequence[int], width: int) -> npt.NDArray[np.bool_]:
    """Ints of ``width`` bits as rows of booleans (bit ``f`` in column ``f``): up to 64 bits, each int's eight bytes
    as an unsigned array stores them (little-endian machines), else each int's bytes in turn."""
    if width <= 64 and _LITTLE:
        packed = np.frombuffer(array("Q", bits), dtype=np.uint8).reshape(len(bits), 8)
    else:
        size = (width + 7) // 8
        packed = np.frombuffer(b"".join([b.to_bytes(size, "little") for b in bits]), dtype=np.uint8).reshape(
            len(bits), size)
    return np.unpackbits(packed, axis=1, count=width, bitorder="little").view(bool)


_LITTLE: Final = sys.byteorder == "little"


@cache
def _five_bits(cards: int, size: int) -> tuple[npt.NDArray[np.intp], tuple[tuple[tuple[int, ...], int], ...],
                                               list[int], tuple[int, ...]]:
    """:func:`_fives`' choices of ``size`` of ``cards`` positions (none where there are fewer), and each one's
    positions with their bit mask; for each set of positions (as a bit mask) the choices touching it (holding one of
    its positions), as bits (bit ``f`` for the ``f``-th choice); and for each count of cards up to ``cards`` the
    choices within them (of the first ``n`` positions alone, which are :func:`_fives` of ``n``, in order)."""
    if cards < size:
        return np.empty((0, size), np.intp), (), [0] * (1 << cards), (0,) * (cards + 1)
    fives, one = _fives(cards, size)
    listing = tuple((tuple(five), sum(1 << i for i in five)) for five in fives.tolist())
    touching = [0] * (1 << cards)
    for mask in range(1, 1 << cards):  # a mask's: its lowest position's, and the rest's
        low = mask & -mask
        touching[mask] = one[low.bit_length() - 1] | touching[mask ^ low]
    within = tuple(sum(1 << f for f, (five, _) in enumerate(listing) if max(five) < n) for n in range(cards + 1))
    return fives, listing, touching, within


@cache
def _bit_table(width: int) -> npt.NDArray[np.bool_]:
    """Every mask of ``width`` bits (a row each) as its bits, bit ``i`` in column ``i``."""
    masks = np.arange(1 << width, dtype=np.int64)
    found = (masks[:, None] >> np.arange(width, dtype=np.int64) & 1).astype(bool)
    found.setflags(write=False)
    return found


@cache
def _set_worth(rule: WildSets) -> npt.NDArray[np.float64]:
    """:func:`_set_values` as an array (of floats: their products with :func:`_groups`' table are exact)."""
    found = np.array(_set_values(rule), dtype=np.float64)
    found.setflags(write=False)
    return found


def _tied_rows(scores: npt.NDArray[np.integer], wild: npt.NDArray[np.bool_], counts: Sequence[int]
               ) -> tuple[list[int], list[list[int]]]:
    """For players whose hands are the rows of ``scores`` (and ``wild``), ``counts[k]`` rows for player ``k``,
    player after player: each one's best score (``NO_HAND`` for a player without hands) and his rows (counted from
    his first) of that score with the fewest wild cards, in order (the preference's first rule). Read for every
    player at once: what :func:`_tied_rows_one_by_one` answers."""
    if not all(counts):
        return _tied_rows_one_by_one(scores, wild, counts)
    starts = [0, *accumulate(counts[:-1])]
    tops = np.maximum.reduceat(scores, starts)
    at_top = (scores == np.repeat(tops, counts)).nonzero()[0]
    wilds = wild.take(at_top, axis=0).sum(axis=1).tolist()
    tied: list[list[int]] = [[] for _ in counts]
    fewest = [wild.shape[1] + 1] * len(counts)  # each player's fewest wild cards so far: more than a row holds
    player = 0
    end = counts[0] if counts else 0
    for row, count in zip(at_top.tolist(), wilds, strict=True):
        while row >= end:
            player += 1
            end += counts[player]
        least = fewest[player]
        if count < least:
            fewest[player] = count
            tied[player] = [row - starts[player]]
        elif count == least:
            tied[player].append(row - starts[player])
    return tops.tolist(), tied


def _tied_rows_one_by_one(scores: npt.NDArray[np.integer], wild: npt.NDArray[np.bool_], counts: Sequence[int]
                          ) -> tuple[list[int], list[list[int]]]:
    """:func:`_tied_rows` the straightforward way, player by player (the reference the tests hold it to)."""
    tops = []
    tied = []
    start = 0
    for count in counts:
        mine = scores[start:start + count]
        top = int(mine.max()) if count else NO_HAND
        rows = np.flatnonzero(mine == top) if count else np.empty(0, np.intp)
        if len(rows) > 1:
            wilds = wild[start:start + count][rows].sum(axis=1)
            rows = rows[wilds == wilds.min()]
        tops.append(top)
        tied.append(rows.tolist())
        start += count
    return tops, tied


def _spelled(ranking: Ranking, rule: WildSets, slots: Sequence[Slot], hand: SetChoice, score: int) -> SetHand:
    """The hand spelled out (:func:`~evaluator.wilds.scoring.spell_out`), its sets' cards named, the sets highest
    first (by their cards, highest first)."""
    used = tuple([slots[i] for i in hand.slots])
    played, substitutions = spell_out(ranking, [s.card for s in used], hand.wild, score)
    sets: tuple[tuple[Card, ...], ...] = ()
    if hand.sets:
        deck = _CARDS
        named = [tuple([deck[slots[i].card] for i in group]) for group in hand.sets]
        if len(named) > 1:
            named.sort(key=lambda group: sorted(group, reverse=True), reverse=True)
        sets = tuple(named)
    # spell_out names each wild card and what it became by its Card (card_of's)
    return SetHand(score, used, tuple(played), tuple(substitutions), sets, rule.total)


def scored_set_hands(ranking: Ranking, rule: WildSets, slots: Sequence[Slot], wild: frozenset[Card]
                     ) -> list[SetHand]:
    """Every five of one player's usable cards (``wild``: the cards wild by themselves), each with the sets that make
    it best (as :func:`best_set_hands` chooses them), spelled out; five cards that make no hand are left out."""
    rows = set_hand_rows(rule, slots, wild, ranking.size)
    hands = [rows.choice(k) for k in range(len(rows.collection))]
    if not hands:
        return []
    scores = score_with_wilds(ranking, np.array([s.card for s in slots], dtype=np.int64)[rows.positions], rows.wild)
    best: dict[tuple[int, ...], tuple[int, SetChoice]] = {}
    for hand, score in zip(hands, scores.tolist(), strict=True):
        kept = best.get(hand.slots)
        if score != NO_HAND and (kept is None or (score, _preference(slots, hand)) > (kept[0], _preference(
                slots, kept[1]))):
            best[hand.slots] = (score, hand)
    return [_spelled(ranking, rule, slots, hand, score) for score, hand in best.values()]
