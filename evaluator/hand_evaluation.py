"""One player's best hand(s) for a variant, and optionally every legal combination, best first.

This is ``POST /v1/hands/evaluate``: the same formation engine and rankings as a showdown, for one seat. Nothing is
declared here: a declaration game gives the player's best hand each way, Tic Tac Toe with Posts his true best hand,
and Double Trouble evaluates one of his hands (its 3 cards, or 2 after a discard).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final

import numpy as np

from evaluator.cards import Card
from evaluator.deal import Deal, Seat
from evaluator.errors import InvalidShowdown, Problem
from evaluator.formation import Count, candidates
from evaluator.showdown import PlayedHand, _board_slots, _own_slots, _played, best_hands
from evaluator.validation import problems_in_deal
from evaluator.variant import Variant

__all__ = ["DEFAULT_PAGE", "MAX_PAGE", "HandEvaluation", "evaluate_hand"]

#: Combinations listed per page by default, and at most, with ``list_combinations``.
DEFAULT_PAGE: Final = 100
MAX_PAGE: Final = 1000


@dataclass(frozen=True, slots=True)
class HandEvaluation:
    variant: Variant
    options: Mapping[str, str]
    hands: Mapping[str, PlayedHand]
    #: With ``list_combinations``: one page of each hand's combinations, best first ...
    combinations: Mapping[str, tuple[PlayedHand, ...]] | None
    #: ... and how many legal combinations each hand has in all.
    combinations_total: Mapping[str, int] | None = None


def evaluate_hand(variant: Variant, *, hole: Sequence[Card], up: Sequence[Card] = (),
                  board: Sequence[Card] | Mapping[str, Card] = (), options: Mapping[str, str] | None = None,
                  list_combinations: bool = False, offset: int = 0, limit: int = DEFAULT_PAGE) -> HandEvaluation:
    """The player's best hand of each kind; with ``list_combinations``, the page ``offset`` to ``offset + limit``
    of each hand's legal combinations, best first, and each hand's total."""
    chosen = variant.resolved_options(options or {})
    game = variant.with_options(chosen)
    if game.entrants is not None:  # one of the player's separate hands, as the entrant it plays as
        game = replace(game, entrants=None, hole=Count.between(game.entrants.cards - 1, game.entrants.cards))
    if game.claims is not None:  # the true best hand: nothing is declared here
        game = replace(game, claims=None)
    seat = Seat(id="player", hole=tuple(hole), up=tuple(up))
    cards, positions = Deal.board_from(board if isinstance(board, Mapping) else tuple(board))
    deal = Deal(seats=(seat,), board=cards, positions=positions, pot=0)
    problems = [Problem(p.pointer.replace("/players/0/", "/", 1).replace("/players/0", "", 1), p.code, p.detail)
                for p in problems_in_deal(game, deal) if p.code not in ("seats", "missing-declaration")]
    if problems:
        raise InvalidShowdown(problems)
    board_slots = _board_slots(deal, game)
    hands = {spec.name: best_hands(spec, [seat], board_slots, game, deal)[0] for spec in game.hands}
    listed: dict[str, tuple[PlayedHand, ...]] | None = None
    totals: dict[str, int] | None = None
    if list_combinations:
        listed, totals = {}, {}
        for spec in game.hands:
            cands = candidates(spec.formation, spec.ranking.size, _own_slots(seat), board_slots)
            scores = spec.ranking.evaluate_many(cands.cards()) if len(cands.combos) else np.empty(0, np.int32)
            order = np.argsort(-scores, kind="stable")[offset:offset + limit]
            totals[spec.name] = len(scores)
            rows = []
            for i in order.tolist():
                one = type(cands)(slots=cands.slots, combos=cands.combos[i:i + 1], groups=cands.groups,
                                  group_of=cands.group_of[i:i + 1])
                rows.append(_played(spec, one, scores[i:i + 1], layout=game.board.layout is not None))
            listed[spec.name] = tuple(rows)
    return HandEvaluation(variant=variant, options=chosen, hands=hands, combinations=listed, combinations_total=totals)
