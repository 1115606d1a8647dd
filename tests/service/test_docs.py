"""``GET /docs``: a browsable page of the contract that works offline (nothing is loaded from anywhere)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from flask.testing import FlaskClient


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: set[str] = set()
        self.links: list[tuple[str, str, str]] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        for name, value in attrs:
            if name in ("href", "src", "action", "srcset", "data", "poster"):
                self.links.append((tag, name, value or ""))
            if name == "id" and value:
                self.ids.add(value)


def test_docs_page_lists_every_operation_and_schema(client: FlaskClient) -> None:
    response = client.get("/docs")
    assert response.status_code == 200 and response.mimetype == "text/html"
    page = response.get_data(as_text=True)
    for operation in ("POST</span><code>/v1/showdowns</code>", "POST</span><code>/v1/showdowns/batch</code>",
                      "POST</span><code>/v1/hands/evaluate</code>", "GET</span><code>/v1/variants</code>",
                      "GET</span><code>/v1/variants/{variant_id}</code>", "GET</span><code>/livez</code>"):
        assert operation in page
    for schema in ("ShowdownRequest", "ShowdownResponse", "Problem", "Card", "Hand"):
        assert f'id="schema-{schema}"' in page


def test_docs_page_works_offline(client: FlaskClient) -> None:
    page = client.get("/docs").get_data(as_text=True)
    parser = _Links()
    parser.feed(page)
    assert not parser.tags & {"script", "link", "img", "iframe", "object", "embed"}
    assert not re.search(r"url\(|@import", page)
    for tag, attribute, target in parser.links:
        assert attribute == "href" and tag == "a", (tag, attribute, target)
        assert target.startswith("#") or target == "/openapi.json", target
        if target.startswith("#"):
            assert target[1:] in parser.ids, f"dangling link {target}"
