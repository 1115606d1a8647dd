"""The examples of the README and of every page of the documentation site are real.

- a curl command followed by a ``json`` block: the service answers exactly that JSON;
- a curl command piped to ``jq -r .key`` followed by a ``text`` block: the answer's ``key`` is that text;
- a ``python`` block that uses the client, followed by a ``text`` block: run against the real server, it prints
  that text.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from service import create_app
from tests.live_server import ROOT, Endpoint

PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])
LOCAL = "http://127.0.0.1:8000"
_CURL = re.compile(
    r"```sh\ncurl -s http://127\.0\.0\.1:8000(?P<path>\S+)"
    r"(?: -H 'Content-Type: application/json' -d '(?P<body>.*?)')?(?: \| jq -r \.(?P<key>\w+))?\n"
    r"```\n\n```(?P<kind>json|text)\n(?P<answer>.*?)\n```", re.DOTALL)
_PYTHON = re.compile(r"```python\n(?P<code>.*?)\n```\n\n```text\n(?P<output>.*?)\n```", re.DOTALL)


@dataclass(frozen=True)
class Curl:
    page: str
    path: str
    body: str | None
    key: str | None
    answer: str

    def expected(self) -> Any:
        return self.answer if self.key else json.loads(self.answer)


def _name(page: Path) -> str:
    return str(page.relative_to(ROOT))


def curl_examples() -> list[Curl]:
    found = []
    for page in PAGES:
        for m in _CURL.finditer(page.read_text(encoding="utf-8")):
            if m["kind"] == "json" and not m["answer"].lstrip().startswith(("{", "[")):
                continue  # an answer shown abridged
            if (m["kind"] == "text") != bool(m["key"]):
                continue
            found.append(Curl(_name(page), m["path"], m["body"], m["key"], m["answer"]))
    return found


def python_examples() -> list[tuple[str, str, str]]:
    return [(_name(page), m["code"], m["output"]) for page in PAGES
            for m in _PYTHON.finditer(page.read_text(encoding="utf-8"))]


def answer_to(example: Curl) -> Any:
    """What the service answers the example's request (what a page should show)."""
    client = create_app().test_client()
    response = client.post(example.path, json=json.loads(example.body)) if example.body else client.get(example.path)
    answer = response.get_json()
    return answer[example.key] if example.key else answer


def test_the_pages_have_their_examples() -> None:
    pages = {example.page for example in curl_examples()}
    assert {"README.md", "docs/guide/settle.md", "docs/guide/odds.md", "docs/guide/layouts.md"} <= pages
    assert len(curl_examples()) >= 15 and python_examples()


@pytest.mark.parametrize("example", curl_examples(), ids=lambda e: f"{e.page}:{e.path}")
def test_each_curl_example_answers_what_its_page_shows(example: Curl) -> None:
    assert answer_to(example) == example.expected()


@pytest.mark.parametrize(("page", "code", "output"), python_examples(), ids=lambda x: x if x.endswith(".md") else "")
def test_each_python_example_prints_what_its_page_shows(live_server: Endpoint, page: str, code: str,
                                                        output: str) -> None:
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code.replace(LOCAL, live_server.base), page, "exec"), {})
    assert printed.getvalue().rstrip("\n") == output
