"""A scene as an SVG document, built as an element tree and written by the standard library's XML serializer.

Safe by construction: every element is an :mod:`xml.etree.ElementTree` element whose tag and attribute names are
the renderer's own constants; text a client sent (player ids, group and position names, a variant's name) only
ever becomes an attribute *value* or an element's *text*, which the serializer escapes (``&``, ``<``, ``>``,
``"`` and line breaks). Nothing is written as markup by hand, so no input can add an element or an attribute.
(drawsvg, used before, escaped text but wrote attribute values verbatim: a player id could close its
``data-player`` attribute and open a ``<script>``.)

XML 1.0 cannot carry every character a JSON string can: control characters other than tab and line breaks,
U+FFFE/U+FFFF, and lone surrogates (``"\\ud83d"``, which cannot even be encoded as UTF-8). Such characters are
drawn as U+FFFD, the replacement character: the picture still shows the player, and ``POST /v1/showdowns`` keeps
the id exactly as sent (JSON can escape it).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Final

from service.render.fonts import SVG_FONT_FAMILY
from service.render.scene import Circle, Item, Polygon, Polyline, Rect, Scene, Text

__all__ = ["SVG_NAMESPACE", "to_svg", "xml_safe"]

SVG_NAMESPACE: Final = "http://www.w3.org/2000/svg"
_DECLARATION: Final = '<?xml version="1.0" encoding="UTF-8"?>\n'
#: Characters XML 1.0 does not allow in a document (its ``Char`` production), lone surrogates included.
_NOT_XML: Final = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_REPLACEMENT: Final = "\ufffd"


def xml_safe(text: str) -> str:
    """``text`` with every character XML 1.0 cannot hold replaced by U+FFFD."""
    return _NOT_XML.sub(_REPLACEMENT, text)


def _n(value: float) -> str:
    """Coordinates to a hundredth of a unit: shorter documents, same picture."""
    return str(round(value, 2))


def _points(points: tuple[tuple[float, float], ...]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def _add(parent: ET.Element, tag: str, attributes: dict[str, str], text: str | None = None) -> ET.Element:
    """A child element; every value and the text pass through :func:`xml_safe` (the serializer escapes them)."""
    element = ET.SubElement(parent, tag, {name: xml_safe(value) for name, value in attributes.items()})
    if text is not None:
        element.text = xml_safe(text)
    return element


def _paint(fill: str | None, stroke: str | None = None, width: float = 0.0) -> dict[str, str]:
    paint = {"fill": fill or "none"}
    if stroke is not None and width > 0:
        paint.update({"stroke": stroke, "stroke-width": _n(width)})
    return paint


def _draw(parent: ET.Element, item: Item) -> None:
    if isinstance(item, Rect):
        corners = {"rx": _n(item.radius)} if item.radius else {}
        _add(parent, "rect", {"x": _n(item.x), "y": _n(item.y), "width": _n(item.w), "height": _n(item.h),
                              **corners, **_paint(item.fill, item.stroke, item.stroke_width)})
    elif isinstance(item, Circle):
        _add(parent, "circle", {"cx": _n(item.cx), "cy": _n(item.cy), "r": _n(item.r), "fill": item.fill})
    elif isinstance(item, Polygon):
        _add(parent, "polygon", {"points": _points(item.points), "fill": item.fill})
    elif isinstance(item, Polyline):
        _add(parent, "polyline", {"points": _points(item.points), "fill": "none", "stroke": item.stroke,
                                  "stroke-width": _n(item.width), "stroke-linejoin": "round",
                                  "stroke-linecap": "round"})
    elif isinstance(item, Text):
        weight = {"font-weight": "bold"} if item.bold else {}
        _add(parent, "text", {"x": _n(item.x), "y": _n(item.y), "font-size": _n(item.size), "fill": item.fill,
                              "text-anchor": item.anchor, **weight}, item.text)
    else:
        group = _add(parent, "g", {**({"class": item.role} if item.role else {}),
                                   **{f"data-{key}": value for key, value in item.data}})
        if item.title is not None:
            _add(group, "title", {}, item.title)
        for child in item.items:
            _draw(group, child)


def to_svg(scene: Scene) -> str:
    """The scene as a standalone SVG document (text with an XML declaration; every character encodable)."""
    width, height = _n(scene.width), _n(scene.height)
    root = ET.Element("svg", {"xmlns": SVG_NAMESPACE, "width": width, "height": height,
                              "viewBox": f"0 0 {width} {height}", "font-family": SVG_FONT_FAMILY})
    _add(root, "title", {}, scene.title)
    _add(root, "rect", {"x": "0", "y": "0", "width": width, "height": height, "fill": scene.background})
    for item in scene.items:
        _draw(root, item)
    ET.indent(root, space="")
    return _DECLARATION + ET.tostring(root, encoding="unicode")
