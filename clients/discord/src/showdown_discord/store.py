"""The house game of each channel (its default variant and options), kept in SQLite so a restart loses nothing.

The path comes from ``SHOWDOWN_BOT_DB`` (default ``showdown-bot.sqlite3`` in the working folder)."""

from __future__ import annotations

import json
import os
import sqlite3
from dataclasses import dataclass
from typing import Final

__all__ = ["DB_ENV", "HouseGame", "HouseStore"]

DB_ENV: Final = "SHOWDOWN_BOT_DB"


@dataclass(frozen=True, slots=True)
class HouseGame:
    variant: str
    options: dict[str, str]


class HouseStore:
    """One table, one row per channel. Every call opens its own short transaction."""

    def __init__(self, path: str | None = None) -> None:
        self.path = path or os.environ.get(DB_ENV) or "showdown-bot.sqlite3"
        with self._connect() as db:
            db.execute("CREATE TABLE IF NOT EXISTS house (channel TEXT PRIMARY KEY, variant TEXT NOT NULL,"
                       " options TEXT NOT NULL)")

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path)

    def get(self, channel: str) -> HouseGame | None:
        with self._connect() as db:
            row = db.execute("SELECT variant, options FROM house WHERE channel = ?", (channel,)).fetchone()
        return None if row is None else HouseGame(str(row[0]), dict(json.loads(row[1])))

    def set(self, channel: str, game: HouseGame) -> None:
        with self._connect() as db:
            db.execute("INSERT INTO house VALUES (?, ?, ?) ON CONFLICT(channel) DO UPDATE SET"
                       " variant = excluded.variant, options = excluded.options",
                       (channel, game.variant, json.dumps(game.options, sort_keys=True)))
