"""The hot-path encoder answers exactly what the documented response schema dumps."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import orjson
import pytest
from flask import Flask, Response

from evaluator import RANKS, SUITS, adjudicate, all_variants, describe_variant
from service.encoding import JsonAnswer, json_answer, showdown_body
from service.schemas import ShowdownRequestSchema, ShowdownResponseSchema
from tests.service.conftest import one_app_per_module

app = one_app_per_module()

GOLDEN = Path(__file__).parent.parent / "golden" / "cases"


def _requests() -> list[tuple[str, dict[str, Any]]]:
    found = [(f"example/{v.id}", describe_variant(v)["example"]) for v in all_variants() if v.not_showdown is None]
    for path in sorted(GOLDEN.glob("*.json")):
        for case in json.loads(path.read_text())["cases"]:
            found.append((f"golden/{path.stem}/{case['name']}", case["request"]))
    return found


@pytest.mark.parametrize(("name", "body"), _requests(), ids=[n for n, _ in _requests()])
def test_encoder_matches_the_documented_response_schema(app: Flask, name: str, body: dict[str, Any]) -> None:
    with app.app_context():
        call = ShowdownRequestSchema().load(body)
        result = adjudicate(call.variant, call.deal, call.options)
        assert showdown_body(result) == ShowdownResponseSchema().dump(result)


# --- the hot path against the schemas, on many random deals ------------------------------------------------------

_RANDOM_GAMES = {  # variant -> (hole cards, up cards, board cards)
    "texas-holdem": (2, 0, 5), "omaha": (4, 0, 5), "omaha-hi-lo-8": (4, 0, 5), "big-o": (5, 0, 5),
    "seven-card-stud": (3, 4, 0), "seven-card-stud-hi-lo-8": (3, 4, 0), "razz": (3, 4, 0),
}


def _random_bodies(count: int, seed: int = 2026) -> list[dict[str, Any]]:
    """``count`` seeded valid showdowns of the plain games, 2 to 7 players, with one pot, side pots or
    contributions, some players folded (never eligible for a pot)."""
    rng = random.Random(seed)
    deck = [rank + suit for rank in RANKS for suit in SUITS]
    found = []
    for _ in range(count):
        variant = rng.choice(sorted(_RANDOM_GAMES))
        hole, up, board = _RANDOM_GAMES[variant]
        cards = rng.sample(deck, 52)
        seats = rng.randint(2, min(7, (52 - board) // (hole + up)))
        ids = [f"p{i}" for i in range(seats)]
        players: list[dict[str, Any]] = []
        for i, name in enumerate(ids):
            own = cards[i * (hole + up) : (i + 1) * (hole + up)]
            player: dict[str, Any] = {"id": name, "hole": own[:hole]}
            if up:
                player["up"] = own[hole:]
            if i > 0 and rng.random() < 0.15:
                player["folded"] = True
            players.append(player)
        body: dict[str, Any] = {"variant": variant, "players": players}
        if board:
            body["board"] = cards[-board:]
        money = rng.random()
        if money < 0.6:
            body["pot"] = rng.randint(0, 10_000)
        elif money < 0.8:
            live = [p["id"] for p in players if not p.get("folded")]
            body["pots"] = [{"amount": rng.randint(1, 5_000), "eligible": live},
                            {"amount": rng.randint(1, 5_000), "eligible": live[: max(1, len(live) - 1)]}]
        else:
            body["contributions"] = {name: rng.randint(0, 3_000) for name in ids}
        found.append(body)
    return found


def test_the_hot_path_answers_random_deals_byte_for_byte_as_the_schemas(app: Flask) -> None:
    """The fast reader, the encoder and the lean view against the documented schemas: 300 seeded valid showdowns,
    each answered over HTTP and compared, bytes and headers, with the schema's load, the engine and the response
    schema's dump encoded as JSON."""
    client = app.test_client()
    for body in _random_bodies(300):
        answered = client.post("/v1/showdowns", json=body)
        with app.test_request_context():
            call = ShowdownRequestSchema().load(body)
            dumped = ShowdownResponseSchema().dump(adjudicate(call.variant, call.deal, call.options))
        assert answered.status_code == 200, (body, answered.get_data())
        assert answered.get_data() == orjson.dumps(dumped, option=orjson.OPT_APPEND_NEWLINE), body
        assert answered.headers["Content-Type"] == "application/json"
        assert answered.headers["Content-Length"] == str(len(answered.get_data()))


def test_the_light_json_answer_is_built_as_flask_builds_the_response() -> None:
    data = b'{"variant":"texas-holdem","s":"\xc3\xa9"}\n'
    light, standard = JsonAnswer(data), Response(data, status=200, mimetype="application/json")
    assert vars(light) == {**vars(standard), "headers": light.headers}
    assert light.headers.to_wsgi_list() == standard.headers.to_wsgi_list()
    assert (light.status, light.status_code, light.get_data()) == (standard.status, standard.status_code, data)
    assert light.get_wsgi_headers({}).to_wsgi_list() == standard.get_wsgi_headers({}).to_wsgi_list()


def test_json_answer_is_the_light_answer_for_200_only(app: Flask) -> None:
    with app.app_context():
        assert type(json_answer({"a": 1})) is JsonAnswer
        other = json_answer({"a": 1}, status=201)
        assert type(other) is app.response_class and other.status == "201 CREATED"
