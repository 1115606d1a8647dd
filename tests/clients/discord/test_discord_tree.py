"""The commands as discord.py registers them: the real CommandTree on a client that never logs in, every command's
parameters, descriptions and autocomplete, the autocomplete callbacks called, and a command's callback run through
the Interaction adapter to real discord.Embed and discord.File objects."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any, cast

import discord
import pytest
from discord import app_commands
from showdown_discord.discord_app import MESSAGE_MAX, InteractionResponder, build_client, build_tree
from showdown_discord.handlers import COMMANDS, Handlers
from showdown_discord.reply import Reply

PARAMETERS = {
    "showdown": ["players", "variant", "board", "pot", "options"],
    "odds": ["players", "variant", "board", "pot", "options"],
    "variant": ["name"],
    "variants": ["search"],
    "house": ["variant", "options"],
}
REQUIRED = {"showdown": ["players"], "odds": ["players"], "variant": ["name"], "variants": [], "house": ["variant"]}
AUTOCOMPLETED = {"showdown": "variant", "odds": "variant", "variant": "name", "house": "variant"}


@pytest.fixture
def tree(handlers: Handlers) -> app_commands.CommandTree[discord.Client]:
    return build_tree(build_client(), handlers)


def commands(tree: app_commands.CommandTree[discord.Client]) -> dict[str, app_commands.Command[Any, ..., Any]]:
    return {c.name: cast(app_commands.Command[Any, ..., Any], c) for c in tree.get_commands()}


def test_every_handler_is_a_slash_command_with_described_parameters(
        tree: app_commands.CommandTree[discord.Client]) -> None:
    registered = commands(tree)
    assert set(registered) == set(COMMANDS)
    for name, command in registered.items():
        assert command.description
        assert [p.name for p in command.parameters] == PARAMETERS[name]
        assert all(p.description and p.description != "…" for p in command.parameters), name
        assert [p.name for p in command.parameters if p.required] == REQUIRED[name]
        payload = command.to_dict(tree)
        assert [o["name"] for o in payload["options"]] == PARAMETERS[name]


def test_the_variant_parameters_autocomplete_and_the_callbacks_answer_by_name_id_and_alias(
        tree: app_commands.CommandTree[discord.Client]) -> None:
    registered = commands(tree)
    for name, parameter in AUTOCOMPLETED.items():
        assert registered[name]._params[parameter].autocomplete is not None, name
    assert not any(p.autocomplete for p in registered["variants"].parameters)
    complete = registered["showdown"]._params["variant"].autocomplete
    assert complete is not None
    interaction = cast(discord.Interaction[Any], None)

    def offered(typed: str) -> list[str]:
        choices = asyncio.run(complete(interaction, typed))
        assert len(choices) <= 25
        return [c.value for c in choices]

    assert "follow-the-queen" in offered("queen")
    assert "omaha-hi-lo-8" in offered("omaha 8")
    assert offered("omaha 8")[0].startswith("omaha")
    assert "seven-card-stud" in offered("7cs") or "seven-card-stud" in offered("seven")
    assert offered("no such game at all") == []


@dataclass
class _Response:
    deferred: list[bool] = field(default_factory=list)

    def is_done(self) -> bool:
        return bool(self.deferred)

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        assert thinking
        self.deferred.append(ephemeral)


@dataclass
class _Followup:
    sent: list[dict[str, Any]] = field(default_factory=list)

    async def send(self, content: str, **kwargs: Any) -> None:
        self.sent.append({"content": content, **kwargs})


@dataclass
class _Interaction:
    """The three parts of a discord.Interaction the adapter uses; the rest of the test's objects are discord.py's."""

    channel_id: int = 42
    response: _Response = field(default_factory=_Response)
    followup: _Followup = field(default_factory=_Followup)


def test_a_command_callback_defers_then_follows_up_with_an_embed_and_the_png(
        tree: app_commands.CommandTree[discord.Client]) -> None:
    interaction = _Interaction()
    showdown = commands(tree)["showdown"]
    asyncio.run(showdown.callback(  # type: ignore[call-arg]
        cast(discord.Interaction[Any], interaction), players="ann: Ah Kh | bob: Qs Qc", variant="texas-holdem",
        board="Kd 7c 2h 9s 2d", pot="300", options=None))
    assert interaction.response.deferred == [False]
    [sent] = interaction.followup.sent
    assert sent["content"].startswith("ann wins 300")
    embed, [picture] = sent["embed"], sent["files"]
    assert isinstance(embed, discord.Embed) and isinstance(picture, discord.File)
    assert [f.name for f in embed.fields] == ["ann", "bob"]
    assert embed.image.url == "attachment://showdown.png" and picture.filename == "showdown.png"
    assert sent["ephemeral"] is False


def test_a_long_answer_is_clipped_to_discords_2000_characters(handlers: Handlers) -> None:
    interaction = _Interaction()
    responder = InteractionResponder(cast(discord.Interaction[Any], interaction))
    asyncio.run(responder.followup(Reply("x" * 2500, ephemeral=True)))
    [sent] = interaction.followup.sent
    assert len(sent["content"]) == MESSAGE_MAX and sent["content"].endswith("…") and sent["ephemeral"]
    assert "embed" not in sent and sent["files"] == []
