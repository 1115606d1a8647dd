"""Seeded showdowns of a catalog variant for the tests that hold an engine shortcut to its straightforward reading:
the example generator's deals (:func:`evaluator.documents.examples.seeded_requests`) at the variant's fewest seats
and at the most its deck serves, and each one's answer (a refusal is an answer too)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from marshmallow import ValidationError

from evaluator.documents.examples import seeded_requests
from evaluator.engine.showdown import adjudicate
from evaluator.values.errors import ShowdownError
from evaluator.variant import Variant
from service.schemas.requests import ShowdownRequestSchema
from tests.samples import samples

__all__ = ["answer", "answers_as_patched", "seeded_calls"]


def _bodies(variant: Variant, seats: Sequence[int]) -> list[dict[str, Any]]:
    """The seeded bodies at the first of these numbers of seats the deck serves."""
    for players in seats:
        try:
            return seeded_requests(variant, players, samples(3, 24))
        except IndexError:  # the deck ran out
            continue
    return []


def seeded_calls(variant: Variant) -> list[Any]:
    """The seeded showdowns of ``variant`` as loaded requests (variant, deal, options), fewest seats first."""
    low, high = variant.seating.min, variant.seating.max
    calls = []
    for bodies in (_bodies(variant, [low]), _bodies(variant, range(high, low, -1))):
        for body in bodies:
            try:
                calls.append(ShowdownRequestSchema().load(body))
            except ValidationError:
                continue
    return calls


def answer(call: Any) -> object:
    """The showdown's answer, or the refusal's repr."""
    try:
        return adjudicate(call.variant, call.deal, call.options)
    except (ShowdownError, ValueError, IndexError) as refused:  # an answer too: the same refusal
        return repr(refused)


def answers_as_patched(variant: Variant, patch: pytest.MonkeyPatch, target: object, name: str, reading: object
                       ) -> None:
    """Each seeded showdown of ``variant`` answers as it does with ``target.name`` patched to ``reading`` (a
    shortcut's straightforward reading)."""
    calls = seeded_calls(variant)
    assert calls
    for call in calls:
        fast = answer(call)
        with patch.context() as patched:
            patched.setattr(target, name, reading)
            assert answer(call) == fast
