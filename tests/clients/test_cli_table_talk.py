"""``showdown settle --variant --players --board --pot``: the deal typed as table talk settles as its JSON does,
and a malformed line exits 2 naming every problem."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from showdown_client.cli import EXIT_USAGE, main

DEAL = {"variant": "omaha-hi-lo-8", "board": ["4s", "5d", "Th", "Jc", "8s"],
        "players": [{"id": "ann", "hole": ["As", "2s", "Kd", "7c"]}, {"id": "bob", "hole": ["Ah", "3h", "Qd", "Qc"]},
                    {"id": "cy", "folded": True}],
        "contributions": {"ann": 100, "bob": 100, "cy": 40}}
TALK = ["--variant", "omaha-hi-lo-8", "--players", "ann: A♠ 2♠ K♦ 7c | bob: Ah 3h Qd Qc | cy: folded",
        "--board", "4s 5d 10h Jc 8s", "--pot", "ann 100, bob 100, cy 40"]


@pytest.fixture(autouse=True)
def plain_terminal(monkeypatch: pytest.MonkeyPatch, server: str) -> None:
    monkeypatch.setenv("COLUMNS", "250")
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("SHOWDOWN_URL", server)


def test_table_talk_settles_as_the_same_deal_in_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deal = tmp_path / "deal.json"
    deal.write_text(json.dumps(DEAL), encoding="utf-8")
    assert main(["settle", str(deal), "--json"]) == 0
    from_json = json.loads(capsys.readouterr().out)
    assert main(["settle", *TALK, "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == from_json
    assert from_json["payouts"] == {"ann": 120, "bob": 120, "cy": 0}


def test_a_malformed_table_talk_line_exits_2_naming_every_problem(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["settle", "--variant", "texas-holdem", "--players", "ann Ah Kh | bob: Qs Zz", "--pot", "x"]) \
        == EXIT_USAGE
    err = capsys.readouterr().err
    assert "player 1 ('ann Ah Kh'): a name, a colon, then the cards" in err
    assert "bob: 'Zz' is not a card" in err
    assert "money: 'x' is not a player and a whole amount" in err


def test_settle_takes_a_file_or_players_not_both(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["settle", str(tmp_path / "deal.json"), *TALK]) == EXIT_USAGE
    assert main(["settle", "--players", "ann: Ah Kh"]) == EXIT_USAGE
    assert "--players needs --variant" in capsys.readouterr().err
