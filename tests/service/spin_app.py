"""A WSGI app for the server tests: ``/spin?seconds=N`` computes (pure CPU, no I/O) for N seconds, anything
else answers at once. Served by gunicorn with the project's settings to show what its worker does while one
request computes, and when one computes past gunicorn's ``timeout``."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import parse_qs


def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
    if environ.get("PATH_INFO") == "/spin":
        seconds = float(parse_qs(environ.get("QUERY_STRING", "")).get("seconds", ["1"])[0])
        end = time.process_time() + seconds
        while time.process_time() < end:  # CPU, never yielding to gevent's loop
            pass
    body = b'{"status":"done"}\n'
    start_response("200 OK", [("Content-Type", "application/json"), ("Content-Length", str(len(body)))])
    return [body]
