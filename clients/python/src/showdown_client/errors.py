"""What can go wrong: the service refused the request (:class:`ProblemError`, with every problem's pointer), or
it could not be reached or answered too late (:class:`TransportError`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from showdown_client.models import ProblemDetail

__all__ = ["ProblemError", "ShowdownClientError", "TransportError"]


class ShowdownClientError(Exception):
    """The root of this package's errors."""


class TransportError(ShowdownClientError):
    """No answer: the server could not be reached, the connection broke, or a timeout passed."""


class ProblemError(ShowdownClientError):
    """The service answered with an RFC 9457 problem: ``status`` (400, 404, 422, 503...), ``type`` (a URI whose
    last segment is a stable slug such as ``invalid-showdown`` or ``over-limit``), ``title``, ``detail`` and, for a
    422, ``errors``: every problem with its JSON pointer into the request body and its code."""

    def __init__(self, *, status: int, type: str, title: str, detail: str,
                 errors: tuple[ProblemDetail, ...] = (), request_id: str | None = None) -> None:
        super().__init__(f"{status} {title}: {detail}")
        self.status = status
        self.type = type
        self.title = title
        self.detail = detail
        self.errors = errors
        self.request_id = request_id

    @property
    def slug(self) -> str:
        """The last segment of ``type``: ``invalid-request``, ``invalid-showdown``, ``over-limit``..."""
        return self.type.rstrip("/").rsplit("/", 1)[-1]

    @property
    def pointers(self) -> list[tuple[str, str, str]]:
        """``(pointer, detail, code)`` of every problem, in the order the service listed them."""
        return [(e.pointer, e.detail, e.code) for e in self.errors]

    @classmethod
    def from_json(cls, status: int, body: Mapping[str, Any], request_id: str | None = None) -> ProblemError:
        return cls(status=int(body.get("status") or status), type=str(body.get("type") or "about:blank"),
                   title=str(body.get("title") or ""), detail=str(body.get("detail") or ""),
                   errors=tuple(ProblemDetail.from_json(e) for e in body.get("errors") or () if isinstance(e, Mapping)),
                   request_id=request_id)
