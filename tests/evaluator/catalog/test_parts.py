"""The catalog's families: a record is the family's fields, then the record's own; every field is a typed keyword."""

from __future__ import annotations

import pytest

from evaluator.catalog.parts import D36, D52, FLAT5, Family, high, holdem_game
from evaluator.formation import Count
from evaluator.rankings import HIGH_6PLUS

FAMILY = Family(tags=("standard",), deck=D52, hole=Count.exactly(2), board=FLAT5, hands=high(), reference="family")


def test_a_record_has_the_family_fields_and_its_own() -> None:
    record = FAMILY("one", "One", "The first.", hole=Count.exactly(4), aliases=("uno",))
    assert (record.id, record.name, record.description, record.reference) == ("one", "One", "The first.", "family")
    assert (record.deck, record.board, record.hands) == (D52, FLAT5, high())
    assert (record.hole, record.aliases) == (Count.exactly(4), ("uno",))


def test_a_records_reference_replaces_the_familys() -> None:
    assert FAMILY("one", "One", "The first.", "its own").reference == "its own"
    assert FAMILY("one", "One", "The first.", reference="keyword").reference == "keyword"


def test_a_related_family_keeps_the_fields_it_does_not_change() -> None:
    short = FAMILY.but(deck=D36, hands=high(ranking=HIGH_6PLUS))
    record = short("six", "Six", "Short.")
    assert (record.deck, record.hands, record.hole, record.tags) == (D36, high(ranking=HIGH_6PLUS),
                                                                      Count.exactly(2), ("standard",))
    assert FAMILY("one", "One", "The first.").deck == D52


def test_a_record_lacking_a_required_field_is_refused_naming_it() -> None:
    with pytest.raises(TypeError, match="'bare' lacks hands, hole, reference, tags"):
        Family(deck=D52)("bare", "Bare", "Nothing else.")


def test_the_same_record_from_the_family_as_written_directly() -> None:
    assert holdem_game("x", "X", "Y.", "Z") == holdem_game.but(reference="Z")("x", "X", "Y.")
