"""The special rankings of the reference pinned by ordered fixture lists, expanded into pairwise comparisons.

Each list below is a sequence of ``(category slug, hand)`` pairs that **must be in strictly increasing strength
order**: every hand is a worse hand than every hand after it (greater scores and keys are better in every
ranking, lows included). The lists walk the category boundaries and the rules peculiar to each ranking; the
comments quote the rule a fixture proves. ``SPECIAL_ORDERS`` has the shape of ``test_rankings_order.ORDERS``.
"""

from __future__ import annotations

from functools import cache
from itertools import pairwise

import pytest

from evaluator.rankings import NO_HAND, Ranking
from evaluator.rankings.special import (
    BLACKJACK,
    BREAKER,
    EGYPT6,
    GUTS2,
    GUTS2_STRAIGHTS_FLUSHES,
    GUTS3,
    HIGH_SHORT,
    PILES_LOW,
    RUNS,
    SOKO,
    SPECIAL_RANKINGS,
    TELESINA,
    TELESINA_7PLUS,
    TELESINA_SUITS,
    TICKET,
    WRAP,
    ZEROFACE,
    ticket_ranking,
)
from evaluator.values.cards import parse_cards
from tests.evaluator.ordered_fixtures import adjacent_pairs, categorized, pairs_out_of_order

Fixture = tuple[str, str]

TICKET_ABOVE_FLUSH = ticket_ranking("flush")


@cache
def score(ranking: Ranking, hand: str) -> int:
    return ranking.evaluate(parse_cards(hand))


# TICKET: aces are low only; 10-J-Q-K-A is no straight; a Ticket (four of a suit + a J, Q or K rider of another
# suit) ranks between straight and three of a kind; tickets compare rider first, then the flush cards.
TICKET_ORDER: list[Fixture] = [
    ("high-card", "6c 4d 3h 2s Ac"),  # the worst hand: the ace is the lowest card
    ("high-card", "7c 4d 3h 2s Ac"),
    ("high-card", "7c 5d 4h 3s 2c"),  # 7-5-4-3-2 beats 7-4-3-2-A
    ("high-card", "9c Kd Qd 7d 4d"),  # a four-flush with a 9 is no Ticket (the rider must be J, Q or K)
    ("high-card", "Ac Kd Qh Js 9c"),  # king high, the ace last
    ("high-card", "Ac Kd Qh Js Tc"),  # 10-J-Q-K-A is not a straight
    ("high-card", "Kc Qd Jh Ts 8c"),  # the best high card
    ("pair", "Ac Ad 2h 3s 4c"),  # a pair of aces is the lowest pair
    ("pair", "2c 2d 3h 4s 5d"),
    ("pair", "Kc Kd Ah Qs Jc"),
    ("pair", "Kc Kd Qh Js Tc"),
    ("two-pair", "Ac Ad 2h 2s 3c"),
    ("two-pair", "Kc Kd Qh Qs Jc"),
    ("three-of-a-kind", "Ac Ad Ah 2s 3c"),
    ("three-of-a-kind", "Kc Kd Kh Qs Jc"),
    ("ticket", "Jc Ad 2d 3d 4d"),  # the lowest Ticket beats every three of a kind
    ("ticket", "Jc 5d 4d 3d 2d"),
    ("ticket", "Jc Kd Qd Td 8d"),
    ("ticket", "Qs Ad 2d 3d 4d"),  # the rider decides first: any queen rider beats any jack rider
    ("ticket", "Kc Ad 2d 3d 4d"),
    ("ticket", "Kc Kd Qd Jd 9d"),  # a Ticket whose rider pairs a flush card is a Ticket
    ("ticket", "Kc Kd Qd Jd Td"),  # the best Ticket
    ("straight", "Ac 2d 3h 4s 5c"),  # A-2-3-4-5 is the lowest straight, and beats every Ticket
    ("straight", "9c Td Jh Qs Kc"),  # the highest straight
    ("flush", "Ac 2c 3c 4c 6c"),
    ("flush", "Tc Jc Qc Kc Ac"),  # no royal flush: a king-high flush with the ace last
    ("flush", "Kc Qc Jc Tc 8c"),
    ("full-house", "Ac Ad Ah 2s 2c"),
    ("full-house", "Kc Kd Kh Qs Qc"),
    ("four-of-a-kind", "Ac Ad Ah As 2c"),
    ("four-of-a-kind", "Kc Kd Kh Ks Qc"),
    ("straight-flush", "Ac 2c 3c 4c 5c"),
    ("straight-flush", "9c Tc Jc Qc Kc"),  # the best hand
]

# TICKET with the Ticket placed above the flush (the position is a parameter).
TICKET_ABOVE_FLUSH_ORDER: list[Fixture] = [
    ("high-card", "6c 4d 3h 2s Ac"),
    ("pair", "Ac Ad 2h 3s 4c"),
    ("two-pair", "Kc Kd Qh Qs Jc"),
    ("three-of-a-kind", "Kc Kd Kh Qs Jc"),
    ("straight", "9c Td Jh Qs Kc"),
    ("flush", "Kc Qc Jc Tc 8c"),
    ("ticket", "Jc Ad 2d 3d 4d"),
    ("ticket", "Kc Kd Qd Jd Td"),
    ("full-house", "Ac Ad Ah 2s 2c"),
    ("four-of-a-kind", "Kc Kd Kh Ks Qc"),
    ("straight-flush", "9c Tc Jc Qc Kc"),
]

# EGYPT6: six-card hands. Three pair ranks below three of a kind; A-2-3-4-5-6 is the lowest straight; ties compare
# the defining groups, then the kickers from the top down.
EGYPT6_ORDER: list[Fixture] = [
    ("high-card", "8c 6d 5h 4s 3c 2d"),  # the worst hand (2-7 would be a straight)
    ("high-card", "8c 7d 5h 4s 3c 2d"),
    ("high-card", "Ac 7d 5h 4s 3c 2d"),  # A-2-3-4-5 + 7: five in sequence count for nothing
    ("high-card", "Ac Kd Qh Js Tc 8d"),
    ("pair", "2c 2d 3h 4s 5c 7d"),
    ("pair", "2c 2d 3h 4s 5c 8d"),  # the last kicker decides
    ("pair", "Ac Ad Kh Qs Jc 9d"),
    ("two-pair", "3c 3d 2h 2s 4c 5d"),
    ("two-pair", "Ac Ad Kh Ks Qc Jd"),
    ("three-pair", "4c 4d 3h 3s 2c 2d"),
    ("three-pair", "Ac Ad Kh Ks Qc Qd"),  # the best three pair loses to the worst three of a kind
    ("three-of-a-kind", "2c 2d 2h 3s 4c 5d"),
    ("three-of-a-kind", "Ac Ad Ah Ks Qc Jd"),
    ("straight", "Ac 2d 3h 4s 5c 6d"),  # A-2-3-4-5-6 counts
    ("straight", "7c 3d 4h 5s 6c 2d"),
    ("straight", "9c Td Jh Qs Kc Ad"),
    ("flush", "2c 3c 4c 5c 6c 8c"),
    ("flush", "Ac Kc Qc Jc Tc 8c"),
    ("full-house", "2c 2d 2h 3s 3c 4d"),  # trips + pair + kicker
    ("full-house", "2c 2d 2h 3s 3c 5d"),  # the kicker counts
    ("full-house", "Ac Ad Ah Ks Kc Qd"),
    ("double-happy", "2c 2d 2h 3s 3c 3d"),
    ("double-happy", "Ac Ad Ah Ks Kc Kd"),
    ("four-of-a-kind", "2c 2d 2h 2s 3c 4d"),
    ("four-of-a-kind", "Ac Ad Ah As Kc Qd"),
    ("house-party", "2c 2d 2h 2s 3c 3d"),
    ("house-party", "Ac Ad Ah As Kc Kd"),
    ("straight-flush", "Ac 2c 3c 4c 5c 6c"),
    ("straight-flush", "8c 9c Tc Jc Qc Kc"),
    ("straight-flush", "9c Tc Jc Qc Kc Ac"),  # the royal flush
]

# RUNS: a suited run beats a same-colour run beats no run; then run length, red over black, then the poker hand
# with aces high only.
RUNS_ORDER: list[Fixture] = [
    ("high-card", "7c 5d 4h 3s 2c"),
    ("high-card", "Ac 2d 3h 4s 5c"),  # aces high only: A-2-3-4-5 is ace high, not a straight
    ("pair", "2c 2d 5h 7s 9c"),
    ("two-pair", "2c 2d 5h 5s 9c"),
    ("three-of-a-kind", "2c 2d 2h 5s 9c"),
    ("straight", "9c Td Jh Qs Kc"),
    ("flush", "2c 4c 6c 8c Tc"),
    ("full-house", "Kc Kd Kh 2s 2c"),
    ("four-of-a-kind", "Kc Kd Kh Ks 2c"),  # every no-run hand loses to any run
    ("colour-run", "2c 3s 4c 9d Kh"),  # a black run of three
    ("colour-run", "2d 3h 4d 9c Ks"),  # red beats black
    ("colour-run", "2d 3h 4d 4c Ks"),  # then the poker hand
    ("colour-run", "5c 6s 7c 8s Kd"),  # longer beats shorter
    ("colour-run", "5d 6h 7d 8h Kc"),
    ("colour-run", "5c 6s 7c 8s 9c"),
    ("colour-run", "5d 6h 7d 8h 9d"),
    ("suited-run", "2c 3c 4c 9d Kh"),  # any suited run beats any same-colour run
    ("suited-run", "2d 3d 4d 9c Ks"),
    ("suited-run", "2d 3d 4d Ac As"),
    ("suited-run", "5c 6c 7c 8c Kd"),
    ("suited-run", "5d 6d 7d 8d Kc"),
    ("suited-run", "5c 6c 7c 8c 9c"),
    ("suited-run", "5d 6d 7d 8d 9d"),
    ("suited-run", "Td Jd Qd Kd Ad"),
]

# WRAP: HIGH, and J-Q-K-A-2, Q-K-A-2-3, K-A-2-3-4 are straights valued by their last card, below the wheel.
WRAP_ORDER: list[Fixture] = [
    ("high-card", "7c 5d 4h 3s 2c"),
    ("high-card", "Kc Qd Jh Ts 8c"),
    ("high-card", "Ac Kd Qh Js 9c"),
    ("pair", "2c 2d 5h 4s 3c"),
    ("pair", "Ac Ad Kh Qs Jc"),
    ("two-pair", "3c 3d 2h 2s 4c"),
    ("two-pair", "Kc Kd Qh Qs Ac"),
    ("three-of-a-kind", "2c 2d 2h 4s 3c"),
    ("three-of-a-kind", "Ac Ad Ah Ks Qc"),
    ("straight", "Jc Qd Kh As 2c"),  # 2-high wrap: the lowest straight
    ("straight", "Qc Kd Ah 2s 3c"),  # 3-high
    ("straight", "Kc Ad 2h 3s 4c"),  # 4-high
    ("straight", "Ac 2d 3h 4s 5c"),  # the wheel beats every wrap
    ("straight", "6c 2d 3h 4s 5c"),
    ("straight", "Tc Jd Qh Ks Ac"),
    ("flush", "7c 5c 4c 3c 2c"),
    ("flush", "Ac Kc Qc Jc 9c"),
    ("full-house", "2c 2d 2h 3s 3c"),
    ("full-house", "Ac Ad Ah Ks Kc"),
    ("four-of-a-kind", "2c 2d 2h 2s 3c"),
    ("four-of-a-kind", "Ac Ad Ah As Kc"),
    ("straight-flush", "Jc Qc Kc Ac 2c"),
    ("straight-flush", "Qc Kc Ac 2c 3c"),
    ("straight-flush", "Kc Ac 2c 3c 4c"),
    ("straight-flush", "Ac 2c 3c 4c 5c"),
    ("straight-flush", "Tc Jc Qc Kc Ac"),
]

# TELESINA (36 cards, 6-A): A-6-7-8-9 is the lowest straight; a flush beats a full house.
TELESINA_ORDER: list[Fixture] = [
    ("high-card", "Jc 9d 8h 7s 6c"),  # the worst hand of the 36-card deck
    ("high-card", "Ac Kd Qh Js 9c"),
    ("pair", "6c 6d 9h 8s 7c"),
    ("pair", "Ac Ad Kh Qs Jc"),
    ("two-pair", "7c 7d 6h 6s 8c"),
    ("two-pair", "Ac Ad Kh Ks Qc"),
    ("three-of-a-kind", "6c 6d 6h 7s 8c"),
    ("three-of-a-kind", "Ac Ad Ah Ks Qc"),
    ("straight", "Ac 6d 7h 8s 9c"),
    ("straight", "6c 7d 8h 9s Tc"),
    ("straight", "Tc Jd Qh Ks Ac"),
    ("full-house", "6c 6d 6h 7s 7c"),
    ("full-house", "Ac Ad Ah Ks Kc"),
    ("flush", "Jc 9c 8c 7c 6c"),  # the worst flush beats the best full house
    ("flush", "Ac Kc Qc Jc 9c"),
    ("four-of-a-kind", "6c 6d 6h 6s 7c"),
    ("four-of-a-kind", "Ac Ad Ah As Kc"),
    ("straight-flush", "Ac 6c 7c 8c 9c"),
    ("straight-flush", "Tc Jc Qc Kc Ac"),
]

# TELESINA with 32 cards (7-A): A-7-8-9-T is the lowest straight.
TELESINA_7PLUS_ORDER: list[Fixture] = [
    ("high-card", "Qc Td 9h 8s 7c"),
    ("high-card", "Ac Kd Qh Js 9c"),
    ("pair", "7c 7d Th 9s 8c"),
    ("two-pair", "Ac Ad Kh Ks Qc"),
    ("three-of-a-kind", "Ac Ad Ah Ks Qc"),
    ("straight", "Ac 7d 8h 9s Tc"),
    ("straight", "7c 8d 9h Ts Jc"),
    ("full-house", "Ac Ad Ah Ks Kc"),
    ("flush", "Qc Tc 9c 8c 7c"),
    ("four-of-a-kind", "Ac Ad Ah As Kc"),
    ("straight-flush", "Ac 7c 8c 9c Tc"),
    ("straight-flush", "Tc Jc Qc Kc Ac"),
]

# TELESINA-7PLUS-SUITS: equal hands are decided by suit, hearts > diamonds > clubs > spades, card by card in the
# order the hand is read.
TELESINA_SUITS_ORDER: list[Fixture] = [
    ("high-card", "Qs Ts 9s 8s 7c"),
    ("high-card", "As Ks Qs 9d 8c"),
    ("high-card", "As Kh Qh 9c 8d"),  # the king of hearts decides
    ("pair", "Kc Ks Qh Jd 9c"),
    ("pair", "Kh Ks Qd Jc 9c"),  # the best king of the pair first
    ("two-pair", "Ac Ad Kh Ks Qc"),
    ("three-of-a-kind", "Ac Ad Ah Ks Qc"),
    ("straight", "Ah 7s 8s 9s Ts"),  # the ace of an ace-low straight is read last: T-9-8-7 decide first
    ("straight", "As 7h 8s 9s Ts"),
    ("full-house", "Ac Ad Ah Ks Kc"),
    ("flush", "As Ks Qs Js 9s"),
    ("flush", "Ac Kc Qc Jc 9c"),
    ("flush", "Ad Kd Qd Jd 9d"),
    ("flush", "Ah Kh Qh Jh 9h"),
    ("four-of-a-kind", "Ac Ad Ah As Kc"),
    ("straight-flush", "Ac 7c 8c 9c Tc"),
    ("straight-flush", "Ts Js Qs Ks As"),
    ("straight-flush", "Th Jh Qh Kh Ah"),
]

# SOKO: a four-card straight and a four-card flush between one pair and two pair, the four-flush higher; ties
# compare the four cards from the top down, then the fifth.
SOKO_ORDER: list[Fixture] = [
    ("high-card", "7c 6d 4h 3s 2c"),  # the worst hand (7-5-4-3-2 holds the four-straight 2-3-4-5)
    ("high-card", "Ac Kd Qh Ts 9c"),  # the best high card (A-K-Q-J holds a four-straight)
    ("pair", "2c 2d 3h 4s 6c"),
    ("pair", "Ac Ad Kh Qs Tc"),
    ("four-straight", "Ac 2d 3h 4s 2c"),  # A-2-3-4, the lowest four-straight, beats every pair
    ("four-straight", "Ac 2d 3h 4s 6c"),  # then the fifth card
    ("four-straight", "5c 6d 7h 8s Kc"),
    ("four-straight", "9c Jd Qh Ks Ac"),
    ("four-straight", "Jc Qd Kh As Ac"),
    ("four-flush", "2c 3c 4c 5c 2d"),  # the lowest four-flush beats every four-straight
    ("four-flush", "2c 3c 4c 5c Kd"),
    ("four-flush", "Ac Kc Qc Jc 9d"),
    ("four-flush", "Ac Kc Qc Jc Ad"),
    ("two-pair", "3c 3d 2h 2s 4c"),  # two pair beats both
    ("two-pair", "Ac Ad Kh Ks Qc"),
    ("three-of-a-kind", "2c 2d 2h 3s 4c"),
    ("three-of-a-kind", "Ac Ad Ah Ks Qc"),
    ("straight", "Ac 2d 3h 4s 5c"),
    ("straight", "Tc Jd Qh Ks Ac"),
    ("flush", "7c 5c 4c 3c 2c"),
    ("flush", "Ac Kc Qc Jc 9c"),
    ("full-house", "2c 2d 2h 3s 3c"),
    ("full-house", "Ac Ad Ah Ks Kc"),
    ("four-of-a-kind", "2c 2d 2h 2s 3c"),
    ("four-of-a-kind", "Ac Ad Ah As Kc"),
    ("straight-flush", "Ac 2c 3c 4c 5c"),
    ("straight-flush", "Tc Jc Qc Kc Ac"),
]

# GUTS3: three of a kind > straight flush > straight > flush > pair > high card.
GUTS3_ORDER: list[Fixture] = [
    ("high-card", "5c 3d 2h"),
    ("high-card", "Ac Kd Jh"),
    ("pair", "2c 2d 3h"),
    ("pair", "Ac Ad Kh"),
    ("flush", "5c 3c 2c"),
    ("flush", "Ac Kc Jc"),
    ("straight", "Ac 2d 3h"),
    ("straight", "2c 3d 4h"),
    ("straight", "Qc Kd Ah"),
    ("straight-flush", "Ac 2c 3c"),
    ("straight-flush", "Qc Kc Ac"),
    ("three-of-a-kind", "2c 2d 2h"),
    ("three-of-a-kind", "Ac Ad Ah"),
]

# GUTS2: pair > high card.
GUTS2_ORDER: list[Fixture] = [
    ("high-card", "3c 2d"),
    ("high-card", "Ac Kd"),
    ("pair", "2c 2d"),
    ("pair", "Ac Ad"),
]

# GUTS2 with straights and flushes: pair > straight flush > straight > flush > high card.
GUTS2_STRAIGHTS_FLUSHES_ORDER: list[Fixture] = [
    ("high-card", "4c 2d"),
    ("high-card", "Ac Qd"),
    ("flush", "4c 2c"),
    ("flush", "Ac Qc"),
    ("straight", "Ac 2d"),
    ("straight", "3c 2d"),
    ("straight", "Ac Kd"),
    ("straight-flush", "Ac 2c"),
    ("straight-flush", "Ac Kc"),
    ("pair", "2c 2d"),
    ("pair", "Ac Ad"),
]

# ZEROFACE: ace-to-five low with K, Q, J worth zero, below the ace, never pairing each other.
ZEROFACE_ORDER: list[Fixture] = [
    ("four-of-a-kind", "Tc Td Th Ts 9c"),  # the worst hand
    ("four-of-a-kind", "Ac Ad Ah As Kc"),
    ("full-house", "Tc Td Th 9s 9c"),
    ("full-house", "Ac Ad Ah 2s 2c"),
    ("three-of-a-kind", "Tc Td Th 9s 8c"),
    ("three-of-a-kind", "Ac Ad Ah Ks Qc"),
    ("two-pair", "Tc Td 9h 9s 8c"),
    ("two-pair", "2c 2d Ah As Kc"),
    ("pair", "Tc Td 9h 8s 7c"),
    ("pair", "Ac Ad Kh Qs Jc"),  # a pair of number cards loses to any unpaired hand
    ("no-pair", "Tc 9d 8h 7s 6c"),
    ("no-pair", "9c Kd Kh Qs Jc"),  # 9-K-K-Q-J is a "9 high" (K-K is no pair) ...
    ("no-pair", "8c 7d 6h 4s 3c"),  # ... and loses to 8-7-6-4-3
    ("no-pair", "8c 6d 5h 2s Qc"),
    ("no-pair", "8c 6d 5h Ks Jc"),  # zeros are best: 8-6-5-K-J beats 8-6-5-2-Q
    ("no-pair", "5c 4d 3h 2s Ac"),
    ("no-pair", "Ac Kd Kh Qs Jc"),  # four zeros and an ace beat the wheel
    ("no-pair", "Kc Kd Qh Qs Jc"),  # five court cards are the best hand
]

# PILES-LOW: five values from the highest down, pairing ignored, the ace low.
PILES_LOW_ORDER: list[Fixture] = [
    ("low", "Kc Kd Kh Ks Qc"),  # the worst hand
    ("low", "6c Ad Ah As 2c"),  # does not qualify (a 6)
    ("low", "5c 5d 5h 5s 4c"),  # the worst qualifier
    ("low", "5c 4d 3h 2s Ac"),
    ("low", "4c 4d 3h 2s Ac"),  # a pair does not count against the hand
    ("low", "2c 2d Ah As Ac"),
    ("low", "Ac Ad Ah As 2c"),  # the best low
]

# BLACKJACK: the highest total of 21 or less; A = 1 or 11, courts 10; a two-card 21 beats a three-card 21.
BLACKJACK_ORDER: list[Fixture] = [
    ("points", "2c 2d"),
    ("points", "2c 2d 2h"),
    ("points", "Ac Ad"),  # 12: only one ace counts 11
    ("points", "Tc 7d"),
    ("points", "Ac 7d"),  # a soft 18
    ("points", "Kc Qd"),
    ("points", "Ac 9d Ah"),  # 21 in three cards
    ("blackjack", "Ac Kd"),  # a two-card 21 beats a three-card 21
]

# HIGH-SHORT: a hand of fewer than five cards competes only in the categories it can make and loses to any
# complete hand of the same category.
HIGH_SHORT_ORDER: list[Fixture] = [
    ("high-card", "2c"),
    ("high-card", "Ac Kd Qh"),
    ("high-card", "Ac Kd Qh Js"),  # more cards beat fewer when the rest is equal
    ("high-card", "7c 5d 4h 3s 2c"),  # the worst complete hand beats every short high card
    ("high-card", "Ac Kd Qh Js 9c"),
    ("pair", "2c 2d"),  # a short pair beats every high card
    ("pair", "Ac Ad Kh Qs"),
    ("pair", "2c 2d 5h 4s 3c"),  # and loses to the worst complete pair
    ("pair", "Ac Ad Kh Qs Jc"),
    ("two-pair", "3c 3d 2h 2s"),
    ("two-pair", "Ac Ad Kh Ks"),
    ("two-pair", "3c 3d 2h 2s 4c"),
    ("two-pair", "Ac Ad Kh Ks Qc"),
    ("three-of-a-kind", "2c 2d 2h"),
    ("three-of-a-kind", "Ac Ad Ah Ks"),
    ("three-of-a-kind", "2c 2d 2h 4s 3c"),
    ("three-of-a-kind", "Ac Ad Ah Ks Qc"),
    ("straight", "Ac 2d 3h 4s 5c"),
    ("straight", "Tc Jd Qh Ks Ac"),
    ("flush", "7c 5c 4c 3c 2c"),
    ("full-house", "2c 2d 2h 3s 3c"),
    ("four-of-a-kind", "2c 2d 2h 2s"),
    ("four-of-a-kind", "Ac Ad Ah As"),
    ("four-of-a-kind", "2c 2d 2h 2s 3c"),
    ("four-of-a-kind", "Ac Ad Ah As Kc"),
    ("straight-flush", "Ac 2c 3c 4c 5c"),
    ("straight-flush", "Tc Jc Qc Kc Ac"),
]

# BREAKER: no straights or flushes; the Breaker (a joker) is the top kicker, above an ace, and pairs nothing.
BREAKER_ORDER: list[Fixture] = [
    ("high-card", "6c 5d 4h 3s 2c"),
    ("high-card", "Ac Kc Qc Jc 9c"),
    ("high-card", "Ac Kd Qh Js Tc"),
    ("high-card", "X1 5c 4d 3h 2s"),
    ("high-card", "X1 Ac Kd Qh Jc"),
    ("pair", "2c 2d 3h 4s 5c"),
    ("pair", "Ac Ad Kh Qs Jc"),
    ("pair", "Ac Ad X1 3h 2s"),
    ("pair", "Ac Ad X1 Kh Qs"),
    ("two-pair", "3c 3d 2h 2s 4c"),
    ("two-pair", "Ac Ad Kh Ks Qc"),
    ("two-pair", "Ac Ad Kh Ks X1"),
    ("three-of-a-kind", "2c 2d 2h 3s 4c"),
    ("three-of-a-kind", "Ac Ad Ah X1 2c"),
    ("three-of-a-kind", "Ac Ad Ah X1 Kc"),
    ("full-house", "2c 2d 2h 3s 3c"),
    ("full-house", "Ac Ad Ah Ks Kc"),
    ("four-of-a-kind", "2c 2d 2h 2s 3c"),
    ("four-of-a-kind", "2c 2d 2h 2s X1"),
    ("four-of-a-kind", "Ac Ad Ah As Kc"),
    ("four-of-a-kind", "Ac Ad Ah As X1"),
]

SPECIAL_ORDERS: dict[str, list[Fixture]] = {
    TICKET.name: TICKET_ORDER,
    TICKET_ABOVE_FLUSH.name: TICKET_ABOVE_FLUSH_ORDER,
    EGYPT6.name: EGYPT6_ORDER,
    RUNS.name: RUNS_ORDER,
    WRAP.name: WRAP_ORDER,
    TELESINA.name: TELESINA_ORDER,
    TELESINA_7PLUS.name: TELESINA_7PLUS_ORDER,
    TELESINA_SUITS.name: TELESINA_SUITS_ORDER,
    SOKO.name: SOKO_ORDER,
    GUTS3.name: GUTS3_ORDER,
    GUTS2.name: GUTS2_ORDER,
    GUTS2_STRAIGHTS_FLUSHES.name: GUTS2_STRAIGHTS_FLUSHES_ORDER,
    ZEROFACE.name: ZEROFACE_ORDER,
    PILES_LOW.name: PILES_LOW_ORDER,
    BLACKJACK.name: BLACKJACK_ORDER,
    HIGH_SHORT.name: HIGH_SHORT_ORDER,
    BREAKER.name: BREAKER_ORDER,
}
RANKING_OF: dict[str, Ranking] = {**SPECIAL_RANKINGS, TICKET_ABOVE_FLUSH.name: TICKET_ABOVE_FLUSH}

#: Rankings with more keys than is reasonable to list: their key order is checked by sampling.
HUGE = {TELESINA_SUITS.name}


ADJACENT = adjacent_pairs(SPECIAL_ORDERS)
CATEGORIZED = categorized(SPECIAL_ORDERS)


def test_every_special_ranking_has_an_ordered_fixture_list() -> None:
    assert set(SPECIAL_RANKINGS) <= set(SPECIAL_ORDERS)


@pytest.mark.parametrize(("name", "weaker", "stronger"), ADJACENT)
def test_each_fixture_is_weaker_than_the_next(name: str, weaker: str, stronger: str) -> None:
    ranking = RANKING_OF[name]
    assert score(ranking, weaker) < score(ranking, stronger)


@pytest.mark.parametrize("name", list(SPECIAL_ORDERS))
def test_every_earlier_fixture_is_weaker_than_every_later_one(name: str) -> None:
    """Every pair of the ranking's list, in one test per list: the earlier hand scores above no hand and below the
    later, and the strength lists order the same way. A failure lists every pair out of order."""
    ranking = RANKING_OF[name]
    wrong = pairs_out_of_order(SPECIAL_ORDERS[name], lambda hand: score(ranking, hand), ranking.key, floor=NO_HAND)
    assert not wrong, f"{len(wrong)} pairs of {name} out of order:\n" + "\n".join(wrong)


@pytest.mark.parametrize(("name", "category", "hand"), CATEGORIZED)
def test_each_fixture_is_described_with_its_category(name: str, category: str, hand: str) -> None:
    ranking = RANKING_OF[name]
    cards = parse_cards(hand)
    hand_score = ranking.evaluate(cards)
    assert hand_score != NO_HAND
    described = ranking.describe(hand_score, cards)
    assert described.category == category
    assert described.description
    arranged = ranking.arrange(cards, hand_score)
    assert sorted(arranged) == sorted(cards)
    assert ranking.evaluate(arranged) == hand_score


@pytest.mark.parametrize("name", sorted(set(SPECIAL_ORDERS) - HUGE))
def test_fixture_lists_cover_every_category_the_ranking_can_make(name: str) -> None:
    ranking = RANKING_OF[name]
    reachable = {ranking.describe(s, ()).category for s in range(len(ranking.keys))}
    reachable.discard("five-of-a-kind")  # only with wild cards
    if ranking is RUNS:  # its keys pair every run part with every poker key, but a straight flush is always a
        reachable.discard("straight-flush")  # suited run of five: "no run, straight flush" is a key no hand reaches
    assert {category for category, _ in SPECIAL_ORDERS[name]} == reachable


@pytest.mark.parametrize("name", sorted(set(SPECIAL_ORDERS) - HUGE))
def test_scores_are_dense_indexes_into_increasing_keys(name: str) -> None:
    keys = list(RANKING_OF[name].keys)
    assert all(a < b for a, b in pairwise(keys))


def test_huge_key_lists_increase_across_every_block() -> None:
    keys = TELESINA_SUITS.keys
    block = 4 ** 5
    assert len(keys) == len(TELESINA_7PLUS.keys) * block
    for start in range(0, len(keys), block * 97):
        assert keys[start] < keys[start + 1] < keys[start + block - 1] < keys[min(start + block, len(keys) - 1)]
    assert keys[-1] > keys[-2]


# Hands that must score *equal*.
TIES: list[tuple[str, str, str]] = [
    ("TICKET", "Jc Ad 2d 3d 4d", "Jh As 2s 3s 4s"),  # the rider's suit is any other than the flush's
    ("TICKET", "Ac 2d 3h 4s 5c", "As 2c 3d 4h 5s"),
    ("EGYPT6", "Ac 2d 3h 4s 5c 6d", "As 2c 3d 4h 5s 6c"),
    ("RUNS", "2d 3h 4d 9c Ks", "2h 3d 4h 9s Kc"),  # both reds are red
    ("RUNS", "2c 3s 4c 9d Kh", "2s 3c 4s 9h Kd"),
    ("WRAP", "Qc Kd Ah 2s 3c", "Qs Kh Ad 2c 3d"),
    ("TELESINA", "Ac 6d 7h 8s 9c", "As 6c 7d 8h 9s"),
    ("SOKO", "Ah 9h 7h 3h Kc", "As 9s 7s 3s Kd"),
    ("SOKO", "5c 6d 7h 8s Kc", "5d 6s 7c 8h Kh"),
    ("GUTS2", "3c 2c", "3c 2d"),  # no flushes by default
    ("GUTS3", "Ac 2d 3h", "As 2c 3d"),
    ("ZEROFACE", "9c Kd Kh Qs Jc", "9d Jc Jd Qh Kc"),  # all courts are the same zero
    ("ZEROFACE", "5c 4c 3c 2c Ac", "5d 4h 3s 2c Ad"),  # a flush and a straight are ignored
    ("PILES-LOW", "5c 5d 5h 5s 4c", "5c 5d 5h 5s 4d"),
    ("BLACKJACK", "Kc Qd", "5c 5d Th"),  # 20 is 20, in two cards or three
    ("BLACKJACK", "Ac 9d Ah", "7c 7d 7h"),
    ("HIGH-SHORT", "Ac Ad Kh Qs", "Ah As Kd Qc"),
]


@pytest.mark.parametrize(("name", "hand", "same"), TIES)
def test_equal_hands_score_equal(name: str, hand: str, same: str) -> None:
    ranking = RANKING_OF[name]
    assert score(ranking, hand) == score(ranking, same)


SUIT_SYMMETRIC = sorted(set(SPECIAL_ORDERS) - {RUNS.name, TELESINA_SUITS.name})


@pytest.mark.parametrize("name", SUIT_SYMMETRIC)
@pytest.mark.parametrize("permutation", ["cdhs", "sdhc", "hscd", "dchs"])
def test_relabelling_suits_changes_no_score(name: str, permutation: str) -> None:
    ranking = RANKING_OF[name]
    table = str.maketrans("cdhs", permutation)
    for _, hand in SPECIAL_ORDERS[name]:
        assert score(ranking, hand) == score(ranking, hand.translate(table))


@pytest.mark.parametrize("permutation", ["cdhs", "sdhc", "chds", "shdc"])
def test_runs_only_see_colours(permutation: str) -> None:
    """RUNS: red beats black, so only swaps that keep each colour (c<->s, d<->h) keep every score."""
    table = str.maketrans("cdhs", permutation)
    for _, hand in RUNS_ORDER:
        assert score(RUNS, hand) == score(RUNS, hand.translate(table))


@pytest.mark.parametrize("name", sorted(SPECIAL_ORDERS))
def test_card_order_changes_no_score(name: str) -> None:
    ranking = RANKING_OF[name]
    for _, hand in SPECIAL_ORDERS[name]:
        cards = hand.split()
        assert score(ranking, hand) == score(ranking, " ".join(reversed(cards)))
        assert score(ranking, hand) == score(ranking, " ".join(cards[1:] + cards[:1]))


def test_every_special_ranking_has_a_unique_name_and_a_title() -> None:
    for name, ranking in RANKING_OF.items():
        assert ranking.name == name
        assert ranking.title
