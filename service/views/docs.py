"""``GET /docs``: the OpenAPI document as a browsable page, rendered on the server (works offline)."""

from __future__ import annotations

from flask import Blueprint, Response, current_app

from service.docs_page import render_docs
from service.readiness import service_state

__all__ = ["blp"]

blp = Blueprint("docs", __name__)


@blp.route("/docs", methods=["GET"])
def docs_page() -> Response:
    state = service_state()
    if state.docs_page is None:
        state.docs_page = render_docs(state.api.spec.to_dict())
    return current_app.response_class(state.docs_page, mimetype="text/html")
