"""The wild rules that read a player's own cards or the first face-up card (the lowest hole card, the last card
dealt, ranks held down and up, the highest odd hole rank, a suit of the first face-up card, jokers, fixed ranks, Joker
Twist), read with card numbers and set lookups, against each rule read the straightforward way: every card's rank,
suit and whether it is a joker asked of the card."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence

import pytest

from evaluator.values.cards import JOKER_BASE, Card, card_of
from evaluator.values.deal import Deal, Seat
from evaluator.wilds.rules import (
    FixedRanks,
    HighestOddHoleRank,
    Jokers,
    LastDealtRank,
    LowestHoleRank,
    MatchedDownUpRanks,
    SuitOfFirstUp,
    WildRule,
    jokers_twist,
    suit_card_of_first_up,
)
from tests.samples import samples

pytestmark = pytest.mark.slow  # random samples reduced in make test, in full under make stress

Plain = Callable[[Seat, Deal, Sequence[Card]], frozenset[Card]]


def _of_ranks(cards: Iterable[Card], ranks: Iterable[int]) -> frozenset[Card]:
    wanted = set(ranks)
    return frozenset(c for c in cards if not c.is_joker and c.rank in wanted)


def _first_up_suit_card(deal: Deal, rank: int) -> Card | None:
    order = [c for c in deal.events.get("up_order", ()) if not c.is_joker]
    return Card(rank * 4 + order[0].suit) if order else None


def _fixed(rule: FixedRanks) -> Plain:
    def read(seat: Seat, deal: Deal, usable: Sequence[Card]) -> frozenset[Card]:
        pool = {"any": usable, "face-up": seat.up, "face-down": seat.hole}[rule.only]
        return _of_ranks(pool, rule.ranks) & frozenset(usable)
    return read


def _lowest(rule: LowestHoleRank) -> Plain:
    def read(seat: Seat, deal: Deal, usable: Sequence[Card]) -> frozenset[Card]:
        hole = [c for c in (seat.hole if rule.among == "hole" else (*seat.hole, *seat.up)) if not c.is_joker]
        if not hole:
            return frozenset()
        lowest = min(hole, key=lambda c: (-1 if rule.ace == "low" and c.rank == 12 else c.rank, c))
        return _of_ranks(usable, [lowest.rank]) if rule.whole_rank else frozenset({lowest})
    return read


def _last_dealt(seat: Seat, deal: Deal, usable: Sequence[Card]) -> frozenset[Card]:
    if not seat.up or seat.up[-1].is_joker:
        return frozenset()
    return _of_ranks([c for c in usable if c in seat.hole or c in seat.up], [seat.up[-1].rank])


def _matched(seat: Seat, deal: Deal, usable: Sequence[Card]) -> frozenset[Card]:
    both = {c.rank for c in seat.hole if not c.is_joker} & {c.rank for c in seat.up if not c.is_joker}
    return _of_ranks([*seat.hole, *seat.up], both)


def _highest_odd(seat: Seat, deal: Deal, usable: Sequence[Card]) -> frozenset[Card]:
    odd = [c.rank for c in seat.hole if not c.is_joker and c.rank in (1, 3, 5, 7)]
    if not odd or any(not c.is_joker and c.rank == max(odd) for c in deal.board):
        return frozenset()
    return _of_ranks(seat.hole, [max(odd)])


def _suit_of_first_up(rank: int) -> Plain:
    def read(seat: Seat, deal: Deal, usable: Sequence[Card]) -> frozenset[Card]:
        card = _first_up_suit_card(deal, rank)
        return frozenset({card}) & frozenset(usable) if card is not None else frozenset()
    return read


def _jokers(seat: Seat, deal: Deal, usable: Sequence[Card]) -> frozenset[Card]:
    return frozenset(c for c in usable if c.is_joker)


RULES: list[tuple[WildRule, Plain]] = [
    *((rule, _fixed(rule)) for rule in (FixedRanks(ranks=(0,)), FixedRanks(ranks=(3, 8), only="face-up"),
                                         FixedRanks(ranks=(5, 12), only="face-down"))),
    *((rule, _lowest(rule)) for rule in (LowestHoleRank(), LowestHoleRank(ace="low"), LowestHoleRank(among="own"),
                                         LowestHoleRank(ace="low", whole_rank=False, among="own"))),
    (LastDealtRank(), _last_dealt),
    (MatchedDownUpRanks(), _matched),
    (HighestOddHoleRank(), _highest_odd),
    (SuitOfFirstUp(rank=11), _suit_of_first_up(11)),
    (Jokers(), _jokers),
]


def _deal(rng: random.Random) -> tuple[Seat, Deal, list[Card]]:
    """A player's hole and up cards, a board and the face-up cards in the order dealt, jokers among them (aces
    and odd ranks often), and the cards he may use: his own, with the board or without."""
    deck = [card_of(c) for c in [*range(52), JOKER_BASE, JOKER_BASE + 1]]
    deck += [c for c in deck if c.rank in (12, 1, 3) and rng.random() < 0.5]  # more aces, threes and fives
    rng.shuffle(deck)
    cards = iter(dict.fromkeys(deck))
    seat = Seat(id="p", hole=tuple(next(cards) for _ in range(rng.randint(0, 4))),
                up=tuple(next(cards) for _ in range(rng.randint(0, 4))))
    board = tuple(next(cards) for _ in range(rng.randint(0, 5)))
    order = (*(next(cards) for _ in range(rng.randint(0, 2))), *seat.up)
    deal = Deal(seats=(seat,), board=board, pot=10, events={"up_order": order} if rng.random() < 0.9 else {})
    usable = [*seat.hole, *seat.up, *board] if rng.random() < 0.8 else [*seat.hole, *seat.up]
    return seat, deal, usable


@pytest.mark.parametrize(("rule", "plain"), RULES, ids=[repr(rule) for rule, _ in RULES])
def test_a_rules_wild_cards_are_those_of_the_straightforward_reading(rule: WildRule, plain: Plain) -> None:
    rng = random.Random(f"seat rules {rule!r}")
    wild_seen = 0
    for _ in range(samples(750, 3000)):
        seat, deal, usable = _deal(rng)
        found = rule.wild(seat, deal, usable)
        assert found == plain(seat, deal, usable), (seat, deal.board, usable)
        assert all(type(c) is Card for c in found)
        wild_seen += bool(found)
    assert wild_seen > samples(25, 100)  # wild cards found, not only empty sets


def test_the_suit_card_of_the_first_face_up_card_and_joker_twist_are_those_of_the_straightforward_reading() -> None:
    rng = random.Random("first up and twist")
    for _ in range(samples(750, 3000)):
        seat, deal, usable = _deal(rng)
        rank = rng.randrange(13)
        found = suit_card_of_first_up(deal, rank)
        assert found == _first_up_suit_card(deal, rank) and (found is None or type(found) is Card)
        wild = frozenset(rng.sample(usable, rng.randint(0, len(usable))))
        own = [*seat.hole, *seat.up]
        jokers = {c for c in own if c.is_joker and c in wild}
        others = {c for c in own if not c.is_joker and c in wild}
        assert jokers_twist(wild, own) == (frozenset() if jokers and others else wild)
