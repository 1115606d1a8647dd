"""The contract is generated and committed: ``openapi.yaml`` is what ``python -m service.openapi_export``
writes, ``GET /openapi.json`` serves the same document, and it documents the limits, the problem answers and
examples."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from flask import Flask
from flask.testing import FlaskClient
from openapi_spec_validator import validate

from evaluator import MAX_BATCH, MAX_COMBINATIONS_PER_REQUEST, MAX_PLAYERS, example_request, variant_named
from service import create_app
from service.openapi_export import main, openapi_yaml

ROOT = Path(__file__).resolve().parents[2]
COMMITTED = ROOT / "openapi.yaml"
PROBLEM_STATUSES = {"400", "404", "405", "413", "415", "422", "500"}


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(COMMITTED.read_text(encoding="utf-8"))
    return loaded


def _operations(document: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [(path, method, op) for path, item in document["paths"].items() for method, op in item.items()
            if method in ("get", "post")]


def test_openapi_yaml_has_not_drifted(document: dict[str, Any]) -> None:
    regenerated = openapi_yaml(create_app())
    assert regenerated == COMMITTED.read_text(encoding="utf-8"), (
        "openapi.yaml is stale: run `python -m service.openapi_export openapi.yaml` (make openapi)")
    validate(document)
    assert document["openapi"] == "3.1.0"
    assert document["info"]["title"] == "Showdown" and document["info"]["version"] == "1.0.0"


def test_export_command_writes_the_document(tmp_path: Path) -> None:
    assert main([str(tmp_path / "out.yaml")]) == 0
    assert (tmp_path / "out.yaml").read_text(encoding="utf-8") == COMMITTED.read_text(encoding="utf-8")
    assert main([]) == 2


def test_openapi_json_serves_the_same_document(client: FlaskClient, document: dict[str, Any]) -> None:
    response = client.get("/openapi.json")
    assert response.status_code == 200 and response.mimetype == "application/json"
    assert response.get_json() == document


def test_every_endpoint_of_the_contract_is_documented(document: dict[str, Any]) -> None:
    assert {(path, method) for path, method, _ in _operations(document)} == {
        ("/v1/showdowns", "post"), ("/v1/showdowns/batch", "post"), ("/v1/showdowns/render", "post"),
        ("/v1/variants/{variant_id}/layout.svg", "get"), ("/v1/hands/evaluate", "post"),
        ("/v1/variants", "get"), ("/v1/variants/{variant_id}", "get"), ("/livez", "get"), ("/readyz", "get"),
        ("/v1/equities", "post"), ("/v1/equities/render", "post"), ("/v1/hand-histories/settle", "post")}


def test_every_operation_documents_its_problem_answers(document: dict[str, Any]) -> None:
    for path, method, op in _operations(document):
        assert set(op["responses"]) >= PROBLEM_STATUSES, (path, method)
        for status in PROBLEM_STATUSES:
            name = op["responses"][status]["$ref"].rsplit("/", 1)[-1]
            content = document["components"]["responses"][name]["content"]
            assert list(content) == ["application/problem+json"], (path, method, status)
        assert "X-Request-ID" in op["responses"]["200"]["headers"]
    assert "Allow" in document["components"]["responses"]["MethodNotAllowed"]["headers"]


def test_limits_are_documented(app: Flask, document: dict[str, Any]) -> None:
    schemas = document["components"]["schemas"]
    assert schemas["ShowdownRequest"]["properties"]["players"]["maxItems"] == MAX_PLAYERS
    assert schemas["BatchRequest"]["properties"]["showdowns"]["maxItems"] == MAX_BATCH
    assert str(MAX_COMBINATIONS_PER_REQUEST) in schemas["ShowdownRequest"]["description"]
    assert document["info"]["x-limits"] == {"max_players": MAX_PLAYERS, "max_batch": MAX_BATCH,
                                            "max_combinations_per_request": MAX_COMBINATIONS_PER_REQUEST,
                                            "max_body_bytes": app.config["MAX_CONTENT_LENGTH"]}


def test_request_example_is_the_catalog_example(document: dict[str, Any]) -> None:
    body = document["paths"]["/v1/showdowns"]["post"]["requestBody"]["content"]["application/json"]
    assert body["example"] == example_request(variant_named("texas-holdem"))


def test_response_example_is_what_the_service_answers(client: FlaskClient, document: dict[str, Any]) -> None:
    operation = document["paths"]["/v1/showdowns"]["post"]
    request = operation["requestBody"]["content"]["application/json"]["example"]
    example = operation["responses"]["200"]["content"]["application/json"]["example"]
    assert client.post("/v1/showdowns", json=request).get_json() == example


def test_request_schemas_are_closed_and_responses_open(document: dict[str, Any]) -> None:
    schemas = document["components"]["schemas"]
    for name in ("ShowdownRequest", "Player", "Pot", "EvaluateRequest", "BatchRequest"):
        assert schemas[name]["additionalProperties"] is False, name
    for name in ("ShowdownResponse", "Hand", "Problem", "Variant"):
        assert "additionalProperties" not in schemas[name], name


def test_rules_document_their_shape_and_limits(document: dict[str, Any]) -> None:
    text = document["components"]["schemas"]["ShowdownRequest"]["properties"]["rules"]["description"]
    assert "GET /v1/variants/{id}" in text and "Limits" in text
