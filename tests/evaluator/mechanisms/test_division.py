"""The pot divisions' search for the best hand (:func:`evaluator.mechanisms.division._best`, the hot path of every
showdown) against its definition: the eligible players whose qualifying hand scores highest, in their order."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from evaluator.formation import Formation
from evaluator.hands.spec import HandSpec
from evaluator.mechanisms.division import _best
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
