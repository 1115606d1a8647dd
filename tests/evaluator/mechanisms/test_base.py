"""The mechanism records (evaluator/mechanisms): plain frozen data a generic codec can walk, each kind named once,
nothing imported from the engine or the variant, and the engine naming no game's mechanism; and the hooks that
change a game's pots and hands, each on the rule it proves."""

from __future__ import annotations

import ast
import dataclasses
import types
import typing
from pathlib import Path

import pytest

from evaluator.catalog import all_variants
from evaluator.formation import Count, Formation
from evaluator.hands.spec import HandSpec
from evaluator.mechanisms import (
    KINDS,
    Breaker,
    ClaimedHands,
    Declare,
    Guts,
    HighLow,
    Mechanism,
    NoQualifiersAbove,
    PotTable,
    Shares,
)
from evaluator.mechanisms.division import Division
from evaluator.rankings import HIGH, LOW_A5, LowQualifier
from evaluator.rankings.special import GUTS2, GUTS3
from evaluator.results import PlayedHand
from evaluator.values.cards import Card, parse_cards
from evaluator.values.deal import Deal, Seat
from evaluator.values.pots import Pot
from evaluator.variant import Variant

ROOT = Path(__file__).resolve().parents[3] / "evaluator"
#: The engine: what adjudicates, checks and costs a deal by calling the mechanisms' hooks.
ENGINE = ("engine/showdown.py", "engine/validation.py", "engine/runs.py", "engine/cost.py", "engine/hand_evaluation.py",
          "engine/search.py", "engine/slots.py", "engine/summary.py", "engine/group_search.py", "engine/claimed.py")
#: What the engine may import from evaluator.mechanisms: the hooks' types, never one mechanism.
HOOK_TYPES = {"DealCheck", "Division", "Mechanism", "MutableHands", "PotTable", "Rules", "Table"}


def _records() -> list[type[Mechanism]]:
    found: list[type[Mechanism]] = []
    todo: list[type[Mechanism]] = [Mechanism]
    while todo:
        for sub in todo.pop().__subclasses__():
            todo.append(sub)
            # the abstract division is no record; a subclass made outside the library (ARCHITECTURE.md's doctest
            # defines one, unregistered on purpose) is not the catalog's
            if sub is not Division and sub.__module__.startswith("evaluator."):
                found.append(sub)
    return found


def _plain(hint: object) -> bool:
    """Whether a field's type is plain data: str, int, bool, None, a card, a count, a formation, a Literal, a tuple
    of such, or another mechanism record."""
    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        return all(isinstance(a, str) for a in typing.get_args(hint))
    if origin in (tuple, types.UnionType, typing.Union):
        return all(a is Ellipsis or _plain(a) for a in typing.get_args(hint))
    return hint in (str, int, bool, type(None), Card, Count, Formation) or (
        isinstance(hint, type) and issubclass(hint, Mechanism))


@pytest.mark.parametrize("record", _records(), ids=lambda r: r.__name__)
def test_every_mechanism_record_is_frozen_keyword_only_plain_data(record: type[Mechanism]) -> None:
    assert dataclasses.is_dataclass(record)
    params = record.__dataclass_params__
    assert params.frozen and all(f.kw_only for f in dataclasses.fields(record))
    hints = typing.get_type_hints(record)
    for field in dataclasses.fields(record):
        assert _plain(hints[field.name]), f"{record.__name__}.{field.name}: {hints[field.name]}"


def test_each_mechanism_kind_is_named_once_and_listed_by_it() -> None:
    kinds = [r.kind for r in _records()]
    assert len(kinds) == len(set(kinds))
    assert {r.kind: r for r in _records()} == KINDS


def test_the_catalog_uses_only_records_of_these_kinds() -> None:
    records = set(_records())
    for variant in all_variants():
        assert {type(m) for m in variant.pipeline} <= records, variant.id


def _imports(path: Path) -> list[tuple[str, tuple[str, ...]]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [(node.module, tuple(a.name for a in node.names)) for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module]


@pytest.mark.parametrize("name", ENGINE)
def test_the_engine_names_no_mechanism(name: str) -> None:
    named = {n for module, names in _imports(ROOT / name) if module.startswith("evaluator.mechanisms") for n in names}
    assert named <= HOOK_TYPES


def _played(name: str, score: int | None, qualifies: bool = True) -> PlayedHand:
    return PlayedHand(name=name, score=score, qualifies=qualifies)


SPECS = (HandSpec(name="high", ranking=HIGH, formation=Formation()),
         HandSpec(name="low", ranking=LOW_A5, formation=Formation(), qualifier=LowQualifier(8)))


def _table(hands: tuple[HandSpec, ...] = SPECS, order: tuple[str, ...] = ("ann", "bob")) -> PotTable:
    return PotTable(hands=hands, seat_order=order, declared={}, events={})


def test_a_high_low_split_follows_its_ratio_the_odd_chip_to_high() -> None:
    hands = {"ann": {"high": _played("high", 9), "low": _played("low", 1)},
             "bob": {"high": _played("high", 1), "low": _played("low", 9)}}
    shares = HighLow(split_ratio=(3, 1)).divide(Pot(101, ("ann", "bob")), hands, _table()).shares
    assert [(s.name, s.amount, s.winners) for s in shares] == [("high", 76, ("ann",)), ("low", 25, ("bob",))]


def test_indivisible_chips_of_shares_stay_in_the_pot_where_the_rule_says_so() -> None:
    hands = {p: {"high": _played("high", 5), "low": _played("low", 5)} for p in ("ann", "bob", "cy")}
    result = Shares(shares=(("high", 1), ("low", 1)), odd_chips_stay=True).divide(
        Pot(101, ("ann", "bob", "cy")), hands, _table(order=("ann", "bob", "cy")))
    assert sum(s.amount for s in result.shares) + result.carried_over == 101 and result.carried_over > 0


@pytest.mark.parametrize(("ranking", "carried"), [(GUTS3, 100), (GUTS2, 0)])
def test_a_lone_dealer_needs_the_category_set_for_his_hands_ranking(ranking: object, carried: int) -> None:
    spec = HandSpec(name="high", ranking=ranking, formation=Formation())  # type: ignore[arg-type]
    hands = {"bob": {"high": _played("high", 0)}}  # the lowest hand of the ranking: no pair
    result = Guts(lone_dealer_needs=((GUTS3.name, "pair"),)).divide(Pot(100, ("bob",)), hands,
                                                                    _table((spec,), ("ann", "bob")))
    assert result.carried_over == carried


def test_with_more_players_than_its_limit_a_game_has_no_qualifiers() -> None:
    game = next(v for v in all_variants() if v.find(NoQualifiersAbove) is not None)
    rule = game.find(NoQualifiersAbove)
    assert rule is not None
    seats = tuple(Seat(id=f"p{i}", hole=parse_cards("2c3c")) for i in range(rule.players + 1))
    many: Variant = rule.prepare(game, Deal(seats=seats))[0]
    few: Variant = rule.prepare(game, Deal(seats=seats[:rule.players]))[0]
    assert all(h.qualifier is None for h in many.hands)
    assert few.hands == game.hands


def test_a_wrapping_division_reads_what_its_inner_division_reads() -> None:
    assert Breaker(division=Declare()).reads == {"declare"}
    assert ClaimedHands(division=Declare()).reads == {"declare", "declared_hand"}
    assert ClaimedHands().reads == {"declared_hand"} and not Breaker().reads
