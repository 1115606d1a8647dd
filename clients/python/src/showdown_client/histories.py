"""A hand settled from its PHH history (``POST /v1/hand-histories/settle``): the showdown answer, the request the
service built from the history, and the chip unit its amounts count in."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from showdown_client.models import ShowdownResult

__all__ = ["SettledHistory"]


@dataclass(frozen=True, slots=True, kw_only=True)
class SettledHistory:
    result: ShowdownResult
    request: Mapping[str, Any]
    chip_unit: Decimal
    raw: Mapping[str, Any] = field(repr=False, compare=False)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SettledHistory:
        return cls(result=ShowdownResult.from_json(data), request=data["request"],
                   chip_unit=Decimal(data["chip_unit"]), raw=data)

    def net(self) -> dict[str, Decimal]:
        """Every player's chips won (or lost, below 0) in the history's own amounts: payout less chips put in."""
        dead: Mapping[str, int] = self.request.get("dead") or {}
        return {player: (self.result.payouts.get(player, 0) - put - dead.get(player, 0)) * self.chip_unit
                for player, put in self.request["contributions"].items()}
