"""Pot division (reference 2.4): who wins each share of one pot, and every chip of it. Each division is a record
with a ``divide`` hook (:class:`Division`):

- :class:`High` (P-HIGH): the best hand wins; equal hands split.
- :class:`HighLow` (P-HL, cards speak): the pot splits between the best high and the best qualifying low (by default
  in halves, the odd chip to high; a variant may set another ratio, e.g. No Peek High-Low's 75/25); with no
  qualifying low, high scoops; with a high qualifier, the side that qualifies scoops, and if neither does the pot is
  split equally among the players at showdown.
- :class:`Declare` (P-DECL): the same two shares, each contested only by the players who declared that way (or
  both). A half that nobody eligible declared goes the other way. A ``both`` declarer must win both ways, else he is
  removed and the halves are re-awarded without him; ``both_tie`` says whether a tie is enough (``tie_ok``) or loses
  (``tie_loses``), and a tie with the best hand possible may be allowed anyway (Doogie).
- :class:`Shares`, :class:`TwoOfThree`, :class:`BeatTheBoot`, :class:`Guts`: the special splits.

Odd chips follow the variant's rule: the first winner clockwise from the button, or in stud games the winner whose
hand has the highest card by suit; no player receives more than one odd chip of a share.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import ClassVar, Literal

from evaluator.hands.spec import HandSpec
from evaluator.mechanisms.base import GroupBests, Mechanism, MutableHands, PotTable, Rules, Table
from evaluator.rankings import HighQualifier
from evaluator.rankings.special.ramone import beats_the_boot
from evaluator.results import Hands, PlayedHand, PotResult
from evaluator.results.wording import plain
from evaluator.values.deal import Deal, Seat
from evaluator.values.frozen import replaced
from evaluator.values.pots import OddChip, Pot, Share, split_chips

__all__ = ["SPLIT_ODD_CHIP", "UNCONTESTED", "BeatTheBoot", "BothTie", "Declare", "Division", "Guts", "GutsPenalty",
           "High", "HighLow", "Shares", "TwoOfThree"]

#: The note of a share won by the only player eligible for its pot: nobody contested it, no hand was needed.
UNCONTESTED = "uncontested"
#: How the reason of an odd chip begins when it is the pot's own, given to one share by the split rule (the high
#: half of 101 is 51), as opposed to a share's remainder among its tied winners.
SPLIT_ODD_CHIP = "the odd chip of splitting the pot between its shares"

BothTie = Literal["tie_ok", "tie_loses"]
GutsPenalty = Literal["match", "worst-pays-double"]


class Division(Mechanism):
    """How one pot is divided among its eligible players. ``kind`` names the division in the variant's document."""

    kind: ClassVar[str]
    #: The division judges a lone player's hand too (Guts: a lone dealer must qualify).
    judges_lone_hand: ClassVar[bool] = False
    #: Which unknown card falls where, not only which cards fall, can change the division (a breaker card, a
    #: claimed hand): an equity enumerates the unknown cards one place at a time.
    order_matters: ClassVar[bool] = False

    def ranks_alone(self, hands: Sequence[str]) -> bool:
        """Whether the pot goes by the ranks of a game's hands (named, in the game's order) alone, as
        :class:`High`'s one hand or :class:`HighLow`'s high and low: no declaration, claim, breaker card or other
        fact of the deal decides a chip. The lean paths for plain games (``engine/plain_showdown.py``, the equity's
        vectorised path) take only such games."""
        return False

    @property
    def document_kind(self) -> str:
        """The kind the variant's document shows (a wrapping rule shows its inner division's)."""
        return self.kind

    def explain(self) -> str:
        """The division in words, for the variant's document."""
        raise NotImplementedError

    def shown_hand(self, pot: PotResult, share: str, winner: str) -> str:
        """The name of the hand ``winner`` won ``share`` of ``pot`` with: the share's own."""
        return share

    def divide_pots(self, pots: Sequence[Pot], hands: Hands, table: PotTable) -> list[PotResult]:
        """Every pot divided, in order."""
        return [self.divide(pot, hands, table) for pot in pots]

    def divide(self, pot: Pot, hands: Hands, table: PotTable) -> PotResult:
        """Every share of one pot among its eligible players."""
        eligible = list(pot.eligible)
        if not eligible:
            return PotResult(amount=pot.amount, eligible=pot.eligible, shares=())
        if len(eligible) == 1 and not self.judges_lone_hand:
            only = table.hands[0].name
            return PotResult(amount=pot.amount, eligible=pot.eligible, shares=(
                _share(table, only, pot.amount, eligible, hands, only, note=UNCONTESTED),))
        return self.contested(pot, hands, table)

    def contested(self, pot: Pot, hands: Hands, table: PotTable) -> PotResult:
        """The pot's shares when more than one player is eligible for it."""
        raise NotImplementedError


@dataclass(frozen=True, kw_only=True)
class High(Division):
    """P-HIGH: the best hand wins; equal hands split."""

    kind: ClassVar[str] = "high"

    def explain(self) -> str:
        return "P-HIGH: the best hand wins; equal hands split equally."

    def ranks_alone(self, hands: Sequence[str]) -> bool:
        return len(hands) == 1

    def contested(self, pot: Pot, hands: Hands, table: PotTable) -> PotResult:
        spec = table.hands[0]
        winners = _best(spec, pot.eligible, hands, table.natural_first)
        if winners:
            shares = (_share(table, spec.name, pot.amount, winners, hands, spec.name),)
        else:
            shares = (_share(table, "split", pot.amount, list(pot.eligible), hands,
                             note="no player has a qualifying hand: split equally among the players at showdown"),)
        return PotResult(pot.amount, pot.eligible, shares)


@dataclass(frozen=True, kw_only=True)
class HighLow(Division):
    """P-HL (cards speak): the pot split between two hands (``split_hands``) in ``split_ratio``."""

    kind: ClassVar[str] = "high-low"
    #: The two hands the pot is divided between, and in what ratio (high, low).
    split_hands: tuple[str, str] = ("high", "low")
    split_ratio: tuple[int, int] = (1, 1)

    def explain(self) -> str:
        return ("P-HL (cards speak): half to the best high, half to the best qualifying low (the odd chip to "
                "high); with no qualifying low, high scoops; a tie inside a half splits that half. With a high "
                "qualifier: if only one side qualifies it takes the whole pot; if neither does, the pot is split "
                "equally among the players at showdown." + self._ratio_text())

    def ranks_alone(self, hands: Sequence[str]) -> bool:
        return tuple(hands) == self.split_hands

    def _ratio_text(self) -> str:
        if self.split_ratio == (1, 1):
            return ""
        high, low = self.split_ratio
        return f" The pot splits {high}:{low} between {self.split_hands[0]} and {self.split_hands[1]}."

    def contested(self, pot: Pot, hands: Hands, table: PotTable) -> PotResult:
        eligible = pot.eligible
        high_spec, low_spec = _two_hands(table, self.split_hands)
        high = _best(high_spec, eligible, hands, table.natural_first)
        low = _best(low_spec, eligible, hands, table.natural_first)
        return PotResult(pot.amount, eligible, self._two_ways(pot, high, low, hands, table, eligible))

    def _two_ways(self, pot: Pot, high: list[str], low: list[str], hands: Hands, table: PotTable,
                  everyone: Sequence[str], note: str | None = None) -> tuple[Share, ...]:
        """The two shares of a split pot once each side's winners are known (either may be empty)."""
        high_name, low_name = self.split_hands
        if high and low:
            high_part, low_part = self.split_ratio
            low_amount = pot.amount * low_part // (high_part + low_part)
            odd = pot.amount - low_amount - pot.amount * high_part // (high_part + low_part)
            return (_with_split_chip(_share(table, high_name, pot.amount - low_amount, high, hands, high_name,
                                            note=note), odd),
                    _share(table, low_name, low_amount, low, hands, low_name, note=note))
        if high:
            return (_share(table, high_name, pot.amount, high, hands, high_name,
                           note=note or f"no qualifying {plain(low_name)}: {plain(high_name)} takes the whole pot"),)
        if low:
            return (_share(table, low_name, pot.amount, low, hands, low_name,
                           note=note or f"no qualifying {plain(high_name)}: {plain(low_name)} takes the whole pot"),)
        return (_share(table, "split", pot.amount, list(everyone), hands,
                       note=(f"{note}; " if note else "") + "no side qualifies: split equally among the players at "
                       "showdown"),)



@dataclass(frozen=True, kw_only=True)
class Declare(HighLow):
    """P-DECL: the two shares of :class:`HighLow`, each contested by the players who declared that way."""

    kind: ClassVar[str] = "declare"
    #: Whether a both-way declarer who ties one way still wins it, and whether a tie with the best hand possible is
    #: allowed anyway (Doogie).
    both_tie: BothTie = "tie_loses"
    best_possible_tie_ok: bool = False
    #: The best possible low (Doogie's perfect doogie) wins the high half too for a player who declared both.
    perfect_low_wins_both: bool = False
    #: A both-way declarer makes both hands from the same board group (Elevator's set, Pyramid's side).
    both_from_one_group: bool = False

    @property
    def reads(self) -> frozenset[str]:
        return frozenset({"declare"})

    def ranks_alone(self, hands: Sequence[str]) -> bool:
        return False  # the declarations decide who contests each half

    def explain(self) -> str:
        text = ("P-DECL: each player still in declares high, low or both; half to the best high among those who "
                "declared high or both, half to the best low among those who declared low or both (the odd chip "
                "to high); a half nobody eligible declared goes the other way; a both-way declarer must win both "
                "ways, otherwise he is removed and the halves are re-awarded without him. Qualifiers still apply."
                + self._ratio_text())
        text += (" A both-way declarer who ties either way still wins that half (tie_ok)." if self.both_tie == "tie_ok"
                 else " A both-way declarer who ties either way loses (tie_loses)")
        if self.best_possible_tie_ok:
            text += ", unless he ties with the best hand possible"
        text += "." if self.both_tie != "tie_ok" else ""
        if self.perfect_low_wins_both:
            text += " The best possible low wins the high half too for a player who declared both."
        return text

    def adjust(self, game: Rules, deal: Deal, hands: MutableHands, table: Table) -> None:
        """With ``both_from_one_group``, a both-way declarer plays his high and low from one board group: the first
        group (in the layout's order) with which he wins both ways against everyone's best hands, or, if none does,
        the one with his best high (then low). A hand the search found in that very group is that group's hand, as
        searching the group alone spells it out (the same best combination: ties are broken by the cards): it stays
        where no mechanism before this one may have changed the hands; and so does, named for that group, a hand the
        search found in another where its combination is that group's best too (``GroupBests.is_searched``)."""
        if not self.both_from_one_group:
            return
        kinds, (high, low) = game.hands, self.split_hands
        specs = list(kinds) if len(kinds) == 2 and kinds[0].name == high and kinds[1].name == low else [
            next(h for h in kinds if h.name == n) for n in self.split_hands]
        groups = specs[0].formation.groups
        live = table.live
        both = [s for s in live if s.declare == "both"]
        if not groups or not both:
            return
        found = table.group_bests(specs, both, groups)
        if found is None:  # the search cannot split these hands by group: search each group in turn
            declared: dict[str, str | None] = {s.id: s.declare for s in live}
            everyone = [s.id for s in live]
            for seat in both:
                options = self.searched_by_group(specs, seat, table)
                chosen = self.chosen_group(specs, seat.id, options, everyone, hands, declared)
                hands[seat.id].update(options[chosen])
            return
        # where each hand of the search is one of a group's: searched with these very groups, nothing changed since
        sees = self.sees_searched_hands(game)
        searched = [sees and spec.formation.groups == groups for spec in specs]
        # who contests each way, by id, and his qualifying score that way (None: none), kept as his hands change
        rivals: tuple[dict[str, int | None], dict[str, int | None]] = ({}, {})
        for s in live:
            way, mine = s.declare, hands[s.id]
            if way == "high" or way == "both":
                rivals[0][s.id] = _qualifying_score(mine[specs[0].name])
            if way == "low" or way == "both":
                rivals[1][s.id] = _qualifying_score(mine[specs[1].name])
        for k, seat in enumerate(both):
            bests = [f[k] for f in found]
            chosen = self.group_by_scores(specs, seat.id, bests, rivals)
            mine, name = hands[seat.id], groups[chosen].name
            for j, (spec, b) in enumerate(zip(specs, bests, strict=True)):
                kept = mine[spec.name]
                if not (searched[j] and kept.score is not None and kept.score == b.scores[chosen]):
                    mine[spec.name] = b.played(chosen)
                elif kept.group != name:  # the same combination, legal in his group too: that group's hand
                    mine[spec.name] = replaced(kept, group=name) if b.is_searched(chosen) else b.played(chosen)
            for contenders, spec in zip(rivals, specs, strict=True):  # (a both-way declarer contests both ways)
                contenders[seat.id] = _qualifying_score(mine[spec.name])

    def sees_searched_hands(self, game: Rules) -> bool:
        """Whether the hands :meth:`adjust` is given are the search's own: no mechanism whose ``adjust`` runs before
        this one's (the game's pipeline) changes hands."""
        for mechanism in game.pipeline:
            if mechanism is self:
                return True
            if type(mechanism).adjust is not Mechanism.adjust:
                return False
        return False

    def searched_by_group(self, specs: Sequence[HandSpec], seat: Seat, table: Table) -> list[dict[str, PlayedHand]]:
        """A both-way declarer's two hands within each group of the first hand's formation, each group searched on
        its own: what :meth:`Table.group_bests` finds in one search."""
        options: list[dict[str, PlayedHand]] = []
        for group in specs[0].formation.groups:
            one = [replace(spec, formation=replace(spec.formation, groups=(group,))) for spec in specs]
            options.append({spec.name: table.best_hand(spec, seat) for spec in one})
        return options

    def chosen_group(self, specs: Sequence[HandSpec], player: str, options: Sequence[Mapping[str, PlayedHand]],
                     contenders: Sequence[str], hands: Hands, declared: Mapping[str, str | None]) -> int:
        """Of a both-way declarer's hands in each group (their scores and whether they qualify), the group he
        plays: the first with which he wins both ways against these contenders' hands, else the first with his best
        high, then low."""
        for g, option in enumerate(options):
            if self.wins_both(specs, player, contenders, {**hands, player: {**hands[player], **option}}, declared):
                return g
        return max(range(len(options)), key=lambda g: [-1 if (score := options[g][s.name].score) is None else score
                                                       for s in specs])

    def group_by_scores(self, specs: Sequence[HandSpec], player: str, bests: Sequence[GroupBests],
                        rivals: Sequence[Mapping[str, int | None]]) -> int:
        """:meth:`chosen_group` for groups known by their scores alone (``bests``: the player's best high and low
        within each group), read against the best qualifying score each way of the other contenders who declared it
        (``rivals``: for each way, the contenders who contest it, by id, and their qualifying scores that way, None
        where one has none), found once for every group; in the same pass over the groups, his best high (then
        low) for the case that he wins both ways in none."""
        (high_spec, low_spec), (high, low) = specs, bests
        high_top = _rivals_top(player, rivals[0])
        low_top = _rivals_top(player, rivals[1])
        tie = self.both_tie == "tie_ok"
        high_best = high_spec.ranking.best_natural_score if self.best_possible_tie_ok else None
        low_best = low_spec.ranking.best_natural_score if self.best_possible_tie_ok else None
        chosen, top = 0, (-2, -2)
        for g, (h, hq, lo, lq) in enumerate(zip(high.scores, high.qualifies, low.scores, low.qualifies,
                                                strict=True)):
            # he wins both ways here (:meth:`_wins`, by the scores): the first such group is his
            if h is not None and hq and (high_top is None or h > high_top or (h == high_top and (
                    tie or h == high_best))) and lo is not None and lq and (low_top is None or lo > low_top or (
                    lo == low_top and (tie or lo == low_best))):
                return g
            key = (-1 if h is None else h, -1 if lo is None else lo)
            if key > top:
                chosen, top = g, key
        return chosen

    def contested(self, pot: Pot, hands: Hands, table: PotTable) -> PotResult:
        """The two halves among the contenders, a both-way declarer who does not win both removed and the halves
        re-awarded without him until every one left wins both. Each contender's hands are read once: his
        qualifying score each way he declared (:func:`_contests`), and each round finds the best of each way."""
        high_spec, low_spec = _two_hands(table, self.split_hands)
        contenders = _contests(pot.eligible, table.declared, hands, high_spec.name, low_spec.name)
        removed: list[str] = []
        while True:
            high, low = _tops(contenders, high=True), _tops(contenders, high=False)
            if self.perfect_low_wins_both:
                perfect = [p for p in low if table.declared.get(p) == "both" and _is_best_possible(p, low_spec, hands)]
                if perfect:
                    high = perfect
            failed = [p for p, both, _, _ in contenders if both and not (p in high and p in low and self._wins(
                p, high, high_spec, hands) and self._wins(p, low, low_spec, hands))]
            if not failed:
                break
            removed += failed
            contenders = [row for row in contenders if row[0] not in failed]
        return self.awarded(pot, high, low, hands, table, [row[0] for row in contenders], removed)

    def awarded(self, pot: Pot, high: list[str], low: list[str], hands: Hands, table: PotTable,
                contenders: Sequence[str], removed: Sequence[str]) -> PotResult:
        """The pot once each way's winners among the contenders left are known (``removed``: the both-way declarers
        removed on the way, in order)."""
        note = None
        if removed:
            note = f"{', '.join(removed)} declared both ways and did not win both: removed, halves re-awarded"
        if not contenders:
            shares: tuple[Share, ...] = (_share(table, "split", pot.amount, list(pot.eligible), hands, note=(
                note or "") + "; nobody is left: split equally among the players at showdown"),)
        else:
            shares = self._two_ways(pot, high, low, hands, table, contenders, note=note)
        return PotResult(amount=pot.amount, eligible=pot.eligible, shares=shares)

    def wins_both(self, specs: Sequence[HandSpec], player: str, contenders: Sequence[str], hands: Hands,
                  declared: Mapping[str, str | None]) -> bool:
        """Whether a both-way declarer wins both ways against these contenders, ties as the rules allow."""
        high_spec, low_spec = specs
        high = _best(high_spec, [p for p in contenders if declared.get(p) in ("high", "both")], hands)
        low = _best(low_spec, [p for p in contenders if declared.get(p) in ("low", "both")], hands)
        return self._wins(player, high, high_spec, hands) and self._wins(player, low, low_spec, hands)

    def _wins(self, player: str, winners: Sequence[str], spec: HandSpec, hands: Hands) -> bool:
        """Whether a both-way declarer wins this way: alone, or tied where a tie is enough."""
        if player not in winners:
            return False
        if len(winners) == 1 or self.both_tie == "tie_ok":
            return True
        return self.best_possible_tie_ok and _is_best_possible(player, spec, hands)


@dataclass(frozen=True, kw_only=True)
class Shares(Division):
    """Each (hand, weight) share of the pot; a share nobody wins goes to the first one, which also gets the
    indivisible chips."""

    kind: ClassVar[str] = "shares"
    shares: tuple[tuple[str, int], ...]
    #: One player winning every one of these shares takes the whole pot (Motown).
    whole_pot_if_one_wins: tuple[str, ...] = ()
    #: Indivisible chips stay in the pot for the next deal instead of going to a winner (Tic Tac Toe with choice).
    odd_chips_stay: bool = False

    def explain(self) -> str:
        total = sum(w for _, w in self.shares)
        text = ("The pot is shared by weight between the hands listed in `shares`; a share nobody wins goes to the "
                "first (the high hand), which also gets the indivisible chips.")
        if self.shares:
            text += " Shares: " + ", ".join(f"{name} {w}/{total}" for name, w in self.shares) + "."
        if self.whole_pot_if_one_wins:
            text += f" One player winning all of {', '.join(self.whole_pot_if_one_wins)} takes the whole pot."
        return text

    def contested(self, pot: Pot, hands: Hands, table: PotTable) -> PotResult:
        shares = self._weighted(pot, hands, table)
        staying = pot.amount - sum(s.amount for s in shares)
        return PotResult(amount=pot.amount, eligible=pot.eligible, shares=shares, carried_over=staying)

    def _weighted(self, pot: Pot, hands: Hands, table: PotTable) -> tuple[Share, ...]:
        """Each share by weight; unwon shares and indivisible chips go to the first share."""
        eligible = list(pot.eligible)
        keep = self.odd_chips_stay
        total = sum(w for _, w in self.shares)
        winners = {name: _best(table.hand(name), eligible, hands) for name, _ in self.shares}
        if self.whole_pot_if_one_wins:
            sole = {tuple(winners[n]) for n in self.whole_pot_if_one_wins}
            if len(sole) == 1 and len(next(iter(sole))) == 1 and next(iter(sole))[0]:
                holder = list(next(iter(sole)))
                return (_share(table, "whole-pot", pot.amount, holder, hands, keep_odd=keep,
                               note=f"{holder[0]} wins every one of {', '.join(self.whole_pot_if_one_wins)}: the "
                               "whole pot"),)
        amounts = {name: pot.amount * w // total for name, w in self.shares}
        first = self.shares[0][0]
        remainder = pot.amount - sum(amounts.values())
        moved = [name for name, _ in self.shares[1:] if not winners[name]]
        if keep and len(moved) < len(self.shares) - 1:
            remainder = 0  # the pot is split: its indivisible chip stays for the next deal
        amounts[first] += remainder
        for name in moved:
            amounts[first] += amounts.pop(name)
        note = (f"nobody has the {', '.join(map(plain, moved))}: {'that share goes' if len(moved) == 1 else 'those go'}"
                f" to {plain(first)}") if moved else None
        if not winners[first]:
            return (_share(table, "split", pot.amount, eligible, hands, keep_odd=keep,
                           note=f"nobody has a qualifying {plain(first)}: split equally among the players at "
                           "showdown"),)
        split_chip = remainder if len(moved) < len(self.shares) - 1 else 0
        return tuple(_with_split_chip(_share(table, name, amount, winners[name], hands, name, keep_odd=keep,
                                             note=note if name == first else None),
                                      split_chip if name == first else 0)
                     for name, amount in amounts.items())


@dataclass(frozen=True, kw_only=True)
class TwoOfThree(Division):
    """Two Thirds: a player must win at least two of the three parts; if nobody does, the pot carries over."""

    kind: ClassVar[str] = "two-of-three"
    parts: tuple[str, str, str]

    def explain(self) -> str:
        return ("A player must win two of the three parts (the best hand and the two spade shares) to win the "
                "pot; if nobody does, the whole pot carries over to the next deal.")

    def contested(self, pot: Pot, hands: Hands, table: PotTable) -> PotResult:
        eligible = list(pot.eligible)
        best = {name: _best(table.hand(name), eligible, hands) for name in self.parts}  # each part's winners
        won = {p: [name for name in self.parts if p in best[name]] for p in eligible}
        winners = [p for p in eligible if len(won[p]) >= 2]
        if not winners:
            return PotResult(amount=pot.amount, eligible=pot.eligible, shares=(), carried_over=pot.amount)
        return PotResult(amount=pot.amount, eligible=pot.eligible, shares=(
            _share(table, "two-of-three", pot.amount, winners, hands, self.parts[0],
                   note="; ".join(f"{p} wins {' and '.join(map(plain, won[p]))}" for p in winners)),))


@dataclass(frozen=True, kw_only=True)
class BeatTheBoot(Division):
    """Riding Ramone: the lowest hand wins only if its highest three cards also beat the boot (``events.boot``),
    courts counting zero where ``courts_zero`` is set; else it carries."""

    kind: ClassVar[str] = "beat-the-boot"
    courts_zero: bool = False

    def explain(self) -> str:
        return ("The lowest hand wins only if its highest three cards also beat the three boot cards "
                "(events.boot; the boot wins ties, and any pair loses to three unpaired cards); otherwise nobody "
                "wins and the whole pot carries over to the next deal.")

    def contested(self, pot: Pot, hands: Hands, table: PotTable) -> PotResult:
        spec = table.hands[0]
        boot: Sequence[int] = table.events.get("boot", ())  # type: ignore[assignment]
        winners = _best(spec, list(pot.eligible), hands)
        if winners and beats_the_boot(hands[winners[0]][spec.name].cards, boot, courts_zero=self.courts_zero):
            return PotResult(amount=pot.amount, eligible=pot.eligible, shares=(
                _share(table, spec.name, pot.amount, winners, hands, spec.name, note="the lowest hand beats Ramone"),))
        return PotResult(amount=pot.amount, eligible=pot.eligible, shares=(), carried_over=pot.amount)


@dataclass(frozen=True, kw_only=True)
class Guts(Division):
    """Guts: the best "in" hand takes the pot and every other "in" player owes a match of it to the next pot (or,
    with ``penalty`` ``worst-pays-double``, only the worst hand pays, double). Players who stayed out are sent as
    folded. A lone "in" dealer (the last seat) whose hand is of a ranking named in ``lone_dealer_needs`` needs at
    least its category to take the pot (three-card guts: ``(("GUTS3", "pair"),)``)."""

    kind: ClassVar[str] = "guts"
    judges_lone_hand: ClassVar[bool] = True
    penalty: GutsPenalty = "match"
    lone_dealer_needs: tuple[tuple[str, str], ...] = ()

    def explain(self) -> str:
        return ("The best hand among the players who stayed in takes the pot; every other player still in owes a "
                "match of the pot to the next pot (`owes`), or, in the other version, only the worst hand pays, "
                "double. Players who stayed out are sent as folded.")

    def contested(self, pot: Pot, hands: Hands, table: PotTable) -> PotResult:
        spec = table.hands[0]
        eligible = list(pot.eligible)
        least = dict(self.lone_dealer_needs).get(spec.ranking.name)
        if len(eligible) == 1 and least and eligible[0] == table.seat_order[-1]:
            played = hands[eligible[0]][spec.name]
            needed = HighQualifier(least)
            if played.score is None or not needed.passes(spec.ranking, spec.ranking.key(played.score)):
                return PotResult(amount=pot.amount, eligible=pot.eligible, shares=(), carried_over=pot.amount)
        winners = _best(spec, eligible, hands)
        share = _share(table, spec.name, pot.amount, winners, hands, spec.name)
        losers = [p for p in eligible if p not in winners]
        if self.penalty == "worst-pays-double" and losers:
            worst = min(hands[p][spec.name].score or -1 for p in losers)
            owes = tuple((p, 2 * pot.amount) for p in losers if (hands[p][spec.name].score or -1) == worst)
        else:
            owes = tuple((p, pot.amount) for p in losers)
        owes = tuple((p, chips) for p, chips in owes if chips)
        note = ("; ".join(f"{p} owes {chips} to the next pot" for p, chips in owes)) or None
        return PotResult(amount=pot.amount, eligible=pot.eligible, shares=(replaced(share, note=note),), owes=owes)


def _odd_order(table: PotTable, winners: Sequence[str], share: str, hands: Hands) -> tuple[list[str], str]:
    if table.odd_chip == "high-card-by-suit":
        def top(player: str) -> int:
            return max(hands[player][share].cards, default=-1)
        return (sorted(winners, key=top, reverse=True),
                "to the hand with the highest card by suit (spades, hearts, diamonds, clubs)")
    return [p for p in table.seat_order if p in winners], "to the first winner clockwise from the button"


def _best(spec: HandSpec, eligible: Sequence[str], hands: Hands, natural_first: bool = False) -> list[str]:
    """The eligible players with the best qualifying hand of this kind (a natural hand ahead of the same hand
    made with wild cards where the variant says so)."""
    name = spec.name
    if natural_first:
        ranked = [((played.score, played.natural), p) for p in eligible
                  if (played := hands[p][name]).score is not None and played.qualifies]
        top = max(s for s, _ in ranked) if ranked else None
        return [p for s, p in ranked if s == top]
    # one pass (the hot path: every showdown's every hand); ``best`` counts once there are winners
    best = 0
    winners: list[str] = []
    for p in eligible:
        played = hands[p][name]
        score = played.score
        if score is None or not played.qualifies:
            continue
        if not winners or score > best:
            best, winners = score, [p]
        elif score == best:
            winners.append(p)
    return winners


#: One contender of a declaration pot: his id, whether he declared both ways, and his qualifying score high and low
#: where he declared that way (None: he did not, or has none).
_Contest = tuple[str, bool, int | None, int | None]


def _contests(eligible: Sequence[str], declared: Mapping[str, str | None], hands: Hands, high: str, low: str
              ) -> list[_Contest]:
    """Each eligible player as a :data:`_Contest`, in order, his hands read only the ways he declared."""
    rows: list[_Contest] = []
    for p in eligible:
        way = declared.get(p)
        both = way == "both"
        mine = hands[p] if both or way == "high" or way == "low" else None
        high_score = low_score = None
        if mine is not None and (both or way == "high"):
            high_score = _qualifying_score(mine[high])
        if mine is not None and (both or way == "low"):
            low_score = _qualifying_score(mine[low])
        rows.append((p, both, high_score, low_score))
    return rows


def _tops(contests: Sequence[_Contest], high: bool) -> list[str]:
    """The contenders with the best qualifying score high (else low) of their :data:`_Contest`: what :func:`_best`
    finds among those who declared that way."""
    best = 0
    winners: list[str] = []
    for row in contests:
        score = row[2] if high else row[3]
        if score is None:
            continue
        if not winners or score > best:
            best, winners = score, [row[0]]
        elif score == best:
            winners.append(row[0])
    return winners


def _two_hands(table: PotTable, names: tuple[str, str]) -> tuple[HandSpec, HandSpec]:
    """The table's hands of these two names, in this order (most games' only two hands, in this order)."""
    specs = table.hands
    if len(specs) == 2 and (specs[0].name, specs[1].name) == names:
        return specs[0], specs[1]
    return table.hand(names[0]), table.hand(names[1])


def _share(table: PotTable, name: str, amount: int, winners: list[str], hands: Hands, hand_name: str | None = None,
           note: str | None = None, keep_odd: bool = False) -> Share:
    if len(winners) == 1 and winners[0] in table.seat_order:  # one winner (most shares): every chip is his
        return Share(name, amount, tuple(winners), ((winners[0], amount),), (), note)
    if hand_name is None:
        order, reason = [p for p in table.seat_order if p in winners], "to the first player clockwise from the button"
    else:
        order, reason = _odd_order(table, winners, hand_name, hands)
    if keep_odd:  # each winner gets his equal part; the indivisible chips stay for the next deal
        amount -= amount % max(len(order), 1)
    paid, odd = split_chips(amount, order, order, reason)
    return Share(name, amount, tuple(order), paid, odd, note)


def _with_split_chip(share: Share, chips: int) -> Share:
    """The share that received the indivisible chips of splitting the pot between shares (the high half, by rule),
    with them listed among its odd chips: given to its winner, or, among several, as its own split gives them."""
    if not chips or len(share.winners) != 1:
        return share
    reason = f"{SPLIT_ODD_CHIP} goes to {plain(share.name)}, by rule"
    return replaced(share, odd_chips=(OddChip(share.winners[0], chips, reason), *share.odd_chips))


def _is_best_possible(player: str, spec: HandSpec, hands: Hands) -> bool:
    """Whether the player's hand of this kind is the best hand the ranking has (natural cards only)."""
    played = hands[player][spec.name]
    return played.score is not None and played.score == spec.ranking.best_natural_score


def _qualifying_score(played: PlayedHand) -> int | None:
    """The hand's score where it qualifies (None: no hand, or one that does not qualify)."""
    return played.score if played.qualifies else None


def _rivals_top(player: str, rivals: Mapping[str, int | None]) -> int | None:
    """The best of these contenders' qualifying scores (by id; None: none) but ``player``'s (None: nobody else has
    one)."""
    top: int | None = None
    for p, score in rivals.items():
        if score is not None and p != player and (top is None or score > top):
            top = score
    return top
