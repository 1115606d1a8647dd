"""The service's problems (RFC 9457, every one with its JSON pointer) said in words a player reads: the pointer
``/players/1/hole/0`` becomes ``bob's hole card 1``, and the service's own did-you-mean is kept."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from showdown_client import ProblemError, TransportError
from showdown_client.table_talk import TableTalkError

__all__ = ["failure_lines", "place"]

_PARTS = {"hole": "hole card", "up": "up card", "board": "board card"}


def place(pointer: str, body: Mapping[str, Any]) -> str:
    """Where in the deal a pointer points, in words."""
    parts = [p for p in pointer.split("/") if p]
    if not parts:
        return "the deal"
    if parts[0] == "players" and len(parts) >= 2 and parts[1].isdigit():
        players = body.get("players") or []
        index = int(parts[1])
        who = str(players[index].get("id")) if index < len(players) else f"player {index + 1}"
        if len(parts) == 2:
            return who
        what = _PARTS.get(parts[2], parts[2])
        if len(parts) >= 4 and parts[3].isdigit():
            return f"{who}'s {what} {int(parts[3]) + 1}"
        return f"{who}'s {parts[2]}"
    if parts[0] == "board" and len(parts) >= 2:
        return f"board card {int(parts[1]) + 1}" if parts[1].isdigit() else f"board position {parts[1]}"
    return " ".join(parts)


def failure_lines(error: Exception, body: Mapping[str, Any]) -> list[str]:
    """Every problem, one line each: the table talk's, the service's, or why there was no answer."""
    if isinstance(error, TableTalkError):
        return list(error.problems)
    if isinstance(error, ProblemError):
        if error.errors:
            return [f"{place(e.pointer, body)}: {e.detail}" for e in error.errors]
        if error.status in (503, 504):
            return [f"the Showdown service is busy ({error.detail or error.title}); try again in a moment"]
        return [f"{error.title}: {error.detail}"]
    if isinstance(error, TransportError):
        return ["the Showdown service did not answer in time (it may be down); try again in a moment"]
    raise error
