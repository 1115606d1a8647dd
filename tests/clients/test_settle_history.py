"""``ShowdownClient.settle_history`` and ``showdown settle-history FILE.phh`` against the shared live server: a real
WSOP-style hand settled to pokerkit's chips, and an impossible history refused at its action (exit 1)."""

from __future__ import annotations

import io
from decimal import Decimal
from pathlib import Path

import pytest
import requests
from pokerkit import HandHistory
from showdown_client import ProblemError, ShowdownClient
from showdown_client.cli import main

from tests.service.test_hand_histories import MADE

HAND = MADE["straddle-antes-side-pots"]


def test_settle_history_answers_pokerkits_chips_for_every_player(server: str) -> None:
    history = HandHistory.load(io.BytesIO(HAND.encode()))
    *_, state = history
    with ShowdownClient(server) as client:
        settled = client.settle_history(HAND)
    assert list(settled.net().values()) == [Decimal(end - start) for end, start in
                                            zip(state.stacks, history.starting_stacks, strict=True)]
    assert settled.result.summary and settled.chip_unit == 1


def test_settle_history_refuses_a_bet_out_of_turn_at_its_index(server: str) -> None:
    with ShowdownClient(server) as client, pytest.raises(ProblemError) as refused:
        client.settle_history(HAND.replace("'p4 cbr 20'", "'p2 cbr 20'"))
    assert ("/actions/4", "out-of-turn") in [(pointer, code) for pointer, _, code in refused.value.pointers]


def test_the_command_prints_the_summary_and_every_players_chips(server: str, tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "250")
    path = tmp_path / "hand.phh"
    path.write_text(HAND, encoding="utf-8")
    assert main(["--url", server, "settle-history", str(path)]) == 0
    printed = capsys.readouterr().out
    assert "chips won" in printed and "p1" in printed and "p4" in printed
    path.write_text(HAND.replace("'d db 3c'", "'d db 2c'"), encoding="utf-8")
    assert main(["--url", server, "settle-history", str(path)]) == 1


def test_a_toml_body_settles_through_the_server_as_the_json_one(server: str) -> None:
    toml = requests.post(f"{server}/v1/hand-histories/settle", data=HAND.encode(),
                         headers={"Content-Type": "application/toml"}, timeout=30)
    wrapped = requests.post(f"{server}/v1/hand-histories/settle", json={"history": HAND}, timeout=30)
    assert toml.status_code == 200 and toml.json() == wrapped.json()
