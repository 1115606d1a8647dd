"""The special rankings of the reference (2.1 "Other special rankings are defined in their entries"), one module
per ranking, each named for it: TICKET, EGYPT6, RUNS, WRAP, TELESINA, SOKO, GUTS3/GUTS2, ZEROFACE, PILES-LOW,
BLACKJACK, BREAKER, the RAMONE comparison, and short hands (HIGH-SHORT).

Every ranking is a :class:`~evaluator.rankings.Ranking`: dense scores into increasing keys (greater is better),
vectorised evaluation, a ``category`` slug and a description for people.
"""

from __future__ import annotations

from evaluator.rankings.base import Ranking
from evaluator.rankings.special.blackjack import BLACKJACK, blackjack_total
from evaluator.rankings.special.breaker import BREAKER
from evaluator.rankings.special.egypt6 import EGYPT6
from evaluator.rankings.special.guts import GUTS2, GUTS2_STRAIGHTS_FLUSHES, GUTS3, guts2_ranking
from evaluator.rankings.special.piles_low import PILES_LOW, PILES_QUALIFIER
from evaluator.rankings.special.ramone import beats_the_boot, highest_three, three_card_key
from evaluator.rankings.special.runs import RUNS
from evaluator.rankings.special.short_hands import HIGH_SHORT
from evaluator.rankings.special.soko import SOKO
from evaluator.rankings.special.telesina import TELESINA, telesina_ranking
from evaluator.rankings.special.ticket import TICKET, ticket_ranking
from evaluator.rankings.special.wrap import WRAP
from evaluator.rankings.special.zeroface import ZEROFACE

__all__ = [
    "BLACKJACK",
    "BREAKER",
    "EGYPT6",
    "GUTS2",
    "GUTS2_STRAIGHTS_FLUSHES",
    "GUTS3",
    "HIGH_SHORT",
    "PILES_LOW",
    "PILES_QUALIFIER",
    "RUNS",
    "SOKO",
    "SPECIAL_RANKINGS",
    "TELESINA",
    "TELESINA_7PLUS",
    "TELESINA_SUITS",
    "TICKET",
    "WRAP",
    "ZEROFACE",
    "beats_the_boot",
    "blackjack_total",
    "guts2_ranking",
    "highest_three",
    "telesina_ranking",
    "three_card_key",
    "ticket_ranking",
]

TELESINA_7PLUS = telesina_ranking(lowest_rank=5)
TELESINA_SUITS = telesina_ranking(lowest_rank=5, suit_tiebreak=True)

#: Every special ranking by name (the defaults of each factory), for ``RANKINGS``.
SPECIAL_RANKINGS: dict[str, Ranking] = {
    r.name: r for r in (TICKET, EGYPT6, RUNS, WRAP, TELESINA, TELESINA_7PLUS, TELESINA_SUITS, SOKO, GUTS3, GUTS2,
                        GUTS2_STRAIGHTS_FLUSHES, ZEROFACE, PILES_LOW, BLACKJACK, HIGH_SHORT, BREAKER)
}
