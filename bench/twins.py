"""What each twin path saves: the fast twin of a job against the path beside it, on the requests the fast one serves.

Every request is sent whole through the service's WSGI app in this process (every hook, no socket, the access log
off), once with the fast twin and once with it switched off, and both must answer the same status and bytes before
anything is timed. The switches are the code's own fallbacks, set for the one call:

- the lean path for plain games (:mod:`evaluator.engine.plain_showdown`): ``adjudicate_plain`` answering None, so
  that the general engine answers (as :mod:`bench.engine` times it);
- the raw WSGI route (:mod:`service.raw_showdown`): the request sent to the Flask app behind it (as
  :mod:`bench.http_path` times it);
- the fast reader (:mod:`service.schemas.fast_showdown`), on the Flask path: the view's ``fast_showdown_call``
  answering None, so that webargs and the marshmallow schema read the body;
- the vectorised equity path (:mod:`evaluator.engine.fast_paths`): the planner's ``_fast_ok`` answering False, so
  that the engine settles every runout (and the request is costed as such);
- the one search of every board group (:mod:`evaluator.engine.group_search`): ``group_bests`` answering None, so
  that the declaration searches each group alone;
- the search's compiled core (:mod:`evaluator.engine.kernels`, not one of issue 30's pairs, timed for the record):
  ``kernels.ENABLED`` False, so that its numpy reading scores the rows.

Figures: time per request, min / **median** / max over interleaved repeats (:func:`bench.engine.interleaved`: every
twin of every request in turn, so a load change hits them alike); the saving is ``1 - fast / slow`` of the medians,
the share of the request's time the fast twin takes off. A twin saving under :data:`KEEP_AT` is a candidate for removal.

``python -m bench --only twins [--quick]`` writes bench/twins_last_run.md.
"""

from __future__ import annotations

import logging
import statistics
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import orjson

import evaluator.engine.equity as equity
import evaluator.engine.kernels as kernels
import evaluator.engine.showdown as showdown
from bench.engine import LEAN, Spread, Task, cycling, flat_deals, interleaved
from bench.http_load import holdem_bodies
from bench.http_path import ENDPOINT, BenchConfig, wsgi_answer
from evaluator import Deal, variant_named
from evaluator.documents.examples import seeded_requests
from service import create_app
from service.raw_showdown import RawShowdownRoute
from service.views import showdowns

__all__ = ["KEEP_AT", "TwinsScale", "run_twins"]

#: The least share of its request's time a fast twin must save to keep its place.
KEEP_AT = 0.10
#: The games whose showdowns are read by one search of every board group (a both-way declarer from one group).
GROUP_GAMES = ("elevator", "pyramid-three-rows", "elevator-wild")
#: Games that are not plain (the search, not the lean path), among the heaviest of the catalog, and their seats.
KERNEL_GAMES = (("elevator-wild", 11), ("breaker", 12), ("southern-deuce-holdem", 4), ("follow-the-queen", 7))


@dataclass(frozen=True)
class TwinsScale:
    deals: int  # distinct seeded bodies per showdown request
    repeats: int  # interleaved repeats (min / median / max over these)
    seconds: float  # wall-clock time per twin per repeat

    @classmethod
    def full(cls) -> TwinsScale:
        return cls(deals=100, repeats=9, seconds=0.3)

    @classmethod
    def quick(cls) -> TwinsScale:
        return cls(deals=30, repeats=3, seconds=0.1)


@dataclass(frozen=True)
class Pair:
    """One request sent through both twins: ``fast`` and ``slow`` send one body each (cycling over ``bodies``)."""

    twin: str
    request: str
    bodies: Sequence[bytes]
    fast: Callable[[bytes], tuple[int, bytes]]
    slow: Callable[[bytes], tuple[int, bytes]]
    test: str
    #: Whether both twins answer the same bytes (Monte Carlo draws its samples otherwise on each path: the status).
    same_bytes: bool = True


@contextmanager
def _set(owner: Any, name: str, value: object) -> Iterator[None]:
    """``owner.name`` is ``value`` for the block: a twin switched off for one call."""
    kept = getattr(owner, name)
    setattr(owner, name, value)
    try:
        yield
    finally:
        setattr(owner, name, kept)


def _switched(send: Callable[[bytes], tuple[int, bytes]], owner: Any, name: str, value: object
              ) -> Callable[[bytes], tuple[int, bytes]]:
    def slow(body: bytes) -> tuple[int, bytes]:
        with _set(owner, name, value):
            return send(body)
    return slow


def _none(*_: object, **__: object) -> None:
    return None


def _false(*_: object, **__: object) -> bool:
    return False


def _showdown_body(variant: str, deal: Deal) -> bytes:
    players = [{"id": s.id, "hole": [str(c) for c in s.hole]} for s in deal.seats]
    return orjson.dumps({"variant": variant, "board": [str(c) for c in deal.board], "players": players,
                         "pot": deal.money_in})


def _equity_bodies() -> dict[str, bytes]:
    ahkh, qq = {"id": "ann", "hole": ["Ah", "Kh"]}, {"id": "bob", "hole": ["Qs", "Qc"]}
    omaha = [{"id": f"p{i}", "hole": [h[j:j + 2] for j in range(0, 8, 2)]}
             for i, h in enumerate(("AhKh2c3d", "QsQc4d5d", "JhTh9s8s", "7c7h6s6d"))]
    return {
        "POST /v1/equities, heads-up Hold'em turn, exact (44 runouts)": orjson.dumps(
            {"variant": "texas-holdem", "players": [ahkh, qq], "board": ["Kd", "7c", "2h", "9s"], "pot": 200}),
        "POST /v1/equities, heads-up Hold'em flop, exact (990 runouts)": orjson.dumps(
            {"variant": "texas-holdem", "players": [ahkh, qq], "board": ["Kd", "7c", "2h"], "pot": 200}),
        "POST /v1/equities, 4-player Omaha hi-lo flop, exact (528 runouts)": orjson.dumps(
            {"variant": "omaha-hi-lo-8", "players": omaha, "board": ["2s", "7d", "9c"], "pot": 400}),
        "POST /v1/equities, 3-player Hold'em preflop, Monte Carlo (1,000 samples)": orjson.dumps(
            {"variant": "texas-holdem", "players": [ahkh, qq, {"id": "cat", "hole": ["7d", "6d"]}], "pot": 300,
             "method": "monte-carlo", "samples": 1000, "seed": 1}),
    }


def _seeded_bodies(send: Callable[[bytes], tuple[int, bytes]], name: str, most: int, count: int) -> list[bytes]:
    """Seeded showdowns of ``name`` at up to ``most`` seats that the service answers with a 200."""
    variant = variant_named(name)
    bodies = [orjson.dumps(b) for b in seeded_requests(variant, min(most, variant.seating.max), count)]
    return [b for b in bodies if send(b)[0] == 200]


def _pairs(scale: TwinsScale) -> list[Pair]:
    app = create_app(BenchConfig)
    route = app.wsgi_app
    if not isinstance(route, RawShowdownRoute) or app.view_functions[ENDPOINT] is not showdowns.serve_showdown:
        raise RuntimeError("the service app does not serve POST /v1/showdowns by the raw route")
    post = wsgi_answer(app, "POST", "/v1/showdowns")
    flask_post = wsgi_answer(route.flask, "POST", "/v1/showdowns")
    equities = wsgi_answer(app, "POST", "/v1/equities")
    holdem = [orjson.dumps(b) for b in holdem_bodies(scale.deals)]
    omaha = [_showdown_body("omaha-hi-lo-8", d) for d in flat_deals(6, 4, scale.deals)]
    showdowns_ = (("POST /v1/showdowns, 6-player Hold'em", holdem),
                  ("POST /v1/showdowns, 6-player Omaha hi-lo 8", omaha))
    lean_off = _switched(post, showdown, LEAN, _none)
    pairs = [Pair("lean path (`plain_showdown`) / general engine", request, bodies, post, lean_off,
                  "tests/evaluator/engine/test_plain_showdown.py::test_the_lean_path_answers_as_the_general_engine")
             for request, bodies in showdowns_]
    pairs += [Pair("raw WSGI route (`raw_showdown`) / Flask view", request, bodies, post, flask_post,
                   "tests/service/test_raw_showdown.py::test_random_valid_and_mutated_bodies_are_answered_alike")
              for request, bodies in showdowns_]
    reader_off = _switched(flask_post, showdowns, "fast_showdown_call", _none)
    pairs += [Pair("fast reader (`fast_showdown`) / marshmallow schema, on the Flask path", request, bodies,
                   flask_post, reader_off,
                   "tests/service/test_fast_showdown.py::test_valid_bodies_are_read_alike_and_all_by_the_fast_reader")
              for request, bodies in showdowns_]
    vector_off = _switched(equities, equity, "_fast_ok", _false)
    pairs += [Pair("vectorised equity (`fast_paths`) / the engine per runout", request, [body], equities,
                   vector_off,
                   "tests/evaluator/engine/test_equity.py::test_vectorised_path_agrees_with_the_engine_on_every_share",
                   same_bytes="Monte Carlo" not in request)
              for request, body in _equity_bodies().items()]
    groups_off = _switched(post, showdown, "group_bests", _none)
    pairs += [Pair("one search of every group (`group_search`) / a search per group",
                   f"POST /v1/showdowns, {name}, seeded deals", bodies, post, groups_off,
                   "tests/evaluator/mechanisms/test_declare_groups.py::"
                   "test_one_search_of_every_group_chooses_as_searching_each_group_alone")
              for name in GROUP_GAMES if (bodies := _seeded_bodies(post, name, 6, 8))]
    numpy_reading = _switched(post, kernels, "ENABLED", False)
    pairs += [Pair("compiled core (`kernels`) / its numpy reading (not one of issue 30's pairs)",
                   f"POST /v1/showdowns, {name}, seeded deals at {most} seats", bodies, post, numpy_reading,
                   "tests/evaluator/engine/test_kernels.py::"
                   "test_every_variants_answers_with_the_compiled_core_are_those_of_the_numpy_reading")
              for name, most in KERNEL_GAMES if (bodies := _seeded_bodies(post, name, most, 8))]
    return pairs


def _checked(pair: Pair) -> None:
    """Both twins answer every body alike, with a 200."""
    for body in pair.bodies:
        fast, slow = pair.fast(body), pair.slow(body)
        if fast[0] != 200 or (fast if pair.same_bytes else fast[0]) != (slow if pair.same_bytes else slow[0]):
            raise AssertionError(f"{pair.twin}, {pair.request}: the twins answer {body!r} differently "
                                 f"({fast[0]} and {slow[0]})")


def _tasks(pairs: Sequence[Pair]) -> list[Task]:
    tasks: list[Task] = []
    for i, pair in enumerate(pairs):
        for side, send in (("fast", pair.fast), ("slow", pair.slow)):
            tasks.append((f"{i} {side}", cycling(pair.bodies, send)))
    return tasks


def _cell(spread: Spread) -> str:
    scale, unit = (1e3, "ms") if spread.median >= 0.01 else (1e6, "µs")
    digits = 1 if scale == 1e3 and spread.median < 0.1 else 0
    low, mid, high = (f"{v * scale:,.{digits}f}" for v in (min(spread.values), spread.median, max(spread.values)))
    return f"{low} / **{mid}** / {high} {unit}"


def run_twins(scale: TwinsScale, log: Callable[[str], None] = print) -> str:
    """The Markdown section."""
    log("Twins: each fast twin against the path beside it, on the requests it serves")
    logging.getLogger("showdown.access").disabled = True  # (the same for both twins: left out of the timing)
    pairs = _pairs(scale)
    for pair in pairs:
        _checked(pair)
    found = interleaved(_tasks(pairs), scale.repeats, scale.seconds)
    lines = ["## Twin paths", "",
             f"Each request sent whole through the service's WSGI app in this process (no socket, the access log "
             f"off), by the fast twin and with it switched off (its own fallback), both answering every body with "
             f"the same status and bytes (checked before timing). Time per request, min / **median** / max over "
             f"{scale.repeats} interleaved repeats of >= {scale.seconds:g} s per twin; showdown requests cycle over "
             f"{scale.deals} seeded deals (the group games over their seeded deals that are valid). *Saves*: "
             f"1 - fast / slow of the medians; a twin saving under {KEEP_AT:.0%} of its request's time is removed.",
             "*Per repeat*: the saving of each repeat's fast and slow runs, back to back (min / median / max), "
             "which shows how much of a small figure is the machine's noise.",
             "", "| twin / the path beside it | request | fast twin | twin off | saves | saves per repeat | "
             "saves (µs, medians) |", "|---|---|---:|---:|---:|---:|---:|"]
    for i, pair in enumerate(pairs):
        fast, slow = found[f"{i} fast"], found[f"{i} slow"]
        saving = 1 - fast.median / slow.median
        paired = sorted(1 - f / s for f, s in zip(fast.values, slow.values, strict=True))
        lines.append(f"| {pair.twin} | {pair.request} | {_cell(fast)} | {_cell(slow)} | **{saving:.0%}** | "
                     f"{paired[0]:.0%} / {statistics.median(paired):.0%} / {paired[-1]:.0%} | "
                     f"{(slow.median - fast.median) * 1e6:,.0f} |")
    lines += ["", "The test that holds each pair equal:", ""]
    lines += [f"- {twin}: `{test}`" for twin, test in dict.fromkeys((p.twin, p.test) for p in pairs)]
    return "\n".join([*lines, ""])

