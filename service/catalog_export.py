"""Write the catalog page of the documentation site: ``python -m service.catalog_export docs/catalog.md``.

One table of every game (name, id, aliases, tags), then each game's rules in a few lines, all read from the variant
documents ``GET /v1/variants/{id}`` serves. ``make docs`` writes it; a test fails when the committed page differs.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from evaluator import all_variants, describe_variant

__all__ = ["catalog_markdown", "main"]


def _cell(text: str) -> str:
    """Text for a Markdown table cell: its own pipes escaped, on one line."""
    return " ".join(text.replace("|", "\\|").split())


def _codes(items: Iterable[str]) -> str:
    return ", ".join(f"`{item}`" for item in items) or "-"


def _game(document: Mapping[str, Any]) -> list[str]:
    ident = document["id"]
    lines = [f"### {document['name']} {{ #{ident} }}", "", document["description"], ""]
    facts = [f"id `{ident}`"]
    if document["aliases"]:
        facts.append("aliases " + _codes(document["aliases"]))
    if document["tags"]:
        facts.append("tags " + _codes(document["tags"]))
    lines += ["; ".join(facts) + ".", ""]
    if document["wild_cards"]:
        lines += ["- Wild: " + "; ".join(document["wild_cards"]) + "."]
    lines += [f"- Pot: {document['pot_division']['description']}"]
    for option in document["options"]:
        lines += [f"- Option `{option['name']}` ({' / '.join(option['values'])}, default `{option['default']}`): "
                  f"{option['description']}"]
    lines += [f"- Note: {note}" for note in document["notes"]]
    lines += [f"- The whole document: `GET /v1/variants/{ident}`; its board: `GET /v1/variants/{ident}/layout.svg`.",
              ""]
    return lines


def catalog_markdown() -> str:
    """The page, from the catalog as the service describes it."""
    documents = sorted((describe_variant(v) for v in all_variants()), key=lambda d: d["name"].casefold())
    lines = ["# The catalog", "",
             f"Every game Showdown settles: {len(documents)} variants, by name. Send the id (or any alias) as "
             "`variant`; the same facts, in full, are each game's document (`GET /v1/variants/{id}`). This page is "
             "generated from the catalog (`make docs`).", "",
             "| game | id | aliases | tags |", "|---|---|---|---|"]
    lines += [f"| [{_cell(d['name'])}](#{d['id']}) | `{d['id']}` | {_cell(_codes(d['aliases']))} | "
              f"{_cell(_codes(d['tags']))} |" for d in documents]
    lines += ["", "## The games", ""]
    for document in documents:
        lines += _game(document)
    return "\n".join(lines).rstrip() + "\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m service.catalog_export PATH", file=sys.stderr)
        return 2
    Path(args[0]).write_text(catalog_markdown(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
