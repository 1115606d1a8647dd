"""Cards in the contract's notation: ``As``, ``Td`` (``10d`` and suit symbols, ``A♠``, accepted on input), jokers
``X1``, ``X2``, ...

A :class:`Card` is an ``int`` (so arrays of cards are plain integer arrays for the evaluators): a standard card
is ``rank * 4 + suit`` with ranks ``2..A`` as ``0..12`` and suits ``c d h s`` as ``0..3``; joker ``Xn`` is
``52 + n - 1``. Parsing and printing are symmetric: ``str(Card("10h")) == "Th"``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from typing import Final

from evaluator.values.errors import CardSyntaxError

__all__ = [
    "JOKER_BASE",
    "MAX_JOKERS",
    "RANKS",
    "SUITS",
    "SUIT_SYMBOLS",
    "Card",
    "card_named",
    "card_names",
    "card_of",
    "card_rank",
    "card_suit",
    "cards_named",
    "every_card",
    "format_cards",
    "is_joker",
    "parse_card",
    "parse_cards",
    "rank_value",
]

RANKS: Final = "23456789TJQKA"
_UNSPACED: Final = re.compile(r"10.|X\d|..", re.IGNORECASE)
SUITS: Final = "cdhs"
SUIT_SYMBOLS: Final = {"c": "\u2663", "d": "\u2666", "h": "\u2665", "s": "\u2660"}
JOKER_BASE: Final = 52
MAX_JOKERS: Final = 8

RANK_NAMES: Final = (
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace",
)
RANK_PLURALS: Final = (
    "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks", "queens",
    "kings", "aces",
)


class Card(int):
    """One card; an immutable, hashable ``int`` that prints in the contract's notation."""

    __slots__ = ()

    def __new__(cls, value: int | str) -> Card:
        if isinstance(value, str):
            return _parse(value)
        if not 0 <= value < JOKER_BASE + MAX_JOKERS:
            raise CardSyntaxError(value)
        return _card(int(value))

    @property
    def rank(self) -> int:
        """0 for a deuce ... 12 for an ace; -1 for a joker."""
        return -1 if self >= JOKER_BASE else self >> 2

    @property
    def suit(self) -> int:
        """0..3 for c, d, h, s; -1 for a joker."""
        return -1 if self >= JOKER_BASE else self & 3

    @property
    def is_joker(self) -> bool:
        return self >= JOKER_BASE

    def __str__(self) -> str:
        return _names()[self]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


@cache
def _names() -> tuple[str, ...]:
    standard = [r + s for r in RANKS for s in SUITS]
    return (*standard, *(f"X{n}" for n in range(1, MAX_JOKERS + 1)))


@cache
def _card(value: int) -> Card:
    return int.__new__(Card, value)


#: Suit symbols accepted on input, black and white: ``A♠``, ``A♤`` and ``As`` are one card.
SUIT_INPUT_SYMBOLS: Final = {"\u2663": "c", "\u2667": "c", "\u2666": "d", "\u2662": "d", "\u2665": "h",
                             "\u2661": "h", "\u2660": "s", "\u2664": "s"}
_EMOJI_PRESENTATION: Final = "\ufe0f"  # chat apps send "A♠️": the symbol then this variation selector


@cache
def _lookup() -> dict[str, Card]:
    table = {name.lower(): _card(i) for i, name in enumerate(_names())}
    for suit in SUITS:
        for rank in RANKS.lower():
            for symbol in (s for s, letter in SUIT_INPUT_SYMBOLS.items() if letter == suit):
                table[rank + symbol] = table[rank + suit]
    for name in [n for n in table if n[0] == "t"]:
        table["10" + name[1:]] = table[name]
    return table


@cache
def _spelled() -> dict[str, Card]:
    """Every card by its own name (``Jh``, ``X1``): what a request mostly sends, found before any normalising."""
    return {name: _card(i) for i, name in enumerate(_names())}


def card_named(text: object) -> Card | None:
    """The card a text names, as :func:`parse_card` reads it; None where it names none (or is no string)."""
    if not isinstance(text, str):
        return None
    card = _spelled().get(text)
    return card if card is not None else _lookup().get(text.strip().lower().replace(_EMOJI_PRESENTATION, ""))


def cards_named(texts: Sequence[object]) -> list[Card | None]:
    """:func:`card_named` of each text, in order: each one spelled as the card's own name found by one lookup, the
    others read by :func:`card_named` itself."""
    spelled = _spelled()
    found = [spelled.get(text) if type(text) is str else None for text in texts]
    if None in found:
        found = [card if card is not None else card_named(text) for card, text in zip(found, texts, strict=True)]
    return found


def _parse(text: str) -> Card:
    card = card_named(text)
    if card is None:
        raise CardSyntaxError(text)
    return card


def card_of(value: int) -> Card:
    """The :class:`Card` for a card int (fast; no checks)."""
    return _all_cards()[value]


@cache
def _all_cards() -> tuple[Card, ...]:
    return tuple(_card(i) for i in range(JOKER_BASE + MAX_JOKERS))


def every_card() -> tuple[Card, ...]:
    """Every card and joker by its number (``every_card()[n]`` is ``card_of(n)``): one tuple, shared by the modules
    that read many cards by number."""
    return _all_cards()


@cache
def card_names() -> tuple[str, ...]:
    """Every card's and joker's name (``str`` of each) by its number, as answers and descriptions spell them."""
    return tuple(str(card) for card in _all_cards())


def parse_card(text: str) -> Card:
    """Parse one card, case-insensitively; ``10`` is accepted for ten, and a suit symbol (``♠♥♦♣``, ``♤♡♢♧``) for
    its letter. Raises :class:`CardSyntaxError`."""
    return _parse(text)


def parse_cards(texts: str | list[str] | tuple[str, ...]) -> tuple[Card, ...]:
    """Parse a list of cards, or a string of them with or without spaces (``"AsKd"``, ``"As Kd"``)."""
    if isinstance(texts, str):
        texts = texts.replace(_EMOJI_PRESENTATION, "")
        items = texts.split() if " " in texts.strip() else _UNSPACED.findall(texts)
        if not texts.split() == items and "".join(items) != texts:
            raise CardSyntaxError(texts)
    else:
        items = list(texts)
    return tuple(_parse(item) for item in items)


def format_cards(cards: list[Card] | tuple[Card, ...] | list[int]) -> list[str]:
    return [_names()[c] for c in cards]


def card_rank(card: int) -> int:
    return card >> 2


def card_suit(card: int) -> int:
    return card & 3


def is_joker(card: int) -> bool:
    return card >= JOKER_BASE


def rank_value(rank: int) -> int:
    """The contract's numeric rank: 2..14 (ace 14)."""
    return rank + 2
