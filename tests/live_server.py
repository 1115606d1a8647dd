"""A real server for end-to-end tests: gunicorn with ``service/gunicorn_conf.py`` on a free loopback port, stopped
when the ``with`` block ends (:func:`stress.server.serve`).

The tests stop it with SIGQUIT, gunicorn's quick stop: a graceful SIGTERM waits up to the 30 s ``graceful_timeout``
for connections the workers still hold, which proves nothing here (``tests/service/test_slow_clients.py`` checks
what SIGTERM does). Most modules share one server per pytest process, the ``live_server`` fixture of
``tests/conftest.py``; a module that needs other settings or another app starts its own.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from stress.server import ROOT, Server, free_port, serve

__all__ = ["ROOT", "Server", "free_port", "gunicorn_server"]


@contextmanager
def gunicorn_server(log: Path | None = None, env: Mapping[str, str] | None = None, *, workers: int = 2,
                    app: str = "service.wsgi:app", ready: str = "/readyz") -> Iterator[Server]:
    """A running server, ready (``ready`` answers 200); ``env`` adds to the environment, ``app`` serves another
    WSGI app with the same settings. Its stdout and stderr go to ``log`` (the access log included), when given."""
    with serve(workers, env, log=log, app=app, ready=ready, stop=signal.SIGQUIT) as server:
        yield server
