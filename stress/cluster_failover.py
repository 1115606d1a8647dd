"""A killed instance costs no failed request: steady load through ``make cluster``'s haproxy while the gunicorn
instances behind it are killed, one after the other.

Starts its own cluster (:mod:`deploy.cluster`: two instances of :data:`WORKERS` workers, haproxy in front,
all on free loopback ports, in a temporary directory), sends showdowns from :data:`CLIENTS` client threads, and:

1. SIGKILLs ``app1``'s master. That leaves its workers, orphaned but still holding the instance's listening
   socket: they answer what they have accepted, see their parent is gone and exit; every request still queued on
   the socket is refused when the last one closes it, and haproxy sends it to ``app2``. No request may fail.
2. Brings ``app1`` back and waits for haproxy to take it in again.
3. SIGKILLs ``app2``'s whole process group, master and workers at once. A request the killed workers had not
   started answering is retried on ``app1``; one whose answer was already on its way (status line sent, body
   not) cannot be retried by any proxy, since the client has it: such answers are counted apart, at most one
   per killed worker. Every other request must be answered 200.

Every wait is bounded, the whole run lasts under a minute, and everything is stopped at the end. Prints a
Markdown section; exit status 0 on pass.

    PYTHONPATH=$PWD .venv/bin/python -m stress.cluster_failover
"""

from __future__ import annotations

import http.client
import json
import os
import shutil
import signal
import socket
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from deploy import cluster

CLIENTS = 4
WORKERS = 2
LOAD_BEFORE_SECONDS = 6.0  # steady load before the first kill
ORPHANS_EXIT_SECONDS = 15.0  # how long the orphaned workers get to exit by themselves
BACK_IN_SECONDS = 40.0  # how long app1 gets to start again and be taken in by haproxy
LOAD_AFTER_SECONDS = 6.0  # steady load after each kill
MAX_REQUESTS = 100_000  # per client: a bound on the loop besides the clock
_BODY = json.dumps({
    "variant": "texas-holdem", "board": ["Kd", "7c", "2h", "9s", "2d"],
    "players": [{"id": "ann", "hole": ["Ah", "Kh"]}, {"id": "bob", "hole": ["Qs", "Qc"]},
                {"id": "cy", "hole": ["9h", "9d"]}],
    "contributions": {"ann": 100, "bob": 100, "cy": 40}}).encode()


@dataclass(frozen=True)
class _Outcome:
    done: float  # seconds since the start
    latency: float  # seconds
    failure: str  # "" when answered 200 with a showdown
    cut: bool  # the answer started (status and headers) but its body was cut short


@dataclass
class _Tally:
    outcomes: list[_Outcome] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def window(self, start: float, end: float) -> list[_Outcome]:
        with self.lock:
            return [o for o in self.outcomes if start < o.done <= end]


def _free_ports(count: int) -> list[int]:
    sockets = [socket.socket(socket.AF_INET, socket.SOCK_STREAM) for _ in range(count)]
    try:
        for s in sockets:
            s.bind(("127.0.0.1", 0))
        return [s.getsockname()[1] for s in sockets]
    finally:
        for s in sockets:
            s.close()


def _client(port: int, start: float, stop: threading.Event, tally: _Tally) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        for _ in range(MAX_REQUESTS):
            if stop.is_set():
                return
            sent = time.monotonic()
            cut = False
            try:
                connection.request("POST", "/v1/showdowns", body=_BODY,
                                   headers={"Content-Type": "application/json"})
                answer = connection.getresponse()
                payload = answer.read()
                ok = answer.status == 200 and b'"payouts"' in payload
                failure = "" if ok else f"status {answer.status}: {payload[:120]!r}"
                if answer.will_close:
                    connection.close()
            except http.client.IncompleteRead as exc:
                cut, failure = True, f"answer cut short: {exc!r}"
                connection.close()
            except (OSError, http.client.HTTPException) as exc:
                failure = f"{type(exc).__name__}: {exc}"
                connection.close()
            done = time.monotonic()
            with tally.lock:
                tally.outcomes.append(_Outcome(done - start, done - sent, failure, cut))
    finally:
        connection.close()


def _p(values: list[float], q: float) -> str:
    ordered = sorted(values)
    return f"{ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000:.1f} ms" if ordered else "-"


def _wait(condition: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def _retried(log: str) -> list[str]:
    """haproxy's log lines of the requests it sent more than once: the last of httplog's
    ``actconn/feconn/beconn/srv_conn/retries`` counters is not 0 (``+N`` when redispatched)."""
    found = []
    for line in log.splitlines():
        fields = line.split('"')[0].split()
        counters = fields[-2].split("/") if len(fields) >= 2 else []
        if len(counters) == 5 and counters[4].lstrip("+") not in {"", "0"}:
            found.append(line)
    return found


def _summary(name: str, outcomes: list[_Outcome]) -> str:
    answered = [o.latency for o in outcomes if not o.failure]
    failed = [o for o in outcomes if o.failure]
    cut = sum(o.cut for o in failed)
    return (f"| {name} | {len(outcomes)} | {len(answered)} | {len(failed) - cut} | {cut} | {_p(answered, 0.5)} | "
            f"{_p(answered, 0.99)} |")


def main() -> int:
    print("### make cluster: instances killed under load\n")
    haproxy = shutil.which("haproxy")
    if haproxy is None:
        print("FAIL: haproxy is not installed (make cluster installs it: apt-get install haproxy)")
        return 1
    front, *ports = _free_ports(3)
    run_dir = Path(tempfile.mkdtemp(prefix="showdown-cluster-"))
    tally = _Tally()
    stop = threading.Event()
    notes: list[str] = []
    marks: dict[str, float] = {}
    orphans_left_by_themselves = back_in = False
    orphans = 0
    try:
        members = {m.name: m for m in cluster.start(run_dir, front, ports, workers=WORKERS, haproxy=haproxy)}
        log = run_dir / "haproxy.log"
        start = time.monotonic()
        threads = [threading.Thread(target=_client, args=(front, start, stop, tally), daemon=True)
                   for _ in range(CLIENTS)]
        for thread in threads:
            thread.start()
        time.sleep(LOAD_BEFORE_SECONDS)

        # 1. app1's master only.
        app1 = members["app1"]
        marks["kill1"] = time.monotonic() - start
        os.kill(app1.pid, signal.SIGKILL)
        time.sleep(0.1)
        orphans = len([pid for pid in (cluster.group_members(app1.pid) or []) if pid != app1.pid])
        orphans_left_by_themselves = _wait(lambda: not cluster.group_alive(app1.pid), ORPHANS_EXIT_SECONDS)
        if not orphans_left_by_themselves:
            cluster.kill_group(app1.pid, signal.SIGKILL)
            _wait(lambda: not cluster.group_alive(app1.pid), 5)
        marks["orphans_gone"] = time.monotonic() - start
        time.sleep(LOAD_AFTER_SECONDS)

        # 2. app1 back.
        marks["restart"] = time.monotonic() - start
        ups_before = log.read_text(encoding="utf-8", errors="replace").count("instances/app1 is UP")
        members["app1"] = cluster.start_instance(run_dir, "app1", app1.port, workers=WORKERS)
        back_in = _wait(lambda: log.read_text(encoding="utf-8", errors="replace").count("instances/app1 is UP")
                        > ups_before, BACK_IN_SECONDS)
        marks["back_in"] = time.monotonic() - start
        time.sleep(2.0)

        # 3. app2's master and workers at once.
        app2 = members["app2"]
        marks["kill2"] = time.monotonic() - start
        cluster.kill_group(app2.pid, signal.SIGKILL)
        _wait(lambda: not cluster.group_alive(app2.pid), 5)
        time.sleep(LOAD_AFTER_SECONDS)
        marks["end"] = time.monotonic() - start
        stop.set()
        for thread in threads:
            thread.join(timeout=35)
    except cluster.ClusterError as exc:
        notes.append(f"cluster: {exc}")
    finally:
        stop.set()
        cluster.stop(run_dir, seconds=10)
    haproxy_log = (run_dir / "haproxy.log").read_text(encoding="utf-8", errors="replace")
    shutil.rmtree(run_dir, ignore_errors=True)
    if "end" not in marks:
        print("\n".join(f"- {note}" for note in notes) or "- the run stopped early")
        print("\n**FAIL**")
        return 1

    before = tally.window(0, marks["kill1"])
    phase1 = tally.window(marks["kill1"], marks["restart"])
    phase2 = tally.window(marks["restart"], marks["kill2"])
    phase3 = tally.window(marks["kill2"], float("inf"))
    everything = before + phase1 + phase2 + phase3
    retried = _retried(haproxy_log)
    print(f"Load: {CLIENTS} clients sending `POST /v1/showdowns` through haproxy without pause for "
          f"{marks['end']:.0f} s; 2 instances of {WORKERS} workers (the settings' gevent worker).\n")
    print("| phase | requests | answered 200 | failed | answer cut short | p50 | p99 |")
    print("|---|---|---|---|---|---|---|")
    print(_summary(f"both up (0-{marks['kill1']:.0f} s)", before))
    print(_summary(f"app1's master SIGKILLed ({marks['kill1']:.0f}-{marks['restart']:.0f} s)", phase1))
    print(_summary(f"app1 back ({marks['restart']:.0f}-{marks['kill2']:.0f} s)", phase2))
    print(_summary(f"app2's master and workers SIGKILLed ({marks['kill2']:.0f}-{marks['end']:.0f} s)", phase3))
    print(_summary("all", everything))
    print()
    print(f"- app1's killed master left {orphans} orphaned worker(s) on its socket; they "
          + (f"exited by themselves within {marks['orphans_gone'] - marks['kill1']:.1f} s"
             if orphans_left_by_themselves else f"were still there after {ORPHANS_EXIT_SECONDS:.0f} s (SIGKILLed)"))
    print(f"- app1 restarted and taken in again by haproxy: {'yes' if back_in else 'NO'} "
          f"({marks['back_in'] - marks['restart']:.1f} s)")
    print(f"- requests haproxy sent a second time: {len(retried)}; app1 / app2 marked DOWN: "
          f"{'instances/app1 is DOWN' in haproxy_log} / {'instances/app2 is DOWN' in haproxy_log}")
    print(f"- slowest answer: {max((o.latency for o in everything if not o.failure), default=0) * 1000:.0f} ms")
    failures = [o for o in everything if o.failure]
    for outcome in failures[:5]:
        print(f"  - at {outcome.done:.2f} s: {outcome.failure}")
    for note in notes:
        print(f"- {note}")
    cut = [o for o in phase3 if o.cut]
    passed = (not [o for o in everything if o.failure and o not in cut]
              and len(cut) <= WORKERS and orphans_left_by_themselves and back_in
              and bool(tally.window(marks["kill2"] + 1, float("inf"))))
    print(f"\n**{'PASS' if passed else 'FAIL'}**")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
