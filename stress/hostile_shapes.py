"""Hostile shapes (issue 10): 1,000 distinct client-defined shapes, over the work budget and just within it, sent to
one gunicorn worker. Passes when the worker's memory after them stays within 50 MB of the warmed worker and no
accepted request took more than 2 s of the worker's CPU."""

from __future__ import annotations

import random
import sys
import time
from typing import Any

import requests

from evaluator.values.cards import RANKS, SUITS
from stress.server import cpu_seconds, rss_mb, serve

SHAPES = 1000
MAX_GROWTH_MB = 50.0
MAX_CPU_S = 2.0
DECK = [r + s for r in RANKS for s in SUITS]
RANKINGS = ("HIGH", "LOW-A5", "LOW-27", "LOW-A6")


def _shape(i: int, rng: random.Random) -> tuple[str, dict[str, Any]]:
    """A distinct home game: ``n`` hole cards, ``m`` board cards, 1 to 4 hands, each with its own pick."""
    n, m, hands = 5 + i % 27, (i // 27) % 6, 1 + (i // 162) % 4
    picks = [{"hole": {"min": k, "max": k}} if k <= n else {} for k in
             (rng.randrange(0, 6) for _ in range(hands))]
    rules = {"deck": {"id": "52"}, "cards": {"hole": {"min": 0, "max": 40}},
             "board": {"kind": "flat", "count": {"min": 0, "max": 5}},
             "hands": [{"name": f"h{j}", "ranking": RANKINGS[(i + j) % 4], "formation": {"picks": [pick]}}
                       for j, pick in enumerate(picks)]}
    cards = rng.sample(DECK, n + m + 5)
    if i % 2:
        body = {"rules": rules, "hole": cards[:n], "board": cards[n:n + m], "list_combinations": True,
                "limit": 1 + i % 1000, "offset": i % 7}
        return "/v1/hands/evaluate", body
    players = [{"id": "a", "hole": cards[:n]}, {"id": "b", "hole": cards[n + m:n + m + 5]}]
    return "/v1/showdowns", {"rules": rules, "board": cards[n:n + m], "players": players, "pot": 10 + i}


def _warm(base: str, session: requests.Session) -> None:
    for variant in ("texas-holdem", "omaha-hi-lo-8", "iron-cross", "seven-card-stud-hi-lo-8", "doogie"):
        example = session.get(f"{base}/v1/variants/{variant}", timeout=10).json()["example"]
        for _ in range(20):
            session.post(f"{base}/v1/showdowns", json=example, timeout=10).raise_for_status()


def main() -> int:
    rng = random.Random(20261125)
    statuses: dict[int, int] = {}
    worst = (0.0, "")
    started = time.monotonic()
    with serve(workers=1) as server, requests.Session() as session:
        (worker,) = server.workers()
        _warm(server.base, session)
        fresh = rss_mb(worker)
        for i in range(SHAPES):
            path, body = _shape(i, rng)
            before = cpu_seconds(worker)
            response = session.post(server.base + path, json=body, timeout=30)
            spent = cpu_seconds(worker) - before
            statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
            if response.status_code == 200 and spent > worst[0]:
                worst = (spent, f"{path} with {len(body.get('hole') or body['players'][0]['hole'])} hole cards, "
                                f"{len(body['rules']['hands'])} hands")
        after = rss_mb(worker)
        assert server.workers() == [worker], "the worker was replaced during the run"
    growth = after - fresh
    passed = growth <= MAX_GROWTH_MB and worst[0] <= MAX_CPU_S and 500 not in statuses
    print("### Hostile shapes: memory and CPU of one worker\n")
    print(f"- {SHAPES} distinct client-defined shapes in {time.monotonic() - started:.0f} s; answers by status: "
          + ", ".join(f"{k}: {v}" for k, v in sorted(statuses.items())))
    print(f"- worker RSS: {fresh:.0f} MB warmed, {after:.0f} MB after (growth {growth:+.1f} MB; limit "
          f"{MAX_GROWTH_MB:.0f} MB)")
    print(f"- most CPU for one accepted request: {worst[0]:.2f} s ({worst[1]}; limit {MAX_CPU_S:.0f} s)")
    print(f"- result: {'pass' if passed else 'FAIL'}\n")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
