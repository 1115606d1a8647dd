"""The vocabulary the catalog composes variants from: common formations and hand specifications."""

from __future__ import annotations

from typing import Unpack

from evaluator.formation import ANY, Count, Formation, Pick
from evaluator.rankings import HIGH, LOW_A5, HighQualifier, LowQualifier, Qualifier, Ranking
from evaluator.values.decks import deck_named
from evaluator.variant import BoardShape, HandSpec, Variant, VariantFields, VariantRecord, is_record

__all__ = [
    "ANY",
    "D20",
    "D32",
    "D36",
    "D52",
    "EIGHT_OR_BETTER",
    "FLAT5",
    "OMAHA",
    "Family",
    "high",
    "high_low",
    "holdem_game",
    "holdem_hole",
    "hole_between",
    "hole_exactly",
    "single",
    "stud_game",
]

EIGHT_OR_BETTER = LowQualifier(8)


def hole_exactly(n: int) -> Formation:
    """Exactly ``n`` hole cards; the rest from the board (Omaha: ``hole_exactly(2)`` with a 5-card board)."""
    return Formation(picks=(Pick(limits={"hole": Count.exactly(n)}),))


def hole_between(low: int, high: int) -> Formation:
    return Formation(picks=(Pick(limits={"hole": Count.between(low, high)}),))


def holdem_hole() -> Formation:
    return ANY


OMAHA = Formation(picks=(Pick(limits={"hole": Count.exactly(2), "board": Count.exactly(3)}),))


def high(formation: Formation = ANY, ranking: Ranking = HIGH, qualifier: Qualifier | None = None
         ) -> tuple[HandSpec, ...]:
    return (HandSpec(name="high", ranking=ranking, formation=formation, qualifier=qualifier),)


def single(name: str, ranking: Ranking, formation: Formation = ANY, qualifier: Qualifier | None = None
           ) -> tuple[HandSpec, ...]:
    return (HandSpec(name=name, ranking=ranking, formation=formation, qualifier=qualifier),)


def high_low(formation: Formation = ANY, *, low: Ranking = LOW_A5, low_qualifier: Qualifier | None = EIGHT_OR_BETTER,
             high_qualifier: HighQualifier | None = None, high_ranking: Ranking = HIGH) -> tuple[HandSpec, ...]:
    """A high hand and a low hand from the same formation, chosen independently (cards speak)."""
    return (HandSpec(name="high", ranking=high_ranking, formation=formation, qualifier=high_qualifier),
            HandSpec(name="low", ranking=low, formation=formation, qualifier=low_qualifier))


D52, D36, D32, D20 = deck_named("52"), deck_named("36"), deck_named("32"), deck_named("20")
STANDARD_TAGS = ("standard",)
FLAT5 = BoardShape(count=Count.exactly(5))


class Family:
    """Games that share most of their record: ``family("id", "Name", "description", "reference", hole=...)`` is one
    record with the family's defaults and any field overridden; ``family.but(...)`` is a related family. Every
    field is a typed keyword (:class:`~evaluator.variant.VariantFields`): mypy refuses a misspelt or mistyped one."""

    def __init__(self, **defaults: Unpack[VariantFields]) -> None:
        self.defaults: VariantFields = defaults

    def but(self, **changes: Unpack[VariantFields]) -> Family:
        merged: VariantFields = {**self.defaults, **changes}
        return Family(**merged)

    def __call__(self, id: str, name: str, description: str, reference: str | None = None, /,
                 **fields: Unpack[VariantFields]) -> Variant:
        values: VariantFields = {**self.defaults, **fields, "id": id, "name": name, "description": description}
        if reference is not None:
            values["reference"] = reference
        if not is_record(values):
            missing = ", ".join(sorted(VariantRecord.__required_keys__ - set(values)))
            raise TypeError(f"catalog record {id!r} lacks {missing}: give them to its family or to the record")
        return Variant(**values)


#: Games that are Texas Hold'em at showdown: 2 hole + 5 board, any five of the seven.
holdem_game = Family(tags=STANDARD_TAGS, deck=D52, hole=Count.exactly(2), board=FLAT5,
                     hands=high())

#: Seven-card stud at showdown: 2 down + 4 up + 1 down (or a shared 7th card), any five of seven.
stud_game = Family(
    tags=STANDARD_TAGS, deck=D52, hole=Count.between(2, 3), up=Count.exactly(4),
    board=BoardShape(count=Count.between(0, 1)), own_plus_board=Count.exactly(7), hands=high(),
    odd_chip="high-card-by-suit",
    notes=("If the deck runs out, the 7th card is one community card shared by all: send it as the board.",),
)
