"""``POST /v1/equities``: odds mid-hand, over every way the unknown cards can fall."""

from __future__ import annotations

from typing import Any, Final

from flask import current_app

from evaluator.budget import DEADLINE_SECONDS, GUARD_FACTOR, work_budget
from evaluator.equity import plan_equities, run_plan
from service.api import SERVICE_UNAVAILABLE, Blueprint
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


@blp.route("/v1/equities", methods=["POST"])
@blp.arguments(EquityRequestSchema(), example=_EXAMPLE)
@blp.response(200, EquityResponseSchema)
@blp.alt_response(503, response=SERVICE_UNAVAILABLE[0])
def odds(call: EquityCall) -> dict[str, Any]:
    """Odds mid-hand

    Each player's expected chips from each pot and share, and how often he wins, ties or scoops, over every
    runout of the unknown cards (exact) or a seeded sample of them (Monte Carlo, with standard errors and 95%
    intervals). The request is costed before any runout is dealt; over the work budget it is a 422 `over-limit`.
    """
    plan = plan_equities(call.variant, call.spot, call.options, method=call.method, samples=call.samples,
                         precision=call.precision, seed=call.seed)
    seconds = current_app.config.get("SHOWDOWN_DEADLINE_SECONDS", DEADLINE_SECONDS)
    with work_budget(GUARD_FACTOR * plan.cost, seconds):
        return equities_body(run_plan(plan))
