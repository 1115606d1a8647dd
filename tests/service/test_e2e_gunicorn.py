"""End to end: the real server (gunicorn with ``service/gunicorn_conf.py``, two workers) answers over HTTP."""

from __future__ import annotations

import pytest
import requests

from tests.live_server import ROOT, Endpoint
from tests.service.conftest import holdem

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def server(live_server: Endpoint) -> str:
    assert (ROOT / "service" / "gunicorn_conf.py").is_file(), "service/gunicorn_conf.py is missing"
    return live_server.base


def test_server_adjudicates_a_showdown(server: str) -> None:
    response = requests.post(f"{server}/v1/showdowns", json=holdem(), headers={"X-Request-ID": "e2e-1"},
                             timeout=10)
    assert response.status_code == 200
    assert response.headers["X-Request-ID"] == "e2e-1"
    assert response.json()["payouts"] == {"ann": 300, "bob": 0, "cy": 0}


def test_server_answers_problems(server: str) -> None:
    response = requests.post(f"{server}/v1/showdowns", json=holdem(variant="nope"), timeout=10)
    assert response.status_code == 422
    assert response.headers["Content-Type"].startswith("application/problem+json")
    assert response.json()["errors"][0]["pointer"] == "/variant"
    too_big = requests.post(f"{server}/v1/showdowns", data=b"{" + b" " * 300_000 + b"}",
                            headers={"Content-Type": "application/json"}, timeout=10)
    assert too_big.status_code == 413


def test_server_serves_the_contract_and_its_page(server: str) -> None:
    document = requests.get(f"{server}/openapi.json", timeout=10)
    assert document.status_code == 200 and document.json()["openapi"] == "3.1.0"
    page = requests.get(f"{server}/docs", timeout=10)
    assert page.status_code == 200 and "/v1/showdowns" in page.text
    assert requests.get(f"{server}/readyz", timeout=10).json() == {"status": "ready"}
