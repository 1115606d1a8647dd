"""Games that rank hands in their own way (reference tag ``special-ranking``)."""

from __future__ import annotations

from evaluator.variant import Variant

__all__ = ["SPECIAL"]

SPECIAL: tuple[Variant, ...] = ()
