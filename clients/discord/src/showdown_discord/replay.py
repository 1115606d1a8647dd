"""``showdown-discord replay FILE``: recorded interactions (a JSON list of ``{"command": ..., "options": {...},
"channel": ...}``) run through the bot's own handlers, and what the bot would post printed, one block each."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from showdown_discord.handlers import Handlers
from showdown_discord.reply import Recorded, Reply

__all__ = ["ReplayError", "read_interactions", "render_replay", "render_reply", "replay"]


class ReplayError(ValueError):
    """A file of interactions that cannot be read."""


def read_interactions(path: Path) -> list[dict[str, Any]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ReplayError(f"cannot read {path}: {exc}") from None
    if not isinstance(data, list) or not all(isinstance(i, dict) and isinstance(i.get("command"), str)
                                             and isinstance(i.get("options", {}), dict) for i in data):
        raise ReplayError(f"{path}: a JSON list of {{\"command\": ..., \"options\": {{...}}, \"channel\": ...}}")
    return data


async def replay(handlers: Handlers, interactions: Sequence[dict[str, Any]]) -> list[Recorded]:
    """Each interaction run as the bot would, in order (a /house sets what a later /showdown reads)."""
    done = []
    for interaction in interactions:
        responder = Recorded(channel=str(interaction.get("channel", "replay")))
        await handlers.dispatch(interaction["command"], responder, interaction.get("options", {}))
        done.append(responder)
    return done


def render_reply(reply: Reply) -> str:
    """What the bot posts, as text: the message, the embed's fields, the attachments' names and sizes."""
    lines = [("(only you can see this) " if reply.ephemeral else "") + reply.text]
    if reply.title is not None:
        lines.append(f"  [embed] {reply.title}")
    for field in reply.fields:
        value = field.value.replace("\n", "\n" + " " * (6 + len(field.name)))
        lines.append(f"    {field.name}: {value}")
    lines += [f"  [file] {a.filename} ({len(a.data):,} bytes)" for a in reply.files]
    return "\n".join(lines)


def render_replay(interactions: Sequence[dict[str, Any]], done: Sequence[Recorded]) -> str:
    blocks = []
    for interaction, responder in zip(interactions, done, strict=True):
        options = " ".join(f"{k}:{v}" for k, v in interaction.get("options", {}).items())
        head = f"#{responder.channel} > /{interaction['command']} {options}".rstrip()
        blocks.append("\n".join([head, *(render_reply(r) for r in responder.replies)]))
    return "\n\n".join(blocks)
