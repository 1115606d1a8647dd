"""What a request will cost, by arithmetic alone, before any combination is enumerated.

The cost of a showdown is the number of hand combinations its search will score, from each formation's
arithmetic (:func:`evaluator.formation.count_candidates`), summed over every hand the variant scores and every live
seat (each separate hand a seat of its own), weighted by what scoring one combination of that kind costs
(:func:`unit_weight`). A batch costs the sum of its items; a hand evaluation costs its hands and the rows it
spells out. The service refuses a request whose cost is over :data:`evaluator.values.budget.MAX_WORK_PER_REQUEST` with a
422 before doing any of the work; :func:`evaluator.values.budget.charge` then guards the search itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from evaluator.engine.runs import run_deals
from evaluator.engine.slots import board_slots, own_slots, table_slots
from evaluator.formation import Slot, count_candidates
from evaluator.values.cards import Card
from evaluator.values.deal import Deal, Seat
from evaluator.values.errors import ShowdownError
from evaluator.variant import HandSpec, Variant

__all__ = ["ROW_WEIGHT", "evaluation_cost", "showdown_cost", "unit_weight"]

#: Work units for spelling out one listed combination of ``list_combinations`` (Python, not vectorised): about 100
#: times the cost of scoring one combination in a batch.
ROW_WEIGHT: Final = 100
#: Rankings scored one combination at a time in Python rather than by table lookup, and their weight: none (every
#: ranking scores by table).
_SLOW_RANKINGS: Final[dict[str, int]] = {}
#: Scoring with wild cards in play: the multiset table plus the spelling out of substitutions.
_WILD_WEIGHT: Final = 2


def unit_weight(spec: HandSpec, game: Variant) -> int:
    """Work units for scoring one combination of this hand in this game."""
    weight = _SLOW_RANKINGS.get(spec.ranking.name, 1)
    if spec.uses_wilds and (game.wilds or game.wild_play.restricted):
        weight *= _WILD_WEIGHT
    return weight


def _hand_cost(spec: HandSpec, game: Variant, seats: Sequence[Seat], board: Sequence[Slot], deal: Deal) -> int:
    if spec.all_from:
        return len(seats)
    weight = unit_weight(spec, game)
    total = 0
    for seat in seats:
        own = own_slots(seat, game.hole_sets, game.hole_sources) + table_slots(seat, deal, game)
        total += count_candidates(spec.formation, spec.ranking.size, own, board)
    return total * weight


def _board_known(deal: Deal, game: Variant) -> bool:
    """Whether every board position sent is one of the layout's (else the engine refuses the deal, and the board
    cannot be costed: a position has no segment)."""
    layout = game.board.layout
    return layout is None or deal.positions is None or all(layout.position(p) is not None for p in deal.positions)


def showdown_cost(variant: Variant, deal: Deal, options: Mapping[str, str] | None = None) -> int:
    """Work units the showdown's search will spend (0 for a deal the engine will refuse anyway)."""
    try:
        game = variant.with_options(options or {})
        if deal.runs:  # every run is a search of its own
            return sum(showdown_cost(variant, run, options) for run in run_deals(deal, game.board.layout is not None))
        for mechanism in game.pipeline:  # the seats that compete
            deal = mechanism.entrants(deal)
        if not _board_known(deal, game):
            return 0
        board = board_slots(deal, game)
        live = deal.live
        return sum(_hand_cost(spec, game, live, board, deal) for spec in game.hands)
    except ShowdownError:
        return 0


def evaluation_cost(variant: Variant, hole: Sequence[Card], up: Sequence[Card], board: Sequence[Card]
                    | Mapping[str, Card], options: Mapping[str, str] | None = None, rows: int = 0) -> int:
    """Work units of ``POST /v1/hands/evaluate``: one seat's hands, plus ``rows`` combinations spelt out."""
    try:
        cards, positions = Deal.board_from(board if isinstance(board, Mapping) else tuple(board))
        seat = Seat(id="player", hole=tuple(hole), up=tuple(up))
        deal = Deal(seats=(seat,), board=cards, positions=positions, pot=0)
        game = variant.with_options(options or {})
        if not _board_known(deal, game):
            return 0
        slots = board_slots(deal, game)
        searched = sum(_hand_cost(spec, game, [seat], slots, deal) for spec in game.hands)
    except ShowdownError:
        return 0
    listed = 0
    if rows:  # every combination of each hand is scored to sort them; ``rows`` of them are spelt out
        listed = searched + rows * ROW_WEIGHT * len(game.hands)
    return searched + listed

