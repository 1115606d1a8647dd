"""Bodies (issue 10, item 5): how a body may be framed and coded, and how much of a bad value comes back."""

from __future__ import annotations

import io
import json

import pytest
from flask.testing import FlaskClient

from service.errors import MAX_DETAIL_CHARS, bounded
from tests.service.conftest import holdem, one_app_per_module, problem

app = one_app_per_module()


def test_a_gzip_coded_body_is_415_naming_identity_as_acceptable(client: FlaskClient) -> None:
    response = client.post("/v1/showdowns", data=b"\x1f\x8b\x08\x00", content_type="application/json",
                           headers={"Content-Encoding": "gzip"})
    body = problem(response, 415)
    assert body["type"].endswith("/unsupported-content-encoding")
    assert response.headers["Accept-Encoding"] == "identity"


def test_an_identity_content_coding_is_read_as_usual(client: FlaskClient) -> None:
    response = client.post("/v1/showdowns", json=holdem(), headers={"Content-Encoding": "identity"})
    assert response.status_code == 200


def test_a_transfer_coding_other_than_chunked_is_501(client: FlaskClient) -> None:
    response = client.post("/v1/showdowns", json=holdem(), headers={"Transfer-Encoding": "gzip, chunked"})
    assert problem(response, 501)["type"].endswith("/not-implemented")


class _Broken(io.RawIOBase):
    """A body stream as gunicorn's is on a malformed chunk size: reading raises its own exception."""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray) -> int:  # type: ignore[override]
        raise RuntimeError("Invalid chunk size: 'zz'")


def test_a_body_whose_reading_fails_is_400_unreadable_not_500(client: FlaskClient) -> None:
    response = client.post("/v1/showdowns", content_type="application/json",
                           environ_overrides={"wsgi.input": _Broken(), "wsgi.input_terminated": True})
    assert problem(response, 400)["type"].endswith("/unreadable-body")


class _Stalled(io.RawIOBase):
    """A body stream whose client went silent: the socket's idle timeout (service/worker.py) fires."""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray) -> int:  # type: ignore[override]
        raise TimeoutError("timed out")


def test_a_body_that_stops_arriving_is_400_unreadable(client: FlaskClient) -> None:
    response = client.post("/v1/showdowns", content_type="application/json",
                           environ_overrides={"wsgi.input": _Stalled(), "CONTENT_LENGTH": "100"})
    assert problem(response, 400)["type"].endswith("/unreadable-body")


def test_a_streamed_body_over_the_limit_is_413_not_cut(client: FlaskClient) -> None:
    data = json.dumps({**holdem(), "pad": "x" * 300_000}).encode()
    response = client.post("/v1/showdowns", content_type="application/json",
                           environ_overrides={"wsgi.input": io.BytesIO(data), "wsgi.input_terminated": True,
                                              "CONTENT_LENGTH": ""})
    assert problem(response, 413)["type"].endswith("/body-too-large")


def test_a_streamed_body_within_the_limit_is_read_whole(client: FlaskClient) -> None:
    data = json.dumps(holdem()).encode()
    response = client.post("/v1/showdowns", content_type="application/json",
                           environ_overrides={"wsgi.input": io.BytesIO(data), "wsgi.input_terminated": True,
                                              "CONTENT_LENGTH": ""})
    assert response.status_code == 200


# --- Bounded echoes -------------------------------------------------------------------------------------------


def test_a_huge_bad_value_is_echoed_as_a_short_prefix(client: FlaskClient) -> None:
    value = "Z" * 250_000
    response = client.post("/v1/showdowns", json=holdem(board=[value, "Kd", "Ks", "7h", "2c"]))
    body = problem(response, 422)
    assert len(response.data) < 3000  # it was 500 KB: the value twice
    [error] = [e for e in body["errors"] if e["pointer"] == "/board/0"]
    assert "'" + "Z" * 99 + "…" in error["detail"] and "Z" * 100 not in error["detail"]
    assert "250002 characters" in error["detail"]  # the quoted value's length, so the client knows
    assert "is not a card" in error["detail"]  # the explanation after the value survives


def test_a_huge_bad_value_with_spaces_is_cut_to_the_detail_limit(client: FlaskClient) -> None:
    spaced = "ab " * 80_000
    response = client.post("/v1/showdowns", json=holdem(variant=spaced))
    body = problem(response, 422)
    assert len(response.data) < 4 * MAX_DETAIL_CHARS
    assert all(len(e["detail"]) <= MAX_DETAIL_CHARS + 1 for e in body["errors"])


def test_a_huge_unknown_field_name_gives_a_bounded_pointer(client: FlaskClient) -> None:
    response = client.post("/v1/showdowns", json={**holdem(), "k" * 200_000: 1})
    body = problem(response, 422)
    assert len(response.data) < 4 * MAX_DETAIL_CHARS
    assert body["errors"][0]["pointer"].startswith("/kkkk")


@pytest.mark.parametrize("text", ["", "short", "a pointer /players/1/hole/0 stays whole", "x" * 100])
def test_bounded_keeps_ordinary_text_unchanged(text: str) -> None:
    assert bounded(text) == text


def test_bounded_cuts_one_long_word_and_keeps_the_rest() -> None:
    assert bounded("'" + "q" * 500 + "' is bad") == "'" + "q" * 99 + "…[502 characters] is bad"
