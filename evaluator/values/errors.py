"""The one exception root of the library, and its narrow leaves.

Every rule check reports *all* the problems it finds at once: an :class:`InvalidShowdown` carries a tuple of
:class:`Problem` records, each with a stable ``code`` and a JSON pointer into the request that caused it. The
service maps the root to ``application/problem+json`` in one place.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

__all__ = [
    "CardSyntaxError",
    "ComplexityLimitError",
    "InvalidShowdown",
    "Problem",
    "ShowdownError",
    "UnknownVariantError",
    "json_pointer",
    "pointer_token",
]


def pointer_token(name: str | int) -> str:
    """One JSON pointer reference token (RFC 6901): ``~`` becomes ``~0`` and ``/`` becomes ``~1``."""
    return str(name).replace("~", "~0").replace("/", "~1")


def json_pointer(tokens: Iterable[str | int]) -> str:
    """The JSON pointer (RFC 6901) to a place in a request, from its path: ``json_pointer(["options", "a/b"])`` is
    ``/options/a~1b``; no tokens is the whole document, ``""``. The one place pointers are spelt."""
    return "".join("/" + pointer_token(token) for token in tokens)


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a request: where (a JSON pointer), what (a stable code) and why (for people)."""

    pointer: str
    code: str
    detail: str


class ShowdownError(ValueError):
    """The root of every error this library raises on purpose: a value (a card, a deal, an option...) the rules
    refuse, so a ``ValueError``."""

    code = "showdown-error"


class CardSyntaxError(ShowdownError):
    """A string that is not a card in the notation (syntax, not rules)."""

    code = "bad-card"

    def __init__(self, text: object) -> None:
        super().__init__(f"{text!r} is not a card: expected a rank 2-9, T (or 10), J, Q, K, A and a suit "
                         f"c, d, h, s, or a joker X1, X2, ...")
        self.text = text


class InvalidShowdown(ShowdownError):
    """A request that is well-formed but breaks the rules of its variant; lists every problem."""

    code = "invalid-showdown"

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = tuple(problems)
        summary = "; ".join(f"{p.pointer or '/'}: {p.detail}" for p in self.problems[:5])
        super().__init__(summary or "invalid showdown")


class UnknownVariantError(ShowdownError, LookupError):
    """A variant id or alias that the catalog does not know."""

    code = "unknown-variant"

    def __init__(self, name: str, suggestions: tuple[str, ...] = ()) -> None:
        hint = f" (did you mean {' or '.join(repr(s) for s in suggestions)}?)" if suggestions else ""
        super().__init__(f"unknown variant {name!r}{hint}")
        self.name = name
        self.suggestions = suggestions


class ComplexityLimitError(InvalidShowdown):
    """A request over a documented complexity limit (players, cards, combinations)."""

    code = "over-limit"
