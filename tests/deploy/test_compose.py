"""deploy/compose.yaml: a buffering proxy (nginx) in front of several replicas of the image, wired consistently.

No Docker engine runs here, so the file is checked as data: its services, their health checks, and that the proxy's
configuration (deploy/compose/nginx.conf, parsed below) sends every request to the app service's port.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from service.config import DEFAULT_MAX_BODY_BYTES
from tests.test_deployment import DOCKERFILE, env_vars, final_stage, parse_dockerfile

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = ROOT / "deploy" / "compose.yaml"

Block = dict[str, list[Any]]  # directive name -> every occurrence: a list of arguments, or a nested Block


def parse_nginx(text: str) -> Block:
    """nginx's configuration syntax: ``name args...;`` directives and ``name args... { ... }`` blocks."""
    tokens = re.findall(r'"[^"]*"|\{|\}|;|[^\s{};"]+', re.sub(r"#[^\n]*", "", text))
    position = 0

    def block() -> Block:
        nonlocal position
        result: Block = {}
        words: list[str] = []
        while position < len(tokens):
            token = tokens[position]
            position += 1
            if token == ";":
                result.setdefault(words[0], []).append(words[1:])
                words = []
            elif token == "{":
                name, args = words[0], words[1:]
                result.setdefault(name, []).append({"args": args, **block()})
                words = []
            elif token == "}":
                assert not words, f"directive without ';' before '}}': {words}"
                return result
            else:
                words.append(token.strip('"'))
        assert not words, f"unterminated directive {words}"
        return result

    return block()


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    document = yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))
    assert isinstance(document, dict)
    return document


@pytest.fixture(scope="module")
def nginx(compose: dict[str, Any]) -> Block:
    return parse_nginx(_mounted_config(compose).read_text(encoding="utf-8"))


def _mounted_config(compose: dict[str, Any]) -> Path:
    for volume in compose["services"]["proxy"]["volumes"]:
        source, target, *mode = volume.split(":")
        if target == "/etc/nginx/nginx.conf":
            assert mode == ["ro"]
            return (COMPOSE.parent / str(source)).resolve()
    raise AssertionError("the proxy does not mount an nginx.conf")


def _only(block: Block, name: str) -> Any:
    found = block.get(name, [])
    assert len(found) == 1, f"expected one {name}, got {found}"
    return found[0]


def test_compose_runs_the_projects_image_in_several_replicas(compose: dict[str, Any]) -> None:
    app = compose["services"]["app"]
    assert (COMPOSE.parent / app["build"]["context"]).resolve() == ROOT
    assert app["deploy"]["replicas"] >= 2
    assert "ports" not in app, "replicas must not publish ports: only the proxy does"


def test_only_the_proxy_is_published_and_on_loopback(compose: dict[str, Any]) -> None:
    (published,) = compose["services"]["proxy"]["ports"]
    assert published.startswith("127.0.0.1:")


def test_proxy_image_is_nginx_pinned_by_digest(compose: dict[str, Any]) -> None:
    assert re.fullmatch(r"nginx:[\w.-]+@sha256:[0-9a-f]{64}", compose["services"]["proxy"]["image"])


def test_every_service_has_a_healthcheck_that_asks_a_probe_endpoint(compose: dict[str, Any]) -> None:
    for name, service in compose["services"].items():
        test = service["healthcheck"]["test"]
        assert test[0] == "CMD", name
        assert any(re.search(r"/(livez|readyz)\b", part) for part in test), name


def test_proxy_starts_once_the_app_is_healthy(compose: dict[str, Any]) -> None:
    assert compose["services"]["proxy"]["depends_on"]["app"]["condition"] == "service_healthy"


def test_app_listens_where_its_healthcheck_and_the_proxy_look(compose: dict[str, Any], nginx: Block) -> None:
    app = compose["services"]["app"]
    port = app["environment"]["PORT"]
    assert port == env_vars(final_stage(parse_dockerfile(DOCKERFILE.read_text(encoding="utf-8"))))["PORT"]
    assert f"127.0.0.1:{port}/" in " ".join(app["healthcheck"]["test"])
    servers = [server for upstream in _only(nginx, "http")["upstream"] for server in upstream["server"]]
    assert servers and all(server[0] == f"app:{port}" for server in servers)


def test_proxy_sends_every_request_to_the_app_upstream_and_re_resolves_the_replicas(nginx: Block) -> None:
    http = _only(nginx, "http")
    (upstream,) = http["upstream"]
    (server,) = http["server"]
    (location,) = server["location"]
    assert location["args"] == ["/"]
    assert _only(location, "proxy_pass") == [f"http://{upstream['args'][0]}"]
    # `resolve` (with a shared zone and a resolver) follows replicas as they are added or replaced.
    assert "resolve" in upstream["server"][0]
    assert _only(upstream, "zone")
    assert _only(http, "resolver")[0] == "127.0.0.11"  # Docker's embedded DNS


def test_proxy_buffers_whole_requests_up_to_the_services_body_limit(nginx: Block) -> None:
    server = _only(_only(nginx, "http"), "server")
    location = _only(server, "location")
    assert _only(location, "proxy_request_buffering") == ["on"]
    assert _only(location, "proxy_buffering") == ["on"]
    assert _only(server, "client_max_body_size") == [f"{DEFAULT_MAX_BODY_BYTES // 1024}k"]


def test_proxy_retries_a_failed_replica_on_another_even_for_posts(nginx: Block) -> None:
    location = _only(_only(_only(nginx, "http"), "server"), "location")
    conditions = _only(location, "proxy_next_upstream")
    assert {"error", "non_idempotent"} <= set(conditions)
    assert int(_only(location, "proxy_next_upstream_tries")[0]) >= 2


def test_nginx_parser_rejects_a_missing_semicolon() -> None:
    with pytest.raises(AssertionError):
        parse_nginx("http { upstream u { server app:8000 } }")


def test_containers_have_read_only_root_filesystems_with_tmpfs_for_tmp(compose: dict[str, Any]) -> None:
    for name, service in compose["services"].items():
        assert service["read_only"] is True, name
        assert "/tmp" in service["tmpfs"], name


def test_app_metrics_directory_is_on_a_tmpfs(compose: dict[str, Any]) -> None:
    app = compose["services"]["app"]
    directory = Path(app["environment"]["PROMETHEUS_MULTIPROC_DIR"])
    assert any(directory.is_relative_to(mount) for mount in app["tmpfs"])
