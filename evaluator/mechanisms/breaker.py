"""The Breaker (reference ``breaker``): a joker that, played from the hole only when it makes its holder win,
breaks every straight and flush in the pot.

Each live player gets three hands from the ordinary search (the variant's hand specs):

- ``high``: his best hand without the Breaker (rule 1: the Breaker is not a card in that evaluation);
- ``broken``: his best hand of the same real cards with straights and flushes broken (ranking BREAKER);
- ``breaker``: for a holder, four of his real cards with the Breaker as fifth card and top kicker (BREAKER).

Then each pot is solved on its own, among its eligible players (rule 2 and "side pots"):

- a holder eligible for the pot *can* play his Breaker if, playing it while the other Breaker (if any) stays
  dead, his ``breaker`` hand is then the best of the pot against everyone's ``broken`` hand. A tie is enough
  (**[ASSUMPTION]** C10: the pot is then split);
- every holder who can, plays (two Breakers: both play and their hands are compared, C10); the others' Breakers
  are dead;
- if someone plays, the pot goes to the best hand with each player of a Breaker on ``breaker`` and everyone else
  on ``broken`` (a straight or flush on the board is broken too); if nobody plays, to the best ``high`` hand.

``locked_side_pots`` (variation ``breaker-locked-side-pots``): the main pot's outcome holds for every side pot,
so the side pots are decided by the main pot's finishing order even where no player of the Breaker is eligible.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from evaluator.formation import BREAKER
from evaluator.mechanisms.base import DealCheck, MutableHands, PotTable, Rules, Table
from evaluator.mechanisms.division import Division, High
from evaluator.results import BreakerPlay, Hands, PlayedHand, PotResult
from evaluator.values.cards import JOKER_BASE, Card
from evaluator.values.deal import Deal
from evaluator.values.errors import Problem
from evaluator.values.frozen import replaced
from evaluator.values.pots import Pot

__all__ = ["Breaker", "BreakerPlay"]

_BROKEN_CATEGORIES = frozenset({"straight", "flush", "straight-flush"})


@dataclass(frozen=True, kw_only=True)
class Breaker(Division):
    """The Breaker's showdown (see the module): ``count`` Breakers in the deck (Dual Breaker: 2), whether the
    main pot's outcome is locked onto the side pots, and the ``division`` each pot is then divided by."""

    kind: ClassVar[str] = "breaker"
    order_matters: ClassVar[bool] = True
    division: Division = field(default_factory=High)
    count: int = 1
    locked_side_pots: bool = False

    @property
    def document_kind(self) -> str:
        return self.division.document_kind

    @property
    def reads(self) -> frozenset[str]:
        return self.division.reads

    def explain(self) -> str:
        return self.division.explain()

    def shown_hand(self, pot: PotResult, share: str, winner: str) -> str:
        """In a pot where a Breaker was played, the hand the Breaker left the winner (``breaker`` or ``broken``)."""
        if pot.breaker is None or not pot.breaker.played_by:
            return share
        return "breaker" if winner in pot.breaker.played_by else "broken"

    def hole_source(self, card: Card) -> str | None:
        """A Breaker in the hole is kept apart (source ``breaker``)."""
        return BREAKER if card.is_joker else None

    def describe(self) -> str:
        side = ("the main pot's finishing order decides every side pot" if self.locked_side_pots else
                "a Breaker affects a pot only if its holder is eligible for it")
        return ("a Breaker in the hole may be played only if it makes its holder win: it is then the top kicker of "
                "four of his real cards and breaks every straight and flush in the pot; " + side)

    def problems(self, game: Rules, deal: Deal, check: DealCheck) -> list[Problem]:
        """A Breaker on the board (it is dead and replaced when dealt there), and a live player holding two (he
        must fold)."""
        board = deal.board
        problems = [Problem(deal.board_pointer(i), "breaker-on-board", "a Breaker dealt to the board is dead and "
                            "replaced, so the board never shows one")
                    for i, card in enumerate(board) if card.is_joker] if board and max(board) >= JOKER_BASE else []
        for i, seat in enumerate(deal.seats):
            hole = seat.hole  # two Breakers: his two highest cards are jokers
            if not seat.folded and len(hole) > 1 and sorted(hole)[-2] >= JOKER_BASE:
                problems.append(Problem(f"/players/{i}/hole", "two-breakers", "a player dealt both Breakers must "
                                        "fold: send him with folded: true"))
        return problems

    def adjust(self, game: Rules, deal: Deal, hands: MutableHands, table: Table) -> None:
        """Say why a player at showdown has no ``breaker`` hand: he holds no Breaker. The players without one have
        the same empty hand as a rule: each such hand is said once."""
        said: dict[PlayedHand, PlayedHand] = {}
        for seat in table.live:
            mine = hands[seat.id]
            found = mine.get("breaker")
            if found is not None and found.score is None:
                told = said.get(found)
                if told is None:
                    told = said[found] = replaced(found, reason="holds no Breaker")
                mine["breaker"] = told

    def divide_pots(self, pots: Sequence[Pot], hands: Hands, table: PotTable) -> list[PotResult]:
        """Every pot divided as the Breaker decides it (see the module)."""
        main = self._playing(pots[0].eligible, hands) if pots else ()
        results = []
        for pot in pots:
            playing = main if self.locked_side_pots else self._playing(pot.eligible, hands)
            view = {p: {"high": self._hand(p, playing, hands)} for p in pot.eligible}
            result = self.division.divide(pot, view, table)
            play = self._play(pot.eligible, playing, hands)
            results.append(replaced(result, breaker=play, shares=tuple(
                replaced(s, note=_note(play, s.note)) for s in result.shares)))
        return results

    @staticmethod
    def _hand(player: str, playing: Sequence[str], hands: Hands) -> PlayedHand:
        if not playing:
            return hands[player]["high"]
        return hands[player]["breaker" if player in playing else "broken"]

    def _winners(self, eligible: Sequence[str], playing: Sequence[str], hands: Hands) -> list[str]:
        scored = [(s, p) for p in eligible if (s := self._hand(p, playing, hands).score) is not None]
        top = max((s for s, _ in scored), default=None)
        return [p for s, p in scored if s == top]

    def _playing(self, eligible: Sequence[str], hands: Hands) -> tuple[str, ...]:
        holders = [p for p in eligible if hands[p]["breaker"].score is not None]
        return tuple(b for b in holders if b in self._winners(eligible, (b,), hands))

    @staticmethod
    def _play(eligible: Sequence[str], playing: Sequence[str], hands: Hands) -> BreakerPlay | None:
        holders = [p for p in eligible if hands[p]["breaker"].score is not None]
        if not holders and not playing:
            return None
        broken = tuple(p for p in eligible if playing and p not in playing
                       and hands[p]["high"].category in _BROKEN_CATEGORIES)
        return BreakerPlay(played_by=tuple(playing), broken=broken,
                           dead=tuple(p for p in holders if p not in playing))


def _note(play: BreakerPlay | None, note: str | None) -> str | None:
    if play is None:
        return note
    if play.played_by:
        text = f"{' and '.join(play.played_by)} played the Breaker: straights and flushes are broken"
        if play.broken:
            text += f" ({', '.join(play.broken)} lost one)"
    else:
        text = f"the Breaker held by {' and '.join(play.dead)} would not win: it is dead and every hand stands"
    return f"{note}; {text}" if note else text
