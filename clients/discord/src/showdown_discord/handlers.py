"""The bot's commands, independent of Discord: each reads its options, defers at once (Discord wants an answer
within 3 s), calls the service off the event loop, and follows up with a :class:`Reply`. A failure of any kind
follows up with an ephemeral message listing every problem; nothing raises out of a handler."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Final, TypeVar

from showdown_client import ShowdownClient
from showdown_client.errors import ShowdownClientError
from showdown_client.models import Equities, Hand, ShowdownResult, VariantDocument, VariantSummary
from showdown_client.table_talk import TableTalkError, parse_options, table_request

from showdown_discord.problems import failure_lines
from showdown_discord.reply import Attachment, Choice, EmbedField, Reply, Responder
from showdown_discord.store import HouseGame, HouseStore

__all__ = ["COMMANDS", "Handlers"]

#: Discord shows at most 25 autocomplete choices and 25 embed fields.
MAX_CHOICES: Final = 25
_FIELD_MAX: Final = 1024
_T = TypeVar("_T")


class Handlers:
    """The commands over one client and one house store. ``dispatch`` is the one entry the Discord adapter and the
    replay both call."""

    def __init__(self, client: ShowdownClient, store: HouseStore) -> None:
        self.client = client
        self.store = store
        self._catalog: list[VariantSummary] | None = None

    async def dispatch(self, command: str, responder: Responder, options: Mapping[str, Any]) -> None:
        handler = COMMANDS.get(command)
        if handler is None:
            await responder.followup(Reply(f"unknown command /{command}", ephemeral=True))
            return
        await handler(self, responder, **{k: str(v) for k, v in options.items() if v is not None})

    async def _call(self, function: Callable[..., _T], *args: Any) -> _T:
        return await asyncio.to_thread(function, *args)

    async def _fail(self, responder: Responder, error: Exception, body: Mapping[str, Any],
                    heading: str = "That hand cannot be settled") -> None:
        lines = failure_lines(error, body)
        await responder.followup(Reply(f"{heading}:\n" + "\n".join(f"• {line}" for line in lines),
                                       ephemeral=True))

    def _game(self, channel: str, variant: str, options: str) -> tuple[str, dict[str, str]]:
        house = self.store.get(channel)
        if variant:
            return variant, {} if house is None or house.variant != variant else dict(house.options)
        if house is None:
            raise TableTalkError(["no variant: name one, or set this channel's game with /house"])
        return house.variant, dict(house.options)

    # --- /showdown, /odds --------------------------------------------------------------------------------------

    async def showdown(self, responder: Responder, *, players: str, variant: str = "", board: str = "",
                       pot: str = "", options: str = "") -> None:
        await responder.defer()
        body: dict[str, Any] = {}
        try:
            game, defaults = self._game(responder.channel, variant, options)
            body = table_request(variant=game, players=players, board=board, money=pot or "0", options=options,
                                 defaults=defaults)
            result = await self._call(self.client.settle, body)
            picture = await self._call(self.client.render, body)
        except (ShowdownClientError, TableTalkError) as exc:
            await self._fail(responder, exc, body)
            return
        await responder.followup(_showdown_reply(result, picture))

    async def odds(self, responder: Responder, *, players: str, variant: str = "", board: str = "",
                   pot: str = "", options: str = "") -> None:
        await responder.defer()
        body: dict[str, Any] = {}
        try:
            game, defaults = self._game(responder.channel, variant, options)
            body = table_request(variant=game, players=players, board=board, money=pot, options=options,
                                 defaults=defaults, unknown=True)
            equities = await self._call(self.client.odds, body)
            picture = await self._call(self.client.render_odds, body)
        except (ShowdownClientError, TableTalkError) as exc:
            await self._fail(responder, exc, body)
            return
        await responder.followup(_odds_reply(equities, picture))

    # --- /variant, /variants, /house ----------------------------------------------------------------------------

    async def variant(self, responder: Responder, *, name: str) -> None:
        await responder.defer()
        try:
            document = await self._call(self.client.variant, name)
            layout = await self._call(self.client.layout_svg, document.id)
        except ShowdownClientError as exc:
            await self._fail(responder, exc, {}, "That game cannot be shown")
            return
        await responder.followup(_variant_reply(document, layout))

    async def variants(self, responder: Responder, *, search: str = "") -> None:
        await responder.defer()
        try:
            found = [v for v in await self.catalog() if all(v.matches(word) for word in search.split())]
        except ShowdownClientError as exc:
            await self._fail(responder, exc, {}, "The catalog cannot be read")
            return
        lines = [f"**{v.name}** `{v.id}`" for v in found[:40]]
        more = f"\n…and {len(found) - 40} more: narrow the search" if len(found) > 40 else ""
        await responder.followup(Reply(f"{len(found)} variants" + (f" matching '{search}'" if search else "")
                                       + (":\n" + "\n".join(lines) if lines else "") + more))

    async def house(self, responder: Responder, *, variant: str, options: str = "") -> None:
        await responder.defer()
        try:
            chosen = parse_options(options)
            document = await self._call(self.client.variant, variant)
        except (ShowdownClientError, TableTalkError) as exc:
            await self._fail(responder, exc, {}, "The house game cannot be set")
            return
        known = {o.name: o for o in document.options}
        problems = [f"{document.name} has no option {name!r}" + (f" (options: {', '.join(known)})" if known else "")
                    for name in chosen if name not in known]
        problems += [f"option {name}: {value!r} is not one of {', '.join(known[name].values)}"
                     for name, value in chosen.items() if name in known and known[name].values
                     and value not in known[name].values]
        if problems:
            await self._fail(responder, TableTalkError(problems), {}, "The house game cannot be set")
            return
        self.store.set(responder.channel, HouseGame(document.id, chosen))
        said = ", ".join(f"{k}={v}" for k, v in chosen.items())
        await responder.followup(Reply(f"This channel's house game is now **{document.name}**"
                                       + (f" with {said}" if said else "") + ": `/showdown players:` settles it."))

    # --- Autocomplete ---------------------------------------------------------------------------------------

    async def catalog(self) -> list[VariantSummary]:
        if self._catalog is None:
            self._catalog = await self._call(self.client.variants)
        return self._catalog

    async def variant_choices(self, typed: str) -> list[Choice]:
        """Variants whose name, id and aliases hold every word typed ("omaha 8" → Omaha hi-lo), names first."""
        try:
            catalog = await self.catalog()
        except ShowdownClientError:
            return []
        words = typed.lower().split()

        def text(v: VariantSummary) -> str:
            return " ".join((v.name, v.id, *v.aliases)).lower()

        found = [v for v in catalog if all(w in text(v) for w in words)]
        found.sort(key=lambda v: (not v.name.lower().startswith(typed.lower()), v.name))
        return [Choice(v.name[:100], v.id) for v in found[:MAX_CHOICES]]


def _clip(text: str) -> str:
    return text if len(text) <= _FIELD_MAX else text[: _FIELD_MAX - 1] + "…"


def _hand_line(kind: str, hand: Hand) -> str:
    if not hand.qualifies:
        return f"{kind}: - ({hand.reason or 'no hand'})"
    wilds = "".join(f", {w.card} as {w.as_}" for w in hand.wilds)
    return f"{kind}: {hand.description or '-'} ({' '.join(hand.cards)}{wilds})"


def _showdown_reply(result: ShowdownResult, picture: bytes) -> Reply:
    fields = []
    for player in result.players:
        hands = "folded" if player.folded else "\n".join(_hand_line(kind, h) for kind, h in player.hands.items())
        shares = [f"{a.share} {a.payouts[player.id]}" for pot in result.pots for a in pot.awards
                  if a.payouts.get(player.id)]
        won = result.payouts.get(player.id, 0)
        fields.append(EmbedField(player.id, _clip(f"{hands}\nwins {won}" + (f" ({', '.join(shares)})" if shares
                                                                            else ""))))
    notes = [f"odd chip to {c.player} ({c.reason})" for pot in result.pots for a in pot.awards for c in a.odd_chips]
    notes += [f"{pot.carried_over} carried over" for pot in result.pots if pot.carried_over]
    if notes:
        fields.append(EmbedField("notes", _clip("\n".join(notes)), inline=False))
    return Reply(result.summary, title=result.variant, fields=tuple(fields[:25]),
                 files=(Attachment("showdown.png", picture),), image="showdown.png")


def _odds_reply(equities: Equities, picture: bytes) -> Reply:
    fields = []
    for p in equities.players:
        share = f"{p.equity:.1%} of the pot" if p.equity is not None else f"{p.expected:.2f} chips expected"
        interval = "exact" if p.interval is None else f"±{(p.interval[1] - p.interval[0]) / 2:.2f}"
        fields.append(EmbedField(p.id, f"{share} ({interval})"))
    title = f"{equities.variant}: {equities.method}, {equities.runouts:,} run-outs"
    return Reply(equities.summary, title=title, fields=tuple(fields[:25]),
                 files=(Attachment("odds.png", picture),), image="odds.png")


def _variant_reply(document: VariantDocument, layout: bytes) -> Reply:
    fields = [EmbedField("rules", _clip(document.description), inline=False)]
    fields += [EmbedField("note", _clip(note), inline=False) for note in document.notes[:5]]
    if document.options:
        fields.append(EmbedField("options", _clip("\n".join(
            f"{o.name}={'|'.join(o.values) or '…'} (default {o.default}): {o.description}"
            for o in document.options)), inline=False))
    aliases = f" (also: {', '.join(document.aliases)})" if document.aliases else ""
    return Reply(f"**{document.name}** `{document.id}`{aliases}", title=document.name, fields=tuple(fields[:25]),
                 files=(Attachment(f"{document.id}-layout.svg", layout),))


Handler = Callable[..., Awaitable[None]]

#: Every command the bot registers, by name: what the Discord adapter wires and the replay runs.
COMMANDS: Final[dict[str, Handler]] = {
    "showdown": Handlers.showdown,
    "odds": Handlers.odds,
    "variant": Handlers.variant,
    "variants": Handlers.variants,
    "house": Handlers.house,
}
