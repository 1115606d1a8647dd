"""Wild sets (reference ``seven-and-what-makes-it``): a set of cards whose values add up to a total is wild.

Seven and What Makes It: any single 7, or any set of cards whose values add up to exactly 7 (A = 1, 2-7 at face
value), is wild; each card belongs to at most one set, and the API chooses the disjoint sets that make the best hand;
8s and higher never belong to a set. The reference leaves open how much of the hand a set fills. The reading here:
a set *is* one wild card, its cards together filling one place of the five, as a single 7 does. A player's hand is
therefore five *units*: natural cards, cards wild by themselves (the 7s, and any card another rule makes wild), and
sets, each of them one wild card. Forming a set is the player's choice; a 7 is always wild, which never costs
anything under W0 (a wild card may be the very card it is).

The search is exact. The sets are every group of two or more of the player's usable low cards (A-7, not wild
already) worth exactly the total. For every collection of pairwise disjoint sets, every hand made of all of its sets
and enough other units is listed once (a hand that leaves one of the sets out is a hand of the smaller collection),
and all the hands of all the players are scored in one call to :func:`~evaluator.wild_scoring.score_with_wilds`,
one wild card per set. Seven cards give a player at most a few dozen hands.

Equal scores: the answer is the hand that spends the fewest cards as wild cards (a natural hand before the same hand
made with a 7, a 7 before a set of two, a set of two before a set of three), then has the fewest wild cards, then
the highest natural cards (rank, then suit, highest first), then the highest set cards; the same deal always gives
the same answer, whatever order its cards were sent in.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np

from evaluator.cards import JOKER_BASE, Card, card_of
from evaluator.deal import Deal, Seat
from evaluator.errors import ComplexityLimitError, Problem
from evaluator.formation import Slot
from evaluator.limits import MAX_COMBINATIONS_PER_REQUEST
from evaluator.rankings import NO_HAND, Ranking
from evaluator.wild_scoring import score_with_wilds, spell_out

__all__ = ["SetHand", "Unit", "WildSets", "best_set_hands", "unit_hands"]

_ACE = 12


@dataclass(frozen=True, kw_only=True)
class WildSets:
    """Any single card worth ``total``, or any set of cards whose values add up to exactly ``total`` (ace 1, then
    face value up to ``max_value``; higher cards never belong to a set), is wild; a set plays as one wild card.

    As a wild rule it names the cards wild by themselves (the single cards worth the total); the sets are the
    player's choice, made by the search (:func:`best_set_hands`), which the showdown runs for any variant whose
    wild rules include this one."""

    total: int = 7
    max_value: int = 7

    @property
    def description(self) -> str:
        return (f"any single card worth {self.total}, or any set of cards whose values add up to exactly {self.total} "
                f"(A = 1, 2-{self.max_value} at face value; higher cards never belong to a set), is wild: a set "
                "plays as one wild card; each card belongs to at most one set, and the sets that make the best hand "
                "are chosen for the player")

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

    def sets_among(self, cards: Sequence[int]) -> list[tuple[int, ...]]:
        """Every set of two or more of ``cards`` (as indexes into it) whose values add up to the total."""
        valued = [(i, v) for i, c in enumerate(cards) if (v := self.value(c)) is not None and v < self.total]
        found = []
        for size in range(2, min(len(valued), self.total) + 1):  # every value is at least 1
            for group in combinations(valued, size):
                if sum(v for _, v in group) == self.total:
                    found.append(tuple(i for i, _ in group))
        return found


@dataclass(frozen=True, slots=True)
class Unit:
    """One place of a hand: a natural card, a card wild by itself, or a set of cards that are together one wild
    card (highest value first)."""

    slots: tuple[Slot, ...]
    wild: bool

    @property
    def card(self) -> int:
        """The card standing for the unit in score arrays: its first card (no two units of a hand share one)."""
        return self.slots[0].card


def _disjoint(sets: Sequence[tuple[int, ...]], most: int) -> Iterator[tuple[tuple[int, ...], ...]]:
    """Every collection of at most ``most`` pairwise disjoint sets, the empty one first."""

    def walk(start: int, taken: frozenset[int], chosen: tuple[tuple[int, ...], ...]
             ) -> Iterator[tuple[tuple[int, ...], ...]]:
        yield chosen
        if len(chosen) == most:
            return
        for j in range(start, len(sets)):
            if taken.isdisjoint(sets[j]):
                yield from walk(j + 1, taken.union(sets[j]), (*chosen, sets[j]))

    return walk(0, frozenset(), ())


def unit_hands(rule: WildSets, slots: Sequence[Slot], wild: frozenset[Card], size: int) -> list[tuple[Unit, ...]]:
    """Every hand of ``size`` units a player can make from his usable cards (``wild``: the cards wild by
    themselves): for each collection of disjoint sets, all of its sets and ``size - len(sets)`` other cards."""
    free = [i for i, s in enumerate(slots) if s.card not in wild]
    sets = [tuple(free[j] for j in group) for group in rule.sets_among([slots[i].card for i in free])]

    def order(slot: Slot) -> tuple[int, int]:
        return -(rule.value(slot.card) or 0), -(slot.card & 3)

    hands: list[tuple[Unit, ...]] = []
    for chosen in _disjoint(sets, size):
        used = {i for group in chosen for i in group}
        as_wild = [Unit(tuple(sorted((slots[i] for i in group), key=order)), True) for group in chosen]
        others = [Unit((s,), s.card in wild) for i, s in enumerate(slots) if i not in used]
        hands += [(*as_wild, *rest) for rest in combinations(others, size - len(chosen))]
    return hands


@dataclass(frozen=True, slots=True)
class SetHand:
    """A player's best hand of units, spelled out: ``played`` is the hand as played (each wild unit as the card it
    became) and ``became`` each wild unit with that card."""

    score: int
    units: tuple[Unit, ...]
    played: tuple[int, ...]
    became: tuple[tuple[Unit, Card], ...]

    @property
    def slots(self) -> frozenset[Slot]:
        """Every card the hand uses, the cards of its sets included."""
        return frozenset(s for u in self.units for s in u.slots)

    @property
    def substitutions(self) -> tuple[tuple[Card, Card], ...]:
        """Every card of every wild unit, with the card its unit became."""
        return tuple((card_of(s.card), card) for unit, card in self.became for s in unit.slots)

    @property
    def wild_text(self) -> str:
        """The wild units in words: ``4h+3c as As, 7d as Ad``."""
        return ", ".join("+".join(str(card_of(s.card)) for s in unit.slots) + f" as {card}"
                         for unit, card in self.became)


def _preference(hand: tuple[Unit, ...]) -> tuple[int, int, tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """Among hands of equal score, the greatest of these is the answer (see the module's docstring)."""
    wilds = [u for u in hand if u.wild]
    spent = sum(len(u.slots) for u in wilds)
    naturals = tuple(sorted((u.card for u in hand if not u.wild), reverse=True))
    sets = tuple(sorted((tuple(sorted((s.card for s in u.slots), reverse=True)) for u in wilds), reverse=True))
    return -spent, -len(wilds), naturals, sets


def best_set_hands(ranking: Ranking, rule: WildSets, players: Sequence[tuple[Sequence[Slot], frozenset[Card]]]
                   ) -> list[SetHand | None]:
    """Each player's best hand (None: he cannot make one), given his usable cards and the cards wild by themselves;
    every hand of every player is scored in one vectorised call."""
    listed = [unit_hands(rule, slots, wild, ranking.size) for slots, wild in players]
    total = sum(map(len, listed))
    if total > MAX_COMBINATIONS_PER_REQUEST:
        raise ComplexityLimitError([Problem("", "over-limit", f"this showdown needs {total} combinations; the "
                                            f"limit is {MAX_COMBINATIONS_PER_REQUEST}")])
    if not total:
        return [None for _ in players]
    rows = [hand for hands in listed for hand in hands]
    cards = np.array([[u.card for u in hand] for hand in rows], dtype=np.int64)
    wild = np.array([[u.wild for u in hand] for hand in rows], dtype=bool)
    scores = score_with_wilds(ranking, cards, wild)
    found: list[SetHand | None] = []
    start = 0
    for hands in listed:
        mine = scores[start:start + len(hands)]
        start += len(hands)
        top = int(mine.max()) if len(hands) else NO_HAND
        if top == NO_HAND:
            found.append(None)
            continue
        best = max((hands[i] for i in np.flatnonzero(mine == top).tolist()), key=_preference)
        played, substitutions = spell_out(ranking, [u.card for u in best], [u.wild for u in best], top)
        unit_of = {u.card: u for u in best if u.wild}
        found.append(SetHand(score=top, units=best, played=tuple(played),
                             became=tuple((unit_of[int(w)], card_of(a)) for w, a in substitutions)))
    return found
