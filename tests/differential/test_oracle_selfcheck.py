"""Self-checks for the pokerkit oracle: fixed deals whose answer is obvious.

If any of these fails, the oracle (not our evaluator) is wrong, and the
differential tests built on it cannot be trusted.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tests.differential.pokerkit_oracle import (
    GAMES,
    POKERKIT_ODD_CHIP_RULE,
    OracleResult,
    equal_payouts_modulo_odd_chips,
    pokerkit_showdown,
)


def _c(cards: str) -> list[str]:
    """'As Ks' -> ['As', 'Ks']."""
    return cards.split()


def _deal(game: str, holes: list[str], board: str = "", pot: int = 0) -> OracleResult:
    result = pokerkit_showdown(game, [_c(h) for h in holes], _c(board), pot or 10 * len(holes))
    assert result.used_state, "payouts must come from pokerkit's own State"
    return result


# --- Texas hold'em ------------------------------------------------------------------------------


def test_holdem_royal_flush_beats_quads() -> None:
    r = _deal("texas-holdem", ["As Ks", "9c 9s"], "Qs Js Ts 9h 9d", pot=20)
    assert r.winners_high == [0]
    assert r.winners_low == []
    assert r.payouts == [20, 0]


def test_holdem_kicker_decides_between_equal_pairs() -> None:
    r = _deal("texas-holdem", ["Ac Qd", "Ad Kc", "7h 2s"], "As 9h 6d 4c 3s", pot=30)
    assert r.winners_high == [1]
    assert r.payouts == [0, 30, 0]


def test_holdem_wheel_is_the_lowest_straight() -> None:
    r = _deal("texas-holdem", ["Ac 2d", "6c 7d"], "3h 4s 5c Kd Qh", pot=20)
    assert r.winners_high == [1]  # 7-high straight beats A-2-3-4-5


def test_holdem_board_plays_split_evenly() -> None:
    r = _deal("texas-holdem", ["2c 3d", "4h 2s", "3c 4d"], "As Ks Qs Js Ts", pot=30)
    assert r.winners_high == [0, 1, 2]
    assert r.payouts == [10, 10, 10]


def test_holdem_odd_chip_goes_to_lowest_seat_among_tied_winners() -> None:
    # Seats 1 and 2 chop with the same straight; 9 chips / 2 -> the odd chip to seat 1.
    r = _deal("texas-holdem", ["2c 2d", "Tc 3d", "Th 4d"], "9s 8h 7d 6c Ks", pot=9)
    assert r.winners_high == [1, 2]
    assert r.payouts == [0, 5, 4]
    assert not r.odd_chip_rule_differs


# --- Omaha --------------------------------------------------------------------------------------


def test_omaha_must_use_exactly_two_hole_cards() -> None:
    # Seat 0 would hold a royal flush in hold'em (Ts + AsKsQsJs) but Omaha allows
    # only three board cards: it has ace-high, and seat 1's pair of nines wins.
    r = _deal("omaha", ["Ts 3c 4c 5d", "9h 9c 8h 7h"], "As Ks Qs Js 2d", pot=20)
    assert r.winners_high == [1]
    assert r.payouts == [0, 20]


def test_omaha_four_flush_on_board_needs_two_suited_hole_cards() -> None:
    r = _deal("omaha", ["Ah Kc Qd Jd", "2h 3h 8c 8d"], "4h 7h 9h Th 5c", pot=20)
    assert r.winners_high == [1]  # heart flush (2h 3h + 3 board hearts) beats ace-high


# --- Omaha hi-lo 8 ------------------------------------------------------------------------------


def test_omaha8_no_qualifying_low_on_board_high_scoops() -> None:
    r = _deal("omaha-hi-lo-8", ["Ac 2c 3d 4d", "9h Th Jd Qd"], "Kd Qh 9s 9c Tc", pot=20)
    assert r.winners_high == [1]
    assert r.winners_low == []
    assert r.payouts == [0, 20]


def test_omaha8_high_and_low_split_with_odd_chip_to_high_half() -> None:
    r = _deal(
        "omaha-hi-lo-8",
        ["Kh Kd Qc Jd", "Ac 3h 9s 9d", "Qs Qd Jc Th"],
        "2c 5d 7h Kc Ks",
        pot=15,
    )
    assert r.winners_high == [0]  # four kings
    assert r.winners_low == [1]  # 7-5-3-2-A
    assert r.payouts == [8, 7, 0]  # 15 = 8 (high, with the odd chip) + 7 (low)


def test_omaha8_counterfeited_low_does_not_qualify() -> None:
    # Board lows are exactly 2-3-8; A-2 in the hole pairs the deuce, so no 5 distinct low ranks.
    r = _deal("omaha-hi-lo-8", ["Ad 2h Kh Kd", "Qc Qd Jc Jd"], "2c 3d 8h Kc Qs", pot=20)
    assert r.winners_low == []
    assert r.winners_high == [0]  # three kings
    assert r.payouts == [20, 0]


def test_omaha8_quartered_low_splits_the_low_half() -> None:
    # Seats 0 and 1 both hold A-3 for 7-5-3-2-A; seat 2 has the nut high.
    r = _deal(
        "omaha-hi-lo-8",
        ["Ac 3h Jd Jc", "Ad 3c Qd Qc", "Kh Kd 9s 9d"],
        "2c 5d 7h Kc Ks",
        pot=30,
    )
    assert r.winners_high == [2]
    assert r.winners_low == [0, 1]
    assert r.payouts == [8, 7, 15]  # low half 15 -> 8 + 7, odd chip to seat 0


# --- Seven-card stud ----------------------------------------------------------------------------


def test_stud_flush_beats_straight() -> None:
    r = _deal("seven-card-stud", ["2h 5h 9h Jh Kh 3c 4d", "5c 6d 7s 8c 9d Ac Kd"], pot=20)
    assert r.winners_high == [0]
    assert r.payouts == [20, 0]


def test_stud_odd_chip_goes_to_lowest_seat_not_highest_suit() -> None:
    # Seats 0 and 1 tie with A-K-Q-J-9; seat 1 holds the ace of spades, but pokerkit
    # ignores suits and gives the odd chip to seat 0 (our evaluator would pick seat 1).
    r = _deal(
        "seven-card-stud",
        ["Ah Kh Qh Jh 9d 2c 3c", "As Ks Qs Js 9c 2d 3d", "2h 4d 5d 7s 8d Tc Qc"],
        pot=9,
    )
    assert r.winners_high == [0, 1]
    assert r.payouts == [5, 4, 0]
    assert r.odd_chip_rule_differs
    assert r.odd_chip_rule == POKERKIT_ODD_CHIP_RULE
    assert equal_payouts_modulo_odd_chips([4, 5, 0], r)
    assert not equal_payouts_modulo_odd_chips([9, 0, 0], r)
    assert not equal_payouts_modulo_odd_chips([3, 6, 0], r)


# --- Seven-card stud hi-lo 8 --------------------------------------------------------------------


def test_stud8_high_and_qualifying_low_split_odd_chip_to_high() -> None:
    r = _deal(
        "seven-card-stud-hi-lo-8",
        ["Ah Ad As Kc Kd 9s Tc", "Ac 2d 3h 4s 6c Jd Qh", "7c 7d Th Js Qd 9c Kh"],
        pot=9,
    )
    assert r.winners_high == [0]  # aces full of kings
    assert r.winners_low == [1]  # 6-4-3-2-A
    assert r.payouts == [5, 4, 0]


def test_stud8_wheel_scoops_high_and_low() -> None:
    r = _deal("seven-card-stud-hi-lo-8", ["Ac 2d 3h 4s 5c Kd Qh", "Kh Ks Jc Jd 9h 9d 8s"], pot=20)
    assert r.winners_high == [0]  # straight beats two pair
    assert r.winners_low == [0]
    assert r.payouts == [20, 0]


def test_stud8_no_eight_or_better_low_high_scoops() -> None:
    r = _deal("seven-card-stud-hi-lo-8", ["9c 9d Tc Jd Qh 5h 2c", "As Ah Ks Qs Js 3d 4d"], pot=20)
    assert r.winners_low == []
    assert r.winners_high == [1]
    assert r.payouts == [0, 20]


# --- Razz ---------------------------------------------------------------------------------------


def test_razz_wheel_wins() -> None:
    r = _deal("razz", ["Ac 2d 3h 4s 5c Kd Qh", "Ad 2c 3s 4h 6d Kc Qs"], pot=20)
    assert r.winners_high == [0]  # 5-4-3-2-A beats 6-4-3-2-A
    assert r.payouts == [20, 0]


def test_razz_ace_is_low() -> None:
    r = _deal("razz", ["Ac 2d 3h 4s 6c Kd Qh", "2c 3s 4h 5d 7d Kc Qs"], pot=20)
    assert r.winners_high == [0]  # 6-4-3-2-A beats 7-5-4-3-2


def test_razz_ignores_straights_and_flushes_but_pairs_count() -> None:
    # Seat 1's 9-T-J-Q-K of clubs is just king-high in razz, better than any pair.
    r = _deal("razz", ["As Ah 2s 2h 3s 3h Ks", "9c Tc Jc Qc Kc 9d Td"], pot=20)
    assert r.winners_high == [1]


# --- 2-7 single draw ----------------------------------------------------------------------------


def test_deuce_to_seven_seven_five_beats_eight_six() -> None:
    r = _deal("deuce-to-seven-single-draw", ["7c 5d 4h 3s 2c", "8d 6h 4s 3c 2d"], pot=20)
    assert r.winners_high == [0]
    assert r.payouts == [20, 0]


def test_deuce_to_seven_ace_is_high_and_wheel_is_not_a_straight() -> None:
    r = _deal("deuce-to-seven-single-draw", ["Ah 2c 3d 4s 5h", "Kc 9d 7h 4d 3c"], pot=20)
    assert r.winners_high == [1]  # K-high beats A-high


def test_deuce_to_seven_flush_counts_against_the_hand() -> None:
    r = _deal("deuce-to-seven-single-draw", ["7h 5h 4h 3h 2h", "8c 6d 4s 3c 2d"], pot=20)
    assert r.winners_high == [1]


def test_deuce_to_seven_straight_counts_against_the_hand() -> None:
    r = _deal("deuce-to-seven-single-draw", ["6h 5c 4d 3s 2h", "8c 6d 4s 3c 2d"], pot=20)
    assert r.winners_high == [1]


# --- Badugi -------------------------------------------------------------------------------------


def test_badugi_four_card_hand_beats_three_card_hand() -> None:
    r = _deal("badugi", ["Kc Qd Jh Ts", "Ac 2d 3h 4h"], pot=20)
    assert r.winners_high == [0]
    assert r.payouts == [20, 0]


def test_badugi_ace_is_low() -> None:
    r = _deal("badugi", ["Ac 2d 3h 4s", "2c 3d 4h 5s"], pot=20)
    assert r.winners_high == [0]


def test_badugi_suits_never_break_ties_odd_chip_to_lowest_seat() -> None:
    r = _deal("badugi", ["Ac 2d 3h 4s", "As 2h 3d 4c", "Kc Kd Kh Ks"], pot=9)
    assert r.winners_high == [0, 1]
    assert r.payouts == [5, 4, 0]


# --- Cross-cutting checks -----------------------------------------------------------------------


@dataclass(frozen=True)
class _Case:
    game: str
    holes: list[str]
    board: str
    pot: int


_CASES = [
    _Case("texas-holdem", ["2c 2d", "Tc 3d", "Th 4d"], "9s 8h 7d 6c Ks", 9),
    _Case("omaha", ["Ts 3c 4c 5d", "9h 9c 8h 7h"], "As Ks Qs Js 2d", 20),
    _Case("omaha-hi-lo-8", ["Ac 3h Jd Jc", "Ad 3c Qd Qc", "Kh Kd 9s 9d"], "2c 5d 7h Kc Ks", 33),
    _Case("seven-card-stud", ["Ah Kh Qh Jh 9d 2c 3c", "As Ks Qs Js 9c 2d 3d", "2h 4d 5d 7s 8d Tc Qc"], "", 9),
    _Case("seven-card-stud-hi-lo-8", ["Ac 2d 3h 4s 6c Jd Qh", "Ad 2c 3s 4h 6d Js Qc"], "", 22),
    _Case("razz", ["Ac 2d 3h 4s 5c Kd Qh", "Ad 2c 3s 4h 5d Kc Qs", "6c 6d 6h 7s 8c 9d Tc"], "", 3),
    _Case("deuce-to-seven-single-draw", ["7c 5d 4h 3s 2c", "7d 5c 4s 3h 2d", "8d 6h 4c 3c 2h"], "", 15),
    _Case("badugi", ["Ac 2d 3h 4s", "As 2h 3d 4c", "Kc Kd Kh Ks"], "", 3),
]


@pytest.mark.parametrize("case", _CASES, ids=[c.game for c in _CASES])
def test_state_machine_payouts_match_documented_fallback_and_sum_to_pot(case: _Case) -> None:
    holes = [_c(h) for h in case.holes]
    state = pokerkit_showdown(case.game, holes, _c(case.board), case.pot)
    fallback = pokerkit_showdown(case.game, holes, _c(case.board), case.pot, use_state=False)
    assert state.used_state and not fallback.used_state
    assert state.payouts == fallback.payouts
    assert state.winners_high == fallback.winners_high
    assert state.winners_low == fallback.winners_low
    assert sum(state.payouts) == case.pot


def test_every_game_is_covered_by_the_cross_check() -> None:
    assert {c.game for c in _CASES} == set(GAMES)


def test_stud_family_is_flagged_as_having_a_different_odd_chip_rule() -> None:
    flagged = {
        c.game
        for c in _CASES
        if pokerkit_showdown(c.game, [_c(h) for h in c.holes], _c(c.board), c.pot).odd_chip_rule_differs
    }
    assert flagged == {"seven-card-stud", "seven-card-stud-hi-lo-8", "razz"}


def test_zero_pot_pays_nothing() -> None:
    r = pokerkit_showdown("texas-holdem", [_c("As Ks"), _c("2c 7d")], _c("Qs Js Ts 3h 4d"), 0)
    assert r.payouts == [0, 0]
    assert r.winners_high == [0]


@pytest.mark.parametrize(
    ("game", "holes", "board", "pot"),
    [
        ("texas-holdem", ["As Ks", "As Qd"], "2c 3d 4h 5s 7c", 20),  # duplicate card
        ("texas-holdem", ["As Ks", "Qs Qd"], "2c 3d 4h 5s 7c", 21),  # pot not a multiple of players
        ("texas-holdem", ["As Ks", "Qs Qd"], "2c 3d 4h 5s", 20),  # short board
        ("omaha", ["As Ks Qs", "Qd Qc Jd Jc"], "2c 3d 4h 5s 7c", 20),  # 3 hole cards
        ("razz", ["As Ks Qs Js Ts 9s 8s"], "", 10),  # one player
        ("pineapple", ["As Ks", "Qs Qd"], "2c 3d 4h 5s 7c", 20),  # unknown game
        ("badugi", ["1s Ks Qs Js", "2c 3d 4h 5s"], "", 20),  # invalid card
    ],
)
def test_invalid_deals_are_rejected(game: str, holes: list[str], board: str, pot: int) -> None:
    with pytest.raises(ValueError):
        pokerkit_showdown(game, [_c(h) for h in holes], _c(board), pot)


def test_equal_payouts_modulo_odd_chips_with_plain_lists_is_coarse() -> None:
    assert equal_payouts_modulo_odd_chips([5, 4, 0], [4, 5, 0])
    assert not equal_payouts_modulo_odd_chips([5, 4, 0], [5, 4, 1])  # totals differ
    assert not equal_payouts_modulo_odd_chips([9, 0, 0], [0, 0, 9])  # more than odd chips moved
    assert not equal_payouts_modulo_odd_chips([5, 4], [5, 4, 0])


def test_equal_payouts_modulo_odd_chips_never_moves_chips_to_a_loser() -> None:
    r = _deal("omaha-hi-lo-8", ["Kh Kd Qc Jd", "Ac 3h 9s 9d", "Qs Qd Jc Th"], "2c 5d 7h Kc Ks", pot=15)
    assert equal_payouts_modulo_odd_chips([8, 7, 0], r)
    assert not equal_payouts_modulo_odd_chips([7, 7, 1], r)  # odd chip to a seat that won nothing
    assert not equal_payouts_modulo_odd_chips([7, 8, 0], r)  # sole winners have no odd chip to move
