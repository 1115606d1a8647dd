"""The registries the rules codec (:mod:`service.schemas.rules`) reads: which record classes a polymorphic field
of a :class:`~evaluator.variant.Variant` may hold, each under a stable kebab-case ``kind``, and the values sent by
name (rankings, decks).

A polymorphic field is one typed by a protocol (a wild rule, a deal rule, live groups...) or by a union of record
classes (a qualifier): its value is sent as an object with a ``kind``. A new mechanism is one entry here; a test
fails while a catalog record holds a class this file does not register.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import fields, is_dataclass
from functools import cache
from typing import Any, Final

from evaluator.records import (
    CATALOG,
    DECKS,
    KINDS,
    RANKINGS,
    SPECIAL_RANKINGS,
    CumulativeFollow,
    Deck,
    DesignatorRank,
    Division,
    EventCardRank,
    EventRanks,
    FixedRanks,
    FollowTheQueen,
    GroupPositionRank,
    GroupsByCard,
    HighestOddHoleRank,
    HighQualifier,
    Jokers,
    LastDealtRank,
    LiveGroups,
    LowestHoleRank,
    LowQualifier,
    MatchedDownUpRanks,
    Mechanism,
    PersonalRank,
    PositionCard,
    Qualifier,
    QueensAndKings,
    Ranking,
    SpecificCards,
    SuitOfFirstUp,
    TriggerWindow,
    WildRule,
    WildSets,
)

__all__ = ["FAMILIES", "KIND_OF", "deck_named", "decks", "ranking_named", "rankings"]

#: For each protocol or union a Variant field is typed by, the record classes its values may be, by kind.
FAMILIES: Final[Mapping[object, Mapping[str, type]]] = {
    WildRule: {
        "fixed-ranks": FixedRanks,
        "jokers": Jokers,
        "specific-cards": SpecificCards,
        "lowest-hole-rank": LowestHoleRank,
        "last-dealt-rank": LastDealtRank,
        "matched-down-up-ranks": MatchedDownUpRanks,
        "designator-rank": DesignatorRank,
        "event-ranks": EventRanks,
        "follow-the-queen": FollowTheQueen,
        "cumulative-follow": CumulativeFollow,
        "queens-and-kings": QueensAndKings,
        "highest-odd-hole-rank": HighestOddHoleRank,
        "personal-rank": PersonalRank,
        "event-card-rank": EventCardRank,
        "suit-of-first-up": SuitOfFirstUp,
        "position-card": PositionCard,
        "group-position-rank": GroupPositionRank,
        "wild-sets": WildSets,
    },
    #: The pot divisions and the other mechanisms, by the kinds their records declare (evaluator.mechanisms.KINDS).
    Division: {kind: record for kind, record in KINDS.items() if issubclass(record, Division)},
    Mechanism: {kind: record for kind, record in KINDS.items() if not issubclass(record, Division)},
    LiveGroups: {
        "groups-by-card": GroupsByCard,
        "trigger-window": TriggerWindow,
    },
    Qualifier: {
        "low": LowQualifier,
        "high": HighQualifier,
    },
}

#: Every registered record class's kind.
KIND_OF: Final[Mapping[type, str]] = {cls: kind for family in FAMILIES.values() for kind, cls in family.items()}


def _instances(value: object, wanted: type) -> Iterator[Any]:
    """Every instance of ``wanted`` inside a record: its dataclass fields, tuples and mappings, walked."""
    if isinstance(value, wanted):
        yield value
    elif is_dataclass(value) and not isinstance(value, type):
        for f in fields(value):
            yield from _instances(getattr(value, f.name), wanted)
    elif isinstance(value, tuple | list):
        for item in value:
            yield from _instances(item, wanted)
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from _instances(item, wanted)


def _by_name(known: Mapping[str, Any], wanted: type) -> dict[str, Any]:
    """``known`` and every ``wanted`` a catalog record holds, by name: each name one object (or equal ones)."""
    found = dict(known)
    for value in _instances(CATALOG, wanted):
        if (first := found.setdefault(value.name, value)) is not value and first != value:
            raise ValueError(f"two {wanted.__name__} objects are named {value.name}")
    return found


@cache
def rankings() -> Mapping[str, Ranking]:
    """Every ranking rules may name: the standard and special ones, and every one a catalog record uses (the
    one-card rankings of Chicago, Motown, Tic Tac Toe...), each the very object the catalog holds."""
    return _by_name({**RANKINGS, **SPECIAL_RANKINGS}, Ranking)


@cache
def decks() -> Mapping[str, Deck]:
    """Every deck rules may name: the standard ones and every one a catalog record uses (Telesina's by players)."""
    return _by_name(DECKS, Deck)


def ranking_named(name: str) -> Ranking | None:
    return rankings().get(name)


def deck_named(name: str) -> Deck | None:
    return decks().get(name)
