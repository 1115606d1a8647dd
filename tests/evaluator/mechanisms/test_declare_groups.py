"""A both-way declarer who makes high and low from one board group (``Declare.both_from_one_group``: Elevator,
Pyramid): the group chosen from one search of every group (``Table.group_bests``) is the group, and the hands are
the hands, that searching each group on its own gives (``Declare.searched_by_group``, the straightforward way), on
many seeded deals: every answer identical, ties and wild cards included."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

import evaluator.engine.showdown as showdown
from evaluator.catalog import CATALOG, variant_named
from evaluator.catalog.layouts.blocks import hilo
from evaluator.engine.showdown import adjudicate
from evaluator.mechanisms.division import Declare
from evaluator.values.cards import card_of, parse_cards
from evaluator.values.deal import Deal, Seat
from evaluator.variant import Variant
from evaluator.wilds.play import WildPlay
from evaluator.wilds.sequence import STRAIGHT_WILDS
from tests.samples import samples


def _one_group_games() -> list[Variant]:
    """Every catalog game whose both-way declarer plays one group, under each option value."""
    found = []
    for variant in CATALOG:
        if isinstance(variant.division, Declare) and variant.division.both_from_one_group:
            found.append(variant)
            found += [variant.with_options(variant.resolved_options({option.name: value}))
                      for option in variant.options for value in option.values]
    return found


def _rule_games() -> list[Variant]:
    """The same rule with the scoring's rarer paths: ties enough, a qualified low, a natural hand ahead of a wild
    one, a restricted wild card, deuces that only fill straights, the best possible tie allowed."""
    elevator, wild = variant_named("elevator"), variant_named("elevator-wild")
    tie_ok = Declare(both_from_one_group=True, both_tie="tie_ok")
    best_tie = Declare(both_from_one_group=True, best_possible_tie_ok=True)
    formation = elevator.hands[0].formation
    choice = ((parse_cards("2c")[0], tuple(parse_cards("Ac Ad"))),)
    return [replace(elevator, id="elevator-tie-ok", division=tie_ok),
            replace(elevator, id="elevator-qualified-low", hands=hilo(formation, qualifier=True)),
            replace(wild, id="elevator-natural-first", wild_play=WildPlay(natural_beats_wild=True), division=best_tie),
            replace(wild, id="elevator-choice-card", wild_play=WildPlay(choice_cards=choice)),
            replace(elevator, id="elevator-straight-wilds", wild_play=WildPlay(sequence_wilds=STRAIGHT_WILDS))]


GAMES = _one_group_games() + _rule_games()


def _deals(game: Variant, rng: random.Random, count: int) -> Iterator[Deal]:
    """Random deals: a deck of two to four suits (equal hands are common with fewer), two players to as many as it
    serves, most declaring both ways, some folded."""
    positions = game.board.layout.required if game.board.layout else ()
    hole = game.hole.min
    for _ in range(count):
        suits = rng.choice((4, 4, 3, 2))
        deck = [card_of(c) for c in range(52) if c & 3 < suits]
        rng.shuffle(deck)
        most = min(game.seating.max, (len(deck) - len(positions)) // hole)
        players = rng.randint(2, most)
        own = iter(deck[len(positions):])
        folded = set(rng.sample(range(players), rng.randint(0, players - 2))) if rng.random() < 0.2 else set()
        seats = tuple(Seat(id=f"p{i}", hole=tuple(next(own) for _ in range(hole)), folded=i in folded,
                           declare=rng.choice(("both", "both", "both", "high", "low"))) for i in range(players))
        yield Deal(seats=seats, board=tuple(deck[:len(positions)]), positions=tuple(positions),
                   pot=rng.choice((100, 7, rng.randint(1, 999))))


@pytest.mark.parametrize("game", GAMES, ids=lambda v: v.id)
def test_one_search_of_every_group_chooses_as_searching_each_group_alone(game: Variant,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(f"declare groups {game.id}")
    found = showdown._Table.group_bests
    fast: list[bool] = []

    def counted(*args: object) -> object:
        bests = found(*args)  # type: ignore[arg-type]
        fast.append(bests is not None)
        return bests

    for deal in _deals(game, rng, samples(40, 400)):
        with monkeypatch.context() as patch:
            patch.setattr(showdown._Table, "group_bests", counted)
            quick = adjudicate(game, deal)
        with monkeypatch.context() as patch:
            patch.setattr(showdown._Table, "group_bests", lambda *_: None)
            assert quick == adjudicate(game, deal), deal
    assert fast and all(fast)  # the one search was asked, and answered, for both hands
