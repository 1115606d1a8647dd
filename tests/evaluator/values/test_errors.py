"""The library's one error root and its one JSON pointer helper."""

from __future__ import annotations

import pytest

from evaluator.values.budget import DeadlineExceeded
from evaluator.values.errors import (
    CardSyntaxError,
    ComplexityLimitError,
    InvalidShowdown,
    ShowdownError,
    UnknownVariantError,
    json_pointer,
    pointer_token,
)


@pytest.mark.parametrize("error", [CardSyntaxError, InvalidShowdown, UnknownVariantError, ComplexityLimitError,
                                   DeadlineExceeded])
def test_every_library_error_is_a_showdown_error_and_a_value_error(error: type[Exception]) -> None:
    assert issubclass(error, ShowdownError) and issubclass(error, ValueError)


def test_an_unknown_variant_is_still_a_lookup_error() -> None:
    assert issubclass(UnknownVariantError, LookupError)


def test_json_pointer_escapes_tilde_then_slash_in_each_token() -> None:
    """RFC 6901 section 3: ``~`` is written ``~0`` and ``/`` is written ``~1``, ``~`` first (so ``~1`` is ``~01``)."""
    assert json_pointer([]) == ""
    assert json_pointer(["players", 1, "hole", 0]) == "/players/1/hole/0"
    assert json_pointer(["a/b", "m~n", "~1"]) == "/a~1b/m~0n/~01"
    assert json_pointer(["options", ""]) == "/options/"
    assert pointer_token("a/b~") == "a~1b~0"
