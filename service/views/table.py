"""``GET /`` and ``GET /table``: the table, a page that settles any catalog game by tapping cards.

The page is plain files in ``service/table/`` (HTML, CSS and ES modules, no build step), served as they are from
``/table/<file>``; it talks to the API on the same origin, so it needs no CORS. What each file does is said at its
top; ``docs/web-page.md`` says what the page does.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from flask import Blueprint, Response, send_from_directory

__all__ = ["TABLE_DIR", "blp"]

TABLE_DIR: Final = Path(__file__).resolve().parent.parent / "table"

blp = Blueprint("table", __name__)


@blp.route("/", methods=["GET"])
@blp.route("/table", methods=["GET"])
def table_page() -> Response:
    return send_from_directory(TABLE_DIR, "index.html", mimetype="text/html")


@blp.route("/table/<path:name>", methods=["GET"])
def table_file(name: str) -> Response:
    """One of the page's files; a name outside ``service/table/`` (``..``) or not there is a 404."""
    return send_from_directory(TABLE_DIR, name)
