"""``X-Request-ID``: the client's, if sane (at most 128 characters of ``A-Z a-z 0-9 . _ -``), otherwise a
uuid4; echoed on every answer, errors included."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from tests.service.conftest import holdem

UUID_HEX = re.compile(r"[0-9a-f]{32}")


@pytest.mark.parametrize(("method", "path", "body"), [
    ("POST", "/v1/showdowns", holdem()),
    ("POST", "/v1/showdowns", {"variant": "nope"}),
    ("GET", "/v1/variants/nope", None),
    ("GET", "/nowhere", None),
    ("PATCH", "/livez", None),
    ("GET", "/docs", None),
    ("GET", "/openapi.json", None),
])
def test_request_id_is_echoed(client: FlaskClient, method: str, path: str, body: object) -> None:
    response = client.open(path, method=method, json=body, headers={"X-Request-ID": "abc-123_x.Y"})
    assert response.headers["X-Request-ID"] == "abc-123_x.Y"


def test_request_id_is_generated_when_absent(client: FlaskClient) -> None:
    first = client.get("/livez").headers["X-Request-ID"]
    second = client.get("/livez").headers["X-Request-ID"]
    assert UUID_HEX.fullmatch(first) and UUID_HEX.fullmatch(second) and first != second


@pytest.mark.parametrize("insane", ["x" * 129, "has space", "semi;colon", "émoji", ""])
def test_insane_request_id_is_replaced(client: FlaskClient, insane: str) -> None:
    response = client.get("/livez", headers={"X-Request-ID": insane})
    assert UUID_HEX.fullmatch(response.headers["X-Request-ID"])


def test_request_id_of_128_characters_is_kept(client: FlaskClient) -> None:
    assert client.get("/livez", headers={"X-Request-ID": "a" * 128}).headers["X-Request-ID"] == "a" * 128
