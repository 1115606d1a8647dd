"""``python -m bench.http_path [--baseline DIR] [--deals N] [--repeats R]``: what ``POST /v1/showdowns`` costs in
the HTTP layer, in process (no server, no socket): a micro-bench of the HTTP path.

Over ``N`` different seeded 6-player Hold'em bodies (:func:`bench.http_load.holdem_bodies`), each repeat times, one
after the other (interleaved, so a busy machine weighs on every row alike), per request:

- ``POST`` and ``GET /livez`` through the whole WSGI app (every hook, the access log written to a null stream):
  the POST by the raw route (:mod:`service.raw_showdown`), and by the Flask app behind it (the raw route bypassed,
  the way it answered before the raw route);
- the POST's own steps, apart: reading the body (the fast loader), the cost (``plain_cost``) and the budget,
  ``adjudicate``, building the answer's body, encoding it with the Response.

``--baseline DIR``: ``DIR`` holds another version of ``service/`` (e.g. ``git archive main service | tar -x -C
DIR``); its POST-only modules (``service/schemas/fast_showdown.py``, ``service/encoding.py``,
``service/budget.py``) are loaded beside this tree's and timed the same way, interleaved, as the ``old`` rows (their
POST by Flask: the raw route runs this tree's modules).

Prints min / median / max µs of CPU per request (the process's CPU time: on a shared machine, steadier than the wall
clock) over the repeats, and the paired ratio livez / POST of each repeat.
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import logging
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import orjson
from flask import Response, request

from bench.http_load import holdem_bodies
from evaluator import adjudicate, plain_cost
from service import create_app
from service.body import read_body
from service.config import Config
from service.raw_showdown import RawShowdownRoute
from service.views import showdowns

#: The endpoint of ``POST /v1/showdowns``, whose view the raw route stands in for.
ENDPOINT = "showdowns.adjudicate_showdown"


class BenchConfig(Config):
    TESTING = True


@dataclass(frozen=True)
class _Path:
    """One version of the POST-only modules."""

    fast: ModuleType
    encoding: ModuleType
    budget: ModuleType

    def view(self) -> Callable[[], Response]:
        """``serve_showdown`` of this version (the view's own code is the same in both)."""
        def serve() -> Response:
            current = request._get_current_object()  # type: ignore[attr-defined]
            call = self.fast.fast_showdown_call(orjson.loads(read_body(current)))
            cost = plain_cost(call.variant, call.deal, call.options)
            with self.budget.request_budget(cost):
                answer: Response = self.encoding.json_answer(
                    self.encoding.showdown_body(adjudicate(call.variant, call.deal, call.options)))
                return answer
        return serve


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _baseline(root: Path) -> _Path:
    return _Path(fast=_load("baseline_fast_showdown", root / "service/schemas/fast_showdown.py"),
                 encoding=_load("baseline_encoding", root / "service/encoding.py"),
                 budget=_load("baseline_budget", root / "service/budget.py"))


def _current() -> _Path:
    from service import budget, encoding
    from service.schemas import fast_showdown
    return _Path(fast=fast_showdown, encoding=encoding, budget=budget)


def _environ(method: str, path: str, body: bytes = b"") -> dict[str, Any]:
    environ = {"REQUEST_METHOD": method, "PATH_INFO": path, "SERVER_NAME": "bench", "SERVER_PORT": "80",
               "SERVER_PROTOCOL": "HTTP/1.1", "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(body),
               "wsgi.errors": io.StringIO(), "REMOTE_ADDR": "127.0.0.1"}
    if body:
        environ.update(CONTENT_TYPE="application/json", CONTENT_LENGTH=str(len(body)))
    return environ


def wsgi_answer(app: Callable[..., Any], method: str, path: str) -> Callable[[bytes], tuple[int, bytes]]:
    """A sender of one request to the WSGI ``app`` (a body only for a POST): the answer's status and body."""
    def send(body: bytes) -> tuple[int, bytes]:
        status: list[str] = []

        def start_response(line: str, headers: list[tuple[str, str]], exc_info: Any = None
                           ) -> Callable[[bytes], object]:
            status.append(line)
            return len

        answer = app(_environ(method, path, body if method == "POST" else b""), start_response)
        data = b"".join(answer)
        close = getattr(answer, "close", None)
        if close is not None:
            close()
        return int(status[-1].split(" ", 1)[0]), data
    return send


def _steps(version: _Path, bodies: list[bytes]) -> dict[str, tuple[Callable[[Any], Any], list[Any]]]:
    """The POST's own steps, each with its inputs (computed once, before any timing)."""
    calls = [version.fast.fast_showdown_call(orjson.loads(b)) for b in bodies]
    results = [adjudicate(c.variant, c.deal, c.options) for c in calls]
    answers = [version.encoding.showdown_body(r) for r in results]

    def cost(c: Any) -> None:
        with version.budget.request_budget(plain_cost(c.variant, c.deal, c.options)):
            pass

    return {
        "read (loads + fast loader)": (lambda b: version.fast.fast_showdown_call(orjson.loads(b)), bodies),
        "cost + budget": (cost, calls),
        "adjudicate": (lambda c: adjudicate(c.variant, c.deal, c.options), calls),
        "answer body": (version.encoding.showdown_body, results),
        "encode + Response": (version.encoding.json_answer, answers),
    }


def _time(run: Callable[[Any], Any], inputs: list[Any]) -> float:
    began = time.process_time()
    for x in inputs:
        run(x)
    return (time.process_time() - began) / len(inputs) * 1e6


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.http_path", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--baseline", type=Path, help="a directory holding another version of service/")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=9)
    args = parser.parse_args(argv)
    logging.getLogger("showdown.access").disabled = True  # (the same for both endpoints: left out of the timing)
    app = create_app(BenchConfig)
    versions = {"new": _current()}
    if args.baseline is not None:
        versions = {"old": _baseline(args.baseline), **versions}
    bodies = [orjson.dumps(b) for b in holdem_bodies(args.deals)]
    views = {name: version.view() for name, version in versions.items()}
    assert showdowns.serve_showdown is app.view_functions[ENDPOINT]
    route = app.wsgi_app
    assert isinstance(route, RawShowdownRoute)
    livez, raw, post = (wsgi_answer(app, "GET", "/livez"), wsgi_answer(app, "POST", "/v1/showdowns"),
                        wsgi_answer(route.flask, "POST", "/v1/showdowns"))
    times: dict[str, list[float]] = {}
    with app.test_request_context():
        steps = {name: _steps(version, bodies) for name, version in versions.items()}
        for view in views.values():  # every version answers
            app.view_functions[ENDPOINT] = view
            assert all(app.test_client().post("/v1/showdowns", data=b, content_type="application/json").status_code
                       == 200 for b in bodies[:5])
    for _ in range(args.repeats):
        app.view_functions[ENDPOINT] = showdowns.serve_showdown  # (the raw route serves only for this view)
        times.setdefault("new POST by the raw route (whole WSGI app)", []).append(_time(raw, bodies))
        for name, view in views.items():
            app.view_functions[ENDPOINT] = view
            times.setdefault(f"{name} POST by Flask (whole WSGI app)", []).append(_time(post, bodies))
            times.setdefault(f"{name} GET /livez (whole WSGI app)", []).append(_time(livez, bodies))
            with app.test_request_context():
                for step, (run, inputs) in steps[name].items():
                    times.setdefault(f"{name} {step}", []).append(_time(run, inputs))
    app.view_functions[ENDPOINT] = showdowns.serve_showdown
    print(f"{args.deals} seeded 6-player Hold'em deals, {args.repeats} interleaved repeats, µs per request\n")
    print("| | min | median | max |\n|---|---:|---:|---:|")
    for row, values in times.items():
        print(f"| {row} | {min(values):.1f} | {statistics.median(values):.1f} | {max(values):.1f} |")
    print("\nPaired ratio livez / POST per repeat (the req/s ratio the CPU costs imply):")
    rows = [(f"{name} POST by Flask", name) for name in views] + [("new POST by the raw route", "new")]
    for row, name in rows:
        ratios = [live / posted for live, posted in zip(times[f"{name} GET /livez (whole WSGI app)"],
                                                          times[f"{row} (whole WSGI app)"], strict=True)]
        print(f"- {row}: min {min(ratios):.3f}, median {statistics.median(ratios):.3f}, max {max(ratios):.3f}")


if __name__ == "__main__":
    main(sys.argv[1:])
