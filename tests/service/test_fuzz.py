"""No input, however malformed, produces a 500 or a traceback (contract, Errors): property tests of
``POST /v1/showdowns``, ``POST /v1/showdowns/batch`` and ``POST /v1/hands/evaluate``.

Two generators: arbitrary JSON values (the shape is almost always wrong), and near-valid showdown requests
(real variants and cards, random counts, duplicates, jokers, money in every form), which reach the library's
rule checks and the pot division.

Example counts: the normal suite runs a twentieth of those of ``make stress`` (``SHOWDOWN_DEEP=1``, see
``tests/samples.py``), derandomized in CI (``tests/conftest.py``). Every input that once failed here is pinned with
``@example``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from evaluator import all_variants, example_request, parse_card, variant_named
from evaluator.documents.examples import example_events, seeded_requests
from evaluator.mechanisms import BoardOfSixIfTwoOfSuit, ClaimedHands, EntrantHands, ExtraCardFor, VoidIfFaceUp
from tests.samples import samples
from tests.service.conftest import lazy_app

pytestmark = pytest.mark.slow

_app = lazy_app()


_FUZZ = settings(max_examples=samples(50, 1000), deadline=None, suppress_health_check=[HealthCheck.too_slow])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)
_FIELDS = ("variant", "rules", "options", "board", "players", "pot", "pots", "contributions", "dead", "button",
           "runs", "events", "x")
loose_bodies = st.dictionaries(st.sampled_from(_FIELDS), json_values, max_size=8)

_IDS = [v.id for v in all_variants()]
_CARDS = ["As", "Ks", "Qs", "Js", "Ts", "9s", "2c", "3d", "4h", "5s", "6c", "7d", "8h", "Ah", "Ad", "Ac",
          "10h", "kd", "X1", "X2", "Zz", "", 5]
cards = st.lists(st.sampled_from(_CARDS), max_size=9)
ids = st.sampled_from(["ann", "bob", "cy", "dee", "", "a/b", "~"])
chips = st.integers(min_value=-5, max_value=10**13) | st.sampled_from([0, 1, 7, 100, 101])
players = st.lists(st.fixed_dictionaries({"id": ids, "hole": cards}, optional={
    "up": cards, "folded": st.booleans(), "declare": st.sampled_from(["high", "low", "x"])}), max_size=13)
money: st.SearchStrategy[dict[str, Any]] = st.one_of(
    st.fixed_dictionaries({"pot": chips}),
    st.fixed_dictionaries({"pots": st.lists(
        st.fixed_dictionaries({"amount": chips, "eligible": st.lists(ids)}), max_size=4)}),
    st.fixed_dictionaries({"contributions": st.dictionaries(ids, chips, max_size=5)},
                          optional={"dead": st.dictionaries(ids, chips, max_size=3), "button": ids}),
    st.fixed_dictionaries({}, optional={"dead": st.dictionaries(ids, chips, max_size=3), "button": ids,
                                        "runs": st.lists(cards | st.dictionaries(st.text(max_size=3), st.sampled_from(
                                            _CARDS), max_size=3), max_size=5)}),
)
options = st.dictionaries(
    st.sampled_from(["split", "qualifiers", "deck", "x"]),
    st.sampled_from(["high", "high-low", "on", "off", "32", "52", "true", "false"]), max_size=2)
near_valid = st.builds(lambda v, b, p, m, o: {"variant": v, "board": b, "players": p, "options": o, **m},
                       st.sampled_from(_IDS), cards, players, money, options)


def _check(path: str, body: Any) -> Any:
    response = _app().test_client().post(path, data=json.dumps(body), content_type="application/json")
    assert response.status_code in (200, 422), (response.status_code, body, response.get_data(as_text=True))
    answer = response.get_json(force=True)
    if response.status_code == 422:
        assert response.mimetype == "application/problem+json"
        assert answer["errors"], answer
        assert "Traceback" not in response.get_data(as_text=True)
    return answer


def _conserves(body: dict[str, Any], answer: dict[str, Any]) -> None:
    money_in = body.get("pot")
    if money_in is None:
        money_in = sum(p["amount"] for p in body.get("pots", ())) if "pots" in body else sum(
            body.get("contributions", {}).values()) + sum(body.get("dead", {}).values())
    paid = sum(answer["payouts"].values()) + sum(p["carried_over"] for p in answer["pots"])
    assert paid == money_in
    assert set(answer["payouts"]) == {p["id"] for p in body["players"]}


@_FUZZ
@given(json_values)
def test_any_json_body_is_answered_without_a_500(body: Any) -> None:
    _check("/v1/showdowns", body)


@_FUZZ
@given(loose_bodies)
def test_any_object_with_showdown_fields_is_answered_without_a_500(body: dict[str, Any]) -> None:
    _check("/v1/showdowns", body)


def _negative_contribution() -> dict[str, Any]:
    """Found failing: a negative contribution tripped the showdown's chip-conservation ``assert`` (a 500); it is
    now a 422 (negative-chips)."""
    return {"variant": "texas-holdem", "board": ["Qh", "Jh", "3c", "4d", "9s"], "options": {},
            "players": [{"id": "ann", "hole": ["As", "Ks"]}, {"id": "bob", "hole": ["2c", "7d"]}],
            "contributions": {"ann": -5, "bob": 10}}


def _double_trouble_with_every_hand_folded() -> dict[str, Any]:
    """Found failing (a second random run of the fuzzed valid showdowns): Double Trouble where every hand of every
    player is folded tripped the chip-conservation ``assert`` (a 500); it is now a 422 (no-live-player)."""
    body = example_request(variant_named("double-trouble"), players=2)
    for player in body["players"]:
        for hand in player["hands"]:
            hand["folded"] = True
    return body


@settings(max_examples=samples(125, 2500), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(near_valid)
@example(_negative_contribution())
@example(_double_trouble_with_every_hand_folded())
def test_near_valid_showdowns_never_500_and_conserve_chips(body: dict[str, Any]) -> None:
    answer = _check("/v1/showdowns", body)
    if "payouts" in answer:
        _conserves(body, answer)


@_FUZZ
@given(st.lists(near_valid | json_values, max_size=4))
def test_batch_items_never_500(items: list[Any]) -> None:
    answer = _check("/v1/showdowns/batch", {"showdowns": items})
    if "results" in answer:
        assert [r["index"] for r in answer["results"]] == list(range(len(items)))
        assert all(r["status"] in (200, 422) for r in answer["results"])


@_FUZZ
@given(st.builds(lambda v, h, u, b, o, c: {"variant": v, "hole": h, "up": u, "board": b, "options": o,
                                           "list_combinations": c},
                 st.sampled_from(_IDS), cards, cards, cards, options, st.booleans()))
def test_hand_evaluation_never_500(body: dict[str, Any]) -> None:
    _check("/v1/hands/evaluate", body)


@st.composite
def valid_showdowns(draw: st.DrawFn) -> dict[str, Any]:
    """A request that obeys its variant's card counts, dealt from a shuffled deck; random folds and money."""
    variant = draw(st.sampled_from([v for v in all_variants() if v.not_showdown is None
                                    and v.find(ExtraCardFor) is None and v.find(BoardOfSixIfTwoOfSuit) is None]))
    void = variant.find(VoidIfFaceUp)
    deck = [str(card) for card in sorted(variant.deck.cards)
            if not card.is_joker and card not in (void.cards if void else ())]
    seats = draw(st.integers(variant.seating.min, min(variant.seating.max, 8)))
    shape = example_request(variant, players=2)
    first = shape["players"][0]
    split = [len(h["hole"]) for h in first.get("hands", ())]  # several hands per player (Double Trouble)
    per_seat = sum(split) + len(first.get("hole", ())) + len(first.get("up", ()))
    seats = max(variant.seating.min, min(seats, (len(deck) - len(shape.get("board", ()))) // max(per_seat, 1)))
    order = iter(draw(st.permutations(deck)))
    shape_board = shape.get("board", ())
    board: Any = ({position: next(order) for position in shape_board} if isinstance(shape_board, dict)
                  else [next(order) for _ in shape_board])
    body: dict[str, Any] = {"variant": variant.id, "board": board}
    names = ["ann", "bob", "cy", "dee", "eve", "fay", "gus", "hal"][:seats]
    body["players"] = []
    for name in names:
        player: dict[str, Any] = {"id": name, "folded": draw(st.booleans())}
        if split:
            player["hands"] = [{"hole": [next(order) for _ in range(n)], "folded": draw(st.booleans()),
                                "declare": draw(st.sampled_from(["high", "low", "both"]))} for n in split]
        else:
            player["hole"] = [next(order) for _ in first["hole"]]
        if "up" in shape["players"][0]:
            player["up"] = [next(order) for _ in shape["players"][0]["up"]]
        if "declare" in shape["players"][0]:
            player["declare"] = draw(st.sampled_from(["high", "low", "both"]))
        if "declared_hand" in first:  # the cards do not speak: a hand he can make, or now and then one he cannot
            line = variant.hands[0].formation.groups[draw(st.integers(0, 7))].positions
            player["declared_hand"] = player["hole"] + [board[p] for p in line]
            if draw(st.integers(0, 4)) == 0:
                player["declared_hand"][-1] = next(order)
        body["players"].append(player)
    if all(p["folded"] for p in body["players"]):
        body["players"][0]["folded"] = False
    # a player still in keeps a hand in (all folded: tests/evaluator/mechanisms/test_entrants.py)
    for player in body["players"]:
        if not player["folded"] and all(h["folded"] for h in player.get("hands", [{"folded": False}])):
            player["hands"][0]["folded"] = False
    rest = list(order)
    events = example_events(variant, body, [parse_card(c) for c in rest])
    if events:
        body["events"] = events
    elif isinstance(board, list) and board and len(rest) >= len(board) and draw(st.integers(0, 3)) == 0:
        # run it 2 to 4 times, each run from cards nobody holds
        cut = draw(st.integers(0, len(board) - 1))
        others = [draw(st.permutations(rest))[:len(board) - cut] for _ in range(draw(st.integers(1, 3)))]
        body["board"], body["runs"] = board[:cut], [board[cut:], *others]
    live = [p["id"] for p in body["players"] if not p["folded"]]
    amounts = st.integers(0, 10**6)
    kind = draw(st.sampled_from(["pot", "pots", "contributions", "none"]))
    if kind == "pot":
        body["pot"] = draw(amounts)
    elif kind == "pots":
        body["pots"] = draw(st.lists(st.fixed_dictionaries({
            "amount": amounts, "eligible": st.lists(st.sampled_from(live), min_size=1, unique=True)}),
            min_size=1, max_size=3))
    elif kind == "contributions":  # every player named; now and then dead money beside
        body["contributions"] = {p["id"]: draw(amounts) for p in body["players"]}
        if draw(st.booleans()):
            body["dead"] = draw(st.dictionaries(st.sampled_from(names), amounts, min_size=1))
    if draw(st.booleans()):
        body["button"] = draw(st.sampled_from([p["id"] for p in body["players"]]))
    return body


def _phantom_ship_called_with_the_first_seat_folded() -> dict[str, Any]:
    """Found failing (Island Pineapple with the phantom ship): the events named the first seat as the caller even
    when he had folded, and a folded caller is a 422. ``example_events`` now names the first player still in."""
    variant = variant_named("island-pineapple-phantom-ship")
    body = example_request(variant, players=3)
    for seat, player in enumerate(body["players"]):
        player["folded"] = seat == 0
    body["events"] = example_events(variant, body, [])
    return body


def _pyramid_wild_kill_with_seats_of_unequal_combinations() -> dict[str, Any]:
    """Found failing (an example deal at 8 seats): killed ranks left the seats different numbers of combinations
    whose total matched as many seats of the first one's, and the search read one seat's scores on another's rows
    (an AssertionError, a 500). ``best_hands`` now takes the one-pass row bests only for equal counts."""
    board = dict(zip(("T1", "T2", "M1", "M2", "M3", "B1", "B2", "B3", "B4"),
                     ["As", "5d", "9s", "Td", "Jd", "2s", "8d", "6h", "9c"], strict=True))
    return {"variant": "pyramid-wild-kill", "board": board, "pot": 800, "players": [
        {"id": "ann", "hole": ["3d", "Ah", "Ad", "8s", "Th"], "folded": False},
        {"id": "bob", "hole": ["4h", "3h", "Ks", "Qh", "5h"], "folded": False},
        {"id": "cy", "hole": ["4d", "9d", "7s", "7h", "7d"], "folded": False},
        {"id": "dee", "hole": ["4s", "3c", "Qc", "2c", "5s"], "folded": False},
        {"id": "eve", "hole": ["Ac", "4c", "Qd", "6c", "Jc"], "folded": False},
        {"id": "fay", "hole": ["Js", "3s", "6d", "Kd", "8h"], "folded": False},
        {"id": "gus", "hole": ["Tc", "6s", "Qs", "9h", "Ts"], "folded": False},
        {"id": "hal", "hole": ["7c", "2d", "2h", "Kh", "5c"], "folded": False}]}


@settings(max_examples=samples(100, 2000), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(valid_showdowns())
@example(_phantom_ship_called_with_the_first_seat_folded())
@example(_pyramid_wild_kill_with_seats_of_unequal_combinations())
def test_valid_showdowns_are_adjudicated_and_conserve_chips(body: dict[str, Any]) -> None:
    response = _app().test_client().post("/v1/showdowns", json=body)
    assert response.status_code == 200, (body, response.get_data(as_text=True))
    answer = response.get_json()
    _conserves(body, answer)
    for pot in answer["pots"]:  # nobody wins from a pot he is not eligible for
        assert {p for award in pot["awards"] for p in award["payouts"]} <= set(pot["eligible"])
    variant = variant_named(body["variant"])
    hands = {h.name for h in variant.hands}
    entrants = variant.find(EntrantHands)
    if entrants is not None:
        hands = {f"{name}_{hand}" for name in entrants.names for hand in hands}
    if variant.find(ClaimedHands) is not None:
        hands.add("declared")
    for sent, got in zip(body["players"], answer["players"], strict=True):
        assert got["id"] == sent["id"]
        assert set(got["hands"]) == hands
        if sent["folded"]:
            assert answer["payouts"][sent["id"]] == 0


@pytest.mark.parametrize("variant", [v for v in all_variants() if v.not_showdown is None], ids=lambda v: v.id)
def test_every_variant_adjudicates_seeded_deals_at_every_table_size(variant: Any) -> None:
    """The deals the example generator draws (24 of them at every number of seats the deck serves under make stress;
    in the normal suite one, at the fewest and the most seats): each answered 200, every chip paid or carried over."""
    client = _app().test_client()
    low, high = variant.seating.min, variant.seating.max
    for players in range(low, high + 1) if samples(0, 1) else sorted({low, high}, reverse=True):
        try:
            bodies = seeded_requests(variant, players, samples(1, 24))
        except IndexError:  # the deck serves fewer players
            continue
        for body in bodies:
            response = client.post("/v1/showdowns", json=body)
            if response.status_code == 422 and "deck" in response.get_data(as_text=True):
                continue  # the deck ran out: the generator deals what it has
            assert response.status_code == 200, (body, response.get_data(as_text=True))
            _conserves(body, response.get_json())
