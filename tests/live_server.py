"""A real server for end-to-end tests: gunicorn with ``service/gunicorn_conf.py`` on a free loopback port, stopped
when the ``with`` block ends (:func:`stress.server.serve`). Its stdout and stderr go to ``log`` (the access log
included)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from stress.server import ROOT, free_port, serve

__all__ = ["ROOT", "free_port", "gunicorn_server"]


@contextmanager
def gunicorn_server(log: Path, env: Mapping[str, str] | None = None, *, workers: int = 2) -> Iterator[str]:
    """The base URL of a running server, ready (``/readyz`` answers 200); ``env`` adds to the environment."""
    with serve(workers, env, log=log) as server:
        yield server.base
