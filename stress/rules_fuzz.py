"""The long mutation fuzz of ``rules`` (issue 10, ``make stress``): 10,000 requests with fuzzed rules, posted to the
Flask test client, none answered with a 500.

5,000 are catalog records' rules with mutations, 2,000 records with fields of other records and 3,000 rules built
over the old rules shape (tests/service/rules_fuzzing.py, the generators the suite's short run uses); each goes to
``POST /v1/showdowns``, ``POST /v1/hands/evaluate`` or ``POST /v1/showdowns/render``. The cases are random (the seed
is printed: pass ``--seed N`` to replay a run); a failure is shrunk by hypothesis to a small request and printed.
Bounded: at most 10,000 cases and 30 minutes (cases left when the time is up are counted as not run, and the check
fails).

Run it as ``PYTHONPATH=$PWD .venv/bin/python -m stress.rules_fuzz``.
"""

from __future__ import annotations

import argparse
import logging
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from typing import Final

from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st
from hypothesis.reporting import with_reporter

from service import create_app
from service.config import Config
from tests.service.rules_fuzzing import Call, catalog_mutations, catalog_swaps, check, schema_requests

__all__ = ["main"]

CASES: Final = {"mutated catalog records": 5_000, "records with fields of other records": 2_000,
                "rules over the rules schema": 3_000}
_GENERATORS: Final = {"mutated catalog records": catalog_mutations,
                      "records with fields of other records": catalog_swaps,
                      "rules over the rules schema": schema_requests}
TIME_LIMIT_S: Final = 30 * 60.0


class _FuzzConfig(Config):
    TESTING = True


def _run(name: str, strategy: st.SearchStrategy[Call], cases: int, run_seed: int, stop_at: float,
         statuses: Counter[tuple[str, int]], skipped: Counter[str], report: list[str]) -> str | None:
    """Run one generator for ``cases`` cases; the failure hypothesis found (shrunk), if any."""
    client = create_app(_FuzzConfig).test_client()

    @seed(run_seed)
    @settings(max_examples=cases, database=None, deadline=None, derandomize=False, print_blob=False,
              suppress_health_check=list(HealthCheck), phases=(Phase.generate, Phase.shrink))
    @given(strategy)
    def fuzz(call: Call) -> None:
        if time.monotonic() > stop_at:
            skipped[name] += 1
            return
        status = check(client, call)
        statuses[(call[0], status)] += 1

    try:
        with with_reporter(lambda text: report.append(str(text))):
            fuzz()
    except Exception as exc:  # any failure hypothesis found (a 500, a broken answer) is the check's result
        notes = "\n".join(getattr(exc, "__notes__", ()))  # hypothesis's falsifying example, shrunk
        return f"{type(exc).__name__}: {str(exc)[:1500]}\n{notes[:3000]}"
    return None


def main(run_seed: int | None = None, cases: int | None = None) -> int:
    """Run the fuzz (``cases`` in all, 10,000 by default; a random seed unless given); 0 if no 500 was found."""
    if run_seed is None:
        run_seed = random.SystemRandom().randrange(2**32)
    total = sum(CASES.values())
    plan = {name: (n * cases // total if cases else n) for name, n in CASES.items()}
    logging.disable(logging.CRITICAL)  # the 500 a case may cause is reported below, not logged per request
    statuses: Counter[tuple[str, int]] = Counter()
    skipped: Counter[str] = Counter()
    failures: dict[str, str] = {}
    report: list[str] = []
    started = time.monotonic()
    for name, planned in plan.items():
        failure = _run(name, _GENERATORS[name](), planned,
                       run_seed, started + TIME_LIMIT_S, statuses, skipped, report)
        if failure is not None:
            failures[name] = failure
    elapsed = time.monotonic() - started
    checked = sum(statuses.values())
    wanted = sum(plan.values())
    passed = not failures and checked >= wanted
    by_status: Counter[int] = Counter()
    for (_, status), n in statuses.items():
        by_status[status] += n
    print("### Rules mutation fuzz (stress/rules_fuzz.py)")
    print()
    print(f"- cases answered: {checked:,} of {wanted:,} planned ("
          + ", ".join(f"{n:,} {name}" for name, n in plan.items()) + f"), seed {run_seed}")
    print("- answers by status: " + ", ".join(f"{s}: {n:,}" for s, n in sorted(by_status.items()))
          + f"; 500s: {by_status.get(500, 0) + len(failures)}")
    endpoints: dict[str, list[str]] = {}
    for (path, status), n in sorted(statuses.items()):
        endpoints.setdefault(path, []).append(f"{status}: {n:,}")
    for path, counts in endpoints.items():
        print(f"  - `{path}`: {', '.join(counts)}")
    print(f"- time: {elapsed:.0f} s (limit {TIME_LIMIT_S:.0f} s)" + (
        f"; {sum(skipped.values()):,} cases not run: out of time" if skipped else ""))
    for name, failure in failures.items():
        first, _, rest = failure.partition("\n")
        print(f"- FAILURE in {name}: {first}")
        print("```\n" + "\n".join([rest, *report])[:4000].strip() + "\n```")
    print(f"- result: PASS (no 500 in {checked:,} cases)" if passed else "- result: FAIL")
    return 0 if passed else 1


def _cli(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description="The long mutation fuzz of rules (no 500 in 10,000 cases).")
    parser.add_argument("--seed", type=int, default=None, help="replay the run of this seed")
    parser.add_argument("--cases", type=int, default=None, help="run this many cases in all (default 10,000)")
    args = parser.parse_args(argv)
    return main(args.seed, args.cases)


if __name__ == "__main__":
    sys.exit(_cli(sys.argv[1:]))
