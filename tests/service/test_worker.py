"""The gunicorn worker (``service/worker.py``) in isolation: a worker computing an answer accepts no new
connection meanwhile (so the connection goes to an idle worker instead of waiting for this computation), but
keeps accepting while a body arrives or an answer is written (a slow client cannot stop it accepting); a
kept-alive connection lets the worker's other ready connections go before its next request; and the answers
it writes itself are complete problem documents."""

from __future__ import annotations

import json
from typing import Any

import gevent
import gevent.socket
import pytest
from gunicorn.workers.base_async import AsyncWorker  # type: ignore[import-untyped]

from service.worker import SERVER_NAME, ShowdownWorker, problem_answer
from tests.service.raw_http import parse

REQUEST: Any = object()
SOCKET: Any = object()


class _Server:
    started = True

    def __init__(self) -> None:
        self.accepting = True

    def full(self) -> bool:
        return False

    def stop_accepting(self) -> None:
        self.accepting = False

    def start_accepting(self) -> None:
        self.accepting = True


def _worker(servers: list[_Server]) -> ShowdownWorker:
    worker: ShowdownWorker = object.__new__(ShowdownWorker)
    worker._servers = servers
    worker.alive = True
    return worker


def test_a_worker_answering_a_request_accepts_no_connection_until_it_is_done(
        monkeypatch: pytest.MonkeyPatch) -> None:
    servers = [_Server(), _Server()]
    seen: list[bool] = []

    def answer(self: Any, *args: Any) -> bool:
        seen.append(any(server.accepting for server in servers))
        return True

    monkeypatch.setattr(AsyncWorker, "handle_request", answer)
    worker = _worker(servers)
    assert worker.handle_request("listener", REQUEST, SOCKET, ("127.0.0.1", 1)) is True
    assert seen == [False]
    assert all(server.accepting for server in servers)


class _LengthReader:
    """gunicorn's LengthReader: ``length`` is what remains of the body."""

    def __init__(self, length: int) -> None:
        self.length = length

    def read(self, size: int) -> bytes:
        size = min(size, self.length)
        self.length -= size
        return b"x" * size


class _Body:
    def __init__(self, reader: Any) -> None:
        self.reader = reader


class _Request:
    def __init__(self, body_length: int) -> None:
        self.body = _Body(_LengthReader(body_length))


class _Socket:
    def __init__(self) -> None:
        self.sent = b""

    def sendall(self, data: bytes) -> None:
        self.sent += data


def test_a_worker_keeps_accepting_while_a_body_arrives_and_an_answer_is_written(
        monkeypatch: pytest.MonkeyPatch) -> None:
    servers = [_Server()]
    seen: list[tuple[str, bool]] = []

    def answer(self: Any, listener: Any, req: Any, sock: Any, addr: Any) -> bool:
        seen.append(("head read", servers[0].accepting))
        req.body.reader.read(6)
        seen.append(("part of the body", servers[0].accepting))
        req.body.reader.read(6)
        seen.append(("whole body: computing", servers[0].accepting))
        sock.sendall(b"HTTP/1.1 200 OK\r\n")
        seen.append(("answer started", servers[0].accepting))
        req.body.reader.read(6)  # gunicorn drains the body after the answer: no second pause
        seen.append(("after", servers[0].accepting))
        return True

    monkeypatch.setattr(AsyncWorker, "handle_request", answer)
    sock: Any = _Socket()
    _worker(servers).handle_request("listener", _Request(10), sock, ("127.0.0.1", 1))
    assert seen == [("head read", True), ("part of the body", True), ("whole body: computing", False),
                    ("answer started", True), ("after", True)]
    assert sock.sent == b"HTTP/1.1 200 OK\r\n"


def test_a_worker_accepts_again_after_a_request_that_failed(monkeypatch: pytest.MonkeyPatch) -> None:
    servers = [_Server()]

    def fail(self: Any, *args: Any) -> bool:
        raise StopIteration  # gunicorn's way to close the connection after an answer

    monkeypatch.setattr(AsyncWorker, "handle_request", fail)
    with pytest.raises(StopIteration):
        _worker(servers).handle_request("listener", REQUEST, SOCKET, ("127.0.0.1", 1))
    assert servers[0].accepting


def test_a_stopping_worker_does_not_accept_again(monkeypatch: pytest.MonkeyPatch) -> None:
    servers = [_Server()]
    worker = _worker(servers)

    def answer(self: Any, *args: Any) -> bool:
        worker.alive = False  # SIGTERM arrived meanwhile
        return True

    monkeypatch.setattr(AsyncWorker, "handle_request", answer)
    worker.handle_request("listener", REQUEST, SOCKET, ("127.0.0.1", 1))
    assert not servers[0].accepting


def _served_after_an_answer(monkeypatch: pytest.MonkeyPatch, keep_alive: bool) -> list[str]:
    """The order of events when another connection of the same worker has a request ready (its socket is
    readable) as the worker answers one: each step is named."""
    order: list[str] = []
    mine, peer = gevent.socket.socketpair()

    def other_connection() -> None:
        mine.recv(1)
        order.append("other connection served")

    def answer(self: Any, *args: Any) -> bool:
        order.append("answered")
        return keep_alive

    waiting = gevent.spawn(other_connection)
    gevent.sleep(0)  # it waits for its request
    peer.sendall(b"x")  # which is now in
    monkeypatch.setattr(AsyncWorker, "handle_request", answer)
    _worker([_Server()]).handle_request("listener", REQUEST, SOCKET, ("127.0.0.1", 1))
    order.append("next request read")
    waiting.join(timeout=5)
    mine.close()
    peer.close()
    return order


def test_a_kept_alive_connection_reads_its_next_request_after_the_workers_other_ready_connections(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert _served_after_an_answer(monkeypatch, keep_alive=True) == [
        "answered", "other connection served", "next request read"]


def test_a_closing_connection_does_not_wait_for_the_others(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _served_after_an_answer(monkeypatch, keep_alive=False) == [
        "answered", "next request read", "other connection served"]


def test_problem_answer_is_a_complete_http_answer_with_the_contracts_headers() -> None:
    data = problem_answer(431, "headers-too-large", "too many", request_id="rid-1",
                          base_uri="https://x.example/p/", extra_headers={"Retry-After": "5"})
    answer = parse(data)
    assert answer.status == 431
    assert answer.headers["content-length"] == str(len(answer.body))
    assert answer.headers["content-type"] == "application/problem+json"
    assert answer.headers["x-request-id"] == "rid-1"
    assert answer.headers["server"] == SERVER_NAME
    assert answer.headers["connection"] == "close"
    assert answer.headers["retry-after"] == "5"
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert json.loads(answer.body) == {"type": "https://x.example/p/headers-too-large", "status": 431,
                                       "title": "The request's header fields are too large", "detail": "too many"}
