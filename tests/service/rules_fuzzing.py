"""Requests carrying fuzzed ``rules`` (issue 10), shared by the suite's short run (tests/service/test_rules_fuzz.py)
and the long one (``make stress``: stress/rules_fuzz.py).

Two generators:

- :func:`schema_requests`: rules built over the shape read before issue 11 (``deck.id``, ``cards``, ``board.kind``,
  ``pot_division``; still read) from its own vocabulary (decks, rankings, card sources, divisions, qualifiers)
  mixed with wrong values, with a deal the rules may or may not accept;
- :func:`catalog_mutations`: every catalog record's ``rules``, as ``GET /v1/variants/{id}`` gives them (wild cards,
  events, options, deal rules, Breakers... included; one time in five the old document instead), with one
  to three mutations at any place (a key deleted, a value of another type, a list or object in place of a value,
  huge numbers, empty and long strings, deep nesting, a value from elsewhere in the record), sent with the
  record's own example deal;
- :func:`catalog_swaps`: every catalog record's ``rules`` with fields of other records: well formed, possibly
  inconsistent.

:func:`check` posts one request to the Flask test client and asserts the answer is a 200 or a 422 problem (chips
conserved on a 200 showdown), never a 500, nor the 422 that stands in for one (``unplayable-rules``: the rules broke
the engine although every check passed).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any, Final

from flask.testing import FlaskClient
from hypothesis import strategies as st

from evaluator import all_variants, describe_variant
from evaluator.rankings import RANKINGS
from evaluator.rankings.poker_key import CATEGORY_SLUGS
from evaluator.rankings.special import SPECIAL_RANKINGS
from evaluator.values.decks import DECKS
from service.schemas.rules import dump_rules
from service.schemas.rules_kinds import KIND_OF

__all__ = ["Call", "catalog_mutations", "catalog_swaps", "check", "schema_requests"]

#: (path, JSON body)
Call = tuple[str, dict[str, Any]]

RANKING_NAMES: Final = sorted({*RANKINGS, *SPECIAL_RANKINGS})
SOURCES: Final = ["hole", "up", "own", "board", "hole+up", "own+board", "hole+board", "row", "must", "breaker"]
WORDS: Final = [*DECKS, *RANKING_NAMES, *SOURCES, *CATEGORY_SLUGS.values(), "flat", "layout", "high", "low",
                "high-low", "declare", "button", "high-card-by-suit", "spots", "min", "max", "kind", "name",
                "positions", "groups", "picks", "formation", "qualifier", "_schema", "~", "/", "a/b", "",
                "layout", "limits", "count", "wilds", "events", "options", "deal_rules", "breaker", "entrants",
                "claims", "division", "shares", "split_hands", *KIND_OF.values()]
_DECK: Final = [f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs"]

json_leaves = (st.none() | st.booleans() | st.integers(-(2**70), 2**70)
               | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12) | st.sampled_from(WORDS))
json_values = st.recursive(json_leaves, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=8) | st.sampled_from(WORDS), inner, max_size=4),
                           max_leaves=12)


def _nested(depth: int) -> Any:
    value: Any = "HIGH"
    for i in range(depth):
        value = [value] if i % 2 else {"kind": value}
    return value


#: Values that break assumptions: huge and odd numbers, empty and long strings, containers, deep nesting.
SPECIALS: Final[list[Any]] = [
    None, True, False, 0, -1, 1, 99, 100, 10**18, -(10**18), 10**100, 1e308, -1e-308, 0.5, 2.0, "", " ", "0",
    "x" * 300, "x" * 20_000, "\ud83d", "\x00", [], {}, [[]], [{}], {"min": 0}, {"min": 5, "max": 2},
    {"min": None}, {"kind": "layout"}, list(range(200)), [{"name": "N"}] * 100, _nested(100), _nested(700),
]


def _places(value: Any, path: tuple[str | int, ...] = ()) -> Iterator[tuple[str | int, ...]]:
    """Every place in a JSON value, as a path of keys and indexes (the root is the empty path)."""
    yield path
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _places(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from _places(inner, (*path, index))


def _get(value: Any, path: tuple[str | int, ...]) -> Any:
    for token in path:
        value = value[token]
    return value


@st.composite
def _replacement(draw: st.DrawFn, old: Any, donors: list[Any]) -> Any:
    """A value to put where ``old`` was."""
    kind = draw(st.sampled_from(["special", "json", "donor", "wrap-list", "wrap-object", "stringify", "unwrap",
                                 "repeat", "retype"]))
    if kind == "special":
        return copy.deepcopy(draw(st.sampled_from(SPECIALS)))
    if kind == "json":
        return draw(json_values)
    if kind == "donor":  # a realistic value from elsewhere in the record: type confusion
        return copy.deepcopy(draw(st.sampled_from(donors)))
    if kind == "wrap-list":
        return [old]
    if kind == "wrap-object":
        return {draw(st.sampled_from(WORDS)): old}
    if kind == "stringify":
        return json.dumps(old)
    if kind == "unwrap":
        if isinstance(old, list):
            return old[0] if old else None
        if isinstance(old, dict):
            return next(iter(old.values()), None)
        return old
    if kind == "repeat":
        times = draw(st.sampled_from([2, 13, 61, 100]))
        if isinstance(old, list):
            return old * times
        return old * times if isinstance(old, str) else [old] * times
    # retype: the same content as another JSON type
    if isinstance(old, bool):
        return int(old)
    if isinstance(old, int | float):
        return str(old) if draw(st.booleans()) else float(old) + 0.5
    if isinstance(old, str):
        return len(old)
    if isinstance(old, list):
        return {str(i): v for i, v in enumerate(old)}
    if isinstance(old, dict):
        return list(old.values())
    return 0


@st.composite
def mutated(draw: st.DrawFn, document: dict[str, Any]) -> dict[str, Any]:
    """``document`` with one to three mutations."""
    rules: Any = copy.deepcopy(document)
    for _ in range(draw(st.integers(1, 3))):
        places = list(_places(rules))
        donors = [_get(rules, p) for p in places]
        path = draw(st.sampled_from(places))
        old = _get(rules, path)
        action = draw(st.sampled_from(["replace", "replace", "replace", "delete", "add-key"]))
        if action == "add-key" and isinstance(old, dict):
            old[draw(st.sampled_from(WORDS) | st.text(max_size=8))] = copy.deepcopy(
                draw(json_values | st.sampled_from(SPECIALS)))
        elif action == "delete" and path:
            parent = _get(rules, path[:-1])
            del parent[path[-1]]
        elif path:
            _get(rules, path[:-1])[path[-1]] = draw(_replacement(old, donors))
        else:
            rules = draw(_replacement(old, donors))
            if not isinstance(rules, dict):
                return {"rules_not_an_object": rules}
    return rules if isinstance(rules, dict) else {"rules_not_an_object": rules}


#: Each catalog record's rules, with its example deal; and its document as the old shape read it.
CATALOG: Final = [(dump_rules(v), {k: x for k, x in example.items() if k != "variant"})
                  for v, example in ((v, describe_variant(v)["example"]) for v in all_variants()) if example]
OLD_DOCUMENTS: Final = [({k: v for k, v in doc.items() if k != "example"},
                         {k: v for k, v in doc["example"].items() if k != "variant"})
                        for doc in (describe_variant(v) for v in all_variants()) if doc.get("example")]


def _calls(rules: Any, deal: dict[str, Any], endpoint: str) -> Call:
    if endpoint == "/v1/hands/evaluate":
        first = deal["players"][0]
        body = {"rules": rules, "hole": first.get("hole", []), "up": first.get("up", []),
                "board": deal.get("board", [])}
        return endpoint, body
    return endpoint, {**deal, "rules": rules}


_ENDPOINTS: Final = st.sampled_from(["/v1/showdowns"] * 6 + ["/v1/hands/evaluate"] * 2 + ["/v1/showdowns/render"])


@st.composite
def catalog_mutations(draw: st.DrawFn) -> Call:
    """A catalog record's rules (one time in five its old document), mutated, with the record's example deal, to
    one of the endpoints taking rules."""
    document, deal = draw(st.sampled_from(CATALOG) if draw(st.integers(0, 4)) else st.sampled_from(OLD_DOCUMENTS))
    rules = draw(mutated(document))
    if "rules_not_an_object" in rules:
        rules = rules["rules_not_an_object"]
    return _calls(rules, deal, draw(_ENDPOINTS))


@st.composite
def catalog_swaps(draw: st.DrawFn) -> Call:
    """A catalog record's rules with one to three top-level fields taken from other records (or left out): every
    value well formed, the whole possibly inconsistent (a wild rule with a ranking that cannot score it, a division
    without its shares...), with the record's example deal."""
    document, deal = draw(st.sampled_from(CATALOG))
    rules = copy.deepcopy(document)
    for _ in range(draw(st.integers(1, 3))):
        donor, _ = draw(st.sampled_from(CATALOG))
        key = draw(st.sampled_from(sorted({*donor, *rules})))
        if key in donor and draw(st.integers(0, 4)):
            rules[key] = copy.deepcopy(donor[key])
        else:
            rules.pop(key, None)
    return _calls(rules, deal, draw(_ENDPOINTS))


def _mostly(usual: st.SearchStrategy[Any], odd: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Mostly a value from ``usual``, one time in twelve one from ``odd`` (not on 0: hypothesis favours it)."""
    return st.integers(0, 11).flatmap(lambda k: odd if k == 11 else usual)


def _rare(draw: st.DrawFn, usual: st.SearchStrategy[Any], odd: st.SearchStrategy[Any]) -> Any:
    return draw(_mostly(usual, odd))


def _count(draw: st.DrawFn, n: int) -> Any:
    """A card count allowing ``n`` (mostly), or now and then another count or any JSON value."""
    return _rare(draw, st.sampled_from([{"min": n, "max": n}, {"min": 0, "max": n}, {"min": n, "max": None},
                                        {"min": n}]),
                 st.sampled_from([{"min": n + 1, "max": n + 1}, {"min": 0, "max": 99}]) | json_values)


@st.composite
def schema_requests(draw: st.DrawFn) -> Call:
    """Rules built over the rules schema from its vocabulary (now and then a wrong value), with a deal that mostly
    fits their card counts."""
    def maybe(value: Any) -> Any:
        return draw(json_leaves) if draw(st.integers(0, 39)) == 39 else value

    hole, up = draw(st.integers(0, 5)), draw(st.integers(0, 3))
    layout = draw(st.booleans())
    name = _mostly(st.sampled_from(["N", "E", "S", "W", "C", "a/b", "~0", "1", "P" * 16]),
                   st.sampled_from(["", "x" * 17]))
    names = draw(st.lists(name, min_size=1, max_size=6, unique=True)) if layout else []
    optional = {n: draw(st.integers(0, 4)) == 4 for n in names}
    board_size = draw(st.integers(0, 5))
    segments = ["board", "row", "must"]
    positions = [{"name": maybe(n), "x": maybe(draw(st.integers(-3, 3))), "y": maybe(draw(st.integers(-3, 3))),
                  "segment": maybe(draw(st.sampled_from(segments))), "optional": maybe(optional[n])}
                 for n in names]
    group_names = st.lists(st.sampled_from(names) if names else st.just("Z"), max_size=4)
    groups = [{"name": maybe(f"g{i}"), "positions": maybe(draw(group_names))} for i in range(draw(st.integers(0, 3)))]
    sources = st.sampled_from(["hole", "up", "own", "board", "hole+up", *segments[:1 + 2 * layout]])
    division = _rare(draw, st.sampled_from(["high", "high", "high-low", "declare"]), st.just("spots"))
    hands = []
    for i in range(draw(st.integers(1, 3)) if division == "high" else 2):
        picks = [{s: _count(draw, draw(st.integers(0, 3)))
                  for s in draw(st.lists(_mostly(sources, st.sampled_from(SOURCES)), max_size=3, unique=True))}
                 for _ in range(draw(st.integers(0, 2)))]
        qualifier = _rare(draw, st.sampled_from([
            None, None, {"kind": "low", "max_value": draw(st.integers(1, 14))},
            {"kind": "high", "min_category": draw(st.sampled_from(list(CATEGORY_SLUGS.values())))}]),
            st.sampled_from([{"kind": "x"}, {"kind": "low", "max_value": 15}]))
        hand_name = ["high", "low", "h2"][i] if division != "high" or draw(st.booleans()) else f"h{i}"
        hands.append({"name": maybe(hand_name), "ranking": maybe(draw(st.sampled_from(RANKING_NAMES))),
                      "formation": {"picks": maybe(picks), "groups": maybe(groups if layout else [])},
                      "qualifier": maybe(qualifier)})
    rules: dict[str, Any] = {
        "deck": {"id": maybe(_rare(draw, st.sampled_from(["52", "52", "36", "32", "20"]), st.just("52+1")))},
        "seats": maybe(_count(draw, 3) if draw(st.booleans()) else {"min": 2, "max": 10}),
        "cards": {"hole": maybe(_count(draw, hole)), "up": maybe(_count(draw, up))},
        "board": ({"kind": "layout", "positions": maybe(positions), "groups": maybe(groups)} if layout
                  else {"kind": maybe("flat"), "count": maybe(_count(draw, board_size))}),
        "hands": maybe(hands),
        "pot_division": {"kind": maybe(division)},
        "odd_chips": {"rule": maybe(_rare(draw, st.sampled_from(["button", "high-card-by-suit"]), st.just("x")))},
    }
    for key in draw(st.lists(st.sampled_from(list(rules)), max_size=1)) if draw(st.integers(0, 5)) == 5 else ():
        del rules[key]
    deck = iter(draw(st.permutations(_DECK)))
    board: Any = ({n: next(deck) for n in names if not optional[n] or draw(st.booleans())} if layout
                  else [next(deck) for _ in range(board_size)])
    players = [{"id": f"p{i}", "hole": [next(deck) for _ in range(hole)], "up": [next(deck) for _ in range(up)],
                **({"declare": draw(st.sampled_from(["high", "low", "both"]))} if division == "declare" else {})}
               for i in range(draw(st.integers(2, 3)))]
    deal = {"board": board, "players": players, "pot": draw(st.integers(0, 1000))}
    return _calls(rules, deal, draw(_ENDPOINTS))


def check(client: FlaskClient, call: Call) -> int:
    """Send one request; its answer must be a 200 or a 422 problem, never a 500. Returns the status."""
    path, body = call
    data = json.dumps(body)
    response = client.post(path, data=data, content_type="application/json")
    too_large = len(data.encode("utf-8", "surrogatepass")) > (client.application.config["MAX_CONTENT_LENGTH"] or 0)
    assert response.status_code in ((413,) if too_large else (200, 422)), (
        response.status_code, path, data[:2000], response.get_data(as_text=True)[:2000])
    if response.status_code == 413:
        return 413
    if response.status_code == 422:
        problem = response.get_json()
        assert response.mimetype == "application/problem+json" and problem["errors"], problem
        # the last resort (rules that passed every check and broke the engine) is a check to add, not an answer
        assert all(e["code"] != "unplayable-rules" for e in problem["errors"]), (path, data[:2000])
    elif path == "/v1/showdowns":
        answer = response.get_json()
        paid = sum(answer["payouts"].values()) + sum(p["carried_over"] for p in answer["pots"])
        assert paid == body["pot"]  # every generated showdown gives its money as one pot
    return response.status_code
