"""What a handler says, independent of Discord: text, an embed (title and fields), files; and the
:class:`Responder` a handler says it through (defer at once, then follow up)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

__all__ = ["Attachment", "EmbedField", "Reply", "Responder"]


@dataclass(frozen=True, slots=True)
class EmbedField:
    name: str
    value: str
    inline: bool = True


@dataclass(frozen=True, slots=True)
class Attachment:
    filename: str
    data: bytes


@dataclass(frozen=True, slots=True)
class Reply:
    text: str = ""
    title: str | None = None
    fields: tuple[EmbedField, ...] = ()
    files: tuple[Attachment, ...] = ()
    image: str | None = None  # the attachment the embed shows
    ephemeral: bool = False


@dataclass(frozen=True, slots=True)
class Choice:
    name: str
    value: str


class Responder(Protocol):
    """One interaction: where it came from, and the two ways to answer it."""

    @property
    def channel(self) -> str: ...

    async def defer(self, *, ephemeral: bool = False) -> None:
        """Acknowledge now (Discord's 3 s), answer later with :meth:`followup`."""

    async def followup(self, reply: Reply) -> None: ...


@dataclass
class Recorded:
    """A responder that keeps what it was told (the replay's and the tests')."""

    channel: str = "replay"
    deferred: bool = False
    replies: list[Reply] = field(default_factory=list)

    async def defer(self, *, ephemeral: bool = False) -> None:
        self.deferred = True

    async def followup(self, reply: Reply) -> None:
        self.replies.append(reply)
