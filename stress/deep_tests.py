"""The ``slow`` tests and every property test on their full samples: ``pytest -m "slow or hypothesis"`` with
``SHOWDOWN_DEEP=1``.

The normal suite (``make test``) runs the pokerkit differential, the wild-card oracles, the HTTP and rules fuzz, the
fast reader's differential and the Monte Carlo intervals on a reduced sample; this check runs them with the counts of
``tests/samples.py``'s deep side: 2,000 random deals per game against pokerkit (issue 2's contract), 10,000 oracle
hands per ranking, twenty times the HTTP fuzz examples, under the random ``deep`` hypothesis profile
(``tests/conftest.py``; ``HYPOTHESIS_PROFILE`` still wins if set).

``python -m stress.deep_tests [--seconds N] [--workers N]``: pytest runs on ``--workers`` pytest-xdist workers and is
stopped (with its workers) after ``--seconds``; prints a Markdown section and returns 0 when every test passed.
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

__all__ = ["main", "pytest_command"]

ROOT = Path(__file__).resolve().parent.parent
#: Under a minute and a half of work for two idle cores (mostly pokerkit, and the fuzz); the limit leaves room for a
#: machine shared with other work.
SECONDS = 900
WORKERS = 2

_SUMMARY = re.compile(r"^(?:=+ )?(?P<counts>\d+ \w+.*) in (?P<seconds>[0-9.]+)s(?: \([0-9:]+\))?(?: =+)?$")
_FAILED = re.compile(r"^(?:FAILED|ERROR) \S+\.py")
_DURATION = re.compile(r"^(?P<seconds>[0-9.]+)s call +(?P<test>\S+)$")


def pytest_command(workers: int) -> list[str]:
    """The pytest command line: the slow and the property tests (hypothesis marks its own), the five slowest listed,
    no cache written."""
    command = [sys.executable, "-m", "pytest", "-m", "slow or hypothesis", "-q", "-p", "no:cacheprovider",
               "--durations=5"]
    if workers > 1:
        command += ["-n", str(workers)]  # test by test: a few long tests, no module fixture worth sharing
    return command


def _run(command: list[str], seconds: float) -> tuple[int | None, str, float]:
    """Exit status (None when stopped at the time limit), output and wall time of pytest, run in its own process
    group so that a stop also ends its xdist workers."""
    env = {**os.environ, "SHOWDOWN_DEEP": "1", "PYTHONPATH": os.pathsep.join(
        p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)}
    start = time.monotonic()
    with subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          start_new_session=True) as process:
        try:
            output, _ = process.communicate(timeout=seconds)
            status: int | None = process.returncode
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                output, _ = process.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                output, _ = process.communicate()
            status = None
    return status, output, time.monotonic() - start


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m stress.deep_tests", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=SECONDS, help=f"time limit (default {SECONDS})")
    parser.add_argument("--workers", type=int, default=WORKERS, help=f"pytest-xdist workers (default {WORKERS})")
    args = parser.parse_args([] if argv is None else argv)  # python -m stress calls main() with its own argv
    command = pytest_command(args.workers)
    status, output, wall = _run(command, args.seconds)
    lines = output.splitlines()
    summary = next((m for line in reversed(lines) if (m := _SUMMARY.match(line))), None)
    slowest = [m for line in lines if (m := _DURATION.match(line))]
    failed = [line for line in lines if _FAILED.match(line)]
    passed = status == 0 and summary is not None and " passed" in summary["counts"] and not failed

    print("### Deep tests (pokerkit differential, wild-card oracle, HTTP fuzz on their full samples)")
    print()
    print(f"- command: `SHOWDOWN_DEEP=1 {' '.join(['pytest', *command[3:]])}`")
    if status is None:
        print(f"- stopped at the time limit, {args.seconds:.0f} s")
    print(f"- result: {summary['counts'] if summary else 'no pytest summary'}; wall time {wall:.0f} s")
    for m in slowest:
        print(f"- slowest: {m['test']} {float(m['seconds']):.1f} s")
    for line in failed[:20]:
        print(f"- {line}")
    if not passed:
        print()
        print("```")
        print("\n".join(lines[-20:]))
        print("```")
    print(f"- **{'PASS' if passed else 'FAIL'}**")
    return 0 if passed else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
