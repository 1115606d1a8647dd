"""Every variant describes itself completely: each pot division kind and odd-chip rule has its text."""

from __future__ import annotations

from typing import get_args

import pytest

from evaluator import all_variants, describe_variant
from evaluator.describe import DIVISIONS, ODD_CHIP_RULES
from evaluator.variant import OddChipRule, PotDivision, Variant


def test_every_pot_division_kind_is_described() -> None:
    assert set(get_args(PotDivision)) == set(DIVISIONS)


def test_every_odd_chip_rule_is_described() -> None:
    assert set(get_args(OddChipRule)) == set(ODD_CHIP_RULES)


@pytest.mark.parametrize("variant", all_variants(), ids=lambda v: v.id)
def test_every_variant_describes_its_hands_and_division(variant: Variant) -> None:
    described = describe_variant(variant)
    assert [h["name"] for h in described["hands"]] == [h.name for h in variant.hands]
    assert described["pot_division"]["kind"] == variant.division and described["pot_division"]["description"]
