"""The Markdown report: machine and versions, one table per evaluation section, targets, HTTP results."""

from __future__ import annotations

import datetime as dt
import os
import platform
import shutil
import statistics
import subprocess
from collections.abc import Sequence
from importlib.metadata import PackageNotFoundError, version

from bench.results import HttpReport, LoadResult, Rate, Section, Spread

__all__ = ["machine_lines", "render"]

PACKAGES = ("showdown", "numpy", "treys", "phevaluator", "eval7", "pokerkit", "flask", "flask-smorest", "gunicorn",
            "locust")


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def _nproc() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _versions() -> str:
    found: list[str] = []
    for name in PACKAGES:
        try:
            found.append(f"{name} {version(name)}")
        except PackageNotFoundError:
            found.append(f"{name} (not installed)")
    wrk = shutil.which("wrk")
    if wrk is not None:
        done = subprocess.run([wrk, "-v"], capture_output=True, text=True, timeout=10, check=False)
        lines = (done.stdout or done.stderr).strip().splitlines()
        found.append(lines[0].split(" [")[0] if lines else "wrk")
    else:
        found.append("wrk (not installed)")
    return ", ".join(found)


def machine_lines(load_before: tuple[float, float, float]) -> list[str]:
    now = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
    one, five, _ = load_before
    lines = [
        f"- Date: {now}",
        f"- Machine: nproc {_nproc()}, {_cpu_model()}, {platform.system()} {platform.release()}",
        f"- Python {platform.python_version()} ({platform.python_implementation()})",
        f"- Versions: {_versions()}",
        f"- Load average when the run started: {one:.2f} (1 min), {five:.2f} (5 min)",
    ]
    if one > 0.5:
        lines.append("- **Other processes were using the CPU when the run started: absolute rates are lower than "
                     "on an idle machine; ratios measured in the same run (round-robin) are less affected.**")
    return lines


def _rate(x: float) -> str:
    return f"{x:,.0f}"


def _ratio(x: float) -> str:
    return f"{x:,.2f}x" if x < 10 else f"{x:,.1f}x" if x < 100 else f"{x:,.0f}x"


def _spread(r: Rate) -> str:
    if not r.repeats:
        return _rate(r.per_second)
    low, mid, high = min(r.repeats), statistics.median(r.repeats), max(r.repeats)
    return f"{_rate(low)} / **{_rate(mid)}** / {_rate(high)}"


def section_table(section: Section) -> list[str]:
    call = section.rate(section.per_call)
    lines = [
        f"### {section.title}",
        "",
        f"{section.deals:,} seeded deals (numpy default_rng(2026)); {section.agreement}.",
        "",
        "| evaluator | hands timed | hands/s, min / **median** / max over the repeats | ours per call ÷ this "
        "(medians, per call only) | anchor hands/s | this run ÷ anchor |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    mid = _median(call)
    for r in section.rates:
        name = f"**{r.name}**" if r.ours else r.name
        anchor = "" if r.anchor is None else _rate(r.anchor)
        vs_anchor = "" if r.anchor is None else f"{_median(r) / r.anchor:.2f}"
        batch = r.ours and r.name != section.per_call
        versus = "(batch: no peer batch entry)" if batch else _ratio(mid / _median(r))
        lines.append(f"| {name} | {r.hands:,} | {_spread(r)} | {versus} | {anchor} | {vs_anchor} |")
    return [*lines, ""]


def _median(r: Rate) -> float:
    return statistics.median(r.repeats) if r.repeats else r.per_second


def targets_table(sections: list[Section]) -> list[str]:
    lines = ["### Targets (informational)", "", "| target | ours ÷ peer | result |", "|---|---:|---|"]
    for section in sections:
        for t in section.targets:
            lines.append(f"| {t.label} | {_ratio(t.ratio)} | {'PASS' if t.passed else 'MISS'} |")
    return [*lines, ""]


def _errors(runs: Sequence[LoadResult]) -> str:
    """The errors of a scenario's runs, and how many were answers other than 2xx where the load tool says."""
    errors = sum(r.errors for r in runs)
    told = [r.not_2xx for r in runs if r.not_2xx is not None]
    if not errors or len(told) < len(runs):
        return str(errors)
    return f"{errors} ({sum(told)} not 2xx; the rest socket errors or timeouts)"


def http_table(report: HttpReport) -> list[str]:
    rounds = max((r.round for r in report.results), default=0) + 1
    lines = [
        f"Server: `gunicorn -c python:service.gunicorn_conf {report.app}`, {report.workers} worker(s). "
        f"Load: {report.tool}; {rounds} interleaved rounds, figures min / **median** / max over them.",
        "",
        "| scenario | requests | req/s min | req/s median | req/s max | p50 ms (median) | p99 ms (median) "
        "| max ms (worst run) | errors | server CPU µs/request min / median / max |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name in report.scenarios():
        runs = report.runs(name)
        rate = report.rate(name)
        p50 = Spread.of([r.p50_ms for r in runs]).median
        p99 = Spread.of([r.p99_ms for r in runs]).median
        cpu = report.cpu_per_request(name)
        cpu_text = "" if cpu is None else f"{cpu.low:,.0f} / **{cpu.median:,.0f}** / {cpu.high:,.0f}"
        lines.append(f"| {name} | {sum(r.requests for r in runs):,} | {_rate(rate.low)} | **{_rate(rate.median)}** | "
                     f"{_rate(rate.high)} | {p50:.2f} | {p99:.2f} | {max(r.max_ms for r in runs):.2f} | "
                     f"{_errors(runs)} | {cpu_text} |")
    ratio = report.ratio()
    cpu_ratio = report.cpu_ratio()
    post = report.post or report.results[0].scenario
    verdict = "PASS" if ratio.median >= report.ratio_target else "MISS"
    lines += [
        "",
        f"{post} ÷ {report.base}, within each round: min {ratio.low:.0%}, **median {ratio.median:.0%}**, max "
        f"{ratio.high:.0%} of the health-check rate (target ≥ {report.ratio_target:.0%}): **{verdict}** "
        "(informational).",
        *([] if cpu_ratio is None else [
            "",
            f"By server CPU per request ({report.base} ÷ {post}, within each round): min {cpu_ratio.low:.0%}, "
            f"**median {cpu_ratio.median:.0%}**, max {cpu_ratio.high:.0%}.",
        ]),
        "",
        *(f"- {note}" for note in report.notes),
        "",
        *latency_table(report),
    ]
    return lines


def latency_table(report: HttpReport) -> list[str]:
    """Every run's latency distribution, so that a tail (or one bad run) shows."""
    lines = [
        "Latency of every run (ms; the requests' own latencies, without the samples wrk makes up for its summary, "
        "see bench/wrk_bodies.lua):",
        "",
        "| round | scenario | req/s | p50 | p90 | p99 | max |",
        "|---:|---|---:|---:|---:|---:|---:|",
    ]
    for r in sorted(report.results, key=lambda r: (r.round, report.scenarios().index(r.scenario))):
        lines.append(f"| {r.round + 1} | {r.scenario} | {_rate(r.per_second)} | {r.p50_ms:.2f} | {r.p90_ms:.2f} | "
                     f"{r.p99_ms:.2f} | {r.max_ms:.2f} |")
    return [*lines, ""]


def render(machine: list[str], sections: list[Section], http: HttpReport | None, http_note: str | None) -> str:
    lines = ["# showdown benchmark", "", *machine, ""]
    if sections:
        lines += ["## Evaluation rates", ""]
        lines += ["Ours: `evaluator.engine.fast_paths` (numpy evaluators; *per call* = one hand per call, "
                  "*batch N* = N hands per call). Peers are called one hand at a time from Python (none has a "
                  "batch entry), on cards converted to their own types before timing; they are set against ours "
                  "per call only. What the service runs (`adjudicate`) is timed in the engine section below. "
                  "*anchor*: the peer's rate measured earlier on these 2-core machines (a *this run ÷ anchor* well "
                  "below 1 means the machine was slower or busier than then). treys Omaha: treys' own "
                  "`PLOEvaluator`, which scores the 60 two-plus-three combinations with `Evaluator._five` in Python. "
                  "Each section times its evaluators round-robin in 5 interleaved repeats, so load changes hit them "
                  "alike; each rate is min / median / max over those repeats.", ""]
        for section in sections:
            lines += section_table(section)
        lines += targets_table(sections)
    if http is not None or http_note is not None:
        lines += ["## HTTP", ""]
        if http_note is not None:
            lines += [http_note, ""]
        if http is not None:
            lines += http_table(http)
    return "\n".join(lines).rstrip() + "\n"
