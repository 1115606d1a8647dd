"""Board layouts: community cards that lie in a pattern and may only be combined along its lines, rows, sides or
chosen boards (reference tag ``layout``).

A :class:`Layout` names every position (with grid coordinates for drawing), puts each position in a *segment* (a
source for the formation engine's count rules: a row, a pile, the card every hand must use) and lists the legal
board *groups*. Requests send such a board as an object from position name to card.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from evaluator.formation import BoardGroup

__all__ = ["Layout", "Position", "grid_groups"]


@dataclass(frozen=True, kw_only=True)
class Position:
    """One board position: its name in requests, its segment, and where it is drawn (column x, row y)."""

    name: str
    x: float
    y: float
    segment: str = "board"
    #: An optional position may be left out of the request (a card not dealt, e.g. a refilled box).
    optional: bool = False


@dataclass(frozen=True, kw_only=True)
class Layout:
    """The positions of a layout board and its legal groups (empty: any board cards may combine)."""

    positions: tuple[Position, ...]
    groups: tuple[BoardGroup, ...] = ()
    description: str = ""

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.positions)

    def position(self, name: str) -> Position | None:
        return next((p for p in self.positions if p.name == name), None)

    @property
    def required(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.positions if not p.optional)


def grid_groups(lines: Iterable[tuple[str, tuple[str, ...]]]) -> tuple[BoardGroup, ...]:
    """Board groups from ``(name, positions)`` pairs."""
    return tuple(BoardGroup(name=name, positions=positions) for name, positions in lines)
