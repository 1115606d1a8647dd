"""Every catalog record as ``rules`` (issue 11): ``GET /v1/variants/{id}`` gives the record as a ``rules`` object,
and posting the record's ``example`` with those rules in place of ``variant`` answers exactly what the id answers:
wild cards, events, options, Breakers, separate and declared hands included."""

from __future__ import annotations

from typing import Any

import pytest

from evaluator import all_variants
from service import create_app
from tests.service.conftest import TestConfig

_CLIENT = create_app(TestConfig).test_client()
IDS = [v.id for v in all_variants()]


def _document(variant_id: str) -> dict[str, Any]:
    response = _CLIENT.get(f"/v1/variants/{variant_id}")
    assert response.status_code == 200
    document: dict[str, Any] = response.get_json()
    return document


@pytest.mark.parametrize("variant_id", IDS)
def test_posting_the_example_with_the_documented_rules_answers_exactly_what_the_id_answers(variant_id: str) -> None:
    document = _document(variant_id)
    example = document["example"]
    if example is None:  # not a showdown game: its rules are refused like its id
        assert document["rules"]["not_showdown"]
        return
    by_id = _CLIENT.post("/v1/showdowns", json=example)
    by_rules = _CLIENT.post("/v1/showdowns", json={**{k: v for k, v in example.items() if k != "variant"},
                                                    "rules": document["rules"]})
    assert by_id.status_code == 200, by_id.get_data(as_text=True)
    assert by_rules.status_code == 200, by_rules.get_data(as_text=True)
    assert by_rules.get_json() == by_id.get_json()


@pytest.mark.parametrize("variant_id", IDS)
def test_evaluating_a_hand_with_the_documented_rules_answers_what_the_id_answers(variant_id: str) -> None:
    document = _document(variant_id)
    example = document["example"]
    if example is None:
        return
    first = example["players"][0]
    body = {"hole": first.get("hole", []), "up": first.get("up", []), "board": example.get("board", []),
            "options": example.get("options", {})}
    by_id = _CLIENT.post("/v1/hands/evaluate", json={**body, "variant": variant_id})
    by_rules = _CLIENT.post("/v1/hands/evaluate", json={**body, "rules": document["rules"]})
    assert (by_rules.status_code, by_rules.get_json()) == (by_id.status_code, by_id.get_json())


def test_odds_with_the_documented_rules_are_the_odds_of_the_id() -> None:
    """Follow the Queen mid-hand: wild cards that come from play, with an up card to come."""
    body = {"dead_cards": ["2c", "2d", "2h", "2s", "3d", "3h", "3s", "4c", "4d"],
            "players": [{"id": "ann", "hole": ["Ah", "Ad", "9c"], "up": ["Qs", "7c", "9d", None]},
                        {"id": "bob", "hole": ["8s", "8d", "3c"], "up": ["Kc", "8h", "Qd", "7h"]}], "pot": 200}
    by_id = _CLIENT.post("/v1/equities", json={**body, "variant": "follow-the-queen"})
    by_rules = _CLIENT.post("/v1/equities", json={**body, "rules": _document("follow-the-queen")["rules"]})
    assert by_id.status_code == 200, by_id.get_data(as_text=True)
    assert by_rules.get_json() == by_id.get_json()
