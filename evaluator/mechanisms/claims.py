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

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from evaluator.mechanisms.base import DealCheck, MutableHands, PotTable, R, Rules, Table
from evaluator.mechanisms.division import Division, High
from evaluator.results import NOT_SHOWN, Hands, PlayedHand, PotResult
from evaluator.values.cards import card_of
from evaluator.values.deal import Deal, Seat
from evaluator.values.errors import Problem
from evaluator.values.frozen import replaced
from evaluator.values.pots import Pot

__all__ = ["DECLARED", "ClaimedHands"]

#: The name of a player's declared hand in answers.
DECLARED = "declared"


@dataclass(frozen=True, kw_only=True)
class ClaimedHands(Division):
    """The pot goes to the best declared hand, by ``division``; the other players each owe a post (see the
    module)."""

    kind: ClassVar[str] = "claims"
    order_matters: ClassVar[bool] = True
    division: Division = field(default_factory=High)

    @property
    def reads(self) -> frozenset[str]:
        return self.division.reads | {"declared_hand"}

    @property
    def document_kind(self) -> str:
        return self.division.document_kind

    def explain(self) -> str:
        return self.division.explain()

    def describe(self) -> str:
        return ("the cards do not speak: each player still in declares his hand (declared_hand, five cards); the best "
                "declared hand that he can make wins, a hand he cannot make forfeits the deal, and every other "
                "player, folded players included, puts one post (events.post chips) into the posts pot")

    def alone(self, game: R) -> R:
        """The true best hand: nothing is declared when one player's hands are evaluated."""
        return game.with_division(self.division)

    def problems(self, game: Rules, deal: Deal, check: DealCheck) -> list[Problem]:
        """Every live player at showdown declares exactly as many cards as a hand has."""
        size = game.hands[0].ranking.size
        return check.needed([Problem(f"/players/{i}/declared_hand", "missing-declared-hand", f"every player still "
                                     f"in declares his hand: {size} cards, got {len(seat.claim)}")
                             for i, seat in enumerate(deal.seats) if not seat.folded and len(seat.claim) != size])

    def adjust(self, game: Rules, deal: Deal, hands: MutableHands, table: Table) -> None:
        """Every player's declared hand beside his true best hand: scored if he can make it, else forfeited."""
        shown = [seat for seat in deal.seats if not seat.folded and seat.id in table.shows]
        made = dict(zip((s.id for s in shown), table.hands_of(game.hands[0], [(s, s.claim) for s in shown]),
                        strict=True))
        for seat in deal.seats:
            if seat.folded:
                hands[seat.id][DECLARED] = PlayedHand(name=DECLARED, score=None, reason="folded")
            elif seat.id in made:
                hands[seat.id][DECLARED] = self._declared(seat, made[seat.id])
            elif seat in deal.live:
                hands[seat.id][DECLARED] = PlayedHand(name=DECLARED, score=None, reason=NOT_SHOWN)

    @staticmethod
    def _declared(seat: Seat, found: PlayedHand | None) -> PlayedHand:
        if found is None:
            return PlayedHand(name=DECLARED, score=None, cards=tuple(card_of(c) for c in sorted(map(int, seat.claim))),
                              reason="declared a hand he cannot make from his hole cards and one line: he forfeits "
                              "the deal")
        return replaced(found, name=DECLARED)

    def divide_pots(self, pots: Sequence[Pot], hands: Hands, table: PotTable) -> list[PotResult]:
        """Each pot to its best declared hand; the main pot also records the posts the others owe."""
        declared = replaced(table, hands=tuple(replaced(h, name=DECLARED) for h in table.hands[:1]), declared={},
                            events={})
        results = [self.division.divide(pot, hands, declared) for pot in pots]
        if not results:
            return results
        post = int(table.events.get("post", 1))  # type: ignore[call-overload]
        winners = {p for share in results[0].shares for p in share.winners}
        owes = tuple((p, post) for p in table.seat_order if p not in winners)
        note = f"posts: {', '.join(p for p, _ in owes)} each put one post ({post}) into the posts pot" if owes else None
        main = results[0]
        results[0] = replaced(main, owes=owes, owes_to="the posts pot", shares=tuple(
            replaced(s, note=f"{s.note}; {note}" if s.note and note else s.note or note) for s in main.shares))
        return results
