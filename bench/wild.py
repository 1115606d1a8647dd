"""Wild-card speed (issue 4): what wild cards cost next to natural hands, on the same seeded deals.

1. Seven-card HIGH hands (any five of seven, the general engine's 21 combinations per hand), once natural and once
   with 4 of the 7 cards wild: the wild pass costs how many times the natural one?
2. An 8-player Seven-Card Stud hi-lo 8-or-better showdown with deuces, treys, fours and fives wild (up to 7 wild
   cards in a hand), adjudicated end to end: milliseconds per showdown.
"""

from __future__ import annotations

import time
from dataclasses import replace
from itertools import combinations

import numpy as np

from evaluator import Deal, Seat, adjudicate, variant_named
from evaluator.rankings import HIGH
from evaluator.values.cards import Card
from evaluator.wilds.rules import FixedRanks
from evaluator.wilds.scoring import score_with_wilds

__all__ = ["run_wild"]

_SUBSETS = np.array(list(combinations(range(7), 5)), dtype=np.int64)


def _timed(fn: object, min_seconds: float) -> tuple[float, int]:
    """Seconds per call of ``fn`` over repeated calls lasting at least ``min_seconds``."""
    calls, start = 0, time.perf_counter()
    while True:
        fn()  # type: ignore[operator]
        calls += 1
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds:
            return elapsed / calls, calls


def run_wild(hands: int = 20_000, showdowns: int = 200, min_seconds: float = 0.5) -> str:
    """The Markdown section."""
    rng = np.random.default_rng(2026)
    deals = np.argsort(rng.random((hands, 52)), axis=1)[:, :7].astype(np.int64)
    combos = deals[:, _SUBSETS].reshape(-1, 5)
    wild_positions = np.zeros((hands, 7), dtype=bool)
    for row in wild_positions:
        row[rng.choice(7, size=4, replace=False)] = True
    wild = wild_positions[:, _SUBSETS].reshape(-1, 5)
    no_wild = np.zeros_like(wild)
    natural_s, _ = _timed(lambda: HIGH.evaluate_many(combos).reshape(hands, -1).max(axis=1), min_seconds)
    engine_s, _ = _timed(lambda: score_with_wilds(HIGH, combos, no_wild).reshape(hands, -1).max(axis=1),
                         min_seconds)
    wild_s, _ = _timed(lambda: score_with_wilds(HIGH, combos, wild).reshape(hands, -1).max(axis=1), min_seconds)

    game = replace(variant_named("seven-card-stud-hi-lo-8"), wilds=(FixedRanks(ranks=(0, 1, 2, 3)),))
    cards = [Card(int(c)) for c in range(52)]
    requests = []
    most_wild = 0
    for _ in range(showdowns):
        order = [cards[i] for i in rng.permutation(52)]
        seats = tuple(Seat(id=f"p{i}", hole=tuple(order[6 * i:6 * i + 2]), up=tuple(order[6 * i + 2:6 * i + 6]))
                      for i in range(8))
        most_wild = max(most_wild, max(sum(c.rank <= 3 for c in (*s.hole, *s.up, order[48])) for s in seats))
        requests.append(Deal(seats=seats, board=(order[48],), pot=800))
    position = iter(range(10**9))
    per_showdown, count = _timed(lambda: adjudicate(game, requests[next(position) % showdowns]), min_seconds * 2)
    lines = [
        "## Wild cards",
        "",
        f"{hands:,} seeded 7-card hands, best HIGH of the 21 five-card combinations, in one batch; 4 of the 7 cards "
        "wild in the wild pass (fully wild, W0). Same hands, same engine.",
        "",
        "| pass | hands/s | cost ÷ natural |",
        "|---|---:|---:|",
        f"| natural, table lookups | {hands / natural_s:,.0f} | 1.00x |",
        f"| natural, through the wild-aware scorer | {hands / engine_s:,.0f} | {engine_s / natural_s:.2f}x |",
        f"| 4 wild cards of 7 | {hands / wild_s:,.0f} | **{wild_s / natural_s:.2f}x** (target <= 3x) |",
        "",
        f"8-player Seven-Card Stud hi-lo 8-or-better with 2s, 3s, 4s and 5s wild (the 7th card shared; up to "
        f"{most_wild} wild cards in one player's seven): **{per_showdown * 1000:.1f} ms per showdown** end to end "
        f"({count} showdowns adjudicated), against gunicorn's 30 s request timeout.",
        "",
    ]
    return "\n".join(lines)
