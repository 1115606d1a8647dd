"""The work budget (evaluator.values.budget, evaluator.engine.cost): a request's cost is known by arithmetic before
anything is enumerated, the engine charges every enumeration before doing it, and nothing is limited outside a
budget."""

from __future__ import annotations

import numpy as np
import pytest

from evaluator import adjudicate, variant_named
from evaluator.engine.cost import evaluation_cost, showdown_cost
from evaluator.engine.hand_evaluation import evaluate_hand
from evaluator.formation import ANY, BOARD, HOLE, Slot, candidates, count_candidates
from evaluator.values.budget import DeadlineExceeded, charge, check_deadline, work_budget
from evaluator.values.cards import parse_card
from evaluator.values.deal import Deal, Seat
from evaluator.values.errors import ComplexityLimitError

HOLDEM = variant_named("texas-holdem")


def _holdem_deal(players: int) -> Deal:
    cards = [parse_card(c) for c in ("Ah", "Ad", "Kc", "Kd", "Qs", "Qh", "Js", "Jh", "Ts", "Th", "9s", "9h")]
    seats = tuple(Seat(id=f"p{i}", hole=(cards[2 * i], cards[2 * i + 1])) for i in range(players))
    board = tuple(parse_card(c) for c in ("2c", "5d", "7h", "8c", "3s"))
    return Deal(seats=seats, board=board, pot=100)


def test_a_holdem_showdown_costs_21_combinations_per_live_player() -> None:
    assert showdown_cost(HOLDEM, _holdem_deal(6)) == 6 * 21


def test_folded_players_cost_nothing() -> None:
    deal = _holdem_deal(3)
    folded = Deal(seats=(deal.seats[0], deal.seats[1], Seat(id="p2", hole=deal.seats[2].hole, folded=True)),
                  board=deal.board, pot=100)
    assert showdown_cost(HOLDEM, folded) == 2 * 21


def test_the_engine_spends_exactly_what_the_estimate_counted_for_a_flat_board() -> None:
    with work_budget() as budget:
        adjudicate(HOLDEM, _holdem_deal(6))
    assert budget.spent == showdown_cost(HOLDEM, _holdem_deal(6))


def test_a_charge_over_the_budget_is_refused_before_the_work() -> None:
    own = [Slot(HOLE, str(i), i) for i in range(30)]
    assert count_candidates(ANY, 5, own, []) == 142_506
    with work_budget(100_000), pytest.raises(ComplexityLimitError) as refused:
        candidates(ANY, 5, own, [])
    assert refused.value.problems[0].code == "over-limit"


def test_nothing_is_limited_outside_a_budget() -> None:
    charge(10**12)
    check_deadline()


def test_past_the_deadline_the_next_charge_raises() -> None:
    with work_budget(seconds=0.0), pytest.raises(DeadlineExceeded):
        charge(1)


def test_listing_combinations_costs_the_search_again_plus_each_row_spelt_out() -> None:
    hole = [parse_card(c) for c in ("Ah", "Ad", "Kc", "Kd")]
    board = [parse_card(c) for c in ("2c", "5d", "7h", "8c", "3s")]
    omaha = variant_named("omaha")
    searched = evaluation_cost(omaha, hole, (), board)
    assert searched == 60
    assert evaluation_cost(omaha, hole, (), board, rows=10) == 60 + 60 + 10 * 100


def test_combinations_are_listed_one_page_at_a_time_best_first() -> None:
    hole = [parse_card(c) for c in ("Ah", "Ad", "Kc", "Kd")]
    board = [parse_card(c) for c in ("Ac", "5d", "7h", "8c", "3s")]
    omaha = variant_named("omaha")
    whole = evaluate_hand(omaha, hole=hole, board=board, list_combinations=True, limit=1000)
    page = evaluate_hand(omaha, hole=hole, board=board, list_combinations=True, offset=10, limit=5)
    assert whole.combinations_total == page.combinations_total == {"high": 60}
    assert whole.combinations is not None and page.combinations is not None
    assert page.combinations["high"] == whole.combinations["high"][10:15]


def test_the_pattern_caches_stay_within_their_byte_bound_whatever_the_shapes() -> None:
    """The patterns, and the combinations kept per shape (``_KEPT``, which holds on to a pattern the pattern cache
    let go of: a client's rules can bring a new shape with every request), each within ``CACHE_BYTES``."""
    from evaluator.formation import _KEPT, _PATTERNS, CACHE_BYTES, Count, Formation, Pick

    for n in range(10, 31):  # distinct shapes of up to C(30, 5) = 142,506 rows (5.7 MB) each
        for k in range(3):
            formation = Formation(picks=(Pick(limits={HOLE: Count.at_least(k)}),))
            board = [Slot(BOARD, str(i), 52 - i) for i in range(k)]
            candidates(formation, 5, [Slot(HOLE, str(i), i) for i in range(n)], board)
            assert _PATTERNS.currsize <= CACHE_BYTES
            assert sum(map(_array_bytes, _KEPT.values())) <= CACHE_BYTES
    assert _PATTERNS.currsize > CACHE_BYTES // 2  # it was filled, not bypassed
    assert sum(map(_array_bytes, _KEPT.values())) > CACHE_BYTES // 2


def _array_bytes(value: object) -> int:
    """The bytes of every array in ``value`` (tuples of them, at any depth)."""
    if isinstance(value, np.ndarray):
        return int(value.nbytes)
    return sum(map(_array_bytes, value)) if isinstance(value, tuple) else 0
