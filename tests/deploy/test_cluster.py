"""make cluster (deploy/cluster.py): the haproxy configuration it writes, the Makefile targets, and how it stops
what it started, orphans included.

The whole cluster under load, with an instance killed, is ``python -m stress.cluster_failover`` (make stress).
"""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from deploy import cluster
from tests.test_deployment import make_dry_run

FRONT, PORTS = 18000, (18001, 18002)


@pytest.fixture(scope="module")
def config() -> str:
    return cluster.haproxy_config(FRONT, PORTS, workers=3)


def _lines(config: str, section: str) -> list[str]:
    """The directives of one section (``frontend showdown``, ``defaults``...), comments dropped."""
    lines, inside = [], False
    for raw in config.splitlines():
        line = raw.split("#", 1)[0].rstrip()
        if line and not line[0].isspace():
            inside = line.strip() == section
        elif inside and line.strip():
            lines.append(line.strip())
    return lines


def test_front_binds_the_given_port_on_loopback_only(config: str) -> None:
    assert [ln for ln in config.splitlines() if ln.strip().startswith("bind ")] == [f"    bind 127.0.0.1:{FRONT}"]


def test_backend_has_one_checked_loopback_server_per_instance(config: str) -> None:
    servers = [ln.split() for ln in _lines(config, "backend instances") if ln.startswith("server ")]
    assert servers == [["server", f"app{i}", f"127.0.0.1:{port}", "check"] for i, port in enumerate(PORTS, 1)]


def test_health_checks_ask_livez(config: str) -> None:
    backend = _lines(config, "backend instances")
    assert "option httpchk" in backend
    assert "http-check send meth GET uri /livez" in backend
    assert "http-check expect status 200" in backend


def test_a_refused_or_dropped_request_is_retried_on_another_instance(config: str) -> None:
    defaults = _lines(config, "defaults")
    assert any(ln.startswith("retries ") and int(ln.split()[1]) >= 2 for ln in defaults)
    assert "option redispatch 1" in defaults  # every retry may go to another instance
    retry_on = next(ln.split()[1:] for ln in defaults if ln.startswith("retry-on "))
    assert {"conn-failure", "empty-response"} <= set(retry_on)
    assert "option http-buffer-request" in _lines(config, "frontend showdown")  # the body is kept for a retry


def test_a_failed_connection_takes_the_instance_out_after_one_fast_check(config: str) -> None:
    server_defaults = next(ln.split() for ln in _lines(config, "backend instances") if ln.startswith("default-server"))
    assert {"observe", "layer4", "on-error", "mark-down", "fastinter"} <= set(server_defaults)
    assert server_defaults[server_defaults.index("fastinter") + 1] == "250ms"


def test_an_instance_takes_twice_its_workers_so_a_retry_finds_a_free_slot_elsewhere(config: str) -> None:
    server_defaults = next(ln.split() for ln in _lines(config, "backend instances") if ln.startswith("default-server"))
    assert server_defaults[server_defaults.index("maxconn") + 1] == "6"  # 3 workers: one running, one waiting each


@pytest.mark.skipif(shutil.which("haproxy") is None, reason="haproxy is not installed (make cluster installs it)")
def test_haproxy_accepts_the_configuration(config: str, tmp_path: Path) -> None:
    path = tmp_path / "haproxy.cfg"
    path.write_text(config, encoding="utf-8")
    checked = subprocess.run(["haproxy", "-c", "-f", str(path)], capture_output=True, text=True, timeout=30)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_make_cluster_installs_haproxy_only_when_missing_and_starts_on_port(tmp_path: Path) -> None:
    out = make_dry_run("cluster", tmp_path / "venv")
    assert "command -v haproxy" in out and "apt-get install -y --no-install-recommends haproxy" in out
    assert "PORT=8000 " in out and "-m deploy.cluster start --dir .run/cluster" in out
    assert "-m deploy.cluster stop --dir .run/cluster" in make_dry_run("cluster-stop", tmp_path / "venv")


_FAKE_GUNICORN = """import subprocess, sys, time
if sys.argv[1:] == ["master"]:
    kids = [subprocess.Popen([sys.executable, __file__, "worker"]) for _ in range(2)]
    print("up", flush=True)
time.sleep(60)
"""


def _spawn_group(folder: Path, program: str = "gunicorn") -> subprocess.Popen[bytes]:
    """A process group like a gunicorn instance's: a master with two workers, all running a script so named."""
    script = folder / program
    script.write_text(_FAKE_GUNICORN, encoding="utf-8")
    leader = subprocess.Popen([sys.executable, str(script), "master"], stdout=subprocess.PIPE, start_new_session=True)
    assert leader.stdout is not None and leader.stdout.readline() == b"up\n"
    leader.stdout.close()
    return leader


def _wait_until_gone(pgid: int) -> bool:
    for _ in range(100):
        if not cluster.group_alive(pgid):
            return True
        time.sleep(0.05)
    return False


def test_killing_a_master_leaves_its_workers_and_stop_reaches_them(tmp_path: Path) -> None:
    leader = _spawn_group(tmp_path)
    try:
        (tmp_path / "app1.pid").write_text(f"{leader.pid}\n", encoding="ascii")
        leader.send_signal(signal.SIGKILL)  # what a killed gunicorn master leaves: its workers
        leader.wait(timeout=10)
        assert cluster.group_alive(leader.pid)
        assert len(cluster.group_members(leader.pid) or []) == 2
        assert cluster.stop(tmp_path, seconds=10) == [f"app1: stopped (pid {leader.pid})"]
        assert _wait_until_gone(leader.pid)
        assert not (tmp_path / "app1.pid").exists()
    finally:
        cluster.kill_group(leader.pid, signal.SIGKILL)


def test_stop_leaves_alone_a_pid_that_now_belongs_to_another_program(tmp_path: Path) -> None:
    stranger = _spawn_group(tmp_path, program="not-ours")
    try:
        (tmp_path / "app1.pid").write_text(f"{stranger.pid}\n", encoding="ascii")
        assert cluster.stop(tmp_path, seconds=1) == [
            f"app1: not running (pid {stranger.pid} is now another program's: left alone)"]
        assert stranger.poll() is None
    finally:
        cluster.kill_group(stranger.pid, signal.SIGKILL)
        stranger.wait(timeout=10)


def test_stop_reports_a_member_that_is_already_gone(tmp_path: Path) -> None:
    leader = _spawn_group(tmp_path, program="haproxy")
    cluster.kill_group(leader.pid, signal.SIGKILL)
    leader.wait(timeout=10)
    assert _wait_until_gone(leader.pid)
    (tmp_path / "haproxy.pid").write_text(f"{leader.pid}\n", encoding="ascii")
    assert cluster.stop(tmp_path) == ["haproxy: not running"]


def test_start_refuses_ports_in_use(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        with pytest.raises(cluster.ClusterError, match=f"already in use on 127.0.0.1: {port}"):
            cluster.start(tmp_path, port, [port + 1 if port < 65535 else port - 1])
    assert not list(tmp_path.glob("*.pid"))
