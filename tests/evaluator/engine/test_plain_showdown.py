"""The lean path for plain games (:mod:`evaluator.engine.plain_showdown`) answers exactly what the general engine does.

Each test runs :func:`evaluator.adjudicate` twice on the same deal, once as it is (plain games take the lean path)
and once with the lean path switched off, and the two :class:`ShowdownResult` s must be equal: every hand's cards,
hole and board cards, description and strength, every pot's shares and odd chips, the summary. Deals are seeded
random deals of every plain catalog game, some from a deck of few suits so that flushes and ties are common.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import evaluator.engine.showdown as showdown
from evaluator import adjudicate, showdown_cost
from evaluator.catalog import all_variants, variant_named
from evaluator.engine.plain_showdown import adjudicate_plain, plain_cost, plain_shape
from evaluator.engine.validation import problems_in_deal
from evaluator.values.budget import work_budget
from evaluator.values.cards import Card, card_of, parse_card, parse_cards
from evaluator.values.deal import Deal, Seat
from evaluator.values.errors import ComplexityLimitError, InvalidShowdown
from evaluator.values.pots import Pot
from evaluator.variant import TableCards, Variant
from evaluator.wilds.play import WildPlay
from evaluator.wilds.rules import FixedRanks
from tests.samples import samples

PLAIN = [v for v in all_variants() if plain_shape(v) is not None]


def _general(game: Variant, deal: Deal, monkeypatch: pytest.MonkeyPatch) -> object:
    """The general engine's answer (or its refusal), the lean path switched off."""
    with monkeypatch.context() as patch:
        patch.setattr(showdown, "adjudicate_plain", lambda *_: None)
        try:
            return adjudicate(game, deal)
        except InvalidShowdown as refused:
            return refused.problems


def _deals(game: Variant, rng: random.Random, count: int) -> Iterator[Deal]:
    """Random deals of ``game``: any number of seats it allows and cards each place allows (a stud game's seventh
    card shared as the board, or not), sometimes a deck of two or three suits (flushes, straight flushes and equal
    hands become common), sometimes folded players (their cards sent or not; two players at least still in), a pot,
    no money or a button."""
    made = 0
    while made < count:
        board = rng.randint(game.board.count.min, game.board.count.max)
        up = rng.randint(game.up.min, game.up.max)
        hole = 7 - board - up if game.own_plus_board is not None else game.hole.min
        suits = rng.choice((4, 4, 3, 2))
        deck = [card_of(c) for c in range(52) if c & 3 < suits]
        most = min(game.seating.max, (len(deck) - board) // (hole + up))
        if hole not in game.hole or most < 2:
            continue
        rng.shuffle(deck)
        players = rng.randint(2, most)
        own = iter(deck[board:])
        folded = set(rng.sample(range(players), rng.randint(0, players - 2))) if rng.random() < 0.3 else set()
        seats = tuple(Seat(id=f"p{i}", hole=tuple(next(own) for _ in range(hole)),
                           up=tuple(next(own) for _ in range(up)), folded=i in folded) for i in range(players))
        seats = tuple(replace(s, hole=(), up=()) if s.folded and rng.random() < 0.5 else s for s in seats)
        button = rng.choice((None, seats[rng.randrange(players)].id))
        yield Deal(seats=seats, board=tuple(deck[:board]), pot=rng.choice((None, 0, 7, 100, rng.randint(1, 999))),
                   button=button)
        made += 1


@pytest.mark.parametrize("game", PLAIN, ids=lambda v: v.id)
def test_the_lean_path_answers_as_the_general_engine(game: Variant, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(f"plain {game.id}")
    for deal in _deals(game, rng, samples(60, 2_000)):
        assert adjudicate_plain(game, game, {}, deal) is not None  # the lean path is taken
        assert adjudicate(game, deal) == _general(game, deal, monkeypatch), deal


@pytest.mark.parametrize("name", ["texas-holdem", "omaha-hi-lo-8", "seven-card-stud-hi-lo-8"])
def test_the_hot_games_agree_on_many_deals(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = variant_named(name)
    rng = random.Random(f"many {name}")
    for deal in _deals(game, rng, samples(400, 20_000)):
        assert adjudicate(game, deal) == _general(game, deal, monkeypatch), deal


@pytest.mark.parametrize("name", ["texas-holdem", "omaha", "omaha-hi-lo-8", "seven-card-stud",
                                  "seven-card-stud-hi-lo-8"])
def test_cards_mostly_of_one_suit_play_the_flush_the_general_engine_plays(name: str,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Five, six or seven of a seat's cards of one suit (the lean path then scores only that suit's combinations),
    straight flushes among them: a deck of one suit and a few cards of the others."""
    game = variant_named(name)
    rng = random.Random(f"one suit {name}")
    for _ in range(samples(60, 1_000)):
        suit = rng.randrange(4)
        deck = [card_of(c) for c in range(52) if c & 3 == suit] + rng.sample(
            [card_of(c) for c in range(52) if c & 3 != suit], rng.randint(0, 6))
        rng.shuffle(deck)
        own = game.hole.min + game.up.min
        board = game.board.count.min if game.own_plus_board is None else 7 - own
        players = rng.randint(2, max(2, min(game.seating.max, (len(deck) - board) // own)))
        deck += [card_of(c) for c in range(52) if card_of(c) not in deck][:max(0, players * own + board - len(deck))]
        cards = iter(deck)
        seats = tuple(Seat(id=f"p{i}", hole=tuple(next(cards) for _ in range(game.hole.min)),
                           up=tuple(next(cards) for _ in range(game.up.min))) for i in range(players))
        deal = Deal(seats=seats, board=tuple(next(cards) for _ in range(board)), pot=rng.randint(0, 999))
        assert adjudicate_plain(game, game, {}, deal) is not None
        assert adjudicate(game, deal) == _general(game, deal, monkeypatch), deal


@pytest.mark.parametrize(("hole", "played"), [(("As", "2c", "2d", "Kc"), "2d"), (("As", "2d", "2c", "Kc"), "2d"),
                                               (("As", "2c", "2h", "2d"), "2h"), (("2c", "As", "Kc", "2s"), "2s")])
def test_of_omaha_combinations_that_differ_only_by_a_deuces_suit_the_higher_deuce_plays(
        hole: tuple[str, ...], played: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Equal scores (the wheel, high and low) made with either of two deuces: the combination whose cards, highest
    first, are highest plays, the higher deuce, even beside the two of clubs (the lowest card of the deck)."""
    game = variant_named("omaha-hi-lo-8")
    deal = Deal(seats=(Seat(id="ann", hole=parse_cards(hole)), Seat(id="bob", hole=parse_cards("Jh Jd 9c 9s"))),
                board=parse_cards("3h 4h 5s 9d Qc"), pot=100)
    answer = adjudicate(game, deal)
    assert answer == _general(game, deal, monkeypatch)
    ann = answer.players[0].hands
    assert parse_card(played) in ann["low"].cards and parse_card(played) in ann["high"].cards


@pytest.mark.parametrize("name", ["texas-holdem", "omaha", "omaha-hi-lo-8", "seven-card-stud",
                                  "seven-card-stud-hi-lo-8", "razz"])
def test_the_common_games_are_plain(name: str) -> None:
    assert plain_shape(variant_named(name)) is not None


def test_a_game_with_any_rule_besides_hands_and_division_is_not_plain() -> None:
    holdem = variant_named("texas-holdem")
    assert plain_shape(replace(holdem, wilds=(FixedRanks(ranks=(0,)),))) is None
    assert plain_shape(replace(holdem, table=TableCards(cards="up"))) is None
    assert plain_shape(replace(holdem, wild_play=WildPlay(natural_beats_wild=True))) is None
    assert plain_shape(replace(holdem, hands=(replace(holdem.hands[0], short_hands=True),))) is None
    assert plain_shape(variant_named("short-deck-holdem")) is None  # another deck, another ranking
    assert plain_shape(variant_named("five-card-stud")) is None  # five cards: no choice of five to make


def test_options_that_leave_a_game_plain_keep_the_lean_path(monkeypatch: pytest.MonkeyPatch) -> None:
    for game in (v for v in all_variants() if v.options):
        for option in game.options:
            for value in option.values:
                chosen = game.resolved_options({option.name: value})
                played = game.with_options(chosen)
                if plain_shape(played) is None:
                    continue
                for deal in _deals(played, random.Random(f"{game.id} {value}"), 5):
                    with monkeypatch.context() as patch:
                        patch.setattr(showdown, "adjudicate_plain", lambda *_: None)
                        general = adjudicate(game, deal, {option.name: value})
                    assert adjudicate(game, deal, {option.name: value}) == general


# cards 0..51 and a few jokers past the deck; a small pool makes duplicates likely
cards = st.integers(min_value=0, max_value=54).map(Card)


@st.composite
def rough_deals(draw: st.DrawFn) -> Deal:
    """Deals that are often wrong in one way: cards out of the deck or twice, wrong counts, up cards, folds,
    duplicate ids, unknown buttons, negative or listed pots."""
    n = draw(st.integers(1, 4))
    seats = tuple(Seat(id=draw(st.sampled_from(("a", "b", "c", "d"))) if draw(st.booleans()) else f"p{i}",
                       hole=tuple(draw(st.lists(cards, min_size=1, max_size=5))),
                       up=tuple(draw(st.lists(cards, max_size=1))), folded=draw(st.booleans()) and i > 0)
                  for i in range(n))
    money = draw(st.sampled_from(("pot", "none", "pots", "negative")))
    return Deal(seats=seats, board=tuple(draw(st.lists(cards, min_size=4, max_size=6))),
                pot={"pot": 10, "negative": -1}.get(money), button=draw(st.sampled_from((None, "p0", "zz"))),
                pots=(Pot(10, tuple(s.id for s in seats)),) if money == "pots" else None)


@settings(max_examples=samples(300, 3_000))
@given(deal=rough_deals(), name=st.sampled_from(["texas-holdem", "omaha-hi-lo-8", "big-o", "seven-card-stud"]))
def test_the_lean_path_takes_only_deals_the_checks_find_nothing_wrong_with(deal: Deal, name: str) -> None:
    game = variant_named(name)
    if adjudicate_plain(game, game, {}, deal) is not None:
        assert problems_in_deal(game, deal) == []


@settings(max_examples=samples(300, 3_000))
@given(deal=rough_deals(), name=st.sampled_from(["texas-holdem", "omaha-hi-lo-8", "razz"]))
def test_a_rough_deal_gets_the_general_answer(deal: Deal, name: str) -> None:
    game = variant_named(name)
    with pytest.MonkeyPatch.context() as patch:
        general = _general(game, deal, patch)
    try:
        answer: object = adjudicate(game, deal)
    except InvalidShowdown as refused:
        answer = refused.problems
    assert answer == general


@pytest.mark.parametrize("name", ["texas-holdem", "omaha-hi-lo-8"])
def test_the_lean_path_charges_the_work_budget_as_the_general_engine(name: str,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    game = variant_named(name)
    deal = next(_deals(game, random.Random("budget"), 1))
    spent = []
    for lean in (True, False):
        with monkeypatch.context() as patch:
            if not lean:
                patch.setattr(showdown, "adjudicate_plain", lambda *_: None)
            with work_budget() as budget:
                adjudicate(game, deal)
            spent.append(budget.spent)
            with work_budget(limit=spent[-1] - 1), pytest.raises(ComplexityLimitError):
                adjudicate(game, deal)
    assert spent[0] == spent[1] > 0


@pytest.mark.parametrize("game", PLAIN, ids=lambda v: v.id)
def test_the_plain_cost_is_the_showdown_cost(game: Variant) -> None:
    rng = random.Random(f"cost {game.id}")
    for deal in _deals(game, rng, samples(30, 500)):
        assert plain_cost(game, deal) == showdown_cost(game, deal) > 0, deal


def test_the_plain_cost_with_options_is_the_showdown_cost() -> None:
    for game in (v for v in all_variants() if v.options):
        for option in game.options:
            for value in option.values:
                chosen = {option.name: value}
                if plain_shape(game.with_options(game.resolved_options(chosen))) is None:
                    continue
                for deal in _deals(game.with_options(game.resolved_options(chosen)), random.Random(value), 3):
                    assert plain_cost(game, deal, chosen) == showdown_cost(game, deal, chosen) > 0


@settings(max_examples=samples(300, 3_000))
@given(deal=rough_deals(), name=st.sampled_from(["texas-holdem", "omaha-hi-lo-8", "big-o", "seven-card-stud"]))
def test_the_plain_cost_answers_only_what_the_showdown_cost_does(deal: Deal, name: str) -> None:
    game = variant_named(name)
    cost = plain_cost(game, deal)
    assert cost is None or cost == showdown_cost(game, deal)
    assert (cost is None) == (adjudicate_plain(game, game, {}, deal) is None)


def test_a_game_that_is_not_plain_or_bad_options_have_no_plain_cost() -> None:
    holdem = variant_named("texas-holdem")
    deal = next(_deals(holdem, random.Random("not plain"), 1))
    assert plain_cost(variant_named("short-deck-holdem"), deal) is None  # another deck, another ranking
    assert plain_cost(holdem, deal, {"no-such-option": "x"}) is None
    assert plain_cost(holdem, replace(deal, runs=2)) is None
