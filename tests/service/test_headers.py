"""Headers of every answer (issue 10, items 4 to 6): security headers, the CSP of pictures and of ``/docs``,
``Cache-Control`` by resource, CORS off by default and answered for the configured origins only."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from service import create_app
from service.config import cors_origins
from service.headers import DEFAULT_CSP, DOCS_CSP, SVG_CSP
from tests.service.conftest import TestConfig, fresh_config, holdem

APP_ORIGIN = "https://app.example"


class CorsConfig(TestConfig):
    SHOWDOWN_CORS_ORIGINS = (APP_ORIGIN, "http://localhost:5173")


@pytest.fixture(scope="module")
def module_client() -> FlaskClient:
    return create_app(TestConfig).test_client()


@pytest.fixture(scope="module")
def cors_client() -> FlaskClient:
    return create_app(CorsConfig).test_client()


ANSWERS = [
    ("GET", "/v1/variants", None, 200),
    ("GET", "/v1/variants/omaha", None, 200),
    ("GET", "/v1/variants/omaha/layout.svg", None, 200),
    ("POST", "/v1/showdowns", holdem(), 200),
    ("POST", "/v1/showdowns/render", holdem(), 200),
    ("GET", "/docs", None, 200),
    ("GET", "/livez", None, 200),
    ("GET", "/nowhere", None, 404),
    ("POST", "/v1/showdowns", {"variant": "nope"}, 422),
    ("DELETE", "/v1/showdowns", None, 405),
]


@pytest.mark.parametrize(("method", "path", "body", "status"), ANSWERS)
def test_every_answer_carries_the_security_headers(module_client: FlaskClient, method: str, path: str,
                                                   body: object, status: int) -> None:
    response = module_client.open(path, method=method, json=body)
    assert response.status_code == status
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "no-referrer"
    assert response.headers["Content-Security-Policy"]
    assert "Server" not in response.headers  # the app adds none; gunicorn's is renamed (service/worker.py)


@pytest.mark.parametrize("path", ["/v1/variants/omaha/layout.svg", "/v1/variants/iron-cross/layout.svg"])
def test_svg_pictures_carry_a_csp_that_runs_nothing(module_client: FlaskClient, path: str) -> None:
    response = module_client.get(path)
    assert response.mimetype == "image/svg+xml"
    assert response.headers["Content-Security-Policy"] == SVG_CSP == "default-src 'none'; style-src 'unsafe-inline'"


def test_a_rendered_showdown_svg_carries_the_svg_csp(module_client: FlaskClient) -> None:
    response = module_client.post("/v1/showdowns/render", json=holdem())
    assert response.mimetype == "image/svg+xml"
    assert response.headers["Content-Security-Policy"] == SVG_CSP


def test_json_answers_and_pngs_allow_nothing_and_no_framing(module_client: FlaskClient) -> None:
    assert module_client.get("/v1/variants").headers["Content-Security-Policy"] == DEFAULT_CSP
    png = module_client.post("/v1/showdowns/render?format=png", json=holdem())
    assert png.mimetype == "image/png" and png.headers["Content-Security-Policy"] == DEFAULT_CSP
    assert "default-src 'none'" in DEFAULT_CSP and "frame-ancestors 'none'" in DEFAULT_CSP


def test_docs_page_csp_allows_its_inline_style_and_nothing_else(module_client: FlaskClient) -> None:
    response = module_client.get("/docs")
    csp = response.headers["Content-Security-Policy"]
    assert csp == DOCS_CSP
    directives = dict(part.strip().split(" ", 1) for part in csp.split(";"))
    assert directives["default-src"] == "'none'"  # no script, image, font or fetch: the page needs none
    assert directives["style-src"] == "'unsafe-inline'"  # its one <style> element
    assert "<style>" in response.get_data(as_text=True)
    assert "script-src" not in directives


@pytest.mark.parametrize(("path", "cache"), [
    ("/v1/variants", "public, max-age=3600"),
    ("/v1/variants/omaha", "public, max-age=3600"),
    ("/v1/variants/OMAHA", "public, max-age=3600"),
    ("/v1/variants/omaha/layout.svg", "public, max-age=3600"),
    ("/openapi.json", "public, max-age=300"),
    ("/docs", "public, max-age=300"),
    ("/livez", "no-store"),
    ("/readyz", "no-store"),
    ("/v1/variants/nope", "no-store"),  # an error is never cached
    ("/v1/variants/nope/layout.svg", "no-store"),
])
def test_the_catalog_is_cacheable_and_probes_and_errors_are_not(module_client: FlaskClient, path: str,
                                                                 cache: str) -> None:
    assert module_client.get(path).headers["Cache-Control"] == cache


@pytest.mark.parametrize("path", ["/v1/showdowns", "/v1/showdowns/render", "/v1/showdowns/render?format=png"])
def test_showdowns_and_renders_are_never_stored(module_client: FlaskClient, path: str) -> None:
    response = module_client.post(path, json=holdem())
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"


def test_evaluations_and_batches_are_never_stored(module_client: FlaskClient) -> None:
    batch = module_client.post("/v1/showdowns/batch", json={"showdowns": [holdem()]})
    assert batch.status_code == 200 and batch.headers["Cache-Control"] == "no-store"
    evaluation = module_client.post("/v1/hands/evaluate", json={"variant": "texas-holdem", "hole": ["Ah", "Ad"],
                                                                "board": ["Ac", "Kd", "Ks", "7h", "2c"]})
    assert evaluation.headers["Cache-Control"] == "no-store"


# --- Odd paths ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/v1//variants", "//v1/variants", "/v1/variants/", "/v1/variants//omaha"])
def test_odd_paths_are_404_problems_without_a_redirect(module_client: FlaskClient, path: str) -> None:
    response = module_client.get(path, headers={"Host": "evil.example"})
    assert response.status_code == 404
    assert response.mimetype == "application/problem+json"
    assert "Location" not in response.headers


# --- CORS -----------------------------------------------------------------------------------------------------


def test_cors_is_off_by_default(module_client: FlaskClient) -> None:
    response = module_client.get("/v1/variants", headers={"Origin": APP_ORIGIN})
    assert response.status_code == 200
    assert not any(name.startswith("Access-Control-") for name, _ in response.headers.items())
    preflight = module_client.options("/v1/showdowns", headers={
        "Origin": APP_ORIGIN, "Access-Control-Request-Method": "POST"})
    assert "Access-Control-Allow-Origin" not in preflight.headers


def test_cors_allows_a_configured_origin_and_exposes_the_request_id(cors_client: FlaskClient) -> None:
    response = cors_client.post("/v1/showdowns", json=holdem(), headers={"Origin": APP_ORIGIN})
    assert response.status_code == 200
    assert response.headers["Access-Control-Allow-Origin"] == APP_ORIGIN
    assert "X-Request-ID" in response.headers["Access-Control-Expose-Headers"]
    assert "Access-Control-Allow-Credentials" not in response.headers
    assert "Origin" in response.headers.get("Vary", "")


def test_cors_preflight_is_answered_for_a_configured_origin(cors_client: FlaskClient) -> None:
    response = cors_client.options("/v1/showdowns", headers={
        "Origin": "http://localhost:5173", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type, x-request-id"})
    assert response.status_code == 200
    assert response.headers["Access-Control-Allow-Origin"] == "http://localhost:5173"
    assert "POST" in response.headers["Access-Control-Allow-Methods"]
    assert {h.strip().lower() for h in response.headers["Access-Control-Allow-Headers"].split(",")} >= {
        "content-type", "x-request-id"}
    assert response.headers["Access-Control-Max-Age"] == "600"


def test_cors_answers_errors_too_so_a_browser_can_read_the_problem(cors_client: FlaskClient) -> None:
    response = cors_client.post("/v1/showdowns", json={"variant": "nope"}, headers={"Origin": APP_ORIGIN})
    assert response.status_code == 422
    assert response.headers["Access-Control-Allow-Origin"] == APP_ORIGIN


def test_cors_ignores_other_origins(cors_client: FlaskClient) -> None:
    response = cors_client.get("/v1/variants", headers={"Origin": "https://evil.example"})
    assert response.status_code == 200
    assert "Access-Control-Allow-Origin" not in response.headers


def test_cors_origins_parse_a_comma_separated_list() -> None:
    assert cors_origins("") == ()
    assert cors_origins(" https://app.example , http://localhost:5173 ") == (
        "https://app.example", "http://localhost:5173")
    assert cors_origins("*") == ("*",)
    assert cors_origins("http://[::1]:8080") == ("http://[::1]:8080",)


@pytest.mark.parametrize("raw", ["app.example", "https://app.example/", "https://app.example/path",
                                 "ftp://app.example", "*, https://app.example"])
def test_cors_origins_refuse_what_is_not_an_origin(raw: str) -> None:
    with pytest.raises(ValueError, match="SHOWDOWN_CORS_ORIGINS"):
        cors_origins(raw)


def test_cors_origins_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    config = fresh_config(monkeypatch, SHOWDOWN_CORS_ORIGINS="https://a.example,https://b.example").Config
    assert config.SHOWDOWN_CORS_ORIGINS == ("https://a.example", "https://b.example")

