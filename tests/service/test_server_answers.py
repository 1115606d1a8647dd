"""What the real server (gunicorn with ``service/gunicorn_conf.py``) answers to requests that never reach a view
cleanly: gunicorn's own rejections, odd framing of bodies, odd paths. Every one is a problem document with
``X-Request-ID`` and the security headers, and no answer names gunicorn."""

from __future__ import annotations

import json

import pytest

from tests.live_server import Endpoint
from tests.service.raw_http import Answer, chunked, exchange

pytestmark = pytest.mark.e2e

PROBLEMS = "https://showdown.example/problems/"
SHOWDOWN_HEAD = b"POST /v1/showdowns HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n"


@pytest.fixture(scope="module")
def port(live_server: Endpoint) -> int:
    return live_server.port


def assert_problem(answer: Answer, status: int, slug: str) -> dict[str, object]:
    assert answer.status == status, answer
    assert answer.headers["content-type"] == "application/problem+json"
    body: dict[str, object] = answer.json()
    assert body["type"] == PROBLEMS + slug
    assert body["status"] == status and body["title"] and body["detail"]
    assert answer.headers["x-request-id"]
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["cache-control"] == "no-store"
    assert answer.headers["server"] == "showdown"
    return body


@pytest.mark.parametrize(("request_bytes", "status", "slug"), [
    pytest.param(b"GARBAGE\r\n\r\n", 400, "bad-request", id="bad-request-line"),
    pytest.param(b"GET /livez HTTP/9.9\r\nHost: test\r\n\r\n", 400, "bad-request", id="bad-version"),
    pytest.param(b"GET /livez HTTP/1.1\r\nHost: test\r\nBad Name: x\r\n\r\n", 400, "bad-request",
                 id="bad-header-name"),
    pytest.param(b"GET /" + b"a" * 5000 + b" HTTP/1.1\r\nHost: test\r\n\r\n", 414, "uri-too-long",
                 id="request-line-too-long"),
    pytest.param(b"GET /livez HTTP/1.1\r\nHost: test\r\nX-Big: " + b"a" * 9000 + b"\r\n\r\n", 431,
                 "headers-too-large", id="header-too-large"),
    pytest.param(b"GET /livez HTTP/1.1\r\nHost: test\r\n" + b"".join(b"X-%d: y\r\n" % i for i in range(150))
                 + b"\r\n", 431, "headers-too-large", id="too-many-headers"),
    pytest.param(SHOWDOWN_HEAD + b"Transfer-Encoding: rot13\r\n\r\n", 501, "not-implemented",
                 id="unknown-transfer-coding"),
])
def test_gunicorn_rejections_are_problem_documents(port: int, request_bytes: bytes, status: int,
                                                   slug: str) -> None:
    answer = exchange(port, request_bytes)
    assert_problem(answer, status, slug)
    assert answer.headers["connection"] == "close"


def test_gunicorn_rejection_echoes_the_clients_request_id_when_it_was_parsed(port: int) -> None:
    # Two Content-Length headers: gunicorn refuses them after reading every header.
    answer = exchange(port, SHOWDOWN_HEAD + b"X-Request-ID: mine-42\r\nContent-Length: 2\r\n"
                            b"Content-Length: 3\r\n\r\n{}")
    assert_problem(answer, 400, "bad-request")
    assert answer.headers["x-request-id"] == "mine-42"


def test_a_malformed_chunk_size_is_a_400_not_a_500(port: int) -> None:
    answer = exchange(port, SHOWDOWN_HEAD + b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                            b"zz\r\n{}\r\n0\r\n\r\n")
    assert_problem(answer, 400, "unreadable-body")


def test_a_chunked_body_over_the_limit_is_413(port: int) -> None:
    body = json.dumps({"variant": "texas-holdem", "pad": "x" * 300_000}).encode()
    answer = exchange(port, SHOWDOWN_HEAD + b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                            + chunked(body))
    assert_problem(answer, 413, "body-too-large")


def test_a_chunked_body_within_the_limit_is_read_whole(port: int) -> None:
    body = json.dumps({"variant": "texas-holdem", "board": ["Ac", "Kd", "Ks", "7h", "2c"], "pot": 10,
                       "players": [{"id": "a", "hole": ["Ah", "Ad"]}, {"id": "b", "hole": ["Qs", "Qd"]}]})
    answer = exchange(port, SHOWDOWN_HEAD + b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                            + chunked(body.encode(), size=7))
    assert answer.status == 200
    assert answer.json()["payouts"] == {"a": 10, "b": 0}


def test_a_gzip_transfer_coding_is_not_read_as_json(port: int) -> None:
    # gunicorn removes the chunking and passes the body still compressed: the service refuses it.
    answer = exchange(port, SHOWDOWN_HEAD + b"Transfer-Encoding: gzip, chunked\r\n\r\n" + chunked(b"\x1f\x8b"))
    assert_problem(answer, 501, "not-implemented")


def test_a_doubled_slash_is_a_404_problem_with_no_location(port: int) -> None:
    answer = exchange(port, b"GET /v1//variants HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n")
    assert_problem(answer, 404, "not-found")
    assert "location" not in answer.headers


def test_application_answers_name_the_service_once_not_gunicorn(port: int) -> None:
    answer = exchange(port, b"GET /livez HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
    assert answer.status == 200
    assert answer.header_names.count("server") == 1
    assert answer.headers["server"] == "showdown"
    assert answer.headers["x-content-type-options"] == "nosniff"
