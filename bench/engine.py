"""What the service's own engine costs (issue 12): ``adjudicate``, timed the way the service calls it, next to peers
ranking the same hands.

Every figure is the time of one call (one showdown, or one peer ranking every player's hand one call each), as
min / median / max over ``repeats`` interleaved repeats: each repeat runs every contender of a table in turn for
``seconds`` of wall-clock time, cycling over the same seeded random deals, so a load change on the machine hits
them alike. Ratios are of medians, in one process.

Tables:

1. 6-player Texas Hold'em and Omaha hi-lo 8-or-better through ``adjudicate`` (checks, search, division, wording),
   against treys, eval7 and phevaluator ranking the same six 7-card hands one call each (and treys' Omaha
   evaluator the six Omaha hands). Before timing, every Hold'em deal's winners by treys must be ``adjudicate``'s.
2. The issue's budgets, PASS or MISS.
3. Cost against players (2 to 10), Hold'em and Omaha hi-lo.
4. Cost against wild cards (0 to 4 in every 7-card hand): 6-player Hold'em with deuces wild, the board holding
   that many deuces, against plain Hold'em on the same deals with the deuces replaced by other cards.
5. The ten heaviest catalog variants, each variant's own example deal at the most seats its example generator can
   deal (up to the variant's maximum), against the 6-player Hold'em showdown, and with the search's compiled core
   off.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from itertools import cycle
from typing import Any

import evaluator.engine.kernels as kernels
import evaluator.engine.showdown as showdown
from evaluator import Deal, Seat, Variant, adjudicate, example_request, variant_named
from evaluator.catalog import all_variants
from evaluator.documents.examples import seeded_requests
from evaluator.values.cards import Card, card_of
from evaluator.wilds.rules import FixedRanks

__all__ = ["EngineScale", "Spread", "cycling", "flat_deals", "interleaved", "run_engine"]

DEALS_SEED = 12
#: The name ``adjudicate`` dispatches plain games by (switched off to time the general engine).
LEAN = "adjudicate_plain"
#: Other seeded deals each of the ten heaviest variants is also timed over.
SEEDED_DEALS = 8


@dataclass(frozen=True)
class EngineScale:
    deals: int  # distinct seeded deals each contender cycles over
    repeats: int  # interleaved repeats per table (min / median / max over these)
    seconds: float  # wall-clock time per contender per repeat

    @classmethod
    def full(cls) -> EngineScale:
        return cls(deals=300, repeats=7, seconds=0.3)

    @classmethod
    def quick(cls) -> EngineScale:
        return cls(deals=100, repeats=5, seconds=0.1)


@dataclass(frozen=True)
class Spread:
    """Seconds per call, one figure per repeat."""

    name: str
    values: tuple[float, ...]

    @property
    def median(self) -> float:
        return statistics.median(self.values)

    def cell(self) -> str:
        """min / **median** / max in microseconds."""
        return f"{min(self.values) * 1e6:,.0f} / **{self.median * 1e6:,.0f}** / {max(self.values) * 1e6:,.0f}"


Task = tuple[str, Callable[[], object]]


def interleaved(tasks: Sequence[Task], repeats: int, seconds: float) -> dict[str, Spread]:
    """Every task in turn, ``repeats`` times, each for at least ``seconds``: seconds per call, per repeat."""
    for _, fn in tasks:  # warm up (caches, tables) outside the timing
        fn()
    found: dict[str, list[float]] = {name: [] for name, _ in tasks}
    for _ in range(repeats):
        for name, fn in tasks:
            calls, start = 0, time.perf_counter()
            while True:
                fn()
                calls += 1
                elapsed = time.perf_counter() - start
                if elapsed >= seconds:
                    break
            found[name].append(elapsed / calls)
    return {name: Spread(name, tuple(values)) for name, values in found.items()}


def cycling(items: Sequence[Any], call: Callable[[Any], object]) -> Callable[[], object]:
    """A task calling ``call`` on each of ``items`` in turn, round and round."""
    it = cycle(items)
    return lambda: call(next(it))


# --- deals -------------------------------------------------------------------------------------------------------


def flat_deals(players: int, hole: int, count: int, seed: int = DEALS_SEED) -> list[Deal]:
    """``count`` random deals: ``players`` seats of ``hole`` cards and a 5-card board, from shuffled decks."""
    rng = random.Random(seed * 1_000 + players * 10 + hole)
    deals = []
    for _ in range(count):
        deck = [card_of(c) for c in range(52)]
        rng.shuffle(deck)
        seats = tuple(Seat(id=f"p{i}", hole=tuple(deck[hole * i:hole * (i + 1)])) for i in range(players))
        deals.append(Deal(seats=seats, board=tuple(deck[hole * players:hole * players + 5]), pot=100 * players))
    return deals


def wild_deals(wild: int, count: int, players: int = 6, seed: int = DEALS_SEED) -> list[Deal]:
    """6-player Hold'em deals whose board holds exactly ``wild`` deuces (so every 7-card hand holds ``wild``
    deuces) and no other deuce is dealt."""
    rng = random.Random(seed * 7 + wild)
    deuces = [card_of(c) for c in range(4)]
    rest = [card_of(c) for c in range(4, 52)]
    deals = []
    for _ in range(count):
        others = rest[:]
        rng.shuffle(others)
        board = [*rng.sample(deuces, wild), *others[2 * players:2 * players + 5 - wild]]
        rng.shuffle(board)
        seats = tuple(Seat(id=f"p{i}", hole=tuple(others[2 * i:2 * i + 2])) for i in range(players))
        deals.append(Deal(seats=seats, board=tuple(board), pot=100 * players))
    return deals


def _treys_rows(deals: Sequence[Deal]) -> list[tuple[list[list[int]], list[int]]]:
    from treys import Card as TreysCard

    def conv(cards: Sequence[Card]) -> list[int]:
        return [TreysCard.new(str(c)) for c in cards]

    return [([conv(s.hole) for s in d.seats], conv(d.board)) for d in deals]


def _check_winners(game: Variant, deals: Sequence[Deal]) -> None:
    """treys' best hands must be the players ``adjudicate`` ranks best, on every Hold'em deal timed."""
    from treys import Evaluator

    ev = Evaluator()
    for deal, (holes, board) in zip(deals, _treys_rows(deals), strict=True):
        theirs = [ev.evaluate(board, h) for h in holes]
        result = adjudicate(game, deal)
        ours = [p.hands["high"].score for p in result.players]
        best_theirs = {i for i, v in enumerate(theirs) if v == min(theirs)}
        best_ours = {i for i, v in enumerate(ours) if v == max(s for s in ours if s is not None)}
        if best_theirs != best_ours:
            raise AssertionError(f"treys and adjudicate pick different winners on {deal}")


# --- the tables --------------------------------------------------------------------------------------------------


def _peer_tasks(deals: Sequence[Deal], omaha: Sequence[Deal]) -> list[Task]:
    import eval7
    from phevaluator import evaluate_cards, evaluate_omaha_cards
    from treys import Evaluator, PLOEvaluator

    treys_eval, plo = Evaluator(), PLOEvaluator()
    rows = _treys_rows(deals)
    omaha_rows = _treys_rows(omaha)
    e7 = [[[eval7.Card(str(c)) for c in (*s.hole, *d.board)] for s in d.seats] for d in deals]
    phe = [[[int(c) for c in (*s.hole, *d.board)] for s in d.seats] for d in deals]  # same 4*rank+suit ints
    phe_omaha = [[[*(int(c) for c in d.board), *(int(c) for c in s.hole)] for s in d.seats] for d in omaha]

    def treys_six(row: tuple[list[list[int]], list[int]]) -> None:
        holes, board = row
        for h in holes:
            treys_eval.evaluate(board, h)

    def plo_six(row: tuple[list[list[int]], list[int]]) -> None:
        holes, board = row
        for h in holes:
            plo.evaluate(h, board)

    def eval7_six(hands: list[list[Any]]) -> None:
        for h in hands:
            eval7.evaluate(h)

    def phe_six(hands: list[list[int]]) -> None:
        for h in hands:
            evaluate_cards(*h)

    def phe_omaha_six(hands: list[list[int]]) -> None:
        for h in hands:
            evaluate_omaha_cards(*h)

    return [
        ("treys Evaluator.evaluate, the six 7-card hands one call each", cycling(rows, treys_six)),
        ("eval7 evaluate, the six 7-card hands one call each", cycling(e7, eval7_six)),
        ("phevaluator evaluate_cards, the six 7-card hands one call each", cycling(phe, phe_six)),
        ("treys PLOEvaluator.evaluate, the six Omaha hands one call each", cycling(omaha_rows, plo_six)),
        ("phevaluator evaluate_omaha_cards, the six Omaha hands one call each", cycling(phe_omaha, phe_omaha_six)),
    ]


HOLDEM = "adjudicate, 6-player Texas Hold'em"
OMAHA8 = "adjudicate, 6-player Omaha hi-lo 8-or-better"
TREYS = "treys Evaluator.evaluate, the six 7-card hands one call each"


def _headline(scale: EngineScale) -> tuple[list[str], dict[str, Spread]]:
    holdem, omaha8 = variant_named("texas-holdem"), variant_named("omaha-hi-lo-8")
    deals = flat_deals(6, 2, scale.deals)
    omaha = flat_deals(6, 4, scale.deals)
    _check_winners(holdem, deals)
    tasks: list[Task] = [(HOLDEM, cycling(deals, lambda d: adjudicate(holdem, d))),
                         (OMAHA8, cycling(omaha, lambda d: adjudicate(omaha8, d))),
                         (f"{HOLDEM}, general engine (lean path off)",
                          cycling(deals, lambda d: _general(holdem, d))),
                         (f"{OMAHA8}, general engine (lean path off)",
                          cycling(omaha, lambda d: _general(omaha8, d))),
                         *_peer_tasks(deals, omaha)]
    found = interleaved(tasks, scale.repeats, scale.seconds)
    base = found[TREYS].median
    lines = ["### The service's engine next to peers ranking the same hands", "",
             f"{scale.deals} seeded random deals per game (Hold'em: 6 x 2 hole + 5 board; Omaha: 6 x 4 hole + 5 "
             f"board), cycled; one call = one whole showdown, or one peer ranking all six hands one call each (no "
             f"peer has a batch entry). µs per call, min / **median** / max over {scale.repeats} interleaved "
             f"repeats of >= {scale.seconds:g} s each. treys picks the same Hold'em winners as `adjudicate` on "
             f"every deal (checked before timing). Both games take the lean path for plain games "
             f"(`evaluator.engine.plain_showdown`, the same answer as the general engine, tested so); the rows "
             f"*general engine* time the same calls with it switched off.", "",
             "| contender | µs per call (min / median / max) | ÷ treys six hands |", "|---|---:|---:|"]
    lines += [f"| {name} | {s.cell()} | {s.median / base:.2f}x |" for name, s in found.items()]
    return [*lines, ""], found


def _general(game: Variant, deal: Deal) -> object:
    """``adjudicate`` with the lean path for plain games switched off: what the general engine costs."""
    lean = getattr(showdown, LEAN)
    setattr(showdown, LEAN, lambda *_: None)
    try:
        return adjudicate(game, deal)
    finally:
        setattr(showdown, LEAN, lean)


def _players(scale: EngineScale) -> list[str]:
    from treys import Evaluator

    holdem, omaha8 = variant_named("texas-holdem"), variant_named("omaha-hi-lo-8")
    ev = Evaluator()

    def treys_all(row: tuple[list[list[int]], list[int]]) -> None:
        holes, board = row
        for h in holes:
            ev.evaluate(board, h)

    tasks: list[Task] = []
    for n in range(2, 11):
        deals, omaha = flat_deals(n, 2, scale.deals), flat_deals(n, 4, scale.deals)
        tasks += [(f"holdem {n}", cycling(deals, lambda d: adjudicate(holdem, d))),
                  (f"omaha8 {n}", cycling(omaha, lambda d: adjudicate(omaha8, d))),
                  (f"treys {n}", cycling(_treys_rows(deals), treys_all))]
    found = interleaved(tasks, scale.repeats, scale.seconds / 2)
    lines = ["### Cost against players", "",
             f"µs per showdown, min / **median** / max over {scale.repeats} interleaved repeats of >= "
             f"{scale.seconds / 2:g} s; {scale.deals} seeded deals per row. *treys*: the same Hold'em hands, one "
             "call each.", "",
             "| players | Hold'em `adjudicate` | Omaha hi-lo `adjudicate` | treys, n 7-card hands | Hold'em ÷ treys |",
             "|---:|---:|---:|---:|---:|"]
    for n in range(2, 11):
        h, o, t = found[f"holdem {n}"], found[f"omaha8 {n}"], found[f"treys {n}"]
        lines.append(f"| {n} | {h.cell()} | {o.cell()} | {t.cell()} | {h.median / t.median:.2f}x |")
    return [*lines, ""]


def _wild(scale: EngineScale) -> tuple[list[str], dict[str, Spread]]:
    plain = variant_named("texas-holdem")
    deuces = replace(plain, wilds=(FixedRanks(ranks=(0,)),))
    natural = flat_deals(6, 2, scale.deals)
    tasks: list[Task] = [("natural", cycling(natural, lambda d: adjudicate(plain, d)))]
    for k in range(5):
        tasks.append((f"wild {k}", cycling(wild_deals(k, scale.deals), lambda d: adjudicate(deuces, d))))
    found = interleaved(tasks, scale.repeats, scale.seconds)
    base, same = found["natural"].median, found["wild 0"].median
    lines = ["### Cost against wild cards", "",
             f"6-player Hold'em; *deuces wild*: the same game with every deuce wild, the board holding k deuces so "
             f"that every player's seven cards hold k wild cards. µs per showdown, min / **median** / max over "
             f"{scale.repeats} interleaved repeats of >= {scale.seconds:g} s; {scale.deals} seeded deals per row. "
             "Plain Hold'em takes the lean path for plain games (`evaluator.engine.plain_showdown`); a game with wild "
             "cards takes the general engine, so *÷ deuces wild, none dealt* is what the wild cards themselves cost, "
             "and *÷ plain Hold'em* adds the difference between the two paths.", "",
             "| game | wild cards per 7-card hand | µs per showdown | ÷ deuces wild, none dealt | ÷ plain Hold'em |",
             "|---|---:|---:|---:|---:|",
             f"| plain Hold'em | 0 | {found['natural'].cell()} | {base / same:.2f}x | 1.00x |"]
    for k in range(5):
        s = found[f"wild {k}"]
        lines.append(f"| deuces wild | {k} | {s.cell()} | {s.median / same:.2f}x | {s.median / base:.2f}x |")
    return [*lines, ""], found


def _loaded(body: Callable[[], dict[str, Any]]) -> Any | None:
    """The POST /v1/showdowns body ``body()`` builds, loaded as the service loads it, if it is a valid showdown (else
    None: the example generator could not deal it, or the deck ran out)."""
    from marshmallow import ValidationError

    from evaluator.values.errors import ShowdownError
    from service.schemas.requests import ShowdownRequestSchema

    try:
        call = ShowdownRequestSchema().load(body())
        adjudicate(call.variant, call.deal, call.options)
    except (ValidationError, ShowdownError, ValueError, IndexError):  # IndexError: the deck ran out
        return None
    return call


def _catalog_examples() -> list[tuple[Variant, int, Any]]:
    """Every catalog variant's example deal at the most seats its example generator deals, as loaded calls."""
    out = []
    for variant in all_variants():
        if variant.not_showdown:
            continue
        for players in range(variant.seating.max, 1, -1):
            if (call := _loaded(partial(example_request, variant, players=players))) is not None:
                out.append((variant, players, call))
                break
    return out


def _seeded_calls(variant: Variant, players: int, count: int) -> list[Any]:
    """``count`` seeded deals of ``variant`` at ``players`` seats (:func:`seeded_requests`), loaded; those the
    generator could not make valid left out."""
    calls = (_loaded(partial(_seeded, variant, players, k)) for k in range(count))
    return [call for call in calls if call is not None]


def _seeded(variant: Variant, players: int, k: int) -> dict[str, Any]:
    return seeded_requests(variant, players, k + 1)[k]


def _catalog(scale: EngineScale) -> tuple[list[str], float]:
    examples = _catalog_examples()
    scan: list[tuple[float, Variant, int, Any]] = []
    for variant, players, call in examples:  # a first pass, fastest of 3 calls each, to find the heaviest
        best = min(_once(call) for _ in range(3))
        scan.append((best, variant, players, call))
    scan.sort(key=lambda row: -row[0])
    holdem = variant_named("texas-holdem")
    deals = flat_deals(6, 2, scale.deals)
    general = f"{HOLDEM}, general engine"
    tasks: list[Task] = [(HOLDEM, cycling(deals, lambda d: adjudicate(holdem, d))),
                         (general, cycling(deals, lambda d: _general(holdem, d)))]
    seeded: dict[str, int] = {}
    for _, variant, players, call in scan[:10]:
        tasks.append((variant.id, cycling([call], lambda c: adjudicate(c.variant, c.deal, c.options))))
        tasks.append((f"{variant.id}, numpy", cycling([call], _numpy_reading)))
        others = _seeded_calls(variant, players, SEEDED_DEALS)
        seeded[variant.id] = len(others)
        if others:  # the same game over other deals: what a cache of one deal's work could not flatter
            tasks.append((f"{variant.id}, seeded", cycling(others, lambda c: adjudicate(c.variant, c.deal,
                                                                                        c.options))))
    found = interleaved(tasks, scale.repeats, scale.seconds / 2)
    base, slow = found[HOLDEM].median, found[general].median
    scan_base = min(_once_deal(holdem, d) for d in deals[:50])
    over = [row for row in scan if row[0] / scan_base > 10]
    lines = ["### The ten heaviest catalog variants", "",
             f"Each variant's own example deal (`example_request`) at the most seats its example generator can deal, "
             f"up to the variant's maximum; {len(examples)} variants scanned (fastest of 3 calls each), the ten "
             f"heaviest then timed against the 6-player Hold'em showdown, min / **median** / max over "
             f"{scale.repeats} interleaved repeats of >= {scale.seconds / 2:g} s. Hold'em takes the lean path for "
             "plain games; *÷ general engine* sets each against the same Hold'em showdowns with it switched off. "
             f"*Seeded deals*: the same variant at the same seats over up to {SEEDED_DEALS} other seeded deals "
             "(`seeded_requests`), cycled, so that nothing kept from one deal flatters the figure. *Compiled core "
             "off*: the same example with the search's compiled core switched off (`evaluator.engine.kernels`: the "
             "numpy reading it is tested against).", "",
             "| variant | players (max) | µs per showdown | ÷ 6-player Hold'em | ÷ general engine "
             "| seeded deals: µs (deals) | ÷ 6-player Hold'em | compiled core off: µs |",
             "|---|---:|---:|---:|---:|---:|---:|---:|",
             f"| texas-holdem, random deals | 6 (12) | {found[HOLDEM].cell()} | 1.00x | {base / slow:.2f}x | | | |",
             f"| texas-holdem, general engine | 6 (12) | {found[general].cell()} | {slow / base:.2f}x | 1.00x | | | |"]
    worst = 0.0
    for _, variant, players, _ in scan[:10]:
        s = found[variant.id]
        worst = max(worst, s.median / base)
        other = found.get(f"{variant.id}, seeded")
        more = (f"{other.cell()} ({seeded[variant.id]}) | {other.median / base:.1f}x" if other is not None
                else "none valid | ")
        lines.append(f"| {variant.id} | {players} ({variant.seating.max}) | {s.cell()} | {s.median / base:.1f}x | "
                     f"{s.median / slow:.1f}x | {more} | {found[f'{variant.id}, numpy'].cell()} |")
    lines += ["", f"In the scan, {len(over)} of {len(scan)} variants cost more than 10x the fastest 6-player Hold'em "
              f"showdown ({scan_base * 1e6:,.0f} µs, fastest of 50 deals): "
              + (", ".join(f"{v.id} {t / scan_base:.0f}x" for t, v, _, _ in over) or "none") + ".", ""]
    return lines, worst


def _numpy_reading(call: Any) -> object:
    """``adjudicate`` with the search's compiled core switched off (its numpy reading)."""
    enabled, kernels.ENABLED = kernels.ENABLED, False
    try:
        return adjudicate(call.variant, call.deal, call.options)
    finally:
        kernels.ENABLED = enabled


def _once(call: Any) -> float:
    start = time.perf_counter()
    adjudicate(call.variant, call.deal, call.options)
    return time.perf_counter() - start


def _once_deal(game: Variant, deal: Deal) -> float:
    start = time.perf_counter()
    adjudicate(game, deal)
    return time.perf_counter() - start


def run_engine(scale: EngineScale, log: Callable[[str], None] = print) -> str:
    """The Markdown section."""
    log("Engine: adjudicate next to peers, budgets, scaling with players and wild cards, heaviest variants")
    head, found = _headline(scale)
    log("  headline done; players ...")
    players = _players(scale)
    log("  wild cards ...")
    wild, wild_found = _wild(scale)
    log("  catalog ...")
    catalog, worst = _catalog(scale)
    treys = found[TREYS].median
    budgets = [
        ("`adjudicate` 6-player Hold'em <= treys ranking the six hands one call each",
         found[HOLDEM].median / treys, 1.0),
        ("`adjudicate` 6-player Omaha hi-lo <= 2x that", found[OMAHA8].median / treys, 2.0),
        ("the heaviest catalog example at its seats <= 10x the 6-player Hold'em showdown", worst, 10.0),
        ("4 wild cards in every 7-card hand <= 1.5x the natural hand (the same game, no wild card dealt)",
         wild_found["wild 4"].median / wild_found["wild 0"].median, 1.5),
        ("(a stricter reading, not the issue's budget) 4 wild cards in every 7-card hand <= 1.5x plain Hold'em "
         "(the lean path)",
         wild_found["wild 4"].median / wild_found["natural"].median, 1.5),
    ]
    lines = ["## The service's engine (`adjudicate`)", "", "Budgets of issue 12, as ratios of medians in this run:",
             "", "| budget | measured | result |", "|---|---:|---|"]
    lines += [f"| {label} | {ratio:.2f}x | {'PASS' if ratio <= limit else 'MISS'} |" for label, ratio, limit in budgets]
    return "\n".join([*lines, "", *head, *players, *wild, *catalog])
