"""Naive re-implementations of the rules, written from the text of the reference, for brute-force checks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement

from evaluator.formation import BOARD, HOLE, OWN, UP, Formation, Slot

__all__ = ["brute_force_combinations", "counts_towards", "hand_classes", "is_legal"]


def counts_towards(name: str, source: str) -> bool:
    """Reference 2.2 read naively: whether a card from ``source`` counts towards the limit ``name``
    (``own`` = hole + up, ``board`` = every board segment, ``a+b`` = both)."""
    for part in name.split("+"):
        if part == source:
            return True
        if part == OWN and source in (HOLE, UP):
            return True
        if part == BOARD and source not in (HOLE, UP):
            return True
    return False


def is_legal(formation: Formation, used: Sequence[Slot]) -> bool:
    """Some pick's counts all hold, and with board groups every board card used lies in one group."""
    board_labels = {s.label for s in used if s.source not in (HOLE, UP)}
    if formation.groups and not any(board_labels <= set(g.positions) for g in formation.groups):
        return False
    return any(
        all(sum(counts_towards(name, s.source) for s in used) in count for name, count in pick.limits.items())
        for pick in formation.picks
    )


def brute_force_combinations(formation: Formation, size: int, slots: Sequence[Slot]) -> list[tuple[int, ...]]:
    """Every ``size``-subset of all the slots (as index tuples) that the formation allows."""
    return [combo for combo in combinations(range(len(slots)), size)
            if is_legal(formation, [slots[i] for i in combo])]


def hand_classes() -> list[tuple[tuple[int, ...], bool, tuple[int, ...]]]:
    """One natural five-card hand per class (7,462): each rank multiset with no rank five times, unsuited,
    and each set of five distinct ranks as a club flush. Rows are (ranks 0..12, flush, card ints)."""
    out: list[tuple[tuple[int, ...], bool, tuple[int, ...]]] = []
    for ranks in combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) == 5:
            continue
        seen: Counter[int] = Counter()
        cards = []
        for r in ranks:
            cards.append(r * 4 + seen[r])
            seen[r] += 1
        if len(set(ranks)) == 5:
            cards[0] += 1  # a diamond among clubs: not a flush
        out.append((ranks, False, tuple(cards)))
        if len(set(ranks)) == 5:
            out.append((ranks, True, tuple(r * 4 for r in ranks)))
    return out
