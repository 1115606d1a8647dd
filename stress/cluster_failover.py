"""A killed instance costs no failed request: steady load through ``make cluster``'s haproxy while one
instance's gunicorn master and workers are SIGKILLed.

Starts its own cluster (:mod:`deploy.cluster`: two instances of 2 workers, haproxy in front, all on free
loopback ports, in a temporary directory), sends showdowns from a few client threads for
:data:`DURATION_SECONDS`, kills ``app1`` at :data:`KILL_AT_SECONDS`, then stops everything. The kill is done in
two steps to show what a killed master leaves: SIGKILL to the master alone leaves its workers orphaned and still
accepting on the instance's socket, so they are then killed too (SIGKILL to the process group). Passes when every
request was answered 200, requests were answered after the kill, and haproxy took ``app1`` out.

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
from dataclasses import dataclass, field
from pathlib import Path

from deploy import cluster

DURATION_SECONDS = 20.0
KILL_AT_SECONDS = 7.0
CLIENTS = 4
MAX_REQUESTS = 100_000  # per client: a bound on the loop besides the clock
WORKERS = 2
_BODY = json.dumps({
    "variant": "texas-holdem", "board": ["Kd", "7c", "2h", "9s", "2d"],
    "players": [{"id": "ann", "hole": ["Ah", "Kh"]}, {"id": "bob", "hole": ["Qs", "Qc"]},
                {"id": "cy", "hole": ["9h", "9d"]}],
    "contributions": {"ann": 100, "bob": 100, "cy": 40}}).encode()


@dataclass
class _Tally:
    latencies: list[float] = field(default_factory=list)  # seconds, answered 200
    answered_at: list[float] = field(default_factory=list)  # seconds since the start, answered 200
    failures: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


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
            try:
                connection.request("POST", "/v1/showdowns", body=_BODY,
                                   headers={"Content-Type": "application/json"})
                answer = connection.getresponse()
                payload = answer.read()
                if answer.status != 200 or b'"payouts"' not in payload:
                    outcome = f"status {answer.status}: {payload[:120]!r}"
                else:
                    outcome = ""
                if answer.will_close:
                    connection.close()
            except (OSError, http.client.HTTPException) as exc:
                outcome = f"{type(exc).__name__}: {exc}"
                connection.close()
            done = time.monotonic()
            with tally.lock:
                if outcome:
                    tally.failures.append(f"{done - start:6.2f} s {outcome}")
                else:
                    tally.latencies.append(done - sent)
                    tally.answered_at.append(done - start)
    finally:
        connection.close()


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def _retried(log: str) -> int:
    """Requests haproxy sent more than once: the last of httplog's ``act/fe/be/srv/retries`` counters."""
    count = 0
    for line in log.splitlines():
        fields = line.split('"')[0].split()
        counters = fields[-2].split("/") if len(fields) >= 2 else []
        if len(counters) == 5 and counters[4].lstrip("+") not in {"", "0"}:
            count += 1
    return count


def _kill_instance(member: cluster.Member) -> tuple[int, bool]:
    """SIGKILL the master, count the workers it leaves behind, SIGKILL them; (orphans, all gone)."""
    os.kill(member.pid, signal.SIGKILL)
    time.sleep(0.2)
    orphans = [pid for pid in (cluster.group_members(member.pid) or []) if pid != member.pid]
    cluster.kill_group(member.pid, signal.SIGKILL)
    deadline = time.monotonic() + 5
    while cluster.group_alive(member.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    return len(orphans), not cluster.group_alive(member.pid)


def main() -> int:
    print("### make cluster: one instance killed under load\n")
    haproxy = shutil.which("haproxy")
    if haproxy is None:
        print("FAIL: haproxy is not installed (make cluster installs it: apt-get install haproxy)")
        return 1
    front, *instances = _free_ports(3)
    run_dir = Path(tempfile.mkdtemp(prefix="showdown-cluster-"))
    tally = _Tally()
    stop = threading.Event()
    try:
        members = {m.name: m for m in cluster.start(run_dir, front, instances, workers=WORKERS, haproxy=haproxy)}
        start = time.monotonic()
        threads = [threading.Thread(target=_client, args=(front, start, stop, tally), daemon=True)
                   for _ in range(CLIENTS)]
        for thread in threads:
            thread.start()
        time.sleep(KILL_AT_SECONDS)
        killed_at = time.monotonic() - start
        orphans, gone = _kill_instance(members["app1"])
        time.sleep(max(0.0, DURATION_SECONDS - (time.monotonic() - start)))
        stop.set()
        for thread in threads:
            thread.join(timeout=35)
    finally:
        stop.set()
        cluster.stop(run_dir, seconds=10)
    log = (run_dir / "haproxy.log").read_text(encoding="utf-8", errors="replace")
    shutil.rmtree(run_dir, ignore_errors=True)

    after = [t for t in tally.answered_at if t > killed_at]
    around = [lat for lat, t in zip(tally.latencies, tally.answered_at, strict=True)
              if killed_at <= t <= killed_at + 3]
    marked_down = "instances/app1 is DOWN" in log
    retried = _retried(log)
    total = len(tally.latencies) + len(tally.failures)
    print(f"- load: {CLIENTS} clients, POST /v1/showdowns for {DURATION_SECONDS:.0f} s through haproxy; "
          f"2 instances x {WORKERS} sync workers")
    print(f"- app1 killed at {killed_at:.1f} s: SIGKILL to its master left {orphans} orphaned worker(s) holding "
          f"its socket, then SIGKILL to the group ({'all gone' if gone else 'SOME LEFT'})")
    print(f"- requests: {total}, answered 200: {len(tally.latencies)}, failed: {len(tally.failures)}; "
          f"answered after the kill: {len(after)}; retried by haproxy: {retried}")
    print(f"- latency: p50 {_percentile(tally.latencies, 0.5) * 1000:.1f} ms, "
          f"p99 {_percentile(tally.latencies, 0.99) * 1000:.1f} ms, "
          f"max {max(tally.latencies, default=float('nan')) * 1000:.1f} ms; "
          f"p99 in the 3 s after the kill {_percentile(around, 0.99) * 1000:.1f} ms")
    print(f"- haproxy marked app1 DOWN: {'yes' if marked_down else 'no'}")
    for failure in tally.failures[:5]:
        print(f"  - failure at {failure}")
    passed = not tally.failures and bool(after) and marked_down and gone
    print(f"\n**{'PASS' if passed else 'FAIL'}**")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
