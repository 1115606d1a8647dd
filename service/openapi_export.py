"""Write the generated OpenAPI document as YAML: ``python -m service.openapi_export openapi.yaml``.

The output is deterministic: the top-level sections in the usual order, paths, response codes and components
sorted by name, everything else in the order the code declares it. ``tests/service`` fails when the committed
``openapi.yaml`` differs from what this writes.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import yaml
from flask import Flask

__all__ = ["canonical", "main", "openapi_document", "openapi_yaml"]

_TOP: Final = ("openapi", "info", "jsonSchemaDialect", "servers", "tags", "paths", "webhooks", "components")


def openapi_document(app: Flask | None = None) -> dict[str, Any]:
    """The document the app serves at ``/openapi.json``."""
    if app is None:
        from service import create_app

        app = create_app()
    document: dict[str, Any] = app.extensions["showdown"].api.spec.to_dict()
    return document


def _sorted(mapping: Mapping[str, Any]) -> dict[str, Any]:
    return {key: mapping[key] for key in sorted(mapping, key=str)}


def canonical(document: Mapping[str, Any]) -> dict[str, Any]:
    """The same document with a stable key order (see the module docstring)."""
    top = {key: document[key] for key in _TOP if key in document}
    top.update({key: value for key, value in document.items() if key not in top})
    if "paths" in top:
        top["paths"] = {
            path: {method: {**op, "responses": _sorted(op["responses"])} if isinstance(op, Mapping)
                   and "responses" in op else op for method, op in item.items()}
            for path, item in _sorted(top["paths"]).items()
        }
    if "components" in top:
        top["components"] = {kind: _sorted(items) if isinstance(items, Mapping) else items
                             for kind, items in _sorted(top["components"]).items()}
    return top


def openapi_yaml(app: Flask | None = None) -> str:
    return yaml.safe_dump(canonical(openapi_document(app)), sort_keys=False, allow_unicode=True, width=100)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python -m service.openapi_export OUTPUT.yaml", file=sys.stderr)
        return 2
    Path(args[0]).write_text(openapi_yaml(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
