"""The service answers an option problem with the library's own words: the schema lists it with the request's other
problems, the library raises it for any other caller; both must say the same (pointer, code, detail)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from evaluator.catalog import variant_named
from tests.service.conftest import holdem, problem

CASES = [
    ("fred-potato-poker", {"split": "bogus"}),
    ("fred-potato-poker", {"wild": "deuces", "split": "low"}),
    ("texas-holdem", {"split": "high", "a/b~": "c"}),
    ("manila", {"short_deck_ace_low": "maybe"}),
]


@pytest.mark.parametrize(("variant", "options"), CASES)
def test_an_option_problem_over_http_is_the_librarys(client: FlaskClient, variant: str,
                                                      options: dict[str, Any]) -> None:
    body = problem(client.post("/v1/showdowns", json=holdem(variant=variant, options=options)), 422)
    expected = [{"pointer": p.pointer, "code": p.code, "detail": p.detail}
                for p in variant_named(variant).option_problems(options)]
    assert [e for e in body["errors"] if e["pointer"].startswith("/options/")] == expected
