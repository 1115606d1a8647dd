"""The TypeScript client (``clients/typescript``, npm package ``showdown-client``): its types are what
openapi-typescript generates from ``openapi.yaml``; it compiles under ``tsc --strict`` with its tests and examples
(one compile for them all); its ``node --test`` tests pass against the suite's real server, every catalog example
settling through it with the payouts the service gives over plain HTTP; ``npm pack`` ships the built module, its
types and README, importable by its name; and bundled for the browser it needs no Node module and is the size its
README states."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tarfile
from pathlib import Path
from typing import Any

import pytest
import requests

pytestmark = pytest.mark.e2e

_NODE_TIMEOUT = 120


def _run(args: list[str], cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=_NODE_TIMEOUT, check=False)


def _node() -> str:
    node = shutil.which("node")
    assert node is not None, "node is needed by the TypeScript client's tests"
    return node


@pytest.fixture(scope="module")
def built(typescript_client: Path) -> Path:
    """The package compiled once by ``tsc`` (its tsconfig is strict) into ``dist/``: sources, tests, examples."""
    shutil.rmtree(typescript_client / "dist", ignore_errors=True)
    done = _run([str(typescript_client / "node_modules" / ".bin" / "tsc"), "--project", "tsconfig.json"],
                typescript_client)
    assert done.returncode == 0, done.stdout + done.stderr
    return typescript_client


def test_tsconfig_is_strict_over_the_sources_tests_and_examples(typescript_client: Path) -> None:
    config = json.loads((typescript_client / "tsconfig.json").read_text(encoding="utf-8"))
    assert config["compilerOptions"]["strict"] is True
    assert set(config["include"]) == {"src", "test", "examples"}


def test_schema_is_what_openapi_typescript_generates_from_openapi_yaml(typescript_client: Path,
                                                                       tmp_path: Path) -> None:
    """``make openapi`` rewrites ``src/schema.ts``; a contract changed without it fails here."""
    script = json.loads((typescript_client / "package.json").read_text(encoding="utf-8"))["scripts"]["generate"]
    assert script == "openapi-typescript ../../openapi.yaml --output src/schema.ts"
    done = _run([str(typescript_client / "node_modules" / ".bin" / "openapi-typescript"), "../../openapi.yaml",
                 "--output", str(tmp_path / "schema.ts")], typescript_client)
    assert done.returncode == 0, done.stdout + done.stderr
    assert (tmp_path / "schema.ts").read_text(encoding="utf-8") == (
        typescript_client / "src" / "schema.ts").read_text(encoding="utf-8"), "run `make openapi`"


def _plain_answers(base: str) -> dict[str, dict[str, Any]]:
    """Every catalog variant's example request (None for a game that has none) and what ``POST /v1/showdowns``
    answers it over plain HTTP."""
    found: dict[str, dict[str, Any]] = {}
    with requests.Session() as http:
        for summary in http.get(f"{base}/v1/variants", timeout=30).json()["variants"]:
            example = http.get(f"{base}/v1/variants/{summary['id']}", timeout=30).json().get("example")
            if not example:  # a game that is no showdown has no example request
                found[summary["id"]] = {"request": None}
                continue
            answer = http.post(f"{base}/v1/showdowns", json=example, timeout=30)
            found[summary["id"]] = {"request": example, "status": answer.status_code,
                                    **({"payouts": answer.json()["payouts"]} if answer.ok else {})}
    return found


def test_node_tests_pass_against_the_real_server(built: Path, server: str, tmp_path: Path) -> None:
    """``test/live.test.ts`` (the catalog through the client, problems, request ids, pictures) and
    ``test/resilience.test.ts`` (503 retried, timeouts, aborts, against its own scripted node:http server)."""
    expected = _plain_answers(server)
    assert len(expected) > 100 and sum(item.get("status") == 200 for item in expected.values()) > 100
    (tmp_path / "expected.json").write_text(json.dumps(expected), encoding="utf-8")
    env = {"PATH": str(Path(_node()).parent), "SHOWDOWN_URL": server,
           "SHOWDOWN_EXPECTED": str(tmp_path / "expected.json")}
    done = _run([_node(), "--test", "--test-reporter=tap", "dist/test/"], built, env)
    assert done.returncode == 0, done.stdout + done.stderr
    written = sum(len(re.findall(r"^test\(", path.read_text(encoding="utf-8"), re.MULTILINE))
                  for path in (built / "test").glob("*.test.ts"))
    assert written >= 15
    assert re.search(rf"^# pass {written}$", done.stdout, re.MULTILINE), done.stdout
    assert re.search(r"^# (?:fail|skipped|todo|cancelled) [1-9]", done.stdout, re.MULTILINE) is None, done.stdout


def test_npm_pack_ships_the_built_module_its_types_and_readme_importable_by_name(built: Path,
                                                                                   tmp_path: Path) -> None:
    npm = shutil.which("npm")
    assert npm is not None
    done = _run([npm, "pack", "--json", "--ignore-scripts", "--pack-destination", str(tmp_path)], built)
    assert done.returncode == 0, done.stdout + done.stderr
    (packed,) = json.loads(done.stdout)
    modules = sorted(path.stem for path in (built / "src").glob("*.ts"))
    assert {"client", "errors", "index", "schema", "types"} <= set(modules)
    assert sorted(f["path"] for f in packed["files"]) == sorted(
        ["README.md", "package.json"] + [f"dist/src/{m}.{kind}" for m in modules for kind in ("d.ts", "js")])

    manifest = json.loads((built / "package.json").read_text(encoding="utf-8"))
    targets = {manifest["main"], manifest["types"], *manifest["exports"]["."].values()}
    assert {target.removeprefix("./") for target in targets} <= {f["path"] for f in packed["files"]}

    # Unpacked where an app's node_modules would hold it, beside its one dependency, and imported by its name.
    app = tmp_path / "app"
    with tarfile.open(tmp_path / packed["filename"]) as tarball:
        tarball.extractall(app / "node_modules", filter="data")
    (app / "node_modules" / "package").rename(app / "node_modules" / "showdown-client")
    (app / "node_modules" / "openapi-fetch").symlink_to(built / "node_modules" / "openapi-fetch")
    imported = _run([_node(), "--input-type=module", "--eval",
                     "const m = await import('showdown-client'); console.log(Object.keys(m).sort().join(' '))"], app)
    assert imported.returncode == 0, imported.stderr
    assert imported.stdout.split() == ["REQUEST_ID_HEADER", "ShowdownClient", "ShowdownError", "ShowdownProblem",
                                       "ShowdownTimeoutError", "ShowdownTransportError"]


def test_browser_bundle_needs_no_node_module_and_is_the_size_the_readme_states(built: Path) -> None:
    """``scripts/size.mjs`` bundles the package for the browser with esbuild, which refuses a module of Node's."""
    done = _run([_node(), "scripts/size.mjs"], built)
    assert done.returncode == 0, done.stdout + done.stderr
    size = json.loads(done.stdout)
    stated = re.search(r"\*\*Size\*\*: (\d+\.\d) kB minified and gzipped \((\d+\.\d) kB minified\)",
                       (built / "README.md").read_text(encoding="utf-8"))
    assert stated is not None
    for figure, measured in zip(stated.groups(), (size["gzipped"], size["minified"]), strict=True):
        assert abs(float(figure) * 1000 - measured) <= measured * 0.1, (stated.group(0), size)


def test_readme_examples_are_the_compiled_example_files(typescript_client: Path) -> None:
    readme = (typescript_client / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```(ts|tsx)\n(.*?)```", readme, re.DOTALL)
    examples = sorted((typescript_client / "examples").iterdir())
    assert {path.name for path in examples} >= {"settle.ts", "react.tsx"}
    for path in examples:
        assert (path.suffix[1:], path.read_text(encoding="utf-8")) in blocks, path.name
