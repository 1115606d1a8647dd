"""``GET /v1/variants/{variant_id}/layout.svg`` and ``POST /v1/showdowns/render``: pictures of a variant's board
and of a showdown (SVG, or PNG for chat bots), drawn by :mod:`service.render`."""

from __future__ import annotations

from typing import Final

from flask import Response, current_app, request
from werkzeug.exceptions import BadRequest

from evaluator import adjudicate, first_run, showdown_cost
from service.api import SERVICE_UNAVAILABLE, Blueprint, variant_in_path
from service.budget import request_budget
from service.examples import showdown_example
from service.render import IMAGE_FORMATS, ImageFormat, Scene, encode, layout_scene, showdown_scene
from service.schemas import ShowdownCall, ShowdownRequestSchema

__all__ = ["blp"]

blp = Blueprint("render", __name__, description="Pictures of boards and showdowns, as SVG or PNG.")

_ID_PARAMETER: Final = {"in": "path", "name": "variant_id", "description": "A variant id or alias (case-insensitive)."}
_FORMAT_PARAMETER: Final = {
    "in": "query", "name": "format", "required": False,
    "description": "`svg` (the default) or `png` (for chat clients). Any other value is a 400 problem.",
    "schema": {"type": "string", "enum": list(IMAGE_FORMATS), "default": "svg"},
}
#: The documented bodies of the answers: files. ``format: binary`` is what code generators map to bytes or a
#: file (openapi-python-client, openapi-typescript); ``contentMediaType`` is the OpenAPI 3.1 spelling.
_SVG: Final = {"schema": {"type": "string", "format": "binary", "contentMediaType": "image/svg+xml"}}
_PNG: Final = {"schema": {"type": "string", "format": "binary", "contentMediaType": "image/png"}}


def _requested_format() -> ImageFormat:
    """The ``format`` query parameter, or a 400 problem."""
    value = request.args.get("format", "svg").strip().lower()
    if value == "png":
        return "png"
    if value != "svg":
        raise BadRequest(f"format must be svg or png (got {value[:32]!r})")
    return "svg"


def _image(scene: Scene, image_format: ImageFormat, name: str) -> Response:
    answer = current_app.response_class(encode(scene, image_format), mimetype=IMAGE_FORMATS[image_format])
    answer.headers["Content-Disposition"] = f'inline; filename="{name}.{image_format}"'
    return answer


@blp.route("/v1/variants/<variant_id>/layout.svg", methods=["GET"], parameters=[_ID_PARAMETER])
@blp.response(200, description="The board as an SVG picture.")
@blp.doc(responses={200: {"content": {"image/svg+xml": _SVG}}})
@blp.doc(operationId="getVariantLayoutSvg")
def variant_layout(variant_id: str) -> Response:
    """Draw a variant's board

    Every board position as a card-shaped slot at its place in the layout, with its name (the names requests
    use) and a coloured dot for each legal board group it belongs to; each group as a line of its colour
    through its positions, and a legend listing the groups. A flat board is drawn as its cards in deal order,
    1 to n. An unknown id is a 404.
    """
    variant = variant_in_path(variant_id)
    return _image(layout_scene(variant), "svg", f"{variant.id}-layout")


@blp.route("/v1/showdowns/render", methods=["POST"], parameters=[_FORMAT_PARAMETER])
@blp.arguments(ShowdownRequestSchema(), example=showdown_example()[0])
@blp.response(200, description="The showdown as a picture: SVG, or PNG with `format=png`.")
@blp.alt_response(503, response=SERVICE_UNAVAILABLE[0])
@blp.doc(responses={200: {"content": {"image/svg+xml": _SVG, "image/png": _PNG}}})
@blp.doc(operationId="renderShowdown")
def render_showdown(call: ShowdownCall) -> Response:
    """Draw a showdown

    The same request as `POST /v1/showdowns`, answered with a picture of the adjudicated showdown: the board
    with its cards at their positions, each player's cards and hands, the cards and board group of every
    winning hand outlined in the winner's colour (with a legend naming the player, the hand and the group),
    and the summary. A hand run several times (`runs`) is drawn on its first run's board, with the summary of
    every run. Invalid requests get the same problem answers as `POST /v1/showdowns`.

    Names a client chose (player ids, a client-defined game's positions, groups and hands) are only ever text
    and attribute values of the picture, escaped, never markup. Characters an XML document cannot hold (control
    characters, lone surrogates such as `"\\ud83d"`) are drawn as U+FFFD; `POST /v1/showdowns` answers the id as
    sent.
    """
    image_format = _requested_format()
    with request_budget(showdown_cost(call.variant, call.deal, call.options)):
        result, deal = first_run(adjudicate(call.variant, call.deal, call.options), call.deal)
    return _image(showdown_scene(result, deal), image_format, "showdown")
