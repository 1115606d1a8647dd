"""HTTP throughput: the service under gunicorn on a free loopback port, loaded by wrk (or locust without wrk).

The server is started exactly as ``make run`` starts it (``gunicorn -c python:service.gunicorn_conf
service.wsgi:app``) with ``HOST=127.0.0.1``, ``PORT`` a free port and the configuration's default worker count
(``WEB_CONCURRENCY`` is passed through untouched, so it is the default unless the caller set it).

Each POST scenario sends :data:`DEALS` different seeded random deals, in turn (``bench/wrk_bodies.lua``), never one
repeated body that a cache could answer. Before any load, ``GET /livez`` must answer 200 and every body of every
POST scenario must answer 200 with the payouts our library computes for the same deal; during the load, any
non-2xx answer counts as an error.

The scenarios run interleaved, ``repeats`` rounds of one run each (the order reversed every other round), so that a
change of the machine's load hits them alike; each figure is given as min / median / max over the rounds, and the
showdown / ``/livez`` ratio is taken within each round. After the last round the server is stopped (SIGTERM, then
SIGKILL to its process group if it has not exited within :data:`STOP_TIMEOUT` seconds).

Latency: each run's p50 / p90 / p99 / max are the latencies wrk measured for the requests it sent, not the ones wrk
prints. wrk 4 adds made-up samples to its histogram before its summary (a "coordinated omission" correction:
for every latency of at least twice the mean time between one connection's requests, samples at every multiple
of that time below it), so one stall of 1.5 s in a run at ~1 ms per request made hundreds of samples and its
p99 read 0.4-1.8 s where the requests' own p99 was a quarter of that. ``bench/wrk_bodies.lua`` takes them out
(exactly: see there) and the runner checks that it recovered one latency per request. wrk is a closed loop
(each connection sends its next request when it has the answer), so these are the latencies of a client that
waits, not of an open stream of arrivals. The report lists every run's distribution, so a tail shows.

What the tail was (bisected with the requests' own latencies, GET /livez, wrk -t2 -c32, 5 workers): real, and
the server's. Not the rounds (a run on a fresh server had it too), not wrk (sync workers answering the same
load: p99 30 ms, max < 60 ms), not the worker count (2 workers as bad): gevent's scheduling. A greenlet runs
until it blocks, and wrk sent a kept-alive connection's next request before the worker's next recv, so one
connection kept its worker while the others that worker held waited (p99 0.24-0.34 s, max 0.6-1.1 s). The
worker now serves a connection's next request only when its other ready connections have been served
(``service/worker.py``, ``ShowdownWorker.handle_request``).

Every wait is bounded: the start-up wait, each load run (subprocess timeout) and the shutdown.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from bench.deals import SEED
from bench.results import HttpReport, LoadResult
from evaluator import Deal, Seat, adjudicate, format_cards, parse_cards, variant_named

__all__ = [
    "DEALS",
    "DEFAULT_APP",
    "HttpScale",
    "HttpSetupError",
    "holdem_bodies",
    "holdem_body",
    "run_http",
    "stud_bodies",
    "stud_body",
]

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_APP = "service.wsgi:app"
CONF = "python:service.gunicorn_conf"
LOCUSTFILE = Path(__file__).resolve().parent / "locustfile.py"
WRK_SCRIPT = Path(__file__).resolve().parent / "wrk_bodies.lua"
#: Different seeded random deals per POST scenario, sent in turn.
DEALS = 300
START_TIMEOUT = 60.0  # seconds for /livez to answer after the server process starts
STOP_TIMEOUT = 20.0  # seconds for a graceful stop before SIGKILL
RATIO_TARGET = 0.70  # POST /v1/showdowns (6-player hold'em) req/s over GET /livez req/s


class HttpSetupError(Exception):
    """The server did not start, or did not answer the sanity requests as expected: nothing was loaded."""


@dataclass(frozen=True)
class HttpScale:
    duration: int  # seconds per measured run
    warmup: int  # seconds of unreported load per scenario, once, before the first round
    connections: int  # wrk connections / locust users
    threads: int  # wrk threads
    repeats: int  # interleaved rounds: every scenario runs once per round
    deals: int = DEALS  # different bodies per POST scenario

    @classmethod
    def full(cls) -> HttpScale:
        return cls(duration=5, warmup=2, connections=32, threads=2, repeats=7)

    @classmethod
    def quick(cls) -> HttpScale:
        return cls(duration=2, warmup=1, connections=32, threads=2, repeats=5)


# --- request bodies --------------------------------------------------------------------------------------------


def _deck(salt: int, deal: int = 0) -> list[int]:
    seed = [SEED, salt] if deal == 0 else [SEED, salt, deal]
    return [int(c) for c in np.random.default_rng(seed).permutation(52)]


def holdem_body(deal: int = 0) -> dict[str, Any]:
    """A 6-player Texas Hold'em showdown with a full board and a pot of 600 (seeded: deal ``deal`` is the same
    every run)."""
    deck = _deck(1, deal)
    players = [{"id": f"p{i + 1}", "hole": format_cards(deck[2 * i : 2 * i + 2])} for i in range(6)]
    return {"variant": "texas-holdem", "board": format_cards(deck[12:17]), "players": players, "pot": 600}


def stud_body(deal: int = 0) -> dict[str, Any]:
    """An 8-player Seven-Card Stud hi-lo 8-or-better showdown (pot 800).

    Eight players cannot each have 3 hole + 4 up cards (56 cards from a 52-card deck): as the variant says, the
    deck runs out and the seventh card is one community card, sent as the board. So each player has 2 hole + 4 up
    and shares the board card: still seven cards each, both rankings (high and 8-or-better low) over 21 fives.
    """
    deck = _deck(2, deal)
    own = [deck[6 * i : 6 * i + 6] for i in range(8)]
    players = [{"id": f"p{i + 1}", "hole": format_cards(c[:2]), "up": format_cards(c[2:])} for i, c in enumerate(own)]
    return {"variant": "seven-card-stud-hi-lo-8", "board": format_cards(deck[48:49]), "players": players, "pot": 800}


def holdem_bodies(count: int = DEALS) -> tuple[dict[str, Any], ...]:
    """``count`` different seeded 6-player Hold'em deals."""
    return tuple(holdem_body(k) for k in range(count))


def stud_bodies(count: int = DEALS) -> tuple[dict[str, Any], ...]:
    """``count`` different seeded 8-player Stud hi-lo deals."""
    return tuple(stud_body(k) for k in range(count))


def expected_payouts(body: dict[str, Any]) -> dict[str, int]:
    """What our library pays for ``body``: the service must answer the same."""
    seats = (Seat(id=p["id"], hole=parse_cards(p["hole"]), up=parse_cards(p.get("up", []))) for p in body["players"])
    deal = Deal(
        seats=tuple(seats),
        board=parse_cards(body.get("board", [])),
        pot=body["pot"],
    )
    return dict(adjudicate(variant_named(body["variant"]), deal).payouts)


HOLDEM = "POST /v1/showdowns, 6-player Hold'em"
LIVEZ = "GET /livez"
STUD = "POST /v1/showdowns, 8-player Stud hi-lo 8"


@dataclass(frozen=True)
class Scenario:
    name: str
    method: str
    path: str
    bodies: tuple[dict[str, Any], ...] = ()  # for a POST: sent in turn

    @property
    def slug(self) -> str:
        return re.sub(r"[^a-z0-9]+", "-", self.name.lower()).strip("-")

    def bodies_file(self, workdir: Path) -> Path | None:
        """The bodies as JSON lines (what the wrk script and the locust user read), or None for a GET."""
        if not self.bodies:
            return None
        path = workdir / f"{self.slug}.jsonl"
        if not path.exists():
            path.write_text("".join(json.dumps(b, separators=(",", ":")) + "\n" for b in self.bodies))
        return path


def scenarios(deals: int = DEALS) -> tuple[Scenario, ...]:
    return (
        Scenario(HOLDEM, "POST", "/v1/showdowns", holdem_bodies(deals)),
        Scenario(LIVEZ, "GET", "/livez"),
        Scenario(STUD, "POST", "/v1/showdowns", stud_bodies(deals)),
    )


# --- the server ------------------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _request(url: str, body: dict[str, Any] | None = None, timeout: float = 5.0) -> tuple[int, bytes]:
    data = None if body is None else json.dumps(body).encode()
    headers = {} if body is None else {"Content-Type": "application/json"}
    req = urllib.request.Request(url, data=data, headers=headers, method="GET" if body is None else "POST")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return int(resp.status), resp.read()
    except urllib.error.HTTPError as err:
        return int(err.code), err.read()


def _tail(path: Path, lines: int = 30) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


@dataclass(frozen=True)
class Server:
    base: str
    process: subprocess.Popen[bytes]
    log: Path

    def workers(self) -> int:
        return len(re.findall(r"Booting worker with pid", self.log.read_text(errors="replace")))


def _wait_ready(server: Server) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while True:
        if server.process.poll() is not None:
            raise HttpSetupError(f"gunicorn exited with code {server.process.returncode}:\n{_tail(server.log)}")
        try:
            if _request(server.base + "/livez", timeout=1.0)[0] == 200:
                break
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise HttpSetupError(f"/livez did not answer 200 within {START_TIMEOUT:g} s:\n{_tail(server.log)}")
        time.sleep(0.1)
    # Workers boot one after another: wait until their number has been stable for a second (at most 15 s).
    stable_since, count = time.monotonic(), server.workers()
    deadline = time.monotonic() + 15.0
    while time.monotonic() - stable_since < 1.0 and time.monotonic() < deadline:
        time.sleep(0.2)
        now = server.workers()
        if now != count:
            stable_since, count = time.monotonic(), now


@contextmanager
def gunicorn(app: str, workdir: Path) -> Iterator[Server]:
    """A gunicorn server for ``app`` on a free loopback port, stopped on exit whatever happens."""
    exe = Path(sys.executable).parent / "gunicorn"
    if not exe.exists():
        raise HttpSetupError(f"{exe} not found: install the project (make venv)")
    port = free_port()
    env = {**os.environ, "HOST": "127.0.0.1", "PORT": str(port)}
    log = workdir / "gunicorn.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [str(exe), "-c", CONF, app], cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, start_new_session=True,  # its own process group, for the SIGKILL fallback
        )
    server = Server(base=f"http://127.0.0.1:{port}", process=process, log=log)
    try:
        _wait_ready(server)
        yield server
    finally:
        _stop(process)


def server_cpu_seconds(master: int) -> float | None:
    """CPU seconds (user + system) the children of the gunicorn ``master`` (its workers) have used so far, read
    from ``/proc``; None where there is no ``/proc``."""
    proc = Path("/proc")
    if not proc.is_dir():
        return None
    ticks = 0
    for stat in proc.glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:  # a process that ended meanwhile
            continue
        fields = text[text.rindex(")") + 2 :].split()  # after "pid (comm) ": state, ppid, ..., utime, stime
        if int(fields[1]) == master:
            ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=STOP_TIMEOUT)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)  # the group we created: gunicorn master and its workers
        process.wait(timeout=10)


def sanity_check(server: Server, scenario: Scenario) -> None:
    """Every request of the scenario must answer 200 (and, for a showdown, our library's payouts) before any
    load."""
    for body in scenario.bodies or (None,):
        status, raw = _request(server.base + scenario.path, body, timeout=10.0)
        if status != 200:
            raise HttpSetupError(f"{scenario.method} {scenario.path} answered {status}: {raw[:500]!r}")
        if body is None:
            continue
        try:
            answer = json.loads(raw)
        except ValueError:
            raise HttpSetupError(f"{scenario.name}: the answer is not JSON: {raw[:500]!r}") from None
        expected = expected_payouts(body)
        got = answer.get("payouts") if isinstance(answer, dict) else None
        if got != expected:
            raise HttpSetupError(f"{scenario.name}: payouts {got!r}, expected {expected!r} (our library)")


# --- load generators -------------------------------------------------------------------------------------------

LoadRunner = Callable[[Server, Scenario, int, Path], LoadResult]


def wrk_command(wrk: str, scale: HttpScale, url: str, duration: int, bodies: Path | None) -> list[str]:
    """The wrk command line: :data:`WRK_SCRIPT`, given the bodies file after ``--`` for a POST scenario."""
    cmd = [wrk, f"-t{scale.threads}", f"-c{scale.connections}", f"-d{duration}s", "--timeout", "5s",
           "-s", str(WRK_SCRIPT), url]
    return cmd if bodies is None else [*cmd, "--", str(bodies)]


def wrk_summary(cmd: list[str], scale: HttpScale, duration: int) -> dict[str, Any]:
    """Run wrk (:func:`wrk_command`) and read the summary ``bench/wrk_bodies.lua`` prints."""
    env = {**os.environ, "BENCH_WRK_CONNECTIONS": str(scale.connections)}
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=duration + 60, check=False, env=env)
    found = re.search(r"^BENCH_JSON (\{.*\})$", done.stdout, re.MULTILINE)
    if found is None:
        raise HttpSetupError(f"wrk gave no summary (exit {done.returncode}):\n{done.stdout}\n{done.stderr}")
    summary: dict[str, Any] = json.loads(found.group(1))
    return summary


def wrk_runner(wrk: str, scale: HttpScale) -> LoadRunner:
    def run(server: Server, scenario: Scenario, duration: int, workdir: Path) -> LoadResult:
        s = wrk_summary(wrk_command(wrk, scale, server.base + scenario.path, duration,
                                    scenario.bodies_file(workdir)), scale, duration)
        # The latencies wrk measured, its made-up samples taken out (bench/wrk_bodies.lua): one real sample per
        # request answered within --timeout, or the script misread wrk's histogram.
        if not s["requests"] - s["timeouts"] <= s["recorded"] <= s["requests"]:
            raise HttpSetupError(f"{scenario.name}: {s['recorded']} latencies recovered from wrk's histogram for "
                                 f"{s['requests']} requests ({s['timeouts']} timeouts): not wrk 4's layout?")
        return LoadResult(scenario=scenario.name, method=scenario.method, path=scenario.path,
                          requests=s["requests"], seconds=s["duration_us"] / 1e6, p50_ms=s["p50_us"] / 1e3,
                          p90_ms=s["p90_us"] / 1e3, p99_ms=s["p99_us"] / 1e3, max_ms=s["max_us"] / 1e3,
                          errors=s["errors"], not_2xx=s["status_errors"])

    return run


def _percentile(histogram: dict[str, int], fraction: float) -> float:
    """The response time (ms, as locust buckets it) below which ``fraction`` of the requests fall."""
    times = sorted((float(ms), count) for ms, count in histogram.items())
    total = sum(count for _, count in times)
    seen = 0
    for ms, count in times:
        seen += count
        if seen >= fraction * total:
            return ms
    return float("nan")


def locust_runner(locust: str, scale: HttpScale) -> LoadRunner:
    """locust headless; the final statistics are read from ``--json-file`` (the ``--csv`` files are snapshots
    written every second and can miss the end of the run)."""

    def run(server: Server, scenario: Scenario, duration: int, workdir: Path) -> LoadResult:
        base = workdir / f"locust-{scenario.slug}"
        out = base.with_name(base.name + ".json")  # locust adds ".json" to the name it is given
        out.unlink(missing_ok=True)
        bodies = scenario.bodies_file(workdir)
        env = {**os.environ, "BENCH_METHOD": scenario.method, "BENCH_PATH": scenario.path,
               "BENCH_BODIES": "" if bodies is None else str(bodies)}
        users = str(scale.connections)
        cmd = [locust, "-f", str(LOCUSTFILE), "--headless", "-u", users, "-r", users, "-t", f"{duration}s",
               "--host", server.base, "--json-file", str(base), "--only-summary", "--loglevel", "WARNING",
               "--stop-timeout", "5"]
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=duration + 90, check=False, env=env,
                              cwd=workdir)
        try:
            stats = json.loads(out.read_text())
        except (OSError, ValueError):
            tail = done.stderr[-2000:]
            raise HttpSetupError(f"locust wrote no statistics (exit {done.returncode}):\n{tail}") from None
        count = sum(int(e["num_requests"]) for e in stats)
        failures = sum(int(e["num_failures"]) for e in stats)
        histogram: dict[str, int] = {}
        for e in stats:
            for ms, n in e["response_times"].items():
                histogram[ms] = histogram.get(ms, 0) + int(n)
        seconds = (max(float(e["last_request_timestamp"] or 0) for e in stats)
                   - min(float(e["start_time"]) for e in stats)) if stats else 0.0
        return LoadResult(scenario=scenario.name, method=scenario.method, path=scenario.path, requests=count,
                          seconds=seconds, p50_ms=_percentile(histogram, 0.50), p90_ms=_percentile(histogram, 0.90),
                          p99_ms=_percentile(histogram, 0.99),
                          max_ms=max((float(e["max_response_time"]) for e in stats), default=float("nan")),
                          errors=failures)

    return run


def _wrk_version(wrk: str) -> str:
    done = subprocess.run([wrk, "-v"], capture_output=True, text=True, timeout=10, check=False)
    first = (done.stdout or done.stderr).strip().splitlines()
    return first[0].split(" [")[0] if first else "wrk"


def choose_tool(preference: str, scale: HttpScale) -> tuple[str, LoadRunner]:
    """(description, runner) of wrk when it is on PATH (or asked for), else of locust."""
    wrk = shutil.which("wrk")
    if preference == "wrk" and wrk is None:
        raise HttpSetupError("wrk is not on PATH (Debian: apt-get install -y wrk)")
    if preference in ("auto", "wrk") and wrk is not None:
        desc = f"{_wrk_version(wrk)} -t{scale.threads} -c{scale.connections} -d{scale.duration}s"
        return desc, wrk_runner(wrk, scale)
    locust = Path(sys.executable).parent / "locust"
    if not locust.exists():
        raise HttpSetupError("neither wrk nor locust is installed (pip install -e '.[bench]', or apt-get install wrk)")
    from importlib.metadata import version

    desc = (f"locust {version('locust')} --headless -u {scale.connections} -r {scale.connections} "
            f"-t {scale.duration}s (FastHttpUser, no wait{'; wrk not found' if preference == 'auto' else ''})")
    return desc, locust_runner(str(locust), scale)


def run_http(scale: HttpScale, app: str = DEFAULT_APP, tool: str = "auto",
             log: Callable[[str], None] = print) -> HttpReport:
    """Start the server, check it, load every scenario in interleaved rounds, stop it. Raises
    :class:`HttpSetupError` on set-up faults."""
    description, runner = choose_tool(tool, scale)
    log(f"Load generator: {description}, {scale.repeats} interleaved rounds")
    results: list[LoadResult] = []
    plan = scenarios(scale.deals)
    with tempfile.TemporaryDirectory(prefix="showdown-bench-") as tmp, gunicorn(app, Path(tmp)) as server:
        workers = server.workers()
        log(f"gunicorn {app} on {server.base} with {workers} worker(s)")
        for scenario in plan:
            sanity_check(server, scenario)
        log(f"Sanity checks passed: every one of the {scale.deals} bodies of each POST scenario answered 200 with "
            "the payouts our library computes")
        if scale.warmup > 0:
            for scenario in plan:
                runner(server, scenario, scale.warmup, Path(tmp))
        for round_ in range(scale.repeats):
            for scenario in plan if round_ % 2 == 0 else plan[::-1]:
                cpu_before = server_cpu_seconds(server.process.pid)
                result = runner(server, scenario, scale.duration, Path(tmp))
                cpu_after = server_cpu_seconds(server.process.pid)
                cpu = None if cpu_before is None or cpu_after is None else cpu_after - cpu_before
                result = replace(result, round=round_, server_cpu_s=cpu)
                if result.requests == 0:
                    raise HttpSetupError(f"{scenario.name}: the load generator completed no request")
                per_request = result.cpu_us_per_request
                log(f"  round {round_ + 1}: {scenario.name:<45} {result.per_second:>9,.0f} req/s  "
                    f"p50 {result.p50_ms:7.2f}  p90 {result.p90_ms:7.2f}  p99 {result.p99_ms:7.2f}  max "
                    f"{result.max_ms:7.2f} ms  errors {result.errors}  server CPU "
                    f"{'-' if per_request is None else f'{per_request:,.0f}'} µs/request")
                results.append(result)
        if server.process.poll() is not None:
            raise HttpSetupError(f"gunicorn died during the load:\n{_tail(server.log)}")
    notes: tuple[str, ...] = (
        f"The load generator runs on the same {len(os.sched_getaffinity(0))} CPU(s) as the server's {workers} "
        "workers: each req/s figure is what the server does while sharing the machine with its client, a lower "
        "bound on what it does alone.",
        f"Loopback only (127.0.0.1). Each POST scenario sends {scale.deals} different seeded random deals in turn "
        "(bench/wrk_bodies.lua), each checked beforehand against our library's payouts. Hold'em: 6 players, full "
        "board, pot 600. Stud hi-lo 8: 8 players with 2 hole + 4 up each and the 7th card shared as the board (8 x "
        "7 cards do not fit in a 52-card deck).",
        f"{scale.repeats} rounds, each running every scenario once for {scale.duration} s (the order reversed every "
        "other round), after one unreported warm-up run of each; the ratio is taken within each round.",
        "Server CPU per request: the user + system CPU time of the gunicorn workers during a run (from /proc), over "
        "its requests. It depends less on what else the machine runs than req/s does; the CPU ratio (the /livez "
        "figure over the showdown's) is what the req/s ratio would be if the server had the cores to itself.",
        f"Latency: the requests' own, as wrk measured them (the samples wrk makes up for its summary taken out, see "
        f"bench/wrk_bodies.lua). Each of the {scale.connections} connections sends its next request when it has the "
        "answer, so the mean latency is about connections ÷ req/s whatever the server does; how evenly it serves "
        "them shows in p99 and max against p50.",
    )
    if description.startswith("locust"):
        notes += ("locust is pure Python: on these cores it saturates long before gunicorn does, so its rates "
                  "(GET /livez above all) are the client's limit, and the POST / livez ratio is flattered.",)
    return HttpReport(tool=description, app=app, workers=workers, results=tuple(results),
                      ratio_target=RATIO_TARGET, notes=notes, post=HOLDEM, base=LIVEZ)
