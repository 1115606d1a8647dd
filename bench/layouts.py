"""The heaviest layout games (issue 3): milliseconds per showdown, adjudicated end to end in-process.

Spots (three hands per player, 8 lines), Real Poker (declarations, 4 exposure sets), Oh Shit (two rows, high and
low) and Ponsi (any 5 of 10, declarations), each with as many players as the deck allows up to 10, on seeded deals
from the variant's own example generator.
"""

from __future__ import annotations

import random
import time

from evaluator import Deal, Seat, adjudicate, example_request, parse_cards, variant_named
from evaluator.variant import Variant

__all__ = ["run_layouts"]

GAMES = ("spots", "real-poker", "oh-shit", "ponsi")


def _players(variant: Variant) -> int:
    layout = variant.board.layout
    board = len(layout.required) if layout else variant.board.count.max
    own = variant.hole.max + (variant.up.max if variant.up.max < 99 else 0)
    return min(10, variant.seating.max, (52 - board) // own)


def _deal(variant: Variant, players: int, seed: int) -> Deal:
    shape = example_request(variant, players=players)
    deck = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    random.Random(seed).shuffle(deck)
    board = shape.get("board", [])
    positions = list(board) if isinstance(board, dict) else None
    cards = parse_cards([deck.pop() for _ in board])
    seats = tuple(Seat(id=p["id"], hole=parse_cards([deck.pop() for _ in p["hole"]]), declare=p.get("declare"))
                  for p in shape["players"])
    return Deal(seats=seats, board=cards, positions=tuple(positions) if positions else None, pot=100 * players)


def run_layouts(deals: int = 30, min_seconds: float = 0.5) -> str:
    rows = ["## Heaviest layouts", "",
            "| game | players | hands per player | combinations per showdown | ms per showdown |",
            "|---|---:|---:|---:|---:|"]
    for game in GAMES:
        variant = variant_named(game)
        players = _players(variant)
        sample = [_deal(variant, players, seed) for seed in range(deals)]
        from evaluator.engine.slots import board_slots, own_slots
        from evaluator.formation import candidates
        combos = sum(len(candidates(h.formation, h.ranking.size, own_slots(sample[0].seats[0]),
                                    board_slots(sample[0], variant)).combos) for h in variant.hands) * players
        calls, start = 0, time.perf_counter()
        while time.perf_counter() - start < min_seconds:
            adjudicate(variant, sample[calls % deals])
            calls += 1
        per = (time.perf_counter() - start) / calls
        rows.append(f"| {game} | {players} | {len(variant.hands)} | {combos:,} | {per * 1000:.1f} |")
    rows += ["", "Players: as many as a 52-card deck serves, up to 10 (each game's hole cards and board).", ""]
    return "\n".join(rows)
