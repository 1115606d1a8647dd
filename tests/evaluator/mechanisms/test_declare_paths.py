"""The shortcuts of Declare's one-group choice and of board groups against their straightforward readings: on seeded
deals of every catalog variant with a declaration or board groups (the example generator's, at its fewest seats and
the most its deck serves, under each option value), each answer equals the answer with the straightforward reading
patched in:

- the group search (``Table.group_bests``: every group of both hands in one search) against each group searched
  alone (``Declare.searched_by_group``), and its scores read from the showdown's search of the hands
  (``group_search._from_search``) against each group's combinations listed and scored again;
- a both-way declarer's hand the search found in his chosen group, kept (``Declare.sees_searched_hands``), against
  that group's hand spelled out again;
- a board group's wild cards (``GroupPositionRank.in_group``) and the cards of some ranks (``_of_ranks``) found by
  set lookups against the plain reading of the rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

import pytest
from marshmallow import ValidationError

import evaluator.engine.group_search as group_search
import evaluator.engine.showdown as showdown
import evaluator.wilds.rules as rules
from evaluator import all_variants
from evaluator.catalog import variant_named
from evaluator.documents.examples import seeded_requests
from evaluator.mechanisms.division import Declare
from evaluator.mechanisms.hand_rules import NoQualifiersAbove, OutIfFaceUp
from evaluator.values.cards import JOKER_BASE, Card
from evaluator.values.deal import Deal, Seat
from evaluator.variant import Variant
from service.schemas.requests import ShowdownRequestSchema
from tests.evaluator.engine.test_wild_paths import _answer
from tests.samples import samples


def _settings(variant: Variant) -> list[dict[str, str]]:
    """The variant's defaults, and each option value."""
    return [{}, *({option.name: value} for option in variant.options for value in option.values)]


def _variants() -> list[Variant]:
    """Every catalog game with a declaration or board groups, under its defaults or one of its option values."""
    found = []
    for variant in all_variants():
        games = [variant.with_options(variant.resolved_options(options)) for options in _settings(variant)]
        if variant.not_showdown is None and any(isinstance(game.division, Declare) or any(
                h.formation.groups for h in game.hands) for game in games):
            found.append(variant)
    return found


VARIANTS = _variants()


def _calls(variant: Variant) -> list[Any]:
    """The seeded requests at its fewest seats and at the most its deck serves, under each option value."""
    low, high = variant.seating.min, variant.seating.max
    calls = []
    for options in _settings(variant):
        for seats in ([low], range(high, low, -1)):
            for players in seats:
                try:
                    bodies = seeded_requests(variant, players, samples(3, 24), options)
                except IndexError:  # the deck ran out
                    continue
                for body in bodies:
                    try:
                        calls.append(ShowdownRequestSchema().load(body))
                    except ValidationError:
                        continue
                break
    return calls


def _in_group_plainly(rule: rules.GroupPositionRank, seat: Seat, deal: Deal, usable: Sequence[Card],
                      group: Sequence[str]) -> frozenset[Card]:
    board = dict(zip(deal.positions or (), deal.board, strict=False))
    cards = {board[p] for p in group if p in rule.positions and p in board}
    ranks = {c.rank for c in cards if not c.is_joker}
    return frozenset(c for c in usable if (c < JOKER_BASE and c.rank in ranks) or c in cards)


def _of_ranks_plainly(cards: Iterable[Card], ranks: Iterable[int]) -> frozenset[Card]:
    wanted = set(ranks)
    return frozenset(c for c in cards if not c.is_joker and c.rank in wanted)


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.id)
def test_every_answer_is_the_answer_of_the_straightforward_readings(variant: Variant,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _calls(variant)
    assert calls
    for call in calls:
        fast = _answer(call)
        with monkeypatch.context() as patch:
            patch.setattr(group_search, "_from_search", lambda *_: None)
            assert _answer(call) == fast, call.deal
        with monkeypatch.context() as patch:
            patch.setattr(showdown._Table, "group_bests", lambda *_: None)
            patch.setattr(Declare, "sees_searched_hands", lambda *_: False)
            patch.setattr(rules.GroupPositionRank, "in_group", _in_group_plainly)
            patch.setattr(rules, "_of_ranks", _of_ranks_plainly)
            assert _answer(call) == fast, call.deal


def test_declare_keeps_the_searched_hands_only_where_no_mechanism_before_it_changes_hands() -> None:
    elevator = variant_named("elevator")
    division = elevator.division
    assert isinstance(division, Declare)
    assert division.sees_searched_hands(elevator)
    assert not division.sees_searched_hands(replace(elevator, mechanisms=(OutIfFaceUp(ranks=(0,)),)))
    assert division.sees_searched_hands(replace(elevator, mechanisms=(NoQualifiersAbove(players=8),)))
    assert not replace(division, both_tie="tie_ok").sees_searched_hands(elevator)  # not this game's own division
