"""Raw HTTP/1.1 over a socket, for what an HTTP client library would refuse to send (a broken request line,
a malformed chunk size, a trickled head)."""

from __future__ import annotations

import json
import socket
from dataclasses import dataclass
from typing import Any

__all__ = ["Answer", "chunked", "exchange", "parse", "receive_all"]


@dataclass(frozen=True)
class Answer:
    status: int
    headers: dict[str, str]  # lower-case names; a repeated header keeps its last value
    header_names: list[str]  # every header line's name, lower-case, repeats included
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


def exchange(port: int, data: bytes, *, timeout: float = 20.0) -> Answer:
    """Send ``data`` on a new connection, read until the server closes it, and parse the one answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(data)
        return parse(receive_all(sock))


def receive_all(sock: socket.socket) -> bytes:
    """Bytes from ``sock`` until one whole answer (by its Content-Length) is in, or the peer closes."""
    received = bytearray()
    while chunk := sock.recv(65536):
        received += chunk
        if _complete(bytes(received)):
            break
    return bytes(received)


def _complete(data: bytes) -> bool:
    head, sep, body = data.partition(b"\r\n\r\n")
    if not sep:
        return False
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            return len(body) >= int(value)
    return False


def parse(data: bytes) -> Answer:
    head, sep, body = data.partition(b"\r\n\r\n")
    assert sep, f"no complete answer: {data[:300]!r}"
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers: dict[str, str] = {}
    names: list[str] = []
    for line in lines:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
        names.append(name.strip().lower())
    return Answer(int(status_line.split(" ")[1]), headers, names, body)


def chunked(body: bytes, size: int = 8192) -> bytes:
    """``body`` in the chunked transfer coding."""
    pieces = [body[i:i + size] for i in range(0, len(body), size)]
    return b"".join(b"%x\r\n%s\r\n" % (len(piece), piece) for piece in pieces) + b"0\r\n\r\n"
