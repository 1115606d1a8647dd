"""Declared hands (Tic Tac Toe with Posts): every claim looked up at once (:func:`hands_of`, each combination's
slots as bits, the claims scored in one call) gives each seat the hand that comparing the cards of each of his
combinations gives (:func:`hand_of`), on seeded random claims: hands he can make, cards he cannot use, a card
twice, with the game's lines, any five cards, and a flat board; and both give what the straightforward reading gives
(the first matching combination alone, as one row of candidates, spelled out by :func:`played_hand`)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

import numpy as np
import pytest

from evaluator.catalog import variant_named
from evaluator.engine.claimed import hand_of, hands_of
from evaluator.engine.slots import board_slots, own_slots
from evaluator.formation import Candidates, Formation, Slot, candidates
from evaluator.hands.played import played_hand
from evaluator.hands.spec import HandSpec
from evaluator.results import PlayedHand
from evaluator.values.cards import Card, card_of
from evaluator.values.deal import Deal, Seat
from tests.samples import samples

POSTS = variant_named("tic-tac-toe-posts")


def _claim(rng: random.Random, spec: HandSpec, seat: Seat, board: Sequence[Slot], deck: Sequence[Card]
           ) -> tuple[Card, ...]:
    """Mostly a legal combination of his; else any cards of his and the board, a card not his, or a card twice (a
    claim of another size never gets here: the deal's check refuses it)."""
    size = spec.ranking.size
    usable = [s.card for s in (*own_slots(seat), *board)]
    kind = rng.random()
    if kind < 0.5:
        found = candidates(spec.formation, size, own_slots(seat), board)
        if len(found.combos):
            row = found.cards()[rng.randrange(len(found.combos))].tolist()
            return tuple(card_of(c) for c in rng.sample(row, len(row)))
    if kind < 0.75:
        return tuple(card_of(c) for c in rng.sample(usable, min(size, len(usable))))
    cards = [card_of(c) for c in rng.sample(usable, min(size, len(usable)))]
    if kind < 0.9:
        cards[0] = rng.choice([c for c in deck if int(c) not in usable])
    else:
        cards[0] = cards[-1]
    return tuple(cards)


def _straightforward(spec: HandSpec, seat: Seat, cards: Sequence[Card], board: Sequence[Slot], layout: bool
                     ) -> PlayedHand | None:
    """The first combination of exactly these cards, by comparing each one's cards, alone as one row of candidates,
    spelled out by :func:`played_hand`."""
    found = candidates(spec.formation, spec.ranking.size, own_slots(seat), board)
    wanted = sorted(int(c) for c in cards)
    for row, combo in enumerate(found.cards().tolist()):
        if sorted(combo) == wanted:
            one = Candidates(slots=found.slots, combos=found.combos[row:row + 1], groups=found.groups,
                             group_of=found.group_of[row:row + 1])
            return played_hand(spec, one, np.array([spec.ranking.evaluate(wanted)]), layout=layout)
    return None


@pytest.mark.parametrize("formation", ["lines", "any-five", "flat"])
def test_every_claim_at_once_finds_what_comparing_each_combination_finds(formation: str) -> None:
    rng = random.Random(f"claims {formation}")
    spec = POSTS.hands[0]
    if formation == "any-five":
        spec = replace(spec, formation=Formation())
    positions = POSTS.board.layout.required if POSTS.board.layout and formation != "flat" else ()
    for _ in range(samples(60, 600)):
        suits = rng.choice((4, 3, 2))
        deck = [card_of(c) for c in range(52) if c & 3 < suits]
        rng.shuffle(deck)
        table = deck[:9]
        players = rng.randint(2, min(12, (len(deck) - 9) // 2))
        seats = tuple(Seat(id=f"p{i}", hole=tuple(deck[9 + 2 * i:11 + 2 * i])) for i in range(players))
        deal = Deal(seats=seats, board=tuple(table), positions=tuple(positions) or None, pot=10)
        board = board_slots(deal, POSTS if positions else None)
        claims = [(seat, _claim(rng, spec, seat, board, deck)) for seat in seats]
        layout = bool(positions)
        one_by_one = [hand_of(spec, seat, cards, board, layout) for seat, cards in claims]
        assert hands_of(spec, claims, board, layout) == one_by_one, claims
        assert one_by_one == [_straightforward(spec, seat, cards, board, layout) for seat, cards in claims], claims
