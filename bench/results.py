"""Plain records of what a run measured; :mod:`bench.report` turns them into Markdown."""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["HttpReport", "LoadResult", "Rate", "Section", "Target"]


@dataclass(frozen=True)
class Rate:
    """``hands`` evaluations done in ``seconds`` of timed work by one evaluator."""

    name: str
    hands: int
    seconds: float
    anchor: float | None = None  # the peer's rate measured earlier on these machines, for comparison
    ours: bool = False
    repeats: tuple[float, ...] = ()  # hands/s in each interleaved repeat (round)

    @property
    def per_second(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else float("nan")


@dataclass(frozen=True)
class Target:
    """``ours`` should be at least ``factor`` times as fast as ``peer``."""

    label: str
    ours: str
    peer: str
    factor: float
    ratio: float  # measured ours / peer

    @property
    def passed(self) -> bool:
        return self.ratio >= self.factor


@dataclass(frozen=True)
class Section:
    """One shape of hand (7-card high, Omaha high, ...) and every evaluator's rate on it."""

    title: str
    deals: int
    agreement: str  # how the peers' order was checked against ours
    rates: tuple[Rate, ...]
    batch: str  # name of our headline (batch) rate
    per_call: str  # name of our one-hand-per-call rate
    targets: tuple[Target, ...] = ()

    def rate(self, name: str) -> Rate:
        return next(r for r in self.rates if r.name == name)


@dataclass(frozen=True)
class LoadResult:
    """One load-generator run against one endpoint."""

    scenario: str
    method: str
    path: str
    requests: int
    seconds: float
    p50_ms: float
    p99_ms: float
    errors: int  # non-2xx answers plus socket errors and timeouts

    @property
    def per_second(self) -> float:
        return self.requests / self.seconds if self.seconds > 0 else float("nan")


@dataclass(frozen=True)
class HttpReport:
    tool: str  # the load generator and its settings
    app: str
    workers: int
    results: tuple[LoadResult, ...]
    ratio_target: float  # POST hold'em req/s over GET /livez req/s should reach this
    notes: tuple[str, ...] = field(default=())

    def result(self, scenario: str) -> LoadResult:
        return next(r for r in self.results if r.scenario == scenario)
