"""ARCHITECTURE.md's worked examples are real: a layout game and a wild rule added without touching the engine,
adjudicated as the document shows, run as doctests."""

from __future__ import annotations

import doctest


def test_architecture_worked_examples_answer_what_the_document_shows() -> None:
    results = doctest.testfile("../ARCHITECTURE.md", module_relative=True, encoding="utf-8",
                               optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, report=True,
                               raise_on_error=False, verbose=False)
    assert results.attempted >= 20, "the document's examples were not found"
    assert results.failed == 0, f"{results.failed} of the document's {results.attempted} examples failed (above)"
