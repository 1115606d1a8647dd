"""Fixtures of the client tests: one real server (gunicorn, two workers, on a free loopback port) for every client
test of this folder, the suite's shared ``live_server`` (``tests/conftest.py``); and the TypeScript client's folder
with its npm packages installed from its lock (by the Makefile's stamp, a prerequisite of ``make test``)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.live_server import ROOT, Endpoint

TYPESCRIPT_CLIENT = ROOT / "clients" / "typescript"
#: Written by the Makefile once ``npm ci`` has installed the folder's lock (inside node_modules, so that removing
#: node_modules removes it too).
TYPESCRIPT_STAMP = TYPESCRIPT_CLIENT / "node_modules" / ".installed"


@pytest.fixture(scope="session")
def server(live_server: Endpoint) -> str:
    """The base URL of the running server."""
    return live_server.base


@pytest.fixture(scope="session")
def typescript_client() -> Path:
    """``clients/typescript``, its packages installed (openapi-typescript, tsc, esbuild...). Without them the
    TypeScript tests are skipped on a workstation and fail under CI."""
    if not TYPESCRIPT_STAMP.exists():
        message = "the TypeScript tools are not installed: run `make typescript` (npm ci in clients/typescript)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return TYPESCRIPT_CLIENT
