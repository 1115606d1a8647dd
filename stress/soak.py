"""Soak (issue 10): steady load of varied showdowns for 10 minutes (``SHOWDOWN_SOAK_SECONDS``) against gunicorn with
its default workers. Reports the rate, errors, p99 latency and worker memory in the first and the last minute.
Passes with no error answer and worker memory grown by less than 50 MB."""

from __future__ import annotations

import os
import sys
import time

from stress.load import Load, percentile
from stress.server import rss_mb, serve

SECONDS = int(os.environ.get("SHOWDOWN_SOAK_SECONDS", "600"))
MAX_GROWTH_MB = 50.0


def main() -> int:
    window = min(60, SECONDS // 3)
    with serve(workers=2) as server:
        load = Load(server.base, clients=4).start()
        time.sleep(window)
        rss_start = sum(rss_mb(w) for w in server.workers())
        time.sleep(max(0, SECONDS - window))
        rss_end = sum(rss_mb(w) for w in server.workers())
        load.stop()
    first, last = load.window(0, window), load.window(SECONDS - window, SECONDS)
    errors = [a for a in load.answers if a[1] != 200]
    growth = rss_end - rss_start
    passed = not errors and growth < MAX_GROWTH_MB
    print(f"### Soak: {SECONDS // 60} minutes of varied showdowns, 4 clients, 2 workers\n")
    print(f"- {len(load.answers)} requests ({len(load.answers) / SECONDS:.0f} req/s), {len(errors)} not 200")
    print(f"- first {window} s: p99 {percentile([a[2] for a in first], 0.99) * 1000:.1f} ms; last {window} s: p99 "
          f"{percentile([a[2] for a in last], 0.99) * 1000:.1f} ms")
    print(f"- workers' RSS: {rss_start:.0f} MB after the first {window} s, {rss_end:.0f} MB at the end "
          f"({growth:+.1f} MB; limit {MAX_GROWTH_MB:.0f} MB)")
    print(f"- result: {'pass' if passed else 'FAIL'}\n")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
