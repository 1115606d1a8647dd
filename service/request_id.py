"""``X-Request-ID``: the client's own if it is sane, otherwise a fresh one; echoed on every answer."""

from __future__ import annotations

import re
import uuid
from typing import Final

from flask import Flask, Response, g, request

__all__ = ["REQUEST_ID_HEADER", "init_request_id", "request_id_of"]

REQUEST_ID_HEADER: Final = "X-Request-ID"
_SANE: Final = re.compile(r"[A-Za-z0-9._-]{1,128}")


def request_id_of(value: str | None) -> str:
    """The client's id when it is at most 128 characters of ``A-Z a-z 0-9 . _ -``, otherwise a uuid4 (hex)."""
    if value is not None and _SANE.fullmatch(value):
        return value
    return uuid.uuid4().hex


def _remember() -> None:
    g.request_id = request_id_of(request.headers.get(REQUEST_ID_HEADER))


def _echo(response: Response) -> Response:
    if "request_id" not in g:  # an answer made before any request hook ran
        g.request_id = request_id_of(request.headers.get(REQUEST_ID_HEADER))
    response.headers[REQUEST_ID_HEADER] = g.request_id
    return response


def init_request_id(app: Flask) -> None:
    app.before_request(_remember)
    app.after_request(_echo)
