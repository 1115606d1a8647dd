"""The Python client (``clients/python``, distribution ``showdown-client``) against a real gunicorn server: typed
requests and answers for every operation, problems as :class:`ProblemError` with every pointer; and, against a
scripted loopback server, retries of 503 after ``Retry-After`` (bounded), timeouts and unreachable servers."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, ClassVar

import pytest
from showdown_client import (
    EvaluateRequest,
    Player,
    PlayerHand,
    Pot,
    ProblemError,
    ShowdownClient,
    ShowdownRequest,
    TransportError,
)

from tests.live_server import free_port

README_DEAL = ShowdownRequest(
    variant="texas-holdem", board=["Kd", "7c", "2h", "9s", "2d"],
    players=[Player(id="ann", hole=["Ah", "Kh"]), Player(id="bob", hole=["Qs", "Qc"]),
             Player(id="cy", hole=["9h", "9d"])],
    contributions={"ann": 100, "bob": 100, "cy": 40})


@pytest.fixture(scope="module")
def client(server: str) -> Iterator[ShowdownClient]:
    with ShowdownClient(server) as client:
        yield client


def test_requests_send_only_what_differs_from_the_services_defaults() -> None:
    assert README_DEAL.to_json() == {
        "variant": "texas-holdem", "board": ["Kd", "7c", "2h", "9s", "2d"],
        "players": [{"id": "ann", "hole": ["Ah", "Kh"]}, {"id": "bob", "hole": ["Qs", "Qc"]},
                    {"id": "cy", "hole": ["9h", "9d"]}],
        "contributions": {"ann": 100, "bob": 100, "cy": 40}}
    folded = ShowdownRequest(variant="double-trouble", pot=0, options={"x": "y"}, players=[
        Player(id="ann", folded=True, hands=[PlayerHand(hole=["As"], discarded=True)])],
        pots=[Pot(amount=5, eligible=["ann"])])
    assert folded.to_json() == {"variant": "double-trouble", "options": {"x": "y"}, "pot": 0,
                                "pots": [{"amount": 5, "eligible": ["ann"]}],
                                "players": [{"id": "ann", "folded": True,
                                             "hands": [{"hole": ["As"], "discarded": True}]}]}


def test_settle_answers_a_typed_result(client: ShowdownClient) -> None:
    result = client.settle(README_DEAL)
    assert result.payouts == {"ann": 120, "bob": 0, "cy": 120}
    assert result.summary.startswith("Main pot: cy wins 120 with full house")
    cy = next(p for p in result.players if p.id == "cy")
    assert cy.hands["high"].category == "full-house" and cy.hands["high"].hole == ("9h", "9d")
    assert [(pot.amount, pot.awards[0].winners) for pot in result.pots] == [(120, ("cy",)), (120, ("ann",))]
    assert result.raw["variant"] == "texas-holdem"


def test_every_catalog_example_settles_and_its_chips_add_up(client: ShowdownClient) -> None:
    catalog = client.variants()
    assert len(catalog) > 50
    for summary in catalog:
        example = client.variant(summary.id).example
        if not example:
            continue
        try:
            result = client.settle(example)
        except ProblemError as problem:  # a variant that is not a showdown says so in a problem
            assert problem.status == 422, (summary.id, problem)
            continue
        money = example.get("pot")
        if money is None:
            money = sum(p["amount"] for p in example["pots"]) if "pots" in example else sum(
                example["contributions"].values())
        assert sum(result.payouts.values()) + sum(pot.carried_over for pot in result.pots) == money, summary.id


def test_a_refusal_is_a_problem_error_with_every_pointer(client: ShowdownClient) -> None:
    bad = {"variant": "texas-holdem", "board": ["Kd", "7c", "2h", "9s", "Kd"],
           "players": [{"id": "ann", "hole": ["Ah", "Kh", "Qc"]}], "pot": 1}
    with pytest.raises(ProblemError) as caught:
        client.settle(bad)
    problem = caught.value
    assert (problem.status, problem.slug) == (422, "invalid-showdown")
    assert problem.title and problem.detail and problem.request_id
    assert set(problem.pointers) >= {("/board/4", "duplicate card Kd (also at /board/0)", "duplicate-card")}
    assert {pointer for pointer, _, _ in problem.pointers} == {"/players", "/players/0/hole", "/board/4"}
    with pytest.raises(ProblemError) as unknown:
        client.variant("no such game")
    assert (unknown.value.status, unknown.value.slug, unknown.value.errors) == (404, "unknown-variant", ())


def test_evaluate_answers_the_best_hand_and_every_combination(client: ShowdownClient) -> None:
    evaluation = client.evaluate(EvaluateRequest(variant="omaha", hole=["Ah", "Kh", "Qd", "Jc"],
                                                 board=["Th", "7h", "2h", "9s", "3c"], list_combinations=True))
    assert evaluation.hands["high"].category == "flush" and evaluation.hands["high"].hole == ("Ah", "Kh")
    assert evaluation.combinations is not None and len(evaluation.combinations["high"]) == 60
    assert evaluation.combinations["high"][0].strength == evaluation.hands["high"].strength


def test_variants_and_a_variant_document(client: ShowdownClient) -> None:
    found = {v.id for v in client.variants() if v.matches("IRON")}
    assert "iron-cross" in found and "texas-holdem" not in found
    document = client.variant("church")  # an alias
    assert (document.id, document.name) == ("iron-cross", "Iron Cross")
    assert document.example["variant"] == "iron-cross" and document.raw["board"]["kind"] == "layout"
    wild = client.variant("iron-cross-wild")
    assert [(o.name, o.values) for o in wild.options] == [("center_wild", ("card", "rank"))]


def test_pictures_and_batches(client: ShowdownClient) -> None:
    assert client.render(README_DEAL).startswith(b"\x89PNG\r\n\x1a\n")
    assert b"<svg" in client.render(README_DEAL, "svg")
    assert b"<svg" in client.layout_svg("iron-cross")
    items = client.settle_batch([README_DEAL, {"variant": "nope", "players": [], "pot": 1}])
    assert [(item.index, item.status) for item in items] == [(0, 200), (1, 422)]
    assert items[0].result is not None and items[0].result.payouts["cy"] == 120
    assert items[1].problem is not None and items[1].result is None
    assert client.ready()


# --- Against a scripted loopback server -----------------------------------------------------------------------


class _Scripted(BaseHTTPRequestHandler):
    """Answers each request with the next scripted (status, headers, body); records the paths asked."""

    script: ClassVar[list[tuple[int, dict[str, str], bytes]]] = []
    asked: ClassVar[list[str]] = []
    delay: ClassVar[threading.Event | None] = None

    def _answer(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        type(self).asked.append(self.path)
        if type(self).delay is not None:
            type(self).delay.wait(10)  # held until the test ends (the client has timed out by then)
        status, headers, body = type(self).script.pop(0) if type(self).script else (500, {}, b"")
        self.send_response(status)
        for name, value in {"Content-Length": str(len(body)), **headers}.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = _answer

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def scripted() -> Iterator[tuple[str, type[_Scripted]]]:
    class Handler(_Scripted):
        script: ClassVar[list[tuple[int, dict[str, str], bytes]]] = []
        asked: ClassVar[list[str]] = []
        delay: ClassVar[threading.Event | None] = None
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}", Handler
    finally:
        if Handler.delay is not None:
            Handler.delay.set()
        httpd.shutdown()
        httpd.server_close()
        thread.join(10)


_NOT_READY = (503, {"Content-Type": "application/problem+json", "Retry-After": "2"},
              b'{"type": "https://showdown.example/problems/not-ready", "title": "Not ready", "status": 503, '
              b'"detail": "loading"}')
_CATALOG = (200, {"Content-Type": "application/json"},
            b'{"variants": [{"id": "texas-holdem", "name": "Texas Hold\'em", "aliases": [], "tags": [], '
            b'"description": "d"}]}')


@pytest.fixture
def sleeps(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The waits urllib3's retries asked for (none is actually waited)."""
    asked: list[float] = []
    monkeypatch.setattr("urllib3.util.retry.time.sleep", asked.append)
    return asked


def test_a_503_is_retried_after_its_retry_after(scripted: tuple[str, type[_Scripted]], sleeps: list[float]) -> None:
    url, handler = scripted
    handler.script.extend([_NOT_READY, _NOT_READY, _CATALOG])
    with ShowdownClient(url) as client:
        assert [v.id for v in client.variants()] == ["texas-holdem"]
    assert handler.asked == ["/v1/variants"] * 3
    assert sleeps == [2, 2]


def test_retries_are_bounded_in_count_and_wait(scripted: tuple[str, type[_Scripted]], sleeps: list[float]) -> None:
    url, handler = scripted
    long_wait = (503, {**_NOT_READY[1], "Retry-After": "86400"}, _NOT_READY[2])
    handler.script.extend([long_wait] * 5)
    with ShowdownClient(url, retries=2, max_retry_after=7) as client, pytest.raises(ProblemError) as caught:
        client.settle(README_DEAL)
    assert (caught.value.status, caught.value.slug) == (503, "not-ready")
    assert handler.asked == ["/v1/showdowns"] * 3
    assert sleeps == [7, 7]


def test_other_errors_are_not_retried(scripted: tuple[str, type[_Scripted]], sleeps: list[float]) -> None:
    url, handler = scripted
    handler.script.append((502, {"Content-Type": "text/html"}, b"<html>bad gateway</html>"))
    with ShowdownClient(url) as client, pytest.raises(ProblemError) as caught:
        client.variants()
    assert (caught.value.status, caught.value.type, caught.value.detail) == (502, "about:blank",
                                                                             "<html>bad gateway</html>")
    assert handler.asked == ["/v1/variants"] and sleeps == []


def test_an_answer_later_than_the_timeout_is_a_transport_error(scripted: tuple[str, type[_Scripted]]) -> None:
    url, handler = scripted
    handler.delay = threading.Event()
    with ShowdownClient(url, timeout=(3.05, 0.2), retries=0) as client, pytest.raises(TransportError,
                                                                                       match="timed out"):
        client.variants()


def test_no_server_is_a_transport_error() -> None:
    with ShowdownClient(f"http://127.0.0.1:{free_port()}") as client, pytest.raises(TransportError,
                                                                                     match="/v1/variants"):
        client.variants()


def test_the_server_comes_from_the_argument_then_showdown_url(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHOWDOWN_URL", "http://127.0.0.1:9/")
    assert ShowdownClient().base_url == "http://127.0.0.1:9"
    assert ShowdownClient("http://[::1]:8001").base_url == "http://[::1]:8001"
    monkeypatch.delenv("SHOWDOWN_URL")
    assert ShowdownClient().base_url == "http://127.0.0.1:8000"
