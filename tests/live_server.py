"""A real server for end-to-end tests: gunicorn with ``service/gunicorn_conf.py`` on a free loopback port, stopped
when the ``with`` block ends. Its stdout and stderr go to ``log`` (the access log included)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

import requests

__all__ = ["ROOT", "free_port", "gunicorn_server"]

ROOT = Path(__file__).resolve().parents[1]
GUNICORN = Path(sys.executable).parent / "gunicorn"
_START_TIMEOUT = 90.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def gunicorn_server(log: Path, env: Mapping[str, str] | None = None, *, workers: int = 2) -> Iterator[str]:
    """The base URL of a running server, ready (``/readyz`` answers 200); ``env`` adds to the environment."""
    port = free_port()
    full_env = {key: value for key, value in os.environ.items()
                if key not in ("GUNICORN_CONTROL_SOCKET", "PROMETHEUS_MULTIPROC_DIR")}
    full_env.update({"HOST": "127.0.0.1", "PORT": str(port), "WEB_CONCURRENCY": str(workers),
                     "LOG_LEVEL": "warning", "PYTHONPATH": str(ROOT)})
    full_env.update(env or {})
    with log.open("wb") as out:
        process = subprocess.Popen([str(GUNICORN), "-c", "python:service.gunicorn_conf", "service.wsgi:app"],
                                   cwd=ROOT, env=full_env, stdout=out, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + _START_TIMEOUT
        while True:
            assert process.poll() is None, "gunicorn exited:\n" + log.read_text(errors="replace")
            try:
                if requests.get(f"{base}/readyz", timeout=1).status_code == 200:
                    break
            except requests.ConnectionError:
                pass
            assert time.monotonic() < deadline, "not ready:\n" + log.read_text(errors="replace")
            time.sleep(0.2)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
