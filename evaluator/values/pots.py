"""The money: main and side pots, and how each share is split into integer chips (reference 2.4).

Pots come from a single amount, an explicit list, or per-player contributions (folded players' chips are dead
money: they go into the pots but their owners win nothing). From contributions, as a card room settles a hand:

- the uncalled part of the largest contribution (what its live owner put in above everyone else's) goes back to
  him before any pot is built (:func:`uncalled`);
- dead money from players (antes, a big-blind ante, a dead small blind: ``dead``) goes to the main pot, outside
  its owner's level, and every live player may win it (:func:`settle_pots`).

Chips are integers and never lost: every split gives the remainder, one chip each, to the winners in the odd-chip
order of the variant.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from evaluator.values.frozen import quick_init

__all__ = ["OddChip", "Pot", "Share", "build_pots", "settle_pots", "split_chips", "uncalled"]


@quick_init
@dataclass(frozen=True, slots=True)
class Pot:
    amount: int
    eligible: tuple[str, ...]


@quick_init
@dataclass(frozen=True, slots=True)
class OddChip:
    player: str
    chips: int
    reason: str


@quick_init
@dataclass(frozen=True, slots=True)
class Share:
    """One share of one pot: its name (``high``, ``low``...), its chips, its winners and each one's payout."""

    name: str
    amount: int
    winners: tuple[str, ...]
    paid: tuple[tuple[str, int], ...]
    odd_chips: tuple[OddChip, ...] = ()
    note: str | None = None


def build_pots(contributions: Mapping[str, int], live: Sequence[str]) -> list[Pot]:
    """Main and side pots from what each player put in; ``live`` are the players still in, in seat order.

    Each distinct contribution level of a live player closes a pot that every live player who reached it may
    win. Chips above the highest live level (only folded players put them in) are dead money and join the last
    pot.
    """
    levels = sorted({contributions.get(p, 0) for p in live if contributions.get(p, 0) > 0})
    pots: list[Pot] = []
    previous = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, previous) for c in contributions.values())
        eligible = tuple(p for p in live if contributions.get(p, 0) >= level)
        pots.append(Pot(amount, eligible))
        previous = level
    dead = sum(max(c - previous, 0) for c in contributions.values())
    if dead:
        if pots:
            pots[-1] = Pot(pots[-1].amount + dead, pots[-1].eligible)
        else:
            pots.append(Pot(dead, tuple(live)))
    return pots


def uncalled(contributions: Mapping[str, int], live: Sequence[str]) -> dict[str, int]:
    """The uncalled part of the largest contribution, by owner: what the one player who put in the most put in
    above the next largest contribution (folded players' included: they called that much before folding). It goes
    back to him if he is still in; a folded player's chips stay dead money. Empty when the largest contribution
    is matched."""
    ranked = sorted(contributions.items(), key=lambda item: item[1], reverse=True)
    if not ranked or ranked[0][0] not in live:
        return {}
    owner, top = ranked[0]
    second = ranked[1][1] if len(ranked) > 1 else 0
    return {owner: top - second} if top > second else {}


def settle_pots(contributions: Mapping[str, int], dead: Mapping[str, int], live: Sequence[str]
                ) -> tuple[list[Pot], dict[str, int]]:
    """The pots of a hand from what each player put in, and the chips given back uncalled.

    The uncalled part of the largest contribution goes back to its owner first; the rest builds the main and side
    pots (:func:`build_pots`). ``dead`` chips go to the main pot, which every live player may win: a live player
    all in for less than the first level (or for nothing) contests the dead money alone, in a pot of its own.
    """
    returned = uncalled(contributions, live)
    called = {p: chips - returned.get(p, 0) for p, chips in contributions.items()}
    pots = build_pots(called, live)
    extra = sum(dead.values())
    if extra:
        if pots and pots[0].eligible == tuple(live):
            pots[0] = Pot(pots[0].amount + extra, pots[0].eligible)
        else:
            pots.insert(0, Pot(extra, tuple(live)))
    return pots, returned


def split_chips(amount: int, winners: Sequence[str], odd_order: Sequence[str], reason: str
                ) -> tuple[tuple[tuple[str, int], ...], tuple[OddChip, ...]]:
    """Split ``amount`` equally among ``winners``; the remainder goes one chip each in ``odd_order``."""
    if not winners:
        return (), ()
    if len(winners) == 1:
        return ((winners[0], amount),), ()
    base, rest = divmod(amount, len(winners))
    paid = {w: base for w in winners}
    ordered = [p for p in odd_order if p in paid]
    ordered += [p for p in winners if p not in ordered]
    odd = []
    for player in ordered[:rest]:
        paid[player] += 1
        odd.append(OddChip(player, 1, reason))
    return tuple(paid.items()), tuple(odd)
