"""``showdown odds`` and ``ShowdownClient.odds`` against a real gunicorn server: odds mid-hand as a table, as JSON
and as a picture; a refusal prints its pointers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from showdown_client import ShowdownClient
from showdown_client.cli import main

SPOT = {"variant": "texas-holdem", "board": ["Kd", "7c", "2h"],
        "players": [{"id": "ann", "hole": ["Ah", "Kh"]}, {"id": "bob", "hole": ["Qs", "Qc"]}], "pot": 200}


@pytest.fixture(autouse=True)
def wide_terminal(monkeypatch: pytest.MonkeyPatch, server: str) -> None:
    monkeypatch.setenv("COLUMNS", "250")
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("SHOWDOWN_URL", server)


def _spot_file(tmp_path: Path, spot: object = SPOT) -> Path:
    path = tmp_path / "spot.json"
    path.write_text(json.dumps(spot), encoding="utf-8")
    return path


def test_the_client_answers_typed_odds_that_add_up(server: str) -> None:
    with ShowdownClient(server) as client:
        equities = client.odds(SPOT)
        picture = client.render_odds(SPOT, "png")
    assert (equities.method, equities.runouts, equities.money_in) == ("exact", 990, 200)
    assert sum(p.expected for p in equities.players) == pytest.approx(200)
    assert equities.summary.endswith("(exact, 990 runouts)")
    assert picture.startswith(b"\x89PNG\r\n\x1a\n")


def test_odds_prints_the_summary_and_each_players_share(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    picture = tmp_path / "odds.svg"
    assert main(["odds", str(_spot_file(tmp_path)), "--svg", str(picture)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("ann 92%, bob 8% (exact, 990 runouts)")
    rows = {line.split("│")[1].strip(): line for line in out.splitlines() if line.count("│") >= 3}
    assert "92.0%" in rows["ann"] and "exact" in rows["ann"]
    assert picture.read_text(encoding="utf-8").lstrip().startswith("<")


def test_odds_passes_method_samples_and_seed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spot = {**SPOT, "players": [SPOT["players"][0], {"id": "bob", "hole": [None, None]}]}  # type: ignore[index]
    argv = ["odds", str(_spot_file(tmp_path, spot)), "--method", "monte-carlo", "--samples", "500", "--seed", "4",
            "--json"]
    assert main(argv) == 0
    first = json.loads(capsys.readouterr().out)
    assert (first["method"], first["runouts"], first["seed"]) == ("monte-carlo", 500, 4)
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out) == first


def test_a_refused_spot_prints_its_pointers_and_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", str(_spot_file(tmp_path, {**SPOT, "dead_cards": ["Kd"]}))]) == 1
    err = capsys.readouterr().err
    assert "422" in err and "/dead_cards/0" in err
