"""Reading PHH text: one hand (``.phh``) or many (``.phhs``: tables ``[1]``, ``[2]``...), with amounts kept exact
(every number is read as a :class:`~decimal.Decimal`)."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from evaluator import InvalidShowdown, Problem

__all__ = ["HistoryInvalid", "histories_in", "history_in", "problem"]


class HistoryInvalid(InvalidShowdown):
    """A history that cannot be read or replayed: a 422 naming where (a JSON pointer into the history, such as
    ``/actions/7``) and what is wrong."""

    code = "invalid-history"


def problem(pointer: str, code: str, detail: str) -> HistoryInvalid:
    return HistoryInvalid([Problem(pointer=pointer, code=code, detail=detail)])


def _toml(text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        raise problem("", "bad-toml", f"not TOML: {exc}") from None


def history_in(text: str) -> dict[str, Any]:
    """One hand's fields."""
    return _toml(text)


def histories_in(text: str) -> list[tuple[str, Mapping[str, Any]]]:
    """A ``.phhs`` document's hands, each with its table's name, in the document's order."""
    found = _toml(text)
    hands: list[tuple[str, Mapping[str, Any]]] = [
        (name, value) for name, value in found.items() if isinstance(value, dict)]
    if not hands or len(hands) != len(found):
        raise problem("", "not-phhs", "a .phhs document is a series of tables ([1], [2], ...), one hand each")
    return hands
