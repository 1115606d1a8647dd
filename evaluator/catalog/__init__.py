"""The variant catalog: every variant record, looked up by id or alias through one registry."""

from __future__ import annotations

import re
from collections.abc import Mapping
from difflib import get_close_matches
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
from evaluator.values.errors import UnknownVariantError
from evaluator.variant import Variant

__all__ = ["CATALOG", "all_variants", "similar_ids", "variant_named"]

CATALOG: tuple[Variant, ...] = (*STANDARD, *WILD, *LAYOUTS, *ISLAND_PINEAPPLE, *SPECIAL, *SPLITS, *SPADES, *SPOTS_GAMES,
                                 *META)


_IGNORED = re.compile(r"[\s_'\u2019-]+")


def _key(name: str) -> str:
    """A name as a person may type it: case, spaces, underscores, hyphens and apostrophes do not count
    ("Texas Hold'em", "texas_holdem" and "texas-holdem" are one name)."""
    return _IGNORED.sub("", name.casefold())


@cache
def _index() -> Mapping[str, Variant]:
    index: dict[str, Variant] = {}
    for variant in CATALOG:
        for name in dict.fromkeys(_key(n) for n in (variant.id, *variant.aliases)):
            if name in index:
                raise ValueError(f"catalog name {name!r} is used twice")
            index[name] = variant
    return index


def variant_named(name: str) -> Variant:
    """The variant with this id or alias, matched regardless of case, spaces, underscores, hyphens and apostrophes.
    Raises :class:`UnknownVariantError`, with the closest ids as suggestions."""
    try:
        return _index()[_key(name)]
    except KeyError:
        raise UnknownVariantError(name, suggestions=similar_ids(name)) from None


def similar_ids(name: str, most: int = 3) -> tuple[str, ...]:
    """The ids of the variants whose id or alias is closest to ``name`` (difflib's ratio), closest first."""
    index = _index()
    close = get_close_matches(_key(name), list(index), n=most * 3, cutoff=0.6)
    return tuple(dict.fromkeys(index[n].id for n in close))[:most]


def all_variants() -> tuple[Variant, ...]:
    return CATALOG
