"""The bot's handlers over the shared test server and a fresh house store per test."""

from __future__ import annotations

from pathlib import Path

import pytest
from showdown_discord.cli import make_handlers
from showdown_discord.handlers import Handlers


@pytest.fixture
def handlers(server: str, tmp_path: Path) -> Handlers:
    return make_handlers(server, str(tmp_path / "house.sqlite3"))
