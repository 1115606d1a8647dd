"""``GET /livez`` and ``GET /readyz``: ready once the catalog and ranking tables are loaded (app creation)."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from service.readiness import warm_up
from tests.service.conftest import problem


def test_livez_is_200(client: FlaskClient) -> None:
    response = client.get("/livez")
    assert response.status_code == 200 and response.get_json() == {"status": "alive"}


def test_readyz_is_200_once_the_app_is_created(client: FlaskClient) -> None:
    response = client.get("/readyz")
    assert response.status_code == 200 and response.get_json() == {"status": "ready"}


def test_readyz_is_503_until_ready(app: Flask, client: FlaskClient) -> None:
    app.extensions["showdown"].ready = False
    assert problem(client.get("/readyz"), 503)["type"].endswith("/not-ready")
    assert client.get("/livez").status_code == 200


def test_warm_up_adjudicates_every_variant_under_every_option_value() -> None:
    from evaluator import all_variants

    expected = sum(1 + sum(len(o.values) for o in v.options) for v in all_variants() if v.not_showdown is None)
    assert warm_up() == expected


def test_head_is_answered_for_probes(client: FlaskClient) -> None:
    assert client.head("/livez").status_code == 200
