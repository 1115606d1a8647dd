"""The locust user for :mod:`bench.http_load` when ``wrk`` is not installed (not imported by ``python -m bench``).

Requests with no wait, as read from the environment: ``BENCH_METHOD`` (``GET`` or ``POST``), ``BENCH_PATH`` and,
for a POST, ``BENCH_BODIES``: a file of JSON bodies, one per line, sent in turn (each user from its own offset).
Any non-2xx answer counts as a failure.
"""

from __future__ import annotations

import itertools
import os
import random
from pathlib import Path

from locust import FastHttpUser, constant, task

_METHOD = os.environ.get("BENCH_METHOD", "GET").upper()
_PATH = os.environ.get("BENCH_PATH", "/livez")
_BODIES_FILE = os.environ.get("BENCH_BODIES", "")
_BODIES = ([line for line in Path(_BODIES_FILE).read_text(encoding="utf-8").splitlines() if line]
           if _BODIES_FILE else [""])
_HEADERS = {"Content-Type": "application/json"}


class OneRequest(FastHttpUser):
    wait_time = constant(0)

    def on_start(self) -> None:
        start = random.randrange(len(_BODIES))
        self.bodies = itertools.cycle(_BODIES[start:] + _BODIES[:start])

    @task
    def hit(self) -> None:
        if _METHOD == "POST":
            self.client.post(_PATH, data=next(self.bodies), headers=_HEADERS)
        else:
            self.client.get(_PATH)
