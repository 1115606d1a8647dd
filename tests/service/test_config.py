"""Settings come from ``service.config.Config``, with environment overrides read at start-up."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from flask import Flask

from service.config import DEFAULT_MAX_BODY_BYTES

ROOT = Path(__file__).resolve().parents[2]


def _config_value(name: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", f"from service.config import Config; print(Config.{name})"],
                          cwd=ROOT, env={**os.environ, **env}, capture_output=True, text=True, check=False)


def test_api_settings(app: Flask) -> None:
    assert app.config["API_TITLE"] == "Showdown"
    assert app.config["API_VERSION"] == "1.0.0"
    assert app.config["OPENAPI_VERSION"] == "3.1.0"
    assert app.config["MAX_CONTENT_LENGTH"] == DEFAULT_MAX_BODY_BYTES == 256 * 1024


def test_body_limit_comes_from_the_environment() -> None:
    assert _config_value("MAX_CONTENT_LENGTH", SHOWDOWN_MAX_BODY_BYTES="1000").stdout.strip() == "1000"


def test_malformed_environment_value_stops_start_up_naming_the_variable() -> None:
    result = _config_value("MAX_CONTENT_LENGTH", SHOWDOWN_MAX_BODY_BYTES="lots")
    assert result.returncode != 0 and "SHOWDOWN_MAX_BODY_BYTES must be an integer" in result.stderr
    result = _config_value("SHOWDOWN_PROBLEM_BASE_URI", SHOWDOWN_PROBLEM_BASE_URI="https://x.example/p")
    assert result.returncode != 0 and "SHOWDOWN_PROBLEM_BASE_URI must end with '/'" in result.stderr
