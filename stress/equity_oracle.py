"""Equity against brute force (issue 14): exact answers equal a brute-force oracle on 200 random spots across
Hold'em, Omaha-8, seven-card stud hi-lo, Iron Cross (a layout) and Follow the Queen (wild cards that depend on the
cards to come); Monte Carlo falls within its 99% interval of the exact answer in at least 98% of 500 spots.

The oracle (``tests/evaluator/equity_brute.py``) deals every ordered draw of the unknown cards and adjudicates each
completed deal itself; dead cards keep each spot's deck small enough to enumerate."""

from __future__ import annotations

import sys
import time
from collections import Counter
from fractions import Fraction
from random import Random

from evaluator.catalog import variant_named
from evaluator.engine.equity import equities
from tests.evaluator.equity_brute import SHAPES, brute_force, random_spot

EXACT_SPOTS = 200
SAMPLED_SPOTS = 500
SAMPLES = 1000
Z99 = 2.5758293035489
MIN_COVERED = 0.98


def _exact(rng: Random) -> tuple[int, Counter[str], list[str]]:
    agreed, by_game, failures = 0, Counter[str](), []
    names = sorted(SHAPES)
    for i in range(EXACT_SPOTS):
        name = names[i % len(names)]
        case = random_spot(rng, name, rng.randint(1, 3), rng.randint(4, 9))
        oracle, _ = brute_force(case)
        result = equities(variant_named(name), case.spot, method="exact", budget=10**9)
        mine = {p.id: Fraction(p.chips, result.runouts) for p in result.players}
        by_game[name] += 1
        if mine == oracle:
            agreed += 1
        else:
            failures.append(f"spot {i} ({name}): {mine} != {oracle}")
    return agreed, by_game, failures


def _sampled(rng: Random) -> tuple[int, int]:
    covered = 0
    names = ("texas-holdem", "omaha-hi-lo-8", "seven-card-stud-hi-lo-8", "iron-cross", "follow-the-queen")
    for i in range(SAMPLED_SPOTS):
        name = names[i % len(names)]
        case = random_spot(rng, name, 2, rng.randint(10, 20))
        exact = equities(variant_named(name), case.spot, method="exact", budget=10**9)
        sampled = equities(variant_named(name), case.spot, method="monte-carlo", samples=SAMPLES, seed=i,
                           budget=10**9)
        first, truth = sampled.players[0], exact.expected(exact.players[0].chips)
        error = sampled.standard_error(first.chips, first.squares) or 0.0
        if abs(sampled.expected(first.chips) - truth) <= Z99 * error + 1e-9:
            covered += 1
    return covered, SAMPLED_SPOTS


def main() -> int:
    rng = Random(20261125)
    started = time.monotonic()
    agreed, by_game, failures = _exact(rng)
    exact_s = time.monotonic() - started
    covered, spots = _sampled(rng)
    sampled_s = time.monotonic() - started - exact_s
    passed = agreed == EXACT_SPOTS and covered >= MIN_COVERED * spots
    print("### Equity against brute force\n")
    print(f"- exact = brute force (every ordered draw adjudicated) on {agreed} of {EXACT_SPOTS} random spots ("
          + ", ".join(f"{name}: {n}" for name, n in sorted(by_game.items())) + f"), 1 to 3 unknown cards, "
          f"{exact_s:.0f} s")
    for failure in failures[:5]:
        print(f"  - {failure}")
    print(f"- Monte Carlo ({SAMPLES:,} seeded samples) within its 99% interval of the exact answer (the first "
          f"player's expected chips) in {covered} of {spots} spots ({covered / spots:.1%}; needed "
          f"{MIN_COVERED:.0%}), {sampled_s:.0f} s")
    print(f"- result: {'pass' if passed else 'FAIL'}\n")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
