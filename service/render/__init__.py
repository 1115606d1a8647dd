"""Pictures of boards and showdowns (``GET /v1/variants/{id}/layout.svg``, ``POST /v1/showdowns/render``).

:mod:`service.render.scene` turns a variant's layout or an adjudicated showdown into a backend-neutral scene;
:mod:`service.render.svg` (the standard library's XML serializer, which escapes every value) and
:mod:`service.render.png` (Pillow) draw that same scene.
"""

from __future__ import annotations

from typing import Final, Literal

from service.render.png import to_png
from service.render.scene import Scene, layout_scene, showdown_scene
from service.render.svg import to_svg

__all__ = ["IMAGE_FORMATS", "ImageFormat", "Scene", "encode", "layout_scene", "showdown_scene", "to_png",
           "to_svg"]

ImageFormat = Literal["svg", "png"]
#: Each format's media type.
IMAGE_FORMATS: Final[dict[str, str]] = {"svg": "image/svg+xml", "png": "image/png"}


def encode(scene: Scene, image_format: ImageFormat) -> bytes:
    """The scene as the bytes of an image of this format."""
    if image_format == "png":
        return to_png(scene)
    return to_svg(scene).encode("utf-8")
