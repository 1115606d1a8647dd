"""Deployment contract: the Dockerfile, the Makefile and the gunicorn settings agree.

No Docker engine is needed: the Dockerfile is parsed, the Makefile's ``run`` command is
read from ``make -n`` (make's own expansion), and the settings module is imported.
"""

from __future__ import annotations

import fnmatch
import importlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import threading
import tomllib
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import ModuleType
from typing import Any, ClassVar, NamedTuple, Protocol

import pytest
from gunicorn.config import Config  # type: ignore[import-untyped]
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent
DOCKERFILE = ROOT / "Dockerfile"
CONF_MODULE = "service.gunicorn_conf"
CONF_ENV = ("HOST", "PORT", "WEB_CONCURRENCY", "LOG_LEVEL", "GUNICORN_CONTROL_SOCKET")


# --- Dockerfile parsing ----------------------------------------------------------------


class Instruction(NamedTuple):
    keyword: str  # upper-cased, e.g. "CMD"
    args: str  # everything after the keyword, continuation lines joined
    line: int  # 1-based line of the keyword


def parse_dockerfile(text: str) -> list[Instruction]:
    """Split a Dockerfile into instructions (comments dropped, ``\\`` continuations joined)."""
    instructions: list[Instruction] = []
    pending: list[str] = []
    start = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue  # comment lines may also sit inside a continued instruction
        if not pending:
            start = number
        continued = stripped.endswith("\\")
        pending.append(stripped[:-1].strip() if continued else stripped)
        if not continued:
            keyword, _, args = " ".join(pending).partition(" ")
            instructions.append(Instruction(keyword.upper(), args.strip(), start))
            pending = []
    assert not pending, "Dockerfile ends inside a continued instruction"
    return instructions


def final_stage(instructions: list[Instruction]) -> list[Instruction]:
    """The instructions of the last build stage, its FROM included."""
    starts = [i for i, ins in enumerate(instructions) if ins.keyword == "FROM"]
    assert starts, "Dockerfile has no FROM"
    return instructions[starts[-1] :]


def exec_form(args: str) -> list[str] | None:
    """The argv of an exec-form (JSON array) instruction, or None for shell form."""
    if not args.startswith("["):
        return None
    value = json.loads(args)
    assert isinstance(value, list), args
    assert value, "empty exec-form command"
    assert all(isinstance(item, str) for item in value), args
    return [str(item) for item in value]


def env_vars(stage: list[Instruction]) -> dict[str, str]:
    """Variables set by ENV, in both ``ENV K=V ...`` and legacy ``ENV K V`` forms."""
    result: dict[str, str] = {}
    for ins in stage:
        if ins.keyword != "ENV":
            continue
        tokens = shlex.split(ins.args)
        if "=" not in tokens[0]:
            result[tokens[0]] = " ".join(tokens[1:])
            continue
        for token in tokens:
            key, sep, value = token.partition("=")
            assert sep, f"line {ins.line}: cannot parse ENV {ins.args!r}"
            result[key] = value
    return result


def only(stage: list[Instruction], keyword: str) -> Instruction:
    """The effective (last) instruction of a kind; Docker uses only the last CMD/HEALTHCHECK."""
    found = [ins for ins in stage if ins.keyword == keyword]
    assert found, f"Dockerfile's final stage has no {keyword}"
    return found[-1]


@pytest.fixture(scope="module")
def instructions() -> list[Instruction]:
    return parse_dockerfile(DOCKERFILE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def stage(instructions: list[Instruction]) -> list[Instruction]:
    return final_stage(instructions)


@pytest.fixture(scope="module")
def docker_cmd(stage: list[Instruction]) -> list[str]:
    argv = exec_form(only(stage, "CMD").args)
    assert argv is not None, "CMD must be exec form (a JSON array)"
    return argv


def base_image(instructions: list[Instruction]) -> str:
    """The final stage's base image, ``${NAME}`` references resolved from the ARG defaults declared before it."""
    stage = final_stage(instructions)
    from_ins = only(stage, "FROM")
    args: dict[str, str] = {}
    for ins in instructions:
        if ins.line >= from_ins.line:
            break
        if ins.keyword == "ARG":
            name, _, default = ins.args.partition("=")
            args[name.strip()] = default.strip()
    image = next(tok for tok in from_ins.args.split() if not tok.startswith("--"))
    return re.sub(r"\$\{?(\w+)\}?", lambda m: args[m[1]], image)


@pytest.fixture(scope="module")
def image(instructions: list[Instruction]) -> str:
    return base_image(instructions)


def base_image_python_version(image: str) -> Version:
    match = re.fullmatch(
        r"(?:(?:docker\.io/)?library/)?python:(?P<version>3\.\d+(?:\.\d+)?)-slim(?:-[a-z]+)?"
        r"(?:@sha256:[0-9a-f]{64})?",
        image,
    )
    assert match, f"base image {image!r} is not an official slim Python image"
    return Version(match["version"])


# --- Makefile: the command `make run` executes ------------------------------------------


def make_dry_run(target: str, tmp_venv: Path) -> str:
    """What `make -n TARGET` would run on a fresh machine: the virtualenv is a path that does not exist,
    so no install stamp is up to date and every install step shows."""
    make = shutil.which("make")
    assert make, "GNU make is required (the project's entry points are make targets)"
    env = {k: v for k, v in os.environ.items() if k not in {"MAKEFLAGS", "MFLAGS", "MAKELEVEL"}}
    return subprocess.run(
        [make, "--no-print-directory", "-n", target, f"VENV={tmp_venv}"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout


@pytest.fixture(scope="module")
def fresh_venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("make") / "no-venv-yet"


@pytest.fixture(scope="module")
def make_run_cmd(fresh_venv: Path) -> list[str]:
    """argv of the gunicorn command in `make -n run` (``exec`` stripped)."""
    out = make_dry_run("run", fresh_venv)
    commands = []
    for line in out.splitlines():
        argv = shlex.split(line)
        if argv and argv[0] == "exec":
            argv = argv[1:]
        if argv and Path(argv[0]).name == "gunicorn":
            commands.append(argv)
    assert len(commands) == 1, f"expected one gunicorn command in `make -n run`, got:\n{out}"
    return commands[0]


def option_value(argv: list[str], *names: str) -> str:
    for i, arg in enumerate(argv):
        if arg in names:
            return argv[i + 1]
        for name in names:
            if name.startswith("--") and arg.startswith(name + "="):
                return arg[len(name) + 1 :]
    raise AssertionError(f"none of {names} in {argv}")


# --- Dockerfile rules ---------------------------------------------------------------------


def test_base_image_is_slim_python_3_11_or_newer(image: str) -> None:
    assert base_image_python_version(image) >= Version("3.11")


def test_base_image_is_pinned_by_digest(image: str) -> None:
    assert re.search(r"@sha256:[0-9a-f]{64}$", image), f"base image {image!r} is not pinned by digest"


def test_base_image_python_satisfies_pyproject_requires_python(image: str) -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    requires = SpecifierSet(pyproject["project"]["requires-python"])
    version = base_image_python_version(image)
    # A "3.11" tag moves along the 3.11.x releases: check the first and a late patch.
    candidates = [version] if len(version.release) == 3 else [Version(f"{version}.0"), Version(f"{version}.99")]
    for candidate in candidates:
        assert candidate in requires, f"python {candidate} does not satisfy requires-python {requires}"


def test_container_runs_as_non_root_user_set_before_cmd(stage: list[Instruction]) -> None:
    cmd = only(stage, "CMD")
    users = [ins for ins in stage if ins.keyword == "USER"]
    assert users, "no USER: the container would run as root"
    last = users[-1]
    assert last.line < cmd.line, "USER must come before CMD"
    name = last.args.split(":")[0].strip()
    assert name not in {"root", "0", ""}, f"USER {last.args!r} is root"


def test_cmd_is_exec_form_so_gunicorn_is_pid_1_and_gets_sigterm(docker_cmd: list[str]) -> None:
    assert Path(docker_cmd[0]).name == "gunicorn"


def test_docker_cmd_runs_the_same_command_as_make_run(docker_cmd: list[str], make_run_cmd: list[str]) -> None:
    # Same program (the Makefile's lives in the virtualenv), same arguments.
    assert Path(make_run_cmd[0]).name == docker_cmd[0] == "gunicorn"
    assert make_run_cmd[1:] == docker_cmd[1:]


def test_server_command_serves_service_wsgi_app_with_the_settings_module(docker_cmd: list[str]) -> None:
    config = option_value(docker_cmd, "-c", "--config")
    # A module path, not a file path: it resolves wherever the package is installed.
    assert config == f"python:{CONF_MODULE}"
    assert (ROOT / (CONF_MODULE.replace(".", "/") + ".py")).is_file()
    assert docker_cmd[-1] == "service.wsgi:app"


def test_container_listens_on_all_interfaces_on_the_exposed_port(stage: list[Instruction]) -> None:
    env = env_vars(stage)
    assert env.get("HOST") == "0.0.0.0"
    exposed = {tok.split("/")[0] for ins in stage if ins.keyword == "EXPOSE" for tok in ins.args.split()}
    assert env.get("PORT") in exposed


def healthcheck_argv(stage: list[Instruction]) -> list[str]:
    tokens = only(stage, "HEALTHCHECK").args.split(" ")
    options = [tok for tok in tokens if tok.startswith("--")]
    rest = " ".join(tokens[len(options) :])
    assert rest.startswith("CMD "), "HEALTHCHECK must run a command (not NONE)"
    argv = exec_form(rest[len("CMD ") :])
    assert argv is not None, "HEALTHCHECK CMD must be exec form"
    return argv


def test_healthcheck_probes_livez_with_python_urllib(stage: list[Instruction]) -> None:
    argv = healthcheck_argv(stage)
    assert argv[0] == "python"  # slim images have no curl or wget
    script = " ".join(argv)
    assert "urllib.request" in script
    assert "/livez" in script


class _LivezStub(BaseHTTPRequestHandler):
    """Answers ``status`` on /livez and 404 elsewhere, recording the paths asked for."""

    status: ClassVar[int] = 200
    paths: ClassVar[list[str]] = []

    def do_GET(self) -> None:
        type(self).paths.append(self.path)
        code = type(self).status if self.path == "/livez" else 404
        self.send_response(code)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.mark.parametrize(("status", "healthy"), [(200, True), (503, False)])
def test_healthcheck_exits_zero_only_when_livez_on_port_answers_2xx(
    stage: list[Instruction], status: int, healthy: bool
) -> None:
    argv = healthcheck_argv(stage)

    class Handler(_LivezStub):
        pass

    Handler.status, Handler.paths = status, []
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        port = server.server_address[1]
        result = subprocess.run(
            [sys.executable, *argv[1:]],
            env={**os.environ, "PORT": str(port)},
            capture_output=True,
            text=True,
            timeout=30,
        )
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
    assert Handler.paths == ["/livez"]
    assert (result.returncode == 0) is healthy, result.stderr
    # Docker reserves exit status 2; an unhealthy probe must exit 1.
    assert result.returncode in {0, 1}


def _dockerignore_patterns() -> list[str]:
    lines = (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
    return [ln.strip().strip("/") for ln in lines if ln.strip() and not ln.strip().startswith("#")]


def _ignored(path: str, patterns: list[str]) -> bool:
    parts = path.strip("/").split("/")
    prefixes = ["/".join(parts[: i + 1]) for i in range(len(parts))]
    for pattern in patterns:
        assert not pattern.startswith("!"), "exceptions are not handled by this check"
        bare = pattern.removeprefix("**/")
        for prefix in prefixes:
            if fnmatch.fnmatchcase(prefix, pattern) or fnmatch.fnmatchcase(prefix.split("/")[-1], bare):
                return True
    return False


def test_every_copied_source_exists_and_is_not_dockerignored(stage: list[Instruction]) -> None:
    patterns = _dockerignore_patterns()
    copies = [ins for ins in stage if ins.keyword in {"COPY", "ADD"}]
    assert copies
    for ins in copies:
        args = [tok for tok in shlex.split(ins.args) if not tok.startswith("--")]
        for source in args[:-1]:
            assert (ROOT / source).exists(), f"line {ins.line}: COPY source {source} does not exist"
            assert not _ignored(source, patterns), f"line {ins.line}: {source} is excluded by .dockerignore"


@pytest.mark.parametrize("path", [".venv", ".git", "tests", "bench", ".mypy_cache", "service/__pycache__"])
def test_dockerignore_keeps_local_state_out_of_the_build_context(path: str) -> None:
    assert _ignored(path, _dockerignore_patterns())


# --- the lock and what each make target installs -------------------------------------------

LOCK = ROOT / "requirements.lock"
BUILD_INPUT = ROOT / "deploy" / "build-requirements.in"


class Pin(NamedTuple):
    name: str  # normalized (PEP 503)
    version: Version
    marker: Marker | None
    hashes: list[str]


def _normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def parse_lock(text: str) -> list[Pin]:
    """The pins of a hashed requirements file: ``name==version [; marker] --hash=sha256:...`` entries."""
    pins = []
    for entry in re.sub(r"\\\n", " ", text).splitlines():
        entry = entry.split("#", 1)[0].strip()
        if not entry:
            continue
        hashes = re.findall(r"--hash=sha256:([0-9a-f]{64})", entry)
        requirement = Requirement(re.sub(r"--hash=\S+", "", entry).strip())
        (spec,) = requirement.specifier  # exactly one, an == pin
        assert spec.operator == "==", entry
        pins.append(Pin(_normalize(requirement.name), Version(spec.version), requirement.marker, hashes))
    return pins


@pytest.fixture(scope="module")
def pyproject() -> dict[str, Any]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def lock() -> list[Pin]:
    return parse_lock(LOCK.read_text(encoding="utf-8"))


def _applies(pin: Pin, python: str) -> bool:
    return pin.marker is None or pin.marker.evaluate({"python_version": python, "python_full_version": f"{python}.0"})


def test_lock_pins_every_package_to_one_version_with_hashes(lock: list[Pin]) -> None:
    assert lock
    for pin in lock:
        assert pin.hashes, f"{pin.name}=={pin.version} has no --hash"
    for python in ("3.11", "3.12", "3.13"):
        names = [pin.name for pin in lock if _applies(pin, python)]
        assert len(names) == len(set(names)), f"a package is pinned twice for Python {python}"


@pytest.mark.parametrize("python", ["3.11", "3.13"])
def test_lock_satisfies_every_runtime_dependency_and_the_build_backend(
    lock: list[Pin], pyproject: dict[str, Any], python: str
) -> None:
    # A stale lock (a dependency added to pyproject.toml without `make lock`) fails here.
    pinned = {pin.name: pin.version for pin in lock if _applies(pin, python)}
    required = [*pyproject["project"]["dependencies"], *pyproject["build-system"]["requires"]]
    for text in required:
        requirement = Requirement(text)
        name = _normalize(requirement.name)
        assert name in pinned, f"{name} is not in {LOCK.name}: run `make lock`"
        assert requirement.specifier.contains(pinned[name], prereleases=True), (
            f"{name}=={pinned[name]} in {LOCK.name} does not satisfy {requirement}: run `make lock`"
        )


def test_lock_holds_no_test_or_bench_only_package(lock: list[Pin], pyproject: dict[str, Any]) -> None:
    runtime = {_normalize(Requirement(text).name) for text in pyproject["project"]["dependencies"]}
    extras = {_normalize(Requirement(text).name) for group in pyproject["project"]["optional-dependencies"].values()
              for text in group}
    assert not ({pin.name for pin in lock} & (extras - runtime))


def test_lock_inputs_hold_exactly_the_build_backend_of_pyproject(pyproject: dict[str, Any]) -> None:
    lines = [ln.split("#", 1)[0].strip() for ln in BUILD_INPUT.read_text(encoding="utf-8").splitlines()]
    assert sorted(filter(None, lines)) == sorted(pyproject["build-system"]["requires"])


def _pip_installs(out: str) -> list[str]:
    return [line for line in out.splitlines() if " -m pip " in line and " install " in line]


def test_make_lock_compiles_pyproject_and_the_build_backend_with_hashes(fresh_venv: Path) -> None:
    out = make_dry_run("lock", fresh_venv).replace("\\\n", " ")
    compile_line = next(line for line in out.splitlines() if " pip compile " in line)
    argv = shlex.split(compile_line)
    assert "--generate-hashes" in argv
    assert option_value(argv, "--output-file", "-o") == LOCK.name
    assert {"pyproject.toml", str(BUILD_INPUT.relative_to(ROOT))} <= set(argv)


def test_make_run_installs_the_hashed_lock_and_no_extra(fresh_venv: Path) -> None:
    installs = _pip_installs(make_dry_run("run", fresh_venv))
    assert any(f"--require-hashes -r {LOCK.name}" in line for line in installs), installs
    assert not any("[" in line for line in installs), f"make run installs an extra: {installs}"


@pytest.mark.parametrize(("target", "wanted", "unwanted"), [("test", "test", "bench"), ("bench", "bench", "test")])
def test_make_target_installs_its_own_extra_only(fresh_venv: Path, target: str, wanted: str, unwanted: str) -> None:
    installs = _pip_installs(make_dry_run(target, fresh_venv))
    assert any(f"--require-hashes -r {LOCK.name}" in line for line in installs), installs
    assert any(f".[{wanted}]" in line for line in installs), installs
    extras = [re.findall(r"\.\[([\w,-]+)\]", line) for line in installs]
    assert not any(unwanted in group.split(",") for found in extras for group in found), installs


def test_image_installs_the_hashed_lock_then_the_package_without_dependencies(stage: list[Instruction]) -> None:
    runs = [ins for ins in stage if ins.keyword == "RUN" and "pip install" in ins.args]
    lock_runs = [ins for ins in runs if "--require-hashes" in ins.args and f"-r {LOCK.name}" in ins.args]
    package_runs = [ins for ins in runs if re.search(r"pip install[^&]*--no-deps[^&]* \.(\s|$)", ins.args)]
    assert lock_runs, "the image does not install the lock with --require-hashes"
    assert package_runs, "the image does not install the package with --no-deps"
    assert lock_runs[0].line < package_runs[0].line
    # Every other pip install would fetch unpinned, unhashed files.
    assert set(runs) == {lock_runs[0], package_runs[0]}
    assert "--no-build-isolation" in package_runs[0].args  # the build backend comes from the lock
    copied = [tok for ins in stage if ins.keyword == "COPY" and ins.line < lock_runs[0].line
              for tok in shlex.split(ins.args)]
    assert LOCK.name in copied


# --- gunicorn settings module ------------------------------------------------------------


class ConfLoader(Protocol):
    def __call__(self, **env: str) -> ModuleType: ...


@pytest.fixture
def load_conf(monkeypatch: pytest.MonkeyPatch) -> Iterator[ConfLoader]:
    """(Re)import the settings module under a controlled environment."""
    monkeypatch.syspath_prepend(str(ROOT))

    def load(**env: str) -> ModuleType:
        for name in CONF_ENV:
            monkeypatch.delenv(name, raising=False)
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        module = importlib.import_module(CONF_MODULE)
        return importlib.reload(module)  # the settings are read at import time

    yield load
    # The module last ran under a patched environment: make the next importer start afresh.
    sys.modules.pop(CONF_MODULE, None)


def test_settings_worker_class_is_the_services_gevent_worker(load_conf: ConfLoader) -> None:
    from gunicorn.workers.ggevent import GeventWorker  # type: ignore[import-untyped]

    from service.worker import ShowdownWorker

    config = Config()
    config.set("worker_class", load_conf().worker_class)
    assert config.worker_class is ShowdownWorker
    assert issubclass(ShowdownWorker, GeventWorker)


def test_worker_library_is_a_runtime_dependency() -> None:
    # The Docker image installs only `dependencies`: the worker's gevent and the CORS library must be there.
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    names = {re.split(r"[<>=!~\[ ;]", spec, maxsplit=1)[0].lower() for spec in pyproject["project"]["dependencies"]}
    assert {"gevent", "flask-cors", "gunicorn"} <= names


def test_settings_preload_the_app(load_conf: ConfLoader) -> None:
    assert load_conf().preload_app is True


def test_settings_default_to_a_positive_capped_worker_count(load_conf: ConfLoader) -> None:
    conf = load_conf()
    assert isinstance(conf.workers, int)
    assert 1 <= conf.workers <= conf._MAX_DEFAULT_WORKERS


def test_settings_take_worker_count_from_web_concurrency(load_conf: ConfLoader) -> None:
    assert load_conf(WEB_CONCURRENCY="3").workers == 3


def test_settings_bind_localhost_8000_by_default(load_conf: ConfLoader) -> None:
    assert load_conf().bind == ["127.0.0.1:8000"]


def test_settings_bind_honours_port_and_host(load_conf: ConfLoader) -> None:
    assert load_conf(PORT="9123").bind == ["127.0.0.1:9123"]
    assert load_conf(HOST="0.0.0.0", PORT="8080").bind == ["0.0.0.0:8080"]
    assert load_conf(HOST="::1", PORT="8080").bind == ["[::1]:8080"]


@pytest.mark.parametrize(
    "env",
    [{"PORT": "http"}, {"PORT": "0"}, {"PORT": "70000"}, {"WEB_CONCURRENCY": "0"}, {"LOG_LEVEL": "loud"}],
)
def test_settings_reject_malformed_environment(load_conf: ConfLoader, env: dict[str, str]) -> None:
    with pytest.raises(ValueError, match=next(iter(env))):
        load_conf(**env)


def test_settings_log_to_stdout_and_stderr_at_env_level(load_conf: ConfLoader) -> None:
    conf = load_conf(LOG_LEVEL="WARNING")
    # gunicorn's access log is off: the app writes its own, as JSON lines on stdout (service/access_log.py).
    assert (conf.accesslog, conf.errorlog, conf.loglevel) == (None, "-", "warning")


def test_settings_disable_the_shared_control_socket_unless_a_path_is_given(
    load_conf: ConfLoader, tmp_path: Path
) -> None:
    assert load_conf().control_socket_disable is True
    conf = load_conf(GUNICORN_CONTROL_SOCKET=str(tmp_path / "g.ctl"))
    assert conf.control_socket_disable is False
    assert conf.control_socket == str(tmp_path / "g.ctl")


def test_settings_names_are_all_gunicorn_settings_with_valid_values(load_conf: ConfLoader) -> None:
    # gunicorn silently ignores unknown names, so a typo ("keep_alive") would go unnoticed.
    conf = load_conf()
    config = Config()
    names = [
        name
        for name, value in vars(conf).items()
        if name.islower()
        and not name.startswith("_")
        and name != "annotations"  # from __future__ import annotations
        and not isinstance(value, ModuleType)
        and not callable(value)
    ]
    assert {"bind", "workers", "worker_class", "preload_app", "timeout"} <= set(names)
    for name in names:
        assert name in config.settings, f"{name} is not a gunicorn setting"
        config.set(name, getattr(conf, name))  # runs gunicorn's validator
    assert config.worker_class_str == "service.worker.ShowdownWorker"
    assert (config.timeout, config.graceful_timeout, config.keepalive) == (30, 30, 10)
    assert config.max_requests == 0
    assert (config.limit_request_line, config.limit_request_fields, config.limit_request_field_size) == (
        4094,
        100,
        8190,
    )
