"""The pot divisions' shortcuts against their straightforward readings: :meth:`Declare.contested` reads each
contender's hands once (his qualifying score each way he declared) and finds each round's best of each way from
them; the reading here asks :func:`_best` again among the players who declared each way, round after round, as the
rule says. Drawn declarations, scores (the best hand possible among them) and both-way rules must divide alike."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from evaluator.formation import Formation
from evaluator.hands.spec import HandSpec
from evaluator.mechanisms.base import PotTable
from evaluator.mechanisms.division import BothTie, Declare, _best, _is_best_possible
from evaluator.rankings import HIGH, LOW_A5
from evaluator.results import Hands, PlayedHand, PotResult
from evaluator.values.pots import Pot

HIGH_SPEC = HandSpec(name="high", ranking=HIGH, formation=Formation())
LOW_SPEC = HandSpec(name="low", ranking=LOW_A5, formation=Formation())


def _contested_plainly(self: Declare, pot: Pot, hands: Hands, table: PotTable) -> PotResult:
    """Declare's two halves as the rule says them, the players who declared each way asked again each round."""
    high_spec, low_spec = (table.hand(n) for n in self.split_hands)
    declared = table.declared
    contenders = list(pot.eligible)
    removed: list[str] = []
    while True:
        high = _best(high_spec, [p for p in contenders if declared.get(p) in ("high", "both")], hands)
        low = _best(low_spec, [p for p in contenders if declared.get(p) in ("low", "both")], hands)
        if self.perfect_low_wins_both:
            perfect = [p for p in low if declared.get(p) == "both" and _is_best_possible(p, low_spec, hands)]
            if perfect:
                high = perfect
        failed = [p for p in contenders if declared.get(p) == "both"
                  and not (self._wins(p, high, high_spec, hands) and self._wins(p, low, low_spec, hands))]
        if not failed:
            break
        removed += failed
        contenders = [p for p in contenders if p not in failed]
    return self.awarded(pot, high, low, hands, table, contenders, removed)


def _scores(spec: HandSpec) -> st.SearchStrategy[tuple[int, bool] | None]:
    """No hand, or a score that qualifies or not: a few low ones and the best the ranking has, so ties are common."""
    best = spec.ranking.best_natural_score
    return st.one_of(st.none(), st.tuples(st.sampled_from([0, 1, 2, best - 1, best]), st.booleans()))


def _played(name: str, drawn: tuple[int, bool] | None) -> PlayedHand:
    return PlayedHand(name=name, score=None) if drawn is None else PlayedHand(name=name, score=drawn[0],
                                                                             qualifies=drawn[1])


players = st.lists(st.tuples(st.sampled_from([None, "high", "low", "both", "up"]), _scores(HIGH_SPEC),
                             _scores(LOW_SPEC)), min_size=2, max_size=9)


@given(players, st.sampled_from(["tie_ok", "tie_loses"]), st.booleans(), st.booleans(),
       st.integers(0, 1001), st.integers(0, 3), st.booleans())
def test_a_declaration_pot_divides_as_the_rule_says_it(drawn: list[tuple[str | None, tuple[int, bool] | None,
                                                                       tuple[int, bool] | None]],
                                                       both_tie: BothTie, best_tie: bool, perfect: bool, amount: int,
                                                       left_out: int, swapped: bool) -> None:
    ids = [f"p{i}" for i in range(len(drawn))]
    hands = {p: {"high": _played("high", h), "low": _played("low", low)} for p, (_, h, low) in zip(ids, drawn,
                                                                                               strict=True)}
    declared = {p: way for p, (way, _, _) in zip(ids, drawn, strict=True)}
    specs = (LOW_SPEC, HIGH_SPEC) if swapped else (HIGH_SPEC, LOW_SPEC)
    table = PotTable(hands=specs, seat_order=tuple(reversed(ids)), declared=declared, events={})
    division = replace(Declare(), both_tie=both_tie, best_possible_tie_ok=best_tie, perfect_low_wins_both=perfect)
    pot = Pot(amount, tuple(ids[left_out:]) or tuple(ids))
    assert division.contested(pot, hands, table) == _contested_plainly(division, pot, hands, table)
