"""The Breaker (reference ``breaker``): its ranking agrees with HIGH where the rules coincide, and whole showdowns
agree with a brute-force reading of the rules text written independently here (every combination of cards, the
rules' steps 1-3 per pot, both Breakers tried)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from evaluator import variant_named
from evaluator.engine.showdown import adjudicate
from evaluator.rankings import HIGH
from evaluator.rankings.special import BREAKER
from evaluator.values.cards import Card, parse_cards
from evaluator.values.deal import Deal, Seat
from evaluator.values.pots import Pot

DECK = [Card(i) for i in range(52)]


def _is_straight_or_flush(cards: Sequence[Card]) -> bool:
    return HIGH.describe(HIGH.evaluate(cards), cards).category in ("straight", "flush", "straight-flush")


@settings(deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=10, max_size=10, unique=True))
def test_breaker_orders_as_high_between_hands_without_straights_or_flushes(cards: list[Card]) -> None:
    first, second = cards[:5], cards[5:]
    if _is_straight_or_flush(first) or _is_straight_or_flush(second):
        return
    high = (HIGH.evaluate(first) > HIGH.evaluate(second)) - (HIGH.evaluate(first) < HIGH.evaluate(second))
    broken = (BREAKER.evaluate(first) > BREAKER.evaluate(second)) - (BREAKER.evaluate(first) < BREAKER.evaluate(second))
    assert high == broken


@settings(deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=4, max_size=4, unique=True))
def test_the_breaker_is_a_kicker_above_an_ace(four: list[Card]) -> None:
    with_breaker = BREAKER.evaluate([*four, Card("X1")])
    for fifth in (c for c in DECK if c.rank not in {f.rank for f in four}):  # a fifth card that pairs nothing
        assert BREAKER.evaluate([*four, fifth]) < with_breaker


# --- a brute-force reading of the rules -------------------------------------------------------------------------

_VALUE = {r: r + 2 for r in range(13)}


def _group_key(values: Sequence[int]) -> tuple[int, ...]:
    """Category by counts (1 high card .. 6 four of a kind, no straights or flushes), then values by group."""
    counts = Counter(values)
    order = sorted(counts, key=lambda v: (counts[v], v), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    category = {(1, 1, 1, 1, 1): 1, (2, 1, 1, 1): 2, (2, 2, 1): 3, (3, 1, 1): 4, (3, 2): 5, (4, 1): 6}[tuple(shape)]
    return (category, *order)


def _high_key(cards: Sequence[Card]) -> tuple[int, ...]:
    values = sorted((_VALUE[c.rank] for c in cards), reverse=True)
    flush = len({c.suit for c in cards}) == 1
    straight_top = 0
    if len(set(values)) == 5 and values[0] - values[4] == 4:
        straight_top = values[0]
    if set(values) == {14, 5, 4, 3, 2}:
        straight_top = 5
    grouped = _group_key(values)
    # standard categories: 1 high, 2 pair, 3 two pair, 4 trips, 5 straight, 6 flush, 7 full house, 8 quads, 9 SF
    as_standard = {1: 1, 2: 2, 3: 3, 4: 4, 5: 7, 6: 8}[grouped[0]]
    if straight_top and flush:
        return (9, straight_top)
    if as_standard >= 7:
        return (as_standard, *grouped[1:])
    if flush:
        return (6, *values)
    if straight_top:
        return (5, straight_top)
    return (as_standard, *grouped[1:])


def _best(cards: Sequence[Card], key: object) -> tuple[int, ...]:
    return max(key(list(five)) for five in combinations(cards, 5))  # type: ignore[operator, no-any-return]


def _broken(cards: Sequence[Card]) -> tuple[int, ...]:
    return _best(cards, lambda five: _group_key([_VALUE[c.rank] for c in five]))


def _played(real: Sequence[Card]) -> tuple[int, ...]:
    return max(_group_key([*(_VALUE[c.rank] for c in four), 15]) for four in combinations(real, 4))


def _oracle_winners(seats: Sequence[Seat], board: Sequence[Card], eligible: Sequence[str]) -> set[str]:
    real = {s.id: [c for c in (*s.hole, *board) if not c.is_joker] for s in seats}
    holders = [s.id for s in seats if s.id in eligible and any(c.is_joker for c in s.hole)]

    def hand(player: str, playing: Sequence[str]) -> tuple[int, ...]:
        if not playing:
            return (1, *_best(real[player], _high_key))
        if player in playing:
            return (2, *_played(real[player]))
        return (2, *_broken(real[player]))

    def winners(playing: Sequence[str]) -> set[str]:
        keys = {p: hand(p, playing) for p in eligible}
        top = max(keys.values())
        return {p for p, k in keys.items() if k == top}

    playing = [b for b in holders if b in winners([b])]
    return winners(playing)


def _random_deal(rng: random.Random, breakers: int) -> tuple[list[Seat], list[Card]]:
    players = rng.randint(2, 6)
    cards = DECK[:]
    rng.shuffle(cards)
    hole = [[cards.pop(), cards.pop()] for _ in range(players)]
    for n, joker in enumerate(parse_cards([f"X{n + 1}" for n in range(breakers)])):
        hole[rng.randrange(players)][n] = joker  # X1 first, X2 second: both to one player is possible
    board = [cards.pop() for _ in range(5)]
    seats = [Seat(id=f"p{i}", hole=tuple(h), folded=sum(c.is_joker for c in h) > 1) for i, h in enumerate(hole)]
    if all(s.folded for s in seats):
        return _random_deal(rng, breakers)
    return seats, board


def test_breaker_showdowns_agree_with_a_brute_force_reading_of_the_rules() -> None:
    rng = random.Random(20261122)
    for variant_id, breakers in (("breaker", 1), ("breaker-dual", 2)):
        game = variant_named(variant_id)
        for _ in range(150):
            seats, board = _random_deal(rng, breakers)
            live = [s.id for s in seats if not s.folded]
            side = [p for p in live if rng.random() < 0.6] or live[:1]
            pots = (Pot(120, tuple(live)), Pot(60, tuple(side)))
            deal = Deal(seats=tuple(seats), board=tuple(board), pots=pots)
            result = adjudicate(game, deal)
            for pot, got in zip(pots, result.pots, strict=True):
                want = _oracle_winners(seats, board, pot.eligible)
                assert set(got.shares[0].winners) == want, (seats, board, pot)
