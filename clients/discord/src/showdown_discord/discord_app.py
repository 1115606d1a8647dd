"""The handlers on Discord: a :class:`discord.Client` (no privileged intents) whose
:class:`~discord.app_commands.CommandTree` registers every command of :data:`~showdown_discord.handlers.COMMANDS`,
and the adapter that makes a :class:`discord.Interaction` a :class:`~showdown_discord.reply.Responder`."""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands

from showdown_discord.handlers import Handlers
from showdown_discord.reply import Reply

__all__ = ["MESSAGE_MAX", "InteractionResponder", "build_client", "build_tree", "to_discord"]

#: Discord refuses a message of more than 2,000 characters.
MESSAGE_MAX = 2000


class InteractionResponder:
    """A Discord interaction as a :class:`~showdown_discord.reply.Responder`."""

    def __init__(self, interaction: discord.Interaction[Any]) -> None:
        self.interaction = interaction
        self._ephemeral = False

    @property
    def channel(self) -> str:
        return str(self.interaction.channel_id or "dm")

    async def defer(self, *, ephemeral: bool = False) -> None:
        if not self.interaction.response.is_done():
            await self.interaction.response.defer(ephemeral=ephemeral, thinking=True)

    async def followup(self, reply: Reply) -> None:
        embed, files = to_discord(reply)
        kwargs: dict[str, Any] = {"ephemeral": reply.ephemeral, "files": files}
        if embed is not None:
            kwargs["embed"] = embed
        text = reply.text if len(reply.text) <= MESSAGE_MAX else reply.text[: MESSAGE_MAX - 1] + "…"
        await self.interaction.followup.send(text or "\u200b", **kwargs)


def to_discord(reply: Reply) -> tuple[discord.Embed | None, list[discord.File]]:
    """The reply's embed (None when it has neither title nor fields) and its files."""
    files = [discord.File(io.BytesIO(a.data), filename=a.filename) for a in reply.files]
    if reply.title is None and not reply.fields:
        return None, files
    embed = discord.Embed(title=reply.title)
    for field in reply.fields:
        embed.add_field(name=field.name, value=field.value or "-", inline=field.inline)
    if reply.image is not None:
        embed.set_image(url=f"attachment://{reply.image}")
    return embed, files


def build_client() -> discord.Client:
    """A client with the default intents only: slash commands need no privileged intent."""
    return discord.Client(intents=discord.Intents.default())


def build_tree(client: discord.Client, handlers: Handlers) -> app_commands.CommandTree[discord.Client]:
    """Every command, its parameters described, ``variant`` autocompleted from the catalog."""
    tree: app_commands.CommandTree[discord.Client] = app_commands.CommandTree(client)

    async def variant_names(interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=c.name, value=c.value) for c in await handlers.variant_choices(current)]

    async def run(interaction: discord.Interaction[Any], command: str, **options: Any) -> None:
        await handlers.dispatch(command, InteractionResponder(interaction), options)

    deal = {"variant": "the game (default: this channel's /house game); type to search",
            "players": "ann: Ah Kh | bob: Qs Qc | cy: folded  (stud: hole / up)",
            "board": "2c 7d 9h 10s 3s, or 1=Kd 5=2h for a layout game",
            "pot": "one pot (300) or what each put in (ann 100, bob 100, cy 40)",
            "options": "the game's options as name=value"}

    @tree.command(name="showdown", description="Settle a hand: who wins, with what, and each player's share")
    @app_commands.describe(**deal)
    @app_commands.autocomplete(variant=variant_names)
    async def showdown(interaction: discord.Interaction[Any], players: str, variant: str | None = None,
                       board: str | None = None, pot: str | None = None, options: str | None = None) -> None:
        await run(interaction, "showdown", players=players, variant=variant, board=board, pot=pot, options=options)

    @tree.command(name="odds", description="Each player's share of the pot mid-hand (? for an unknown card)")
    @app_commands.describe(**{**deal, "players": "ann: Ah Kh | bob: ? ?  (? for a card nobody has seen)",
                              "board": "the board so far: 2c 7d 9h"})
    @app_commands.autocomplete(variant=variant_names)
    async def odds(interaction: discord.Interaction[Any], players: str, variant: str | None = None,
                   board: str | None = None, pot: str | None = None, options: str | None = None) -> None:
        await run(interaction, "odds", players=players, variant=variant, board=board, pot=pot, options=options)

    @tree.command(name="variant", description="A game's rules in a few lines, and its layout")
    @app_commands.describe(name="the game: its name, id or an alias")
    @app_commands.autocomplete(name=variant_names)
    async def variant(interaction: discord.Interaction[Any], name: str) -> None:
        await run(interaction, "variant", name=name)

    @tree.command(name="variants", description="List the games the service settles")
    @app_commands.describe(search="only games whose name, id, alias, tag or description holds this")
    async def variants(interaction: discord.Interaction[Any], search: str | None = None) -> None:
        await run(interaction, "variants", search=search)

    @tree.command(name="house", description="Set this channel's usual game, so /showdown needs only the players")
    @app_commands.describe(variant="the channel's game", options="its options as name=value")
    @app_commands.autocomplete(variant=variant_names)
    async def house(interaction: discord.Interaction[Any], variant: str, options: str | None = None) -> None:
        await run(interaction, "house", variant=variant, options=options)

    return tree
