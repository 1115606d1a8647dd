"""The project's real server for end-to-end tests and stress checks: gunicorn with ``service/gunicorn_conf.py`` (the
same command as ``make run``) on a free loopback port, ready before the ``with`` block, stopped after it.

The one place that starts a server: ``tests/live_server.py`` and ``stress/slow_clients.py`` use it.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from urllib.error import URLError

__all__ = ["ROOT", "Server", "children", "cpu_seconds", "free_port", "rss_mb", "serve"]

ROOT = Path(__file__).resolve().parents[1]
GUNICORN = Path(sys.executable).parent / "gunicorn"
_TICKS = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass(frozen=True)
class Server:
    port: int
    process: subprocess.Popen[bytes]
    log: Path

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def master(self) -> int:
        return self.process.pid

    def workers(self) -> list[int]:
        return children(self.master)

    def output(self) -> str:
        """The end of what the server printed (its log), for error messages."""
        return self.log.read_text(errors="replace")[-4000:] if self.log.exists() else ""


def children(pid: int) -> list[int]:
    """The child processes of ``pid`` (Linux /proc)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(t) for t in (task / "children").read_text().split()]
    return found


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise LookupError(f"no VmRSS for {pid}")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of one process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / _TICKS


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=1) as response:
            return bool(response.status == 200)
    except (URLError, OSError):
        return False


def _stop(process: subprocess.Popen[bytes], stop: signal.Signals, seconds: float = 30) -> None:
    """``stop`` to the master, SIGKILL if it still runs ``seconds`` later. A worker still booting when the master
    passes ``stop`` on has no handler for it yet and ignores it, and the master would wait ``graceful_timeout`` for
    it; so the workers still there after each half second are sent ``stop`` themselves (a worker that has it already
    is not changed by it again)."""
    process.send_signal(stop)
    deadline = time.monotonic() + seconds
    while True:
        try:
            process.wait(timeout=0.5)
            return
        except subprocess.TimeoutExpired:
            pass
        if time.monotonic() > deadline:
            process.kill()
            process.wait(timeout=10)
            return
        try:
            workers = children(process.pid)
        except OSError:  # the master is exiting
            continue
        for pid in workers:
            with suppress(ProcessLookupError):
                os.kill(pid, stop)


@contextmanager
def serve(workers: int | None = 2, env: Mapping[str, str] | None = None, *, log: Path | None = None,
          app: str = "service.wsgi:app", ready: str = "/readyz", log_level: str = "warning",
          startup_seconds: float = 90, stop: signal.Signals = signal.SIGTERM,
          port: int | None = None) -> Iterator[Server]:
    """gunicorn on a free loopback port, once ``ready`` answers 200; ``stop`` (then SIGKILL) after the block.

    ``workers`` None keeps the settings' own count; ``env`` adds to the environment (``GUNICORN_CMD_ARGS`` can
    override settings); ``log`` keeps what the server prints (else a temporary file, removed after); ``app`` serves
    another WSGI app with the same settings; ``port`` is one chosen beforehand (else a free one). ``stop`` SIGTERM is
    gunicorn's graceful stop: its workers finish the connections they hold, up to ``graceful_timeout`` (30 s);
    SIGQUIT (or SIGINT) is its quick stop, at once.
    """
    port = free_port() if port is None else port
    own_log = log is None
    path = Path(tempfile.mkstemp(prefix="showdown-server-", suffix=".log")[1]) if log is None else log
    environment = {key: value for key, value in os.environ.items()
                   if key not in ("GUNICORN_CONTROL_SOCKET", "PROMETHEUS_MULTIPROC_DIR")}
    environment.update({"HOST": "127.0.0.1", "PORT": str(port), "LOG_LEVEL": log_level,
                        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), environment.get("PYTHONPATH")]))})
    if workers is not None:
        environment["WEB_CONCURRENCY"] = str(workers)
    environment.update(env or {})
    with path.open("wb") as out:
        process = subprocess.Popen([str(GUNICORN), "-c", "python:service.gunicorn_conf", app],
                                   cwd=ROOT, env=environment, stdout=out, stderr=subprocess.STDOUT)
    server = Server(port=port, process=process, log=path)
    try:
        deadline = time.monotonic() + startup_seconds
        while not _answers(f"{server.base}{ready}"):
            if process.poll() is not None:
                raise RuntimeError("gunicorn exited:\n" + server.output())
            if time.monotonic() > deadline:
                raise RuntimeError(f"no {ready} after {startup_seconds:g} s:\n" + server.output())
            time.sleep(0.2)
        yield server
    finally:
        _stop(process, stop)
        if own_log:
            path.unlink(missing_ok=True)
