"""A worker killed under load (issue 10): 4 clients post varied showdowns for 30 s to gunicorn with 2 workers; at
10 s one worker is killed with SIGKILL. gunicorn replaces it; only requests the dead worker held may fail.
Passes when at most one request per client fails and every request in the last 10 s succeeds."""

from __future__ import annotations

import os
import signal
import sys
import time

from stress.load import Load, percentile
from stress.server import serve

SECONDS = 30
KILL_AT = 10
CLIENTS = 4


def main() -> int:
    with serve(workers=2) as server:
        load = Load(server.base, clients=CLIENTS).start()
        time.sleep(KILL_AT)
        victim = server.workers()[0]
        os.kill(victim, signal.SIGKILL)
        time.sleep(SECONDS - KILL_AT)
        load.stop()
        replaced = victim not in server.workers() and len(server.workers()) == 2
    failed = [a for a in load.answers if a[1] != 200]
    late = [a for a in load.window(SECONDS - 10, SECONDS) if a[1] != 200]
    passed = len(failed) <= CLIENTS and not late and replaced
    print("### A worker killed under load\n")
    print(f"- {len(load.answers)} requests over {SECONDS} s from {CLIENTS} clients; worker {victim} killed "
          f"(SIGKILL) at {KILL_AT} s; {'replaced' if replaced else 'NOT replaced'} by gunicorn")
    print(f"- failed requests: {len(failed)} ({', '.join(str(a[1]) for a in failed) or 'none'}; 0 is a "
          f"connection error); in the last 10 s: {len(late)}")
    print(f"- p99 latency over the run: {percentile([a[2] for a in load.answers], 0.99) * 1000:.1f} ms")
    print(f"- result: {'pass' if passed else 'FAIL'}\n")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
