"""The whole answer to one showdown request: the game, every player's hands, every pot, the payouts and the
summary (the engine's result; the per-hand and per-pot values are in :mod:`evaluator.results`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from evaluator.results import PlayerResult, PotResult, RunResult
from evaluator.values.frozen import quick_init
from evaluator.variant import Variant
from evaluator.wilds.in_force import WildInForce

__all__ = ["ShowdownResult"]


@quick_init
@dataclass(frozen=True, slots=True)
class ShowdownResult:
    variant: Variant
    options: Mapping[str, str]
    players: tuple[PlayerResult, ...]
    pots: tuple[PotResult, ...]
    payouts: Mapping[str, int]
    summary: str
    #: Chips given back before the pots were built (the uncalled part of the largest contribution), by player;
    #: already counted in ``payouts``.
    returned: Mapping[str, int] = field(default_factory=dict)
    #: Run it N times: each run's answer (``pots`` and ``payouts`` above are the totals, ``players`` the first
    #: run's hands); empty for one run.
    runs: tuple[RunResult, ...] = ()
    #: The wild cards in force and why (None: the game has no wild cards).
    wild: WildInForce | None = None
