"""Every variant describes itself completely: each pot division kind and odd-chip rule has its text, and every
mechanism that says something says it in the variant's notes."""

from __future__ import annotations

from typing import get_args

import pytest

from evaluator import all_variants, describe_variant
from evaluator.documents.describe import ODD_CHIP_RULES
from evaluator.mechanisms import Breaker, ClaimedHands, Declare, Division, HighLow
from evaluator.variant import OddChipRule, Variant

KINDS = ("high", "high-low", "declare", "shares", "two-of-three", "beat-the-boot", "guts")


def _divisions() -> set[type[Division]]:
    found: set[type[Division]] = set()
    todo: list[type[Division]] = [Division]
    while todo:
        for sub in todo.pop().__subclasses__():
            found.add(sub)
            todo.append(sub)
    return found


def test_every_division_record_has_a_kind_of_its_own() -> None:
    kinds = [cls.kind for cls in _divisions()]
    assert len(kinds) == len(set(kinds))
    assert set(KINDS) <= set(kinds)


def test_the_catalog_divides_pots_by_every_kind_the_documents_name() -> None:
    assert {v.division.document_kind for v in all_variants()} == set(KINDS)


def test_a_wrapping_division_is_documented_as_the_division_it_wraps() -> None:
    for wrapper in (Breaker(division=HighLow()), ClaimedHands(division=HighLow())):
        assert (wrapper.document_kind, wrapper.explain()) == ("high-low", HighLow().explain())
    assert Breaker().document_kind == "high"


def test_a_split_ratio_and_tie_rules_are_said_in_the_division_text() -> None:
    assert "splits 3:1 between high and low" in HighLow(split_ratio=(3, 1)).explain()
    assert "still wins that half (tie_ok)" in Declare(both_tie="tie_ok").explain()
    assert "unless he ties with the best hand possible" in Declare(best_possible_tie_ok=True).explain()
    assert "tie_loses" in Declare().explain()


def test_every_odd_chip_rule_is_described() -> None:
    assert set(get_args(OddChipRule)) == set(ODD_CHIP_RULES)


@pytest.mark.parametrize("variant", all_variants(), ids=lambda v: v.id)
def test_every_variant_describes_its_hands_and_division(variant: Variant) -> None:
    described = describe_variant(variant)
    assert [h["name"] for h in described["hands"]] == [h.name for h in variant.hands]
    assert described["pot_division"] == {"kind": variant.division.document_kind,
                                         "description": variant.division.explain()}
    for mechanism in variant.pipeline:
        said = mechanism.describe()
        assert said is None or f"At showdown: {said}." in described["notes"]
