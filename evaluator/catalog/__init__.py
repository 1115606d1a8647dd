"""The variant catalog: every variant record, looked up by id or alias through one registry."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from evaluator.catalog.island import ISLAND_PINEAPPLE
from evaluator.catalog.layouts import LAYOUTS
from evaluator.catalog.meta import META
from evaluator.catalog.spades import SPADES
from evaluator.catalog.special import SPECIAL
from evaluator.catalog.splits import SPLITS
from evaluator.catalog.spots import SPOTS_GAMES
from evaluator.catalog.standard import STANDARD
from evaluator.catalog.wild import WILD
from evaluator.errors import UnknownVariantError
from evaluator.variant import Variant

__all__ = ["CATALOG", "all_variants", "variant_named"]

CATALOG: tuple[Variant, ...] = (*STANDARD, *WILD, *LAYOUTS, *ISLAND_PINEAPPLE, *SPECIAL, *SPLITS, *SPADES, *SPOTS_GAMES,
                                 *META)


@cache
def _index() -> Mapping[str, Variant]:
    index: dict[str, Variant] = {}
    for variant in CATALOG:
        for name in (variant.id, *variant.aliases):
            if name in index:
                raise ValueError(f"catalog name {name!r} is used twice")
            index[name] = variant
    return index


def variant_named(name: str) -> Variant:
    """The variant with this id or alias (case-insensitive). Raises :class:`UnknownVariantError`."""
    try:
        return _index()[name.strip().lower()]
    except KeyError:
        raise UnknownVariantError(name) from None


def all_variants() -> tuple[Variant, ...]:
    return CATALOG
