"""Settings of the whole suite: the hypothesis profile, and the one shared real server.

- ``ci``: derandomized (the same examples on every run, so a green run stays green and a red one reproduces), no
  example database, no deadline, the reproduction blob printed on failure. Active when ``CI`` is set (as CI
  services do), or with ``HYPOTHESIS_PROFILE=ci``.
- ``deep``: random, every property test without its own count at 1,000 examples. Active under ``SHOWDOWN_DEEP=1``
  (``make stress``, see ``tests/samples.py``), or with ``HYPOTHESIS_PROFILE=deep``. Its failures are kept apart, in
  ``.hypothesis/deep``, so that what the deep run finds is replayed by the deep run, not by every ``make test``.
- ``suite``: random; the example database in ``.hypothesis/`` replays failures.

``ci`` and ``suite`` run a property test without a count of its own on :data:`SUITE_EXAMPLES` examples (its own
count is ``samples(reduced, full)``); ``make stress`` runs every property test on its full count (``deep``).
``HYPOTHESIS_PROFILE`` wins over the others. This module is imported before any test module, so the settings
objects the tests build at import time inherit the profile.

``live_server``: the real server (gunicorn with ``service/gunicorn_conf.py``, two workers, ``tests/live_server.py``)
that every end-to-end module needing its default settings shares: one for the whole session, however many
pytest-xdist workers run it. The session's own process starts it in the background as the session begins (it boots
while the workers collect), passes its port to each worker, and stops it at the end.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.database import DirectoryBasedExampleDatabase

from tests.live_server import Endpoint, SharedServer
from tests.samples import DEEP

#: Examples per property test without a count of its own, in the normal suite (``deep``: 1,000).
SUITE_EXAMPLES = 40

settings.register_profile("ci", max_examples=SUITE_EXAMPLES, derandomize=True, database=None, deadline=None,
                          print_blob=True, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("suite", max_examples=SUITE_EXAMPLES)
settings.register_profile("deep", max_examples=1000, deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow],
                          database=DirectoryBasedExampleDatabase(Path(__file__).parent.parent / ".hypothesis" / "deep"))


def _profile() -> str:
    if os.environ.get("HYPOTHESIS_PROFILE"):
        return os.environ["HYPOTHESIS_PROFILE"]
    if DEEP:
        return "deep"
    return "ci" if os.environ.get("CI", "").lower() not in ("", "0", "false") else "suite"


settings.load_profile(_profile())

# The compiled kernels (evaluator/engine/kernels.py) are compiled once and loaded by every later process of the
# suite (the xdist workers, every server it starts) from this folder, which the workers and servers inherit.
os.environ.setdefault("NUMBA_CACHE_DIR", str(Path(__file__).resolve().parent.parent / ".cache" / "numba"))


_SHARED = pytest.StashKey[SharedServer]()
_WORKER_KEY = "showdown_live_server"


def pytest_configure(config: pytest.Config) -> None:
    """The session's process (not an xdist worker) starts the shared server, unless nothing will run."""
    if hasattr(config, "workerinput") or config.option.collectonly or config.option.help:
        return
    config.stash[_SHARED] = SharedServer(Path(tempfile.mkdtemp(prefix="showdown-live-server-")))


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """Each xdist worker is told how to reach the shared server (pytest-xdist's hook, run by the controller)."""
    node.workerinput[_WORKER_KEY] = node.config.stash[_SHARED].describe()


def pytest_unconfigure(config: pytest.Config) -> None:
    shared = config.stash.get(_SHARED, None)
    if shared is not None:
        shared.stop()
        shutil.rmtree(shared.endpoint.log.parent, ignore_errors=True)


@pytest.fixture(scope="session")
def live_server(request: pytest.FixtureRequest) -> Endpoint:
    """The shared running server, once it is ready; what it prints goes to its ``log``."""
    config = request.config
    worker: dict[str, Any] = getattr(config, "workerinput", {})
    return SharedServer.reach(worker[_WORKER_KEY] if _WORKER_KEY in worker else config.stash[_SHARED].describe())


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The modules with long tests (marked ``slow`` or ``e2e``, or using ``live_server``) first, the order kept
    otherwise. ``make test`` runs ``--dist loadfile --no-loadscope-reorder``: pytest-xdist hands the modules to its
    workers in this order, so the long ones start first and the many short ones even out the end (xdist's own order,
    by number of tests, left the few-test long modules for last, one worker running them while the other waited)."""
    long = {item.path for item in items if item.get_closest_marker("slow") or item.get_closest_marker("e2e")
            or "live_server" in getattr(item, "fixturenames", ())}
    items.sort(key=lambda item: item.path not in long)
