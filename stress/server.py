"""A real gunicorn serving the app with the project's own settings, on a free loopback port, for stress checks."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import requests

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
    base: str
    process: subprocess.Popen[bytes]
    log: Path

    @property
    def master(self) -> int:
        return self.process.pid

    def workers(self) -> list[int]:
        return children(self.master)


def children(pid: int) -> list[int]:
    """The child processes of ``pid`` (Linux /proc)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text().split()
        found += [int(t) for t in text]
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


@contextmanager
def serve(workers: int = 1, env: Mapping[str, str] | None = None) -> Iterator[Server]:
    """gunicorn with ``service/gunicorn_conf.py`` on a free loopback port; stopped (SIGTERM, then SIGKILL) after."""
    port = free_port()
    log = Path(tempfile.mkstemp(prefix="showdown-stress-", suffix=".log")[1])
    environment = {key: value for key, value in os.environ.items() if key != "GUNICORN_CONTROL_SOCKET"}
    environment.update({"HOST": "127.0.0.1", "PORT": str(port), "WEB_CONCURRENCY": str(workers),
                        "LOG_LEVEL": "warning", "PYTHONPATH": str(ROOT), **(env or {})})
    with log.open("wb") as out:
        process = subprocess.Popen([str(GUNICORN), "-c", "python:service.gunicorn_conf", "service.wsgi:app"],
                                   cwd=ROOT, env=environment, stdout=out, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                raise RuntimeError("gunicorn exited:\n" + log.read_text(errors="replace"))
            try:
                if requests.get(f"{base}/livez", timeout=1).status_code == 200:
                    break
            except requests.ConnectionError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("no /livez after 60 s:\n" + log.read_text(errors="replace"))
            time.sleep(0.2)
        yield Server(base=base, process=process, log=log)
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
        log.unlink(missing_ok=True)
