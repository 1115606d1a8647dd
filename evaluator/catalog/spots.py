"""Spots (reference ``spots``): a 3x3 grid played by lines, and a pot split three ways."""

from __future__ import annotations

from evaluator.catalog.parts import D52
from evaluator.formation import Count, Formation, Pick
from evaluator.formation.layout import Layout, Position, grid_groups
from evaluator.mechanisms.division import Shares
from evaluator.rankings import HIGH, LOW_A5
from evaluator.rankings.special.spots import SPOTS
from evaluator.variant import BoardShape, HandSpec, Variant

__all__ = ["SPOTS_GAMES"]

_CELLS = tuple(f"r{r}c{c}" for r in (1, 2, 3) for c in (1, 2, 3))
_LINES = grid_groups((
    *((f"row {r}", tuple(f"r{r}c{c}" for c in (1, 2, 3))) for r in (1, 2, 3)),
    *((f"column {c}", tuple(f"r{r}c{c}" for r in (1, 2, 3))) for c in (1, 2, 3)),
    ("diagonal r1c1-r3c3", ("r1c1", "r2c2", "r3c3")),
    ("diagonal r1c3-r3c1", ("r1c3", "r2c2", "r3c1")),
))
GRID = Layout(positions=tuple(Position(name=n, x=int(n[3]) - 1, y=int(n[1]) - 1) for n in _CELLS), groups=_LINES,
              description="a 3x3 grid; rows, columns and diagonals are the lines")
_ONE_LINE = Formation(picks=(Pick(limits={"hole": Count.between(2, 4)}),), groups=_LINES)

SPOTS_GAMES: tuple[Variant, ...] = (
    Variant(id="spots", name="Spots", description="4 hole cards and a 3x3 grid; each part of the pot is won by a "
            "five-card hand of 2 to 4 hole cards and the rest from one line: best high, best ace-to-five low, most "
            "centre-column spots. A tie splits that part; one player may win all three.",
            tags=("layout", "special-split"), reference="variants.md §3 spots", deck=D52, hole=Count.exactly(4),
            board=BoardShape(count=Count.exactly(9), layout=GRID),
            hands=(HandSpec(name="high", ranking=HIGH, formation=_ONE_LINE),
                   HandSpec(name="low", ranking=LOW_A5, formation=_ONE_LINE),
                   HandSpec(name="spots", ranking=SPOTS, formation=_ONE_LINE)),
            division=Shares(shares=(("high", 1), ("low", 1), ("spots", 1))),
            notes=("The three parts are the reference's convention (C1 [ASSUMPTION]): the seed's list is lost. Each "
                   "part may use a different line and different hole cards. Indivisible chips go to high.",
                   "Positions r1c1..r3c3 (row, column).")),
)
