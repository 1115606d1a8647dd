"""``list_combinations``: every combination scored as the showdown scores it, so the first listed is the best hand.

Contract: "`POST /v1/hands/evaluate`: one player's best hand(s) for a variant, optionally with every legal combination
(`"list_combinations": true`)"; "`cards` is the hand as played, with each wild card shown as the card it became;
`wilds` maps each wild card used to what it became".
"""

from __future__ import annotations

from typing import Any

import pytest

from evaluator import evaluate_hand, example_request, parse_cards, variant_named
from evaluator.catalog import all_variants
from evaluator.values.errors import ShowdownError
from evaluator.variant import Variant

WILD_GAMES = [v for v in all_variants() if v.wilds and "hands" not in v.reads]


def _first_player(variant: Variant) -> dict[str, Any]:
    request = example_request(variant)
    player = request["players"][0]
    return {"hole": parse_cards(player.get("hole", [])), "up": parse_cards(player.get("up", [])),
            "board": ({k: parse_cards([c])[0] for k, c in request["board"].items()}
                      if isinstance(request.get("board"), dict) else parse_cards(request.get("board", [])))}


@pytest.mark.parametrize("variant", WILD_GAMES, ids=lambda v: v.id)
def test_the_first_combination_listed_is_the_best_hand_in_every_wild_game(variant: Variant) -> None:
    try:
        found = evaluate_hand(variant, list_combinations=True, **_first_player(variant))
    except ShowdownError:
        pytest.skip("the example's first player is not one hand this endpoint evaluates")
    assert found.combinations is not None
    for name, best in found.hands.items():
        listed = found.combinations[name]
        if best.score is None:
            continue
        assert listed[0].strength == best.strength, (name, listed[0].description, best.description)
        assert listed[0].score == best.score
        scores = [played.score for played in listed if played.score is not None]
        if not variant.wild_play.natural_beats_wild:
            assert scores == sorted(scores, reverse=True)


def test_woolworths_lists_five_kings_first_with_the_ten_as_a_king() -> None:
    found = evaluate_hand(variant_named("woolworths"), hole=parse_cards("Th Kc Kd"), up=parse_cards("Ks Kh 2c 3d"),
                          list_combinations=True)
    assert found.combinations is not None
    listed = found.combinations["high"]
    assert listed[0].description == found.hands["high"].description == "Five kings (Th as Ks)"
    assert [(str(w), str(a)) for w, a in listed[0].wilds] == [("Th", "Ks")]
    with_ten = [played for played in listed if parse_cards("Th")[0] in played.hole]
    assert with_ten and all(played.wilds for played in with_ten)  # every combination using the ten resolves it
    assert all(not played.wilds for played in listed if played not in with_ten)


def test_baseball_resolves_its_threes_and_nines_in_every_combination() -> None:
    found = evaluate_hand(variant_named("baseball"), hole=parse_cards("3h Kc Kd"), up=parse_cards("Ks 4h 9c 2d"),
                          list_combinations=True)
    assert found.combinations is not None
    listed = found.combinations["high"]
    assert listed[0].category == "five-of-a-kind"
    for played in listed:
        wild = {c for c in (*played.hole, *played.up) if str(c)[0] in "39"}
        assert {w for w, _ in played.wilds} == wild


def test_seven_and_what_makes_it_lists_each_five_cards_with_the_sets_that_make_it_best() -> None:
    found = evaluate_hand(variant_named("seven-and-what-makes-it"), hole=parse_cards("3h Kc 4d"),
                          up=parse_cards("Ks 7h 9c 2d"), list_combinations=True)
    assert found.combinations is not None
    listed = found.combinations["high"]
    assert len(listed) == 21  # C(7, 5): each five cards once
    assert listed[0].description == found.hands["high"].description
    assert listed[0].category == "five-of-a-kind"
    assert len({tuple(sorted((*p.hole, *p.up))) for p in listed}) == 21


def test_a_natural_hand_is_listed_before_the_same_hand_made_with_wild_cards_where_the_variant_says_so() -> None:
    variant = variant_named("double-edge-trim-saw")
    assert variant.wild_play.natural_beats_wild
    found = evaluate_hand(variant, hole=parse_cards("Th Kc Kd 2s"), board=parse_cards("Ks Kh 2c 3d 9d"),
                          list_combinations=True)
    assert found.combinations is not None
    listed = found.combinations["high"]
    assert listed[0].description == found.hands["high"].description
    by_strength: dict[tuple[int, ...], list[bool]] = {}
    for played in listed:
        by_strength.setdefault(played.strength, []).append(played.natural)
    for naturals in by_strength.values():
        assert naturals == sorted(naturals, reverse=True)  # within equal hands, the natural ones first
