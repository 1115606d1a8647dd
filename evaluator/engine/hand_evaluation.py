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

from evaluator.engine.combination_scores import scored_combinations
from evaluator.engine.search import best_hands
from evaluator.engine.slots import board_slots
from evaluator.engine.validation import problems_in_deal
from evaluator.formation import Count
from evaluator.results import PlayedHand
from evaluator.values.cards import Card
from evaluator.values.deal import Deal, Seat
from evaluator.values.errors import InvalidShowdown, Problem
from evaluator.variant import Variant

__all__ = ["DEFAULT_PAGE", "MAX_PAGE", "HandEvaluation", "ToCome", "evaluate_hand"]

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
    #: A partial deal (a flop, a turn, fewer up cards): how many up and board cards are still to come and, on a
    #: layout, the positions still empty; None for a whole deal.
    to_come: ToCome | None = None


@dataclass(frozen=True, slots=True)
class ToCome:
    """The cards a partial deal still lacks before the showdown: the least the variant deals of each kind. Hole cards
    are not among them: they are dealt before anything is shown, so a hand needs all of them (as many as the
    variant allows at the showdown's least)."""

    up: int = 0
    board: int = 0
    positions: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.up or self.board or self.positions)

    def words(self) -> str:
        """"2 board cards to come", "1 up card to come"."""
        parts = [f"{n} {kind} card{'s' if n > 1 else ''}" for kind, n in (("up", self.up), ("board", self.board)) if n]
        if self.positions:
            parts.append(f"board position{'s' if len(self.positions) > 1 else ''} {', '.join(self.positions)}")
        return " and ".join(parts) + " to come"


def _to_come(game: Variant, up: Sequence[Card], positions: Sequence[str] | None, board: Sequence[Card]) -> ToCome:
    layout = game.board.layout
    empty = tuple(name for name in layout.required if name not in (positions or ())) if layout is not None else ()
    return ToCome(up=max(0, game.up.min - len(up)),
                  board=0 if layout is not None else max(0, game.board.count.min - len(board)), positions=empty)


def _so_far(game: Variant) -> Variant:
    """The game with the least up and board cards lowered to none: a partial deal is checked for everything else
    (its hole cards, too many cards, duplicates, cards not in the deck, unknown positions)."""
    return replace(game, up=Count(0, game.up.max),
                   board=replace(game.board, count=Count(0, game.board.count.max)),
                   own_plus_board=None if game.own_plus_board is None else Count(0, game.own_plus_board.max))


def evaluate_hand(variant: Variant, *, hole: Sequence[Card], up: Sequence[Card] = (),
                  board: Sequence[Card] | Mapping[str, Card] = (), options: Mapping[str, str] | None = None,
                  list_combinations: bool = False, offset: int = 0, limit: int = DEFAULT_PAGE) -> HandEvaluation:
    """The player's best hand of each kind; with ``list_combinations``, the page ``offset`` to ``offset + limit``
    of each hand's legal combinations, best first, and each hand's total. A partial deal (a flop, a turn, fewer up
    cards than the showdown has) answers the best hand so far where the formation can make one, and ``to_come``
    says which cards are still to come."""
    chosen, game = variant.resolved_game(options or {})
    for mechanism in game.pipeline:  # one player's hands on their own: no other entrant, nothing declared
        game = mechanism.alone(game)
    seat = Seat(id="player", hole=tuple(hole), up=tuple(up))
    cards, positions = Deal.board_from(board if isinstance(board, Mapping) else tuple(board))
    deal = Deal(seats=(seat,), board=cards, positions=positions, pot=0)
    to_come = _to_come(game, up, positions, cards)
    checked = _so_far(game) if to_come else game
    problems = [Problem(p.pointer.replace("/players/0/", "/", 1).replace("/players/0", "", 1), p.code, p.detail)
                for p in problems_in_deal(checked, deal, all_shown=True)
                if p.code not in ("seats", "missing-declaration") and not (to_come and p.code == "missing-position")]
    if problems:
        raise InvalidShowdown(problems)
    slots = board_slots(deal, game)
    hands = {spec.name: best_hands(spec, [seat], slots, game, deal)[0] for spec in game.hands}
    if to_come:
        hands = {name: played if played.score is not None else replace(played, reason=f"no hand yet: "
                                                                                  f"{to_come.words()}")
                 for name, played in hands.items()}
    listed: dict[str, tuple[PlayedHand, ...]] | None = None
    totals: dict[str, int] | None = None
    if list_combinations:
        listed, totals = {}, {}
        for spec in game.hands:
            scored = scored_combinations(spec, seat, slots, game, deal)  # wild cards resolved, as in a showdown
            scores = scored.scores
            order = np.argsort(-scores, kind="stable")[offset:offset + limit]
            totals[spec.name] = len(scores)
            rows = []
            for i in order.tolist():
                rows.append(scored.played(i))
            listed[spec.name] = tuple(rows)
    return HandEvaluation(variant=variant, options=chosen, hands=hands, combinations=listed, combinations_total=totals,
                          to_come=to_come or None)
