"""The rules codec (service/schemas/rules.py): schemas generated from the evaluator's record classes dump every
catalog record to JSON and load it back to an equal record, with every record class registered."""

from __future__ import annotations

import json
import re
import types
from dataclasses import fields, is_dataclass
from typing import Any, Union, get_args, get_origin, get_type_hints

import pytest

from evaluator import all_variants
from evaluator.variant import Variant
from service.schemas.rules import dump_rules, load_rules
from service.schemas.rules_kinds import FAMILIES, KIND_OF


@pytest.mark.parametrize("variant", all_variants(), ids=lambda v: v.id)
def test_a_record_dumped_as_json_loads_back_to_an_equal_record(variant: Variant) -> None:
    document = json.loads(json.dumps(dump_rules(variant), allow_nan=False))
    assert load_rules(document) == variant


def _hinted(record: type, seen: set[type]) -> set[type]:
    """The dataclasses reachable from a record's type hints: sent as plain objects, no kind needed."""
    if record in seen:
        return seen
    seen.add(record)
    hints = get_type_hints(record)
    stack: list[Any] = [hints[f.name] for f in fields(record)] if is_dataclass(record) else list(hints.values())
    while stack:
        hint = stack.pop()
        stack.extend(get_args(hint))
        if isinstance(hint, type) and (is_dataclass(hint) or hasattr(hint, "__required_keys__")):
            _hinted(hint, seen)
    return seen


def _classes(value: object) -> set[type]:
    found: set[type] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if is_dataclass(item) and not isinstance(item, type):
            found.add(type(item))
            stack.extend(getattr(item, f.name) for f in fields(item))
        elif isinstance(item, tuple | list):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
    return found


def test_every_record_class_in_the_catalog_is_reachable_by_its_hints_or_registered_by_kind() -> None:
    hinted = _hinted(Variant, set())
    missing = {c.__qualname__ for c in _classes(all_variants()) if c not in hinted and c not in KIND_OF}
    assert not missing, f"register these in service/schemas/rules_kinds.py: {sorted(missing)}"


def test_kinds_are_kebab_case_names_each_class_of_one_family_under_one_kind() -> None:
    """A kind names a class within its field's family (a qualifier's ``high`` is not the division ``high``)."""
    kinds = [kind for family in FAMILIES.values() for kind in family]
    assert len(kinds) == len(KIND_OF)
    assert all(re.fullmatch(r"[a-z][a-z0-9]*(-[a-z0-9]+)*", kind) for kind in kinds)


def test_a_union_of_registered_records_is_a_family_by_kind() -> None:
    hint = get_type_hints(type(all_variants()[0].hands[0]))["qualifier"]
    members = [m for m in get_args(hint) if m is not type(None)]
    assert get_origin(hint) in (Union, types.UnionType) and all(m in KIND_OF for m in members)
