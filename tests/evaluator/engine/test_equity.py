"""Odds mid-hand (:mod:`evaluator.engine.equity`): exact answers against a brute-force oracle, the vectorised path
against the engine, Monte Carlo against the exact answer, chips that always add up, and the work budget."""

from __future__ import annotations

import math
import re
from dataclasses import replace
from fractions import Fraction
from random import Random

import pytest

from evaluator.catalog import variant_named
from evaluator.engine.equity import (
    MAX_EQUITY_WORK,
    Equities,
    Spot,
    _combination_rows,
    equities,
    equity_summary,
    plan_equities,
)
from evaluator.values.budget import work_budget
from evaluator.values.cards import Card, parse_cards
from evaluator.values.deal import Deal, Seat
from evaluator.values.errors import ComplexityLimitError, InvalidShowdown
from tests.evaluator.equity_brute import SHAPES, OracleSpot, brute_force, random_spot
from tests.samples import samples

ORACLE_SPOTS = 40


def _heads_up(board: str, ann: str, bob: str, pot: int = 200, dead: str = "") -> Spot:
    cards = [None if c == "??" else c for c in board.split()] if board else []
    board_cards = tuple(None if c is None else parse_cards(c)[0] for c in cards)
    seats = (Seat(id="ann"), Seat(id="bob"))
    return Spot(deal=Deal(seats=seats, pot=pot), board=board_cards,
                hole=(parse_cards(ann), tuple(parse_cards(bob)) if bob != "?? ??" else (None, None)),
                up=((), ()), dead=parse_cards(dead) if dead else ())


def _expected(result: Equities) -> dict[str, Fraction]:
    return {p.id: Fraction(p.chips, result.runouts) for p in result.players}


def _oracle_cases(count: int, seed: int) -> list[tuple[str, int, int]]:
    rng = Random(seed)
    names = sorted(SHAPES)
    return [(names[i % len(names)], rng.randint(1, 2), rng.randint(4, 9)) for i in range(count)]


@pytest.mark.parametrize(("index", "case"), list(enumerate(_oracle_cases(ORACLE_SPOTS, 14))))
def test_exact_equity_equals_brute_force_over_every_ordered_draw(index: int, case: tuple[str, int, int]) -> None:
    name, unknown, left = case
    spot = random_spot(Random(1000 + index), name, unknown, left)
    oracle, settled = brute_force(spot)
    result = equities(variant_named(name), spot.spot, method="exact")
    assert result.method == "exact" and settled
    assert _expected(result) == oracle


@pytest.mark.parametrize("seed", range(12))
def test_vectorised_path_agrees_with_the_engine_on_every_share(seed: int) -> None:
    rng = Random(seed)
    name = ("texas-holdem", "omaha-hi-lo-8")[seed % 2]
    case = random_spot(rng, name, 0, 0)
    spot = case.spot
    unknown = rng.randint(1, 2)
    board = list(spot.board)
    for j in rng.sample(range(5), unknown):
        board[j] = None
    known = {c for c in board if c is not None} | {c for h in spot.hole for c in h if c is not None}
    deck = sorted(c for c in variant_named(name).deck.cards if c not in known)
    rng.shuffle(deck)
    deal = spot.deal
    if len(deal.seats) > 2 and seed % 3 == 0:  # the last player folded: his cards are out, his chips dead money
        deal = replace(deal, seats=(*deal.seats[:-1], replace(deal.seats[-1], folded=True)))
    spot = Spot(deal=deal, board=tuple(board), hole=spot.hole, up=spot.up, dead=tuple(deck[12:]))
    fast = equities(variant_named(name), spot, method="exact")
    slow = equities(variant_named(name), spot, method="exact", fast=False)
    assert fast.fast and not slow.fast
    assert (fast.runouts, fast.players, fast.carried_over, fast.pots) == \
        (slow.runouts, slow.players, slow.carried_over, slow.pots)


def test_runouts_of_a_flop_are_every_pair_of_turn_and_river_cards() -> None:
    result = equities(variant_named("texas-holdem"), _heads_up("Kd 7c 2h", "AhKh", "QsQc"))
    assert (result.method, result.runouts, result.unknown_cards) == ("exact", 990, 2)


def test_preflop_heads_up_holdem_is_exact_within_the_budget() -> None:
    plan = plan_equities(variant_named("texas-holdem"), _heads_up("", "AhKh", "QsQc"))
    assert (plan.method, plan.runouts, plan.fast) == ("exact", 1_712_304, True)
    assert plan.cost <= MAX_EQUITY_WORK


def test_combination_rows_are_every_combination_in_order() -> None:
    from itertools import combinations

    for n, k in ((7, 0), (7, 1), (7, 3), (9, 5), (5, 5)):
        assert [tuple(r) for r in _combination_rows(n, k).tolist()] == list(combinations(range(n), k))


@pytest.mark.parametrize("seed", range(8))
def test_expected_chips_add_up_to_the_money_in(seed: int) -> None:
    rng = Random(seed)
    name = sorted(SHAPES)[seed % len(SHAPES)]
    case = random_spot(rng, name, rng.randint(1, 3), 9)
    for method in ("exact", "monte-carlo"):
        result = equities(variant_named(name), case.spot, method=method, samples=300, seed=seed)  # type: ignore[arg-type]
        total = sum(p.chips for p in result.players) + result.carried_over
        assert total == result.money_in * result.runouts
        for player in result.players:
            returned = result.returned.get(player.id, 0) * result.runouts  # uncalled chips, in no pot
            assert player.chips == sum(pot.chips for pot in player.pots) + returned
            for pot in player.pots:
                assert pot.chips == sum(s.chips for s in pot.shares)


@pytest.mark.slow  # one seed per game in the normal suite, ten under SHOWDOWN_DEEP=1 (make stress)
@pytest.mark.parametrize("seed", range(samples(3, 10)))
def test_monte_carlo_falls_within_its_99_percent_interval_of_the_exact_answer(seed: int) -> None:
    rng = Random(500 + seed)
    name = ("texas-holdem", "omaha-hi-lo-8", "seven-card-stud-hi-lo-8")[seed % 3]
    case = random_spot(rng, name, 2, 14, players=2)
    exact = equities(variant_named(name), case.spot, method="exact", budget=10**9)
    sampled = equities(variant_named(name), case.spot, method="monte-carlo", samples=2000, seed=seed, budget=10**9)
    first = sampled.players[0]
    error = sampled.standard_error(first.chips, first.squares)
    assert error is not None
    assert abs(sampled.expected(first.chips) - exact.expected(exact.players[0].chips)) <= 2.576 * error + 1e-9


def test_monte_carlo_with_a_seed_repeats_its_answer() -> None:
    spot = _heads_up("Kd 7c", "AhKh", "?? ??")
    first = equities(variant_named("texas-holdem"), spot, method="monte-carlo", samples=500, seed=7)
    again = equities(variant_named("texas-holdem"), spot, method="monte-carlo", samples=500, seed=7)
    other = equities(variant_named("texas-holdem"), spot, method="monte-carlo", samples=500, seed=8)
    assert first.players == again.players and first.seed == 7
    assert first.players != other.players


def test_unknown_hole_cards_are_dealt_from_the_deck_without_the_dead_cards() -> None:
    # three cards left (Jh Js Ks): bob holds two of them; ann's queens up beat only his jacks
    dead = ("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd 2h 3h 4h 5h 6h 7h 8h 9h "
            "2s 3s 4s 5s 6s 7s 8s 9s Ac Ad")
    spot = _heads_up("Ah As Th Ts Kh", "QsQh", "?? ??", dead=dead)
    result = equities(variant_named("texas-holdem"), spot, method="exact")
    assert result.runouts == 3
    assert _expected(result) == {"ann": Fraction(200, 3), "bob": Fraction(400, 3)}


def test_layout_positions_to_come_are_places_of_their_own() -> None:
    case = random_spot(Random(9), "iron-cross", 0, 0, players=2)
    spot = case.spot
    board = (*spot.board[:3], None, None)  # two positions of different lines
    known = {c for c in board if c is not None} | {c for h in spot.hole for c in h if c is not None}
    deck = sorted(c for c in variant_named("iron-cross").deck.cards if c not in known)
    Random(9).shuffle(deck)
    spot = Spot(deal=spot.deal, board=board, positions=spot.positions, hole=spot.hole, up=spot.up,
                dead=tuple(deck[8:]))
    oracle, settled = brute_force(OracleSpot(variant="iron-cross", spot=spot, unknown=2))
    result = equities(variant_named("iron-cross"), spot, method="exact")
    assert result.runouts == settled == 8 * 7
    assert _expected(result) == oracle


def test_follow_the_queen_deals_the_queen_still_to_come_in_order() -> None:
    # bob's last up card is unknown; if it is a queen, no card follows it and nothing is wild
    case = random_spot(Random(3), "follow-the-queen", 1, 6)
    oracle, _ = brute_force(case)
    result = equities(variant_named("follow-the-queen"), case.spot, method="exact")
    assert _expected(result) == oracle


def test_exact_over_the_budget_is_refused_before_any_runout() -> None:
    seats = tuple(Seat(id=f"p{i}") for i in range(6))
    spot = Spot(deal=Deal(seats=seats, pot=60), board=(None,) * 5, hole=((None, None),) * 6, up=((),) * 6)
    with pytest.raises(ComplexityLimitError, match="exact odds"):
        plan_equities(variant_named("texas-holdem"), spot, method="exact")
    plan = plan_equities(variant_named("texas-holdem"), spot)
    assert plan.method == "monte-carlo" and plan.cost <= MAX_EQUITY_WORK
    with pytest.raises(ComplexityLimitError, match="Monte Carlo samples"):
        plan_equities(variant_named("texas-holdem"), spot, samples=10**9)


def test_precision_asks_for_enough_samples_for_its_95_percent_interval() -> None:
    spot = _heads_up("", "AhKh", "?? ??")
    plan = plan_equities(variant_named("texas-holdem"), spot, method="monte-carlo", precision=0.01)
    assert plan.runouts == math.ceil((1.959963984540054 * 0.5 / 0.01) ** 2)


def test_dead_cards_twice_or_also_dealt_are_problems_at_their_pointers() -> None:
    spot = _heads_up("Kd 7c 2h", "AhKh", "QsQc", dead="Kd 5s 5s")
    with pytest.raises(InvalidShowdown) as caught:
        equities(variant_named("texas-holdem"), spot)
    assert [(p.pointer, p.code) for p in caught.value.problems] == [("/dead_cards/0", "duplicate-card"),
                                                                    ("/dead_cards/2", "duplicate-card")]


def test_a_known_card_twice_is_the_engines_problem_at_its_pointer() -> None:
    spot = _heads_up("Kd 7c Ah", "AhKh", "QsQc")
    with pytest.raises(InvalidShowdown) as caught:
        equities(variant_named("texas-holdem"), spot)
    assert any(p.pointer == "/players/0/hole/0" and p.code == "duplicate-card" for p in caught.value.problems)


def test_the_deadline_applies_to_the_runouts() -> None:
    from evaluator.values.budget import DeadlineExceeded

    spot = _heads_up("Kd", "AhKh", "QsQc")
    with work_budget(10**12, seconds=0.0), pytest.raises(DeadlineExceeded):
        equities(variant_named("texas-holdem"), spot, fast=False)


def test_summary_reads_each_players_share_and_the_method() -> None:
    result = equities(variant_named("texas-holdem"), _heads_up("Kd 7c 2h", "AhKh", "QsQc"))
    ann = round(100 * result.expected(result.players[0].chips) / 200)
    assert equity_summary(result) == f"ann {ann}%, bob {100 - ann}% (exact, 990 runouts)"
    sampled = equities(variant_named("texas-holdem"), _heads_up("Kd", "AhKh", "QsQc"), method="monte-carlo",
                       samples=1000, seed=1)
    assert re.fullmatch(r"ann \d+%, bob \d+% \(Monte Carlo, 1,000 samples, \u00b1\d+\.\d%\)", equity_summary(sampled))


def _catalog_spots() -> list[tuple[str, Spot]]:
    """Each catalog variant's own example with one card unknown: its last board card (or layout position), else
    the first live player's last hole card, else his last up card."""
    from evaluator.catalog import CATALOG
    from evaluator.documents.examples import example_request
    from service.schemas.requests import ShowdownCall, ShowdownRequestSchema

    spots = []
    for variant in CATALOG:
        request = example_request(variant)
        if request is None or variant.not_showdown is not None:
            continue
        call: ShowdownCall = ShowdownRequestSchema().load(request)
        deal = call.deal
        board: tuple[Card | None, ...] = deal.board
        hole: list[tuple[Card | None, ...]] = [s.hole for s in deal.seats]
        up: list[tuple[Card | None, ...]] = [s.up for s in deal.seats]
        live = next(i for i, s in enumerate(deal.seats) if not s.folded)
        if board:
            board = (*board[:-1], None)
        elif hole[live]:
            hole[live] = (*hole[live][:-1], None)
        elif up[live]:
            up[live] = (*up[live][:-1], None)
        else:
            continue
        spots.append((variant.id, Spot(deal=deal, board=board, positions=deal.positions, hole=tuple(hole),
                                       up=tuple(up))))
    return spots


@pytest.mark.parametrize(("name", "spot"), _catalog_spots(), ids=lambda x: x if isinstance(x, str) else "")
def test_every_catalog_variant_answers_odds_whose_chips_add_up(name: str, spot: Spot) -> None:
    result = equities(variant_named(name), spot, method="monte-carlo", samples=12, seed=3)
    assert result.runouts + result.void_runouts == 12
    total = sum(p.chips for p in result.players) + result.carried_over
    assert total == result.money_in * result.runouts


def test_face_up_cards_to_come_follow_the_given_order_of_the_known_ones() -> None:
    from evaluator.engine.showdown import adjudicate

    ftq = variant_named("follow-the-queen")
    ann_up, bob_up = parse_cards("Qs 7c 9d Jh"), parse_cards("Kc Qd 8h")
    order = [str(c) for c in (bob_up[0], ann_up[0], bob_up[1], ann_up[1], bob_up[2], ann_up[2], ann_up[3])]
    holes = (parse_cards("AhAd2c"), parse_cards("8s8d3c"))
    known = {*ann_up, *bob_up, *holes[0], *holes[1]}
    deck = sorted(c for c in ftq.deck.cards if c not in known)
    seats = (Seat(id="ann"), Seat(id="bob"))
    spot = Spot(deal=Deal(seats=seats, pot=100, events={"up_order": order}), hole=holes,
                up=(ann_up, (*bob_up, None)), dead=tuple(deck[12:]))
    total = Fraction(0)
    for card in deck[:12]:  # the oracle: bob's last up card dealt last of all
        deal = Deal(seats=(Seat(id="ann", hole=holes[0], up=ann_up), Seat(id="bob", hole=holes[1],
                                                                        up=(*bob_up, card))),
                    pot=100, events={"up_order": [*order, str(card)]})
        total += adjudicate(ftq, deal).payouts["ann"]
    result = equities(ftq, spot, method="exact")
    assert result.runouts == 12
    assert _expected(result)["ann"] == total / 12


@pytest.mark.slow  # one seed per game in the normal suite, six under SHOWDOWN_DEEP=1 (make stress)
@pytest.mark.parametrize("seed", range(samples(2, 6)))
def test_vectorised_monte_carlo_with_unknown_hole_cards_falls_within_99_percent_of_exact(seed: int) -> None:
    rng = Random(700 + seed)
    name = ("texas-holdem", "omaha-hi-lo-8")[seed % 2]
    case = random_spot(rng, name, 0, 0, players=2)
    spot = case.spot
    width = len(spot.hole[1])
    board = (*spot.board[:3], None, None)
    known = {c for c in board if c is not None} | set(spot.hole[0])
    deck = sorted(c for c in variant_named(name).deck.cards if c not in known)
    rng.shuffle(deck)
    spot = Spot(deal=spot.deal, board=board, hole=(spot.hole[0], (None,) * width), up=spot.up,
                dead=tuple(deck[width + 6:]))
    exact = equities(variant_named(name), spot, method="exact", budget=10**9)
    plan = plan_equities(variant_named(name), spot, method="monte-carlo", samples=3000, seed=seed, budget=10**9)
    sampled = equities(variant_named(name), spot, method="monte-carlo", samples=3000, seed=seed, budget=10**9)
    assert plan.fast and not exact.fast
    first = sampled.players[0]
    error = sampled.standard_error(first.chips, first.squares)
    assert error is not None
    assert abs(sampled.expected(first.chips) - exact.expected(exact.players[0].chips)) <= 2.576 * error + 1e-9


def test_cards_named_by_events_are_never_dealt() -> None:
    # Spokane Open Wild's designator (9s) belongs to nobody: no runout may deal it, so none is void
    spokane = variant_named("spokane-open-wild")
    holes = (parse_cards("4s"), parse_cards("Qh"))
    ups = (parse_cards("8s Ad Kc 5c"), (*parse_cards("9h 5d 2d"), None))
    known = {*holes[0], *holes[1], *ups[0], *(c for c in ups[1] if c is not None)}
    left = parse_cards("9s 2c 3c")
    dead = tuple(c for c in spokane.deck.cards if c not in known and c not in left)
    spot = Spot(deal=Deal(seats=(Seat(id="ann"), Seat(id="bob")), pot=100, events={"designator": "9s"}),
                hole=holes, up=ups, dead=dead)
    result = equities(spokane, spot, method="exact")
    assert (result.runouts, result.void_runouts) == (2, 0)
