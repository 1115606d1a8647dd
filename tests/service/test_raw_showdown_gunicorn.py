"""Under gunicorn (the project's settings, its gevent worker): the raw route of ``POST /v1/showdowns`` and the Flask
app behind it answer alike on the wire, the server's own headers included (all but ``Date``), and write the same
access-log lines. One server runs the service (the suite's shared server), the other the same app with Flask
answering every request (``tests/service/flask_behind_route.py``); each request goes to both, on a connection of its
own."""

from __future__ import annotations

import json
import re
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.live_server import Endpoint, gunicorn_server
from tests.service.conftest import holdem
from tests.service.raw_http import chunked, receive_all
from tests.service.test_raw_showdown import holdem_deal

pytestmark = pytest.mark.e2e



@pytest.fixture(scope="module")
def servers(live_server: Endpoint, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Endpoint, Endpoint]]:
    """(the service, the same app answered by Flask alone)."""
    log = tmp_path_factory.mktemp("raw-route") / "flask.log"
    with gunicorn_server(log, app="tests.service.flask_behind_route:app") as flask:
        yield live_server, Endpoint(flask.port, log)


def _request(request_id: str, body: bytes, *, method: str = "POST", path: str = "/v1/showdowns",
             headers: tuple[str, ...] = ("Content-Type: application/json",), framing: str = "length") -> bytes:
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", "Connection: close", f"X-Request-ID: {request_id}",
             *headers]
    if framing == "chunked":
        lines.append("Transfer-Encoding: chunked")
        body = chunked(body, 300)
    elif body or method == "POST":
        lines.append(f"Content-Length: {len(body)}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body


def _sorted_methods(found: re.Match[bytes]) -> bytes:
    return found.group(1) + b", ".join(sorted(found.group(2).split(b", ")))


def _answer(server: Endpoint, data: bytes) -> bytes:
    """The answer's bytes, its ``Date`` line out, and the methods of an ``Allow`` line sorted (Flask lists those of
    its automatic ``OPTIONS`` answer in the order of a set of strings, which changes with the process's hash seed)."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
        sock.sendall(data)
        answer = receive_all(sock)
    return re.sub(rb"(\r\nAllow: )([^\r]*)", _sorted_methods, re.sub(rb"\r\nDate: [^\r]*", b"", answer))


_JSON = ("Content-Type: application/json",)
_REQUESTS: list[tuple[str, bytes, dict[str, Any]]] = [
    *((f"deal-{seed}", json.dumps(holdem_deal(seed)).encode(), {}) for seed in range(12)),
    ("rule-broken", json.dumps(holdem(players=[{"id": "a", "hole": ["Ac", "Ad"]}])).encode(), {}),
    ("schema", json.dumps({"variant": "texas-holdem"}).encode(), {}),
    ("not-json", b"{", {}),
    ("too-large", b"{" + b" " * 300_000 + b"}", {}),
    ("chunked", json.dumps(holdem()).encode(), {"framing": "chunked"}),
    ("text", json.dumps(holdem()).encode(), {"headers": ("Content-Type: text/plain",)}),
    ("gzip", json.dumps(holdem()).encode(), {"headers": (*_JSON, "Content-Encoding: gzip")}),
    ("charset", json.dumps(holdem()).encode(), {"headers": ("Content-Type: application/json; charset=utf-8",)}),
    ("get", b"", {"method": "GET", "headers": ()}),
    ("head", b"", {"method": "HEAD", "headers": ()}),
    ("options", b"", {"method": "OPTIONS", "headers": ()}),
    ("livez", b"", {"method": "GET", "path": "/livez", "headers": ()}),
]


def _log(server: Endpoint, request_ids: set[str]) -> dict[str, dict[str, Any]]:
    """The access-log line of each of ``request_ids``, without its time and duration."""
    lines: dict[str, dict[str, Any]] = {}
    for line in Path(server.log).read_text(errors="replace").splitlines():
        if line.startswith("{") and (record := json.loads(line)).get("request_id") in request_ids:
            del record["time"], record["duration_ms"]
            lines[record["request_id"]] = record
    return lines


def test_the_route_and_flask_answer_alike_on_the_wire(servers: tuple[Endpoint, Endpoint]) -> None:
    route, flask = servers
    for request_id, body, options in _REQUESTS:
        data = _request(request_id, body, **options)
        answered = _answer(route, data)
        assert answered == _answer(flask, data), request_id
        assert answered.startswith(b"HTTP/1.1 ") and b"\r\nServer: showdown\r\n" in answered
    statuses = {request_id: _answer(route, _request(request_id, body, **options)).split(b" ")[1]
                for request_id, body, options in _REQUESTS[:13]}
    assert statuses == {**{f"deal-{seed}": b"200" for seed in range(12)}, "rule-broken": b"422"}


def test_the_route_and_flask_write_the_same_access_log_lines(servers: tuple[Endpoint, Endpoint]) -> None:
    route, flask = servers
    ids = {f"log-{request_id}" for request_id, _, _ in _REQUESTS}
    for request_id, body, options in _REQUESTS:
        for server in servers:
            _answer(server, _request(f"log-{request_id}", body, **options))
    logged = _log(route, ids)
    assert set(logged) == ids
    assert logged == _log(flask, ids)
