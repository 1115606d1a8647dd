"""Readiness: the catalog and every ranking table are built once, when the app is created (so gunicorn's
``preload_app`` builds them in the master and every worker shares them), by adjudicating each variant's
example under each of its option values."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from flask import current_app

from evaluator import adjudicate, all_variants, example_request
from evaluator import warm_up_equities as warm_equities
from service.errors import NotReady
from service.examples import work_document
from service.schemas.requests import ShowdownCall, ShowdownRequestSchema

__all__ = ["ServiceState", "require_ready", "service_state", "warm_up"]


@dataclass
class ServiceState:
    """What the app keeps about itself, in ``app.extensions["showdown"]``."""

    api: Any
    ready: bool = False
    docs_page: str | None = None


def service_state() -> ServiceState:
    state: ServiceState = current_app.extensions["showdown"]
    return state


def require_ready() -> None:
    if not service_state().ready:
        raise NotReady("the catalog and ranking tables are still loading")


@cache
def warm_up() -> int:
    """Build everything a request may need; the number of example showdowns adjudicated. Idempotent."""
    schema = ShowdownRequestSchema()
    done = 0
    for variant in all_variants():
        if variant.not_showdown is not None:  # nothing to adjudicate: its requests are a 422
            continue
        request = example_request(variant)
        work_document(variant)  # the document's cost of its example, computed once, here
        choices: list[dict[str, str]] = [{}]
        choices += [{option.name: value} for option in variant.options for value in option.values]
        for chosen in choices:
            options = {**request.get("options", {}), **chosen}
            call: ShowdownCall = schema.load(example_request(variant, options=options))
            adjudicate(call.variant, call.deal, call.options)
            done += 1
    warm_equities()
    return done
