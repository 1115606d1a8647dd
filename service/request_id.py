"""``X-Request-ID``: the client's own if it is sane, otherwise a fresh one; echoed on every answer (by
:func:`echo_request_id`, one of the hooks of :mod:`service.answer_hooks`)."""

from __future__ import annotations

import re
import uuid
from typing import Final

from flask import Flask, Response, g, request

__all__ = ["REQUEST_ID_HEADER", "current_request_id", "echo_request_id", "init_request_id", "remember_request_id",
           "request_id_of"]

REQUEST_ID_HEADER: Final = "X-Request-ID"
_SANE: Final = re.compile(r"[A-Za-z0-9._-]{1,128}")


def request_id_of(value: str | None) -> str:
    """The client's id when it is at most 128 characters of ``A-Z a-z 0-9 . _ -``, otherwise a uuid4 (hex)."""
    if value is not None and _SANE.fullmatch(value):
        return value
    return uuid.uuid4().hex


def remember_request_id() -> None:
    """Flask's ``before_request`` hook."""
    g.request_id = request_id_of(request.headers.get(REQUEST_ID_HEADER))


def current_request_id() -> str:
    """The id of Flask's current request: the one remembered when it arrived, or, for an answer made before any
    request hook ran, one chosen now (and remembered)."""
    facts = g._get_current_object()  # (the proxy costs per access)
    if "request_id" not in facts:
        remember_request_id()
    request_id: str = facts.request_id
    return request_id


def echo_request_id(response: Response, request_id: str) -> None:
    response.headers[REQUEST_ID_HEADER] = request_id


def init_request_id(app: Flask) -> None:
    """Remember each request's id when it arrives (the error handlers log it)."""
    app.before_request(remember_request_id)
