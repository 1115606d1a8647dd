"""``GET /v1/variants`` and ``GET /v1/variants/{id}``; every catalog example is a request a client can post as
it is (contract, Endpoints)."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from evaluator import Variant, all_variants, describe_variant, example_request, variant_summary
from evaluator.values.budget import MAX_WORK_PER_REQUEST
from service.schemas import VariantSchema
from service.schemas.rules import dump_rules
from tests.service.conftest import one_app_per_module, problem

app = one_app_per_module()


def test_catalog_lists_every_variant(client: FlaskClient) -> None:
    response = client.get("/v1/variants")
    assert response.status_code == 200
    assert response.get_json() == {"variants": [variant_summary(v) for v in all_variants()]}


def test_variant_is_found_by_id_or_alias_in_any_case(client: FlaskClient) -> None:
    by_id = client.get("/v1/variants/omaha-hi-lo-8").get_json()
    assert by_id["id"] == "omaha-hi-lo-8"
    assert client.get("/v1/variants/O8").get_json() == by_id


def test_unknown_variant_in_the_path_is_404(client: FlaskClient) -> None:
    body = problem(client.get("/v1/variants/texas-holdout"), 404)
    assert body["type"].endswith("/unknown-variant")
    assert "'texas-holdout'" in body["detail"]


@pytest.mark.parametrize("variant", all_variants(), ids=lambda v: v.id)
def test_variant_document_is_the_library_description(client: FlaskClient, variant: Variant) -> None:
    document = client.get(f"/v1/variants/{variant.id}").get_json()
    work, rules = document.pop("work"), document.pop("rules")
    assert document == describe_variant(variant)
    assert rules == dump_rules(variant)
    # The schema documents every field: dumping through it drops nothing.
    assert VariantSchema().dump({**describe_variant(variant), "work": work, "rules": variant}) == {
        **document, "work": work, "rules": rules}


@pytest.mark.parametrize("variant", all_variants(), ids=lambda v: v.id)
def test_variant_document_states_the_work_budget_and_its_example_cost(client: FlaskClient, variant: Variant) -> None:
    work = client.get(f"/v1/variants/{variant.id}").get_json()["work"]
    assert work["budget"] == MAX_WORK_PER_REQUEST
    if variant.not_showdown is None:
        assert 0 < work["example_cost"] <= MAX_WORK_PER_REQUEST


@pytest.mark.parametrize("variant", [v for v in all_variants() if v.not_showdown is None], ids=lambda v: v.id)
def test_every_catalog_example_adjudicates(client: FlaskClient, variant: Variant) -> None:
    example = client.get(f"/v1/variants/{variant.id}").get_json()["example"]
    response = client.post("/v1/showdowns", json=example)
    assert response.status_code == 200, response.get_data(as_text=True)
    answer = response.get_json()
    assert answer["variant"] == variant.id
    assert sum(answer["payouts"].values()) + sum(p["carried_over"] for p in answer["pots"]) == example["pot"]
    assert [p["id"] for p in answer["players"]] == [p["id"] for p in example["players"]]


@pytest.mark.parametrize("variant", [v for v in all_variants() if v.not_showdown is not None], ids=lambda v: v.id)
def test_a_game_with_nothing_to_adjudicate_answers_422_saying_why(client: FlaskClient, variant: Variant) -> None:
    document = client.get(f"/v1/variants/{variant.id}").get_json()
    assert document["example"] is None  # no runnable example: the notes say why
    assert f"Not a showdown game: {variant.not_showdown}" in document["notes"]
    response = client.post("/v1/showdowns", json=example_request(variant))
    assert response.status_code == 422
    [problem] = response.get_json()["errors"]
    assert problem["pointer"] == "/variant" and problem["code"] == "not-showdown"
    assert problem["detail"] == variant.not_showdown
