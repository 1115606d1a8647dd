"""Every non-2xx answer is an RFC 9457 ``application/problem+json`` document (contract, Errors): 400, 404,
405, 413, 415, 422 and 500, and the JSON pointers of 422s."""

from __future__ import annotations

import logging

import pytest
from flask import Flask
from flask.testing import FlaskClient
from marshmallow import Schema, fields, validate

import service.views.showdowns
from service import create_app
from service.errors import flatten_messages, json_pointer
from service.schemas import ShowdownRequestSchema
from tests.service.conftest import TestConfig, holdem, problem


@pytest.mark.parametrize("body", [b"{bad", b"", b"   ", b"\xff\xfe", b"NaN", b'{"pot": Infinity}',
                                  b"1" * 5000, b"[" * 100_000])
def test_body_that_is_not_json_is_400(client: FlaskClient, body: bytes) -> None:
    answer = problem(client.post("/v1/showdowns", data=body, content_type="application/json"), 400)
    assert answer["type"].endswith("/malformed-json")


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", None])
def test_body_that_is_not_application_json_is_415(client: FlaskClient, content_type: str | None) -> None:
    answer = problem(client.post("/v1/showdowns", data=b"{}", content_type=content_type), 415)
    assert answer["type"].endswith("/unsupported-media-type")


def test_json_media_type_with_parameters_is_accepted(client: FlaskClient) -> None:
    response = client.post("/v1/showdowns", data=b"{}", content_type="application/json; charset=utf-8")
    assert response.status_code == 422


def test_body_over_limit_is_413() -> None:
    class Small(TestConfig):
        MAX_CONTENT_LENGTH = 100

    client = create_app(Small).test_client()
    answer = problem(client.post("/v1/showdowns", json=holdem()), 413)
    assert answer["type"].endswith("/body-too-large") and "100 bytes" in answer["detail"]


def test_default_body_limit_is_256_kib(app: Flask, client: FlaskClient) -> None:
    assert app.config["MAX_CONTENT_LENGTH"] == 256 * 1024
    padding = " " * (256 * 1024)
    problem(client.post("/v1/showdowns", data=b"{}" + padding.encode(), content_type="application/json"), 413)


def test_unknown_route_is_404(client: FlaskClient) -> None:
    assert problem(client.get("/v2/showdowns"), 404)["type"].endswith("/not-found")


@pytest.mark.parametrize(("method", "path", "allow"), [
    ("GET", "/v1/showdowns", "OPTIONS, POST"),
    ("PUT", "/v1/showdowns/batch", "OPTIONS, POST"),
    ("DELETE", "/v1/variants/omaha", "GET, HEAD, OPTIONS"),
    ("POST", "/livez", "GET, HEAD, OPTIONS"),
])
def test_wrong_method_is_405_with_allow(client: FlaskClient, method: str, path: str, allow: str) -> None:
    response = client.open(path, method=method)
    problem(response, 405)
    assert response.headers["Allow"] == allow


def test_unexpected_error_is_500_without_traceback(client: FlaskClient, monkeypatch: pytest.MonkeyPatch,
                                                   caplog: pytest.LogCaptureFixture) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("secret internals")

    monkeypatch.setattr(service.views.showdowns, "adjudicate", broken)
    with caplog.at_level(logging.ERROR, logger="service.errors"):
        response = client.post("/v1/showdowns", json=holdem(), headers={"X-Request-ID": "trace-me"})
    answer = problem(response, 500)
    text = response.get_data(as_text=True)
    assert "secret internals" not in text and "Traceback" not in text
    assert answer["type"].endswith("/internal-error")
    assert response.headers["X-Request-ID"] == "trace-me"
    assert "trace-me" in caplog.text and "secret internals" in caplog.text  # the log has it all


def test_a_logged_error_quotes_its_message_so_client_text_cannot_forge_a_log_line(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise ValueError("bad id ann\n2026-11-25 INFO all is well")

    monkeypatch.setattr(service.views.showdowns, "adjudicate", broken)
    with caplog.at_level(logging.ERROR, logger="service.errors"):
        problem(client.post("/v1/showdowns", json=holdem()), 500)
    assert "'bad id ann\\n2026-11-25 INFO all is well'" in caplog.text
    assert not any(line.startswith("2026-11-25 INFO") for line in caplog.text.splitlines())
    assert "in broken" in caplog.text  # the traceback's frames are kept


def test_problem_type_base_is_configurable() -> None:
    class Elsewhere(TestConfig):
        SHOWDOWN_PROBLEM_BASE_URI = "https://errors.example.org/p/"

    answer = create_app(Elsewhere).test_client().get("/nowhere")
    assert answer.get_json(force=True)["type"] == "https://errors.example.org/p/not-found"


# --- JSON pointers ------------------------------------------------------------------------------------------


def test_json_pointer_escapes_tilde_then_slash() -> None:
    assert json_pointer([]) == ""
    assert json_pointer(["players", 1, "hole", 0]) == "/players/1/hole/0"
    assert json_pointer(["a/b", "m~n", "~1"]) == "/a~1b/m~0n/~01"


def test_mapping_errors_point_at_the_entry_whether_the_key_or_the_value_is_wrong() -> None:
    class Mapping(Schema):
        things = fields.Dict(keys=fields.String(validate=validate.NoneOf(["bad"])), values=fields.Integer())

    messages = Mapping().validate({"things": {"bad": 1, "value": "x", "key": 2}})
    assert [(e["pointer"], e["code"]) for e in flatten_messages(messages, Mapping())] == [
        ("/things/bad", "invalid"), ("/things/value", "type")]


def test_flattening_keeps_every_message_and_its_code() -> None:
    schema = ShowdownRequestSchema()
    body = {"variant": 1, "players": [{"id": "a", "hole": ["As", "As", "?"]}, {}], "pot": 1}
    messages = schema.validate(body)
    assert [(e["pointer"], e["code"]) for e in flatten_messages(messages, schema)] == [
        ("/variant", "type"), ("/players/0/hole/2", "bad-card"), ("/players/1/id", "required")]
