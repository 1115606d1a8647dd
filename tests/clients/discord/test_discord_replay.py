"""The bot's handlers driven by replayed interactions against the real server: what each command posts, the
house game kept per channel across a restart, every problem in words and ephemeral, and a clear word when the
service does not answer."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from showdown_discord.cli import main, make_handlers
from showdown_discord.handlers import Handlers
from showdown_discord.replay import replay
from showdown_discord.reply import Recorded, Reply

from tests.live_server import free_port

OMAHA = {"variant": "omaha-hi-lo-8", "players": "ann: A♠ 2♠ K♦ 7c | bob: Ah 3h Qd Qc | cy: folded",
         "board": "4s 5d 10h Jc 8s", "pot": "ann 100, bob 100, cy 40"}
STUD = "ann: 9s As 2d / Jh 7d 5h 6d | bob: Kc Kd 3s / Ks 2c 4h 8c"


def run(handlers: Handlers, *interactions: dict[str, Any]) -> list[Recorded]:
    return asyncio.run(replay(handlers, list(interactions)))


def only_reply(done: Recorded) -> Reply:
    assert done.deferred
    assert len(done.replies) == 1
    return done.replies[0]


def test_showdown_posts_the_summary_each_players_hand_and_share_and_the_png(handlers: Handlers) -> None:
    reply = only_reply(run(handlers, {"command": "showdown", "options": OMAHA})[0])
    assert not reply.ephemeral
    assert reply.text.startswith("bob wins 120 with pair of queens")
    fields = {f.name: f.value for f in reply.fields}
    assert fields["ann"].endswith("wins 120 (low 120)") and "low: 8-5-4-2-A low" in fields["ann"]
    assert fields["bob"].endswith("wins 120 (high 120)")
    assert fields["cy"] == "folded\nwins 0"
    assert [a.filename for a in reply.files] == ["showdown.png"] and reply.image == "showdown.png"
    assert reply.files[0].data.startswith(b"\x89PNG")


def test_a_bad_hand_answers_every_problem_in_words_only_to_the_player(handlers: Handlers) -> None:
    reply = only_reply(run(handlers, {"command": "showdown", "options": {
        "variant": "texas-holdem", "players": "ann: Ah Ah | bob: Qs Qc Qd", "board": "2c 7d 9h", "pot": "300"}})[0])
    assert reply.ephemeral and not reply.files
    assert reply.text.splitlines() == [
        "That hand cannot be settled:",
        "• bob's hole: Texas Hold'em needs 2 hole cards, got 3",
        "• board: Texas Hold'em needs 5 board cards, got 3",
        "• ann's hole card 2: duplicate card Ah (also at /players/0/hole/0)"]


def test_an_unknown_game_answers_the_services_did_you_mean(handlers: Handlers) -> None:
    reply = only_reply(run(handlers, {"command": "showdown", "options": {**OMAHA, "variant": "omaha-hi-lo-9"}})[0])
    assert reply.ephemeral and "did you mean 'omaha-hi-lo-8'" in reply.text


def test_a_malformed_line_answers_the_table_talk_problems(handlers: Handlers) -> None:
    reply = only_reply(run(handlers, {"command": "showdown", "options": {"variant": "texas-holdem",
                                                                         "players": "ann Ah Kh"}})[0])
    assert reply.ephemeral
    assert "• player 1 ('ann Ah Kh'): a name, a colon, then the cards, as 'ann: Ah Kh'" in reply.text


def test_the_house_game_settles_players_alone_and_survives_a_restart(server: str, tmp_path: Path) -> None:
    db = str(tmp_path / "house.sqlite3")
    house = only_reply(run(make_handlers(server, db), {"command": "house", "channel": "c1",
                                                       "options": {"variant": "seven-card-stud"}})[0])
    assert house.text.startswith("This channel's house game is now **Seven-Card Stud**")
    restarted = make_handlers(server, db)
    settled, elsewhere = run(restarted, {"command": "showdown", "channel": "c1", "options": {"players": STUD}},
                             {"command": "showdown", "channel": "c2", "options": {"players": STUD}})
    assert only_reply(settled).text.startswith("bob wins")
    assert only_reply(elsewhere).text.endswith("no variant: name one, or set this channel's game with /house")


def test_house_refuses_an_option_the_game_does_not_have(handlers: Handlers) -> None:
    reply = only_reply(run(handlers, {"command": "house", "options": {"variant": "follow-the-queen",
                                                                      "options": "queens_wild=maybe color=red"}})[0])
    assert reply.ephemeral
    assert "• Follow the Queen has no option 'color' (options: queens_wild)" in reply.text
    assert "• option queens_wild: 'maybe' is not one of false, true" in reply.text


def test_odds_post_each_players_share_and_the_bar_chart(handlers: Handlers) -> None:
    reply = only_reply(run(handlers, {"command": "odds", "options": {
        "variant": "texas-holdem", "players": "ann: Ah Kh | bob: ? ?", "board": "2c 7d 9h", "pot": "100"}})[0])
    shares = {f.name: float(f.value.split("%")[0]) for f in reply.fields}
    assert set(shares) == {"ann", "bob"} and abs(sum(shares.values()) - 100) < 0.2
    assert reply.files[0].filename == "odds.png" and reply.files[0].data.startswith(b"\x89PNG")


def test_variant_gives_the_rules_and_the_layout_and_variants_a_list(handlers: Handlers) -> None:
    rules, listing = run(handlers, {"command": "variant", "options": {"name": "Follow the Queen"}},
                         {"command": "variants", "options": {"search": "queen"}})
    reply = only_reply(rules)
    assert reply.title == "Follow the Queen" and "wild" in reply.fields[0].value
    assert reply.files[0].filename == "follow-the-queen-layout.svg" and b"<svg" in reply.files[0].data
    assert "**Follow the Queen** `follow-the-queen`" in only_reply(listing).text


def test_the_service_down_answers_a_clear_message(tmp_path: Path) -> None:
    down = make_handlers(f"http://127.0.0.1:{free_port()}", str(tmp_path / "house.sqlite3"))
    reply = only_reply(run(down, {"command": "showdown", "options": OMAHA})[0])
    assert reply.ephemeral and "the Showdown service did not answer in time (it may be down)" in reply.text


def test_the_replay_command_prints_one_block_per_interaction(
        server: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    recorded = tmp_path / "interactions.json"
    recorded.write_text(json.dumps([{"command": "showdown", "channel": "night", "options": OMAHA},
                                    {"command": "variants", "options": {"search": "omaha 8"}}]), encoding="utf-8")
    assert main(["--url", server, "--db", str(tmp_path / "h.sqlite3"), "replay", str(recorded)]) == 0
    first, second = capsys.readouterr().out.split("\n\n")
    assert first.startswith("#night > /showdown variant:omaha-hi-lo-8")
    assert "  [embed] omaha-hi-lo-8" in first and "    cy: folded" in first
    assert "[file] showdown.png (" in first and " bytes)" in first
    assert second.startswith("#replay > /variants search:omaha 8\n")
    assert "**Omaha Hi-Lo, 8 or better** `omaha-hi-lo-8`" in second  # every word searched, not the phrase
