"""Which cards are wild, as data (reference 2.3 and the wild entries).

A rule answers one question: given the deal, which of the cards a player may use are wild *for him*? Fixed ranks
(deuces; 3s and 9s), jokers (in the hole the holder's, on the board everyone's), specific cards (the K of hearts),
and per-player rules that read the player's own cards (the rank of his lowest face-down card, the rank of the last
card dealt to him, ranks he holds both face down and face up, face-up or face-down cards of a rank only), or the
deal's events (Follow the Queen, a designator card, the last swapped-in card, stated wild ranks).

Cancelling rules (Joker Twist) apply after the union. Every rule is a frozen record; the catalog composes them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import ClassVar, Final, Literal, Protocol

from evaluator.values.cards import JOKER_BASE, RANK_NAMES, RANK_PLURALS, RANKS, Card, card_of
from evaluator.values.deal import Deal, Seat

__all__ = [
    "CumulativeFollow",
    "DesignatorRank",
    "EventCardRank",
    "EventRanks",
    "FixedRanks",
    "FollowTheQueen",
    "GroupPositionRank",
    "HighestOddHoleRank",
    "Jokers",
    "LastDealtRank",
    "LowestHoleRank",
    "MatchedDownUpRanks",
    "PersonalRank",
    "PositionCard",
    "QueensAndKings",
    "SpecificCards",
    "SuitOfFirstUp",
    "WildReason",
    "WildRule",
    "jokers_twist",
    "suit_card_of_first_up",
    "wild_cards_for",
]


def suit_card_of_first_up(deal: Deal, rank: int) -> Card | None:
    """The card of ``rank`` in the suit of the first face-up card of the deal (``events.up_order``), if any."""
    for card in deal.events.get("up_order", ()):  # the first that is no joker
        if card < JOKER_BASE:
            return card_of(rank * 4 + (card & 3))
    return None


#: What one rule makes wild in one deal, in words: the ranks wild for everyone (none for a rule that depends on the
#: player) and the sentence that says so and why ("Sixes are wild: the card after the last face-up queen").
WildReason = tuple[tuple[int, ...], str]


def are_wild(ranks: Iterable[int]) -> str:
    """"Sixes are wild", "Threes and nines are wild"."""
    names = [RANK_PLURALS[r] for r in sorted(set(ranks))]
    text = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return text[:1].upper() + text[1:] + " are wild"


class WildRule(Protocol):
    @property
    def description(self) -> str:
        """The rule in words, for the variant's description."""
        ...

    def wild(self, seat: Seat, deal: Deal, usable: Sequence[Card]) -> frozenset[Card]:
        """The cards among ``usable`` (the player's own and the board cards he may use) that are wild for him."""
        ...


#: The ace's rank.
_ACE: Final = 12
#: Each rank's four cards, by rank (a joker has no rank).
_RANK_CARDS: Final = tuple(frozenset(card_of(rank * 4 + suit) for suit in range(4)) for rank in range(len(RANKS)))


def _of_ranks(cards: Iterable[Card], ranks: Iterable[int]) -> frozenset[Card]:
    """The cards among ``cards`` of these ranks: the ranks' cards that are there, found by set lookups."""
    wanted = [_RANK_CARDS[rank] for rank in set(ranks) if 0 <= rank < len(_RANK_CARDS)]
    if not wanted:
        return frozenset()
    return frozenset(frozenset().union(*wanted).intersection(cards))


def _rank_names(ranks: Iterable[int]) -> str:
    return ", ".join(RANKS[r] for r in sorted(set(ranks)))


@dataclass(frozen=True, kw_only=True)
class FixedRanks:
    """Every card of these ranks is wild for everyone (deuces; 3s and 9s; 5s and 10s), optionally only face up
    (Dead Deuce) or only face down (Four Up, Four Down)."""

    ranks: tuple[int, ...]
    only: Literal["any", "face-up", "face-down"] = "any"

    @property
    def description(self) -> str:
        where = {"any": "", "face-up": " dealt face up", "face-down": " dealt face down"}[self.only]
        return f"every {_rank_names(self.ranks)}{where} is wild"

    def because(self, deal: Deal) -> WildReason:
        where = {"any": "", "face-up": " when dealt face up", "face-down": " when dealt face down"}[self.only]
        return self.ranks, are_wild(self.ranks) + where

    def wild(self, seat: Seat, deal: Deal, usable: Sequence[Card]) -> frozenset[Card]:
        if self.only == "any":
            return _of_ranks(usable, self.ranks)
        return _of_ranks(seat.up if self.only == "face-up" else seat.hole, self.ranks) & frozenset(usable)


@dataclass(frozen=True, kw_only=True)
class Jokers:
    """Every joker is fully wild: in the hole for its holder, on the board for everyone."""

    description: str = "every joker is wild (a joker in the hole is its holder's, on the board everyone's)"

    def because(self, deal: Deal) -> WildReason:
        return (), "Jokers are wild (a joker in the hole is its holder's, on the board everyone's)"

    def wild(self, seat: Seat, deal: Deal, usable: Sequence[Card]) -> frozenset[Card]:
        return frozenset([c for c in usable if c >= JOKER_BASE])


@dataclass(frozen=True, kw_only=True)
class SpecificCards:
    """These cards are wild, for whoever may use them (the K of hearts of Suicide Swiss Hold'em)."""

    cards: tuple[Card, ...]

    @property
    def description(self) -> str:
        return " and ".join(str(c) for c in self.cards) + " wild"

    def because(self, deal: Deal) -> WildReason:
        return (), ("The " + " and the ".join(str(c) for c in self.cards)
                    + (" are" if len(self.cards) > 1 else " is") + " wild")

    def wild(self, seat: Seat, deal: Deal, usable: Sequence[Card]) -> frozenset[Card]:
        return frozenset(self.cards) & frozenset(usable)


@dataclass(frozen=True, kw_only=True)
class LowestHoleRank:
    """The rank of the player's lowest face-down card is wild for him, on every card of that rank he may use.
    ``ace`` says whether the ace counts high (the reference's default) or low when finding the lowest card."""

    ace: Literal["high", "low"] = "high"
    whole_rank: bool = True
    #: ``hole``: the lowest face-down card; ``own``: the lowest of all his cards (Babies' Daddy).
    among: Literal["hole", "own"] = "hole"

    @property
    def description(self) -> str:
        scope = "every card of that rank he can use" if self.whole_rank else "that card only"
        which = "face-down card" if self.among == "hole" else "card"
        return f"each player's lowest {which} (ace {self.ace}) is wild for him: {scope}"

    def wild(self, seat: Seat, deal: Deal, usable: Sequence[Card]) -> frozenset[Card]:
        hole = [c for c in (seat.hole if self.among == "hole" else (*seat.hole, *seat.up)) if c < JOKER_BASE]
        if not hole:
            return frozenset()
        # a card's number orders it by rank, then suit; an ace low counts below the deuce
        aces = [c for c in hole if c >> 2 == _ACE] if self.ace == "low" else None
        lowest = min(aces or hole)
        if not self.whole_rank:
            return frozenset({lowest})
        return _RANK_CARDS[lowest >> 2].intersection(usable)  # what _of_ranks finds for the one rank


@dataclass(frozen=True, kw_only=True)
class LastDealtRank:
    """The rank of the last card dealt to the player (his last face-up card) is wild for him alone."""

    description: str = "the rank of the last card dealt to each player is wild for him"

    def wild(self, seat: Seat, deal: Deal, usable: Sequence[Card]) -> frozenset[Card]:
        if not seat.up or seat.up[-1] >= JOKER_BASE:
            return frozenset()
        return _of_ranks([c for c in usable if c in seat.hole or c in seat.up], [seat.up[-1] >> 2])


@dataclass(frozen=True, kw_only=True)
class MatchedDownUpRanks:
    """Every rank the player holds both face down and face up is wild for him (Eddie's Choice)."""

    description: str = "a rank a player holds both face down and face up is wild for him"

    def wild(self, seat: Seat, deal: Deal, usable: Sequence[Card]) -> frozenset[Card]:
        both = {c >> 2 for c in seat.hole if c < JOKER_BASE} & {c >> 2 for c in seat.up if c < JOKER_BASE}
        return _of_ranks([*seat.hole, *seat.up], both)


@dataclass(frozen=True, kw_only=True)
class DesignatorRank:
    """The rank of a designator card that is in nobody's hand (``events.designator``) is wild for everyone."""

    from_play: ClassVar[tuple[str, ...]] = ("designator",)

    description: str = "the rank of the designator card (events.designator) is wild for everyone"

    def because(self, deal: Deal) -> WildReason:
        designator = deal.events.get("designator")
        if not isinstance(designator, Card) or designator.is_joker:
            return (), "No rank is wild: no designator card was given"
        return (designator.rank,), f"{are_wild([designator.rank])}: the designator card is the {designator}"

    def wild(self, seat: Seat, deal: Deal, usable: Sequence[Card]) -> frozenset[Card]:
        designator = deal.events.get("designator")
        if not isinstance(designator, Card) or designator.is_joker:
            return frozenset()
        return _of_ranks(usable, [designator.rank])


@dataclass(frozen=True, kw_only=True)
class EventRanks:
    """Ranks stated in ``events.wild_ranks`` are wild for everyone (Chameleon after its 7s)."""

    description: str = "the ranks listed in events.wild_ranks are wild for everyone"

    def because(self, deal: Deal) -> WildReason:
        ranks = tuple(sorted(set(deal.events.get("wild_ranks", ()))))
        if not ranks:
            return (), "No rank is wild at showdown"
        return ranks, f"{are_wild(ranks)} at showdown, as the play left them"

    def wild(self, seat: Seat, deal: Deal, usable: Sequence[Card]) -> frozenset[Card]:
        return _of_ranks(usable, deal.events.get("wild_ranks", ()))


@dataclass(frozen=True, kw_only=True)
class FollowTheQueen:
    """Follow the Queen: the rank of the face-up card dealt right after the latest face-up queen is wild for
    everyone; a later face-up queen cancels it; with a queen as the last face-up card nothing follows.
    ``queens_wild`` makes the queens themselves wild too (``events.up_order`` lists every face-up card dealt)."""

    #: The events its wild cards come from: with ``events.wild_ranks`` stated instead, not needed.
    from_play: ClassVar[tuple[str, ...]] = ("up_order",)

    queens_wild: bool = False

    @property
    def description(self) -> str:
        return ("the rank of the face-up card after the latest face-up queen is wild"
                + (", and queens are wild" if self.queens_wild else ""))

    def _follow(self, deal: Deal) -> int | None:
        order = [c for c in deal.events.get("up_order", ()) if not c.is_joker]
        follow: int | None = None
        for before, after in pairwise(order):
            if before.rank == 10:
                follow = after.rank if after.rank != 10 else None
        if order and order[-1].rank == 10:
            follow = None
        return follow

    def because(self, deal: Deal) -> WildReason:
        follow = self._follow(deal)
        queens = "; queens are wild too" if self.queens_wild else ""
        ranks = ((follow,) if follow is not None else ()) + ((10,) if self.queens_wild else ())
        if follow is not None:
            return ranks, f"{are_wild([follow])}: the card after the last face-up queen{queens}"
        order = [c for c in deal.events.get("up_order", ()) if not c.is_joker]
        why = ("the last face-up card is a queen" if order and order[-1].rank == 10
               else "no queen was dealt face up")
        return ranks, (f"Only queens are wild: {why}" if self.queens_wild else f"No rank is wild: {why}")

    def wild(self, seat: Seat, deal: Deal, usable: Sequence[Card]) -> frozenset[Card]:
        follow = self._follow(deal)
        ranks = ([follow] if follow is not None else []) + ([10] if self.queens_wild else [])
        return _of_ranks(usable, ranks)


@dataclass(frozen=True, kw_only=True)
class CumulativeFollow:
    """Sex in the Middle East: ``base`` ranks are wild, and every time a face-up card of a base rank is dealt, the
    rank of the next face-up card becomes wild too, cumulatively (``events.up_order``). A base-rank card that is
    the last face-up card makes nothing wild; one followed by another base-rank card passes the effect on."""

    from_play: ClassVar[tuple[str, ...]] = ("up_order",)

    base: tuple[int, ...]

    @property
    def description(self) -> str:
        return (f"every {_rank_names(self.base)} is wild, and each face-up {_rank_names(self.base)} makes the rank "
                "of the next face-up card wild too, cumulatively")

    def _followers(self, deal: Deal) -> list[int]:
        order = list(deal.events.get("up_order", ()))
        return [after.rank for before, after in pairwise(order)
                if not before.is_joker and before.rank in self.base and not after.is_joker]

    def because(self, deal: Deal) -> WildReason:
        more = sorted(set(self._followers(deal)) - set(self.base))
        text = are_wild(self.base)
        if more:
            base = " or ".join(RANK_NAMES[r] for r in self.base)
            text += f"; {are_wild(more)[:1].lower() + are_wild(more)[1:]}: each followed a face-up {base}"
        return tuple(sorted({*self.base, *more})), text

    def wild(self, seat: Seat, deal: Deal, usable: Sequence[Card]) -> frozenset[Card]:
        return _of_ranks(usable, {*self.base, *self._followers(deal)})


@dataclass(frozen=True, kw_only=True)
class QueensAndKings:
    """Smack My Bitch Up: queens are wild plus the rank of the face-up card after the latest face-up queen; a
    face-up king cancels all that and only kings are wild until a later face-up queen (``events.up_order``)."""

    from_play: ClassVar[tuple[str, ...]] = ("up_order",)

    description: str = ("queens and the card after the latest face-up queen are wild; a face-up king makes only "
                        "kings wild until the next face-up queen")

    def because(self, deal: Deal) -> WildReason:
        mode, follow = self._state(deal)
        if mode == "king":
            return (11,), "Only kings are wild: a king was dealt face up after the last face-up queen"
        if follow is None:
            return (10,), "Queens are wild; no card followed the last face-up queen"
        return (10, follow), f"Queens are wild, and {are_wild([follow]).lower()}: the card after the last face-up queen"

    def wild(self, seat: Seat, deal: Deal, usable: Sequence[Card]) -> frozenset[Card]:
        mode, follow = self._state(deal)
        if mode == "king":
            return _of_ranks(usable, [11])
        return _of_ranks(usable, [10] + ([follow] if follow is not None else []))

    def _state(self, deal: Deal) -> tuple[str, int | None]:
        order = [c for c in deal.events.get("up_order", ()) if not c.is_joker]
        mode, follow = "queen", None
        for i, card in enumerate(order):
            if card.rank == 11:
                mode, follow = "king", None
            elif card.rank == 10:
                mode = "queen"
                nxt = order[i + 1] if i + 1 < len(order) else None
                follow = nxt.rank if nxt is not None and nxt.rank not in (10, 11) else None
        return mode, follow


@dataclass(frozen=True, kw_only=True)
class HighestOddHoleRank:
    """Odds and Ends: the highest odd rank (3, 5, 7, 9) among the player's hole cards is wild for him, unless a
    board card has that rank: then it is ended and he has no wild card; board cards of the rank are never wild."""

    description: str = ("each player's highest odd rank in the hole (3, 5, 7 or 9) is wild for him, unless the "
                        "board shows that rank")

    def wild(self, seat: Seat, deal: Deal, usable: Sequence[Card]) -> frozenset[Card]:
        odd = [c >> 2 for c in seat.hole if c < JOKER_BASE and c >> 2 in (1, 3, 5, 7)]
        if not odd:
            return frozenset()
        rank = max(odd)
        if any(c < JOKER_BASE and c >> 2 == rank for c in deal.board):
            return frozenset()
        return _of_ranks(seat.hole, [rank])


@dataclass(frozen=True, kw_only=True)
class PersonalRank:
    """Each player's own wild rank (``players[].wild_rank``; Football's cut card) is wild for him."""

    description: str = "a player's personal wild rank (players[].wild_rank) is wild for him"
    #: The per-player fact besides cards this rule reads (a request may send it: ``players[].wild_rank``).
    player_facts: ClassVar[tuple[str, ...]] = ("wild_rank",)

    def because(self, deal: Deal) -> WildReason:
        return (), "Each player's own wild rank is wild for him"

    def wild(self, seat: Seat, deal: Deal, usable: Sequence[Card]) -> frozenset[Card]:
        return _of_ranks(usable, [seat.wild_rank]) if seat.wild_rank is not None else frozenset()


@dataclass(frozen=True, kw_only=True)
class EventCardRank:
    """The rank of a card named in an event (``events.<event>``) is wild for everyone: El Dorado's last swapped-in
    card, a designator that belongs to nobody."""

    event: str

    @property
    def from_play(self) -> tuple[str, ...]:
        return (self.event,)

    @property
    def description(self) -> str:
        return f"the rank of events.{self.event} is wild for everyone"

    def because(self, deal: Deal) -> WildReason:
        card = deal.events.get(self.event)
        what = self.event.replace("_", " ")
        if not isinstance(card, Card) or card.is_joker:
            return (), f"No rank is wild: no {what} card was given"
        return (card.rank,), f"{are_wild([card.rank])}: the {what} card is the {card}"

    def wild(self, seat: Seat, deal: Deal, usable: Sequence[Card]) -> frozenset[Card]:
        card = deal.events.get(self.event)
        return _of_ranks(usable, [card.rank]) if isinstance(card, Card) and not card.is_joker else frozenset()


@dataclass(frozen=True, kw_only=True)
class SuitOfFirstUp:
    """Babies' Daddy: the card of ``rank`` in the suit of the first face-up card dealt (``events.up_order``) is
    wild for everyone: that one card only."""

    rank: int

    @property
    def description(self) -> str:
        return (f"the {RANKS[self.rank]} of the suit of the first face-up card dealt is wild for everyone (that card "
                "only)")

    def because(self, deal: Deal) -> WildReason:
        card = suit_card_of_first_up(deal, self.rank)
        if card is None:
            return (), "No card is wild: no card was dealt face up"
        return (), f"The {card} is wild: the {RANK_NAMES[self.rank]} of the suit of the first face-up card"

    def wild(self, seat: Seat, deal: Deal, usable: Sequence[Card]) -> frozenset[Card]:
        card = suit_card_of_first_up(deal, self.rank)
        return frozenset({card}) if card is not None and card in usable else frozenset()


def _card_at(deal: Deal, position: str) -> Card | None:
    """The board's card at this position, if any (positions are distinct: a request's board is an object)."""
    positions = deal.positions
    if not positions or position not in positions:
        return None
    at = positions.index(position)
    return deal.board[at] if at < len(deal.board) else None


@dataclass(frozen=True, kw_only=True)
class PositionCard:
    """The card at a board position is wild for everyone (Iron Cross's centre); with ``whole_rank`` every card of
    its rank is wild too."""

    position: str
    whole_rank: bool = False

    @property
    def description(self) -> str:
        return (f"the card at {self.position}" + (" and every card of its rank" if self.whole_rank else "")
                + " is wild for everyone")

    def because(self, deal: Deal) -> WildReason:
        card = _card_at(deal, self.position)
        if card is None:
            return (), f"No card is wild: the {self.position} position is empty"
        if self.whole_rank and not card.is_joker:
            return (card.rank,), f"{are_wild([card.rank])}: the card at {self.position} is the {card}"
        return (), f"The {card} is wild: it is the card at {self.position}"

    def wild(self, seat: Seat, deal: Deal, usable: Sequence[Card]) -> frozenset[Card]:
        return self.wild_for_everyone(deal).intersection(usable)

    def wild_for_everyone(self, deal: Deal) -> frozenset[Card]:
        """The cards wild for whoever may use them (the same for every player: :meth:`wild` is those he may use)."""
        card = _card_at(deal, self.position)
        if card is None:
            return frozenset()
        return _RANK_CARDS[card >> 2] | {card} if self.whole_rank and card < JOKER_BASE else frozenset({card})


@dataclass(frozen=True, kw_only=True)
class GroupPositionRank:
    """Per chosen group (Double Elevator's sets): the card at whichever of ``positions`` lies in the group, and
    every card of its rank the player uses with that group, is wild for him."""

    positions: tuple[str, ...]
    per_group: bool = True

    @property
    def description(self) -> str:
        return (f"the {'/'.join(self.positions)} card of the chosen set, and every card of its rank, is wild for the "
                "player using that set")

    def wild(self, seat: Seat, deal: Deal, usable: Sequence[Card]) -> frozenset[Card]:
        return frozenset()

    def wild_for_everyone(self, deal: Deal) -> frozenset[Card]:
        """No card is wild but in a group (:meth:`group_cards`)."""
        return frozenset()

    def in_group(self, seat: Seat, deal: Deal, usable: Sequence[Card], group: Sequence[str]) -> frozenset[Card]:
        return self.group_cards(deal, group).intersection(usable)

    def group_cards(self, deal: Deal, group: Sequence[str]) -> frozenset[Card]:
        """The cards wild in ``group`` for whoever uses them (the same for every player: :meth:`in_group` is those
        of them he may use): the card at the group's wild position and every card of its rank."""
        wild_at = [p for p in self.positions if p in group]
        if not wild_at:  # a group without a wild position: the board is not read
            return frozenset()
        cards = {card for p in wild_at if (card := _card_at(deal, p)) is not None}
        # those cards and every card of their ranks (a joker has none): set lookups
        return frozenset(cards.union(*[_RANK_CARDS[c >> 2] for c in cards if c < JOKER_BASE]))


def jokers_twist(wild: frozenset[Card], own: Sequence[Card]) -> frozenset[Card]:
    """Joker Twist: if a player's cards hold a joker and another wild card, none of his wild cards are wild."""
    held = [c for c in own if c in wild]
    jokers = any(c >= JOKER_BASE for c in held)
    return frozenset() if jokers and any(c < JOKER_BASE for c in held) else wild


def wild_cards_for(rules: Sequence[WildRule], seat: Seat, deal: Deal, usable: Sequence[Card]) -> frozenset[Card]:
    """The union of every rule's wild cards for this player among the cards he may use."""
    found: frozenset[Card] = frozenset()
    for rule in rules:
        found |= rule.wild(seat, deal, usable)
    return found
