"""The hot-path encoder answers exactly what the documented response schema dumps."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from evaluator import adjudicate, all_variants, describe_variant
from service.encoding import showdown_body
from service.schemas import ShowdownRequestSchema, ShowdownResponseSchema
from tests.service.conftest import one_app_per_module

app = one_app_per_module()

GOLDEN = Path(__file__).parent.parent / "golden" / "cases"


def _requests() -> list[tuple[str, dict[str, Any]]]:
    found = [(f"example/{v.id}", describe_variant(v)["example"]) for v in all_variants() if v.not_showdown is None]
    for path in sorted(GOLDEN.glob("*.json")):
        for case in json.loads(path.read_text())["cases"]:
            found.append((f"golden/{path.stem}/{case['name']}", case["request"]))
    return found


@pytest.mark.parametrize(("name", "body"), _requests(), ids=[n for n, _ in _requests()])
def test_encoder_matches_the_documented_response_schema(app: Flask, name: str, body: dict[str, Any]) -> None:
    with app.app_context():
        call = ShowdownRequestSchema().load(body)
        result = adjudicate(call.variant, call.deal, call.options)
        assert showdown_body(result) == ShowdownResponseSchema().dump(result)
