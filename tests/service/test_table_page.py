"""The table page's files and headers (issue 28), without a browser: its routes, its strict Content-Security-Policy,
and that its scripts never turn a string into markup. ``test_table_browser.py`` drives the page itself."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from service.headers import TABLE_CSP
from service.views.table import TABLE_DIR
from tests.service.conftest import one_app_per_module

app = one_app_per_module()
SCRIPTS = sorted((TABLE_DIR / "js").glob("*.js"))


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.scripts: list[dict[str, str | None]] = []
        self.styles = 0
        self.inline_attributes: list[str] = []
        self.references: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag == "script":
            self.scripts.append(named)
        if tag == "style":
            self.styles += 1
        self.inline_attributes += [name for name in named if name == "style" or name.startswith("on")]
        self.references += [value for name, value in attrs if name in ("src", "href") and value]


@pytest.mark.parametrize("path", ["/", "/table"])
def test_the_page_is_served_at_the_root_and_at_table(client: FlaskClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200 and response.mimetype == "text/html"
    assert response.get_data() == (TABLE_DIR / "index.html").read_bytes()


def test_the_page_loads_only_its_own_module_and_stylesheet(client: FlaskClient) -> None:
    page = _Page()
    page.feed(client.get("/").get_data(as_text=True))
    assert page.scripts == [{"type": "module", "src": "/table/js/main.js"}]
    assert page.styles == 0 and page.inline_attributes == []
    for reference in page.references:  # every file the page names is the service's own, and is there
        if reference.startswith("/table/"):
            assert client.get(reference).status_code == 200, reference
        else:
            assert reference == "/docs"


@pytest.mark.parametrize("path", ["/", "/table", "/table/js/main.js", "/table/table.css"])
def test_the_page_and_its_files_carry_the_strict_csp(client: FlaskClient, path: str) -> None:
    response = client.get(path)
    assert response.headers["Content-Security-Policy"] == TABLE_CSP
    directives = dict(part.strip().split(" ", 1) for part in TABLE_CSP.split(";"))
    assert directives["default-src"] == "'none'"
    assert directives["script-src"] == "'self'" and directives["style-src"] == "'self'"  # nothing inline
    assert directives["connect-src"] == "'self'"  # the API on the same origin: no CORS needed
    assert response.headers["X-Content-Type-Options"] == "nosniff"


@pytest.mark.parametrize(("name", "mimetype"), [("js/main.js", "text/javascript"), ("table.css", "text/css"),
                                                ("icon.svg", "image/svg+xml")])
def test_each_file_has_its_media_type(client: FlaskClient, name: str, mimetype: str) -> None:
    response = client.get(f"/table/{name}")
    assert response.status_code == 200 and response.mimetype == mimetype  # nosniff: a module must be JavaScript


@pytest.mark.parametrize("path", ["/table/nope.js", "/table/../views/table.py", "/table/%2e%2e/__init__.py"])
def test_a_file_outside_the_page_is_not_found(client: FlaskClient, path: str) -> None:
    assert client.get(path).status_code == 404


def test_every_module_the_page_imports_is_served(client: FlaskClient) -> None:
    for script in SCRIPTS:
        for imported in re.findall(r'from "\./([\w-]+\.js)"', script.read_text(encoding="utf-8")):
            assert (TABLE_DIR / "js" / imported).is_file(), (script.name, imported)
        assert client.get(f"/table/js/{script.name}").status_code == 200


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: Path(p).name)
def test_no_script_turns_a_string_into_markup(script: Path) -> None:
    """A guard beside the browser tests: text goes in as text nodes, never through the HTML parser."""
    source = script.read_text(encoding="utf-8")
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function",
                 "createContextualFragment", 'setAttribute("style"'):
        assert sink not in source, (script.name, sink)


def test_the_page_needs_no_cdn() -> None:
    for file in TABLE_DIR.rglob("*"):
        if file.is_file():
            assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", file.read_text(encoding="utf-8")), file.name
