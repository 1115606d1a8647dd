"""Settings of the Flask app, with environment overrides read when this module is imported.

Environment variables (a malformed value stops the app at start-up with a message naming the variable):

* ``SHOWDOWN_MAX_BODY_BYTES`` (default 262144, 256 KiB): the largest request body; larger ones get 413.
* ``SHOWDOWN_PROBLEM_BASE_URI`` (default ``https://showdown.example/problems/``): the prefix of every problem
  document's ``type``.
* ``SHOWDOWN_DEADLINE_SECONDS`` (default 5): how long one request may run in the engine before it is abandoned
  with a 503 problem and ``Retry-After`` (the work budget keeps accepted requests far below it; this is the
  second line of defence, well inside gunicorn's worker timeout).
* ``SHOWDOWN_CORS_ORIGINS`` (default empty: CORS off): the browser origins allowed to call the API, comma-separated
  (``https://app.example,http://localhost:5173``), or ``*`` for any origin. See :mod:`service.headers`.
"""

from __future__ import annotations

import os
import re
from typing import Any, Final

__all__ = ["DEFAULT_MAX_BODY_BYTES", "Config", "cors_origins", "env_int"]

DEFAULT_MAX_BODY_BYTES: Final = 256 * 1024
#: An origin as browsers send it: scheme, host, optional port; no path, no trailing slash.
_ORIGIN: Final = re.compile(r"https?://(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?")


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


def cors_origins(raw: str, name: str = "SHOWDOWN_CORS_ORIGINS") -> tuple[str, ...]:
    """The origins of a comma-separated list (empty: none), each checked; ``*`` alone allows any origin."""
    origins = tuple(part.strip() for part in raw.split(",") if part.strip())
    if "*" in origins and origins != ("*",):
        raise ValueError(f"{name}: '*' allows every origin and cannot be listed with others, got {raw!r}")
    for origin in origins:
        if origin != "*" and not _ORIGIN.fullmatch(origin):
            raise ValueError(f"{name}: {origin!r} is not an origin such as https://app.example or "
                             "http://localhost:5173 (scheme, host and port only)")
    return origins


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
    #: Browser origins allowed by CORS; empty: CORS off.
    SHOWDOWN_CORS_ORIGINS: tuple[str, ...] = cors_origins(os.environ.get("SHOWDOWN_CORS_ORIGINS", ""))
