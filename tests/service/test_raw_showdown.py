"""The raw WSGI route of ``POST /v1/showdowns`` (:mod:`service.raw_showdown`) against the Flask app behind it
(differential): for every request, the same status, the same bytes, the same headers in the same order, the same
access-log line and the same metrics, whichever of the two answers it. Requests: seeded Hold'em deals of 2 to 10
players, every catalog example, random valid and mutated bodies (most of them 422s, which the route hands to Flask),
bodies the library refuses (a broken rule, over the budget, past the deadline), bodies too large, unreadable or cut
short, other media types, a content coding, other methods, and a bug in the engine.
"""

from __future__ import annotations

import io
import json
import logging
import random
import re
from dataclasses import dataclass
from typing import Any

import pytest
from flask import Flask
from hypothesis import given
from prometheus_client import REGISTRY
from werkzeug.test import EnvironBuilder

import service.answer_hooks
import service.budget
from evaluator import RANKS, SUITS, all_variants, example_request
from service import create_app
from service.access_log import ACCESS_LOGGER
from service.raw_showdown import RawShowdownRoute, install_raw_showdown
from service.views import showdowns
from tests.service.conftest import TestConfig, holdem, lazy_app
from tests.service.test_fast_showdown import _HTTP_SETTINGS, mutated_bodies, valid_bodies

_DECK = [rank + suit for rank in RANKS for suit in SUITS]
_SHOWDOWNS = [v for v in all_variants() if v.not_showdown is None]
_GENERATED_ID = re.compile(r"[0-9a-f]{32}")
_app = lazy_app()


def _route(app: Flask) -> RawShowdownRoute:
    route = app.wsgi_app
    assert isinstance(route, RawShowdownRoute)
    return route


def holdem_deal(seed: int) -> dict[str, Any]:
    """A seeded Hold'em deal of 2 to 10 players, with a pot, side pots, contributions or no money, a button or none."""
    rng = random.Random(seed)
    deck = rng.sample(_DECK, len(_DECK))
    players: list[dict[str, Any]] = [{"id": f"p{i}", "hole": [deck.pop(), deck.pop()]}
                                     for i in range(rng.randint(2, 10))]
    body: dict[str, Any] = {"variant": rng.choice(["texas-holdem", "holdem"]), "players": players,
                            "board": [deck.pop() for _ in range(5)]}
    money = rng.choice(["pot", "pots", "contributions", "none"])
    if money == "pot":
        body["pot"] = rng.randint(0, 10_000)
    elif money == "pots":
        body["pots"] = [{"amount": rng.randint(1, 500), "eligible": [p["id"] for p in players[:k]]}
                        for k in range(len(players), 1, -1)][:3]
    elif money == "contributions":
        body["contributions"] = {p["id"]: rng.randint(0, 300) for p in players}
    if rng.random() < 0.3:
        body["button"] = players[-1]["id"]
    if rng.random() < 0.2 and money != "pots":  # (a folded player is eligible for no pot)
        players[0]["folded"] = True
    return body


# --- one exchange, and what it leaves behind --------------------------------------------------------------------


@dataclass(frozen=True)
class Request:
    body: bytes = b""
    method: str = "POST"
    path: str = "/v1/showdowns"
    headers: tuple[tuple[str, str], ...] = ()
    content_type: str | None = "application/json"
    #: None: Content-Length is the body's; a string: that Content-Length (or none for "").
    content_length: str | None = None
    #: The server's stream raises this halfway through the body (an unreadable body).
    error: Exception | None = None
    #: As gunicorn: the server ends the body's stream itself.
    terminated: bool = True

    def environ(self) -> dict[str, Any]:
        builder = EnvironBuilder(path=self.path, method=self.method, data=self.body, headers=list(self.headers),
                                 content_type=self.content_type)
        environ: dict[str, Any] = builder.get_environ()
        builder.close()
        if self.content_type is None:
            environ.pop("CONTENT_TYPE", None)
        if self.content_length is not None:
            environ.pop("CONTENT_LENGTH", None)
            if self.content_length:
                environ["CONTENT_LENGTH"] = self.content_length
        if self.error is not None:
            environ["wsgi.input"] = _Failing(self.body[:len(self.body) // 2], self.error)
        else:
            environ["wsgi.input"] = io.BytesIO(self.body)
        if self.terminated:
            environ["wsgi.input_terminated"] = True
        return environ


class _Failing(io.BytesIO):
    """A server's body stream that fails after its data."""

    def __init__(self, data: bytes, error: Exception) -> None:
        super().__init__(data)
        self.error = error

    def read(self, size: int | None = -1) -> bytes:
        chunk = super().read(size)
        if not chunk:
            raise self.error
        return chunk


@dataclass(frozen=True)
class Answer:
    status: str
    headers: list[tuple[str, str]]
    body: bytes
    log: list[dict[str, Any]]
    metrics: dict[tuple[str, tuple[tuple[str, str], ...]], float]


class _Lines(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


def _counts() -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every counter of the service, and every histogram's count (its sum and buckets are times)."""
    return {(sample.name, tuple(sorted(sample.labels.items()))): sample.value
            for family in REGISTRY.collect() for sample in family.samples
            if sample.name.startswith("showdown_") and sample.name.endswith(("_total", "_count"))}


def exchange(wsgi: Any, request: Request) -> Answer:
    """What ``wsgi`` answers ``request``: its status, headers and bytes, the access-log lines it wrote (without their
    time and duration) and how much each counter grew."""
    handler = _Lines()
    logger = logging.getLogger(ACCESS_LOGGER)
    logger.addHandler(handler)
    before = _counts()
    started: list[tuple[str, list[tuple[str, str]]]] = []
    try:
        answer = wsgi(request.environ(), lambda status, headers, exc_info=None: started.append((status, headers)))
        try:
            body = b"".join(answer)
        finally:
            close = getattr(answer, "close", None)
            if close is not None:
                close()
    finally:
        logger.removeHandler(handler)
    after = _counts()
    [(status, headers)] = started
    log = [json.loads(line) for line in handler.lines]
    for record in log:
        record.pop("time")
        record.pop("duration_ms")
    grown = {key: value - before.get(key, 0.0) for key, value in after.items() if value != before.get(key, 0.0)}
    return Answer(status, list(headers), body, log, grown)


def _without_generated_id(answer: Answer) -> Answer:
    """``answer`` with a generated request id (the client sent none that is sane) written ``<generated>``, in the
    headers, the body and the log alike."""
    [generated] = [value for name, value in answer.headers if name == "X-Request-ID"]
    if not _GENERATED_ID.fullmatch(generated):
        return answer
    return Answer(answer.status, [(n, "<generated>" if v == generated else v) for n, v in answer.headers],
                  answer.body.replace(generated.encode(), b"<generated>"),
                  [{k: "<generated>" if v == generated else v for k, v in r.items()} for r in answer.log],
                  answer.metrics)


def answered_alike(request: Request, app: Flask | None = None) -> Answer:
    """The route and Flask answer ``request`` alike; the route's answer."""
    route = _route(app or _app())
    raw = exchange(route, request)
    flask = exchange(route.flask, request)
    assert _without_generated_id(raw) == _without_generated_id(flask)
    assert len(raw.log) == 1
    return raw


def posted(body: Any, **fields: Any) -> Request:
    return Request(body=json.dumps(body).encode(), **fields)


def _taken(app: Flask, request: Request) -> bool:
    """Whether the route answered ``request`` itself (Flask's app was not called)."""
    route = _route(app)
    calls: list[object] = []
    flask = route.flask

    def counting(environ: dict[str, Any], start_response: Any) -> Any:
        calls.append(environ)
        return flask(environ, start_response)

    route.flask = counting
    try:
        exchange(route, request)
    finally:
        route.flask = flask
    return not calls


# --- the tests --------------------------------------------------------------------------------------------------


def test_the_service_app_serves_the_post_by_the_raw_route() -> None:
    app = _app()
    assert _taken(app, posted(holdem()))
    assert not _taken(app, posted(holdem(), method="PUT"))


@pytest.mark.parametrize("seed", range(60))
def test_seeded_holdem_deals_are_answered_alike_by_the_route(seed: int) -> None:
    request = posted(holdem_deal(seed), headers=(("X-Request-ID", f"deal-{seed}"),))
    assert _taken(_app(), request)
    answer = answered_alike(request)
    assert answer.status == "200 OK" and answer.log[0]["request_id"] == f"deal-{seed}"
    assert answer.metrics[("showdown_showdowns_total", (("variant", "texas-holdem"),))] == 1


@pytest.mark.parametrize("variant", [v.id for v in _SHOWDOWNS])
def test_every_catalog_example_is_answered_alike(variant: str) -> None:
    answered_alike(posted(example_request(next(v for v in _SHOWDOWNS if v.id == variant))))


@pytest.mark.slow
@_HTTP_SETTINGS
@given(valid_bodies() | mutated_bodies())
def test_random_valid_and_mutated_bodies_are_answered_alike(body: Any) -> None:
    answered_alike(posted(body))


@pytest.mark.parametrize("request_id", [None, "abc-1.2_3", "not sane!", "x" * 129, "é"])
def test_the_request_id_is_answered_and_logged_alike(request_id: str | None) -> None:
    headers = () if request_id is None else (("X-Request-ID", request_id),)
    answer = answered_alike(posted(holdem(), headers=headers))
    [echoed] = [value for name, value in answer.headers if name == "X-Request-ID"]
    assert echoed == answer.log[0]["request_id"]
    assert echoed == request_id if request_id == "abc-1.2_3" else _GENERATED_ID.fullmatch(echoed)


def _duplicate() -> dict[str, Any]:
    return holdem(players=[{"id": "ann", "hole": ["Ac", "Ad"]}, {"id": "bob", "hole": ["Qs", "Qd"]}])


@pytest.mark.parametrize(("request_", "status"), [
    (posted(_duplicate()), "422 UNPROCESSABLE ENTITY"),  # a rule broken: the library's verdict, handed to Flask
    (posted(holdem(players=[{"id": "ann", "hole": ["Ah"]}])), "422 UNPROCESSABLE ENTITY"),
    (posted(holdem(variant="no-such-game")), "422 UNPROCESSABLE ENTITY"),  # not vouched for: the schema says why
    (posted({"variant": "texas-holdem"}), "422 UNPROCESSABLE ENTITY"),
    (Request(body=b"{"), "400 BAD REQUEST"),
    (Request(body=b""), "400 BAD REQUEST"),
    (Request(body=b"\xff"), "400 BAD REQUEST"),
    (Request(body=b'{"variant": NaN}'), "400 BAD REQUEST"),
    (Request(body=b'{"variant": "texas-holdem", "players": [{"id": "\\ud83d"}], "pot": 2}'),  # (orjson refuses it)
     "422 UNPROCESSABLE ENTITY"),
    (posted(holdem(), content_type="text/plain"), "415 UNSUPPORTED MEDIA TYPE"),
    (posted(holdem(), content_type="application/json; charset=utf-8"), "200 OK"),
    (posted(holdem(), content_type="application/merge-patch+json"), "200 OK"),
    (posted(holdem(), content_type=None), "415 UNSUPPORTED MEDIA TYPE"),
    (posted(holdem(), headers=(("Content-Encoding", "gzip"),)), "415 UNSUPPORTED MEDIA TYPE"),
    (posted(holdem(), headers=(("Content-Encoding", "identity"),)), "200 OK"),
    (posted(holdem(), headers=(("Transfer-Encoding", "gzip, chunked"),)), "501 NOT IMPLEMENTED"),
    (posted(holdem(), content_length=""), "200 OK"),  # no length: read to the end of the stream
    (posted(holdem(), content_length="+12"), "200 OK"),
    (posted(holdem(), content_length="99999"), "200 OK"),  # shorter than announced, ended by the server: read
    (posted(holdem(), content_length="99999", terminated=False), "400 BAD REQUEST"),  # the body never came
    (posted(holdem(), content_length=str(TestConfig.MAX_CONTENT_LENGTH + 1)), "413 REQUEST ENTITY TOO LARGE"),
    (posted(holdem(), error=OSError("reset")), "400 BAD REQUEST"),
    (posted(holdem(), error=RuntimeError("bad chunk")), "400 BAD REQUEST"),
    (posted(holdem(), method="GET"), "405 METHOD NOT ALLOWED"),
    (posted(holdem(), method="HEAD"), "405 METHOD NOT ALLOWED"),
    (posted(holdem(), method="PUT"), "405 METHOD NOT ALLOWED"),
    (posted(holdem(), method="OPTIONS"), "200 OK"),
    (posted(holdem(), path="/v1/showdowns?pretty=1"), "200 OK"),  # (taken: the query is no part of the path)
    (posted(holdem(), headers=(("Host", "showdown..example"),)), "400 BAD REQUEST"),  # (a Host IDNA cannot encode)
    (posted(holdem(), headers=(("Host", "x" * 64),)), "400 BAD REQUEST"),
    (posted(holdem(), headers=(("Host", "é.example:8000"),)), "200 OK"),
    (posted(holdem(), headers=(("Connection", "Upgrade"), ("Upgrade", "websocket"))), "400 BAD REQUEST"),
    (posted(holdem(), path="/v1/showdowns/"), "404 NOT FOUND"),
    (posted(holdem(), path="/v1//showdowns"), "404 NOT FOUND"),
    (posted({"showdowns": [holdem()]}, path="/v1/showdowns/batch"), "200 OK"),
    (Request(method="GET", path="/livez", content_type=None), "200 OK"),
], ids=repr)
def test_odd_requests_are_answered_alike_by_the_route_or_by_flask_behind_it(request_: Request, status: str) -> None:
    assert answered_alike(request_).status == status


def test_a_body_over_the_limit_is_answered_alike_and_refused_before_it_is_read() -> None:
    class Huge(TestConfig):
        MAX_CONTENT_LENGTH = 64

    app = create_app(Huge)
    request = posted(holdem())
    assert answered_alike(request, app).status == "413 REQUEST ENTITY TOO LARGE"
    assert not _taken(app, request)


def test_a_body_over_the_work_budget_is_refused_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(service.budget, "MAX_WORK_PER_REQUEST", 50)
    answer = answered_alike(posted(holdem()))
    assert answer.status == "422 UNPROCESSABLE ENTITY" and b"over-limit" in answer.body
    assert answer.metrics[("showdown_refusals_total", (("kind", "combinations"),))] == 1


def test_a_request_past_its_deadline_is_answered_alike_without_a_second_run(monkeypatch: pytest.MonkeyPatch) -> None:
    app = create_app(TestConfig)
    app.config["SHOWDOWN_DEADLINE_SECONDS"] = 0.0
    runs: list[object] = []
    from evaluator import adjudicate

    def counted(*args: Any) -> Any:
        runs.append(args)
        return adjudicate(*args)

    monkeypatch.setattr(showdowns, "adjudicate", counted)
    route = _route(app)
    raw = exchange(route, posted(holdem(), headers=(("X-Request-ID", "late"),)))
    assert len(runs) == 1  # the route's: Flask answered the route's verdict
    flask = exchange(route.flask, posted(holdem(), headers=(("X-Request-ID", "late"),)))
    assert raw == flask and raw.status == "503 SERVICE UNAVAILABLE"
    assert ("Retry-After", "1") in raw.headers


def test_a_bug_in_the_engine_is_answered_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setattr(showdowns, "adjudicate", broken)
    assert answered_alike(posted(holdem())).status == "500 INTERNAL SERVER ERROR"


def _unwrapped() -> Flask:
    """A service app without its raw route."""
    app = create_app(TestConfig)
    app.wsgi_app = _route(app).flask  # type: ignore[method-assign,assignment]
    return app


def test_the_route_stands_in_only_for_an_app_whose_hooks_are_the_answer_hooks_and_routes_as_flask() -> None:
    for change in ("after", "before", "teardown", "TRUSTED_HOSTS", "SERVER_NAME"):
        app = _unwrapped()
        if change == "after":
            app.after_request(lambda response: response)
        elif change == "before":
            app.before_request(lambda: None)
        elif change == "teardown":
            app.teardown_request(lambda exc: None)
        else:
            app.config[change] = ["showdown.example"] if change == "TRUSTED_HOSTS" else "showdown.example"
        assert not install_raw_showdown(app), change
    app = _unwrapped()
    assert install_raw_showdown(app)
    assert not install_raw_showdown(app)  # (once)


def test_the_route_serves_only_what_flask_routes_to_the_lean_view() -> None:
    app = create_app(TestConfig)
    app.view_functions["showdowns.adjudicate_showdown"] = showdowns.adjudicate_showdown
    assert not _taken(app, posted(holdem()))
    assert answered_alike(posted(holdem()), app).status == "200 OK"


def test_with_cors_on_flask_answers_every_request() -> None:
    class Cors(TestConfig):
        SHOWDOWN_CORS_ORIGINS = ("https://app.example",)

    app = create_app(Cors)
    assert not isinstance(app.wsgi_app, RawShowdownRoute)
    answer = app.test_client().post("/v1/showdowns", json=holdem(), headers={"Origin": "https://app.example"})
    assert answer.status_code == 200 and answer.headers["Access-Control-Allow-Origin"] == "https://app.example"


def test_a_bug_in_an_answer_hook_is_answered_by_flask_as_flask_answers_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """(Its log line and metrics may then be written twice: a bug's answer, not a contract.)"""
    def broken(*args: Any) -> None:
        raise RuntimeError("a bug")

    class Production(TestConfig):
        TESTING = False  # (a test app lets the exception through)

    route = _route(create_app(Production))
    monkeypatch.setattr(service.answer_hooks, "secure", broken)
    request = posted(holdem(), headers=(("X-Request-ID", "hook"),))
    raw, flask = exchange(route, request), exchange(route.flask, request)
    assert (raw.status, raw.headers, raw.body) == (flask.status, flask.headers, flask.body)
    assert raw.status == "500 INTERNAL SERVER ERROR"
