"""``GET /livez`` and ``GET /readyz``."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields

from service.api import SERVICE_UNAVAILABLE, Blueprint
from service.readiness import require_ready

__all__ = ["blp"]

blp = Blueprint("health", __name__, description="Liveness and readiness probes.")


class HealthSchema(Schema):
    status = fields.String(required=True, metadata={"enum": ["alive", "ready"]})


@blp.route("/livez", methods=["GET"])
@blp.response(200, HealthSchema)
@blp.doc(operationId="getLiveness")
def livez() -> dict[str, Any]:
    """Liveness

    200 while the process can answer.
    """
    return {"status": "alive"}


@blp.route("/readyz", methods=["GET"])
@blp.response(200, HealthSchema)
@blp.alt_response(503, response=SERVICE_UNAVAILABLE[0])
@blp.doc(operationId="getReadiness")
def readyz() -> dict[str, Any]:
    """Readiness

    200 once the catalog and the ranking tables are loaded (at start-up), 503 before.
    """
    require_ready()
    return {"status": "ready"}
