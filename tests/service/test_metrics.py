"""Prometheus metrics in one process (no ``PROMETHEUS_MULTIPROC_DIR``): answers and latency by route template and
status, showdowns and hand evaluations by variant id, refusals by kind of limit, served at ``GET /metrics``."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flask.testing import FlaskClient
from prometheus_client import REGISTRY
from prometheus_client.parser import text_string_to_metric_families

import service.budget
from evaluator import MAX_PLAYERS, describe_variant, variant_named
from service.metrics import refusal_kinds, route_label
from tests.service.conftest import holdem

EVALUATE = {"variant": "omaha", "hole": ["Ah", "Kh", "Qd", "Jc"], "board": ["2c", "7d", "9h", "Ts", "3s"]}

Sample = Callable[..., float]


@pytest.fixture
def delta() -> Callable[[str], Sample]:
    """``delta(name)(**labels)``: how much a sample grew since the fixture was made."""
    before: dict[tuple[str, tuple[tuple[str, str], ...]], float] = {}
    for family in REGISTRY.collect():
        for sample in family.samples:
            before[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value

    def of(name: str) -> Sample:
        def value(**labels: str) -> float:
            now = REGISTRY.get_sample_value(name, labels) or 0.0
            return now - before.get((name, tuple(sorted(labels.items()))), 0.0)
        return value
    return of


def test_answers_are_counted_by_route_template_never_by_raw_path(client: FlaskClient,
                                                                 delta: Callable[[str], Sample]) -> None:
    requests = delta("showdown_http_requests_total")
    for name in ("iron-cross", "omaha", "no-such-game"):
        client.get(f"/v1/variants/{name}")
    client.get("/a/path/nobody/routes")
    assert requests(method="GET", route="/v1/variants/{variant_id}", status="200") == 2
    assert requests(method="GET", route="/v1/variants/{variant_id}", status="404") == 1
    assert requests(method="GET", route="<unmatched>", status="404") == 1
    routes = {sample.labels["route"] for family in REGISTRY.collect() for sample in family.samples
              if sample.name.startswith("showdown_http_")}
    assert not [route for route in routes if "iron-cross" in route or "nobody" in route or "no-such-game" in route]


def test_latency_is_a_histogram_by_route_and_status(client: FlaskClient, delta: Callable[[str], Sample]) -> None:
    count = delta("showdown_http_request_duration_seconds_count")
    slowest = delta("showdown_http_request_duration_seconds_bucket")
    client.post("/v1/showdowns", json=holdem())
    assert count(method="POST", route="/v1/showdowns", status="200") == 1
    assert slowest(method="POST", route="/v1/showdowns", status="200", le="+Inf") == 1


def test_a_method_outside_http_is_counted_as_other(client: FlaskClient, delta: Callable[[str], Sample]) -> None:
    requests = delta("showdown_http_requests_total")
    client.open("/v1/showdowns", method="BREW")
    assert requests(method="other", route="<unmatched>", status="405") == 1  # no route has BREW


def test_showdowns_are_counted_by_catalog_id_or_as_rules(client: FlaskClient,
                                                         delta: Callable[[str], Sample]) -> None:
    showdowns = delta("showdown_showdowns_total")
    evaluations = delta("showdown_hand_evaluations_total")
    document = describe_variant(variant_named("texas-holdem"))
    example = document.pop("example")
    client.post("/v1/showdowns", json=holdem(variant="nlhe"))
    client.post("/v1/showdowns/batch", json={"showdowns": [holdem(), holdem(variant="omaha"), {"variant": 7}]})
    client.post("/v1/showdowns/render", json=holdem())
    client.post("/v1/showdowns", json={**{k: v for k, v in example.items() if k != "variant"}, "rules": document})
    client.post("/v1/showdowns", json=holdem(variant="no-such-game"))
    client.post("/v1/hands/evaluate", json=EVALUATE)
    assert showdowns(variant="texas-holdem") == 3
    assert showdowns(variant="omaha") == 1
    assert showdowns(variant="rules") == 1
    assert showdowns(variant="nlhe") == showdowns(variant="no-such-game") == 0
    assert evaluations(variant="omaha") == 1


def test_refusals_are_counted_by_kind_of_limit(client: FlaskClient, delta: Callable[[str], Sample],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    refusals = delta("showdown_refusals_total")
    client.post("/v1/showdowns", json=holdem(players=[{"id": f"p{i}", "hole": []} for i in range(MAX_PLAYERS + 1)]))
    client.post("/v1/showdowns", data=b"{" + b" " * 300_000 + b"}", content_type="application/json")
    client.post("/v1/showdowns", json=holdem(variant="no-such-game"))  # a 422, but no limit
    monkeypatch.setattr(service.budget, "MAX_WORK_PER_REQUEST", 50)
    client.post("/v1/showdowns", json=holdem())
    assert refusals(kind="players") == refusals(kind="body-bytes") == refusals(kind="combinations") == 1
    assert sum(refusals(kind=kind) for kind in ("other", "rules", "variant")) == 0


def test_refusal_kinds_are_bounded_whatever_the_pointer() -> None:
    over = [{"pointer": "/options", "code": "over-limit"}, {"pointer": "/rules/board/positions", "code": "over-limit"},
            {"pointer": "/contributions/some-client-text", "code": "over-limit"},
            {"pointer": "/showdowns", "code": "over-limit"}, {"pointer": "/players/3/hole", "code": "over-limit"},
            {"pointer": "/players/0/hole/9", "code": "duplicate-card"}]
    assert refusal_kinds(422, over) == {"options", "rules", "other", "showdowns", "hole"}
    assert refusal_kinds(413, []) == {"body-bytes"}
    assert refusal_kinds(422, [{"pointer": "", "code": "over-limit"}]) == {"combinations"}


def test_route_templates_are_written_as_in_openapi() -> None:
    assert route_label("/v1/variants/<variant_id>/layout.svg") == "/v1/variants/{variant_id}/layout.svg"
    assert route_label("/files/<path:name>") == "/files/{name}"
    assert route_label(None) == "<unmatched>"


def test_metrics_are_served_in_the_prometheus_text_format(client: FlaskClient) -> None:
    client.post("/v1/showdowns", json=holdem())
    response = client.get("/metrics")
    assert response.status_code == 200
    assert response.headers["Content-Type"].startswith("text/plain; version=")
    names = {family.name for family in text_string_to_metric_families(response.get_data(as_text=True))}
    assert {"showdown_http_requests", "showdown_http_request_duration_seconds", "showdown_showdowns"} <= names


def test_metrics_are_not_part_of_the_public_contract(client: FlaskClient) -> None:
    assert "/metrics" not in client.get("/openapi.json").get_json()["paths"]
