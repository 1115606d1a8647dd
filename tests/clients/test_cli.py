"""The ``showdown`` command line against a real gunicorn server: ``settle`` (a file or stdin, with a picture),
``variants --search``, ``variant``, ``evaluate``; refusals print every pointer (exit 1), bad input exits 2 and no
server exits 3; the server comes from ``--url``, then ``SHOWDOWN_URL``."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from showdown_client.cli import main

from tests.live_server import free_port

DEAL = {"variant": "texas-holdem", "board": ["Kd", "7c", "2h", "9s", "2d"],
        "players": [{"id": "ann", "hole": ["Ah", "Kh"]}, {"id": "bob", "hole": ["Qs", "Qc"]},
                    {"id": "cy", "hole": ["9h", "9d"]}],
        "contributions": {"ann": 100, "bob": 100, "cy": 40}}
SHOWDOWN = Path(sys.executable).parent / "showdown"


@pytest.fixture(autouse=True)
def wide_terminal(monkeypatch: pytest.MonkeyPatch, server: str) -> None:
    """Tables as wide as they want (no wrapping), no colour, and the test server as ``SHOWDOWN_URL``."""
    monkeypatch.setenv("COLUMNS", "250")
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("SHOWDOWN_URL", server)


def _deal_file(tmp_path: Path, deal: object = DEAL) -> Path:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(deal), encoding="utf-8")
    return path


def test_settle_prints_the_summary_and_a_table_and_writes_the_picture(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    picture = tmp_path / "out.png"
    assert main(["settle", str(_deal_file(tmp_path)), "--png", str(picture)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Main pot: cy wins 120 with full house, nines full of twos. Side pot 1: ann wins 120")
    rows = {line.split("│")[1].strip(): line for line in out.splitlines() if line.count("│") >= 3}
    assert "Full house, nines full of twos [9s 9h 9d 2h 2d]" in rows["cy"] and "120" in rows["cy"]
    assert rows["bob"].rstrip(" │").endswith("0")
    assert picture.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


def test_settle_reads_stdin_and_prints_json(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(DEAL)))
    assert main(["settle", "-", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["payouts"] == {"ann": 120, "bob": 0, "cy": 120}


def test_client_text_is_printed_as_it_is_never_as_markup(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deal = {**DEAL, "players": [{"id": "[bold]ann[/bold]", "hole": ["Ah", "Kh"]}, *DEAL["players"][1:]],
            "contributions": {"[bold]ann[/bold]": 100, "bob": 100, "cy": 40}}
    assert main(["settle", str(_deal_file(tmp_path, deal))]) == 0
    assert "[bold]ann[/bold]" in capsys.readouterr().out


def test_variants_search_lists_the_matching_variants(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants", "--search", "iron"]) == 0
    out = capsys.readouterr().out
    ids = {line.split("│")[1].strip() for line in out.splitlines() if line.startswith("│")} - {""}
    assert {"iron-cross", "iron-cross-wild"} <= ids and "texas-holdem" not in ids


def test_variant_prints_its_description_options_and_example(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variant", "iron-cross-wild"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Iron Cross, wild centre [iron-cross-wild]")
    assert "center_wild" in out and '"variant": "iron-cross-wild"' in out


def test_evaluate_takes_cards_layout_positions_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["evaluate", "omaha", "--hole", "Ah", "Kh", "Qd", "Jc", "--board", "Th", "7h", "2h", "9s", "3c"]) == 0
    assert "Flush" in capsys.readouterr().out
    assert main(["evaluate", "iron-cross-wild", "--hole", "Ah", "Kh", "Qd", "Jc", "9h", "--board", "1=Kd", "2=7c",
                 "3=2h", "4=9s", "5=2d", "--option", "center_wild=rank", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["options"] == {"center_wild": "rank"} and answer["hands"]["high"]["wilds"]


def test_a_refusal_prints_every_pointer_and_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = {**DEAL, "board": ["Kd", "7c", "2h", "9s", "Kd"]}
    assert main(["settle", str(_deal_file(tmp_path, bad))]) == 1
    err = capsys.readouterr().err
    assert "422" in err and "/board/4" in err and "duplicate-card" in err


def test_bad_input_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["settle", str(tmp_path / "missing.json")]) == 2
    not_json = tmp_path / "deal.json"
    not_json.write_text("{nope", encoding="utf-8")
    assert main(["settle", str(not_json)]) == 2
    assert main(["evaluate", "iron-cross", "--board", "1=Kd", "7c"]) == 2
    assert main(["evaluate", "omaha", "--option", "novalue"]) == 2
    assert capsys.readouterr().err.count("showdown: ") == 4


def test_no_server_exits_3_and_url_overrides_the_environment(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--url", f"http://127.0.0.1:{free_port()}", "variants"]) == 3
    assert "no answer from" in capsys.readouterr().err


def test_the_installed_console_script_runs(server: str, tmp_path: Path) -> None:
    env = {**os.environ, "SHOWDOWN_URL": server, "COLUMNS": "200"}
    done = subprocess.run([str(SHOWDOWN), "settle", str(_deal_file(tmp_path))], capture_output=True, text=True,
                          env=env, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Main pot: cy wins 120")
