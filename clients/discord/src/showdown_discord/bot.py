"""The bot connected: the client and its command tree, the commands synced to Discord once it is ready."""

from __future__ import annotations

import logging

import discord

from showdown_discord.discord_app import build_tree
from showdown_discord.handlers import Handlers

__all__ = ["ShowdownBot", "run_bot"]

log = logging.getLogger("showdown_discord")


class ShowdownBot(discord.Client):
    """Default intents only: slash commands need no privileged intent."""

    def __init__(self, handlers: Handlers) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tree = build_tree(self, handlers)

    async def setup_hook(self) -> None:
        synced = await self.tree.sync()
        log.info("synced %d slash commands", len(synced))


def run_bot(token: str, handlers: Handlers) -> None:
    ShowdownBot(handlers).run(token)
