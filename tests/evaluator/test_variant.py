"""Options are validated by the library itself: whoever calls :func:`adjudicate` (or any entry point that applies
options) gets an :class:`InvalidShowdown` with a problem at ``/options/<name>`` and a stable code, never a
``KeyError``; the service answers with the same codes and words."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import MISSING, fields
from typing import Any, get_type_hints

import pytest

from evaluator.catalog import all_variants, variant_named
from evaluator.engine.cost import showdown_cost
from evaluator.engine.equity import Spot, equities
from evaluator.engine.hand_evaluation import evaluate_hand
from evaluator.engine.showdown import adjudicate
from evaluator.mechanisms import HighLow
from evaluator.values.cards import parse_cards
from evaluator.values.deal import Deal, Seat
from evaluator.values.errors import InvalidShowdown, Problem, ShowdownError
from evaluator.variant import Variant, VariantFields, VariantRecord

FRED = variant_named("fred-potato-poker")  # split: high (default) or high-low
MANILA = variant_named("manila")  # short_deck_ace_low: true (default) or false
HOLDEM = variant_named("texas-holdem")  # no options

DEAL = Deal(seats=(Seat(id="ann", hole=parse_cards("As Ad")), Seat(id="bob", hole=parse_cards("2c 3d"))),
            board=parse_cards("4h 5s 9c Kd Qh"), pot=100)


def problems(call: Callable[[], object]) -> list[Problem]:
    with pytest.raises(InvalidShowdown) as raised:
        call()
    return list(raised.value.problems)


def test_no_options_chosen_resolves_to_the_defaults() -> None:
    assert FRED.resolved_options({}) == {"split": "high"}
    assert MANILA.resolved_options({}) == {"short_deck_ace_low": "true"}
    assert HOLDEM.resolved_options({}) == {}


def test_a_chosen_value_replaces_the_default_and_sets_its_fields() -> None:
    assert FRED.resolved_options({"split": "high-low"}) == {"split": "high-low"}
    game = FRED.with_options({"split": "high-low"})
    assert game.division == HighLow() and [h.name for h in game.hands] == ["high", "low"]
    assert FRED.with_options({}) == FRED.with_options({"split": "high"})


def test_an_unknown_option_is_a_problem_at_its_pointer_naming_the_options_there_are() -> None:
    assert problems(lambda: FRED.resolved_options({"wild": "deuces"})) == [
        Problem("/options/wild", "unknown-option", "Fred Potato Poker has no option 'wild' (its options: split)")]
    assert problems(lambda: HOLDEM.with_options({"split": "high"})) == [
        Problem("/options/split", "unknown-option", "Texas Hold'em has no option 'split' (it has no options)")]


def test_a_value_an_option_does_not_have_is_a_problem_listing_the_allowed_values() -> None:
    assert problems(lambda: FRED.with_options({"split": "bogus"})) == [
        Problem("/options/split", "bad-option-value", "'bogus' is not a value of option 'split': allowed high, "
                "high-low")]


@pytest.mark.parametrize("value", [True, 1, None, ["high"], {"high": 1}])
def test_a_value_that_is_not_a_string_is_a_bad_value_not_a_type_error(value: object) -> None:
    [problem] = problems(lambda: MANILA.resolved_options({"short_deck_ace_low": value}))
    assert (problem.pointer, problem.code) == ("/options/short_deck_ace_low", "bad-option-value")


def test_every_problem_is_listed_at_once_in_the_order_given() -> None:
    found = problems(lambda: FRED.resolved_options({"a/b": "x", "split": "low", "c~d": "y"}))
    assert [(p.pointer, p.code) for p in found] == [
        ("/options/a~1b", "unknown-option"), ("/options/split", "bad-option-value"),
        ("/options/c~0d", "unknown-option")]


ENTRY_POINTS: dict[str, Callable[[Variant, Mapping[str, Any]], object]] = {
    "adjudicate": lambda v, o: adjudicate(v, DEAL, o),
    "adjudicate, run twice": lambda v, o: adjudicate(v, Deal(seats=DEAL.seats, board=DEAL.board[:3], pot=100,
                                                             runs=(parse_cards("Kd Qh"), parse_cards("Ks Qs"))), o),
    "evaluate_hand": lambda v, o: evaluate_hand(v, hole=parse_cards("As Ad"), board=DEAL.board,
                                                options=o),
    "equities": lambda v, o: equities(v, Spot(deal=DEAL, board=(*DEAL.board[:4], None),
                                              hole=(DEAL.seats[0].hole, DEAL.seats[1].hole), up=((), ())), o),
}


@pytest.mark.parametrize("entry", sorted(ENTRY_POINTS))
def test_every_entry_point_refuses_a_bad_option_with_its_problem_never_a_key_error(entry: str) -> None:
    call = ENTRY_POINTS[entry]
    assert problems(lambda: call(FRED, {"split": "bogus"})) == [
        Problem("/options/split", "bad-option-value", "'bogus' is not a value of option 'split': allowed high, "
                "high-low")]
    assert [p.code for p in problems(lambda: call(HOLDEM, {"split": "high"}))] == ["unknown-option"]
    call(FRED, {"split": "high-low"})  # a good value is applied


def test_the_cost_of_a_showdown_with_a_bad_option_is_none_the_showdown_refuses_it() -> None:
    assert showdown_cost(FRED, DEAL, {"split": "bogus"}) == 0 < showdown_cost(FRED, DEAL, {"split": "high-low"})


def test_an_option_problem_is_a_value_error_as_every_library_error_is() -> None:
    with pytest.raises(ValueError, match="/options/split"):
        adjudicate(FRED, DEAL, {"split": "bogus"})
    assert issubclass(ShowdownError, ValueError)


def test_the_typed_field_names_are_exactly_the_records_fields_with_their_types() -> None:
    """:class:`VariantFields` types the catalog's families and options: it must name every field of the record, with
    its type, and nothing else; :class:`VariantRecord` requires exactly the fields without a default."""
    hints = get_type_hints(Variant)
    record = {f.name: hints[f.name] for f in fields(Variant)}
    assert get_type_hints(VariantFields) == record
    assert get_type_hints(VariantRecord) == record
    assert VariantFields.__required_keys__ == frozenset()
    assert VariantRecord.__required_keys__ == {f.name for f in fields(Variant)
                                               if f.default is MISSING and f.default_factory is MISSING}


def test_every_option_value_of_the_catalog_sets_the_fields_it_names() -> None:
    for variant in all_variants():
        for spec in variant.options:
            for value, changes in spec.values.items():
                game = variant.with_options({spec.name: value})
                assert {name: getattr(game, name) for name in changes} == changes, (variant.id, spec.name, value)


def test_the_same_choice_of_options_makes_the_very_same_game_and_a_bad_one_is_refused_every_time() -> None:
    game = FRED.with_options({"split": "high-low"})
    assert FRED.with_options({"split": "high-low"}) is game
    resolved = FRED.resolved_options({"split": "high-low"})
    resolved["split"] = "changed by the caller"  # a copy: the kept choice stays as it was
    assert FRED.resolved_options({"split": "high-low"}) == {"split": "high-low"}
    for _ in range(2):
        assert [p.code for p in problems(lambda: FRED.with_options({"split": "bogus"}))] == ["bad-option-value"]
        assert [p.code for p in problems(lambda: FRED.with_options({"split": ["high"]}))] == ["bad-option-value"]


def test_resolved_game_is_the_resolved_options_and_the_game_they_make_the_options_a_copy() -> None:
    for chosen in ({}, {"split": "high-low"}):
        resolved, game = FRED.resolved_game(chosen)
        assert resolved == FRED.resolved_options(chosen)
        assert game is FRED.with_options(chosen)
        resolved["split"] = "changed by the caller"
        assert FRED.resolved_game(chosen)[0] == FRED.resolved_options(chosen)
    assert problems(lambda: FRED.resolved_game({"split": "bogus"})) == problems(
        lambda: FRED.resolved_options({"split": "bogus"}))


def test_the_hole_sources_a_game_keeps_apart_are_its_mechanisms_hole_sources_card_by_card() -> None:
    keeping = [v for v in all_variants() if v.hole_sources is not None]
    assert keeping  # the Breaker games
    for variant in keeping:
        assert variant.hole_sources is not None
        for card in variant.deck.cards:
            assert variant.hole_sources(card) == variant.hole_source(card)
    assert HOLDEM.hole_sources is None
