"""The building blocks of the layout games: positions on a grid or a ring, formations over board groups, the
family every layout record starts from, the shared options and notes."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from math import cos, radians, sin

from evaluator.catalog.parts import D52, EIGHT_OR_BETTER, Family, high_low
from evaluator.formation import BoardGroup, Count, Formation, Pick
from evaluator.formation.layout import Layout, Position
from evaluator.mechanisms.division import Declare
from evaluator.rankings import HighQualifier
from evaluator.variant import BoardShape, HandSpec, OptionSpec, VariantFields
from evaluator.wilds.rules import PositionCard

__all__ = [
    "DECLARE_NOTE",
    "TIE_LOSES_NOTE",
    "TRIPS",
    "TWO",
    "TWO_AND_THREE",
    "center_wild",
    "declare_option",
    "formation_of",
    "game",
    "grid_positions",
    "hilo",
    "layout",
    "ring_positions",
    "wilds_for",
]


def grid_positions(*rows: Sequence[str], segment: str = "board", y0: float = 0, x0: float = 0) -> tuple[Position, ...]:
    """Positions laid out row by row on a grid (an empty name leaves a gap)."""
    return tuple(Position(name=name, x=x0 + x, y=y0 + y, segment=segment)
                 for y, row in enumerate(rows) for x, name in enumerate(row) if name)


def ring_positions(names: Sequence[str], *, cx: float = 1.0, cy: float = 1.0, r: float = 1.0) -> tuple[Position, ...]:
    """Positions clockwise on a circle, the first at the top."""
    step = 360 / len(names)
    return tuple(Position(name=name, x=round(cx + r * cos(radians(90 - i * step)), 3),
                          y=round(cy - r * sin(radians(90 - i * step)), 3))
                 for i, name in enumerate(names))


def formation_of(groups: Iterable[BoardGroup] = (), *picks: dict[str, Count]) -> Formation:
    return Formation(picks=tuple(Pick(limits=p) for p in picks) or (Pick(),), groups=tuple(groups))


def layout(positions: tuple[Position, ...], groups: tuple[BoardGroup, ...], description: str) -> BoardShape:
    return BoardShape(layout=Layout(positions=positions, groups=groups, description=description))


TWO = 0  # the deuce's rank index
TWO_AND_THREE = {"hole": Count.exactly(2), "board": Count.exactly(3)}
TRIPS = HighQualifier("three-of-a-kind")

#: Every layout game names its tags, hole cards, hands, seats and board.
game = Family(deck=D52)


def hilo(formation: Formation, *, qualifier: bool) -> tuple[HandSpec, ...]:
    """Cards-speak high/low: LOW-A5, eight or better where the entry says so, else no qualifier."""
    return high_low(formation, low_qualifier=EIGHT_OR_BETTER if qualifier else None)


def center_wild(position: str, default: str, *, off: bool = False) -> OptionSpec:
    values: dict[str, VariantFields] = {}
    if off:
        values["off"] = {"wilds": ()}
    values["card"] = {"wilds": (PositionCard(position=position),)}
    values["rank"] = {"wilds": (PositionCard(position=position, whole_rank=True),)}
    values[default] = {}
    return OptionSpec(
        name="center_wild", default=default,
        description=(f"Which cards the centre card ({position}) makes wild for everyone: "
                     + ("none (off), " if off else "") + "the card itself (card), or the card and every card of "
                     "its rank (rank)."),
        values=values,
    )


def wilds_for(default: str, position: str) -> tuple[PositionCard, ...]:
    if default == "off":
        return ()
    return (PositionCard(position=position, whole_rank=default == "rank"),)


DECLARE_NOTE = "Every player still in sends declare: high, low or both."
TIE_LOSES_NOTE = "A both-way declarer who ties either way loses (both_tie unstated: tie_loses, reference 2.4)."


def declare_option(what: str) -> OptionSpec:
    """Cards speak (the default) or the reference's declaration form."""
    return OptionSpec(name="declare", default="false",
                      description=f"Cards speak (the default), or {what} (every player still in sends declare).",
                      values={"false": {}, "true": {"division": Declare()}})
