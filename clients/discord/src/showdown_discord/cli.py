"""``showdown-discord``: ``run`` the bot (``DISCORD_TOKEN``, ``SHOWDOWN_URL``, ``SHOWDOWN_BOT_DB``), or ``replay``
recorded interactions without Discord."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from showdown_client import ShowdownClient

from showdown_discord.handlers import Handlers
from showdown_discord.replay import ReplayError, read_interactions, render_replay, replay
from showdown_discord.store import HouseStore

__all__ = ["main", "make_handlers"]

#: (connect, read) seconds: a follow-up may come up to 15 minutes after the deferral, but a player waits.
TIMEOUT = (3.05, 20.0)


def make_handlers(url: str | None = None, db: str | None = None) -> Handlers:
    return Handlers(ShowdownClient(url, timeout=TIMEOUT, retries=1, max_retry_after=5), HouseStore(db))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="showdown-discord", description="A Discord bot that settles poker hands.")
    parser.add_argument("--url", help="the Showdown server (default: $SHOWDOWN_URL, else http://127.0.0.1:8000)")
    parser.add_argument("--db", help="the house-game store (default: $SHOWDOWN_BOT_DB, else showdown-bot.sqlite3)")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    commands.add_parser("run", help="connect to Discord with $DISCORD_TOKEN and serve the slash commands")
    play = commands.add_parser("replay", help="run recorded interactions through the handlers, print the answers")
    play.add_argument("file", type=Path, help="a JSON list of {command, options, channel}")
    args = parser.parse_args(argv)
    handlers = make_handlers(args.url, args.db)
    if args.command == "replay":
        try:
            interactions = read_interactions(args.file)
        except ReplayError as exc:
            print(f"showdown-discord: {exc}", file=sys.stderr)
            return 2
        print(render_replay(interactions, asyncio.run(replay(handlers, interactions))))
        return 0
    token = os.environ.get("DISCORD_TOKEN")
    if not token:
        print("showdown-discord: set DISCORD_TOKEN to the bot's token", file=sys.stderr)
        return 2
    from showdown_discord.bot import run_bot  # discord's gateway only where it is used

    run_bot(token, handlers)
    return 0
