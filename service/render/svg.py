"""A scene as an SVG document, written with drawsvg."""

from __future__ import annotations

from typing import Any

import drawsvg

from service.render.fonts import SVG_FONT_FAMILY
from service.render.scene import Circle, Item, Polygon, Polyline, Rect, Scene, Text

__all__ = ["to_svg"]


def _n(value: float) -> float:
    """Coordinates to a hundredth of a unit: shorter documents, same picture."""
    return round(value, 2)


def _paint(fill: str | None, stroke: str | None = None, width: float = 0.0) -> dict[str, Any]:
    paint: dict[str, Any] = {"fill": fill or "none"}
    if stroke is not None and width > 0:
        paint.update(stroke=stroke, stroke_width=_n(width))
    return paint


def _element(item: Item) -> Any:
    if isinstance(item, Rect):
        corners = {"rx": _n(item.radius)} if item.radius else {}
        return drawsvg.Rectangle(_n(item.x), _n(item.y), _n(item.w), _n(item.h), **corners,
                                 **_paint(item.fill, item.stroke, item.stroke_width))
    if isinstance(item, Circle):
        return drawsvg.Circle(_n(item.cx), _n(item.cy), _n(item.r), fill=item.fill)
    if isinstance(item, Polygon):
        return drawsvg.Lines(*(_n(v) for point in item.points for v in point), close=True, fill=item.fill)
    if isinstance(item, Polyline):
        return drawsvg.Lines(*(_n(v) for point in item.points for v in point), close=False, fill="none",
                             stroke=item.stroke, stroke_width=_n(item.width), stroke_linejoin="round",
                             stroke_linecap="round")
    if isinstance(item, Text):
        weight = {"font_weight": "bold"} if item.bold else {}
        return drawsvg.Text(item.text, _n(item.size), _n(item.x), _n(item.y), fill=item.fill,
                            text_anchor=item.anchor, **weight)
    group = drawsvg.Group(**({"class_": item.role} if item.role else {}),
                          **{f"data_{key}": value for key, value in item.data})
    if item.title is not None:
        group.append_title(item.title)
    for child in item.items:
        group.append(_element(child))
    return group


def to_svg(scene: Scene) -> str:
    """The scene as a standalone SVG document (UTF-8 text, with an XML declaration)."""
    drawing = drawsvg.Drawing(_n(scene.width), _n(scene.height), font_family=SVG_FONT_FAMILY)
    drawing.append_title(scene.title)
    drawing.append(drawsvg.Rectangle(0, 0, _n(scene.width), _n(scene.height), fill=scene.background))
    for item in scene.items:
        drawing.append(_element(item))
    svg: str = drawing.as_svg()
    return svg
