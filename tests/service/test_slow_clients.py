"""Slow clients, the short version of ``stress/slow_clients.py``: connections that trickle their request heads
do not stop the real server from answering, the header timeout drops them, a worker killed by gunicorn's
timeout answers 503 instead of an empty 500, and SIGTERM still lets a computation finish."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from stress.server import GUNICORN, ROOT, free_port
from stress.slow_clients import (
    SHOWDOWN,
    TRICKLED_HEAD,
    Trickle,
    ordinary_request,
)
from tests.live_server import Endpoint, gunicorn_server
from tests.service.raw_http import exchange, parse, receive_all

pytestmark = pytest.mark.e2e

#: The spin app (tests/service/spin_app.py) with short timeouts: 2 s for a request head, 2 s of silence.
SHORT_TIMEOUTS = {"GUNICORN_CMD_ARGS": "--keep-alive 2 --timeout 2"}


@pytest.fixture(scope="module")
def service_port(live_server: Endpoint) -> int:
    return live_server.port


@pytest.fixture(scope="module")
def spin_port() -> Iterator[int]:
    with gunicorn_server(env=SHORT_TIMEOUTS, workers=1, app="tests.service.spin_app:app", ready="/livez") as server:
        yield server.port


def test_ordinary_requests_are_answered_while_connections_trickle_their_heads(service_port: int) -> None:
    trickle = Trickle(service_port, count=10)  # 5 per worker: a sync worker each would have stopped the service
    trickle.start()
    try:
        time.sleep(2)
        assert trickle.connects - trickle.dropped == 10 and trickle.bytes_sent >= 10  # all holding a connection
        assert ordinary_request(service_port, "GET", "/v1/variants/texas-holdem", timeout=8)[0] == 200
        assert ordinary_request(service_port, "POST", "/v1/showdowns", SHOWDOWN, timeout=8)[0] == 200
    finally:
        trickle.stop()


def test_ordinary_requests_are_answered_while_connections_hold_half_sent_bodies(service_port: int) -> None:
    # A worker stops accepting while it computes; a body still arriving must not count as computing, or 2 such
    # connections would stop both workers accepting.
    head = (b"POST /v1/showdowns HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n"
            b"Content-Length: 1000\r\n\r\n")
    slow = [socket.create_connection(("127.0.0.1", service_port), timeout=10) for _ in range(4)]
    try:
        for sock in slow:
            sock.sendall(head + b'{"variant": ')
        time.sleep(1)
        assert ordinary_request(service_port, "GET", "/v1/variants/omaha", timeout=8)[0] == 200
        assert ordinary_request(service_port, "POST", "/v1/showdowns", SHOWDOWN, timeout=8)[0] == 200
    finally:
        for sock in slow:
            sock.close()


def test_the_header_timeout_drops_a_connection_that_trickles_its_head(spin_port: int) -> None:
    with socket.create_connection(("127.0.0.1", spin_port), timeout=20) as sock:
        closed = False
        for byte in TRICKLED_HEAD[:-1]:
            try:
                sock.sendall(bytes([byte]))
            except OSError:  # reset by the server
                closed = True
                break
            sock.settimeout(0.5)
            try:
                if sock.recv(1024) == b"":
                    closed = True
                    break
            except TimeoutError:
                pass
            except OSError:
                closed = True
                break
    assert closed, "the server kept a connection that never finished its head"


def test_a_worker_killed_by_the_timeout_answers_503_with_retry_after(spin_port: int) -> None:
    answer = exchange(spin_port, b"GET /spin?seconds=60 HTTP/1.1\r\nHost: test\r\nX-Request-ID: slow-1\r\n\r\n",
                      timeout=60)
    assert answer.status == 503
    assert answer.headers["content-type"] == "application/problem+json"
    assert answer.json()["type"] == "https://showdown.example/problems/worker-timeout"
    assert answer.headers["retry-after"].isdigit()
    assert answer.headers["x-request-id"] == "slow-1"
    # and the server goes on, with a fresh worker
    assert ordinary_request(spin_port, "GET", "/", timeout=30)[0] == 200


def test_sigterm_lets_a_request_in_computation_finish(tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, "HOST": "127.0.0.1", "PORT": str(port), "WEB_CONCURRENCY": "1", "LOG_LEVEL": "warning"}
    env.pop("GUNICORN_CONTROL_SOCKET", None)
    with (tmp_path / "server.log").open("wb") as log:
        process = subprocess.Popen([str(GUNICORN), "-c", "python:service.gunicorn_conf",
                                    "tests.service.spin_app:app"], cwd=ROOT, env=env, stdout=log,
                                   stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                ordinary_request(port, "GET", "/", timeout=1)
                break
            except OSError:
                assert process.poll() is None and time.monotonic() < deadline, (tmp_path / "server.log").read_text()
                time.sleep(0.2)
        with socket.create_connection(("127.0.0.1", port), timeout=60) as sock:
            sock.sendall(b"GET /spin?seconds=2 HTTP/1.1\r\nHost: test\r\n\r\n")
            time.sleep(0.5)  # the worker is computing
            process.send_signal(signal.SIGTERM)
            answer = parse(receive_all(sock))
        assert answer.status == 200 and answer.json() == {"status": "done"}
        assert process.wait(timeout=60) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)
