"""Evaluation rates: our fast paths against treys, phevaluator, eval7 and pokerkit on the same deals.

Like is set against like: ours called one hand per call against peers called one hand per call (none of them has
a batch entry); our batch rates are reported at stated batch sizes, beside, not against the peers. This times
``evaluator.engine.fast_paths``; what the service itself runs is timed by :mod:`bench.engine`.

Every evaluator sees the same seeded deals (:mod:`bench.deals`), already converted to its own card type. Before
anything is timed, each peer must order :data:`pairs <Scale.pairs>` random pairs of hands exactly as ours does
(better, worse or tied); one disagreement aborts the run (:class:`DisagreementError`).

Timing (:func:`measure`) runs an evaluator over consecutive chunks of deals, wrapping around to the first deal
when it reaches the last, until at least ``min_seconds`` of ``time.perf_counter`` time has been spent inside the
timed calls. Slow peers therefore do fewer hands (pokerkit a few thousand), fast ones go several times over the
deals; the Python loop that feeds a peer one hand at a time is part of its timed work, as it is for any caller.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from bench.deals import Deals
from bench.results import Rate, Section, Target
from evaluator.engine.fast_paths import best_high, omaha_high, omaha_low8

__all__ = ["DisagreementError", "Scale", "measure", "run_evaluation"]

# Rates measured earlier on these 2-core machines (hands/second), printed beside this run's numbers.
ANCHORS: dict[str, float] = {
    "phevaluator evaluate_cards": 1.7e6,
    "eval7 evaluate": 2.5e6,
    "treys Evaluator.evaluate": 117e3,
    "pokerkit StandardHighHand.from_game": 5e3,
    "phevaluator evaluate_omaha_cards": 0.93e6,
    "treys PLOEvaluator.evaluate": 31e3,
    "pokerkit OmahaEightOrBetterLowHand.from_game": 2.4e3,
}


@dataclass(frozen=True)
class Scale:
    """How much work a run does."""

    deals: int  # seeded deals shared by every evaluator
    batch: int  # rows per call of our batch evaluators (the headline rate)
    small_batch: int  # a cache-sized batch, reported beside it
    per_call_rows: int  # distinct deals for the one-hand-per-call loops (they wrap around like the others)
    min_seconds: float  # timed work per evaluator, at least
    pairs: int  # pairs of hands whose order every peer must agree on
    rounds: int = 5  # the timed work is split into this many round-robin turns (repeats) per evaluator

    @classmethod
    def full(cls) -> Scale:
        return cls(deals=200_000, batch=20_000, small_batch=2_000, per_call_rows=20_000, min_seconds=1.0,
                   pairs=3_000)

    @classmethod
    def quick(cls) -> Scale:
        return cls(deals=20_000, batch=20_000, small_batch=2_000, per_call_rows=5_000, min_seconds=0.25,
                   pairs=1_000)


class DisagreementError(Exception):
    """A peer orders some pair of hands differently from ours: the rates would not compare like with like."""


@dataclass(frozen=True)
class Contender:
    """One evaluator, ready to time: ``run(a, b)`` evaluates hands ``a`` to ``b - 1`` of ``items``."""

    name: str
    run: Callable[[int, int], object]
    items: int
    chunk: int  # hands between two reads of the clock
    ours: bool = False
    # For peers: hand i's value under the peer's own order, oriented so that greater means better.
    key: Callable[[int], Any] | None = None


def measure(run: Callable[[int, int], object], items: int, *, chunk: int, min_seconds: float, start: int = 0,
            max_passes: int = 1_000) -> tuple[int, float, int]:
    """Chunks of ``run`` over ``items`` from ``start`` (wrapping around) until ``min_seconds`` of timed work.

    Returns (hands, seconds, where the next call should start). At most ``max_passes`` passes over the items.
    """
    elapsed = 0.0
    done = 0
    limit = items * max_passes
    while elapsed < min_seconds and done < limit:
        stop = min(start + chunk, items)
        t0 = time.perf_counter()
        run(start, stop)
        elapsed += time.perf_counter() - t0
        done += stop - start
        start = 0 if stop == items else stop
    return done, elapsed, start


def _sign(better: Any, worse: Any) -> int:
    return int(better > worse) - int(better < worse)


def check_order(section: str, ours: Sequence[int], peer: Contender, pairs: int, describe: Callable[[int], str]) -> None:
    """Hands ``i`` and ``i + pairs`` for ``i < pairs``: the peer must say which is better (or a tie) as we do."""
    assert peer.key is not None
    keys = [peer.key(i) for i in range(2 * pairs)]
    bad = [i for i in range(pairs) if _sign(ours[i], ours[i + pairs]) != _sign(keys[i], keys[i + pairs])]
    if bad:
        examples = "; ".join(
            f"[{describe(i)}] vs [{describe(i + pairs)}]: ours {_sign(ours[i], ours[i + pairs]):+d}, "
            f"{peer.name} {_sign(keys[i], keys[i + pairs]):+d}"
            for i in bad[:3]
        )
        raise DisagreementError(f"{section}: {peer.name} orders {len(bad)} of {pairs} pairs differently: {examples}")


def _ours_batch(name: str, fn: Callable[[int, int], object], items: int, batch: int) -> Contender:
    return Contender(name=name, run=fn, items=items, chunk=batch, ours=True)


# --- the three sections ---------------------------------------------------------------------------------------


def _seven_card(deals: Deals, scale: Scale) -> tuple[str, list[Contender], Callable[[int], str]]:
    import eval7
    from phevaluator import evaluate_cards
    from pokerkit import StandardHighHand
    from treys import Evaluator

    seven = deals.seven
    n = deals.count
    rows = [seven[i : i + 1] for i in range(min(n, scale.per_call_rows))]

    def ours_run(a: int, b: int) -> object:
        return best_high(seven[a:b])

    def ours_one(a: int, b: int) -> None:
        for row in rows[a:b]:
            best_high(row)

    treys_eval = Evaluator()
    t_hole = [r[:2] for r in deals.treys]
    t_board = [r[2:7] for r in deals.treys]
    p_rows = [r[:7] for r in deals.ints]
    e_rows = [r[:7] for r in deals.eval7]
    k_hole = [r[:2] for r in deals.pokerkit]
    k_board = [r[2:7] for r in deals.pokerkit]

    def treys_one(a: int, b: int) -> None:
        ev = treys_eval.evaluate
        for hole, board in zip(t_hole[a:b], t_board[a:b], strict=True):
            ev(hole, board)

    def phe_one(a: int, b: int) -> None:
        for row in p_rows[a:b]:
            evaluate_cards(*row)

    def eval7_one(a: int, b: int) -> None:
        ev = eval7.evaluate
        for row in e_rows[a:b]:
            ev(row)

    def pokerkit_one(a: int, b: int) -> None:
        make = StandardHighHand.from_game
        for hole, board in zip(k_hole[a:b], k_board[a:b], strict=True):
            make(hole, board)

    contenders = [
        _ours_batch(f"ours best_high, batch {scale.batch:,}", ours_run, n, scale.batch),
        _ours_batch(f"ours best_high, batch {scale.small_batch:,}", ours_run, n, scale.small_batch),
        Contender(name="ours best_high, per call (1 hand)", run=ours_one, items=len(rows), chunk=1_000, ours=True),
        Contender("treys Evaluator.evaluate", treys_one, n, 1_000,
                  key=lambda i: -treys_eval.evaluate(t_hole[i], t_board[i])),
        Contender("phevaluator evaluate_cards", phe_one, n, 10_000, key=lambda i: -evaluate_cards(*p_rows[i])),
        Contender("eval7 evaluate", eval7_one, n, 10_000, key=lambda i: eval7.evaluate(e_rows[i])),
        Contender("pokerkit StandardHighHand.from_game", pokerkit_one, n, 200,
                  key=lambda i: StandardHighHand.from_game(k_hole[i], k_board[i])),
    ]
    return "7-card high (2 hole + 5 board)", contenders, lambda i: " ".join(deals.names[i][:7])


def _omaha_high(deals: Deals, scale: Scale) -> tuple[str, list[Contender], Callable[[int], str]]:
    from phevaluator import evaluate_omaha_cards
    from pokerkit import OmahaHoldemHand
    from treys import PLOEvaluator

    hole, board = deals.omaha_hole, deals.omaha_board
    n = deals.count
    rows = [(hole[i : i + 1], board[i : i + 1]) for i in range(min(n, scale.per_call_rows))]

    def ours_run(a: int, b: int) -> object:
        return omaha_high(hole[a:b], board[a:b])

    def ours_one(a: int, b: int) -> None:
        for h, bd in rows[a:b]:
            omaha_high(h, bd)

    plo = PLOEvaluator()
    t_hole = [r[:4] for r in deals.treys]
    t_board = [r[4:9] for r in deals.treys]
    p_rows = [r[4:9] + r[:4] for r in deals.ints]  # phevaluator: the five board cards first, then the four hole
    k_hole = [r[:4] for r in deals.pokerkit]
    k_board = [r[4:9] for r in deals.pokerkit]

    def treys_one(a: int, b: int) -> None:
        ev = plo.evaluate
        for h, bd in zip(t_hole[a:b], t_board[a:b], strict=True):
            ev(h, bd)

    def phe_one(a: int, b: int) -> None:
        for row in p_rows[a:b]:
            evaluate_omaha_cards(*row)

    def pokerkit_one(a: int, b: int) -> None:
        make = OmahaHoldemHand.from_game
        for h, bd in zip(k_hole[a:b], k_board[a:b], strict=True):
            make(h, bd)

    contenders = [
        _ours_batch(f"ours omaha_high, batch {scale.batch:,}", ours_run, n, scale.batch),
        _ours_batch(f"ours omaha_high, batch {scale.small_batch:,}", ours_run, n, scale.small_batch),
        Contender(name="ours omaha_high, per call (1 hand)", run=ours_one, items=len(rows), chunk=1_000, ours=True),
        Contender("phevaluator evaluate_omaha_cards", phe_one, n, 10_000,
                  key=lambda i: -evaluate_omaha_cards(*p_rows[i])),
        Contender("treys PLOEvaluator.evaluate", treys_one, n, 200, key=lambda i: -plo.evaluate(t_hole[i], t_board[i])),
        Contender("pokerkit OmahaHoldemHand.from_game", pokerkit_one, n, 100,
                  key=lambda i: OmahaHoldemHand.from_game(k_hole[i], k_board[i])),
    ]
    return "Omaha high (exactly 2 of 4 hole + 3 of 5 board)", contenders, _omaha_text(deals)


def _omaha_low8(deals: Deals, scale: Scale) -> tuple[str, list[Contender], Callable[[int], str]]:
    from pokerkit import OmahaEightOrBetterLowHand

    hole, board = deals.omaha_hole, deals.omaha_board
    n = deals.count
    rows = [(hole[i : i + 1], board[i : i + 1]) for i in range(min(n, scale.per_call_rows))]

    def ours_run(a: int, b: int) -> object:
        return omaha_low8(hole[a:b], board[a:b])

    def ours_one(a: int, b: int) -> None:
        for h, bd in rows[a:b]:
            omaha_low8(h, bd)

    k_hole = [r[:4] for r in deals.pokerkit]
    k_board = [r[4:9] for r in deals.pokerkit]

    def pokerkit_low(i: int) -> tuple[int, Any]:
        """(0, None) without a qualifying low, else (1, hand): greater is better, like pokerkit's own order."""
        try:
            return 1, OmahaEightOrBetterLowHand.from_game(k_hole[i], k_board[i])
        except ValueError:
            return 0, None

    def pokerkit_one(a: int, b: int) -> None:
        make = OmahaEightOrBetterLowHand.from_game
        for h, bd in zip(k_hole[a:b], k_board[a:b], strict=True):
            try:
                make(h, bd)
            except ValueError:  # no qualifying low (a try costs less than contextlib.suppress in this loop)
                continue

    contenders = [
        _ours_batch(f"ours omaha_low8, batch {scale.batch:,}", ours_run, n, scale.batch),
        _ours_batch(f"ours omaha_low8, batch {scale.small_batch:,}", ours_run, n, scale.small_batch),
        Contender(name="ours omaha_low8, per call (1 hand)", run=ours_one, items=len(rows), chunk=1_000, ours=True),
        Contender("pokerkit OmahaEightOrBetterLowHand.from_game", pokerkit_one, n, 100, key=pokerkit_low),
    ]
    return "Omaha-8 low (8 or better, 2 of 4 hole + 3 of 5 board)", contenders, _omaha_text(deals)


def _omaha_text(deals: Deals) -> Callable[[int], str]:
    return lambda i: f"hole {' '.join(deals.names[i][:4])} board {' '.join(deals.names[i][4:9])}"


# Ours called one hand per call must be at least this many times as fast as each peer called the same way
# (informational: printed as PASS / MISS). No peer has a batch entry, so our batch rates are not set against them.
TARGETS: dict[str, tuple[tuple[str, float], ...]] = {
    "7-card high": (("treys Evaluator.evaluate", 1.0),),
    "Omaha high": (("treys PLOEvaluator.evaluate", 1.0),),
    "Omaha-8 low": (("pokerkit OmahaEightOrBetterLowHand.from_game", 1.0),),
}

Builder = Callable[[Deals, Scale], tuple[str, list[Contender], Callable[[int], str]]]


@dataclass(frozen=True)
class _Built:
    title: str
    contenders: list[Contender]
    pairs: int


def _check(build: Builder, deals: Deals, scale: Scale, log: Callable[[str], None]) -> _Built:
    """Build a section's contenders and check every peer's order against ours (this also warms them up)."""
    title, contenders, describe = build(deals, scale)
    peers = [c for c in contenders if not c.ours]
    pairs = min(scale.pairs, deals.count // 2)
    ours_scores: list[int] = np.asarray(contenders[0].run(0, 2 * pairs)).tolist()
    for peer in peers:
        check_order(title, ours_scores, peer, pairs, describe)
    log(f"  {title}: {len(peers)} peer(s) agree with ours on the order of {pairs:,} pairs of hands")
    return _Built(title, contenders, pairs)


def _time(built: _Built, deals: Deals, scale: Scale, log: Callable[[str], None]) -> Section:
    """Round-robin: every contender gets ``min_seconds / rounds`` in turn, ``rounds`` times, so that a load
    change on the machine during the section (other processes) hits all of them alike."""
    log(f"  {built.title}")
    hands = dict.fromkeys(range(len(built.contenders)), 0)
    seconds = dict.fromkeys(range(len(built.contenders)), 0.0)
    starts = dict.fromkeys(range(len(built.contenders)), 0)
    repeats: dict[int, list[float]] = {k: [] for k in range(len(built.contenders))}
    for _ in range(scale.rounds):
        for k, c in enumerate(built.contenders):
            share = scale.min_seconds / scale.rounds
            done, spent, starts[k] = measure(c.run, c.items, chunk=c.chunk, min_seconds=share, start=starts[k])
            hands[k] += done
            seconds[k] += spent
            repeats[k].append(done / spent)
    rates: list[Rate] = []
    for k, c in enumerate(built.contenders):
        rate = Rate(name=c.name, hands=hands[k], seconds=seconds[k], anchor=ANCHORS.get(c.name), ours=c.ours,
                    repeats=tuple(repeats[k]))
        log(f"    {c.name:<48} {rate.per_second:>14,.0f} hands/s  ({rate.hands:,} hands in {rate.seconds:.2f} s)")
        rates.append(rate)
    by_name = {r.name: r for r in rates}
    batch, per_call = built.contenders[0].name, built.contenders[2].name
    short = next(k for k in TARGETS if built.title.startswith(k))
    targets = tuple(
        Target(label=f"{short}: {per_call} >= {factor:g}x {peer}", ours=per_call, peer=peer, factor=factor,
               ratio=by_name[per_call].per_second / by_name[peer].per_second)
        for peer, factor in TARGETS[short]
    )
    peers = sum(not c.ours for c in built.contenders)
    return Section(
        title=built.title,
        deals=deals.count,
        agreement=f"{peers} peer(s) agree with ours on the order (better / worse / tie) of {built.pairs:,} "
        f"random pairs of hands",
        rates=tuple(rates),
        batch=batch,
        per_call=per_call,
        targets=targets,
    )


def run_evaluation(scale: Scale, deals: Deals, log: Callable[[str], None] = print) -> list[Section]:
    """Every section, in order. Raises :class:`DisagreementError` before timing if a peer disagrees with ours."""
    builders: list[Builder] = [_seven_card, _omaha_high, _omaha_low8]
    log("Checking that every peer orders hands as ours does ...")
    built = [_check(build, deals, scale, log) for build in builders]
    log("Timing ...")
    return [_time(b, deals, scale, log) for b in built]
