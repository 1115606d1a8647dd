"""Plain records of what a run measured; :mod:`bench.report` turns them into Markdown."""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["HttpReport", "LoadResult", "Rate", "Section", "Spread", "Target"]


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
    p50_ms: float  # latency percentiles of the requests answered, as measured (no made-up samples)
    p90_ms: float
    p99_ms: float
    max_ms: float
    errors: int  # non-2xx answers plus socket errors and timeouts
    round: int = 0  # the interleaved round it ran in
    server_cpu_s: float | None = None  # CPU seconds the server's workers used during the run
    not_2xx: int | None = None  # of ``errors``, the answers that were not 2xx (None: the load tool does not say)

    @property
    def per_second(self) -> float:
        return self.requests / self.seconds if self.seconds > 0 else float("nan")

    @property
    def cpu_us_per_request(self) -> float | None:
        if self.server_cpu_s is None or self.requests == 0:
            return None
        return self.server_cpu_s / self.requests * 1e6


@dataclass(frozen=True)
class Spread:
    """min / median / max of one figure over the rounds."""

    low: float
    median: float
    high: float

    @classmethod
    def of(cls, values: list[float]) -> Spread:
        ordered = sorted(values)
        n = len(ordered)
        if n == 0:
            return cls(float("nan"), float("nan"), float("nan"))
        mid = ordered[n // 2] if n % 2 else (ordered[n // 2 - 1] + ordered[n // 2]) / 2
        return cls(ordered[0], mid, ordered[-1])


@dataclass(frozen=True)
class HttpReport:
    tool: str  # the load generator and its settings
    app: str
    workers: int
    results: tuple[LoadResult, ...]  # every run of every round
    ratio_target: float  # POST hold'em req/s over GET /livez req/s should reach this
    notes: tuple[str, ...] = field(default=())
    post: str = ""  # the scenario whose rate is compared with ``base``'s (default: the first)
    base: str = "GET /livez"

    def scenarios(self) -> list[str]:
        return list(dict.fromkeys(r.scenario for r in self.results))

    def runs(self, scenario: str) -> list[LoadResult]:
        return [r for r in self.results if r.scenario == scenario]

    def rate(self, scenario: str) -> Spread:
        return Spread.of([r.per_second for r in self.runs(scenario)])

    def cpu_per_request(self, scenario: str) -> Spread | None:
        """Server CPU µs per request over the rounds; None when it was not measured."""
        values = [r.cpu_us_per_request for r in self.runs(scenario)]
        return None if not values or None in values else Spread.of([v for v in values if v is not None])

    def ratio(self) -> Spread:
        """``post`` req/s over ``base`` req/s, within each round."""
        post = {r.round: r.per_second for r in self.runs(self.post or self.results[0].scenario)}
        base = {r.round: r.per_second for r in self.runs(self.base)}
        return Spread.of([post[k] / base[k] for k in sorted(post.keys() & base.keys())])

    def cpu_ratio(self) -> Spread | None:
        """``base`` server CPU per request over ``post``'s, within each round: the req/s ratio of a server that
        had the cores to itself. None when CPU was not measured."""
        post = {r.round: r.cpu_us_per_request for r in self.runs(self.post or self.results[0].scenario)}
        base = {r.round: r.cpu_us_per_request for r in self.runs(self.base)}
        pairs = [(base[k], post[k]) for k in sorted(post.keys() & base.keys())]
        if not pairs or any(b is None or not p for b, p in pairs):
            return None
        return Spread.of([b / p for b, p in pairs if b is not None and p])
