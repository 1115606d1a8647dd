"""Every legal combination of one seat scored as the showdown scores it, for ``list_combinations``.

The showdown keeps only each player's best combination; a client listing every combination expects each one scored
the same way, so the rows are scored by the search's own scoring (:func:`evaluator.engine.search.scored_combinations`:
wild cards resolved, restricted wild cards read by their rule, a natural hand ahead of the same hand made with wild
cards where the variant says so), and in Seven and What Makes It by the sets of cards worth 7 that make each five
cards best. So the first combination listed is the best hand; each is spelled out only when listed (``played``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from evaluator.engine.search import scored_combinations as search_scores
from evaluator.engine.search import wild_mask
from evaluator.engine.slots import live_formation, usable_slots
from evaluator.formation import Candidates, Slot, candidates
from evaluator.hands.played import played_hand, played_with_sets
from evaluator.results import PlayedHand
from evaluator.values.deal import Deal, Seat
from evaluator.variant import HandSpec, Variant
from evaluator.wilds.sets import WildSets, scored_set_hands

__all__ = ["ScoredCombinations", "scored_combinations"]


@dataclass(frozen=True, slots=True)
class ScoredCombinations:
    """``scores[i]`` orders the combinations (greater is better; equal scores are equal hands) and ``played(i)`` is
    combination ``i`` spelled out as an answer."""

    scores: npt.NDArray[np.int64]
    played: Callable[[int], PlayedHand]


def scored_combinations(spec: HandSpec, seat: Seat, board: list[Slot], game: Variant, deal: Deal
                        ) -> ScoredCombinations:
    """Every legal combination of ``seat`` for the hand ``spec``, scored with the variant's wild cards."""
    layout = game.board.layout is not None
    sets = next((rule for rule in game.wilds if isinstance(rule, WildSets)), None) if spec.uses_wilds else None
    formation = live_formation(spec, game, deal)
    mine = usable_slots(seat, board, game if spec.uses_wilds else replace(game, wilds=()), deal, formation)
    if sets is not None:
        found = scored_set_hands(spec.ranking, sets, [*mine.own, *board], mine.wild_by_group[0])
        slots = [*mine.own, *board]
        return ScoredCombinations(np.array([hand.score for hand in found], dtype=np.int64),
                                  lambda i: played_with_sets(spec, found[i], slots, layout))
    cands = candidates(formation, spec.ranking.size, mine.own, board)
    wild = wild_mask(cands, mine.wild_by_group) if any(mine.wild_by_group) else None
    ranked, choices, sequence, doubled = search_scores(spec, game, cands.cards(),
                                                       wild if wild is not None and wild.any() else None)
    ordered = ranked.astype(np.int64)

    def played(i: int) -> PlayedHand:
        one = Candidates(slots=cands.slots, combos=cands.combos[i:i + 1], groups=cands.groups,
                         group_of=cands.group_of[i:i + 1])
        return played_hand(spec, one, ordered[i:i + 1], mine.wild_by_group, layout=layout, doubled=doubled,
                           choices=choices, sequence=sequence)

    return ScoredCombinations(ordered, played)
