"""Real servers for end-to-end tests: gunicorn with ``service/gunicorn_conf.py`` on a loopback port.

- :func:`gunicorn_server`: a server of a module's own (other settings, another app, signals, a killed worker), stopped
  when the ``with`` block ends (:func:`stress.server.serve`).
- :class:`SharedServer`: the one server the whole session shares (the ``live_server`` fixture of
  ``tests/conftest.py``). The pytest process that runs the session (under pytest-xdist, the controller) starts it
  in the background as the session begins, so it boots while the tests are collected; every process that runs
  tests reaches it by port, and waits for it to be ready only when a test first asks for it.

The servers are stopped with SIGQUIT, gunicorn's quick stop: nothing here needs the graceful SIGTERM
(``tests/service/test_slow_clients.py`` checks what SIGTERM does).
"""

from __future__ import annotations

import json
import signal
import threading
import time
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.error import URLError

from stress.server import ROOT, Server, free_port, serve

__all__ = ["ROOT", "Endpoint", "Server", "SharedServer", "free_port", "gunicorn_server"]


@contextmanager
def gunicorn_server(log: Path | None = None, env: Mapping[str, str] | None = None, *, workers: int = 2,
                    app: str = "service.wsgi:app", ready: str = "/readyz") -> Iterator[Server]:
    """A running server, ready (``ready`` answers 200); ``env`` adds to the environment, ``app`` serves another
    WSGI app with the same settings. Its stdout and stderr go to ``log`` (the access log included), when given."""
    with serve(workers, env, log=log, app=app, ready=ready, stop=signal.SIGQUIT) as server:
        yield server


@dataclass(frozen=True)
class Endpoint:
    """A running server as a test sees it: its port, and the file its output goes to (the access log included)."""

    port: int
    log: Path

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def output(self) -> str:
        """The end of what the server printed, for error messages."""
        return self.log.read_text(errors="replace")[-4000:] if self.log.exists() else ""


class SharedServer:
    """The session's server, started on a thread of the session's process (the thread holds the ``with`` block of
    :func:`gunicorn_server` until :meth:`stop`). ``folder`` keeps its log and, should it fail to start, the reason
    (``failed``), which the processes waiting for it report."""

    STARTUP_SECONDS = 90.0

    def __init__(self, folder: Path) -> None:
        self.endpoint = Endpoint(free_port(), folder / "server.log")
        self._failed = folder / "failed"
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="shared-gunicorn", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            with serve(2, log=self.endpoint.log, port=self.endpoint.port, stop=signal.SIGQUIT):
                self._stop.wait()
        except Exception as exc:  # the reason goes to the tests that wait for the server
            self._failed.write_text(f"{type(exc).__name__}: {exc}")

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=60)

    def describe(self) -> str:
        """What a process that runs tests needs to reach the server (JSON)."""
        return json.dumps({"port": self.endpoint.port, "log": str(self.endpoint.log), "failed": str(self._failed)})

    @classmethod
    def reach(cls, description: str) -> Endpoint:
        """The server :meth:`describe` described, once it answers ``/readyz``; raises if it failed or never did."""
        facts = json.loads(description)
        endpoint, failed = Endpoint(int(facts["port"]), Path(facts["log"])), Path(facts["failed"])
        deadline = time.monotonic() + cls.STARTUP_SECONDS
        while not _ready(endpoint):
            if failed.exists():
                raise RuntimeError("the shared gunicorn did not start: " + failed.read_text())
            if time.monotonic() > deadline:
                raise RuntimeError(f"the shared gunicorn was not ready after {cls.STARTUP_SECONDS:g} s:\n"
                                   + endpoint.output())
            time.sleep(0.1)
        return endpoint


def _ready(endpoint: Endpoint) -> bool:
    try:
        with urllib.request.urlopen(f"{endpoint.base}/readyz", timeout=1) as response:
            return bool(response.status == 200)
    except (URLError, OSError):
        return False
