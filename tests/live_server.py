"""A real server for end-to-end tests: gunicorn with ``service/gunicorn_conf.py`` on a free loopback port, stopped
when the ``with`` block ends (:func:`stress.server.serve`).

The tests stop it with SIGQUIT, gunicorn's quick stop: nothing here needs the graceful SIGTERM, whose workers finish
what they hold and check for that once a second (``tests/service/test_slow_clients.py`` checks what SIGTERM does).
(The 30 s stops the suite used to have were a worker still booting at the stop: it ignored the signal and the
master waited ``graceful_timeout`` for it; :func:`stress.server.serve` now sends the stop again to such a worker.)
Most modules share one server per pytest process, the ``live_server`` fixture of
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
