"""The one font of the pictures: Pillow's built-in scalable font (Aileron, embedded in Pillow >= 10.1), so that
text is measured and drawn the same on every machine with no system font installed.

The font covers ASCII only: :func:`drawable` is what the PNG shows of any other text (accents dropped, other
characters as ``?``). SVG viewers draw the original text with their own Helvetica-like fonts.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Final

from PIL import ImageFont

__all__ = ["SVG_FONT_FAMILY", "drawable", "font", "text_width"]

#: What SVG viewers use: Aileron where installed, else the Helvetica-like fonts its metrics resemble.
SVG_FONT_FAMILY: Final = "Aileron, Helvetica, Arial, sans-serif"
#: Bold text is this much wider than regular text (SVG bold faces; the PNG's outlined glyphs).
_BOLD_WIDTH: Final = 1.08
_MEASURE_SIZE: Final = 100


@lru_cache(maxsize=128)
def font(size: int) -> ImageFont.FreeTypeFont:
    """Pillow's default font at ``size`` pixels."""
    loaded = ImageFont.load_default(size=size)
    if not isinstance(loaded, ImageFont.FreeTypeFont):  # pragma: no cover - every Pillow wheel has FreeType
        raise RuntimeError("Pillow has no FreeType support: the PNG pictures need it")
    return loaded


#: Letters and punctuation that have no decomposition to ASCII, spelled the usual way.
_SPELLED: Final = str.maketrans({
    "Ł": "L", "ł": "l", "Ø": "O", "ø": "o", "Đ": "D", "đ": "d", "Ħ": "H", "ħ": "h", "\u0131": "i", "ß": "ss",
    "Æ": "AE", "æ": "ae", "Œ": "OE", "œ": "oe", "Þ": "Th", "þ": "th", "Ð": "D", "ð": "d",
    "\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-", "\u2014": "-", "\u2212": "-",
    "\u2660": "s", "\u2665": "h", "\u2666": "d", "\u2663": "c",
})


@lru_cache(maxsize=4096)
def drawable(text: str) -> str:
    """``text`` as the font can draw it: printable ASCII, accents removed, anything else ``?``."""
    if text.isascii() and text.isprintable():
        return text
    plain = unicodedata.normalize("NFKD", text.translate(_SPELLED))
    return "".join(c if c.isascii() and c.isprintable() else ("" if unicodedata.combining(c) else "?")
                   for c in plain)


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The advance width of ``text`` at ``size`` (a close estimate for SVG viewers' fonts)."""
    width = font(_MEASURE_SIZE).getlength(drawable(text)) * size / _MEASURE_SIZE
    return width * _BOLD_WIDTH if bold else width
