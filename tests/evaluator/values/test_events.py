"""Play-time events read from a request: a list of cards read card by card, and the order of the face-up cards
checked against the players' own (its problems, words and pointers)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from evaluator.values.cards import Card, card_of
from evaluator.values.deal import Seat
from evaluator.values.errors import Problem
from evaluator.values.events import EventSpec, parse_events

UP_ORDER = EventSpec(name="up_order", kind="cards", description="the face-up cards in the order dealt",
                     face_up_order=True)


def _order_problems_by_counting(pointer: str, order: list[Card], seats: list[Seat]) -> list[Problem]:
    """The order's problems by the rule spelled out: the cards it leaves out, those it adds, and only then each
    player whose face-up cards it deals in another order than his own list."""
    face_up, listed = Counter(c for s in seats for c in s.up), Counter(order)
    missing, extra = face_up - listed, listed - face_up
    problems = []
    if missing:
        problems.append(Problem(pointer, "event-contradicts-cards", "the order of face-up cards leaves out "
                                + ", ".join(str(c) for c in sorted(missing)) + ", dealt face up"))
    if extra:
        problems.append(Problem(pointer, "event-contradicts-cards", "the order of face-up cards lists "
                                + ", ".join(str(c) for c in sorted(extra)) + ", which no player has face up"))
    if not missing and not extra:
        position = {c: i for i, c in enumerate(order)}
        problems += [Problem(pointer, "event-contradicts-cards", f"the order of face-up cards deals /players/{i}/up "
                             "in another order than the player's own list")
                     for i, seat in enumerate(seats)
                     if [position[c] for c in seat.up] != sorted(position[c] for c in seat.up)]
    return problems


def _table(rng: random.Random) -> tuple[list[Seat], list[Card]]:
    """Three to eight players with up to four face-up cards each, and those cards in an order they were dealt."""
    deck = [card_of(c) for c in range(52)]
    rng.shuffle(deck)
    seats, streets = [], []
    for i in range(rng.randint(3, 8)):
        up = [deck.pop() for _ in range(rng.randint(0, 4))]
        seats.append(Seat(id=f"p{i}", up=tuple(up)))
        streets.append(up)
    order = [up[street] for street in range(4) for up in streets if street < len(up)]
    return seats, order


@pytest.mark.parametrize("seed", range(300))
def test_an_order_of_face_up_cards_has_the_problems_the_rule_spells_out(seed: int) -> None:
    rng = random.Random(seed)
    seats, order = _table(rng)
    change = seed % 5
    if change == 1 and order:
        order.pop(rng.randrange(len(order)))  # a card left out
    elif change == 2:
        order.insert(rng.randrange(len(order) + 1), rng.choice([*order, card_of(rng.randrange(52))]))  # one more
    elif change == 3 and len(order) > 1:
        i, j = rng.sample(range(len(order)), 2)
        order[i], order[j] = order[j], order[i]  # two swapped
    elif change == 4 and order:
        order[rng.randrange(len(order))] = card_of(rng.randrange(52))  # one replaced (perhaps by itself)
    raw = {"up_order": [str(c) for c in order]}
    parsed, problems = parse_events([UP_ORDER], raw, seats, [])
    assert problems == _order_problems_by_counting("/events/up_order", order, seats)
    assert parsed == {"up_order": tuple(order)}


def test_every_bad_card_of_a_list_is_a_problem_at_its_own_pointer_in_order() -> None:
    raw = {"up_order": ["As", "Zz", 7, "kd", "10h", None]}
    parsed, problems = parse_events([UP_ORDER], raw, [Seat(id="a", up=(Card("As"),))], [])
    assert [(p.pointer, p.code) for p in problems] == [("/events/up_order/1", "bad-card"),
                                                        ("/events/up_order/2", "bad-card"),
                                                        ("/events/up_order/5", "bad-card")]
    assert problems[0].detail.startswith("'Zz' is not a card") and problems[1].detail.startswith("7 is not a card")
    assert parsed == {}
