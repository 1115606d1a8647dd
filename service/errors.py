"""The one place where errors become answers: RFC 9457 ``application/problem+json`` bodies.

Every non-2xx answer of the service is built here, from:

* HTTP errors (Werkzeug's and the few this module defines): 400 body not JSON or unreadable, 404 unknown route
  or variant, 405 wrong method (with ``Allow``), 413 body too large, 415 body not ``application/json`` or sent
  with a ``Content-Encoding``;
* :class:`RequestInvalid`: a body that breaks its marshmallow schema (422). marshmallow's nested error dict is
  flattened to one entry per problem, each located by an RFC 6901 JSON pointer;
* :class:`evaluator.ShowdownError`: a well-formed request that breaks a poker rule (422). The library's
  :class:`evaluator.Problem` records already carry pointers and stable codes;
* anything else: a 500 problem without a traceback (the traceback goes to the log).

What gunicorn answers itself (a request it cannot parse, a worker timeout) is built from
:func:`problem_document` too, by :mod:`service.worker`. Every text that may echo the client's input (details,
pointers) is cut to a bounded prefix by :func:`bounded`.

Views contain no try/except: they call the library and let these handlers answer.
"""

from __future__ import annotations

import json
import logging
import re
import traceback
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from flask import Flask, Response, current_app, g, request
from marshmallow import Schema, ValidationError, fields
from werkzeug.exceptions import (
    BadRequest,
    HTTPException,
    MethodNotAllowed,
    NotFound,
    RequestEntityTooLarge,
    ServiceUnavailable,
    UnsupportedMediaType,
)
from werkzeug.exceptions import NotImplemented as NotImplementedHttp  # not the builtin constant

from evaluator import DeadlineExceeded, InvalidShowdown, ShowdownError, UnknownVariantError, json_pointer
from service.request_facts import RULES, noted_variants

__all__ = [
    "MAX_DETAIL_CHARS",
    "MAX_REPORTED_PROBLEMS",
    "PROBLEM_MIMETYPE",
    "PROBLEM_TYPES",
    "NotJson",
    "NotJsonMediaType",
    "NotReady",
    "Problem",
    "RequestInvalid",
    "UnknownVariantInPath",
    "UnreadableBody",
    "UnsupportedContentEncoding",
    "UnsupportedTransferCoding",
    "bounded",
    "decode_json",
    "flatten_messages",
    "json_pointer",
    "problem_document",
    "problem_for",
    "register_error_handlers",
    "validation_problem",
]

log = logging.getLogger(__name__)

PROBLEM_MIMETYPE: Final = "application/problem+json"
#: A 422 lists every problem found, up to this many (a body would need thousands of mistakes to reach it).
MAX_REPORTED_PROBLEMS: Final = 200
#: A detail or pointer longer than this is cut (a bad value is echoed as a prefix, never whole).
MAX_DETAIL_CHARS: Final = 1000
#: Within a detail, one run of characters without a space (a quoted bad value, typically) keeps this many.
_MAX_WORD_CHARS: Final = 100
_LONG_WORD: Final = re.compile(r"\S{%d,}" % (_MAX_WORD_CHARS + 1))  # noqa: UP031 (braces of a regex)

#: Every problem type the service answers: slug -> (status, title); its URI is the configured base + slug.
PROBLEM_TYPES: Final[Mapping[str, tuple[int, str]]] = {
    "malformed-json": (400, "The body is not JSON"),
    "bad-request": (400, "Bad request"),
    "unreadable-body": (400, "The body could not be read"),
    "forbidden": (403, "Forbidden"),
    "not-found": (404, "Not found"),
    "unknown-variant": (404, "Unknown variant"),
    "method-not-allowed": (405, "Method not allowed"),
    "body-too-large": (413, "The body is too large"),
    "unsupported-media-type": (415, "The body is not application/json"),
    "unsupported-content-encoding": (415, "The body's content coding is not supported"),
    "expectation-failed": (417, "Expectation failed"),
    "uri-too-long": (414, "The request line is too long"),
    "headers-too-large": (431, "The request's header fields are too large"),
    "invalid-request": (422, "The request does not match the schema"),
    "invalid-showdown": (422, "The request breaks the rules of its variant"),
    "over-limit": (422, "The request is over a documented complexity limit"),
    "internal-error": (500, "Internal server error"),
    "not-implemented": (501, "Not implemented"),
    "not-ready": (503, "Not ready"),
    "deadline-exceeded": (503, "The request ran past its deadline"),
    "worker-timeout": (503, "The server took too long to answer"),
}
#: Seconds a client is asked to wait before retrying a request that ran past its deadline.
RETRY_AFTER_SECONDS: Final = 1
_SLUG_BY_STATUS: Final = {400: "bad-request", 404: "not-found", 405: "method-not-allowed",
                          413: "body-too-large", 415: "unsupported-media-type", 500: "internal-error",
                          501: "not-implemented", 503: "not-ready"}


# --- Errors the service raises itself -----------------------------------------------------------------------


class NotJson(BadRequest):
    """The body could not be decoded as JSON."""

    slug = "malformed-json"


class NotJsonMediaType(UnsupportedMediaType):
    """The body is not declared as ``application/json``."""


class UnreadableBody(BadRequest):
    """The body could not be read: a malformed chunked encoding, or a connection that broke or stalled."""

    slug = "unreadable-body"


class UnsupportedContentEncoding(UnsupportedMediaType):
    """A body sent with a ``Content-Encoding`` (gzip...): the service reads identity bodies only."""

    slug = "unsupported-content-encoding"


class UnsupportedTransferCoding(NotImplementedHttp):
    """A ``Transfer-Encoding`` other than ``chunked`` (gunicorn passes ``gzip, chunked`` bodies still
    compressed)."""

    slug = "not-implemented"


class UnknownVariantInPath(NotFound):
    """``GET /v1/variants/{id}`` with an id or alias the catalog does not know."""

    slug = "unknown-variant"


class NotReady(ServiceUnavailable):
    """The catalog and ranking tables are not loaded yet."""


class RequestInvalid(Exception):
    """A body that breaks its schema: marshmallow's error messages, and the schema that produced them (which
    says where a mapping's keys end and its values begin)."""

    def __init__(self, messages: Any, schema: Schema | None) -> None:
        super().__init__("the request does not match the schema")
        self.messages = messages
        self.schema = schema


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def decode_json(data: bytes) -> Any:
    """The JSON value of a request body, or :class:`NotJson` saying why there is none."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise NotJson("the body is not UTF-8 text") from None
    if not text.strip():
        raise NotJson("the body is empty: send a JSON object")
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        raise NotJson(f"the body is not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None
    except (ValueError, RecursionError) as exc:  # NaN/Infinity, an integer too long, nesting too deep
        reason = str(exc) if isinstance(exc, ValueError) else "nesting too deep"
        raise NotJson(f"the body is not JSON this service accepts: {reason}") from None


# --- Problems -----------------------------------------------------------------------------------------------


def bounded(text: str, *, words: bool = True, limit: int = MAX_DETAIL_CHARS) -> str:
    """``text`` with every space-free run over 100 characters cut (unless not ``words``), then the whole cut to
    ``limit`` characters.

    Details quote the client's bad values (``'<value>' is not a card``): a 250 KB value must not come back
    whole, twice, in the answer, and the explanation after it should survive.
    """
    if len(text) <= _MAX_WORD_CHARS:
        return text
    if words:
        text = _LONG_WORD.sub(lambda m: f"{m.group()[:_MAX_WORD_CHARS]}…[{len(m.group())} characters]", text)
    return text if len(text) <= limit else text[:limit] + "…"


def problem_document(base_uri: str, slug: str, detail: str, status: int | None = None,
                     errors: Sequence[Mapping[str, str]] | None = None) -> dict[str, Any]:
    """The ``application/problem+json`` document of a problem type (a slug of :data:`PROBLEM_TYPES`).

    ``detail`` and each error's ``detail`` and ``pointer`` are :func:`bounded` (a pointer only in length)."""
    default_status, title = PROBLEM_TYPES.get(slug, (500, "Error"))
    body: dict[str, Any] = {"type": base_uri + slug, "title": title,
                            "status": status if status is not None else default_status,
                            "detail": bounded(detail)}
    if errors is not None:
        body["errors"] = [{key: bounded(value, words=key != "pointer") if key in ("detail", "pointer") else value
                           for key, value in error.items()} for error in errors]
    return body


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem document, before it becomes a response."""

    slug: str
    detail: str
    status: int | None = None
    errors: Sequence[Mapping[str, str]] | None = None
    headers: Mapping[str, str] = field(default_factory=dict)

    @property
    def code(self) -> int:
        return self.status if self.status is not None else PROBLEM_TYPES[self.slug][0]

    def body(self) -> dict[str, Any]:
        """The ``application/problem+json`` document."""
        base = current_app.config.get("SHOWDOWN_PROBLEM_BASE_URI", "https://showdown.example/problems/")
        return problem_document(base, self.slug, self.detail, self.code, self.errors)

    def response(self) -> Response:
        text = current_app.json.dumps(self.body(), separators=(",", ":"))
        answer = current_app.response_class(text + "\n", status=self.code, mimetype=PROBLEM_MIMETYPE)
        answer.headers.update(self.headers)
        return answer


_BUILTIN_CODES: Final = (
    ("Missing data for required field.", "required"),
    ("Unknown field.", "unknown-field"),
    ("Field may not be null.", "null"),
    ("Invalid input type.", "type"),
    ("Not a valid", "type"),
    ("Length must be", "length"),
    ("Shorter than", "length"),
    ("Longer than", "length"),
    ("Must be one of", "choice"),
    ("Must be greater", "range"),
    ("Must be less", "range"),
)


def _code_of(message: str) -> str:
    code = getattr(message, "code", None)
    if isinstance(code, str):
        return code
    return next((code for prefix, code in _BUILTIN_CODES if message.startswith(prefix)), "invalid")


def _child(where: Any, key: str | int) -> Any:
    """The schema or field that produced the errors under ``key``, when known."""
    if isinstance(where, fields.Nested):
        where = where.schema
    if isinstance(where, Schema):
        return where.fields.get(str(key))
    if isinstance(where, fields.List):
        return where.inner
    return None


def _walk(node: Any, where: Any, path: list[str | int]) -> Iterator[tuple[list[str | int], str]]:
    if isinstance(node, str):
        yield path, node
    elif isinstance(node, list | tuple):
        for item in node:
            yield from _walk(item, where, path)
    elif isinstance(node, dict):
        for key, sub in node.items():
            if key == "_schema":
                yield from _walk(sub, None, path)
            elif isinstance(where, fields.Dict) and isinstance(sub, dict):
                # A mapping's errors are {key: {"key": [...], "value": [...]}}: both are about that entry.
                for part, messages in sub.items():
                    inner = where.value_field if part == "value" else None
                    yield from _walk(messages, inner, [*path, key])
            else:
                yield from _walk(sub, _child(where, key), [*path, key])
    elif node is not None:
        yield path, str(node)


def flatten_messages(messages: Any, schema: Schema | None = None) -> list[dict[str, str]]:
    """marshmallow's nested error messages as a flat list of ``{"pointer", "detail", "code"}``, all kept."""
    return [{"pointer": json_pointer(path), "detail": str(message), "code": _code_of(message)}
            for path, message in _walk(messages, schema, [])]


def _listed(slug: str, errors: list[dict[str, str]], fallback: str) -> Problem:
    """A 422 listing ``errors``; its detail names the first one and counts the others."""
    shown = errors[:MAX_REPORTED_PROBLEMS]
    if not shown:
        return Problem(slug, fallback, errors=[])
    where = shown[0]["pointer"] or "the body"
    more = len(errors) - 1
    detail = f"{where}: {shown[0]['detail']}" + (f" (and {more} more problem{'s' if more > 1 else ''})"
                                                  if more else "")
    if len(errors) > len(shown):
        detail += f"; the first {len(shown)} are listed"
    return Problem(slug, detail, errors=shown)


def validation_problem(messages: Any, schema: Schema | None) -> Problem:
    """422 for a body that breaks its schema, every problem listed with its pointer."""
    errors = flatten_messages(messages, schema)
    return _listed("invalid-request", errors, "the request does not match the schema")


def showdown_problem(exc: ShowdownError) -> Problem:
    """422 for a request that breaks a poker rule (the library's problems carry pointers and codes); 503 with
    ``Retry-After`` for one that ran past its deadline."""
    if isinstance(exc, DeadlineExceeded):
        return Problem("deadline-exceeded", str(exc), headers={"Retry-After": str(RETRY_AFTER_SECONDS)})
    if isinstance(exc, InvalidShowdown):
        errors = [{"pointer": p.pointer, "detail": p.detail, "code": p.code} for p in exc.problems]
        slug = exc.code if exc.code in PROBLEM_TYPES else "invalid-showdown"
    elif isinstance(exc, UnknownVariantError):
        errors = [{"pointer": "/variant", "detail": f"{exc}: GET /v1/variants lists every id and alias",
                   "code": exc.code}]
        slug = "invalid-request"
    else:
        errors = [{"pointer": "", "detail": str(exc), "code": exc.code}]
        slug = "invalid-showdown"
    return _listed(slug, errors, str(exc))


def _own_description(exc: HTTPException) -> bool:
    """Whether the exception carries a message of ours rather than Werkzeug's generic one."""
    return exc.description is not None and exc.description != type(exc).description


def http_problem(exc: HTTPException) -> Problem:
    code = exc.code or 500
    fallback = "bad-request" if code < 500 else "internal-error"
    slug = getattr(exc, "slug", None) or _SLUG_BY_STATUS.get(code, fallback)
    headers: dict[str, str] = {}
    detail = exc.description if _own_description(exc) else None
    if isinstance(exc, MethodNotAllowed) and exc.valid_methods:
        headers["Allow"] = ", ".join(sorted(exc.valid_methods))
        detail = detail or f"{request.method} is not allowed on {request.path}: use {headers['Allow']}"
    elif isinstance(exc, UnsupportedContentEncoding):
        headers["Accept-Encoding"] = "identity"  # RFC 9110 15.5.16
    elif isinstance(exc, RequestEntityTooLarge):
        detail = detail or f"the body is over the limit of {current_app.config['MAX_CONTENT_LENGTH']} bytes"
    elif isinstance(exc, NotFound):
        detail = detail or f"nothing at {request.path}: GET /docs lists every endpoint"
    return Problem(slug, detail or exc.description or PROBLEM_TYPES[slug][1], status=code, headers=headers)


def problem_for(exc: Exception) -> Problem | None:
    """The problem for an error a client caused, or None for anything else (a bug: 500)."""
    if isinstance(exc, RequestInvalid):
        return validation_problem(exc.messages, exc.schema)
    if isinstance(exc, ValidationError):
        return validation_problem(exc.messages, None)
    if isinstance(exc, ShowdownError):
        return showdown_problem(exc)
    if isinstance(exc, HTTPException):
        return http_problem(exc)
    return None


# --- Flask handlers -----------------------------------------------------------------------------------------


def _client_error(exc: Exception) -> Response:
    problem = problem_for(exc)
    assert problem is not None
    return problem.response()


def _unexpected(exc: Exception) -> Response:
    problem = problem_for(exc)
    if problem is not None:
        return problem.response()
    if any(noted.variant == RULES for noted in noted_variants()):
        # A client-defined record passed every check and still broke the engine: the rules are at fault as far as
        # the client can tell (a 422 at /rules), and the engine's limit is logged to be checked for.
        _log_failure("client rules the engine cannot play", exc)
        return _listed("invalid-request", [{
            "pointer": "/rules", "code": "unplayable-rules",
            "detail": f"these rules cannot be played with this deal ({type(exc).__name__} in the engine); the "
                      "engine's error is logged with this request's id"}], "").response()
    _log_failure("unhandled error", exc)
    return Problem("internal-error", "the server failed to answer this request; it is logged").response()


def _log_failure(what: str, exc: Exception) -> None:
    """Log an exception with the request's id: its message quoted (``repr``: a client's text inside it cannot start a
    line of its own in the log) and the frames of its traceback (the service's code, never the client's text)."""
    frames = "".join(traceback.format_tb(exc.__traceback__))
    log.error("%s (request %s): %s: %r\n%s", what, g.get("request_id", "-"), type(exc).__name__, str(exc)[:2000],
              frames.rstrip())


def register_error_handlers(app: Flask) -> None:
    """Answer every error of ``app`` with a problem document."""
    for kind in (HTTPException, RequestInvalid, ValidationError, ShowdownError):
        app.register_error_handler(kind, _client_error)
    app.register_error_handler(Exception, _unexpected)
