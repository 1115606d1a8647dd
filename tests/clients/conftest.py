"""One real server (gunicorn, two workers, on a free loopback port) for every client test of this folder: the
suite's shared ``live_server`` (``tests/conftest.py``)."""

from __future__ import annotations

import pytest

from tests.live_server import Endpoint


@pytest.fixture(scope="session")
def server(live_server: Endpoint) -> str:
    """The base URL of the running server."""
    return live_server.base
