"""Cucamonga's rule (:class:`NoQualifiersAbove`): with more players than its limit, the game without qualifiers is
made once per game and reused, and it is the game the straightforward reading makes each time (every hand's
qualifier dropped); with no more players, the game is its own."""

from __future__ import annotations

from evaluator.catalog import variant_named
from evaluator.mechanisms.hand_rules import NoQualifiersAbove
from evaluator.values.deal import Deal, Seat
from evaluator.values.frozen import replaced

CUCAMONGA = variant_named("cucamonga")
RULE = next(m for m in CUCAMONGA.mechanisms if isinstance(m, NoQualifiersAbove))


def _deal(players: int) -> Deal:
    return Deal(seats=tuple(Seat(id=f"p{i}") for i in range(players)), pot=players)


def test_the_game_without_qualifiers_is_made_once_per_game_as_the_straightforward_reading_makes_it() -> None:
    fresh = CUCAMONGA.with_hands(tuple(replaced(h, qualifier=None) for h in CUCAMONGA.hands))
    first, deal = RULE.prepare(CUCAMONGA, many := _deal(RULE.players + 1))
    assert deal is many and first == fresh
    assert RULE.prepare(CUCAMONGA, _deal(RULE.players + 2))[0] is first


def test_with_no_more_players_than_the_limit_the_game_is_its_own() -> None:
    assert RULE.prepare(CUCAMONGA, _deal(RULE.players))[0] is CUCAMONGA


def test_a_game_made_for_another_game_is_never_taken_for_this_one() -> None:
    other = replaced(CUCAMONGA, name="Cucamonga (another record)")
    mine = RULE.prepare(CUCAMONGA, _deal(RULE.players + 1))[0]
    theirs = RULE.prepare(other, _deal(RULE.players + 1))[0]
    assert theirs is not mine and theirs.name == other.name and mine.name == CUCAMONGA.name
