"""Odds mid-hand: every player's expected chips, share by share, over every way the unknown cards can fall.

A :class:`Spot` is a showdown with some cards still unknown: board cards to come (a short flat board, missing or
``None`` layout positions), ``None`` in place of hole or up cards, and ``dead`` cards seen folded or burned. Each
*runout* puts cards from the rest of the deck in the unknown places, and the engine (:func:`evaluator.adjudicate`)
settles the completed showdown; the answer is the average over the runouts of every player's chips, per pot and
share, with how often he wins, ties or scoops.

- **Exact**: every runout, once each. Where the order of the cards cannot matter (no wild cards, events or deal
  rules), the cards of one place (the board, a player's hole cards) are enumerated as combinations, otherwise as
  ordered draws (Follow the Queen's wild rank depends on which queen came last).
- **Monte Carlo**: ``samples`` runouts drawn uniformly with a seeded generator, reported with the standard error
  and a 95% interval; :func:`evaluator.values.budget.check_deadline` is called as it runs.
- **The vectorised path**: on a flat board where only board cards are unknown (for Monte Carlo, hole cards too)
  and every hand is one the batch evaluators of :mod:`evaluator.engine.fast_paths` score (best high of 5 to 7 cards,
  Omaha high, Omaha eight-or-better low), every runout is scored in numpy; runouts are grouped by the order of the
  players' hands (who beats whom, who qualifies), and each group's pots are divided once, by the engine's own
  :func:`evaluator.engine.division.divide`.

Face-up cards still to come are dealt after the known ones, street by street in seat order; where the variant reads
the order of the face-up cards (``events.up_order``), the runout's cards follow the order the request gives (or,
without one, the known cards street by street in seat order).
"""

from __future__ import annotations

import math
import random
import secrets
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations, permutations
from typing import Final, Literal

import numpy as np
import numpy.typing as npt

from evaluator.engine.cost import showdown_cost
from evaluator.engine.division import PotResult, divide
from evaluator.engine.fast_paths import best_high, omaha_high, omaha_low8
from evaluator.engine.showdown import adjudicate
from evaluator.engine.validation import check_deal
from evaluator.formation import Count, Formation, Pick
from evaluator.rankings import HIGH, LOW_A5, NO_HAND, LowQualifier
from evaluator.results import SEPARATOR, PlayedHand
from evaluator.values.budget import MAX_WORK_PER_REQUEST, charge, check_deadline, over_budget
from evaluator.values.cards import Card, parse_card
from evaluator.values.deal import Deal
from evaluator.values.errors import CardSyntaxError, InvalidShowdown, Problem
from evaluator.variant import HandSpec, Variant

__all__ = [
    "DEFAULT_SAMPLES",
    "FAST_DIVISOR",
    "MAX_EQUITY_WORK",
    "RUNOUT_OVERHEAD",
    "RUNOUT_WEIGHT",
    "Equities",
    "Method",
    "Plan",
    "PlayerOdds",
    "PotOdds",
    "ShareOdds",
    "Spot",
    "equities",
    "equity_summary",
    "plan_equities",
    "run_plan",
    "warm_up",
]

Method = Literal["auto", "exact", "monte-carlo"]

#: Work units one equity request may spend (see :func:`plan_equities`), about a microsecond each: 20 times a
#: showdown's budget, so that heads-up Hold'em preflop fits exactly (1,712,304 runouts) and no request runs past a
#: couple of seconds (the figures are in bench/equity_last_run.md).
MAX_EQUITY_WORK: Final = 4_000_000
#: Work units of one runout settled by the engine: its combinations, weighted by :data:`RUNOUT_WEIGHT` (what the
#: showdown's estimate leaves out: searches again per board group, declarations, wild cards), plus an adjudication's
#: fixed cost, which dominates small showdowns. Chosen so that the slowest catalog game to fill the budget this way
#: (Elevator with wild cards) still answers within the deadline.
RUNOUT_OVERHEAD: Final = 3_000
RUNOUT_WEIGHT: Final = 4
#: The vectorised path scores a runout's combinations this many times cheaper than the engine (a conservative
#: reading of bench/equity.py's figures for Hold'em and Omaha-8).
FAST_DIVISOR: Final = 20
#: Monte Carlo samples when the request gives neither ``samples`` nor ``precision``.
DEFAULT_SAMPLES: Final = 10_000
#: The pot a request with no chips in is settled for, so that each share of it is the player's fraction of any pot:
#: divisible by every count of winners up to 16 in each quarter of it (halves, and halves of halves), so ties split
#: it without odd chips.
NOTIONAL_POT: Final = 4 * 720_720
#: The normal quantile of a two-sided 95% interval.
Z95: Final = 1.959963984540054
#: Random completions tried to find one the engine accepts (the others may break a rule only by bad luck).
_TRIES: Final = 20
#: Runouts scored per numpy call on the vectorised path.
_CHUNK: Final = 100_000

OpenCards = tuple[Card | None, ...]


@dataclass(frozen=True, kw_only=True)
class Spot:
    """A showdown with unknown cards: ``deal`` carries the players, money and events (its seats' ``hole`` and
    ``up`` and its board are replaced by these, where ``None`` is a card still unknown); ``positions`` names the
    layout position of each ``board`` card (None for a flat board); ``dead`` cards are out of the deck."""

    deal: Deal
    board: OpenCards = ()
    positions: tuple[str, ...] | None = None
    hole: tuple[OpenCards, ...] = ()
    up: tuple[OpenCards, ...] = ()
    dead: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class _Place:
    """Where one unknown card goes: ``board`` (index into the board), ``hole`` or ``up`` of seat ``seat``."""

    kind: Literal["board", "hole", "up"]
    seat: int
    index: int


@dataclass(frozen=True, kw_only=True)
class Plan:
    """What an equity request will do: the method, the runouts (all, or the samples), and their cost."""

    game: Variant
    variant: Variant
    options: Mapping[str, str]
    spot: Spot
    places: tuple[_Place, ...]
    deck: tuple[Card, ...]
    method: Literal["exact", "monte-carlo"]
    runouts: int
    exact_runouts: int
    ordered: bool
    fast: bool
    cost: int
    seed: int | None
    up_order: tuple[str, ...] | None
    #: No chips were in: the spot carries :data:`NOTIONAL_POT` in their place, and the answer reads as fractions.
    notional: bool = False


@dataclass(frozen=True, kw_only=True)
class ShareOdds:
    """One share of one pot (``high``, ``low``, ``split``...) for one player."""

    share: str
    chips: int
    squares: int
    wins: int
    ties: int


@dataclass(frozen=True, kw_only=True)
class PotOdds:
    pot: int
    chips: int
    scoops: int
    shares: tuple[ShareOdds, ...]


@dataclass(frozen=True, kw_only=True)
class PlayerOdds:
    """One player's totals over the runouts: chips won (and their squares, for the standard error), per pot."""

    id: str
    chips: int
    squares: int
    pots: tuple[PotOdds, ...]


@dataclass(frozen=True, kw_only=True)
class Equities:
    """The answer: sums over ``runouts`` (divide by it for expectations and probabilities)."""

    variant: Variant
    options: Mapping[str, str]
    method: Literal["exact", "monte-carlo"]
    runouts: int
    void_runouts: int
    seed: int | None
    unknown_cards: int
    money_in: int
    pots: tuple[tuple[int, tuple[str, ...]], ...]
    players: tuple[PlayerOdds, ...]
    carried_over: int
    fast: bool = False
    #: No chips were in: ``money_in`` is :data:`NOTIONAL_POT`, and each share of it reads as a fraction of the pot.
    notional: bool = False
    #: Chips given back to their owner before any pot was built (the uncalled part of the largest contribution),
    #: whatever the runout; counted in each player's ``chips`` (once per runout), in no pot.
    returned: Mapping[str, int] = field(default_factory=dict)

    def expected(self, chips: int) -> float:
        return chips / self.runouts if self.runouts else 0.0

    def standard_error(self, chips: int, squares: int) -> float | None:
        """Of an expectation, for Monte Carlo (None for an exact answer)."""
        if self.method == "exact" or self.runouts < 2:
            return None
        mean = chips / self.runouts
        variance = max(squares / self.runouts - mean * mean, 0.0) * self.runouts / (self.runouts - 1)
        return math.sqrt(variance / self.runouts)


# --- the places and the deck ------------------------------------------------------------------------------------


def _places(spot: Spot) -> tuple[_Place, ...]:
    """The unknown places in deal order: the players' hole cards, the face-up cards street by street in seat order,
    then the board."""
    places = [_Place("hole", i, j) for i, cards in enumerate(spot.hole) for j, c in enumerate(cards) if c is None]
    streets = max((len(cards) for cards in spot.up), default=0)
    places += [_Place("up", i, j) for j in range(streets) for i, cards in enumerate(spot.up)
               if j < len(cards) and cards[j] is None]
    places += [_Place("board", 0, j) for j, c in enumerate(spot.board) if c is None]
    return tuple(places)


def _known(spot: Spot) -> list[tuple[str, Card]]:
    """Every known card with its JSON pointer."""
    found: list[tuple[str, Card]] = []
    for j, card in enumerate(spot.board):
        if card is not None:
            name = spot.positions[j] if spot.positions is not None else str(j)
            found.append((f"/board/{name}", card))
    for kind, places in (("hole", spot.hole), ("up", spot.up)):
        for i, cards in enumerate(places):
            found += [(f"/players/{i}/{kind}/{j}", c) for j, c in enumerate(cards) if c is not None]
    for i, seat in enumerate(spot.deal.seats):
        for j, hand in enumerate(seat.hands):
            found += [(f"/players/{i}/hands/{j}/hole/{k}", c) for k, c in enumerate(hand.hole)]
    return found


def _deck(game: Variant, spot: Spot, unknown: int) -> tuple[Card, ...]:
    """The cards the runouts deal from: the variant's deck without every known and dead card. Raises
    :class:`InvalidShowdown` for a dead card twice, outside the deck or also dealt, or too few cards left."""
    problems: list[Problem] = []
    known = {card: pointer for pointer, card in _known(spot)}
    dead: dict[Card, int] = {}
    for i, card in enumerate(spot.dead):
        if card not in game.deck:
            problems.append(Problem(f"/dead_cards/{i}", "card-not-in-deck", game.deck.why_not(card)))
        elif card in dead:
            problems.append(Problem(f"/dead_cards/{i}", "duplicate-card", f"duplicate card {card} (also at "
                                    f"/dead_cards/{dead[card]})"))
        elif card in known:
            problems.append(Problem(f"/dead_cards/{i}", "duplicate-card", f"duplicate card {card} (also at "
                                    f"{known[card]})"))
        dead.setdefault(card, i)
    seen = _event_cards(spot.deal.events)
    deck = tuple(sorted(c for c in game.deck.cards if c not in known and c not in dead and c not in seen))
    if unknown > len(deck):
        problems.append(Problem("", "too-few-cards", f"{unknown} unknown cards to deal but only {len(deck)} left in "
                                "the deck"))
    if problems:
        raise InvalidShowdown(problems)
    return deck


def _event_cards(events: Mapping[str, object]) -> set[Card]:
    """Cards named by the events (a designator, the boot...): seen, so never dealt by a runout. The events
    themselves are checked by the engine on every completed deal."""
    found: set[Card] = set()
    for value in events.values():
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, str):
                try:
                    found.add(parse_card(item))
                except CardSyntaxError:
                    continue
    return found


def _whole_board(game: Variant, spot: Spot) -> Spot:
    """The spot with the board cards still to come as ``None``: a flat board shorter than the variant's fixed
    count is completed at its end, and a layout's required positions left out are added (in the layout's order)."""
    layout = game.board.layout
    if layout is not None and spot.positions is not None:
        missing = [name for name in layout.required if name not in spot.positions]
        if missing:
            return replace(spot, board=(*spot.board, *(None,) * len(missing)),
                           positions=(*spot.positions, *missing))
        return spot
    count = game.board.count
    if layout is None and spot.positions is None and count.min == count.max and len(spot.board) < count.max:
        return replace(spot, board=(*spot.board, *(None,) * (count.max - len(spot.board))))
    return spot


def _ordered(game: Variant) -> bool:
    """Whether the order the unknown cards fall in can change the showdown (wild cards, events, deal rules...)."""
    return bool(game.wilds or game.wild_play.restricted or game.events or game.mechanisms
                or game.live_groups is not None or game.hole_sets or game.division.order_matters
                or game.table is not None)


def _groups(places: Sequence[_Place], ordered: bool, layout: bool) -> list[int]:
    """Sizes of the runs of places whose cards are dealt as one combination: a flat board's cards, one player's
    hole cards, his up cards; each layout position is a place of its own, and so is every card when ``ordered``."""
    if ordered:
        return [1] * len(places)
    sizes: dict[tuple[str, int, int], int] = {}
    for place in places:
        key = (place.kind, place.seat, place.index if layout and place.kind == "board" else -1)
        sizes[key] = sizes.get(key, 0) + 1
    return list(sizes.values())


def _count_runouts(n: int, sizes: Sequence[int]) -> int:
    total = 1
    for k in sizes:
        total *= math.comb(n, k)
        n -= k
    return total


def _completion_order(places: Sequence[_Place]) -> list[int]:
    """Indexes of ``places`` sorted so that each combination group's places are contiguous."""
    return sorted(range(len(places)), key=lambda i: (places[i].kind, places[i].seat, i))


# --- completing a deal ------------------------------------------------------------------------------------------


def _up_order_of(game: Variant) -> str | None:
    return next((e.name for e in game.events if e.face_up_order), None)


def _complete(plan_spot: Spot, places: Sequence[_Place], cards: Sequence[Card], up_event: str | None,
              up_order: tuple[str, ...] | None) -> Deal:
    """The deal with ``cards`` in the unknown ``places`` (same order)."""
    board = list(plan_spot.board)
    hole = [list(c) for c in plan_spot.hole]
    up = [list(c) for c in plan_spot.up]
    dealt_up: list[Card] = []
    for place, card in zip(places, cards, strict=True):
        if place.kind == "board":
            board[place.index] = card
        elif place.kind == "hole":
            hole[place.seat][place.index] = card
        else:
            up[place.seat][place.index] = card
            dealt_up.append(card)  # ``places`` lists face-up cards street by street, in seat order
    deal = plan_spot.deal
    seats = tuple(replace(s, hole=tuple(h), up=tuple(u))  # type: ignore[arg-type]
                  for s, h, u in zip(deal.seats, hole, up, strict=True))
    events = deal.events
    if up_event is not None:
        if up_order is None:  # no order given: street by street in seat order
            streets = max((len(u) for u in up), default=0)
            order = [str(u[j]) for j in range(streets) for u in up if j < len(u)]
        else:  # the known cards in the given order, then the runout's in deal order
            order = [*up_order, *(str(c) for c in dealt_up)]
        events = {**events, up_event: order}
    return replace(deal, seats=seats, board=tuple(board), positions=plan_spot.positions,  # type: ignore[arg-type]
                   events=events)


# --- planning ---------------------------------------------------------------------------------------------------


def _valid_completion(game: Variant, spot: Spot, places: Sequence[_Place], deck: Sequence[Card],
                      up_order: tuple[str, ...] | None, seed: int) -> Deal:
    """A completed deal the engine accepts; otherwise the problems of the first one tried (the request's own)."""
    rng = random.Random(seed)
    first: InvalidShowdown | None = None
    up_event = _up_order_of(game)
    for attempt in range(_TRIES):
        cards = list(deck[:len(places)]) if attempt == 0 else rng.sample(list(deck), len(places))
        deal = _complete(spot, places, cards, up_event, up_order)
        try:
            check_deal(game, deal)
            return deal
        except InvalidShowdown as exc:
            if first is None:
                first = exc
            if not places:
                break
    assert first is not None
    raise first


def _fast_kind(spec: HandSpec) -> str | None:
    """Which batch evaluator scores this hand, if one does."""
    if spec.all_from or spec.formation.groups:
        return None
    if spec.ranking is HIGH and spec.qualifier is None and spec.formation == Formation():
        return "high"
    omaha = Formation(picks=(Pick(limits={"hole": Count.exactly(2), "board": Count.exactly(3)}),))
    if spec.formation != omaha:
        return None
    if spec.ranking is HIGH and spec.qualifier is None:
        return "omaha-high"
    if spec.ranking is LOW_A5 and spec.qualifier == LowQualifier(8):
        return "omaha-low8"
    return None


def _fast_ok(game: Variant, spot: Spot, places: Sequence[_Place], holes: bool = False) -> bool:
    """Whether the vectorised path settles this spot exactly as the engine would: unknown board cards only, or
    with ``holes`` (Monte Carlo) unknown hole cards too."""
    allowed = ("board", "hole") if holes else ("board",)
    if _ordered(game) or game.board.layout is not None or any(p.kind not in allowed for p in places):
        return False
    if not game.division.ranks_alone(tuple(h.name for h in game.hands)) or game.odd_chip != "button" \
            or game.wild_play.natural_beats_wild or any(h.short_hands for h in game.hands):
        return False
    board = len(spot.board)
    for i, seat in enumerate(spot.deal.seats):
        if seat.folded:
            continue
        if seat.hands or seat.claim or seat.insured or seat.wild_rank is not None:
            return False
        own = len(spot.hole[i]) + len(spot.up[i])
        for spec in game.hands:
            kind = _fast_kind(spec)
            if kind is None:
                return False
            if kind == "high" and not 5 <= own + board <= 7:
                return False
            if kind != "high" and (len(spot.hole[i]) != 4 or spot.up[i] or board != 5):
                return False
    return bool(game.hands)


def plan_equities(variant: Variant, spot: Spot, options: Mapping[str, str] | None = None, *,
                  method: Method = "auto", samples: int | None = None, precision: float | None = None,
                  seed: int | None = None, budget: int = MAX_EQUITY_WORK) -> Plan:
    """Check the spot and cost it before any runout: exact when every runout fits ``budget`` (or when asked),
    otherwise Monte Carlo with as many samples as asked (``samples``, or enough for a 95% interval of
    ``precision`` on every probability), at most what the budget allows. Raises :class:`InvalidShowdown` for a bad
    spot and :class:`~evaluator.values.errors.ComplexityLimitError` for a request over the budget."""

    chosen, game = variant.resolved_game(options or {})
    spot = _whole_board(game, spot)
    notional = spot.deal.money_in == 0
    if notional:
        spot = replace(spot, deal=replace(spot.deal, pot=NOTIONAL_POT, pots=None, contributions=None, dead=None))
    places = _places(spot)
    deck = _deck(game, spot, len(places))
    raw_order = spot.deal.events.get(_up_order_of(game) or "")
    up_order = tuple(str(c) for c in raw_order) if isinstance(raw_order, list) else None
    check_seed = seed if seed is not None else 0
    sample_deal = _valid_completion(game, spot, places, deck, up_order, check_seed)
    ordered = _ordered(game)
    exact_runouts = _count_runouts(len(deck), _groups(places, ordered, spot.positions is not None))
    fast_exact, fast_sampled = _fast_ok(game, spot, places), _fast_ok(game, spot, places, holes=True)
    combos = showdown_cost(variant, sample_deal, chosen)
    if combos > MAX_WORK_PER_REQUEST:  # one runout alone is a showdown POST /v1/showdowns would refuse
        raise over_budget(combos, MAX_WORK_PER_REQUEST, "one runout's showdown")

    def cost(runouts: int, fast: bool) -> int:
        if fast:
            return -(-runouts * combos // FAST_DIVISOR)
        return runouts * (RUNOUT_WEIGHT * combos + RUNOUT_OVERHEAD)

    exact_cost = cost(exact_runouts, fast_exact)
    wanted = samples
    if wanted is None and precision is not None:
        wanted = math.ceil((Z95 * 0.5 / precision) ** 2)
    use_exact = method == "exact" or (method == "auto" and exact_cost <= budget
                                      and (wanted is None or exact_runouts <= wanted))
    if use_exact:
        if exact_cost > budget:
            raise over_budget(exact_cost, budget, f"the exact odds ({exact_runouts:,} runouts)")
        return Plan(game=game, variant=variant, options=chosen, spot=spot, places=places, deck=deck,
                    method="exact", runouts=exact_runouts, exact_runouts=exact_runouts, ordered=ordered,
                    fast=fast_exact, cost=max(exact_cost, exact_runouts), seed=None, up_order=up_order,
                    notional=notional)
    if fast_sampled:
        most = budget * FAST_DIVISOR // max(combos, 1)
    else:
        most = budget // (RUNOUT_WEIGHT * combos + RUNOUT_OVERHEAD)
    if wanted is None:
        wanted = min(DEFAULT_SAMPLES, most)
    wanted = max(wanted, 1)
    if wanted > most:
        raise over_budget(cost(wanted, fast_sampled), budget, f"{wanted:,} Monte Carlo samples")
    return Plan(game=game, variant=variant, options=chosen, spot=spot, places=places, deck=deck,
                method="monte-carlo", runouts=wanted, exact_runouts=exact_runouts, ordered=ordered,
                fast=fast_sampled, cost=max(cost(wanted, fast_sampled), wanted),
                seed=seed if seed is not None else secrets.randbelow(2**31),
                up_order=up_order, notional=notional)


# --- tallying ---------------------------------------------------------------------------------------------------


@dataclass
class _ShareSum:
    chips: int = 0
    squares: int = 0
    wins: int = 0
    ties: int = 0


@dataclass
class _Tally:
    players: tuple[str, ...]
    runouts: int = 0
    void: int = 0
    carried: int = 0
    chips: dict[str, int] = field(default_factory=dict)
    squares: dict[str, int] = field(default_factory=dict)
    pot_chips: dict[tuple[int, str], int] = field(default_factory=dict)
    scoops: dict[tuple[int, str], int] = field(default_factory=dict)
    shares: dict[tuple[int, str, str], _ShareSum] = field(default_factory=dict)
    pots: dict[int, tuple[int, tuple[str, ...]]] = field(default_factory=dict)
    share_names: dict[int, list[str]] = field(default_factory=dict)
    #: Chips given back before any pot is built (the uncalled part of the largest contribution): whatever the
    #: runout, they are their owner's.
    returned: Mapping[str, int] = field(default_factory=dict)

    def add(self, pots: Sequence[PotResult], weight: int = 1) -> None:
        self.runouts += weight
        won = dict.fromkeys(self.players, 0)
        for k, pot in enumerate(pots):
            self.pots.setdefault(k, (pot.amount, pot.eligible))
            self.carried += pot.carried_over * weight
            names = self.share_names.setdefault(k, [])
            paid_in_pot: dict[str, int] = {}
            for share in pot.shares:
                if share.name not in names:
                    names.append(share.name)
                paid = dict(share.paid)
                for player in pot.eligible:
                    chips = paid.get(player, 0)
                    sums = self.shares.setdefault((k, share.name, player), _ShareSum())
                    sums.chips += chips * weight
                    sums.squares += chips * chips * weight
                    if player in share.winners:
                        if len(share.winners) == 1:
                            sums.wins += weight
                        else:
                            sums.ties += weight
                for player, chips in share.paid:
                    paid_in_pot[player] = paid_in_pot.get(player, 0) + chips
            for player, chips in paid_in_pot.items():
                if player in won:
                    won[player] += chips
                self.pot_chips[(k, player)] = self.pot_chips.get((k, player), 0) + chips * weight
            if pot.shares and not pot.carried_over:
                sole = {s.winners for s in pot.shares}
                if len(sole) == 1 and len(next(iter(sole))) == 1:
                    key = (k, next(iter(sole))[0])
                    self.scoops[key] = self.scoops.get(key, 0) + weight
        for player, chips in won.items():
            chips += self.returned.get(player, 0)
            self.chips[player] = self.chips.get(player, 0) + chips * weight
            self.squares[player] = self.squares.get(player, 0) + chips * chips * weight

    def answer(self, plan: Plan, fast: bool) -> Equities:
        players = []
        for player in self.players:
            pots = []
            for k in sorted(self.pots):
                if player not in self.pots[k][1]:
                    continue
                shares = tuple(ShareOdds(share=name, chips=s.chips, squares=s.squares, wins=s.wins, ties=s.ties)
                               for name in _share_order(plan.game, self.share_names.get(k, []))
                               if (s := self.shares.get((k, name, player))) is not None)
                pots.append(PotOdds(pot=k, chips=self.pot_chips.get((k, player), 0),
                                    scoops=self.scoops.get((k, player), 0), shares=shares))
            players.append(PlayerOdds(id=player, chips=self.chips.get(player, 0),
                                      squares=self.squares.get(player, 0), pots=tuple(pots)))
        return Equities(variant=plan.variant, options=plan.options, method=plan.method, runouts=self.runouts,
                        void_runouts=self.void, seed=plan.seed, unknown_cards=len(plan.places),
                        money_in=plan.spot.deal.money_in, pots=tuple(self.pots[k] for k in sorted(self.pots)),
                        players=tuple(players), carried_over=self.carried, fast=fast, notional=plan.notional,
                        returned={p: c for p, c in self.returned.items() if c})


def _share_order(game: Variant, seen: Sequence[str]) -> list[str]:
    """Shares in the variant's order of hands, then the others (``split``, ``whole-pot``...) by name."""
    order = [h.name for h in game.hands]
    return sorted(seen, key=lambda n: (order.index(n) if n in order else len(order), n))


# --- running ----------------------------------------------------------------------------------------------------


def equities(variant: Variant, spot: Spot, options: Mapping[str, str] | None = None, *, method: Method = "auto",
             samples: int | None = None, precision: float | None = None, seed: int | None = None,
             budget: int = MAX_EQUITY_WORK, fast: bool = True) -> Equities:
    """Plan (:func:`plan_equities`) and run. ``fast=False`` settles every runout with the engine (for tests)."""
    plan = plan_equities(variant, spot, options, method=method, samples=samples, precision=precision, seed=seed,
                         budget=budget)
    return run_plan(plan, fast=fast)


def run_plan(plan: Plan, fast: bool = True) -> Equities:
    """Every runout of the plan (or its samples), settled and tallied."""
    if fast and plan.fast:
        return _run_fast(plan)
    deal = plan.spot.deal
    tally = _Tally(players=tuple(s.id for s in deal.seats), returned=deal.returned([s.id for s in deal.live]))
    up_event = _up_order_of(plan.game)
    for i, cards in enumerate(_runouts(plan)):
        if i % 64 == 0:
            check_deadline()
        deal = _complete(plan.spot, plan.places, cards, up_event, plan.up_order)
        try:
            result = adjudicate(plan.variant, deal, plan.options)
        except InvalidShowdown:  # this runout breaks a rule (a card that voids the deal): it would be redealt
            tally.void += 1
            continue
        tally.add(result.pots if "hands" not in plan.game.reads else _by_player(result.pots))
    if not tally.runouts:
        raise InvalidShowdown([Problem("", "no-valid-runout", f"every one of the {tally.void:,} runouts breaks a rule "
                                       f"of {plan.game.name} (the deal would be void): there are no odds")])
    return tally.answer(plan, fast=False)


def _by_player(pots: Sequence[PotResult]) -> list[PotResult]:
    """Pots whose entrants are a player's separate hands (``ann:left``), given back per player."""
    def owner(entrant: str) -> str:
        return entrant.rsplit(SEPARATOR, 1)[0]

    def owners(entrants: Sequence[str]) -> tuple[str, ...]:
        return tuple(dict.fromkeys(owner(e) for e in entrants))

    found = []
    for pot in pots:
        shares = []
        for share in pot.shares:
            paid: dict[str, int] = {}
            for entrant, chips in share.paid:
                paid[owner(entrant)] = paid.get(owner(entrant), 0) + chips
            shares.append(replace(share, winners=owners(share.winners), paid=tuple(paid.items())))
        found.append(replace(pot, eligible=owners(pot.eligible), shares=tuple(shares)))
    return found


def _runouts(plan: Plan) -> Iterator[list[Card]]:
    """The cards of each runout, in the order of ``plan.places``."""
    places, deck, k = plan.places, list(plan.deck), len(plan.places)
    if plan.method == "monte-carlo":
        rng = random.Random(plan.seed)
        for _ in range(plan.runouts):
            yield rng.sample(deck, k)
        return
    if plan.ordered:
        for drawn in permutations(deck, k):
            yield list(drawn)
        return
    order = _completion_order(places)
    sizes = _groups([places[i] for i in order], False, plan.spot.positions is not None)
    for chosen in _grouped_combinations(deck, sizes):
        cards: list[Card] = [deck[0]] * k
        for i, card in zip(order, chosen, strict=True):
            cards[i] = card
        yield cards


def _grouped_combinations(deck: Sequence[Card], sizes: Sequence[int]) -> Iterator[list[Card]]:
    """Every way to deal ``sizes[0]`` cards (a combination), then ``sizes[1]`` of the rest, and so on."""
    if not sizes:
        yield []
        return
    for first in combinations(deck, sizes[0]):
        taken = set(first)
        rest = [c for c in deck if c not in taken]
        for tail in _grouped_combinations(rest, sizes[1:]):
            yield [*first, *tail]


# --- the vectorised path ----------------------------------------------------------------------------------------


def _combination_rows(n: int, k: int) -> npt.NDArray[np.uint8]:
    """Every k-combination of range(n) (n < 256), one per row, in lexicographic order: one byte a card, so that the
    1,712,304 boards of a heads-up Hold'em preflop take 8.6 MB."""
    rows = np.arange(n, dtype=np.uint8)[:, None][: n - k + 1] if k else np.zeros((1, 0), np.uint8)
    for step in range(1, k):
        last = rows[:, -1].astype(np.int64)
        counts = n - k + step - last  # choices for the next element: last+1 .. n-k+step
        starts = np.cumsum(counts) - counts
        offsets = np.arange(int(counts.sum())) - np.repeat(starts, counts)
        nxt = (np.repeat(last, counts) + 1 + offsets).astype(np.uint8)
        rows = np.concatenate([np.repeat(rows, counts, axis=0), nxt[:, None]], axis=1)
    return rows


def _fast_draws(plan: Plan) -> Iterator[npt.NDArray[np.int64]]:
    """The cards of the runouts, one row each in the order of ``plan.places``, a chunk at a time: every combination
    of the missing board cards (exact), or uniformly random ordered draws (Monte Carlo)."""
    deck = np.array(plan.deck, dtype=np.int64)
    k = len(plan.places)
    if plan.method == "exact":  # only board cards are unknown: one combination per runout
        rows = _combination_rows(len(deck), k)
        for a in range(0, len(rows), _CHUNK):
            yield deck[rows[a:a + _CHUNK]]
        return
    rng = np.random.default_rng(plan.seed)
    left = plan.runouts
    while left:
        n = min(left, _CHUNK)
        left -= n
        if not k:
            yield np.zeros((n, 0), np.int64)
            continue
        keys = rng.random((n, len(deck)))
        picked = np.argpartition(keys, k - 1, axis=1)[:, :k] if k < len(deck) else np.argsort(keys, axis=1)
        order = np.argsort(np.take_along_axis(keys, picked, axis=1), axis=1)  # a uniformly random order too
        yield deck[np.take_along_axis(picked, order, axis=1)]


def _filled(known: Sequence[Card | None], columns: Sequence[int], draws: npt.NDArray[np.int64]
            ) -> npt.NDArray[np.int64]:
    """Rows of ``known`` cards with each ``None`` taken from its column of ``draws``."""
    template = np.array([-1 if c is None else c for c in known], dtype=np.int64)
    full = np.repeat(template[None, :], len(draws), axis=0)
    missing = [j for j, c in enumerate(known) if c is None]
    if missing:
        full[:, missing] = draws[:, list(columns)]
    return full


def _fast_scores(plan: Plan, draws: npt.NDArray[np.int64], live: Sequence[int]) -> npt.NDArray[np.int64]:
    """Scores of shape (runouts, hands, live players); NO_HAND where a hand does not qualify."""
    n = len(draws)
    column = {(p.kind, p.seat, p.index): c for c, p in enumerate(plan.places)}
    board_cols = [column[("board", 0, j)] for j, c in enumerate(plan.spot.board) if c is None]
    boards = _filled(plan.spot.board, board_cols, draws)
    out = np.empty((n, len(plan.game.hands), len(live)), dtype=np.int64)
    for p, i in enumerate(live):
        hole = plan.spot.hole[i]
        own = _filled((*hole, *plan.spot.up[i]), [column[("hole", i, j)] for j, c in enumerate(hole) if c is None],
                      draws)
        for h, spec in enumerate(plan.game.hands):
            kind = _fast_kind(spec)
            if kind == "high":
                out[:, h, p] = best_high(np.concatenate([own, boards], axis=1))
            else:
                out[:, h, p] = omaha_high(own, boards) if kind == "omaha-high" else omaha_low8(own, boards)
    return out


def _patterns(scores: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """For each runout, hand and player: how many players beat him (``players`` when he does not qualify)."""
    players = scores.shape[2]
    beaten = (scores[:, :, None, :] > scores[:, :, :, None]).sum(axis=3)
    return np.where(scores == NO_HAND, players, beaten)  # type: ignore[no-any-return]


def _run_fast(plan: Plan) -> Equities:
    seats = plan.spot.deal.seats
    live = [i for i, s in enumerate(seats) if not s.folded]
    ids = [seats[i].id for i in live]
    counts: dict[bytes, int] = {}
    shape = (len(plan.game.hands), len(live))
    digits = shape[0] * shape[1]
    base = len(live) + 1
    packed = digits * math.log2(base) < 62  # each pattern one int64: sorting those is far cheaper than rows
    weights = base ** np.arange(digits, dtype=np.int64)
    for draws in _fast_draws(plan):
        check_deadline()
        charge(len(draws))
        pattern = _patterns(_fast_scores(plan, draws, live)).astype(np.int8).reshape(len(draws), -1)
        if packed:
            _, first, many = np.unique(pattern.astype(np.int64) @ weights, return_index=True, return_counts=True)
            rows = pattern[first]
        else:
            rows, many = np.unique(pattern, axis=0, return_counts=True)
        for row, n in zip(rows, many.tolist(), strict=True):
            key = row.tobytes()
            counts[key] = counts.get(key, 0) + n
    deal = plan.spot.deal
    tally = _Tally(players=tuple(s.id for s in seats), returned=deal.returned(ids))
    pots = deal.pots_among(ids)
    seat_order = list(deal.clockwise)
    declared = {s.id: s.declare for s in seats}
    for key, n in counts.items():
        beaten = np.frombuffer(key, dtype=np.int8).reshape(shape)
        hands: dict[str, dict[str, PlayedHand]] = {p: {} for p in ids}
        for h, spec in enumerate(plan.game.hands):
            for p, player in enumerate(ids):
                qualifies = int(beaten[h, p]) < len(live)
                hands[player][spec.name] = PlayedHand(name=spec.name, score=len(live) - int(beaten[h, p])
                                                      if qualifies else None, qualifies=qualifies)
        tally.add([divide(plan.game, pot, hands, seat_order, declared, deal.events) for pot in pots], n)
    return tally.answer(plan, fast=True)


def equity_summary(result: Equities) -> str:
    """One line a chat bot can post: ``ann 64%, bob 36% (exact, 990 runouts)``. Each player's share of the money
    in; for Monte Carlo, the samples and the widest 95% margin of those shares."""
    if result.method == "exact":
        how = f"exact, {result.runouts:,} runout{'s' if result.runouts != 1 else ''}"
    else:
        errors = [result.standard_error(p.chips, p.squares) or 0.0 for p in result.players]
        margin = Z95 * max(errors, default=0.0) / result.money_in * 100 if result.money_in else 0.0
        how = f"Monte Carlo, {result.runouts:,} samples, \u00b1{margin:.1f}%"
    parts = [f"{p.id} {result.expected(p.chips) / result.money_in:.0%}" for p in result.players]
    if result.carried_over:
        parts.append(f"carried over {result.expected(result.carried_over) / result.money_in:.0%}")
    return ", ".join(parts) + f" ({how})"


def warm_up() -> None:
    """Build the batch evaluators' tables the vectorised path uses (about half a second, once per process)."""
    seven = np.array([[0, 5, 10, 15, 20, 25, 30]], dtype=np.int64)
    best_high(seven)
    hole, board = np.array([[0, 5, 10, 15]], dtype=np.int64), np.array([[20, 25, 30, 35, 40]], dtype=np.int64)
    omaha_high(hole, board)
    omaha_low8(hole, board)
