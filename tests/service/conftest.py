"""Fixtures of the HTTP tests: ``app`` (a fresh app per test, or one per module with :func:`one_app_per_module`)
-> ``client``; and helpers to read answers."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Iterator
from functools import cache, partial
from types import ModuleType
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from service import create_app
from service.config import Config


class TestConfig(Config):
    TESTING = True


@pytest.fixture
def app() -> Iterator[Flask]:
    yield create_app(TestConfig)


def one_app_per_module() -> Any:
    """An ``app`` fixture for a module whose tests only send requests (none changes the app or its configuration):
    one app for all of them, and still a fresh ``client`` per test. In the module: ``app = one_app_per_module()``.
    (Building an app is most of the work of a test that sends one request.)"""
    @pytest.fixture(scope="module", name="app")
    def shared_app() -> Flask:
        return create_app(TestConfig)
    return shared_app


def lazy_app() -> Callable[[], Flask]:
    """One app for a module, built on first use, for tests that cannot take the ``app`` fixture (hypothesis tests,
    helpers called at collection): in the module, ``_app = lazy_app()``, then ``_app()``."""
    return cache(partial(create_app, TestConfig))


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def problem(response: TestResponse, status: int) -> dict[str, Any]:
    """The problem document of an answer that must have this status."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == "application/problem+json"
    body: dict[str, Any] = response.get_json(force=True)
    assert body["status"] == status
    assert body["type"].startswith("https://showdown.example/problems/")
    assert body["title"] and body["detail"]
    return body


def pointers(body: dict[str, Any]) -> dict[str, str]:
    """pointer -> detail of a problem's errors (the last one when several share a pointer)."""
    return {e["pointer"]: e["detail"] for e in body["errors"]}


def codes(body: dict[str, Any]) -> dict[str, str]:
    return {e["pointer"]: e["code"] for e in body["errors"]}


def holdem(**overrides: Any) -> dict[str, Any]:
    """A valid Texas Hold'em request: ann has aces full, bob two pair, cy a pair."""
    body: dict[str, Any] = {
        "variant": "texas-holdem",
        "board": ["Ac", "Kd", "Ks", "7h", "2c"],
        "players": [
            {"id": "ann", "hole": ["Ah", "Ad"]},
            {"id": "bob", "hole": ["Qs", "Qd"]},
            {"id": "cy", "hole": ["9c", "8c"]},
        ],
        "pot": 300,
    }
    body.update(overrides)
    return body


def fresh_config(monkeypatch: pytest.MonkeyPatch, **env: str) -> ModuleType:
    """``service/config.py`` as the server would read it at start-up with ``env`` set: a fresh copy of the module
    (stdlib only), loaded under another name so the running suite's settings stay as they are. A malformed value
    raises what start-up raises."""
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    import service.config

    spec = importlib.util.spec_from_file_location("_fresh_service_config", service.config.__file__)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
