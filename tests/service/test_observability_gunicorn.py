"""Under gunicorn with two workers: ``/metrics`` adds up every worker's counts (prometheus_client's multiprocess
mode, the directory prepared by ``service/gunicorn_conf.py``), counts survive a worker's death, and the access log
is one JSON document per line on stdout for every answer, whichever worker gave it."""

from __future__ import annotations

import json
import os
import signal
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import requests
from prometheus_client.parser import text_string_to_metric_families

from tests.live_server import gunicorn_server
from tests.service.conftest import holdem

pytestmark = pytest.mark.e2e

BATCH = 24
#: At most this many batches are sent until both workers have answered some (which worker takes a connection is
#: up to the kernel and to gevent's accept pauses, so one batch may all go to one worker on a busy machine).
MAX_BATCHES = 10


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path, Path, int]]:
    """(base URL, metrics directory, server log, showdowns answered) of a server whose two workers have both
    answered showdowns."""
    where = tmp_path_factory.mktemp("observed")
    directory = where / "metrics"
    directory.mkdir()
    (directory / "counter_1.db").write_bytes(b"not a metrics file")  # a previous run's leftover
    (directory / "keep.txt").write_text("not ours")
    log = where / "server.log"
    with gunicorn_server(log, {"PROMETHEUS_MULTIPROC_DIR": str(directory)}) as server:
        base = server.base
        def post(i: int) -> int:
            response = requests.post(f"{base}/v1/showdowns", json=holdem(), timeout=30,
                                     headers={"X-Request-ID": f"obs-{i}", "Connection": "close"})
            return response.status_code
        sent = 0
        with ThreadPoolExecutor(max_workers=6) as pool:
            while sent == 0 or (len(_worker_pids(directory)) < 2 and sent < BATCH * MAX_BATCHES):
                assert list(pool.map(post, range(sent, sent + BATCH))) == [200] * BATCH
                sent += BATCH
        yield base, directory, log, sent


def _counted(base: str) -> tuple[float, float]:
    """(answers to POST /v1/showdowns with 200, texas-holdem showdowns) as /metrics says."""
    text = requests.get(f"{base}/metrics", timeout=10).text
    answers = showdowns = 0.0
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name == "showdown_http_requests_total" and sample.labels == {
                    "method": "POST", "route": "/v1/showdowns", "status": "200"}:
                answers += sample.value
            if sample.name == "showdown_showdowns_total" and sample.labels == {"variant": "texas-holdem"}:
                showdowns += sample.value
    return answers, showdowns


def _worker_pids(directory: Path) -> set[int]:
    return {int(path.stem.rsplit("_", 1)[1]) for path in directory.glob("*.db")}


def test_the_previous_runs_metric_files_are_removed_and_nothing_else(served: tuple[str, Path, Path, int]) -> None:
    _, directory, _, _ = served
    assert (directory / "keep.txt").read_text() == "not ours"
    assert 1 not in _worker_pids(directory)


def test_metrics_add_up_every_workers_counts(served: tuple[str, Path, Path, int]) -> None:
    base, directory, _, sent = served
    assert len(_worker_pids(directory)) >= 2, "both workers should have answered"
    for _ in range(4):  # whichever worker answers /metrics
        assert _counted(base) == (sent, sent)


def test_a_dead_workers_counts_are_kept(served: tuple[str, Path, Path, int]) -> None:
    base, directory, _, sent = served
    victim = min(_worker_pids(directory))
    os.kill(victim, signal.SIGTERM)
    deadline = time.monotonic() + 30
    while _pid_alive(victim):
        assert time.monotonic() < deadline, "the worker did not exit"
        time.sleep(0.1)
    assert _counted(base) == (sent, sent)


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return Path(f"/proc/{pid}/stat").is_file() and Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"


def test_every_answer_is_one_json_line_on_stdout(served: tuple[str, Path, Path, int]) -> None:
    _, _, log, sent = served
    records = [json.loads(line) for line in log.read_text().splitlines() if line.startswith("{")]
    showdowns = [r for r in records if r["path"] == "/v1/showdowns"]
    assert sorted(r["request_id"] for r in showdowns) == sorted(f"obs-{i}" for i in range(sent))
    assert {(r["method"], r["status"], r["variant"]) for r in showdowns} == {("POST", 200, "texas-holdem")}
    assert not [line for line in log.read_text().splitlines() if '"POST /v1/showdowns' in line]  # no gunicorn log
