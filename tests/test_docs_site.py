"""The documentation site holds together: the catalog page is the catalog as it is, every link of the README and
of the pages leads to a file and, where it names one, a heading that exists, and MkDocs builds the site strictly."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from service.catalog_export import catalog_markdown
from tests.live_server import ROOT

PAGES = sorted([ROOT / "README.md", ROOT / "ARCHITECTURE.md", *(ROOT / "docs").rglob("*.md")])
_LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")
_FENCE = re.compile(r"```.*?```", re.DOTALL)
MKDOCS = Path(sys.executable).parent / "mkdocs"


def _slug(heading: str) -> str:
    """The anchor Python-Markdown's toc extension gives a heading (its default slugify)."""
    text = unicodedata.normalize("NFKD", heading).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"[^\w\s-]", "", text).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


def anchors(page: Path) -> set[str]:
    found = set()
    for line in _FENCE.sub("", page.read_text(encoding="utf-8")).splitlines():
        if heading := re.match(r"#{1,6} (.*)", line):
            text = heading[1]
            if explicit := re.search(r"\{ *#([\w-]+) *\}\s*$", text):
                found.add(explicit[1])
            else:
                found.add(_slug(re.sub(r"`", "", text)))
    return found


def links(page: Path) -> list[str]:
    return [m[1] for m in _LINK.finditer(_FENCE.sub("", page.read_text(encoding="utf-8")))
            if not re.match(r"[a-z]+:", m[1])]


def test_the_catalog_page_is_the_catalog_as_it_is() -> None:
    assert (ROOT / "docs" / "catalog.md").read_text(encoding="utf-8") == catalog_markdown(), "run make docs"


def test_the_readme_is_a_front_page_of_at_most_250_lines() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 250
    assert "make run" in lines[lines.index("```sh") + 1] and "make test" in lines[lines.index("```sh") + 2]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_leads_to_a_file_and_heading_that_exist(page: Path) -> None:
    broken = []
    for link in links(page):
        path, _, anchor = link.partition("#")
        target = (page.parent / path).resolve() if path else page
        if not target.exists() or (anchor and target.suffix == ".md" and anchor not in anchors(target)):
            broken.append(link)
    assert not broken


@pytest.mark.skipif(not MKDOCS.exists(), reason="mkdocs comes with the docs extra, which make test installs")
def test_the_site_builds_strictly(tmp_path: Path) -> None:
    result = subprocess.run([str(MKDOCS), "build", "--strict", "--quiet", "--site-dir", str(tmp_path / "site")],
                            cwd=ROOT, capture_output=True, text=True, timeout=300,
                            env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "site" / "catalog" / "index.html").is_file()
