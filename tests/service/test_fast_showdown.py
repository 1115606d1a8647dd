"""The hot path of ``POST /v1/showdowns`` against the schema it stands in for (differential).

:func:`service.schemas.fast_showdown.fast_showdown_call` must build exactly the call ``ShowdownRequestSchema().load``
builds (same values, same types, the same variant noted for the access log and the metrics) for every body it takes,
and take nothing the schema refuses; the lean view (:func:`service.views.showdowns.serve_showdown`) must answer every
request exactly as the documented flask-smorest view it replaces. Bodies: every catalog example, random valid deals
in every shape the fast reader knows, and those deals mutated (a key removed or added, a value of another type or
out of range) so that most are 422s. The random bodies are a reduced sample (the three property tests are marked
``slow``): ``make stress`` draws twenty and thirteen times as many (``SHOWDOWN_DEEP=1``, ``tests/samples.py``).
"""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from flask import Response
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError

from evaluator import MAX_PLAYERS, Card, all_variants, example_request
from evaluator.engine.runs import MAX_RUNS, MIN_RUNS
from service.errors import problem_for
from service.request_facts import NotedVariant, noted_variants
from service.schemas import ShowdownCall, ShowdownRequestSchema
from service.schemas.fast_showdown import BODY_KEYS, PLAYER_KEYS, POT_KEYS, _card_table, fast_showdown_call
from service.schemas.fields import MAX_CARDS_PER_PLACE, MAX_CHIPS
from service.schemas.requests import MAX_EVENTS, MAX_OPTIONS, PlayerSchema, PotSchema
from service.views import showdowns
from tests.samples import samples
from tests.service.conftest import lazy_app

_app = lazy_app()


_SHOWDOWNS = [v for v in all_variants() if v.not_showdown is None]
_EXAMPLES = {v.id: example_request(v) for v in _SHOWDOWNS}
_SETTINGS = settings(max_examples=samples(100, 2000), deadline=None,
                     suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
_HTTP_SETTINGS = settings(max_examples=samples(30, 400), deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


# --- comparing calls -------------------------------------------------------------------------------------------


def typed(value: Any) -> Any:
    """``value`` spelled out with the type of every part (a Card is not an int, a tuple not a list), dict order
    included, for an exact comparison."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__, tuple((f.name, typed(getattr(value, f.name))) for f in dataclasses.fields(value)))
    if isinstance(value, dict):
        return ("dict", tuple((typed(k), typed(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return (type(value).__name__, tuple(typed(v) for v in value))
    return (type(value).__name__, value)


def same_call(fast: ShowdownCall, schema: ShowdownCall) -> None:
    assert fast.variant is schema.variant
    assert typed(fast.deal) == typed(schema.deal)
    # The fast reader builds seats and deals without their __init__: every field is set on the object itself, as
    # __init__ sets it (a field left out would read the class's default, and typed() would not see the difference).
    assert list(vars(fast.deal)) == list(vars(schema.deal))
    assert [list(vars(seat)) for seat in fast.deal.seats] == [list(vars(seat)) for seat in schema.deal.seats]
    assert typed(fast.options) == typed(schema.options)


def _read(body: Any, read: Callable[[Any], Any]) -> tuple[Any, list[NotedVariant]]:
    with _app().test_request_context():
        try:
            found = read(body)
        except ValidationError as exc:
            found = exc
        return found, noted_variants()


def check_alike(body: Any) -> bool:
    """The fast reader agrees with the schema on ``body``; True if it took it."""
    fast, fast_noted = _read(body, fast_showdown_call)
    schema, schema_noted = _read(body, ShowdownRequestSchema().load)
    if fast is None:
        assert fast_noted == []
        return False
    assert not isinstance(schema, ValidationError), f"the fast reader took a body the schema refuses: {schema}"
    same_call(fast, schema)
    assert fast_noted == schema_noted == [NotedVariant("showdown", fast.variant.id)]
    return True


# --- comparing answers -----------------------------------------------------------------------------------------


@contextmanager
def _posted(raw: bytes, content_type: str = "application/json") -> Iterator[None]:
    with _app().test_request_context("/v1/showdowns", method="POST", data=raw, content_type=content_type):
        yield


def answer(view: Callable[[], Response], raw: bytes, content_type: str = "application/json"
           ) -> tuple[int, Any, list[NotedVariant]]:
    """(status, JSON body, variants noted) of ``view`` answering ``raw``, errors answered as the app's handlers
    answer them."""
    with _posted(raw, content_type):
        try:
            response = view()
        except Exception as exc:
            problem = problem_for(exc)
            if problem is None:
                raise
            response = problem.response()
        return response.status_code, json.loads(response.get_data()), noted_variants()


def check_answers_alike(raw: bytes, content_type: str = "application/json") -> None:
    lean = answer(showdowns.serve_showdown, raw, content_type)
    documented = answer(showdowns.adjudicate_showdown, raw, content_type)
    assert lean == documented


# --- bodies ----------------------------------------------------------------------------------------------------

_NAMES = sorted({n for v in _SHOWDOWNS for n in (v.id, *v.aliases)})
_CARD_TEXTS = sorted(_card_table())
#: Spellings parse_card reads that the fast reader's table does not hold: still read, one at a time.
_ODD_CARDS = [" As", "ks ", "A\u2660", "10\u2665", "A\u2660\ufe0f", "t\u2663"]
card_texts = st.sampled_from(_CARD_TEXTS) | st.sampled_from(_ODD_CARDS)
card_lists = st.lists(card_texts, max_size=7)
names = st.text(min_size=1, max_size=64) | st.sampled_from(["ann", "bob", "cy", "x" * 64])
chips = st.integers(min_value=0, max_value=MAX_CHIPS) | st.sampled_from([0, MAX_CHIPS])
boards = card_lists | st.dictionaries(st.sampled_from(["A", "B", "C1", "E2", "x/y", "~0", "10"]), card_texts,
                                     max_size=5)
players = st.fixed_dictionaries({"id": names}, optional={
    "hole": card_lists, "up": card_lists, "extra": card_lists, "folded": st.booleans(),
    "declare": st.sampled_from(["high", "low", "both"]), "wild_rank": st.sampled_from([*"23456789TJQKA", "10"]),
    "declared_hand": card_lists})
events = st.dictionaries(st.text(max_size=12), st.none() | st.integers() | st.text(max_size=4)
                         | st.lists(st.text(max_size=3), max_size=3), max_size=MAX_EVENTS)


@st.composite
def valid_bodies(draw: st.DrawFn) -> dict[str, Any]:
    """A body the schema accepts, in the shapes the fast reader knows."""
    name = draw(st.sampled_from(_NAMES))
    variant = next(v for v in _SHOWDOWNS if name in (v.id, *v.aliases))
    body: dict[str, Any] = {"variant": name, "players": draw(st.lists(players, min_size=1, max_size=MAX_PLAYERS))}
    ids = [p["id"] for p in body["players"]]
    if variant.options and draw(st.booleans()):
        chosen = draw(st.lists(st.sampled_from(variant.options), max_size=MAX_OPTIONS, unique_by=lambda o: o.name))
        body["options"] = {}
        for spec in chosen:
            value = draw(st.sampled_from(sorted(spec.values)))
            body["options"][spec.name] = (value == "true") if value in ("true", "false") and draw(
                st.booleans()) else value
    if draw(st.booleans()):
        body["board"] = draw(boards)
    money = draw(st.sampled_from(["none", "pot", "pots", "contributions", "dead"]))
    if money == "pot":
        body["pot"] = draw(chips)
    elif money == "pots":
        body["pots"] = draw(st.lists(st.fixed_dictionaries({
            "amount": chips, "eligible": st.lists(st.sampled_from(ids) | names, unique=True, max_size=MAX_PLAYERS)}),
            max_size=MAX_PLAYERS))
    elif money in ("contributions", "dead"):
        body["contributions"] = draw(st.dictionaries(st.sampled_from(ids) | names, chips, max_size=MAX_PLAYERS))
        if money == "dead":
            body["dead"] = draw(st.dictionaries(st.sampled_from(ids) | names, chips, max_size=MAX_PLAYERS))
    if draw(st.booleans()):
        body["button"] = draw(st.sampled_from(ids) | names)
    if draw(st.integers(0, 4)) == 0:
        body["runs"] = draw(st.lists(boards, min_size=MIN_RUNS, max_size=MAX_RUNS))
    if draw(st.integers(0, 3)) == 0:
        body["events"] = draw(events)
    return body


_ODD_VALUES = [None, True, False, 0, -1, 1.5, 600.0, MAX_CHIPS + 1, 2**70, -(2**70), "", "x" * 65, "As", "texas-holdem",
               "high", "10", [], {}, ["As"], ["As"] * (MAX_CARDS_PER_PLACE + 1), [None], [1], {"x": 1}, {"As": "As"},
               [{}], "\ud83d", "Zz"]


def _places(value: Any, path: tuple[str | int, ...] = ()) -> Iterator[tuple[str | int, ...]]:
    """Every place in a JSON value, the root included."""
    yield path
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _places(inner, (*path, key))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            yield from _places(inner, (*path, i))


@st.composite
def mutated_bodies(draw: st.DrawFn) -> Any:
    """A valid body with one to three changes: a value replaced by one of another type or out of range, a key or
    item removed, an unknown or a known key added, an item repeated."""
    body = json.loads(json.dumps(draw(valid_bodies())))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(list(_places(body))))
        kind = draw(st.sampled_from(["replace", "remove", "add", "repeat"]))
        if not path:
            if kind == "replace":
                return _odd(draw)
            body[draw(st.sampled_from([*BODY_KEYS, "rules", "x", "hands"]))] = _odd(draw)
            continue
        parent = body
        for token in path[:-1]:
            parent = parent[token]
        last = path[-1]
        if kind == "replace":
            parent[last] = _odd(draw)
        elif kind == "remove":
            del parent[last]
        elif kind == "add" and isinstance(parent, dict):
            parent[draw(st.sampled_from([*BODY_KEYS, *PLAYER_KEYS, *POT_KEYS, "x", "hands", "rules"]))] = draw(
                st.sampled_from(_ODD_VALUES).map(copy.deepcopy) | st.just(parent[last]))
        elif isinstance(parent, list):
            parent.append(parent[last])
    return body


def _odd(draw: st.DrawFn) -> Any:
    """One of the odd values, a copy: a later change to the body (an item appended) must never change the shared
    list, or the next examples would be drawn from other values (hypothesis reports that as flaky data)."""
    return copy.deepcopy(draw(st.sampled_from(_ODD_VALUES)))


# --- the tests -------------------------------------------------------------------------------------------------


def test_the_lean_view_serves_the_endpoint_and_the_documented_one_stays_in_the_document() -> None:
    app = _app()
    assert app.view_functions["showdowns.adjudicate_showdown"] is showdowns.serve_showdown
    operation = app.extensions["showdown"].api.spec.to_dict()["paths"]["/v1/showdowns"]["post"]
    assert operation["operationId"] == "adjudicateShowdown"
    assert "requestBody" in operation and "200" in operation["responses"] and "422" in operation["responses"]


def test_the_fast_reader_knows_the_schema_fields_but_rules_and_hands() -> None:
    """A field the schema gains later is sent to the schema (an unknown key here), so it is safe; this lists the
    fields left to the schema on purpose."""
    assert set(ShowdownRequestSchema().fields) - BODY_KEYS == {"rules"}
    assert set(ShowdownRequestSchema().fields) >= BODY_KEYS
    assert set(PlayerSchema().fields) - PLAYER_KEYS == {"hands"}
    assert set(PlayerSchema().fields) >= PLAYER_KEYS
    assert set(PotSchema().fields) == POT_KEYS


def test_the_card_table_reads_as_parse_card() -> None:
    from evaluator import parse_card

    for text, card in _card_table().items():
        assert type(card) is Card and card == parse_card(text) and str(card) == str(parse_card(text))


@pytest.mark.parametrize("variant", sorted(_EXAMPLES))
def test_every_catalog_example_is_read_and_answered_alike(variant: str) -> None:
    body = _EXAMPLES[variant]
    took = check_alike(body)
    assert took or any("hands" in p for p in body["players"]), "the fast reader refused a catalog example"
    check_answers_alike(json.dumps(body).encode())


@pytest.mark.slow
@_SETTINGS
@given(valid_bodies())
def test_valid_bodies_are_read_alike_and_all_by_the_fast_reader(body: dict[str, Any]) -> None:
    assert check_alike(body), "the fast reader refused a valid body in a shape it knows"


@pytest.mark.slow
@_SETTINGS
@given(mutated_bodies())
@example({"variant": "texas-holdem", "players": [{"id": "a", "declare": None}]})
@example({"variant": "texas-holdem", "players": [{"id": "a", "wild_rank": None}]})
@example({"variant": "texas-holdem", "players": [{"id": "a"}], "pot": 1, "pots": []})
@example({"variant": "texas-holdem", "players": [{"id": "a"}], "dead": {"a": 1}})
@example({"variant": "texas-holdem", "players": [{"id": "a"}], "pots": [{"amount": 1, "eligible": ["a", "a"]}]})
@example({"variant": "texas-holdem", "players": [{"id": "a"}], "options": {"nope": "x"}})
@example({"variant": "Texas Hold'em", "players": [{"id": "a"}]})
@example({"variant": "texas-holdem", "rules": {}, "players": [{"id": "a"}]})
@example({"variant": "texas-holdem", "players": [{"id": "a", "hands": [["As"]]}]})
def test_mutated_bodies_are_read_alike(body: Any) -> None:
    check_alike(body)


def _holdem(**fields: Any) -> dict[str, Any]:
    return {"variant": "texas-holdem", "players": [{"id": "a"}, {"id": "b"}], **fields}


@pytest.mark.parametrize("body", [
    _holdem(runs=[["As"]]), _holdem(runs=[["As"]] * (MAX_RUNS + 1)), _holdem(runs=[["As"]] * MAX_RUNS),
    _holdem(players=[]), _holdem(players=[{"id": str(i)} for i in range(MAX_PLAYERS + 1)]),
    _holdem(players=[{"id": str(i)} for i in range(MAX_PLAYERS)]),
    _holdem(players=[{"id": "x" * 65}]), _holdem(players=[{"id": "x" * 64}]), _holdem(players=[{"id": ""}]),
    _holdem(button=""), _holdem(button="x" * 65), _holdem(button="x" * 64),
    _holdem(board=["As"] * (MAX_CARDS_PER_PLACE + 1)), _holdem(board=["As"] * MAX_CARDS_PER_PLACE),
    _holdem(board={str(i): "As" for i in range(MAX_CARDS_PER_PLACE + 1)}),
    _holdem(pots=[{"amount": 1, "eligible": [str(i) for i in range(MAX_PLAYERS + 1)]}]),
    _holdem(pots=[{"amount": 1, "eligible": []}] * (MAX_PLAYERS + 1)), _holdem(pots=[]),
    _holdem(pots=[{"amount": 1, "eligible": [""]}]), _holdem(pots=[{"amount": 1}]),
    _holdem(contributions={str(i): 1 for i in range(MAX_PLAYERS + 1)}),
    _holdem(contributions={"a": 1}, dead={str(i): 1 for i in range(MAX_PLAYERS + 1)}),
    _holdem(events={str(i): 1 for i in range(MAX_EVENTS + 1)}), _holdem(events={str(i): 1 for i in range(MAX_EVENTS)}),
    _holdem(variant="boise", options={str(i): "x" for i in range(MAX_OPTIONS + 1)}),
    _holdem(pot=MAX_CHIPS), _holdem(pot=MAX_CHIPS + 1), _holdem(pot=-1), _holdem(pot=True), _holdem(pot=1.0),
    _holdem(players=[{"id": "a", "hole": ["As"] * (MAX_CARDS_PER_PLACE + 1)}]),
    _holdem(players=[{"id": "a", "wild_rank": "t"}]), _holdem(players=[{"id": "a", "declare": "High"}]),
    _holdem(players=[{"id": "a", "folded": 1}]), _holdem(players=[{"id": "a", "hole": "AsKs"}]),
    _holdem(players=[{"id": "a", "hole": [["As"]]}]), _holdem(players=[{"id": "a", "hole": [{"c": "As"}]}]),
])
def test_bodies_at_the_limits_are_read_alike(body: dict[str, Any]) -> None:
    check_alike(body)


@pytest.mark.slow
@_HTTP_SETTINGS
@given(valid_bodies() | mutated_bodies())
def test_the_lean_view_answers_as_the_documented_view(body: Any) -> None:
    check_answers_alike(json.dumps(body).encode())


@pytest.mark.parametrize(("raw", "content_type"), [
    (b"", "application/json"),
    (b"{", "application/json"),
    (b"[]", "application/json"),
    (b"null", "application/json"),
    (b'{"variant": NaN}', "application/json"),
    (b'{"variant": "texas-holdem", "players": [{"id": "a"}], "pot": 1e400}', "application/json"),
    (b'{"variant": "texas-holdem", "players": [{"id": "a"}], "pot": 100000000000000000000000}', "application/json"),
    (b'{"variant": "texas-holdem", "players": [{"id": "\\ud83d"}], "pot": 2}', "application/json"),
    (b'{"variant": "texas-holdem", "variant": "omaha", "players": [{"id": "a"}]}', "application/json"),
    (b"\xef\xbb\xbf{}", "application/json"),
    (b"\xff", "application/json"),
    (json.dumps(_EXAMPLES["texas-holdem"]).encode(), "text/plain"),
    (json.dumps(_EXAMPLES["texas-holdem"]).encode(), "application/merge-patch+json"),
])
def test_odd_bodies_are_answered_as_the_documented_view(raw: bytes, content_type: str) -> None:
    check_answers_alike(raw, content_type)


def test_a_lone_surrogate_in_a_player_id_is_answered_by_the_standard_encoder() -> None:
    body = json.dumps({"variant": "texas-holdem", "board": ["Ac", "Kd", "Ks", "7h", "2c"], "pot": 3, "players": [
        {"id": "ann\ud83d", "hole": ["Ah", "Ad"]}, {"id": "bob", "hole": ["Qs", "Qd"]}]}).encode()
    status, found, _ = answer(showdowns.serve_showdown, body)
    assert status == 200 and found["payouts"] == {"ann\ud83d": 3, "bob": 0}
    check_answers_alike(body)


def test_json_answer_falls_back_past_64_bits() -> None:
    from service.encoding import json_answer

    with _app().app_context():
        for value in ({"n": 2**64}, {"n": -(2**63) - 1}, {"s": "a\udc00b"}, {1: "non-string key"}):
            answered = json_answer(value)
            assert answered.mimetype == "application/json" and answered.get_data().endswith(b"\n")
            assert answered.get_json() == json.loads(json.dumps(value))
        assert json_answer({"n": 2**63 - 1, "s": "é"}).get_data() == '{"n":9223372036854775807,"s":"é"}\n'.encode()
