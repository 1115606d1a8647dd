"""``make cluster``: the compose/Kubernetes topology on one machine, without containers.

Two (``--instances``) gunicorn instances of the service, each on its own loopback port, behind haproxy on
``127.0.0.1:PORT``; haproxy checks ``/livez`` and retries a request another instance failed to answer (see
``deploy/haproxy.cfg.template``). Each process's pid goes to ``<dir>/<name>.pid`` (``app1``, ``app2``, ...,
``haproxy``), its port to ``<dir>/<name>.port`` and its output to ``<dir>/<name>.log``.

    python -m deploy.cluster start [--dir .run/cluster] [--port 8000] [--instances 2]
    python -m deploy.cluster stop [--dir .run/cluster]

Every process is started in a session of its own, so its process group is its pid: ``stop`` signals the whole
group, which also reaches gunicorn workers whose master was killed (they keep the instance's listening socket
open until they notice). Only the standard library is used, so ``stop`` runs with any Python 3.11.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import socket
import string
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

__all__ = ["ClusterError", "Member", "group_alive", "group_members", "haproxy_config", "kill_group", "read_members",
           "runs_program", "start", "start_instance", "stop"]

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = Path(__file__).resolve().parent / "haproxy.cfg.template"
GUNICORN_ARGS = ("-c", "python:service.gunicorn_conf", "service.wsgi:app")  # as `make run` and the image
DEFAULT_WORKERS = 2  # per instance, unless WEB_CONCURRENCY says otherwise
READY_SECONDS = 30.0
STOP_SECONDS = 40.0  # gunicorn's graceful_timeout (30 s) and some


class ClusterError(RuntimeError):
    """The cluster cannot be started or stopped as asked; the message says why."""


@dataclass(frozen=True)
class Member:
    """One process of the cluster: its name (the pid file's stem), pid (= its process group) and port."""

    name: str
    pid: int
    port: int


#: How many requests haproxy hands one instance per worker at most: one running, one waiting in its backlog
#: (the template says why not one).
SLOTS_PER_WORKER = 2


def haproxy_config(front_port: int, instance_ports: Sequence[int], workers: int) -> str:
    """The haproxy configuration: the template with the front port, one server line per instance, and each
    instance's ``maxconn`` (:data:`SLOTS_PER_WORKER` per worker)."""
    servers = "\n".join(f"    server app{i} 127.0.0.1:{port} check" for i, port in enumerate(instance_ports, 1))
    return string.Template(TEMPLATE.read_text(encoding="utf-8")).substitute(
        front_port=front_port, maxconn=SLOTS_PER_WORKER * workers, servers=servers)


def port_is_free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def group_members(pgid: int) -> list[int] | None:
    """Pids whose process group is ``pgid`` (None where /proc cannot tell)."""
    proc = Path("/proc")
    if not proc.is_dir():
        return None
    found = []
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text(encoding="ascii", errors="replace")
        except OSError:
            continue
        # pid (comm) state ppid pgrp ...: comm may hold spaces and parentheses, so split after the last ')'.
        fields = stat[stat.rfind(")") + 2 :].split()
        if len(fields) > 2 and fields[0] != "Z" and int(fields[2]) == pgid:
            found.append(int(entry.name))
    return found


def group_alive(pgid: int) -> bool:
    """Whether any live (non-zombie) process remains in the process group."""
    members = group_members(pgid)
    if members is not None:
        return bool(members)
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def runs_program(pgid: int, program: str) -> bool:
    """Whether a process of the group runs ``program`` (its command line names it): a pid file's pid may have
    been reused by an unrelated process since. True where /proc cannot tell."""
    members = group_members(pgid)
    if members is None:
        return True
    for pid in members:
        try:
            argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if any(program.encode() in Path(arg.decode(errors="replace")).name.encode() for arg in argv[:2]):
            return True
    return False


def kill_group(pgid: int, sig: signal.Signals) -> None:
    """Send ``sig`` to every process of the group; nothing left is not an error."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pgid, sig)


def _wait_gone(pgid: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not group_alive(pgid):
            return True
        time.sleep(0.1)
    return not group_alive(pgid)


def _wait_ready(url: str, process: subprocess.Popen[bytes], log: Path, seconds: float = READY_SECONDS) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise ClusterError(f"{url}: the process exited with status {process.returncode}; see {log}")
        try:
            with urllib.request.urlopen(url, timeout=2) as answer:
                if answer.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.2)
    raise ClusterError(f"{url} not ready after {seconds:.0f} s; see {log}")


def read_members(run_dir: Path) -> list[Member]:
    """The members recorded in ``run_dir``: ``<name>.pid`` holds the pid, ``<name>.port`` the port."""
    members = []
    for pid_file in sorted(run_dir.glob("*.pid")):
        port_file = pid_file.with_suffix(".port")
        port = int(port_file.read_text(encoding="ascii")) if port_file.is_file() else 0
        members.append(Member(pid_file.stem, int(pid_file.read_text(encoding="ascii")), port))
    return members


def _spawn(name: str, argv: Sequence[str], env: dict[str, str], run_dir: Path, port: int
           ) -> tuple[Member, subprocess.Popen[bytes]]:
    log = (run_dir / f"{name}.log").open("ab")
    try:
        process = subprocess.Popen(argv, cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=log,
                                   stderr=subprocess.STDOUT, start_new_session=True)
    finally:
        log.close()
    member = Member(name, process.pid, port)
    (run_dir / f"{name}.pid").write_text(f"{process.pid}\n", encoding="ascii")
    (run_dir / f"{name}.port").write_text(f"{port}\n", encoding="ascii")
    return member, process


def _gunicorn() -> Path:
    gunicorn = Path(sys.executable).parent / "gunicorn"
    if not gunicorn.is_file():
        raise ClusterError(f"no {gunicorn}: install the project first (make venv)")
    return gunicorn


def start_instance(run_dir: Path, name: str, port: int, *, workers: int = DEFAULT_WORKERS,
                   extra_env: dict[str, str] | None = None) -> Member:
    """Start one gunicorn instance of the service on ``127.0.0.1:port`` and wait until it is ready (also how an
    instance that died is brought back: haproxy's checks take it in again)."""
    # Each instance its own metrics directory: gunicorn empties it at start-up (prometheus_client's
    # multiprocess mode), so a shared one would lose the other instance's figures.
    env = {**os.environ, **(extra_env or {}), "HOST": "127.0.0.1", "PORT": str(port),
           "WEB_CONCURRENCY": str(workers), "PROMETHEUS_MULTIPROC_DIR": str((run_dir / f"{name}-metrics").resolve())}
    member, process = _spawn(name, [str(_gunicorn()), *GUNICORN_ARGS], env, run_dir, port)
    try:
        _wait_ready(f"http://127.0.0.1:{port}/readyz", process, run_dir / f"{name}.log")
    except BaseException:
        _stop_members([member], run_dir)
        raise
    return member


def start(run_dir: Path, front_port: int, instance_ports: Sequence[int], *, workers: int = DEFAULT_WORKERS,
          haproxy: str = "haproxy", extra_env: dict[str, str] | None = None) -> list[Member]:
    """Start the instances, wait until each is ready, then haproxy, and wait until the front is ready.

    On any failure everything started so far is stopped again and :class:`ClusterError` says why.
    """
    run_dir.mkdir(parents=True, exist_ok=True)
    running = [m.name for m in read_members(run_dir)
               if group_alive(m.pid) and runs_program(m.pid, "haproxy" if m.name == "haproxy" else "gunicorn")]
    if running:
        raise ClusterError(f"already running in {run_dir}: {', '.join(running)} (stop it first: make cluster-stop)")
    for stale in run_dir.glob("*.pid"):
        stale.unlink()
    ports = [front_port, *instance_ports]
    if len(set(ports)) != len(ports):
        raise ClusterError(f"ports must differ: {ports}")
    busy = [port for port in ports if not port_is_free(port)]
    if busy:
        raise ClusterError(f"port(s) already in use on 127.0.0.1: {', '.join(map(str, busy))}")
    _gunicorn()
    config = run_dir / "haproxy.cfg"
    config.write_text(haproxy_config(front_port, instance_ports, workers), encoding="utf-8")
    checked = subprocess.run([haproxy, "-c", "-q", "-f", str(config)], capture_output=True, text=True, check=False)
    if checked.returncode != 0:
        raise ClusterError(f"haproxy rejects {config}:\n{checked.stdout}{checked.stderr}")

    members: list[Member] = []
    try:
        for i, port in enumerate(instance_ports, 1):
            members.append(start_instance(run_dir, f"app{i}", port, workers=workers, extra_env=extra_env))
        member, process = _spawn("haproxy", [haproxy, "-db", "-f", str(config)], dict(os.environ), run_dir,
                                 front_port)
        members.append(member)
        _wait_ready(f"http://127.0.0.1:{front_port}/readyz", process, run_dir / "haproxy.log")
    except BaseException:
        _stop_members(members, run_dir)
        raise
    return members


def _stop_members(members: Iterable[Member], run_dir: Path, seconds: float = STOP_SECONDS) -> list[str]:
    """SIGTERM each member's group (haproxy first, so no request goes to a stopping instance), SIGKILL what is
    still there after ``seconds``; returns one line per member."""
    report = []
    for member in sorted(members, key=lambda m: m.name != "haproxy"):
        if not group_alive(member.pid):
            report.append(f"{member.name}: not running")
        elif not runs_program(member.pid, "haproxy" if member.name == "haproxy" else "gunicorn"):
            report.append(f"{member.name}: not running (pid {member.pid} is now another program's: left alone)")
        else:
            kill_group(member.pid, signal.SIGTERM)
            if _wait_gone(member.pid, seconds):
                report.append(f"{member.name}: stopped (pid {member.pid})")
            else:
                kill_group(member.pid, signal.SIGKILL)
                _wait_gone(member.pid, 5)
                report.append(f"{member.name}: killed after {seconds:.0f} s (pid {member.pid})")
        (run_dir / f"{member.name}.pid").unlink(missing_ok=True)
        (run_dir / f"{member.name}.port").unlink(missing_ok=True)
    return report


def stop(run_dir: Path, seconds: float = STOP_SECONDS) -> list[str]:
    """Stop every member recorded in ``run_dir``."""
    if not run_dir.is_dir():
        return [f"nothing recorded in {run_dir}"]
    return _stop_members(read_members(run_dir), run_dir, seconds) or [f"nothing recorded in {run_dir}"]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m deploy.cluster", description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["start", "stop"])
    parser.add_argument("--dir", type=Path, default=ROOT / ".run" / "cluster", help="pid files and logs")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT") or 8000),
                        help="haproxy's port (default: PORT, else 8000); instances take the next ones")
    parser.add_argument("--instances", type=int, default=2)
    args = parser.parse_args(argv)
    try:
        if args.command == "stop":
            print("\n".join(stop(args.dir)))
            return 0
        workers = int(os.environ.get("WEB_CONCURRENCY") or DEFAULT_WORKERS)
        ports = [args.port + i for i in range(1, args.instances + 1)]
        members = start(args.dir, args.port, ports, workers=workers)
    except ClusterError as exc:
        print(f"cluster: {exc}", file=sys.stderr)
        return 1
    for member in members:
        print(f"{member.name}: pid {member.pid}, 127.0.0.1:{member.port}")
    print(f"serving on http://127.0.0.1:{args.port} (pids and logs in {args.dir}; stop: make cluster-stop)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
