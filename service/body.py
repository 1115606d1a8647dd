"""Reading a request body: identity-coded, within the size limit however it is framed, or a problem.

* ``Content-Length`` over the limit: 413 before anything is read (Werkzeug checks it).
* A chunked body (``Transfer-Encoding: chunked``, no length): read up to the limit, then one byte more; if
  there is one, 413. (Werkzeug's stream stops quietly at the limit, which handed the JSON decoder a cut body
  and answered 400.)
* ``Content-Encoding`` other than ``identity``: 415 with ``Accept-Encoding: identity``. Bodies are at most
  256 KiB of JSON, so compression saves little, and refusing it leaves no decompression bomb to defuse.
* ``Transfer-Encoding`` with a coding other than ``chunked`` (``gzip, chunked``, which gunicorn de-chunks but
  does not inflate): 501.
* A body that cannot be read (a malformed chunk size, a connection that broke or went silent): 400
  ``unreadable-body``, not the 500 of an unexpected exception.
"""

from __future__ import annotations

import logging
from typing import Any

from flask import Request
from werkzeug.exceptions import ClientDisconnected, HTTPException, RequestEntityTooLarge

from service.errors import UnreadableBody, UnsupportedContentEncoding, UnsupportedTransferCoding

__all__ = ["read_body", "read_length"]

log = logging.getLogger(__name__)

_ENDED = "the body ended before its announced length, or stopped arriving"

def _codings(request: Request, header: str, plain: frozenset[str]) -> str:
    """The codings listed in ``header`` other than the ``plain`` ones, comma-separated ("" for none)."""
    listed = (part.strip() for part in request.headers.get(header, "").lower().split(","))
    return ",".join(part for part in listed if part and part not in plain)


def _check_codings(request: Request) -> None:
    """The problem of a transfer or content coding this service does not read, if any."""
    coding = _codings(request, "Transfer-Encoding", frozenset({"chunked", "identity"}))
    if coding:
        raise UnsupportedTransferCoding(f"Transfer-Encoding {coding[:32]!r} is not supported: send the body "
                                        "with Content-Length, or chunked")
    coding = _codings(request, "Content-Encoding", frozenset({"identity"}))
    if coding:
        raise UnsupportedContentEncoding(f"send the body uncompressed (Content-Encoding {coding[:32]!r} is not "
                                         "supported)")


def read_length(stream: Any, length: int) -> tuple[bytes, Exception | None]:
    """Up to ``length`` bytes read from the server's ``stream``: all of them, or those before the stream ended or
    raised (then also the exception)."""
    chunks = []
    left = length
    try:
        while left > 0:
            chunk = stream.read(left)
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except Exception as exc:
        return b"".join(chunks), exc
    return chunks[0] if len(chunks) == 1 else b"".join(chunks), None


def _read_length(request: Request, length: int, limit: int | None) -> bytes:
    """:func:`read_body` for a body of a stated length, read straight from the server's stream as Werkzeug's
    ``get_data`` reads it (413 over the limit before reading; a read error is a disconnection; a body that ends
    early is one too, unless the server terminates the stream itself, as gunicorn does) and cached where
    ``get_data`` looks, without the stream wrapper Werkzeug builds per request."""
    if limit is not None and length > limit:
        raise RequestEntityTooLarge()
    data, error = read_length(request.environ["wsgi.input"], length)
    if isinstance(error, OSError | ValueError):
        raise UnreadableBody(_ENDED) from None
    if error is not None:  # the server's own body reader
        log.info("unreadable request body: %s: %s", type(error).__name__, error)
        raise UnreadableBody(_unreadable(error)) from None
    if len(data) < length and "wsgi.input_terminated" not in request.environ:
        raise UnreadableBody(_ENDED)
    request._cached_data = data  # where Werkzeug's get_data (and every parser after it) finds the body
    return bytes(data)


def _unreadable(exc: Exception) -> str:
    return (f"the body could not be read ({type(exc).__name__}): check its framing (Content-Length or chunked "
            "encoding)")


def read_body(request: Request) -> bytes:
    """The request's body bytes (cached on the request), or the problem that says why not."""
    environ = request.environ
    if "HTTP_TRANSFER_ENCODING" in environ or "HTTP_CONTENT_ENCODING" in environ:  # (most requests send neither)
        _check_codings(request)
    limit = request.max_content_length
    length = environ.get("CONTENT_LENGTH")
    if length and length.isascii() and length.isdigit() and getattr(request, "_cached_data", None) is None:
        return _read_length(request, int(length), limit)
    try:
        data = request.get_data(cache=True)
        # A streamed body that filled the limit: anything after it makes it too large.
        if (limit is not None and not environ.get("CONTENT_LENGTH") and len(data) >= limit
                and environ["wsgi.input"].read(1)):
            raise RequestEntityTooLarge()
    except ClientDisconnected:  # Werkzeug's word for a read that failed or ended early (a socket timeout too)
        raise UnreadableBody(_ENDED) from None
    except HTTPException:
        raise
    except Exception as exc:  # the server's own body reader: gunicorn's InvalidChunkSize...
        log.info("unreadable request body: %s: %s", type(exc).__name__, exc)
        raise UnreadableBody(_unreadable(exc)) from None
    return data
