"""Golden showdowns: hand-derived answers, one data file per catalog variant, posted to the service.

Every file in ``cases/`` is ``{"variant": id, "cases": [...]}``; each case has a ``name``, the ``rule`` of the rules
reference it proves, a complete ``POST /v1/showdowns`` ``request`` and a partial ``expected`` answer. The expected
answers were worked out by hand from ``variants.md``, never by running the evaluator, so a failure here means
either the service or the case is wrong: re-derive the case by hand before touching either.

``expected`` holds:

- ``payouts``: every player's total (compared exactly);
- ``pots`` (optional): per pot, in order, optionally ``amount`` and ``eligible`` (a set), and ``awards`` matched
  by ``share`` (``amount`` exactly, ``winners`` as a set); a share the case does not list must carry no chips;
- ``players`` (optional): ``{id: {hand name: {"category", "cards" (a set), "qualifies", "reason"}}}``, each key
  optional;
- ``returned`` (optional): the chips given back uncalled, by player (compared exactly; absent means none);
- ``summary_has`` (optional): words the summary must contain.

The money is at most one of ``pot``, ``pots`` or ``contributions`` (with ``dead`` beside contributions); with
none, the hands are ranked for 0 chips.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

CASES_DIR = Path(__file__).resolve().parent / "cases"
ENDPOINT = "/v1/showdowns"


@dataclass(frozen=True)
class GoldenCase:
    variant: str
    name: str
    rule: str
    request: dict[str, Any]
    expected: dict[str, Any]

    @property
    def id(self) -> str:
        return f"{self.variant}/{self.name}"


def _case_files() -> list[Path]:
    return sorted(CASES_DIR.glob("*.json"))


def _load_file(path: Path) -> tuple[str, list[GoldenCase]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    variant = str(data["variant"])
    cases = [GoldenCase(variant=variant, name=str(c["name"]), rule=str(c["rule"]), request=c["request"],
                        expected=c["expected"]) for c in data["cases"]]
    return variant, cases


def _all_cases() -> list[GoldenCase]:
    return [case for path in _case_files() for case in _load_file(path)[1]]


CASES = _all_cases()


@pytest.fixture(scope="module")
def client() -> Iterator[FlaskClient]:
    # Imported here so that collecting the golden cases never depends on the service being importable.
    from service import create_app

    app = create_app()
    app.config.update(TESTING=True)
    with app.test_client() as test_client:
        yield test_client


# --- checks -------------------------------------------------------------------------------------------------


def _money_in(request: Mapping[str, Any]) -> int:
    if "pot" in request:
        return int(request["pot"])
    if "pots" in request:
        return sum(int(p["amount"]) for p in request["pots"])
    return sum(int(c) for c in request.get("contributions", {}).values()) + sum(
        int(c) for c in request.get("dead", {}).values())


def _check_money(case: GoldenCase, answer: Mapping[str, Any]) -> None:
    paid = sum(int(v) for v in answer["payouts"].values())
    carried = sum(int(p.get("carried_over", 0)) for p in answer["pots"])
    assert paid + carried == _money_in(case.request), (
        f"payouts {paid} + carried over {carried} != money in {_money_in(case.request)}")


def _check_pots(expected_pots: list[dict[str, Any]], actual_pots: list[dict[str, Any]]) -> None:
    assert len(actual_pots) == len(expected_pots), f"pots: {actual_pots}"
    for index, (want, got) in enumerate(zip(expected_pots, actual_pots, strict=True)):
        where = f"pots[{index}]"
        if "amount" in want:
            assert got["amount"] == want["amount"], f"{where}.amount"
        if "eligible" in want:
            assert set(got["eligible"]) == set(want["eligible"]), f"{where}.eligible"
        assert got["carried_over"] == want.get("carried_over", 0), f"{where}.carried_over"
        if "owes" in want:
            assert got["owes"] == want["owes"], f"{where}.owes: {got['owes']}"
        if "breaker" in want:
            assert {k: set(v) for k, v in got.get("breaker", {}).items()} == {
                k: set(v) for k, v in want["breaker"].items()}, f"{where}.breaker: {got.get('breaker')}"
        if "awards" not in want:
            continue
        listed = {award["share"] for award in want["awards"]}
        for award in want["awards"]:
            matches = [a for a in got["awards"] if a["share"] == award["share"]]
            assert len(matches) == 1, f"{where}: one {award['share']!r} award expected in {got['awards']}"
            assert matches[0]["amount"] == award["amount"], f"{where} {award['share']} amount: {matches[0]}"
            assert set(matches[0]["winners"]) == set(award["winners"]), (
                f"{where} {award['share']} winners: {matches[0]}")
        extra = [a for a in got["awards"] if a["share"] not in listed and a["amount"]]
        assert not extra, f"{where}: unexpected awards with chips {extra}"


def _check_hands(expected_players: Mapping[str, Any], actual_players: list[dict[str, Any]]) -> None:
    by_id = {p["id"]: p for p in actual_players}
    for player_id, hands in expected_players.items():
        assert player_id in by_id, f"player {player_id} missing from the answer"
        actual_hands = by_id[player_id]["hands"]
        for hand_name, want in hands.items():
            where = f"players[{player_id}].hands.{hand_name}"
            assert hand_name in actual_hands, f"{where} missing: {actual_hands}"
            got = actual_hands[hand_name]
            if "category" in want:
                assert got.get("category") == want["category"], f"{where}.category: {got}"
            if "cards" in want:
                assert set(got.get("cards") or []) == set(want["cards"]), f"{where}.cards: {got}"
            if "qualifies" in want:
                assert got.get("qualifies") == want["qualifies"], f"{where}.qualifies: {got}"
            if "reason" in want:
                assert want["reason"] in (got.get("reason") or ""), f"{where}.reason: {got}"


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_golden_showdown(client: FlaskClient, case: GoldenCase) -> None:
    response = client.post(ENDPOINT, json=case.request)
    assert response.status_code == 200, response.get_data(as_text=True)
    answer = response.get_json()
    assert isinstance(answer, dict)
    _check_money(case, answer)
    assert answer["payouts"] == case.expected["payouts"], f"rule: {case.rule}"
    if "pots" in case.expected:
        _check_pots(case.expected["pots"], answer["pots"])
    if "players" in case.expected:
        _check_hands(case.expected["players"], answer["players"])
    assert answer.get("returned", {}) == case.expected.get("returned", {}), "returned"
    for words in case.expected.get("summary_has", ()):
        assert words in answer["summary"], f"summary: {answer['summary']}"


# --- the data files themselves ------------------------------------------------------------------------------


def test_golden_files_are_well_formed() -> None:
    for path in _case_files():
        variant, cases = _load_file(path)
        assert variant == path.stem, f"{path.name} declares variant {variant!r}"
        names = [case.name for case in cases]
        assert len(names) == len(set(names)), f"{path.name}: duplicate case names"
        for case in cases:
            assert case.request.get("variant") == variant, f"{case.id}: request names another variant"
            assert case.rule.strip(), f"{case.id}: no rule quoted"
            money = [key for key in ("pot", "pots", "contributions") if key in case.request]
            assert len(money) <= 1, f"{case.id}: at most one of pot / pots / contributions"
            ids = {player["id"] for player in case.request["players"]}
            assert set(case.expected["payouts"]) == ids, f"{case.id}: payouts must name every player"
            carried = sum(int(pot.get("carried_over", 0)) for pot in case.expected.get("pots", ()))
            returned = sum(case.expected.get("returned", {}).values())
            assert returned <= sum(case.expected["payouts"].values()), f"{case.id}: returned chips are paid back"
            assert sum(case.expected["payouts"].values()) + carried == _money_in(case.request), (
                f"{case.id}: expected payouts and carried-over chips do not add up to the money in")


def test_every_catalog_variant_has_a_golden_case() -> None:
    from evaluator.catalog import all_variants

    catalog = {variant.id for variant in all_variants()}
    covered = {variant for path in _case_files() for variant, cases in [_load_file(path)] if cases}
    # A game with nothing to adjudicate is covered by a rejection case (cases/invalid/_invalid_*.json) naming it.
    rejected = {case["request"].get("variant") for path in (CASES_DIR / "invalid").glob("_invalid_*.json")
                for case in json.loads(path.read_text())["cases"]}
    covered |= {v.id for v in all_variants() if v.not_showdown is not None and v.id in rejected}
    assert sorted(catalog - covered) == [], "catalog variants without a golden case"
    assert sorted(covered - catalog) == [], "golden files for variants not in the catalog"
