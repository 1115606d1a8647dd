"""Gunicorn settings for the showdown API.

Loaded by gunicorn as ``-c python:service.gunicorn_conf`` (both ``make run`` and the
Docker image use that form), so every public module-level name below is a gunicorn
setting. Helpers are private (leading underscore) so gunicorn ignores them.

Environment variables read at start-up:

* ``HOST`` (default ``127.0.0.1``) and ``PORT`` (default ``8000``): the listening socket.
* ``WEB_CONCURRENCY``: number of worker processes (default: see ``workers`` below).
* ``LOG_LEVEL`` (default ``info``): gunicorn's error-log level.
* ``GUNICORN_CONTROL_SOCKET``: path of gunicorn's control socket; unset means no socket.

A malformed value stops the server at start-up with a message naming the variable,
instead of silently falling back to a default.
"""

from __future__ import annotations

import os
from typing import Any

_DEFAULT_HOST = "127.0.0.1"
_DEFAULT_PORT = 8000
# Upper bound for the *computed* default worker count (an explicit WEB_CONCURRENCY is
# honoured as given). Adjudication is CPU-bound, so workers beyond the CPU count only add
# memory (each worker is a full process holding numpy and the app) and context switches;
# the 2*CPUs+1 rule's extra workers exist to cover time spent in socket I/O, which stops
# mattering long before this many. It also bounds the damage when the CPU count we
# detect is the host's rather than the container's.
_MAX_DEFAULT_WORKERS = 12
_LOG_LEVELS = frozenset({"debug", "info", "warning", "error", "critical"})


def _env_str(name: str, default: str) -> str:
    value = os.environ.get(name, "").strip()
    return value or default


def _env_int(name: str, default: int, *, minimum: int, maximum: int | None = None) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ValueError(f"{name} must be an integer, got {raw!r}") from None
    if value < minimum or (maximum is not None and value > maximum):
        upper = "" if maximum is None else f" and <= {maximum}"
        raise ValueError(f"{name} must be >= {minimum}{upper}, got {value}")
    return value


def _cgroup_cpu_limit() -> float | None:
    """CPU quota of this process's cgroup (v2, then v1), or None when unlimited/unknown."""
    try:
        with open("/sys/fs/cgroup/cpu.max", encoding="ascii") as f:
            quota, period = f.read().split()[:2]
        if quota != "max":
            return int(quota) / int(period)
        return None
    except (OSError, ValueError):
        pass
    try:
        with open("/sys/fs/cgroup/cpu/cpu.cfs_quota_us", encoding="ascii") as f:
            quota_us = int(f.read())
        with open("/sys/fs/cgroup/cpu/cpu.cfs_period_us", encoding="ascii") as f:
            period_us = int(f.read())
        if quota_us > 0 and period_us > 0:
            return quota_us / period_us
    except (OSError, ValueError):
        pass
    return None


def _available_cpus() -> int:
    """CPUs this process may actually use: affinity mask, further limited by a cgroup quota.

    ``os.cpu_count()`` reports the host's CPUs, which overcounts inside containers and
    under ``taskset``.
    """
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not available on macOS
        cpus = os.cpu_count() or 1
    limit = _cgroup_cpu_limit()
    if limit is not None:
        cpus = min(cpus, max(1, int(limit + 0.5)))
    return max(1, cpus)


# --- Server socket -------------------------------------------------------------------
HOST: str = _env_str("HOST", _DEFAULT_HOST)
PORT: int = _env_int("PORT", _DEFAULT_PORT, minimum=1, maximum=65535)
# An IPv6 literal must be bracketed in HOST:PORT form.
bind: list[str] = [f"[{HOST}]:{PORT}" if ":" in HOST and not HOST.startswith("[") else f"{HOST}:{PORT}"]

# --- Worker processes ----------------------------------------------------------------
# Default: the classic (2 x CPUs) + 1, capped at _MAX_DEFAULT_WORKERS. More workers than cores keeps the
# service answering while some workers are each busy with one long (~2 s at most) computation.
workers: int = _env_int("WEB_CONCURRENCY", min(2 * _available_cpus() + 1, _MAX_DEFAULT_WORKERS), minimum=1)
# The worker: gunicorn's gevent worker, with its own answers made problem documents (service/worker.py).
# Not "sync": a sync worker belongs to one connection from accept to answer, so a few clients trickling their
# headers a byte a second would hold every worker. In a gevent worker a connection waiting for bytes is a parked
# greenlet; only computing takes the worker. The work is CPU-bound, and while a gevent worker computes its event
# loop does not run, so a worker stops accepting connections from the moment a request's body is all in until its
# answer starts (ShowdownWorker.handle_request): a new connection goes to an idle worker. A kept-alive connection
# takes its turn behind the worker's other ready connections after each answer, so one quick client cannot hold a
# worker. The figures behind these choices are in stress/REPORT.md and the stress checks.
worker_class: str = "service.worker.ShowdownWorker"
# Connections one worker holds at once (waiting ones included); beyond it the worker stops accepting.
worker_connections: int = 1000
preload_app: bool = True  # import the app (and numpy, tables) once, share pages via fork
max_requests: int = 0  # no periodic worker recycling: the service keeps no state to leak
# A worker whose loop is silent this long (one computation that long) is killed and replaced; the request
# it was computing gets a 503 problem (service/worker.py), not an empty 500.
timeout: int = 30
graceful_timeout: int = 30  # time to finish in-flight requests after SIGTERM

# --- Read timeouts ---------------------------------------------------------------------
# keepalive: the time the request line and headers must ALL arrive in, counted from the accept (or from the
# previous answer on a kept-alive connection); a client still sending them then is dropped without an answer.
# It is also how long an idle kept-alive connection is kept. gunicorn's gevent worker applies it as one
# gevent.Timeout around the parsing of each request (AsyncWorker.handle). 10 s: a real client sends its head in
# one packet; the margin covers a worker busy computing other requests (~2 s each) before it reads this one.
keepalive: int = 10
# Body reads and answer writes: at most service.worker.SOCKET_IDLE_TIMEOUT (15 s) of silence between two
# bytes (a socket timeout); a body that stalls longer is a 400 (unreadable-body). No total time for a body:
# its size is bounded (413), and a slow one holds only a parked greenlet.

# Heartbeat file on tmpfs: gunicorn's docs warn that a disk-backed (or overlay, as in
# containers) temp dir can block workers on fchmod.
worker_tmp_dir: str | None = "/dev/shm" if os.path.isdir("/dev/shm") else None

# --- Request limits (gunicorn's defaults, made explicit) -----------------------------
limit_request_line: int = 4094
limit_request_fields: int = 100
limit_request_field_size: int = 8190

# --- Logging -------------------------------------------------------------------------
accesslog: str | None = None  # off: the app writes a JSON access log to stdout (service/access_log.py)
errorlog: str = "-"  # stderr
loglevel: str = _env_str("LOG_LEVEL", "info").lower()
if loglevel not in _LOG_LEVELS:
    raise ValueError(f"LOG_LEVEL must be one of {sorted(_LOG_LEVELS)}, got {loglevel!r}")

# --- Control socket ------------------------------------------------------------------
# Gunicorn >= 25.1 opens a control socket by default at one fixed per-user path
# ($XDG_RUNTIME_DIR/gunicorn.ctl or ~/.gunicorn/gunicorn.ctl): two servers of the same
# user (tests start several) would unlink each other's socket. Off unless a path is given.
_control_socket_path: str = os.environ.get("GUNICORN_CONTROL_SOCKET", "").strip()
control_socket_disable: bool = not _control_socket_path
if _control_socket_path:
    control_socket: str = _control_socket_path


# --- Metrics (service/metrics.py) ----------------------------------------------------
# With PROMETHEUS_MULTIPROC_DIR set, each worker writes its metrics to files there and
# /metrics adds them up (prometheus_client's multiprocess mode; the variable must be set
# before gunicorn starts, as the preloaded app reads it on import).


def on_starting(server: object) -> None:
    """Before any worker: create PROMETHEUS_MULTIPROC_DIR and remove a previous run's files."""
    from service.metrics import prepare_multiprocess_directory

    prepare_multiprocess_directory()


def child_exit(server: object, worker: Any) -> None:
    """A worker exited: mark it dead for the metrics."""
    from service.metrics import mark_worker_dead

    mark_worker_dead(worker.pid)
