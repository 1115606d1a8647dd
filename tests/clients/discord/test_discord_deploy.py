"""deploy/compose.bot.yaml and clients/discord/Dockerfile, read as data (no Docker engine here): the bot is built
from its own Dockerfile, reaches the API through the compose file's proxy on the port nginx listens on, and keeps
its house games in a volume."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from tests.deploy.test_compose import COMPOSE, _mounted_config, _only, parse_nginx
from tests.test_deployment import parse_dockerfile

ROOT = Path(__file__).resolve().parents[3]
BOT_COMPOSE = ROOT / "deploy" / "compose.bot.yaml"


def _yaml(path: Path) -> dict[str, Any]:
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(document, dict)
    return document


def test_the_bot_reaches_the_api_through_the_proxy_it_waits_for() -> None:
    api, bot = _yaml(COMPOSE), _yaml(BOT_COMPOSE)["services"]["bot"]
    server = _only(_only(parse_nginx(_mounted_config(api).read_text(encoding="utf-8")), "http"), "server")
    (port,) = _only(server, "listen")
    assert bot["environment"]["SHOWDOWN_URL"] == f"http://proxy:{port}"
    assert "proxy" in api["services"] and bot["depends_on"]["proxy"]["condition"] == "service_healthy"


def test_the_bot_image_runs_the_bot_and_keeps_its_store_in_the_volume() -> None:
    compose = _yaml(BOT_COMPOSE)
    bot = compose["services"]["bot"]
    dockerfile = (BOT_COMPOSE.parent / bot["build"]["context"] / bot["build"]["dockerfile"]).resolve()
    assert dockerfile == ROOT / "clients" / "discord" / "Dockerfile"
    instructions = parse_dockerfile(dockerfile.read_text(encoding="utf-8"))
    assert [i.args for i in instructions if i.keyword == "CMD"] == ['["showdown-discord", "run"]']
    assert any(i.keyword == "USER" and i.args.startswith("10001") for i in instructions)
    store = bot["environment"]["SHOWDOWN_BOT_DB"]
    (volume,) = bot["volumes"]
    name, target = volume.split(":")
    assert name in compose["volumes"] and store.startswith(target + "/")
