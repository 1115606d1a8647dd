"""Golden rejections: requests that break a rule of the deal, each answered 422 with the problems' JSON pointers.

Every ``_invalid_*.json`` file under ``cases/`` (at any depth) is ``{"variant": name, "cases": [...]}``; each case
has a ``name``, the ``rule`` it proves, a complete ``POST /v1/showdowns`` ``request`` and ``expected``:
``{"status": 422, "pointers": [...]}``. Every expected pointer must appear among the answer's ``errors[].pointer``
(the answer may list more). The files live in ``cases/invalid/`` so that ``test_golden.py``, whose non-recursive
``cases/*.json`` glob expects a 200 answer for every file it finds, never sees them.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

CASES_DIR = Path(__file__).resolve().parent / "cases"
ENDPOINT = "/v1/showdowns"


@dataclass(frozen=True)
class InvalidCase:
    file: str
    name: str
    rule: str
    request: dict[str, Any]
    status: int
    pointers: tuple[str, ...]

    @property
    def id(self) -> str:
        return f"{self.file}/{self.name}"


def _case_files() -> list[Path]:
    return sorted(CASES_DIR.rglob("_invalid_*.json"))


def _load(path: Path) -> list[InvalidCase]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return [InvalidCase(file=path.stem, name=str(c["name"]), rule=str(c["rule"]), request=c["request"],
                        status=int(c["expected"]["status"]), pointers=tuple(c["expected"]["pointers"]))
            for c in data["cases"]]


CASES = [case for path in _case_files() for case in _load(path)]


@pytest.fixture(scope="module")
def client() -> Iterator[FlaskClient]:
    from service import create_app

    app = create_app()
    app.config.update(TESTING=True)
    with app.test_client() as test_client:
        yield test_client


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_golden_rejection(client: FlaskClient, case: InvalidCase) -> None:
    response = client.post(ENDPOINT, json=case.request)
    body = response.get_data(as_text=True)
    assert response.status_code == case.status, f"rule: {case.rule}\n{body}"
    answer = response.get_json()
    assert isinstance(answer, dict), body
    found = {str(error.get("pointer")) for error in answer.get("errors", [])}
    missing = [pointer for pointer in case.pointers if pointer not in found]
    assert not missing, f"pointers {missing} not among {sorted(found)}; rule: {case.rule}"


def test_invalid_files_are_well_formed() -> None:
    assert CASES, "no _invalid_*.json case found"
    for path in _case_files():
        cases = _load(path)
        names = [case.name for case in cases]
        assert len(names) == len(set(names)), f"{path.name}: duplicate case names"
        for case in cases:
            assert case.status == 422, f"{case.id}: only 422 answers are golden rejections"
            assert case.pointers, f"{case.id}: no pointer expected"
            assert case.rule.strip(), f"{case.id}: no rule quoted"
            assert isinstance(case.request.get("variant"), str), f"{case.id}: the request names no variant"
