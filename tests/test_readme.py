"""The README's examples are real: every curl command shown answers exactly the JSON shown under it."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from service import create_app

README = Path(__file__).resolve().parent.parent / "README.md"
_EXAMPLE = re.compile(
    r"```sh\ncurl -s http://127\.0\.0\.1:8000(?P<path>\S+)"
    r"(?: -H 'Content-Type: application/json' -d '(?P<body>.*?)')?\n"
    r"```\n\n```json\n(?P<answer>.*?)\n```", re.DOTALL)


def _examples() -> list[tuple[str, str | None, Any]]:
    found = []
    for m in _EXAMPLE.finditer(README.read_text()):
        if m["answer"].lstrip().startswith(("{", "[")):  # the catalog listing is shown abridged, with a count
            found.append((m["path"], m["body"], json.loads(m["answer"])))
    assert len(found) >= 7, "the README's examples were not found"
    return found


@pytest.mark.parametrize(("path", "body", "answer"), _examples(), ids=lambda x: x if isinstance(x, str) else "")
def test_readme_example_answers_what_the_readme_shows(path: str, body: str | None, answer: Any) -> None:
    client = create_app().test_client()
    response = client.post(path, json=json.loads(body)) if body else client.get(path)
    assert response.get_json() == answer
