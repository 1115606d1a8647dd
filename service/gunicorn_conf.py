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
# Default: the classic (2 x CPUs) + 1, i.e. 5 on the 2-core machines this runs on, capped
# at _MAX_DEFAULT_WORKERS. A sync worker is busy for a whole request, including reading
# the body and writing the response, so a few more workers than cores keeps the CPUs busy
# while some workers wait on sockets. Measured on 2 cores with a ~1.4 ms CPU-bound Flask
# handler and 32 keep-alive connections (wrk): 5 sync workers ~1100 req/s, 3 sync ~990.
workers: int = _env_int("WEB_CONCURRENCY", min(2 * _available_cpus() + 1, _MAX_DEFAULT_WORKERS), minimum=1)
# "sync": the work is pure-Python CPU (hand evaluation), where threads only contend for
# the GIL. gthread was tried for keep-alive load (same setup as above): 5x1 threads
# ~1040 req/s with a worse p99, 3x4 ~1110 req/s with p99 80 ms vs 51 ms for sync, 5x2
# ~940 req/s; with a lighter ~0.2 ms handler sync still led (2960 vs 2820 / 2670 req/s).
# Keep-alive saves little on a local connection and nothing pays for the GIL contention,
# so sync it is. Sync workers ignore ``keepalive`` (they answer Connection: close) and
# are held by slow clients: on the open internet, put a buffering proxy in front.
worker_class: str = "sync"
preload_app: bool = True  # import the app (and numpy, tables) once, share pages via fork
max_requests: int = 0  # no periodic worker recycling: the service keeps no state to leak
timeout: int = 30  # a worker silent this long is killed and replaced
graceful_timeout: int = 30  # time to finish in-flight requests after SIGTERM
keepalive: int = 5  # used only by non-sync worker classes; kept for a switch of class

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
