"""The access log: one JSON document per answer, on its own stdout line, with the request id, method, path, route
template, status, duration and the variant the request names; client text is escaped by the JSON encoder."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask.testing import FlaskClient

from evaluator import describe_variant, variant_named
from tests.service.conftest import holdem

EVALUATE = {"variant": "omaha", "hole": ["Ah", "Kh", "Qd", "Jc"], "board": ["2c", "7d", "9h", "Ts", "3s"]}


def _lines(capsys: pytest.CaptureFixture[str]) -> list[dict[str, Any]]:
    out = capsys.readouterr().out
    records = [json.loads(line) for line in out.splitlines()]  # every line is a whole JSON document
    assert all(isinstance(record, dict) for record in records)
    return records


def test_each_answer_is_one_json_line_with_id_method_path_route_status_and_duration(
        client: FlaskClient, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    client.post("/v1/showdowns", json=holdem(), headers={"X-Request-ID": "log-1"})
    [record] = _lines(capsys)
    assert {key: record[key] for key in ("request_id", "method", "path", "route", "status", "variant")} == {
        "request_id": "log-1", "method": "POST", "path": "/v1/showdowns", "route": "/v1/showdowns",
        "status": 200, "variant": "texas-holdem"}
    assert isinstance(record["duration_ms"], float) and record["duration_ms"] >= 0
    assert record["time"].endswith("Z")


def test_the_logged_request_id_is_the_one_answered(client: FlaskClient, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    response = client.get("/livez", headers={"X-Request-ID": "not sane!"})
    [record] = _lines(capsys)
    assert record["request_id"] == response.headers["X-Request-ID"] != "not sane!"


def test_a_variant_is_logged_by_its_catalog_id_or_as_rules(client: FlaskClient,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    document = describe_variant(variant_named("texas-holdem"))
    example = document.pop("example")
    capsys.readouterr()
    client.post("/v1/showdowns", json=holdem(variant="HOLDEM"))
    client.post("/v1/showdowns", json={**{k: v for k, v in example.items() if k != "variant"}, "rules": document})
    client.post("/v1/hands/evaluate", json=EVALUATE)
    client.get("/v1/variants/Iron-Cross")
    client.post("/v1/showdowns/batch", json={"showdowns": [holdem(), holdem(variant="omaha")]})
    client.get("/v1/variants")
    logged = [(record["status"], record.get("variant"), record.get("variants")) for record in _lines(capsys)]
    assert logged == [(200, "texas-holdem", None), (200, "rules", None), (200, "omaha", None),
                      (200, "Iron-Cross", None), (200, None, ["texas-holdem", "omaha"]), (200, None, None)]


def test_client_text_is_escaped_so_each_line_stays_one_json_document(
        client: FlaskClient, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    client.get('/v1/variants/a"b\\c%0A{"status": 200}\u00e9')
    client.get("/no/such/route%0D%0Ax")
    first, second = _lines(capsys)
    assert first["path"] == '/v1/variants/a"b\\c\n{"status": 200}\u00e9' and first["status"] == 404
    assert first["variant"] == 'a"b\\c\n{"status": 200}\u00e9'
    assert second["path"] == "/no/such/route\r\nx" and second["route"] == "<unmatched>"
