"""The table-talk reader of the Python client: every shape people type, and every malformed line named."""

from __future__ import annotations

import pytest
from showdown_client.table_talk import (
    TableTalkError,
    parse_board,
    parse_card,
    parse_money,
    parse_options,
    parse_players,
    table_request,
)


def problems(call: object, *args: object, **kwargs: object) -> tuple[str, ...]:
    with pytest.raises(TableTalkError) as caught:
        call(*args, **kwargs)  # type: ignore[operator]
    assert str(caught.value) == "; ".join(caught.value.problems)
    return caught.value.problems


@pytest.mark.parametrize(("typed", "card"), [("Ah", "Ah"), ("ah", "Ah"), ("A♠", "As"), ("10♥", "Th"), ("10d", "Td"),
                                             ("q♦", "Qd"), ("K♣", "Kc"), ("x1", "X1"), ("tS", "Ts")])
def test_a_card_reads_in_letters_symbols_and_ten(typed: str, card: str) -> None:
    assert parse_card(typed) == card


def test_a_question_mark_is_an_unknown_card_only_in_odds() -> None:
    assert parse_card("?", unknown=True) is None
    assert "use ? for an unknown card" in problems(parse_card, "?")[0]


@pytest.mark.parametrize("typed", ["1h", "Ahh", "Zs", "11c", "A", "Ax"])
def test_a_malformed_card_is_named(typed: str) -> None:
    assert problems(parse_card, typed) == (f"{typed!r} is not a card: a rank 2-10, J, Q, K or A and a suit "
                                           "s h d c or ♠♥♦♣",)


def test_players_with_hole_up_and_folded() -> None:
    assert parse_players("ann: Ah Kh | bob: 9s As / Jh 7d | cy: folded") == [
        {"id": "ann", "hole": ["Ah", "Kh"]},
        {"id": "bob", "hole": ["9s", "As"], "up": ["Jh", "7d"]},
        {"id": "cy", "folded": True},
    ]


def test_unknown_cards_in_players_are_none() -> None:
    assert parse_players("ann: Ah ? | bob: ?? ?", unknown=True) == [{"id": "ann", "hole": ["Ah", None]},
                                                                    {"id": "bob", "hole": [None, None]}]


def test_every_problem_of_a_players_line_is_named_at_once() -> None:
    assert problems(parse_players, "ann Ah Kh | bob: Zz Kh | bob: | d e: Ah | eve: Ah / Kh / Qh") == (
        "player 1 ('ann Ah Kh'): a name, a colon, then the cards, as 'ann: Ah Kh'",
        "bob: 'Zz' is not a card: a rank 2-10, J, Q, K or A and a suit s h d c or ♠♥♦♣",
        "player 'bob' is named twice",
        "bob: no cards (or 'folded')",
        "player 4: 'd e' is not a name (letters, digits, _ . -, at most 32)",
        "eve: one '/' at most, between the hole cards and the up cards",
    )


def test_no_players_at_all_is_named() -> None:
    assert problems(parse_players, "  ") == ("no players: type them as 'ann: Ah Kh | bob: Qs Qc'",)


def test_a_board_in_deal_order_or_by_position() -> None:
    assert parse_board("2c 7d, 9h 10s") == ["2c", "7d", "9h", "Ts"]
    assert parse_board("1=Kd 5=2♥") == {"1": "Kd", "5": "2h"}
    assert parse_board("2c ? ?", unknown=True) == ["2c", None, None]


def test_every_problem_of_a_board_is_named() -> None:
    assert problems(parse_board, "2c 1=Kd") == ("board: cards in deal order or POSITION=CARD pairs, not both",)
    assert problems(parse_board, "2c Qx") == ("board: 'Qx' is not a card: a rank 2-10, J, Q, K or A and a suit "
                                              "s h d c or ♠♥♦♣",)
    assert problems(parse_board, "=Kd 1=Kd 1=Qd 2=") == (
        "board: '=Kd' has no position before '='",
        "board: position '1' is given twice",
        "board: position '2' has no card after '='",
    )


def test_money_as_one_pot_or_contributions() -> None:
    assert parse_money("300") == {"pot": 300}
    assert parse_money("ann 100, bob=100, cy: 40") == {"contributions": {"ann": 100, "bob": 100, "cy": 40}}


def test_every_problem_of_the_money_is_named() -> None:
    assert problems(parse_money, "") == ("no money: one pot (300) or what each put in (ann 100, bob 100, cy 40)",)
    assert problems(parse_money, "ann 100, bob, cy 4.5, ann 3") == (
        "money: 'bob' is not a player and a whole amount, as 'ann 100'",
        "money: 'cy 4.5' is not a player and a whole amount, as 'ann 100'",
        "money: 'ann' is given twice",
    )


def test_options_and_their_problems() -> None:
    assert parse_options("queens_wild=true, hi_lo=false") == {"queens_wild": "true", "hi_lo": "false"}
    assert problems(parse_options, "wild =x y=") == ("options: 'wild' is not name=value",
                                                     "options: '=x' is not name=value",
                                                     "options: 'y=' is not name=value")


def test_a_request_from_its_lines_with_house_defaults_overridden() -> None:
    assert table_request(variant="follow-the-queen", players="ann: Ah Kh / Qd", money="ann 5, bob 5",
                         options="queens_wild=true", defaults={"queens_wild": "false", "other": "1"}) == {
        "variant": "follow-the-queen", "players": [{"id": "ann", "hole": ["Ah", "Kh"], "up": ["Qd"]}],
        "contributions": {"ann": 5, "bob": 5}, "options": {"queens_wild": "true", "other": "1"}}


def test_a_request_names_the_problems_of_every_line_together() -> None:
    assert problems(table_request, variant="texas-holdem", players="ann Ah", board="Zz", money="lots",
                    options="x") == (
        "player 1 ('ann Ah'): a name, a colon, then the cards, as 'ann: Ah Kh'",
        "board: 'Zz' is not a card: a rank 2-10, J, Q, K or A and a suit s h d c or ♠♥♦♣",
        "money: 'lots' is not a player and a whole amount, as 'ann 100'",
        "options: 'x' is not name=value",
    )


def test_odds_need_no_money() -> None:
    assert table_request(variant="texas-holdem", players="ann: Ah Kh | bob: ? ?", board="2c 7d 9h",
                         unknown=True) == {"variant": "texas-holdem", "board": ["2c", "7d", "9h"],
                                           "players": [{"id": "ann", "hole": ["Ah", "Kh"]},
                                                       {"id": "bob", "hole": [None, None]}]}
