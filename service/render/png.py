"""A scene as a PNG image, drawn with Pillow.

The scene is drawn ``SUPERSAMPLE`` times larger than wanted and reduced, which anti-aliases the shapes
(Pillow draws them aliased); text comes from FreeType, anti-aliased already. Bold text is the regular font with a
thin outline of its own colour (the built-in font has no bold face).
"""

from __future__ import annotations

import io
import math
from typing import Final

from PIL import Image, ImageDraw

from service.render.fonts import drawable, font
from service.render.scene import Circle, Group, Item, Polygon, Polyline, Rect, Scene, Text

__all__ = ["DEFAULT_SCALE", "to_png"]

#: Pixels per scene unit of the PNG (2: sharp on high-density screens and in chat clients).
DEFAULT_SCALE: Final = 2.0
SUPERSAMPLE: Final = 2
_ANCHORS: Final = {"start": "ls", "middle": "ms", "end": "rs"}


class _Painter:
    def __init__(self, image: Image.Image, scale: float) -> None:
        self.draw = ImageDraw.Draw(image)
        self.s = scale

    def _p(self, x: float, y: float) -> tuple[float, float]:
        return x * self.s, y * self.s

    def _w(self, width: float) -> int:
        return max(1, round(width * self.s))

    def item(self, item: Item) -> None:
        if isinstance(item, Group):
            for child in item.items:
                self.item(child)
        elif isinstance(item, Rect):
            self.rect(item)
        elif isinstance(item, Circle):
            r = item.r * self.s
            cx, cy = self._p(item.cx, item.cy)
            self.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=item.fill)
        elif isinstance(item, Polygon):
            self.draw.polygon([self._p(x, y) for x, y in item.points], fill=item.fill)
        elif isinstance(item, Polyline):
            self.polyline(item)
        else:
            self.text(item)

    def rect(self, item: Rect) -> None:
        x0, y0 = self._p(item.x, item.y)
        x1, y1 = self._p(item.x + item.w, item.y + item.h)
        outline = item.stroke if item.stroke is not None and item.stroke_width > 0 else None
        width = self._w(item.stroke_width) if outline else 0
        if outline is not None:  # SVG strokes straddle the edge; Pillow draws them inside it
            half = width / 2
            x0, y0, x1, y1 = x0 - half, y0 - half, x1 + half, y1 + half
        box = (x0, y0, max(x0, x1 - 1), max(y0, y1 - 1))
        radius = (item.radius * self.s + width / 2) if item.radius else 0
        self.draw.rounded_rectangle(box, radius=radius, fill=item.fill, outline=outline, width=width)

    def polyline(self, item: Polyline) -> None:
        points = [self._p(x, y) for x, y in item.points]
        width = self._w(item.width)
        self.draw.line(points, fill=item.stroke, width=width, joint="curve")
        r = width / 2
        for x, y in (points[0], points[-1]):  # round caps
            self.draw.ellipse((x - r, y - r, x + r, y + r), fill=item.stroke)

    def text(self, item: Text) -> None:
        size = max(1, round(item.size * self.s))
        bold = max(1, round(size / 32)) if item.bold else 0
        self.draw.text(self._p(item.x, item.y), drawable(item.text), fill=item.fill, font=font(size),
                       anchor=_ANCHORS[item.anchor], stroke_width=bold, stroke_fill=item.fill)


def to_png(scene: Scene, scale: float = DEFAULT_SCALE) -> bytes:
    """The scene as PNG bytes, ``scale`` pixels per scene unit."""
    size = (math.ceil(scene.width * scale), math.ceil(scene.height * scale))
    big = Image.new("RGB", (size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE), scene.background)
    painter = _Painter(big, scale * SUPERSAMPLE)
    for item in scene.items:
        painter.item(item)
    image = big.reduce(SUPERSAMPLE)  # a box filter: each pixel the mean of its SUPERSAMPLE**2 samples
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
