"""The gunicorn worker the service runs: gunicorn's gevent worker, with every answer of its own in the contract.

Why gevent (see also ``service/gunicorn_conf.py``): a sync worker is held by one connection from accept to
answer, so a few clients that trickle their headers a byte a second stop the whole service. In a gevent
worker each connection is a greenlet that costs nothing while it waits for bytes, and gunicorn's gevent worker
bounds the wait for a request's line and headers by ``keepalive`` seconds (``timeout_ctx``): a trickler is
dropped then. Reads of a body and writes of an answer are bounded by the socket timeout set in
:meth:`ShowdownWorker.handle` (:data:`SOCKET_IDLE_TIMEOUT`, between two bytes).

The work is CPU-bound: while a worker computes, its event loop stands still and the connections it holds
wait. So a worker stops accepting connections from the moment a request's body is all in until its answer
starts (:meth:`ShowdownWorker.handle_request`), and new connections go to the workers that are free.

A kept-alive connection takes its turn: after an answer, its next request is read only once the worker's event
loop has nothing else pending (``gevent.idle``), so the other connections the worker holds are served first.
Without that, a client quick to send its next request kept the worker for itself (its greenlet never blocked),
and the other connections waited up to seconds.

What gunicorn answers by itself becomes a problem document with ``X-Request-ID`` and the security headers:

* requests it cannot parse (:meth:`ShowdownWorker.handle_error`): a bad request line, method, version,
  header or chunk size (400), a request line over ``limit_request_line`` (414), too many or too large header
  fields (431), an unsupported ``Transfer-Encoding`` (501), ``Expect`` other than ``100-continue`` (417);
* a worker killed for silence (``timeout``) while it computes an answer: 503 ``worker-timeout`` with
  ``Retry-After``, instead of gunicorn's empty 500, when the answer has not started yet;
* the ``Server`` header names the service, not gunicorn.
"""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Callable, Iterable, Mapping
from datetime import timedelta
from functools import partial
from typing import Any, Final

import gevent
import gunicorn.http.wsgi  # type: ignore[import-untyped]
from gevent.pool import Pool
from gevent.server import StreamServer
from gunicorn import util
from gunicorn.http import errors as http_errors
from gunicorn.sock import ssl_context  # type: ignore[import-untyped]
from gunicorn.workers.base_async import AsyncWorker  # type: ignore[import-untyped]
from gunicorn.workers.ggevent import GeventWorker  # type: ignore[import-untyped]

from service.errors import PROBLEM_MIMETYPE, PROBLEM_TYPES, problem_document
from service.headers import SECURITY_HEADERS
from service.request_id import REQUEST_ID_HEADER, request_id_of

__all__ = ["RETRY_AFTER_SECONDS", "SERVER_NAME", "SOCKET_IDLE_TIMEOUT", "ShowdownWorker", "problem_answer"]

#: The ``Server`` header of every answer (gunicorn's own would be ``gunicorn``).
SERVER_NAME: Final = "showdown"
#: Seconds a connection may stay silent while a body is read or an answer written (each socket operation).
SOCKET_IDLE_TIMEOUT: Final = 15.0
#: ``Retry-After`` of a 503 answered for a worker killed by the timeout.
RETRY_AFTER_SECONDS: Final = 5
_DEFAULT_PROBLEM_BASE: Final = "https://showdown.example/problems/"

#: gunicorn's parse errors -> (status, problem type). The first match wins: subclasses come first.
_REJECTIONS: Final[tuple[tuple[type[BaseException], int, str], ...]] = (
    (http_errors.LimitRequestLine, 414, "uri-too-long"),
    (http_errors.LimitRequestHeaders, 431, "headers-too-large"),
    (http_errors.UnsupportedTransferCoding, 501, "not-implemented"),
    (http_errors.ExpectationFailed, 417, "expectation-failed"),
    (http_errors.ForbiddenProxyRequest, 403, "forbidden"),
    (http_errors.ConfigurationProblem, 500, "internal-error"),
    (http_errors.InvalidResponseHeader, 500, "internal-error"),
    (http_errors.InvalidResponseHeaderName, 500, "internal-error"),
    (http_errors.ParseException, 400, "bad-request"),
)
_REASONS: Final = {400: "Bad Request", 403: "Forbidden", 414: "URI Too Long", 417: "Expectation Failed",
                   431: "Request Header Fields Too Large", 500: "Internal Server Error", 501: "Not Implemented",
                   503: "Service Unavailable"}
_DETAILS: Final = {
    "uri-too-long": "the request line is over the server's limit of {line} bytes",
    "headers-too-large": "the request has more than {fields} header fields, or one over {field} bytes",
    "not-implemented": "the request's Transfer-Encoding is not supported (only chunked is)",
    "expectation-failed": "only 'Expect: 100-continue' is supported",
    "forbidden": "this peer may not send a PROXY protocol header",
    "internal-error": "the server failed to answer this request; it is logged",
}


def _client_request_id(req: Any) -> str:
    """The client's ``X-Request-ID`` when gunicorn parsed the headers far enough, otherwise a fresh one."""
    headers: Iterable[tuple[str, str]] = getattr(req, "headers", None) or ()
    wanted = REQUEST_ID_HEADER.upper()
    value = next((v for name, v in headers if isinstance(name, str) and name.upper() == wanted), None)
    return request_id_of(value)


def problem_answer(status: int, slug: str, detail: str, *, request_id: str, base_uri: str,
                   extra_headers: Mapping[str, str] | None = None) -> bytes:
    """A complete HTTP/1.1 answer (``Connection: close``) carrying a problem document."""
    body = (json.dumps(problem_document(base_uri, slug, detail, status), separators=(",", ":")) + "\n").encode()
    headers = {"Server": SERVER_NAME, "Date": util.http_date(), "Connection": "close",
               "Content-Type": PROBLEM_MIMETYPE, "Content-Length": str(len(body)),
               REQUEST_ID_HEADER: request_id, "Cache-Control": "no-store", **SECURITY_HEADERS,
               **(extra_headers or {})}
    head = f"HTTP/1.1 {status} {_REASONS.get(status, 'Error')}\r\n" + "".join(
        f"{name}: {value}\r\n" for name, value in headers.items()) + "\r\n"
    return head.encode("latin-1") + body


class ShowdownWorker(GeventWorker):  # type: ignore[misc]  # gunicorn is untyped
    """gunicorn's gevent worker; see the module's documentation."""

    _servers: list[StreamServer]
    _computing: int = 0

    def init_process(self) -> None:
        # gunicorn writes "Server: <gunicorn.http.wsgi.SERVER>" on every answer; it has no setting for it.
        gunicorn.http.wsgi.SERVER = SERVER_NAME
        super().init_process()

    def _problem_base(self) -> str:
        config = getattr(getattr(self, "wsgi", None), "config", None) or {}
        base = config.get("SHOWDOWN_PROBLEM_BASE_URI") or _DEFAULT_PROBLEM_BASE
        return str(base)

    def handle(self, listener: Any, client: socket.socket, addr: Any) -> None:
        client.settimeout(SOCKET_IDLE_TIMEOUT)  # gevent's worker leaves it blocking without a limit
        AsyncWorker.handle(self, listener, client, addr)

    def run(self) -> None:
        """GeventWorker.run (gunicorn 27), keeping its servers so that :meth:`handle_request` can pause them."""
        ssl_args = {"ssl_context": ssl_context(self.cfg)} if self.cfg.is_ssl else {}
        self._servers = []
        for listener in self.sockets:
            listener.setblocking(1)
            server = StreamServer(listener, handle=partial(self.handle, listener), spawn=Pool(self.worker_connections),
                                  **ssl_args)
            if self.cfg.workers > 1:
                server.max_accept = 1
            server.start()
            self._servers.append(server)
        while self.alive:
            self.notify()
            gevent.sleep(1.0)
        try:
            for server in self._servers:  # stop accepting, finish what is in hand until graceful_timeout
                server.close()
            started = time.time()
            while time.time() - started <= self.cfg.graceful_timeout:
                if all(server.pool.free_count() == server.pool.size for server in self._servers):
                    return
                self.notify()
                gevent.sleep(1.0)
            self.log.warning("Worker graceful timeout (pid:%s)", self.pid)
            for server in self._servers:
                server.stop(timeout=1)
        except Exception:
            pass

    def _accept(self, accepting: bool) -> None:
        for server in getattr(self, "_servers", ()):
            if not accepting:
                server.stop_accepting()
            elif server.started and not server.full():
                server.start_accepting()

    def _computation_begins(self) -> None:
        self._computing += 1
        if self._computing == 1:
            self._accept(False)

    def _computation_ends(self) -> None:
        self._computing -= 1
        if self._computing == 0 and self.alive:
            self._accept(True)

    def handle_request(self, listener_name: Any, req: Any, sock: socket.socket, addr: Any) -> bool:
        keep_alive = self._answer(listener_name, req, sock, addr)
        if keep_alive:
            # Back of the line: the next request of this connection is read only once the worker's loop has
            # nothing else pending. A greenlet runs until it blocks, and a client that sends its next request
            # as soon as it has the answer is often quicker than the worker's next recv, which then finds it
            # there and does not block: such a connection would keep its worker while the others it holds wait.
            # gevent.sleep(0) is not enough: it resumes this greenlet before the loop polls the sockets.
            gevent.idle()
        return keep_alive

    def _answer(self, listener_name: Any, req: Any, sock: socket.socket, addr: Any) -> bool:
        # The worker accepts no new connection from the moment the request's body is all in (the computation
        # begins) to the first byte of the answer (it is over): a connection accepted then would wait for the
        # whole computation while another worker sat idle. (Ordinary requests beside 4 clients posting heavy
        # batches had a p99 of 2.6 s without this, against 0.13 s for sync workers.) Reading a slow body and
        # writing to a slow reader happen outside that window, so slow clients cannot stop a worker accepting.
        computation = _Computation(self)
        body: Any = getattr(req, "body", None)
        reader = getattr(body, "reader", None)
        if reader is None or getattr(reader, "length", None) == 0:
            computation.begin()
        else:
            body.reader = _WatchedReader(reader, computation.begin)
        try:
            answered: bool = AsyncWorker.handle_request(self, listener_name, req, _WatchedSocket(sock, computation.end),
                                                        addr)
            return answered
        except gevent.GreenletExit:
            return False
        except SystemExit:
            # The arbiter's SIGABRT (worker timeout) lands in the request computing; its answer has not
            # started (AsyncWorker turns that case into StopIteration). Say so before the worker goes.
            if not self.alive:
                self._send(sock, addr, 503, "worker-timeout",
                           "the server took too long to answer and stopped; retry later", req,
                           {"Retry-After": str(RETRY_AFTER_SECONDS)})
            raise StopIteration from None  # AsyncWorker.handle closes the connection
        finally:
            computation.end()

    def handle_error(self, req: Any, client: socket.socket, addr: Any, exc: BaseException) -> None:
        status, slug = next(((code, slug) for kind, code, slug in _REJECTIONS if isinstance(exc, kind)),
                            (500, "internal-error"))
        if status >= 500:
            self.log.exception("Error handling request", exc_info=exc)
        else:
            self.log.warning("Invalid request from ip=%s: %s", (addr or ("",))[0], exc)
        if slug == "bad-request":
            detail = f"the server could not parse the request: {type(exc).__name__}: {exc}"
        else:
            detail = _DETAILS[slug].format(line=self.cfg.limit_request_line, fields=self.cfg.limit_request_fields,
                                           field=self.cfg.limit_request_field_size)
        self._send(client, addr, status, slug, detail, req or getattr(exc, "req", None), None)

    def _send(self, client: socket.socket, addr: Any, status: int, slug: str, detail: str, req: Any,
              extra_headers: Mapping[str, str] | None) -> None:
        assert slug in PROBLEM_TYPES, slug
        answer = problem_answer(status, slug, detail, request_id=_client_request_id(req),
                                base_uri=self._problem_base(), extra_headers=extra_headers)
        if req is not None:  # the access log line gunicorn writes for its own answers
            try:
                environ = gunicorn.http.wsgi.default_environ(req, client, self.cfg)
                environ["REMOTE_ADDR"], environ["REMOTE_PORT"] = [str(part) for part in (addr or ("", -1))[:2]]
                response = gunicorn.http.wsgi.Response(req, client, self.cfg)
                response.status = f"{status} {_REASONS.get(status, 'Error')}"
                response.response_length = response.sent = len(answer)
                self.log.access(response, req, environ, timedelta(0))
            except Exception:
                self.log.debug("Failed to log the error answer.")
        try:
            util.write_nonblock(client, answer)
        except Exception:
            self.log.debug("Failed to send error message.")


class _Computation:
    """One request's computation window in a :class:`ShowdownWorker`: :meth:`begin` (its body is all in) and
    :meth:`end` (its answer starts, or it is over), each acting once and in that order."""

    def __init__(self, worker: ShowdownWorker) -> None:
        self._worker = worker
        self._state = "before"

    def begin(self) -> None:
        if self._state == "before":
            self._state = "computing"
            self._worker._computation_begins()

    def end(self) -> None:
        if self._state == "computing":
            self._worker._computation_ends()
        self._state = "after"


class _WatchedReader:
    """A request body's reader (gunicorn's LengthReader or ChunkedReader) that calls ``on_complete`` once
    the whole body has been read from the client."""

    def __init__(self, reader: Any, on_complete: Callable[[], None]) -> None:
        self._reader = reader
        self._on_complete = on_complete

    def read(self, size: int) -> bytes:
        data: bytes = self._reader.read(size)
        if not data or getattr(self._reader, "length", None) == 0:
            self._on_complete()
        return data

    def __getattr__(self, name: str) -> Any:
        return getattr(self._reader, name)


class _WatchedSocket:
    """The client's socket, calling ``on_answer`` before the first byte of the answer is sent (gunicorn writes
    answers with ``sendall``; its ``100 Continue``, sent with ``send`` before the body is read, does not count)."""

    def __init__(self, sock: socket.socket, on_answer: Callable[[], None]) -> None:
        self._sock = sock
        self._on_answer = on_answer

    def sendall(self, data: bytes, *args: Any) -> None:
        self._on_answer()
        self._sock.sendall(data, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._sock, name)
