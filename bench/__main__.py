"""``python -m bench [--quick] [--only PART | --skip PART ...]``: run the benchmarks, print Markdown, save
bench/last_run.md (bench/twins_last_run.md for ``--only twins``). Parts: eval, engine, http, wild, layouts, equity,
twins."""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from pathlib import Path

from bench.deals import Deals, deal_cards
from bench.engine import EngineScale, run_engine
from bench.equity import run_equity
from bench.evaluation import DisagreementError, Scale, run_evaluation
from bench.http_load import DEFAULT_APP, HttpScale, HttpSetupError, run_http
from bench.layouts import run_layouts
from bench.report import machine_lines, render
from bench.results import HttpReport, Section
from bench.twins import TwinsScale, run_twins
from bench.wild import run_wild

OUT = Path(__file__).resolve().parent / "last_run.md"
TWINS_OUT = OUT.with_name("twins_last_run.md")
PARTS = ("eval", "engine", "http", "wild", "layouts", "equity", "twins")


def _log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    p.add_argument("--quick", action="store_true", help="smaller counts and 3 s HTTP runs")
    p.add_argument("--only", choices=PARTS, help="run one part only")
    p.add_argument("--skip", action="append", default=[], choices=PARTS, help="leave a part out (repeatable)")
    p.add_argument("--app", default=DEFAULT_APP, help=f"WSGI app for gunicorn (default {DEFAULT_APP})")
    p.add_argument("--load-tool", choices=("auto", "wrk", "locust"), default="auto",
                   help="HTTP load generator (default: wrk if on PATH, else locust)")
    p.add_argument("--out", type=Path, help=f"where to write the Markdown (default {OUT}, or {TWINS_OUT} with "
                                            "--only twins)")
    return p


def _app_importable(app: str) -> bool:
    module = app.split(":", 1)[0]
    try:
        return importlib.util.find_spec(module) is not None
    except ImportError:  # a missing parent package
        return False


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.only is not None and args.only in args.skip:
        _parser().error(f"--only {args.only} and --skip {args.only}")
    machine = machine_lines(os.getloadavg())
    sections: list[Section] = []
    http: HttpReport | None = None
    http_note: str | None = None

    if args.only in (None, "eval") and "eval" not in args.skip:
        scale = Scale.quick() if args.quick else Scale.full()
        _log(f"Evaluation: {scale.deals:,} seeded deals, >= {scale.min_seconds:g} s of timed work per evaluator")
        try:
            sections = run_evaluation(scale, Deals(deal_cards(scale.deals)), log=_log)
        except DisagreementError as err:
            _log(f"ABORTED: {err}")
            return 2

    engine_text = ""
    if args.only in (None, "engine") and "engine" not in args.skip:
        engine_text = run_engine(EngineScale.quick() if args.quick else EngineScale.full(), log=_log)

    if args.only in (None, "http") and "http" not in args.skip:
        if not _app_importable(args.app):
            http_note = f"Skipped: `{args.app}` is not importable (the service is not there yet)."
            _log(http_note)
        else:
            try:
                http = run_http(HttpScale.quick() if args.quick else HttpScale.full(), app=args.app,
                                tool=args.load_tool, log=_log)
            except HttpSetupError as err:
                _log(f"HTTP benchmark failed: {err}")
                http_note = f"Failed: {str(err).splitlines()[0]}"
            if http is not None and args.app != DEFAULT_APP:
                http_note = f"**App under test: `{args.app}`, not the showdown service.**"

    wild_text = ""
    if args.only in (None, "wild") and "wild" not in args.skip:
        _log("Wild cards: natural vs wild hands, and an 8-player stud hi-lo showdown with many wild cards")
        wild_text = run_wild(hands=5_000 if args.quick else 20_000, showdowns=50 if args.quick else 200)

    if args.only in (None, "layouts") and "layouts" not in args.skip:
        _log("Layouts: the heaviest layout games, per showdown")
        wild_text += "\n" + run_layouts(deals=10 if args.quick else 30)

    if args.only in (None, "equity") and "equity" not in args.skip:
        _log("Equity: exact and Monte Carlo odds against pokerkit's calculate_equities and eval7")
        wild_text += "\n" + run_equity(quick=args.quick)

    twins_text = ""
    if args.only in (None, "twins") and "twins" not in args.skip:
        twins_text = run_twins(TwinsScale.quick() if args.quick else TwinsScale.full(), log=_log)

    text = render(machine, sections, http, http_note) + "".join(
        "\n" + t for t in (engine_text, wild_text, twins_text) if t)
    print(text)
    out = args.out or (TWINS_OUT if args.only == "twins" else OUT)
    out.write_text(text, encoding="utf-8")
    _log(f"Written to {out}")
    return 1 if http_note is not None and http_note.startswith("Failed") else 0


if __name__ == "__main__":
    sys.exit(main())
