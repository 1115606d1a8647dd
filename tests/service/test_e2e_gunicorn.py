"""End to end: the real server (gunicorn with ``service/gunicorn_conf.py``, two workers) answers over HTTP."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

from tests.service.conftest import holdem

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = Path(sys.executable).parent / "gunicorn"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    assert (ROOT / "service" / "gunicorn_conf.py").is_file(), "service/gunicorn_conf.py is missing"
    port = _free_port()
    log = tmp_path_factory.mktemp("gunicorn") / "server.log"
    env = {key: value for key, value in os.environ.items() if key != "GUNICORN_CONTROL_SOCKET"}
    env.update({"HOST": "127.0.0.1", "PORT": str(port), "WEB_CONCURRENCY": "2", "LOG_LEVEL": "warning"})
    with log.open("wb") as out:
        process = subprocess.Popen([str(GUNICORN), "-c", "python:service.gunicorn_conf", "service.wsgi:app"],
                                   cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            assert process.poll() is None, "gunicorn exited:\n" + log.read_text(errors="replace")
            try:
                if requests.get(f"{base}/livez", timeout=1).status_code == 200:
                    break
            except requests.ConnectionError:
                pass
            assert time.monotonic() < deadline, "no /livez:\n" + log.read_text(errors="replace")
            time.sleep(0.2)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


def test_server_adjudicates_a_showdown(server: str) -> None:
    response = requests.post(f"{server}/v1/showdowns", json=holdem(), headers={"X-Request-ID": "e2e-1"},
                             timeout=10)
    assert response.status_code == 200
    assert response.headers["X-Request-ID"] == "e2e-1"
    assert response.json()["payouts"] == {"ann": 300, "bob": 0, "cy": 0}


def test_server_answers_problems(server: str) -> None:
    response = requests.post(f"{server}/v1/showdowns", json=holdem(variant="nope"), timeout=10)
    assert response.status_code == 422
    assert response.headers["Content-Type"].startswith("application/problem+json")
    assert response.json()["errors"][0]["pointer"] == "/variant"
    too_big = requests.post(f"{server}/v1/showdowns", data=b"{" + b" " * 300_000 + b"}",
                            headers={"Content-Type": "application/json"}, timeout=10)
    assert too_big.status_code == 413


def test_server_serves_the_contract_and_its_page(server: str) -> None:
    document = requests.get(f"{server}/openapi.json", timeout=10)
    assert document.status_code == 200 and document.json()["openapi"] == "3.1.0"
    page = requests.get(f"{server}/docs", timeout=10)
    assert page.status_code == 200 and "/v1/showdowns" in page.text
    assert requests.get(f"{server}/readyz", timeout=10).json() == {"status": "ready"}
