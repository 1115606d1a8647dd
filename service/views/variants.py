"""``GET /v1/variants`` and ``GET /v1/variants/{variant_id}``."""

from __future__ import annotations

from typing import Any

from evaluator import all_variants, describe_variant, variant_summary
from service.api import Blueprint, variant_in_path
from service.examples import work_document
from service.schemas import VariantListSchema, VariantSchema

__all__ = ["blp"]

blp = Blueprint("variants", __name__, description="The catalog of variants.")
_ID_PARAMETER = {"in": "path", "name": "variant_id",
                 "description": "A variant id or alias (case-insensitive)."}


@blp.route("/v1/variants", methods=["GET"])
@blp.response(200, VariantListSchema)
@blp.doc(operationId="listVariants")
def list_variants() -> dict[str, Any]:
    """List the catalog

    Every variant's id, name, aliases, tags and short description.
    """
    return {"variants": [variant_summary(v) for v in all_variants()]}


@blp.route("/v1/variants/<variant_id>", methods=["GET"], parameters=[_ID_PARAMETER])
@blp.response(200, VariantSchema)
@blp.doc(operationId="getVariant")
def get_variant(variant_id: str) -> dict[str, Any]:
    """Describe one variant

    Everything a client needs to build a request (deck, card counts, board, formations, rankings, qualifiers,
    pot division, options with defaults, events) and `example`, a complete request it can post as it is. An
    unknown id is a 404.
    """
    variant = variant_in_path(variant_id)
    return {**describe_variant(variant), "work": work_document(variant), "rules": variant}
