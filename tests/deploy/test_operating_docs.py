"""The deploy documentation (docs/operating.md) stays true: every environment variable the service reads is in its
table and every deploy file it names exists; and the README still opens with the two commands."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
OPERATING = (ROOT / "docs" / "operating.md").read_text(encoding="utf-8")
# os.environ.get("X"), os.environ["X"], os.getenv("X") and the settings helpers _env_str("X"), env_int("X"), ...
_READ = re.compile(r"""(?:os\.environ\.get|os\.environ\[|os\.getenv|\benv_\w+|_env_\w+)\(?\s*"""
                   r"""["']([A-Z][A-Z0-9_]+)["']""")


def variables_read_by_the_service() -> set[str]:
    return {name for path in (ROOT / "service").rglob("*.py") for name in _READ.findall(path.read_text("utf-8"))}


def documented_variables() -> set[str]:
    section = OPERATING.split("## Configuration: environment variables", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `([A-Z][A-Z0-9_]+)` \|", section, re.MULTILINE))


def test_the_scan_finds_the_variables_of_the_settings_modules() -> None:
    assert {"HOST", "PORT", "WEB_CONCURRENCY", "LOG_LEVEL", "GUNICORN_CONTROL_SOCKET", "SHOWDOWN_MAX_BODY_BYTES",
            "SHOWDOWN_PROBLEM_BASE_URI"} <= variables_read_by_the_service()


def test_every_environment_variable_the_service_reads_is_in_the_documented_table() -> None:
    missing = variables_read_by_the_service() - documented_variables()
    assert not missing, f"not in the environment table of docs/operating.md: {sorted(missing)}"


def test_readme_opens_with_make_run_and_make_test() -> None:
    block = README.split("```sh\n", 1)[1].split("```", 1)[0].splitlines()
    assert [line.split("#")[0].strip() for line in block] == ["make run", "make test"]


def test_every_deploy_path_the_documentation_names_exists() -> None:
    paths = set(re.findall(r"(?<![\w/.])(deploy/[\w./-]*\w)", OPERATING))
    assert {"deploy/compose.yaml", "deploy/kubernetes/base"} <= paths
    for path in paths:
        assert (ROOT / path).exists(), path
