"""Declared hands, where the cards do not speak (reference ``tic-tac-toe-posts``).

Each player still in sends the five cards of the hand he declares (``declared_hand``). The hand is checked against
his cards and the variant's formation (his hole cards and one whole line): a declared hand he cannot make forfeits
the deal (**[GAP]** in the reference, the convention it proposes). The best *declared* hand wins the pot, whatever
better hand its player may have held: his true best hand is reported alongside as ``high``, the declared one as
``declared``.

Posts: every player other than the winner(s), folded players included, puts one post into the posts pot. The posts
pot belongs to the series, not to this deal, so its posts are reported as ``owes`` of the main pot, each worth
``events.post`` chips (1 if not given); the series ends when only one player has posts left, which the client
tracks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import numpy as np

from evaluator.cards import card_of
from evaluator.deal import Deal, Seat
from evaluator.errors import Problem
from evaluator.formation import Slot, candidates
from evaluator.pots import Pot

if TYPE_CHECKING:
    from evaluator.division import PotResult
    from evaluator.showdown import PlayedHand
    from evaluator.variant import HandSpec, Variant

__all__ = ["DECLARED", "ClaimedHands"]

#: The name of a player's declared hand in answers.
DECLARED = "declared"


@dataclass(frozen=True, kw_only=True)
class ClaimedHands:
    """The pot goes to the best declared hand; the other players each owe a post (see the module)."""

    @property
    def description(self) -> str:
        return ("the cards do not speak: each player still in declares his hand (declared_hand, five cards); the best "
                "declared hand that he can make wins, a hand he cannot make forfeits the deal, and every other "
                "player, folded players included, puts one post (events.post chips) into the posts pot")

    def problems(self, deal: Deal, size: int) -> list[Problem]:
        """Every live player declares exactly ``size`` cards."""
        return [Problem(f"/players/{i}/declared_hand", "missing-declared-hand", f"every player still in declares "
                        f"his hand: {size} cards, got {len(seat.claim)}")
                for i, seat in enumerate(deal.seats) if not seat.folded and len(seat.claim) != size]

    def declared(self, spec: HandSpec, seat: Seat, own: Sequence[Slot], board: Sequence[Slot],
                 layout: bool) -> PlayedHand:
        """The player's declared hand, scored if he can make it, else forfeited with the reason."""
        from evaluator.showdown import PlayedHand, played_combination

        found = candidates(spec.formation, spec.ranking.size, own, board)
        claim = sorted(int(c) for c in seat.claim)
        rows = np.sort(found.cards(), axis=1)
        matches = np.flatnonzero((rows == np.array(claim, dtype=np.int64)).all(axis=1)) if len(rows) else np.empty(0)
        if not len(matches):
            return PlayedHand(name=DECLARED, score=None, cards=tuple(card_of(c) for c in claim), reason=(
                "declared a hand he cannot make from his hole cards and one line: he forfeits the deal"))
        best = int(matches[0])
        score = spec.ranking.evaluate(claim)
        one = replace(found, combos=found.combos[best:best + 1], group_of=found.group_of[best:best + 1])
        return replace(played_combination(spec, one, np.array([score]), layout=layout), name=DECLARED)

    def divide(self, game: Variant, pots: Sequence[Pot], hands: Mapping[str, Mapping[str, PlayedHand]],
               seat_order: Sequence[str], events: Mapping[str, Any]) -> list[PotResult]:
        """Each pot to its best declared hand; the main pot also records the posts the others owe."""
        from evaluator.division import divide

        plain = replace(game, claims=None, hands=tuple(replace(h, name=DECLARED) for h in game.hands[:1]))
        results = [divide(plain, pot, hands, seat_order) for pot in pots]
        if not results:
            return results
        post = int(events.get("post", 1))
        winners = {p for share in results[0].shares for p in share.winners}
        owes = tuple((p, post) for p in seat_order if p not in winners)
        note = f"posts: {', '.join(p for p, _ in owes)} each put one post ({post}) into the posts pot" if owes else None
        main = results[0]
        results[0] = replace(main, owes=owes, owes_to="the posts pot", shares=tuple(
            replace(s, note=f"{s.note}; {note}" if s.note and note else s.note or note) for s in main.shares))
        return results
