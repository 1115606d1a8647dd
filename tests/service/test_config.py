"""Settings come from ``service.config.Config``, with environment overrides read at start-up."""

from __future__ import annotations

import pytest
from flask import Flask

from service.config import DEFAULT_MAX_BODY_BYTES
from tests.service.conftest import fresh_config


def test_api_settings(app: Flask) -> None:
    assert app.config["API_TITLE"] == "Showdown"
    assert app.config["API_VERSION"] == "1.0.0"
    assert app.config["OPENAPI_VERSION"] == "3.1.0"
    assert app.config["MAX_CONTENT_LENGTH"] == DEFAULT_MAX_BODY_BYTES == 256 * 1024


def test_body_limit_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    assert fresh_config(monkeypatch, SHOWDOWN_MAX_BODY_BYTES="1000").Config.MAX_CONTENT_LENGTH == 1000


def test_malformed_environment_value_stops_start_up_naming_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ValueError, match="SHOWDOWN_MAX_BODY_BYTES must be an integer"):
        fresh_config(monkeypatch, SHOWDOWN_MAX_BODY_BYTES="lots")
    monkeypatch.delenv("SHOWDOWN_MAX_BODY_BYTES")
    with pytest.raises(ValueError, match="SHOWDOWN_PROBLEM_BASE_URI must end with '/'"):
        fresh_config(monkeypatch, SHOWDOWN_PROBLEM_BASE_URI="https://x.example/p")
