"""The usable cards of some ranks (``_of_ranks``, every rank-based wild rule's reading), found by set lookups of each
rank's four cards, against the plain reading: each card's rank tested, a joker having none."""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest

from evaluator.values.cards import JOKER_BASE, MAX_JOKERS, Card, card_of
from evaluator.wilds.rules import _of_ranks
from tests.samples import samples

pytestmark = pytest.mark.slow  # random samples reduced in make test, in full under make stress


def _read_plainly(cards: Iterable[Card], ranks: Iterable[int]) -> frozenset[Card]:
    wanted = set(ranks)
    return frozenset(c for c in cards if not c.is_joker and c.rank in wanted)


def test_the_cards_of_some_ranks_are_those_whose_rank_is_one_of_them_jokers_never() -> None:
    """Seeded hands (jokers and repeated cards among them, as lists, tuples and sets) and ranks (none, repeated,
    and numbers that are no rank: a joker's -1, 13)."""
    rng = random.Random("cards of ranks")
    deck = [card_of(c) for c in range(JOKER_BASE + MAX_JOKERS)]
    found = 0
    for _ in range(samples(750, 3000)):
        cards = [rng.choice(deck) for _ in range(rng.randint(0, 12))]
        ranks = [rng.choice([-1, 13, *range(13)]) for _ in range(rng.randint(0, 3))]
        shape = rng.choice((list, tuple, frozenset))
        got = _of_ranks(shape(cards), ranks)
        assert got == _read_plainly(cards, ranks)
        assert all(type(c) is Card for c in got)
        found += bool(got)
    assert found > samples(150, 600)  # cards found, not only empty sets
