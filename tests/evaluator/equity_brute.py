"""The brute-force oracle of the equity tests (and of ``stress/equity_oracle.py``): random spots with a few unknown
cards, and their exact expected chips by dealing every ordered draw of the unknown cards and adjudicating each
completed deal, built here independently of :mod:`evaluator.engine.equity`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import permutations
from random import Random

from evaluator.catalog import variant_named
from evaluator.engine.equity import Spot
from evaluator.engine.showdown import adjudicate
from evaluator.values.cards import Card
from evaluator.values.deal import Deal, Seat
from evaluator.values.errors import InvalidShowdown

__all__ = ["SHAPES", "OracleSpot", "brute_force", "random_spot"]


@dataclass(frozen=True)
class Shape:
    """How to deal one game: hole and up cards per player, a flat board's size or a layout's positions."""

    variant: str
    hole: int
    up: int = 0
    board: int = 0
    layout: bool = False


SHAPES: dict[str, Shape] = {
    "texas-holdem": Shape("texas-holdem", hole=2, board=5),
    "omaha-hi-lo-8": Shape("omaha-hi-lo-8", hole=4, board=5),
    "seven-card-stud-hi-lo-8": Shape("seven-card-stud-hi-lo-8", hole=3, up=4),
    "iron-cross": Shape("iron-cross", hole=5, layout=True),
    "follow-the-queen": Shape("follow-the-queen", hole=3, up=4),
}


@dataclass(frozen=True)
class OracleSpot:
    variant: str
    spot: Spot
    #: The completed deal's cards: board, then each player's hole and up (None where unknown).
    unknown: int


def random_spot(rng: Random, name: str, unknown: int, left: int, players: int | None = None) -> OracleSpot:
    """A spot of ``name`` with ``unknown`` cards to come and ``left`` cards in the deck for them (the rest dead),
    the money as one pot or as contributions with side pots."""
    shape = SHAPES[name]
    variant = variant_named(name)
    n = players or rng.randint(2, 4)
    deck = sorted(variant.deck.cards)
    rng.shuffle(deck)
    positions = variant.board.layout.names if shape.layout and variant.board.layout else None
    board_size = len(positions) if positions else shape.board
    holes = [[deck.pop() for _ in range(shape.hole)] for _ in range(n)]
    ups = [[deck.pop() for _ in range(shape.up)] for _ in range(n)]
    board = [deck.pop() for _ in range(board_size)]
    places = [("board", 0, j) for j in range(board_size)]
    places += [("hole", i, j) for i in range(n) for j in range(shape.hole)]
    places += [("up", i, j) for i in range(n) for j in range(shape.up)]
    open_board: list[Card | None] = list(board)
    open_holes: list[list[Card | None]] = [list(h) for h in holes]
    open_ups: list[list[Card | None]] = [list(u) for u in ups]
    for kind, i, j in rng.sample(places, unknown):
        if kind == "board":
            open_board[j] = None
        elif kind == "hole":
            open_holes[i][j] = None
        else:
            open_ups[i][j] = None
    hidden = [c for c in (*board, *(c for h in holes for c in h), *(c for u in ups for c in u))
              if c not in open_board and all(c not in h for h in open_holes) and all(c not in u for u in open_ups)]
    rest = deck + hidden  # the unknown cards go back to the deck; all but ``left`` of it are dead
    rng.shuffle(rest)
    dead = tuple(rest[left:])
    seats = tuple(Seat(id=f"p{i}") for i in range(n))
    if rng.random() < 0.5:
        money: dict[str, object] = {"pot": rng.randint(1, 500)}
    else:
        money = {"contributions": {s.id: rng.choice((10, 25, 40, 40, 101)) for s in seats}}
    deal = Deal(seats=seats, **money)  # type: ignore[arg-type]
    spot = Spot(deal=deal, board=tuple(open_board), positions=positions, hole=tuple(map(tuple, open_holes)),
                up=tuple(map(tuple, open_ups)), dead=dead)
    return OracleSpot(variant=name, spot=spot, unknown=unknown)


def _up_order(ups: Sequence[Sequence[Card]]) -> list[str]:
    """Every face-up card street by street, in seat order."""
    return [str(u[j]) for j in range(max(map(len, ups), default=0)) for u in ups if j < len(u)]


def brute_force(case: OracleSpot) -> tuple[dict[str, Fraction], int]:
    """Each player's expected chips over every ordered draw of the unknown cards (void deals left out), and how
    many draws were settled."""
    spot = case.spot
    variant = variant_named(case.variant)
    known = {c for c in spot.board if c is not None}
    known |= {c for h in (*spot.hole, *spot.up) for c in h if c is not None}
    deck = sorted(c for c in variant.deck.cards if c not in known and c not in spot.dead)
    totals = {s.id: 0 for s in spot.deal.seats}
    settled = 0
    for draw in permutations(deck, case.unknown):
        cards = iter(draw)
        board = tuple(c if c is not None else next(cards) for c in spot.board)
        holes = [tuple(c if c is not None else next(cards) for c in h) for h in spot.hole]
        ups = [tuple(c if c is not None else next(cards) for c in u) for u in spot.up]
        seats = tuple(Seat(id=s.id, hole=h, up=u) for s, h, u in zip(spot.deal.seats, holes, ups, strict=True))
        events = {"up_order": _up_order(ups)} if variant.events else {}
        deal = Deal(seats=seats, board=board, positions=spot.positions, pot=spot.deal.pot,
                    contributions=spot.deal.contributions, events=events)
        try:
            result = adjudicate(variant, deal)
        except InvalidShowdown:
            continue
        settled += 1
        for player, chips in result.payouts.items():
            totals[player] += chips
    return {p: Fraction(t, settled) for p, t in totals.items()}, settled
