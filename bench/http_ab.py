"""``python -m bench.http_ab OLD_TREE [--rounds N]``: two real servers, side by side, by server CPU per request.

One gunicorn server (the committed conf) runs from ``OLD_TREE`` (a checkout or ``git archive`` of another version of
the repository), one from this tree, both with this tree's virtualenv. Both must answer the 300 seeded Hold'em bodies
alike (status, bytes, headers but ``Date`` and ``X-Request-ID``). Then, in interleaved rounds (the order of servers
and scenarios alternating), wrk loads each with ``GET /livez`` and with ``POST /v1/showdowns`` (6-player Hold'em, the
300 bodies in turn, :data:`bench.http_load.WRK_SCRIPT`) for a few seconds, and the workers' CPU time over the run
(:func:`bench.http_load.server_cpu_seconds`) is divided by the requests answered. The machine is shared: compare CPU
per request and the ratio livez / POST paired within a round, not req/s.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from bench.http_load import (
    ROOT,
    HttpScale,
    Scenario,
    free_port,
    scenarios,
    server_cpu_seconds,
    wrk_command,
    wrk_summary,
)
from bench.http_load import _stop as stop_server

_SCALE = HttpScale(duration=3, warmup=1, connections=16, threads=2, repeats=1)
_IGNORED = frozenset({"date", "x-request-id"})


def _start(tree: Path, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = {**os.environ, "HOST": "127.0.0.1", "PORT": str(port), "PYTHONPATH": str(tree)}
    with log.open("wb") as out:
        process = subprocess.Popen([str(Path(sys.executable).parent / "gunicorn"), "-c", "python:service.gunicorn_conf",
                                    "service.wsgi:app"], cwd=tree, env=env, stdout=out, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(base + "/livez", timeout=1):
                break
        except OSError:
            if time.monotonic() > deadline or process.poll() is not None:
                stop_server(process)
                raise RuntimeError(f"{tree}: the server did not start (see {log})") from None
            time.sleep(0.2)
    time.sleep(3)  # every worker booted
    return process, base


def _answer(base: str, body: dict[str, object]) -> tuple[int, bytes, list[tuple[str, str]]]:
    sent = urllib.request.Request(base + "/v1/showdowns", data=json.dumps(body).encode(),
                                  headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(sent, timeout=10) as answered:
        headers = sorted((k, v) for k, v in answered.headers.items() if k.lower() not in _IGNORED)
        return answered.status, answered.read(), headers


def _load(base: str, scenario: Scenario, seconds: int, workdir: Path) -> int:
    summary = wrk_summary(wrk_command("wrk", _SCALE, base + scenario.path, seconds, scenario.bodies_file(workdir)),
                          _SCALE, seconds)
    if summary["errors"] or summary["status_errors"]:
        raise RuntimeError(f"{scenario.name}: errors under load: {summary}")
    return int(summary["requests"])


def _spread(values: list[float], digits: int = 0) -> str:
    return " / ".join(f"{v:.{digits}f}" for v in (min(values), statistics.median(values), max(values)))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.http_ab", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("old", type=Path, help="the other version's tree")
    parser.add_argument("--rounds", type=int, default=6)
    args = parser.parse_args(argv)
    holdem, livez = scenarios()[:2]
    with tempfile.TemporaryDirectory(prefix="showdown-ab-") as tmp:
        workdir = Path(tmp)
        servers = {}
        try:
            for name, tree in (("old", args.old.resolve()), ("new", ROOT)):
                servers[name] = _start(tree, workdir / f"{name}.log")
            for body in holdem.bodies:
                old, new = (_answer(base, body) for _, base in servers.values())
                if old != new:
                    raise RuntimeError(f"the servers answer {body} differently:\n{old}\n{new}")
            print(f"{len(holdem.bodies)} bodies: both servers answer alike", flush=True)
            for _, base in servers.values():
                _load(base, livez, _SCALE.warmup, workdir)
                _load(base, holdem, _SCALE.warmup, workdir)
            cpu: dict[tuple[str, str], list[float]] = {}
            for round_ in range(args.rounds):
                order = list(servers.items()) if round_ % 2 == 0 else list(servers.items())[::-1]
                for name, (process, base) in order:
                    for scenario in (livez, holdem) if round_ % 2 == 0 else (holdem, livez):
                        before = server_cpu_seconds(process.pid)
                        requests = _load(base, scenario, _SCALE.duration, workdir)
                        after = server_cpu_seconds(process.pid)
                        if before is None or after is None:
                            raise RuntimeError("no /proc: server CPU cannot be read")
                        per_request = (after - before) / requests * 1e6
                        cpu.setdefault((name, scenario.method), []).append(per_request)
                        print(f"round {round_ + 1} {name} {scenario.name}: {requests} requests, {per_request:.0f} µs "
                              "server CPU each", flush=True)
        finally:
            for process, _ in servers.values():
                stop_server(process)
    print("\n| server | POST µs/request min / median / max | /livez µs/request | paired livez / POST |")
    print("|---|---|---|---|")
    for name in servers:
        post, live = cpu[(name, "POST")], cpu[(name, "GET")]
        ratios = [lv / p for lv, p in zip(live, post, strict=True)]
        print(f"| {name} | {_spread(post)} | {_spread(live)} | {_spread(ratios, 3)} |")


if __name__ == "__main__":
    main(sys.argv[1:])
