"""``GET /`` and ``GET /table``: the table, a page that settles any catalog game by tapping cards.

The page is plain files in ``service/table/`` (HTML, CSS and ES modules, no build step), served as they are from
``/table/<file>``; it talks to the API on the same origin, so it needs no CORS. ``docs/web-page.md`` says what
the page does; each file says at its top what it is for.
"""

from __future__ import annotations

import mimetypes
from functools import lru_cache
from pathlib import Path
from typing import Final

from flask import Blueprint, Response, current_app
from werkzeug.exceptions import NotFound
from werkzeug.security import safe_join

__all__ = ["TABLE_DIR", "blp"]

TABLE_DIR: Final = Path(__file__).resolve().parent.parent / "table"
#: What each kind of file is sent as (a module script must be JavaScript: the answers carry ``nosniff``).
_MEDIA_TYPES: Final = {".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml"}

blp = Blueprint("table", __name__)


@lru_cache(maxsize=64)
def _file(name: str) -> tuple[bytes, str] | None:
    """A file of the page and its media type; None for a name outside ``service/table/`` or not there. (A few
    kilobytes each, read once per worker: they change only with a release.)"""
    joined = safe_join(str(TABLE_DIR), name)
    if joined is None or not Path(joined).is_file():
        return None
    path = Path(joined)
    media_type = _MEDIA_TYPES.get(path.suffix) or mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    return path.read_bytes(), media_type


def _send(name: str) -> Response:
    found = _file(name)
    if found is None:
        raise NotFound()
    body, media_type = found
    return current_app.response_class(body, mimetype=media_type)


@blp.route("/", methods=["GET"])
@blp.route("/table", methods=["GET"])
def table_page() -> Response:
    return _send("index.html")


@blp.route("/table/<path:name>", methods=["GET"])
def table_file(name: str) -> Response:
    """One of the page's files; a name outside ``service/table/`` (``..``) or not there is a 404."""
    return _send(name)
