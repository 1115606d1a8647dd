"""Pot division (reference 2.4): who wins each share of one pot, and every chip of it.

- P-HIGH: the best hand wins; equal hands split.
- P-HL (cards speak): the pot splits between the best high and the best qualifying low (by default in halves,
  the odd chip to high; a variant may set another ratio, e.g. No Peek High-Low's 75/25); with no qualifying low,
  high scoops; with a high qualifier, the side that qualifies scoops, and if neither does the pot is split
  equally among the players at showdown.
- P-DECL: the same two shares, each contested only by the players who declared that way (or both). A half that
  nobody eligible declared goes the other way. A ``both`` declarer must win both ways, else he is removed and
  the halves are re-awarded without him; ``both_tie`` says whether a tie is enough (``tie_ok``) or loses
  (``tie_loses``), and a tie with the best hand possible may be allowed anyway (Doogie).

Odd chips follow the variant's rule: the first winner clockwise from the button, or in stud games the winner whose
hand has the highest card by suit; no player receives more than one odd chip of a share.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from evaluator.pots import OddChip, Pot, Share, split_chips
from evaluator.rankings import HighQualifier
from evaluator.wording import plain

if TYPE_CHECKING:
    from evaluator.breaker import BreakerPlay
    from evaluator.showdown import PlayedHand
    from evaluator.variant import HandSpec, Variant

__all__ = ["SPLIT_ODD_CHIP", "UNCONTESTED", "PotResult", "divide", "wins_both"]

#: The note of a share won by the only player eligible for its pot: nobody contested it, no hand was needed.
UNCONTESTED = "uncontested"
#: How the reason of an odd chip begins when it is the pot's own, given to one share by the split rule (the high
#: half of 101 is 51), as opposed to a share's remainder among its tied winners.
SPLIT_ODD_CHIP = "the odd chip of splitting the pot between its shares"

Hands = Mapping[str, Mapping[str, "PlayedHand"]]


@dataclass(frozen=True, slots=True)
class PotResult:
    amount: int
    eligible: tuple[str, ...]
    shares: tuple[Share, ...]
    carried_over: int = 0
    #: Chips players owe the next pot (Guts: the losing "in" players match the pot).
    owes: tuple[tuple[str, int], ...] = ()
    #: Where ``owes`` goes: the next pot (Guts) or the series' posts pot (Tic Tac Toe with Posts).
    owes_to: str = "the next pot"
    #: Breaker games: who played a Breaker in this pot, whose straight or flush it broke, whose Breaker was dead.
    breaker: BreakerPlay | None = None


def _odd_order(game: Variant, winners: Sequence[str], share: str, hands: Hands, seat_order: Sequence[str]
               ) -> tuple[list[str], str]:
    if game.odd_chip == "high-card-by-suit":
        def top(player: str) -> int:
            return max(hands[player][share].cards, default=-1)
        return (sorted(winners, key=top, reverse=True),
                "to the hand with the highest card by suit (spades, hearts, diamonds, clubs)")
    return [p for p in seat_order if p in winners], "to the first winner clockwise from the button"


def _best(spec: HandSpec, eligible: Sequence[str], hands: Hands, natural_first: bool = False) -> list[str]:
    """The eligible players with the best qualifying hand of this kind (a natural hand ahead of the same hand
    made with wild cards where the variant says so)."""
    scored = [((score, hands[p][spec.name].natural and natural_first), p) for p in eligible
              if (score := hands[p][spec.name].score) is not None and hands[p][spec.name].qualifies]
    if not scored:
        return []
    top = max(s for s, _ in scored)
    return [p for s, p in scored if s == top]


def _share(game: Variant, name: str, amount: int, winners: list[str], hands: Hands, seat_order: Sequence[str],
           hand_name: str | None = None, note: str | None = None) -> Share:
    if hand_name is None:
        order, reason = [p for p in seat_order if p in winners], "to the first player clockwise from the button"
    else:
        order, reason = _odd_order(game, winners, hand_name, hands, seat_order)
    if game.odd_chips_stay:  # each winner gets his equal part; the indivisible chips stay for the next deal
        amount -= amount % max(len(order), 1)
    paid, odd = split_chips(amount, order, order, reason)
    return Share(name=name, amount=amount, winners=tuple(order), paid=paid, odd_chips=odd, note=note)


def _two_ways(game: Variant, pot: Pot, high: list[str], low: list[str], hands: Hands, seat_order: Sequence[str],
              everyone: Sequence[str], note: str | None = None) -> tuple[Share, ...]:
    """The two shares of a split pot once each side's winners are known (either may be empty)."""
    high_name, low_name = game.split_hands
    if high and low:
        high_part, low_part = game.split_ratio
        low_amount = pot.amount * low_part // (high_part + low_part)
        odd = pot.amount - low_amount - pot.amount * high_part // (high_part + low_part)
        return (_with_split_chip(_share(game, high_name, pot.amount - low_amount, high, hands, seat_order, high_name,
                                        note=note), odd),
                _share(game, low_name, low_amount, low, hands, seat_order, low_name, note=note))
    if high:
        return (_share(game, high_name, pot.amount, high, hands, seat_order, high_name,
                       note=note or f"no qualifying {plain(low_name)}: {plain(high_name)} takes the whole pot"),)
    if low:
        return (_share(game, low_name, pot.amount, low, hands, seat_order, low_name,
                       note=note or f"no qualifying {plain(high_name)}: {plain(low_name)} takes the whole pot"),)
    return (_share(game, "split", pot.amount, list(everyone), hands, seat_order,
                   note=(f"{note}; " if note else "") + "no side qualifies: split equally among the players at "
                   "showdown"),)


def _with_split_chip(share: Share, chips: int) -> Share:
    """The share that received the indivisible chips of splitting the pot between shares (the high half, by rule),
    with them listed among its odd chips: given to its winner, or, among several, as its own split gives them."""
    if not chips or len(share.winners) != 1:
        return share
    reason = f"{SPLIT_ODD_CHIP} goes to {plain(share.name)}, by rule"
    return replace(share, odd_chips=(OddChip(share.winners[0], chips, reason), *share.odd_chips))


def _declared(game: Variant, pot: Pot, hands: Hands, seat_order: Sequence[str],
              declared: Mapping[str, str | None]) -> tuple[Share, ...]:
    high_spec, low_spec = (game.hand(n) for n in game.split_hands)
    contenders = list(pot.eligible)
    removed: list[str] = []
    while True:
        high = _best(high_spec, [p for p in contenders if declared.get(p) in ("high", "both")], hands)
        low = _best(low_spec, [p for p in contenders if declared.get(p) in ("low", "both")], hands)
        if game.perfect_low_wins_both:
            perfect = [p for p in low if declared.get(p) == "both" and _is_best_possible(p, low_spec, hands)]
            if perfect:
                high = perfect
        failed = [p for p in contenders if declared.get(p) == "both"
                  and not (_wins(game, p, high, high_spec, hands) and _wins(game, p, low, low_spec, hands))]
        if not failed:
            break
        removed += failed
        contenders = [p for p in contenders if p not in failed]
    note = None
    if removed:
        note = f"{', '.join(removed)} declared both ways and did not win both: removed, halves re-awarded"
    if not contenders:
        return (_share(game, "split", pot.amount, list(pot.eligible), hands, seat_order,
                       note=(note or "") + "; nobody is left: split equally among the players at showdown"),)
    return _two_ways(game, pot, high, low, hands, seat_order, contenders, note=note)


def wins_both(game: Variant, player: str, contenders: Sequence[str], hands: Hands,
              declared: Mapping[str, str | None]) -> bool:
    """Whether a both-way declarer wins both ways against these contenders, ties as the variant allows."""
    high_spec, low_spec = (game.hand(n) for n in game.split_hands)
    high = _best(high_spec, [p for p in contenders if declared.get(p) in ("high", "both")], hands)
    low = _best(low_spec, [p for p in contenders if declared.get(p) in ("low", "both")], hands)
    return _wins(game, player, high, high_spec, hands) and _wins(game, player, low, low_spec, hands)


def _wins(game: Variant, player: str, winners: Sequence[str], spec: HandSpec, hands: Hands) -> bool:
    """Whether a both-way declarer wins this way: alone, or tied where a tie is enough."""
    if player not in winners:
        return False
    if len(winners) == 1 or game.both_tie == "tie_ok":
        return True
    return game.best_possible_tie_ok and _is_best_possible(player, spec, hands)


def _is_best_possible(player: str, spec: HandSpec, hands: Hands) -> bool:
    """Whether the player's hand of this kind is the best hand the ranking has (natural cards only)."""
    played = hands[player][spec.name]
    return played.score is not None and played.score == spec.ranking.best_natural_score


def _weighted(game: Variant, pot: Pot, hands: Hands, seat_order: Sequence[str]) -> tuple[Share, ...]:
    """Division "shares": each share by weight; unwon shares and indivisible chips go to the first share."""
    eligible = list(pot.eligible)
    total = sum(w for _, w in game.shares)
    winners = {name: _best(game.hand(name), eligible, hands) for name, _ in game.shares}
    if game.whole_pot_if_one_wins:
        sole = {tuple(winners[n]) for n in game.whole_pot_if_one_wins}
        if len(sole) == 1 and len(next(iter(sole))) == 1 and next(iter(sole))[0]:
            holder = list(next(iter(sole)))
            return (_share(game, "whole-pot", pot.amount, holder, hands, seat_order,
                           note=f"{holder[0]} wins every one of {', '.join(game.whole_pot_if_one_wins)}: the "
                           "whole pot"),)
    amounts = {name: pot.amount * w // total for name, w in game.shares}
    first = game.shares[0][0]
    remainder = pot.amount - sum(amounts.values())
    moved = [name for name, _ in game.shares[1:] if not winners[name]]
    if game.odd_chips_stay and len(moved) < len(game.shares) - 1:
        remainder = 0  # the pot is split: its indivisible chip stays for the next deal (see divide)
    amounts[first] += remainder
    for name in moved:
        amounts[first] += amounts.pop(name)
    note = (f"nobody has the {', '.join(map(plain, moved))}: {'that share goes' if len(moved) == 1 else 'those go'} "
            f"to {plain(first)}") if moved else None
    if not winners[first]:
        return (_share(game, "split", pot.amount, eligible, hands, seat_order,
                       note=f"nobody has a qualifying {plain(first)}: split equally among the players at showdown"),)
    split_chip = remainder if len(moved) < len(game.shares) - 1 else 0
    return tuple(_with_split_chip(_share(game, name, amount, winners[name], hands, seat_order, name,
                                         note=note if name == first else None), split_chip if name == first else 0)
                 for name, amount in amounts.items())


def _two_of_three(game: Variant, pot: Pot, hands: Hands, seat_order: Sequence[str]) -> tuple[tuple[Share, ...], int]:
    """Two Thirds: a player must win at least two of the three parts; if nobody does, the pot carries over."""
    eligible = list(pot.eligible)
    parts = [name for name, _ in game.shares[:3]]
    won = {p: [name for name in parts if p in _best(game.hand(name), eligible, hands)] for p in eligible}
    winners = [p for p in eligible if len(won[p]) >= 2]
    if not winners:
        return (), pot.amount
    return (_share(game, "two-of-three", pot.amount, winners, hands, seat_order, parts[0],
                   note="; ".join(f"{p} wins {' and '.join(map(plain, won[p]))}" for p in winners)),), 0


def _beat_the_boot(game: Variant, pot: Pot, hands: Hands, seat_order: Sequence[str],
                   boot: Sequence[int]) -> tuple[tuple[Share, ...], int]:
    """Riding Ramone: the lowest hand wins only if its highest three cards also beat the boot; else it carries."""
    from evaluator.rankings.special.ramone import beats_the_boot

    spec = game.hands[0]
    winners = _best(spec, list(pot.eligible), hands)
    if winners and beats_the_boot(hands[winners[0]][spec.name].cards, boot, courts_zero=game.boot_courts_zero):
        return (_share(game, spec.name, pot.amount, winners, hands, seat_order, spec.name,
                       note="the lowest hand beats Ramone"),), 0
    return (), pot.amount


def _guts(game: Variant, pot: Pot, hands: Hands, seat_order: Sequence[str]) -> PotResult:
    """Guts: the best "in" hand takes the pot and every other "in" player owes a match of it to the next pot (or,
    in the other version, only the worst hand pays, double). Players who stayed out are sent as folded."""
    spec = game.hands[0]
    eligible = list(pot.eligible)
    if len(eligible) == 1 and game.lone_dealer_needs and eligible[0] == seat_order[-1]:
        played = hands[eligible[0]][spec.name]
        needed = HighQualifier(game.lone_dealer_needs)
        if played.score is None or not needed.passes(spec.ranking, spec.ranking.key(played.score)):
            return PotResult(amount=pot.amount, eligible=pot.eligible, shares=(), carried_over=pot.amount)
    winners = _best(spec, eligible, hands)
    share = _share(game, spec.name, pot.amount, winners, hands, seat_order, spec.name)
    losers = [p for p in eligible if p not in winners]
    if game.guts_penalty == "worst-pays-double" and losers:
        worst = min(hands[p][spec.name].score or -1 for p in losers)
        owes = tuple((p, 2 * pot.amount) for p in losers if (hands[p][spec.name].score or -1) == worst)
    else:
        owes = tuple((p, pot.amount) for p in losers)
    owes = tuple((p, chips) for p, chips in owes if chips)
    note = ("; ".join(f"{p} owes {chips} to the next pot" for p, chips in owes)) or None
    return PotResult(amount=pot.amount, eligible=pot.eligible, shares=(replace(share, note=note),), owes=owes)


def divide(game: Variant, pot: Pot, hands: Hands, seat_order: Sequence[str],
           declared: Mapping[str, str | None] | None = None, events: Mapping[str, object] | None = None
           ) -> PotResult:
    """Every share of one pot among its eligible players."""
    eligible = list(pot.eligible)
    if not eligible:
        return PotResult(amount=pot.amount, eligible=pot.eligible, shares=())
    if game.division == "guts":
        return _guts(game, pot, hands, seat_order)
    if len(eligible) == 1:
        only = game.hands[0].name
        return PotResult(amount=pot.amount, eligible=pot.eligible, shares=(
            _share(game, only, pot.amount, eligible, hands, seat_order, only, note=UNCONTESTED),))
    natural = game.natural_beats_wild
    if game.division == "beat-the-boot":
        boot = (events or {}).get("boot", ())
        parts, carried = _beat_the_boot(game, pot, hands, seat_order, boot)  # type: ignore[arg-type]
        return PotResult(amount=pot.amount, eligible=pot.eligible, shares=parts, carried_over=carried)
    if game.division == "two-of-three":
        parts, carried = _two_of_three(game, pot, hands, seat_order)
        return PotResult(amount=pot.amount, eligible=pot.eligible, shares=parts, carried_over=carried)
    if game.division == "shares":
        shares = _weighted(game, pot, hands, seat_order)
        staying = pot.amount - sum(s.amount for s in shares)
        if staying:
            return PotResult(amount=pot.amount, eligible=pot.eligible, shares=shares, carried_over=staying)
    elif game.division == "declare":
        shares = _declared(game, pot, hands, seat_order, declared or {})
    elif game.division == "high-low":
        high_spec, low_spec = (game.hand(n) for n in game.split_hands)
        high, low = _best(high_spec, eligible, hands, natural), _best(low_spec, eligible, hands, natural)
        shares = _two_ways(game, pot, high, low, hands, seat_order, eligible)
    else:
        spec = game.hands[0]
        winners = _best(spec, eligible, hands, natural)
        if winners:
            shares = (_share(game, spec.name, pot.amount, winners, hands, seat_order, spec.name),)
        else:
            shares = (_share(game, "split", pot.amount, eligible, hands, seat_order,
                             note="no player has a qualifying hand: split equally among the players at showdown"),)
    return PotResult(amount=pot.amount, eligible=pot.eligible, shares=shares)
