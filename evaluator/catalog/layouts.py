"""The layout games of the reference: boards whose cards combine only along their lines, rows, sides or boards."""

from __future__ import annotations

from evaluator.variant import Variant

__all__ = ["LAYOUTS"]

LAYOUTS: tuple[Variant, ...] = ()
