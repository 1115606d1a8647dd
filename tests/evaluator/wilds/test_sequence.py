"""Island Pineapple's deuce and ace (reference ``island-pineapple``): hand-derived readings, and the vectorised
scoring against a brute force that enumerates every placement of the filled cards and keeps those the rule text
allows.

The brute force is written from the text, not from :func:`~evaluator.wilds.sequence.placement`: for every wild
deuce, alone or with the ace of its suit, it tries every straight window and every way of giving its missing cards
to the fillers, keeps a placement when the deuce took an inside gap of the natural cards if they had one (else the
bottom, or the top where the bottom is off the deck), and the ace the top (Island Pineapple) or a remaining gap,
else the top (straight wilds), and scores the result from the ranking's definition (``key_of``), natural
readings included.
"""

from __future__ import annotations

from itertools import combinations, permutations
from random import Random

import numpy as np
import pytest

from evaluator.rankings import HIGH, Key
from evaluator.values.cards import Card, parse_cards
from evaluator.wilds.sequence import STRAIGHT_WILDS, SUITED_DEUCE, SequenceWilds, placement
from tests.samples import samples

pytestmark = pytest.mark.slow  # random samples reduced in make test, in full under make stress

RULES = {"suited": SUITED_DEUCE, "straight": STRAIGHT_WILDS}
#: Straight windows as card values, 1 standing for an ace that plays low.
WINDOWS = [tuple(range(top - 4, top + 1)) for top in range(5, 15)]


# --- the brute force, from the rule text -------------------------------------------------------------------------


def _gaps(values: list[int]) -> list[int]:
    return [v for v in range(min(values) + 1, max(values)) if v not in values]


def _deuce_allowed(naturals: list[int], spot: int) -> bool:
    """'It fills an inside gap if there is one, otherwise it extends the sequence at the bottom.'"""
    gaps = _gaps(naturals)
    if gaps:
        return spot in gaps
    return spot == (min(naturals) - 1 if min(naturals) > 1 else max(naturals) + 1)


def _ace_allowed(held: list[int], spot: int, ace: str) -> bool:
    """Island Pineapple: 'the ace ... may fill a second missing card at the top'; straight wilds: 'a second gap',
    with a choice at the top."""
    gaps = _gaps(held)
    if ace == "top":
        return not gaps and spot == max(held) + 1
    if gaps:
        return spot in gaps
    return spot == (max(held) + 1 if max(held) < 14 else min(held) - 1)


def _rank(value: int) -> int:
    return 12 if value == 1 else value - 2


def brute_force_key(rule: SequenceWilds, row: list[int]) -> Key:
    best = HIGH.key_of([c >> 2 for c in row], len({c & 3 for c in row}) == 1)
    suited = len({c & 3 for c in row}) == 1
    for col, card in enumerate(row):
        if card >> 2 != 0 or (rule.fills == "straight-flush" and not suited):
            continue
        suit = card & 3
        ace = 48 + suit
        others = [c for i, c in enumerate(row) if i != col]
        for fillers in (1, 2):
            if fillers == 2 and ace not in others:
                continue
            naturals = [c for c in others if fillers == 1 or c != ace]
            for window in WINDOWS:
                values = [1 if c >> 2 == 12 and 1 in window else (c >> 2) + 2 for c in naturals]
                if len(set(values)) != len(values) or not set(values) <= set(window):
                    continue
                for spots in permutations(sorted(set(window) - set(values))):
                    if not _deuce_allowed(values, spots[0]):
                        continue
                    if fillers == 2 and not _ace_allowed([*values, spots[0]], spots[1], rule.ace):
                        continue
                    ranks = [c >> 2 for c in naturals] + [_rank(v) for v in spots]
                    flush = len({c & 3 for c in naturals} | {suit}) == 1
                    best = max(best, HIGH.key_of(ranks, flush))
    return best


def fast_keys(rule: SequenceWilds, rows: list[list[int]]) -> list[Key]:
    cards = np.array(rows, dtype=np.int64)
    scores = rule.rescore(HIGH, cards, HIGH.evaluate_many(cards))
    return [HIGH.key(int(s)) for s in scores]


# --- hand-derived readings -------------------------------------------------------------------------------------

#: (rule, cards, category, description, substitutions "wild>card")
READINGS = [
    ("suited", "2s Ts Js Qs Ks", "straight-flush", "Straight flush, king high", "2s>9s"),
    ("suited", "2h 5h 6h 8h 9h", "straight-flush", "Straight flush, nine high", "2h>7h"),
    ("suited", "2h 9h Th Jh Kh", "straight-flush", "Straight flush, king high", "2h>Qh"),
    ("suited", "2s As 6s 7s 8s", "straight-flush", "Straight flush, nine high", "2s>5s As>9s"),
    ("suited", "2h Ah 9h Th Jh", "straight-flush", "Straight flush, queen high", "2h>8h Ah>Qh"),
    ("suited", "2h Ah 9h Th Qh", "straight-flush", "Straight flush, king high", "2h>Jh Ah>Kh"),
    ("suited", "2h Ah Th Jh Qh", "straight-flush", "Royal flush", "2h>Kh"),
    ("suited", "2d Ad Kd Qd Jd", "straight-flush", "Royal flush", "2d>Td"),
    ("suited", "2s As 3s 4s 5s", "straight-flush", "Straight flush, six high", "As>6s"),
    ("suited", "2s As 5s 7s 9s", "flush", "Flush, ace high (A-9-7-5-2)", ""),
    ("suited", "2h 8h 9h Jh Kh", "flush", "Flush, king high (K-J-9-8-2)", ""),
    ("suited", "2s 5h 6h 8h 9h", "high-card", "High card, nine (9-8-6-5-2)", ""),
    ("suited", "2s Ts Jh Qd Kc", "high-card", "High card, king (K-Q-J-T-2)", ""),
    ("straight", "2s Ts Jh Qd Kc", "straight", "Straight, king high", "2s>9s"),
    ("straight", "2s 5h 6h 8h 9h", "straight", "Straight, nine high", "2s>7s"),
    ("straight", "2h 5h 6h 8h 9h", "straight-flush", "Straight flush, nine high", "2h>7h"),
    ("straight", "8c 2d Th 2s Jc", "pair", "Pair of twos, kickers J-T-8", ""),
    ("straight", "Ac 2d 2h 4s 5c", "straight", "Straight, five high", "2d>3d"),
    ("straight", "2c 2d 3h 4s 5c", "straight", "Straight, five high", "2c>Ac"),
    ("straight", "2c Ac 3d 4h 5s", "straight", "Straight, six high", "Ac>6c"),
    ("straight", "2s As 5h 7h 9h", "straight", "Straight, nine high", "2s>6s As>8s"),
    ("straight", "9c Tc Qd 2s As", "straight", "Straight, king high", "2s>Js As>Ks"),
    ("straight", "9c Tc Jd 2s As", "straight", "Straight, queen high", "2s>8s As>Qs"),
    ("straight", "Qc Kd Ac 2h Ah", "straight", "Straight, ace high", "2h>Jh Ah>Th"),
]


@pytest.mark.parametrize(("rule", "cards", "category", "description", "substituted"), READINGS,
                         ids=[f"{r}:{c}" for r, c, *_ in READINGS])
def test_the_rule_places_the_deuce_and_the_ace(rule: str, cards: str, category: str, description: str,
                                                substituted: str) -> None:
    row = [int(c) for c in parse_cards(cards)]
    cards_in = np.array([row], dtype=np.int64)
    score = int(RULES[rule].rescore(HIGH, cards_in, HIGH.evaluate_many(cards_in))[0])
    played, substitutions = RULES[rule].best_reading(HIGH, row, score)
    described = HIGH.describe(score, played)
    assert (described.category, described.description) == (category, description)
    assert HIGH.evaluate(played) == score
    assert " ".join(f"{w}>{a}" for w, a in substitutions) == substituted


def test_placement_is_the_rule_text() -> None:
    ranks = {str(r): i for i, r in enumerate("23456789TJQKA")}

    def fill(naturals: str, fillers: int, ace: str) -> str | None:
        spots = placement([ranks[r] for r in naturals], fillers, ace)  # type: ignore[arg-type]
        return None if spots is None else "".join("23456789TJQKA"[s] for s in spots)

    assert fill("TJQK", 1, "top") == "9"  # no inside gap: at the bottom, never the ace on top
    assert fill("5689", 1, "top") == "7"  # the inside gap
    assert fill("5789", 1, "top") == "6"
    assert fill("578T", 1, "top") is None  # two gaps for one deuce
    assert fill("678", 2, "top") == "59"  # the deuce at the bottom, the ace at the top
    assert fill("679", 2, "top") == "8T"  # the deuce in the gap, the ace at the top
    assert fill("579", 2, "top") is None  # the ace may not fill an inside gap
    assert fill("579", 2, "gap") == "68"  # ... in the straight-wilds variation it may
    assert fill("QKA", 2, "gap") == "JT"  # the top is off the deck: the ace goes at the bottom
    assert fill("A234", 1, "gap") == "5"  # the bottom is off the deck: the deuce goes at the top
    assert fill("2345", 1, "gap") == "A"  # below a 2 is an ace playing low: the wheel
    assert fill("A345", 1, "top") == "2"  # the wheel's inside gap
    assert fill("TTJQ", 1, "top") is None  # a pair among the naturals


# --- against the brute force ---------------------------------------------------------------------------------


def _check(rule: SequenceWilds, rows: list[list[int]]) -> None:
    fast = fast_keys(rule, rows)
    for row, key in zip(rows, fast, strict=True):
        assert key == brute_force_key(rule, row), [str(Card(c)) for c in row]


def test_every_suited_row_with_the_deuce_matches_the_brute_force() -> None:
    rows = [[0 * 4 + 3, *(r * 4 + 3 for r in others)] for others in combinations(range(1, 13), 4)]
    _check(SUITED_DEUCE, rows)
    _check(STRAIGHT_WILDS, rows)


@pytest.mark.parametrize("rule", ["suited", "straight"])
def test_every_two_suit_row_with_a_deuce_matches_the_brute_force(rule: str) -> None:
    deck = [r * 4 + s for r in range(13) for s in (1, 2)]
    rows = [list(row) for row in combinations(deck, 5) if any(c >> 2 == 0 for c in row)]
    _check(RULES[rule], rows)


@pytest.mark.parametrize("rule", ["suited", "straight"])
def test_random_rows_match_the_brute_force(rule: str) -> None:
    rng = Random(20240611)
    rows = []
    for _ in range(samples(1500, 6000)):
        suit = rng.randrange(4)
        pool = [r * 4 + suit for r in range(13)] if rng.random() < 0.4 else list(range(52))
        row = list(dict.fromkeys([*rng.sample(pool, 4), rng.randrange(4)]))  # and a deuce
        while len(row) < 5:
            card = rng.choice(pool)
            if card not in row:
                row.append(card)
        rng.shuffle(row)
        rows.append(row)
    _check(RULES[rule], rows)


@pytest.mark.parametrize("rule", ["suited", "straight"])
def test_a_row_without_a_deuce_keeps_its_natural_score(rule: str) -> None:
    rng = Random(7)
    rows = np.array([rng.sample(range(4, 52), 5) for _ in range(500)], dtype=np.int64)
    natural = HIGH.evaluate_many(rows)
    assert (RULES[rule].rescore(HIGH, rows, natural) == natural).all()


@pytest.mark.parametrize("rule", ["suited", "straight"])
def test_the_best_reading_reaches_the_score_and_only_substitutes_fillers(rule: str) -> None:
    rng = Random(11)
    for _ in range(samples(500, 2000)):
        suit = rng.randrange(4)
        row = [suit, *rng.sample([r * 4 + rng.choice((suit, suit, rng.randrange(4))) for r in range(1, 13)], 4)]
        if len(set(row)) < 5:
            continue
        cards = np.array([row], dtype=np.int64)
        score = int(RULES[rule].rescore(HIGH, cards, HIGH.evaluate_many(cards))[0])
        played, substitutions = RULES[rule].best_reading(HIGH, row, score)
        assert HIGH.evaluate(played) == score
        assert all(w.rank in (0, 12) and a.suit == w.suit for w, a in substitutions)
        assert len(substitutions) <= 2
