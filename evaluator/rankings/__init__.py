"""Rankings: every way of ordering hands, looked up by the name the rules reference gives it."""

from __future__ import annotations

from evaluator.rankings.base import NO_HAND, Described, Key, Ranking, TableRanking
from evaluator.rankings.four_card import BADUGI, DOOGIE
from evaluator.rankings.high import HIGH, high_ranking
from evaluator.rankings.lowball import LOW_27, LOW_A5, LOW_A6
from evaluator.rankings.qualifiers import HighQualifier, LowQualifier, Qualifier

__all__ = [
    "BADUGI",
    "DOOGIE",
    "HIGH",
    "HIGH_6PLUS",
    "HIGH_7PLUS",
    "LOW_27",
    "LOW_A5",
    "LOW_A6",
    "NO_HAND",
    "RANKINGS",
    "Described",
    "HighQualifier",
    "Key",
    "LowQualifier",
    "Qualifier",
    "Ranking",
    "TableRanking",
    "ranking_named",
]

HIGH_6PLUS = high_ranking(name="HIGH-6PLUS", title="Short-deck high (36 cards): A-6-7-8-9 is a straight and a "
                          "flush beats a full house", lowest_rank=4, flush_beats_full_house=True)
HIGH_7PLUS = high_ranking(name="HIGH-7PLUS", title="32-card high: A-7-8-9-T is the lowest straight",
                          lowest_rank=5)

RANKINGS: dict[str, TableRanking | Ranking] = {
    r.name: r for r in (HIGH, HIGH_6PLUS, HIGH_7PLUS, LOW_A5, LOW_27, LOW_A6, BADUGI, DOOGIE)
}


def ranking_named(name: str) -> Ranking:
    try:
        return RANKINGS[name]
    except KeyError:
        raise KeyError(name) from None
