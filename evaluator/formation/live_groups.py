"""Rules that decide, from the deal, which board groups are live (reference: Ruby Run's slam, Russian Roulette's
trigger). They replace a formation's groups before the search, so only legal combinations are enumerated."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from evaluator.formation import BoardGroup
from evaluator.values.deal import Deal

__all__ = ["GroupsByCard", "LiveGroups", "TriggerWindow"]


class LiveGroups(Protocol):
    @property
    def description(self) -> str:
        """The rule in words."""
        ...

    def select(self, deal: Deal, groups: Sequence[BoardGroup]) -> tuple[BoardGroup, ...]:
        """The live groups for this deal."""
        ...


@dataclass(frozen=True, kw_only=True)
class GroupsByCard:
    """The card at ``position`` picks the live group: ``low_group`` when its rank is one of ``low_ranks``,
    otherwise ``high_group`` (Ruby Run: a slam of 2-10 makes the overs live, J-A the unders)."""

    position: str
    low_ranks: tuple[int, ...]
    low_group: str
    high_group: str

    @property
    def description(self) -> str:
        return (f"the card at {self.position} decides the live cards: {self.low_group} when it is "
                f"{'-'.join('23456789TJQKA'[r] for r in (min(self.low_ranks), max(self.low_ranks)))}, "
                f"otherwise {self.high_group}")

    def select(self, deal: Deal, groups: Sequence[BoardGroup]) -> tuple[BoardGroup, ...]:
        board = dict(zip(deal.positions or (), deal.board, strict=False))
        card = board.get(self.position)
        live = self.low_group if card is not None and card.rank in self.low_ranks else self.high_group
        return tuple(g for g in groups if g.name == live)


@dataclass(frozen=True, kw_only=True)
class TriggerWindow:
    """Russian Roulette's (m, n) mechanism: ``n`` cards in a circle ``K0..K(n-1)``; from the trigger position
    ``events.trigger`` the ``m`` cards clockwise are the active ones."""

    m: int
    n: int
    prefix: str = "K"

    @property
    def description(self) -> str:
        return f"the {self.m} cards clockwise from the trigger (events.trigger) of the {self.n}-card circle are active"

    def select(self, deal: Deal, groups: Sequence[BoardGroup]) -> tuple[BoardGroup, ...]:
        trigger = int(deal.events.get("trigger", 0))
        positions = tuple(f"{self.prefix}{(trigger + i) % self.n}" for i in range(self.m))
        return (BoardGroup(name=f"active {'-'.join(positions)}", positions=positions),)
