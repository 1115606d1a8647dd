"""Hands of exactly the cards a player names (declared hands, where the cards do not speak:
:class:`evaluator.mechanisms.claims.ClaimedHands`): the first of his legal combinations made of those cards, scored
and spelled out, or None if he cannot make them under the formation.

:func:`hand_of` looks one seat's up by comparing the cards of every combination; :func:`hands_of` finds every
seat's at once, each combination's slots as bits, and scores them in one call: the same hands (a test holds it to
:func:`hand_of` on random claims)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np

from evaluator.engine.slots import own_slots
from evaluator.formation import Candidates, Slot, candidates, seats_candidates
from evaluator.hands.played import no_hand, spelled_hand
from evaluator.hands.spec import HandSpec
from evaluator.rankings import NO_HAND
from evaluator.results import PlayedHand
from evaluator.values.cards import Card
from evaluator.values.deal import Seat

__all__ = ["hand_of", "hands_of"]

#: The most slots whose combinations are compared as bits of one int64.
_BITS = 62


def hand_of(spec: HandSpec, seat: Seat, cards: Sequence[Card], board: Sequence[Slot], layout: bool
            ) -> PlayedHand | None:
    """The hand of exactly these cards, scored, if the seat can make it under the spec's formation."""
    found = candidates(spec.formation, spec.ranking.size, own_slots(seat), board)
    wanted = sorted(int(c) for c in cards)
    rows = np.sort(found.cards(), axis=1)
    same = (rows == np.array(wanted, dtype=np.int64)).all(axis=1) if len(rows) else np.zeros(0, bool)
    matches = np.flatnonzero(same)
    if not len(matches):
        return None
    return _played(spec, found, int(matches[0]), spec.ranking.evaluate(wanted), layout)


def hands_of(spec: HandSpec, claims: Sequence[tuple[Seat, Sequence[Card]]], board: Sequence[Slot], layout: bool
             ) -> list[PlayedHand | None]:
    """Each seat's hand of exactly its claimed cards, as :func:`hand_of` finds it, the claims scored in one call:
    the seats' combinations listed at once (:func:`seats_candidates`: seats of the same sources share them), each
    shared list's rows read as sets of slots once."""
    size = spec.ranking.size
    found = seats_candidates(spec.formation, [size] * len(claims), [own_slots(seat) for seat, _ in claims], board)
    first: dict[int, dict[int, int]] = {}  # each shared index array's first row of each set of slots, by its id
    rows = [_row(mine, cards, first) for mine, (_, cards) in zip(found, claims, strict=True)]
    made = [sorted(int(c) for c in cards) for (_, cards), row in zip(claims, rows, strict=True)
            if row is not None and row >= 0]
    scores = iter(spec.ranking.evaluate_many(np.array(made, dtype=np.int64)).tolist() if made else ())
    out: list[PlayedHand | None] = []
    for (seat, cards), mine, row in zip(claims, found, rows, strict=True):
        if row is None:
            out.append(None)
        elif row < 0:  # a shape the bits do not serve: compare the cards
            out.append(hand_of(spec, seat, cards, board, layout))
        else:
            out.append(_played(spec, mine, row, next(scores), layout))
    return out


def _row(found: Candidates, cards: Sequence[Card], rows: dict[int, dict[int, int]]) -> int | None:
    """The first combination made of exactly these cards (None: none is), each as the set of its slots (``rows``:
    for each index array read so far, by its id, the first row of each set of slots); -1 where that cannot say (a
    card in two slots, more slots than bits, a claim of another size)."""
    where = {s.card: i for i, s in enumerate(found.slots)}
    wanted = [int(c) for c in cards]
    if len(where) < len(found.slots) or len(found.slots) > _BITS or len(wanted) != found.combos.shape[1]:
        return -1
    if len(set(wanted)) < len(wanted) or any(c not in where for c in wanted):
        return None  # no combination holds a card twice, or a card he cannot use
    if not len(found.combos):
        return None
    first = rows.get(id(found.combos))
    if first is None:
        sets = np.bitwise_or.reduce(np.left_shift(np.int64(1), found.combos), axis=1).tolist()
        # each set's first row: the later rows' entries overwritten by the earlier ones'
        first = rows[id(found.combos)] = dict(zip(reversed(sets), range(len(sets) - 1, -1, -1), strict=True))
    return first.get(sum(1 << where[c] for c in wanted))


def _played(spec: HandSpec, found: Candidates, best: int, score: int, layout: bool) -> PlayedHand:
    """Row ``best``, scored ``score``, spelled out: what :func:`played_hand` answers for that one row alone (no wild
    cards, no choices), without listing it as a one-row set of candidates first."""
    if score == NO_HAND or score < 0:
        return no_hand(spec)
    group = found.groups[int(found.group_of[best])] if len(found.groups) > 1 else found.groups[0]
    return spelled_hand(spec, found.slots, found.combos[best].tolist(), score, group, _NO_WILDS, layout)


_NO_WILDS: Final[frozenset[Card]] = frozenset()
