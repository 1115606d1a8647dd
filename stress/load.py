"""Steady HTTP load for stress checks: a few client threads posting varied showdowns (random Hold'em, Omaha hi-lo
and stud deals, and catalog examples) to a server, each answer's status and latency recorded."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import requests

from evaluator.values.cards import RANKS, SUITS

__all__ = ["Load", "percentile", "random_showdown"]

DECK = [r + s for r in RANKS for s in SUITS]


def random_showdown(rng: random.Random) -> dict[str, Any]:
    """A valid random showdown of Texas Hold'em, Omaha hi-lo or Seven-Card Stud, 2 to 9 players."""
    game = rng.choice(("texas-holdem", "omaha-hi-lo-8", "seven-card-stud"))
    players = rng.randint(2, 9 if game == "texas-holdem" else 7 if game == "seven-card-stud" else 8)
    cards = rng.sample(DECK, 52)
    if game == "seven-card-stud":
        seats = [{"id": f"p{i}", "hole": cards[7 * i:7 * i + 3], "up": cards[7 * i + 3:7 * i + 7]}
                 for i in range(players)]
        return {"variant": game, "players": seats, "pot": rng.randint(1, 10_000)}
    hole = 2 if game == "texas-holdem" else 4
    seats = [{"id": f"p{i}", "hole": cards[hole * i:hole * i + hole]} for i in range(players)]
    return {"variant": game, "board": cards[-5:], "players": seats,
            "contributions": {s["id"]: rng.randint(0, 500) for s in seats}}


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass
class Load:
    """``clients`` threads posting random showdowns to ``base`` until :meth:`stop`; every answer recorded as
    (time since start, status or 0 for a connection error, latency in seconds)."""

    base: str
    clients: int = 4
    seed: int = 1
    answers: list[tuple[float, int, float]] = field(default_factory=list)
    _stop: threading.Event = field(default_factory=threading.Event)
    _threads: list[threading.Thread] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _started: float = 0.0

    def _run(self, index: int, make: Callable[[random.Random], dict[str, Any]]) -> None:
        rng = random.Random(self.seed * 1000 + index)
        with requests.Session() as session:
            while not self._stop.is_set():
                body = make(rng)
                sent = time.monotonic()
                try:
                    status = session.post(f"{self.base}/v1/showdowns", json=body, timeout=30).status_code
                except requests.RequestException:
                    status = 0
                    session.close()
                done = time.monotonic()
                with self._lock:
                    self.answers.append((sent - self._started, status, done - sent))

    def start(self, make: Callable[[random.Random], dict[str, Any]] = random_showdown) -> Load:
        self._started = time.monotonic()
        for i in range(self.clients):
            thread = threading.Thread(target=self._run, args=(i, make), daemon=True)
            thread.start()
            self._threads.append(thread)
        return self

    def stop(self) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(timeout=60)

    def window(self, start: float, end: float) -> list[tuple[float, int, float]]:
        with self._lock:
            return [a for a in self.answers if start <= a[0] < end]
