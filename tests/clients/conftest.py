"""One real server (gunicorn, two workers, on a free loopback port) for every client test of this folder."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.live_server import gunicorn_server


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of the running server."""
    with gunicorn_server(tmp_path_factory.mktemp("gunicorn") / "server.log") as base:
        yield base
