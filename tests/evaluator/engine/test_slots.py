"""A player's own cards as slots (:func:`evaluator.engine.slots.own_slots`): the hole cards' slots read from one
list per hole index are the very slots the cached constructor gives, for cards and for plain ints alike."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

import evaluator.engine.slots as slots
from evaluator.formation import HOLE
from evaluator.values.cards import JOKER_BASE, MAX_JOKERS, card_of


@given(numbers=st.lists(st.integers(0, JOKER_BASE + MAX_JOKERS - 1), max_size=20), plain=st.booleans())
def test_hole_slots_read_by_index_and_card_are_the_cached_slots(numbers: list[int], plain: bool) -> None:
    """Each hole card's slot (by its index, up to 20 cards: past the lists' 16 indexes too) is the one
    ``_slot(HOLE, i, card)`` answers, the same object, its card of the type it was given (a plain int stays one)."""
    cards = numbers if plain else [card_of(n) for n in numbers]
    found = slots._hole_slots(cards)
    expected = [slots._slot(HOLE, i, c) for i, c in enumerate(cards)]
    assert all(a is b for a, b in zip(found, expected, strict=True))
    assert [type(s.card) for s in found] == [type(c) for c in cards]
