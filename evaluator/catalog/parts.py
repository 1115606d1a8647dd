"""The vocabulary the catalog composes variants from: common formations and hand specifications."""

from __future__ import annotations

from evaluator.formation import ANY, Count, Formation, Pick
from evaluator.rankings import HIGH, LOW_A5, HighQualifier, LowQualifier, Qualifier, Ranking
from evaluator.variant import HandSpec

__all__ = [
    "ANY",
    "EIGHT_OR_BETTER",
    "OMAHA",
    "high",
    "high_low",
    "holdem_hole",
    "hole_between",
    "hole_exactly",
    "single",
]

EIGHT_OR_BETTER = LowQualifier(8)


def hole_exactly(n: int) -> Formation:
    """Exactly ``n`` hole cards; the rest from the board (Omaha: ``hole_exactly(2)`` with a 5-card board)."""
    return Formation(picks=(Pick(limits={"hole": Count.exactly(n)}),))


def hole_between(low: int, high: int) -> Formation:
    return Formation(picks=(Pick(limits={"hole": Count.between(low, high)}),))


def holdem_hole() -> Formation:
    return ANY


OMAHA = Formation(picks=(Pick(limits={"hole": Count.exactly(2), "board": Count.exactly(3)}),))


def high(formation: Formation = ANY, ranking: Ranking = HIGH, qualifier: Qualifier | None = None
         ) -> tuple[HandSpec, ...]:
    return (HandSpec(name="high", ranking=ranking, formation=formation, qualifier=qualifier),)


def single(name: str, ranking: Ranking, formation: Formation = ANY, qualifier: Qualifier | None = None
           ) -> tuple[HandSpec, ...]:
    return (HandSpec(name=name, ranking=ranking, formation=formation, qualifier=qualifier),)


def high_low(formation: Formation = ANY, *, low: Ranking = LOW_A5, low_qualifier: Qualifier | None = EIGHT_OR_BETTER,
             high_qualifier: HighQualifier | None = None, high_ranking: Ranking = HIGH) -> tuple[HandSpec, ...]:
    """A high hand and a low hand from the same formation, chosen independently (cards speak)."""
    return (HandSpec(name="high", ranking=high_ranking, formation=formation, qualifier=high_qualifier),
            HandSpec(name="low", ranking=low, formation=formation, qualifier=low_qualifier))
