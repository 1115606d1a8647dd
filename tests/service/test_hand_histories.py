"""``POST /v1/hand-histories/settle``: real PHH hands (tests/data/phh) and a few made here settle to the chips
pokerkit's replay of the same history gives every player; impossible histories are 422s naming the action."""

from __future__ import annotations

import io
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from pokerkit import HandHistory

from tests.service.conftest import one_app_per_module, problem

app = one_app_per_module()
DATA = Path(__file__).parent.parent / "data" / "phh"
_URL = "/v1/hand-histories/settle"
_TOML = "application/toml"

#: Hands written for what the real ones lack: a straddle, antes with side pots, a big-blind ante trimmed.
MADE = {
    "straddle-antes-side-pots": """variant = 'NT'
ante_trimming_status = false
antes = [1, 1, 1, 1]
blinds_or_straddles = [1, 2, 4, 0]
min_bet = 2
starting_stacks = [50, 300, 120, 300]
actions = ['d dh p1 AsAd', 'd dh p2 KsKd', 'd dh p3 QsQd', 'd dh p4 JsJd', 'p4 cbr 20', 'p1 cbr 49', 'p2 cc',
  'p3 cbr 119', 'p4 cc', 'p2 cc', 'd db 2c7h9d', 'p2 cbr 30', 'p4 cc', 'd db 3c', 'p2 cc', 'p4 cc', 'd db 4h',
  'p2 cbr 100', 'p4 f', 'p1 sm AsAd', 'p2 sm KsKd', 'p3 sm QsQd']
""",
    "big-blind-ante-trimmed": """variant = 'NT'
ante_trimming_status = true
antes = [0, 3, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 7c7d', 'd dh p2 AhKh', 'd dh p3 9s8s', 'p3 cbr 6', 'p1 cc', 'p2 cc', 'd db 2h3h4c',
  'p1 cc', 'p2 cc', 'p3 cc', 'd db Ts', 'p1 cc', 'p2 cc', 'p3 cc', 'd db Jd', 'p1 cc', 'p2 cc', 'p3 cc',
  'p1 sm 7c7d', 'p2 sm AhKh', 'p3 sm 9s8s']
""",
    "omaha-hi-lo-split": """variant = 'FO/8'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [60, 60, 60]
actions = ['d dh p1 As2d5h9c', 'd dh p2 KhKcQdJd', 'd dh p3 3c4c8h8s', 'p3 cbr 4', 'p1 cc', 'p2 cc',
  'd db 6d7sKs', 'p1 cc', 'p2 cbr 2', 'p3 cc', 'p1 cc', 'd db Tc', 'p1 cc', 'p2 cc', 'p3 cc', 'd db 2s',
  'p1 cc', 'p2 cc', 'p3 cc', 'p1 sm As2d5h9c', 'p2 sm KhKcQdJd', 'p3 sm 3c4c8h8s']
""",
}


def _real() -> Iterator[tuple[str, str]]:
    for path in sorted(DATA.glob("*.phh*")):
        text = path.read_text()
        if path.suffix == ".phhs":
            blocks = text.split("\n[")
            yield from ((f"{path.name}[{b.split(']', 1)[0].lstrip('[')}]", b.split("\n", 1)[1]) for b in blocks)
        else:
            yield path.name, text


HANDS = dict(_real()) | MADE


def _pokerkit_net(text: str) -> list[Decimal]:
    history = HandHistory.load(io.BytesIO(text.encode()))
    *_, state = history
    return [Decimal(str(end)) - Decimal(str(start)) for end, start in zip(state.stacks, history.starting_stacks,
                                                                            strict=True)]


def _net(body: dict[str, Any]) -> list[Decimal]:
    request = body["request"]
    unit = Decimal(body["chip_unit"])
    dead = request.get("dead", {})
    return [(body["payouts"][p["id"]] - request["contributions"][p["id"]] - dead.get(p["id"], 0)) * unit
            for p in request["players"]]


def _settle(client: FlaskClient, text: str) -> Any:
    return client.post(_URL, data=text, content_type=_TOML)



SETTLED = [name for name, text in HANDS.items() if "sm ????" not in text and not name.startswith("wsop-2019-42")]


@pytest.mark.parametrize("name", SETTLED)
def test_every_players_chips_are_pokerkits(client: FlaskClient, name: str) -> None:
    response = _settle(client, HANDS[name])
    assert response.status_code == 200, response.get_json()
    assert _net(response.get_json()) == _pokerkit_net(HANDS[name])


def test_amounts_in_cents_count_in_a_chip_of_a_cent(client: FlaskClient) -> None:
    body = _settle(client, HANDS["abs-100nlh-handhq-1.phhs[9]"]).get_json()
    assert body["chip_unit"] == "0.01"
    assert body["request"]["contributions"]["p2"] == 2200  # 1 + 1 + 5 + 15 dollars


def test_a_json_wrapped_history_settles_as_the_toml_one(client: FlaskClient) -> None:
    text = MADE["straddle-antes-side-pots"]
    assert client.post(_URL, json={"history": text}).get_json() == _settle(client, text).get_json()


def test_a_series_settles_each_hand_at_its_index(client: FlaskClient) -> None:
    text = (DATA / "abs-100nlh-handhq-1.phhs").read_text()
    results = client.post(_URL, data=text, content_type=_TOML).get_json()["results"]
    assert [item["index"] for item in results] == list(range(21))
    unknown = {item["index"] for item in results if item["status"] == 422}
    assert unknown == {1, 3, 14}  # the hands whose showdown shows ???? for a player still in
    for item in results:
        if item["status"] == 200:
            assert _net(item["result"]) == _pokerkit_net(HANDS[f"abs-100nlh-handhq-1.phhs[{item['index'] + 1}]"])
        else:
            assert item["problem"]["errors"][0]["code"] == "unknown-cards"


def test_unknown_cards_a_showdown_needs_are_a_422_naming_them(client: FlaskClient) -> None:
    body = problem(_settle(client, HANDS["abs-100nlh-handhq-1.phhs[4]"]), 422)
    assert body["errors"][0]["code"] == "unknown-cards"
    assert "p5" in body["errors"][0]["detail"]


def test_a_transcription_missing_an_action_is_out_of_turn_at_its_index(client: FlaskClient) -> None:
    # The WSOP transcription never has p8 act after p7's raise: p1's call comes out of turn.
    body = problem(_settle(client, HANDS["wsop-2019-42-3-00-01-07.phh"]), 422)
    assert [(e["pointer"], e["code"]) for e in body["errors"]] == [("/actions/13", "out-of-turn")]




@pytest.mark.parametrize(("change", "pointer", "code"), [
    (("'p3 cbr 6'", "'p1 cbr 6'"), "/actions/3", "out-of-turn"),
    (("'d db Ts'", "'d db 2h'"), "/actions/10", "card-twice"),
    (("'p3 sm 9s8s']", "'p3 sm 9s8s', 'p1 cc']"), "/actions/21", "after-the-end"),
    (("'p3 cbr 6'", "'p3 cbr 600'"), "/actions/3", "over-stack"),
    (("variant = 'NT'", "variant = 'XX'"), "/variant", "unsupported-variant"),
    (("'d db Jd', ", ""), "/actions/14", "no-betting"),
    (("'d db Jd', 'p1 cc', 'p2 cc', 'p3 cc',\n  ", ""), "/actions/14", "no-showdown"),
    (("'d db Jd', 'p1 cc', 'p2 cc', 'p3 cc',\n  'p1 sm 7c7d', 'p2 sm AhKh', 'p3 sm 9s8s']", "'d db Jd']"),
     "/actions", "unfinished"),
    (("'p1 cc', 'p2 cc', 'p3 cc', 'd db Ts'", "'d db Ts'"), "/actions/7", "bad-deal"),
])
def test_an_impossible_history_is_a_422_naming_the_action(client: FlaskClient, change: tuple[str, str],
                                                          pointer: str, code: str) -> None:
    text = MADE["big-blind-ante-trimmed"]
    assert change[0] in text
    body = problem(_settle(client, text.replace(change[0], change[1], 1)), 422)
    assert (body["errors"][0]["pointer"], body["errors"][0]["code"]) == (pointer, code)


@pytest.mark.parametrize("body", [b"variant = ", b"\xff\xfe",
                                  b"variant = 'NT'\nstarting_stacks = [1, 2]\nactions = 3\n",
                                  b"variant = 'NT'\nstarting_stacks = [1, 'a']\nactions = []\n"])
def test_a_body_that_is_no_history_is_a_422_not_a_500(client: FlaskClient, body: bytes) -> None:
    assert _settle(client, body).status_code == 422  # type: ignore[arg-type]
