"""``POST /v1/equities`` and ``POST /v1/equities/render``: odds mid-hand, over every way the unknown cards can
fall, as JSON or as a picture (SVG, or PNG for chat bots)."""

from __future__ import annotations

from typing import Any, Final

from flask import Response, current_app, request
from werkzeug.exceptions import BadRequest

from evaluator import DEADLINE_SECONDS, GUARD_FACTOR, Equities, plan_equities, run_plan, work_budget
from service.api import SERVICE_UNAVAILABLE, Blueprint
from service.render import IMAGE_FORMATS, ImageFormat, encode
from service.render.equity_scene import equity_scene
from service.schemas.equities import EquityCall, EquityRequestSchema, EquityResponseSchema, equities_body

__all__ = ["blp"]

blp = Blueprint("equities", __name__, description="Odds mid-hand: expected chips per pot and share over every "
                                                  "runout of the unknown cards.")

_EXAMPLE: Final = {
    "variant": "texas-holdem",
    "board": ["Kd", "7c", "2h"],
    "players": [{"id": "ann", "hole": ["Ah", "Kh"]}, {"id": "bob", "hole": ["Qs", "Qc"]}],
    "pot": 200,
}


def _odds(call: EquityCall) -> Equities:
    """Cost the request (a 422 when over the budget), then run it under the engine's guard and the deadline."""
    plan = plan_equities(call.variant, call.spot, call.options, method=call.method, samples=call.samples,
                         precision=call.precision, seed=call.seed)
    seconds = current_app.config.get("SHOWDOWN_DEADLINE_SECONDS", DEADLINE_SECONDS)
    with work_budget(GUARD_FACTOR * plan.cost, seconds):
        return run_plan(plan)


@blp.route("/v1/equities", methods=["POST"])
@blp.arguments(EquityRequestSchema(), example=_EXAMPLE)
@blp.response(200, EquityResponseSchema)
@blp.alt_response(503, response=SERVICE_UNAVAILABLE[0])
@blp.doc(operationId="calculateEquities")
def odds(call: EquityCall) -> dict[str, Any]:
    """Odds mid-hand

    Each player's expected chips from each pot and share, and how often he wins, ties or scoops, over every
    runout of the unknown cards (exact) or a seeded sample of them (Monte Carlo, with standard errors and 95%
    intervals). The request is costed before any runout is dealt; over the work budget it is a 422 `over-limit`.
    """
    return equities_body(_odds(call))


_FORMAT_PARAMETER: Final = {
    "in": "query", "name": "format", "required": False,
    "description": "`svg` (the default) or `png` (for chat clients). Any other value is a 400 problem.",
    "schema": {"type": "string", "enum": list(IMAGE_FORMATS), "default": "svg"},
}
#: The documented bodies of the pictures: files (``format: binary`` is what code generators map to bytes).
_IMAGES: Final = {
    "image/svg+xml": {"schema": {"type": "string", "format": "binary", "contentMediaType": "image/svg+xml"}},
    "image/png": {"schema": {"type": "string", "format": "binary", "contentMediaType": "image/png"}},
}


@blp.route("/v1/equities/render", methods=["POST"], parameters=[_FORMAT_PARAMETER])
@blp.arguments(EquityRequestSchema(), example=_EXAMPLE)
@blp.response(200, description="The odds as a picture: SVG, or PNG with `format=png`.")
@blp.alt_response(503, response=SERVICE_UNAVAILABLE[0])
@blp.doc(responses={200: {"content": _IMAGES}})
@blp.doc(operationId="renderEquities")
def render_odds(call: EquityCall) -> Response:
    """Draw the odds mid-hand

    The same request as `POST /v1/equities`, answered with a picture: each player's share of the money in as a bar
    in his colour with its percentage and what each share (high, low...) contributes, for Monte Carlo the 95%
    interval as a whisker, and the summary line. Invalid requests get the same problem answers.
    """
    value = request.args.get("format", "svg").strip().lower()
    if value not in IMAGE_FORMATS:
        raise BadRequest(f"format must be svg or png (got {value[:32]!r})")
    image_format: ImageFormat = "png" if value == "png" else "svg"
    result = _odds(call)
    answer = current_app.response_class(encode(equity_scene(result), image_format),
                                        mimetype=IMAGE_FORMATS[image_format])
    answer.headers["Content-Disposition"] = f'inline; filename="odds.{image_format}"'
    return answer
