"""Settings of the Flask app, with environment overrides read when this module is imported.

Environment variables (a malformed value stops the app at start-up with a message naming the variable):

* ``SHOWDOWN_MAX_BODY_BYTES`` (default 262144, 256 KiB): the largest request body; larger ones get 413.
* ``SHOWDOWN_PROBLEM_BASE_URI`` (default ``https://showdown.example/problems/``): the prefix of every problem
  document's ``type``.
* ``SHOWDOWN_DEADLINE_SECONDS`` (default 5): how long one request may run in the engine before it is abandoned
  with a 503 problem and ``Retry-After`` (the work budget keeps accepted requests far below it; this is the
  second line of defence, well inside gunicorn's worker timeout).
"""

from __future__ import annotations

import os
from typing import Any, Final

__all__ = ["DEFAULT_MAX_BODY_BYTES", "Config", "env_int"]

DEFAULT_MAX_BODY_BYTES: Final = 256 * 1024


def env_int(name: str, default: int, *, minimum: int) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ValueError(f"{name} must be an integer, got {raw!r}") from None
    if value < minimum:
        raise ValueError(f"{name} must be >= {minimum}, got {value}")
    return value


def _env_uri(name: str, default: str) -> str:
    value = os.environ.get(name, "").strip() or default
    if not value.endswith("/"):
        raise ValueError(f"{name} must end with '/', got {value!r}")
    return value


class Config:
    """The production settings; tests subclass it."""

    # flask-smorest: the OpenAPI document, served at /openapi.json.
    API_TITLE: str = "Showdown"
    API_VERSION: str = "1.0.0"
    OPENAPI_VERSION: str = "3.1.0"
    OPENAPI_URL_PREFIX: str = "/"
    OPENAPI_JSON_PATH: str = "openapi.json"
    #: Merged over the generated ``info`` (description and limits, see ``service.api.spec_options``).
    API_SPEC_OPTIONS: dict[str, Any] = {}  # noqa: RUF012 (read-only settings)

    # Flask and Werkzeug.
    MAX_CONTENT_LENGTH: int = env_int("SHOWDOWN_MAX_BODY_BYTES", DEFAULT_MAX_BODY_BYTES, minimum=1)
    TESTING: bool = False

    # The service.
    SHOWDOWN_PROBLEM_BASE_URI: str = _env_uri("SHOWDOWN_PROBLEM_BASE_URI", "https://showdown.example/problems/")
    SHOWDOWN_DEADLINE_SECONDS: float = float(env_int("SHOWDOWN_DEADLINE_SECONDS", 5, minimum=1))
