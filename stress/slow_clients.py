"""Slow clients: ordinary requests keep being answered while connections trickle their headers a byte a second.

Starts the real server (gunicorn with ``service/gunicorn_conf.py``, as ``make run`` does) on a free loopback
port, opens ``--tricklers`` connections that each send a request head one byte a second (reconnecting when the
server drops them at its header timeout), and meanwhile sends ordinary requests one after another (a catalog
read and a showdown, each on a new connection), timing each. Pass: every ordinary request answered 200 within
``--max-latency`` seconds.

    PYTHONPATH=$PWD .venv/bin/python -m stress.slow_clients [--tricklers 50] [--seconds 60]

The environment passes through to gunicorn: ``GUNICORN_CMD_ARGS="--worker-class sync"`` measures the old
worker, ``WEB_CONCURRENCY`` the worker count. ``--busy N`` adds N clients that keep the CPUs busy meanwhile,
each posting batch after batch of 100 nine-player Big O showdowns: what CPU-bound work does to the latency of
ordinary requests (a worker computing answers nothing else). It is reported, not judged.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import socket
import statistics
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Final

from stress import server

__all__ = ["Trickle", "main", "ordinary_request", "serve"]

#: The head a trickler sends, a byte at a time (it never gets to a body).
TRICKLED_HEAD: Final = (b"POST /v1/showdowns HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                        b"User-Agent: slow-client\r\nX-Padding: " + b"x" * 200 + b"\r\n\r\n")
SHOWDOWN: Final = {
    "variant": "texas-holdem",
    "board": ["Ac", "Kd", "Ks", "7h", "2c"],
    "players": [{"id": "ann", "hole": ["Ah", "Ad"]}, {"id": "bob", "hole": ["Qs", "Qd"]}],
    "pot": 200,
}


def busy_batch(seed: int, items: int = 100, players: int = 9) -> dict[str, object]:
    """A legal, CPU-heavy batch: ``items`` random Big O showdowns of ``players`` players."""
    rng = random.Random(seed)
    deck = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
    showdowns = []
    for _ in range(items):
        rng.shuffle(deck)
        showdowns.append({"variant": "big-o", "board": deck[:5], "pot": 100 * players,
                          "players": [{"id": f"p{i}", "hole": deck[5 + 5 * i:10 + 5 * i]} for i in range(players)]})
    return {"showdowns": showdowns}


@contextmanager
def serve(*, workers: int | None = None, log_level: str = "warning", extra_env: dict[str, str] | None = None,
          app: str = "service.wsgi:app", startup_seconds: float = 90) -> Iterator[int]:
    """The project's server (another ``app`` if given, same settings) on a free loopback port: its port.
    ``extra_env`` may carry ``GUNICORN_CMD_ARGS`` to override settings (:func:`stress.server.serve`)."""
    with server.serve(workers, extra_env, app=app, ready="/livez", log_level=log_level,
                      startup_seconds=startup_seconds) as running:
        yield running.port


def ordinary_request(port: int, method: str, path: str, body: object = None,
                     timeout: float = 10) -> tuple[int, float]:
    """One request on a new connection: (status, seconds from connect to the whole answer read)."""
    started = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"} if data is not None else {}
        connection.request(method, path, body=data, headers=headers)
        response = connection.getresponse()
        response.read()
        return response.status, time.monotonic() - started
    finally:
        connection.close()


@dataclass
class Trickle:
    """``count`` connections each sending :data:`TRICKLED_HEAD` a byte every ``interval`` seconds, until
    :meth:`stop`; a connection the server closes is opened again."""

    port: int
    count: int
    interval: float = 1.0
    connects: int = 0
    dropped: int = 0  # connections the server closed (its header timeout)
    bytes_sent: int = 0
    _stop: threading.Event = field(default_factory=threading.Event)
    _threads: list[threading.Thread] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def start(self) -> None:
        for _ in range(self.count):
            thread = threading.Thread(target=self._run, daemon=True)
            thread.start()
            self._threads.append(thread)

    def stop(self) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(timeout=5)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=5) as sock:
                    with self._lock:
                        self.connects += 1
                    for byte in TRICKLED_HEAD[:-1]:  # never complete the head
                        sock.sendall(bytes([byte]))
                        with self._lock:
                            self.bytes_sent += 1
                        if self._stop.wait(self.interval):
                            return
                        if _closed_by_peer(sock):
                            break
            except OSError:
                pass
            with self._lock:
                self.dropped += 1
            self._stop.wait(0.1)


def _closed_by_peer(sock: socket.socket) -> bool:
    sock.setblocking(False)
    try:
        return sock.recv(1024) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True
    finally:
        sock.setblocking(True)


@dataclass
class Figures:
    latencies: list[float]
    failures: list[str]
    trickle: Trickle
    busy_times: list[float] = field(default_factory=list)

    def percentile(self, p: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(p * len(ordered)))] if ordered else float("nan")


def _keep_busy(port: int, seed: int, stop: threading.Event, done: list[float]) -> None:
    batch = busy_batch(seed)
    while not stop.is_set():
        try:
            status, took = ordinary_request(port, "POST", "/v1/showdowns/batch", batch, timeout=60)
            if status == 200:
                done.append(took)
        except OSError:
            stop.wait(0.5)


def measure(port: int, tricklers: int, seconds: float, warmup: float = 3.0, busy: int = 0) -> Figures:
    """Ordinary requests, one after another, for ``seconds`` while ``tricklers`` connections trickle (and
    ``busy`` clients post heavy batches)."""
    trickle = Trickle(port, tricklers)
    trickle.start()
    stop_busy = threading.Event()
    busy_times: list[float] = []
    busy_threads = [threading.Thread(target=_keep_busy, args=(port, seed, stop_busy, busy_times), daemon=True)
                    for seed in range(busy)]
    for thread in busy_threads:
        thread.start()
    latencies: list[float] = []
    failures: list[str] = []
    try:
        time.sleep(warmup)  # every trickler connected and holding
        end = time.monotonic() + seconds
        turn = 0
        while time.monotonic() < end:
            turn += 1
            method, path, body = (("GET", "/v1/variants/texas-holdem", None) if turn % 2 else
                                  ("POST", "/v1/showdowns", SHOWDOWN))
            try:
                status, took = ordinary_request(port, method, path, body, timeout=15)
                latencies.append(took)
                if status != 200:
                    failures.append(f"{method} {path}: {status}")
            except OSError as exc:
                failures.append(f"{method} {path}: {type(exc).__name__}: {exc}")
            time.sleep(0.05)
    finally:
        trickle.stop()
        stop_busy.set()
        for thread in busy_threads:
            thread.join(timeout=60)
    return Figures(latencies, failures, trickle, busy_times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tricklers", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--max-latency", type=float, default=1.0)
    parser.add_argument("--workers", type=int, default=None, help="WEB_CONCURRENCY (default: the config's)")
    parser.add_argument("--busy", type=int, default=0, help="clients posting CPU-heavy batches meanwhile")
    args = parser.parse_args(argv)
    with serve(workers=args.workers) as port:
        figures = measure(port, args.tricklers, args.seconds, busy=args.busy)
    worst = max(figures.latencies, default=float("nan"))
    ok = bool(figures.latencies) and not figures.failures and worst < args.max_latency
    cmd_args = os.environ.get("GUNICORN_CMD_ARGS", "")
    print("### Slow clients")
    print()
    print(f"{args.tricklers} connections trickling a request head one byte a second for {args.seconds:.0f} s "
          f"(server: `make run`'s config{', GUNICORN_CMD_ARGS=' + repr(cmd_args) if cmd_args else ''}); "
          "meanwhile ordinary requests one after another, each on a new connection"
          + (f", and {args.busy} clients posting CPU-heavy batches." if args.busy else "."))
    print()
    print(f"- ordinary requests: {len(figures.latencies)} answered, {len(figures.failures)} failed")
    if figures.latencies:
        print(f"- latency: median {statistics.median(figures.latencies) * 1000:.1f} ms, "
              f"p99 {figures.percentile(0.99) * 1000:.1f} ms, max {worst * 1000:.1f} ms "
              f"(limit {args.max_latency * 1000:.0f} ms)")
    if args.busy:
        times = figures.busy_times
        print(f"- meanwhile {args.busy} busy clients: {len(times)} heavy batches answered"
              + (f", median {statistics.median(times) * 1000:.0f} ms each" if times else ""))
    print(f"- trickler connections opened {figures.trickle.connects}, dropped by the server "
          f"{figures.trickle.dropped} (header timeout), head bytes sent {figures.trickle.bytes_sent}")
    for failure in figures.failures[:5]:
        print(f"- failure: {failure}")
    print(f"- result: {'PASS' if ok else 'FAIL'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
