"""The pot divisions' search for the best hand (:func:`evaluator.mechanisms.division._best`, the hot path of every
showdown) against its definition: the eligible players whose qualifying hand scores highest, in their order."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from evaluator.catalog import CATALOG
from evaluator.formation import Formation
from evaluator.hands.spec import HandSpec
from evaluator.mechanisms import KINDS, Breaker, ClaimedHands
from evaluator.mechanisms.division import Division, High, HighLow, _best
from evaluator.rankings import HIGH
from evaluator.results import PlayedHand

SPEC = HandSpec(name="high", ranking=HIGH, formation=Formation())

# a hand: no score, or a score (negative ones too: special rankings may have them) that qualifies or not
hands = st.one_of(st.none(), st.tuples(st.integers(-3, 3), st.booleans()))


@given(st.lists(hands, min_size=1, max_size=8), st.booleans())
def test_the_best_qualifying_hands_win_in_seat_order(drawn: list[tuple[int, bool] | None], natural_first: bool) -> None:
    players = [f"p{i}" for i in range(len(drawn))]
    table = {p: {"high": PlayedHand(name="high", score=None) if h is None
                 else PlayedHand(name="high", score=h[0], qualifies=h[1])} for p, h in zip(players, drawn, strict=True)}
    scores = {p: h[0] for p, h in zip(players, drawn, strict=True) if h is not None and h[1]}
    expected = [p for p in players if p in scores and scores[p] == max(scores.values())]
    assert _best(SPEC, players, table, natural_first) == expected


def _divides_as(kind: type[Division], plain: type[Division]) -> bool:
    return all(getattr(kind, name) is getattr(plain, name) for name in ("divide", "divide_pots", "contested"))


def _catalog_divisions() -> list[Division]:
    """One division of each kind the catalog uses (a variant's, or the one a Breaker or declared hands wrap)."""
    found: dict[str, Division] = {}
    for variant in CATALOG:
        division = variant.division
        found.setdefault(division.kind, division)
        inner = getattr(division, "division", None)
        if isinstance(inner, Division):
            found.setdefault(inner.kind, inner)
    return list(found.values())


@pytest.mark.parametrize("division", _catalog_divisions(), ids=lambda d: d.kind)
def test_only_high_and_high_low_dividing_as_they_do_settle_by_the_ranks_alone(division: Division) -> None:
    """The lean paths take a game whose division says its pot goes by the hands' ranks alone; a division that divides
    the pot any other way (Declare is a HighLow) says it does not, for any hands."""
    kind = type(division)
    names = [("high",), ("high", "low"), ("low",), ("high", "low", "badugi")]
    settles = [division.ranks_alone(n) for n in names]
    if _divides_as(kind, High) and kind.ranks_alone is High.ranks_alone:
        assert settles == [True, False, True, False]
    elif _divides_as(kind, HighLow) and kind.ranks_alone is HighLow.ranks_alone:
        assert settles == [False, division.split_hands == ("high", "low"), False, False]  # type: ignore[attr-defined]
    else:
        assert not any(settles)
    assert division.order_matters == (kind in (Breaker, ClaimedHands))


def test_the_catalog_uses_every_division_kind() -> None:
    assert {d.kind for d in _catalog_divisions()} == {k.kind for k in KINDS.values() if issubclass(k, Division)}
