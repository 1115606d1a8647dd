"""The locust user for :mod:`bench.http_load` when ``wrk`` is not installed (not imported by ``python -m bench``).

One request, repeated with no wait, as read from the environment: ``BENCH_METHOD`` (``GET`` or ``POST``),
``BENCH_PATH`` and, for a POST, ``BENCH_BODY`` (the JSON body as text). Any non-2xx answer counts as a failure.
"""

from __future__ import annotations

import os

from locust import FastHttpUser, constant, task

_METHOD = os.environ.get("BENCH_METHOD", "GET").upper()
_PATH = os.environ.get("BENCH_PATH", "/livez")
_BODY = os.environ.get("BENCH_BODY", "")
_HEADERS = {"Content-Type": "application/json"}


class OneRequest(FastHttpUser):
    wait_time = constant(0)

    @task
    def hit(self) -> None:
        if _METHOD == "POST":
            self.client.post(_PATH, data=_BODY, headers=_HEADERS)
        else:
            self.client.get(_PATH)
