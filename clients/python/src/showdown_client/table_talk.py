"""Table talk: a deal typed the way people speak at a table, read into a showdown request.

    players  ann: Ah Kh | bob: Q♠ Q♣ | cy: folded        (stud: ``ann: 9s As / Jh 7d 5h 6d``, hole / up)
    board    2c 7d 9h 10s 3s   or, for a layout game,   1=Kd 5=2h
    money    300  (one pot)    or   ann 100, bob 100, cy 40  (contributions: side pots follow)
    options  key=value key=value   (spaces or commas between them)

Suit symbols and ``10`` are accepted; in odds (``unknown=True``) ``?`` is a card nobody knows yet (``None`` in the
request). Every reader collects all the problems of its line and raises one :class:`TableTalkError` naming each.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final

__all__ = ["TableTalkError", "parse_board", "parse_card", "parse_money", "parse_options", "parse_players",
           "table_request"]

_SUITS: Final = {"♠": "s", "♥": "h", "♦": "d", "♣": "c", "♤": "s", "♡": "h", "♢": "d", "♧": "c"}
_CARD: Final = re.compile(r"^(10|[2-9TJQKA])([shdc])$", re.IGNORECASE)
_JOKER: Final = re.compile(r"^X\d?$", re.IGNORECASE)
_PLAYER_ID: Final = re.compile(r"^[A-Za-z0-9_.-]{1,32}$")
_SPLIT: Final = re.compile(r"[\s,]+")


class TableTalkError(ValueError):
    """A line that cannot be read; ``problems`` names each thing wrong with it, in order."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = tuple(problems)


def parse_card(text: str, *, unknown: bool = False) -> str | None:
    """``A♠`` → ``As``, ``10h`` → ``Th``, ``x1`` → ``X1``; ``?`` → None where ``unknown`` cards are allowed."""
    if unknown and text in ("?", "??"):
        return None
    token = "".join(_SUITS.get(ch, ch) for ch in text.strip())
    if _JOKER.match(token):
        return token.upper()
    match = _CARD.match(token)
    if match is None:
        hint = " (use ? for an unknown card)" if "?" in text else ""
        raise TableTalkError([f"{text!r} is not a card: a rank 2-10, J, Q, K or A and a suit s h d c or ♠♥♦♣{hint}"])
    rank = "T" if match.group(1) == "10" else match.group(1).upper()
    return rank + match.group(2).lower()


def _cards(text: str, where: str, problems: list[str], *, unknown: bool) -> list[str | None]:
    cards: list[str | None] = []
    for token in text.split():
        try:
            cards.append(parse_card(token, unknown=unknown))
        except TableTalkError as exc:
            problems.extend(f"{where}: {p}" for p in exc.problems)
    return cards


def parse_players(text: str, *, unknown: bool = False) -> list[dict[str, Any]]:
    """``ann: Ah Kh | bob: Qs Qc / Jd | cy: folded`` → the request's ``players`` (``hole``, ``up``, ``folded``)."""
    problems: list[str] = []
    players: list[dict[str, Any]] = []
    seen: set[str] = set()
    if not text.strip():
        raise TableTalkError(["no players: type them as 'ann: Ah Kh | bob: Qs Qc'"])
    for number, part in enumerate(text.split("|"), start=1):
        name, colon, rest = part.partition(":")
        name = name.strip()
        if not colon:
            problems.append(f"player {number} ({part.strip()!r}): a name, a colon, then the cards, as 'ann: Ah Kh'")
            continue
        if not _PLAYER_ID.match(name):
            problems.append(f"player {number}: {name!r} is not a name (letters, digits, _ . -, at most 32)")
            continue
        if name in seen:
            problems.append(f"player {name!r} is named twice")
        seen.add(name)
        player: dict[str, Any] = {"id": name}
        words = rest.strip()
        if words.lower() in ("folded", "fold", "folds", "mucked"):
            player["folded"] = True
        elif not words:
            problems.append(f"{name}: no cards (or 'folded')")
        else:
            hole, slash, up = words.partition("/")
            if "/" in up:
                problems.append(f"{name}: one '/' at most, between the hole cards and the up cards")
            player["hole"] = _cards(hole, name, problems, unknown=unknown)
            if slash:
                player["up"] = _cards(up.replace("/", " "), name, problems, unknown=unknown)
        players.append(player)
    if problems:
        raise TableTalkError(problems)
    return players


def parse_board(text: str, *, unknown: bool = False) -> list[str | None] | dict[str, str | None]:
    """``2c 7d 9h`` (deal order) or ``1=Kd 5=2h`` (a layout game's positions); empty text, no board."""
    problems: list[str] = []
    tokens = [t for t in _SPLIT.split(text.strip()) if t]
    placed = [t for t in tokens if "=" in t]
    if placed and len(placed) != len(tokens):
        raise TableTalkError(["board: cards in deal order or POSITION=CARD pairs, not both"])
    if not placed:
        board = _cards(" ".join(tokens), "board", problems, unknown=unknown)
        if problems:
            raise TableTalkError(problems)
        return board
    positions: dict[str, str | None] = {}
    for token in placed:
        position, _, card = token.partition("=")
        if not position:
            problems.append(f"board: {token!r} has no position before '='")
        elif position in positions:
            problems.append(f"board: position {position!r} is given twice")
        cards = _cards(card, f"board position {position}", problems, unknown=unknown)
        if not card:
            problems.append(f"board: position {position!r} has no card after '='")
        elif cards:
            positions[position] = cards[0]
    if problems:
        raise TableTalkError(problems)
    return positions


def parse_money(text: str) -> dict[str, Any]:
    """``300`` → ``{"pot": 300}``; ``ann 100, bob 100, cy 40`` (or ``ann=100``) → ``{"contributions": ...}``."""
    words = text.strip()
    if words.isdigit():
        return {"pot": int(words)}
    if not words:
        raise TableTalkError(["no money: one pot (300) or what each put in (ann 100, bob 100, cy 40)"])
    problems: list[str] = []
    contributions: dict[str, int] = {}
    for part in words.split(","):
        pieces = part.replace("=", " ").replace(":", " ").split()
        if len(pieces) != 2 or not pieces[1].isdigit():
            problems.append(f"money: {part.strip()!r} is not a player and a whole amount, as 'ann 100'")
        elif pieces[0] in contributions:
            problems.append(f"money: {pieces[0]!r} is given twice")
        else:
            contributions[pieces[0]] = int(pieces[1])
    if problems:
        raise TableTalkError(problems)
    return {"contributions": contributions}


def parse_options(text: str) -> dict[str, str]:
    """``hi_lo=true, wild=deuces`` → ``{"hi_lo": "true", "wild": "deuces"}``."""
    problems: list[str] = []
    options: dict[str, str] = {}
    for token in (t for t in _SPLIT.split(text.strip()) if t):
        name, sep, value = token.partition("=")
        if not sep or not name or not value:
            problems.append(f"options: {token!r} is not name=value")
        else:
            options[name] = value
    if problems:
        raise TableTalkError(problems)
    return options


def table_request(*, variant: str, players: str, board: str = "", money: str = "", options: str = "",
                  unknown: bool = False, defaults: Mapping[str, str] | None = None) -> dict[str, Any]:
    """A whole ``POST /v1/showdowns`` (or, with ``unknown``, ``/v1/equities``) body from its table-talk lines, every
    line's problems reported together. ``defaults`` are options the lines' own override (a channel's house rules)."""
    problems: list[str] = []
    body: dict[str, Any] = {"variant": variant}

    def read(key: str, reader: Any, *args: Any, **kwargs: Any) -> None:
        try:
            value = reader(*args, **kwargs)
        except TableTalkError as exc:
            problems.extend(exc.problems)
            return
        if isinstance(value, dict) and key == "money":
            body.update(value)
        elif value or key == "players":
            body[key] = value

    read("players", parse_players, players, unknown=unknown)
    if board.strip():
        read("board", parse_board, board, unknown=unknown)
    if money.strip() or not unknown:
        read("money", parse_money, money)
    merged = dict(defaults or {})
    try:
        merged.update(parse_options(options))
    except TableTalkError as exc:
        problems.extend(exc.problems)
    if merged:
        body["options"] = merged
    if problems:
        raise TableTalkError(problems)
    return body
