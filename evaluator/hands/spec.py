"""One hand each player makes: its name, how it is formed, how it ranks and what it must reach to win."""

from __future__ import annotations

from dataclasses import dataclass

from evaluator.formation import Formation
from evaluator.rankings import Qualifier, Ranking

__all__ = ["HandSpec"]


@dataclass(frozen=True, kw_only=True)
class HandSpec:
    """One hand each player makes: its name in answers (``high``, ``low``, ``badugi``...), how it is formed,
    how it ranks and what it must reach to win."""

    name: str
    ranking: Ranking
    formation: Formation
    qualifier: Qualifier | None = None
    #: False when the variant's wild cards play as natural cards in this hand (Migoya's deuces, high only).
    uses_wilds: bool = True
    #: The hand is *all* of the player's cards from these sources, however many (Stud-Jack's face-down cards);
    #: the formation then plays no part.
    all_from: tuple[str, ...] = ()
    #: A player with fewer usable cards than the hand needs competes with all of them (short hands; the ranking
    #: must accept them: HIGH-SHORT).
    short_hands: bool = False
