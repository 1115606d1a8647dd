"""The general engine's shortcuts for wild cards against their straightforward readings: on seeded deals of every
catalog variant with wild cards (the example generator's, at its fewest seats and the most its deck serves), each
answer equals the answer with the straightforward reading patched in."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
import pytest

import evaluator.engine.search as search
import evaluator.engine.showdown as showdown
from evaluator import all_variants
from evaluator.formation import Candidates
from evaluator.values.cards import Card
from evaluator.variant import Variant
from tests.evaluator.engine.seeded import answer, answers_as_patched

WILD_VARIANTS = [v for v in all_variants() if v.wilds and v.not_showdown is None]
#: The answer of a seeded call, by the name other modules' tests import it under.
_answer = answer


def _mask_seat_by_seat(found: Sequence[Candidates], wild_by_group: Sequence[Sequence[frozenset[Card]]],
                       cards: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
    return np.concatenate([search.wild_mask(c, w) for c, w in zip(found, wild_by_group, strict=True)])


@pytest.mark.parametrize("variant", WILD_VARIANTS, ids=lambda v: v.id)
def test_the_seats_wild_cells_found_at_once_are_each_seats_own(variant: Variant,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """``_seats_wild_mask`` (one table where every seat has the same wild cards) answers as ``wild_mask`` seat by
    seat."""
    answers_as_patched(variant, monkeypatch, search, "_seats_wild_mask", _mask_seat_by_seat)


@pytest.mark.parametrize("variant", WILD_VARIANTS, ids=lambda v: v.id)
def test_the_wild_cards_in_force_read_from_the_search_are_those_found_again(variant: Variant,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """The answer's ``wild`` object (and the summary's sentence) built from each player's wild cards as the search
    found them equals the one built by finding every player's wild cards again from his usable cards."""
    found_again = showdown._wild_in_force
    answers_as_patched(variant, monkeypatch, showdown, "_wild_in_force", lambda *args: found_again(*args[:-1], {}))
