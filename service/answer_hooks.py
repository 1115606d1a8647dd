"""What every answer of the service goes through on its way out, whichever path made it: Flask's (every endpoint,
every error) or the raw WSGI route of ``POST /v1/showdowns`` (:mod:`service.raw_showdown`). Both call
:func:`finish_answer`, so that the two cannot drift apart: the same access-log line, the same metrics, the same
headers in the same order.

For Flask, :func:`init_answer_hooks` registers it as the app's one ``after_request`` hook (with the request's
arrival time, from Flask's ``request_started`` signal, and its ``X-Request-ID``, remembered before the view runs).
"""

from __future__ import annotations

from flask import Flask, Response, request, request_started
from flask.signals import got_request_exception, request_finished, request_tearing_down

from service.access_log import log_access
from service.headers import secure
from service.metrics import observe
from service.request_facts import RequestFacts, arrived, noted_variants, seconds_since_arrival
from service.request_id import current_request_id, echo_request_id, init_request_id, remember_request_id

__all__ = ["finish_answer", "flask_request_facts", "init_answer_hooks", "only_answer_hooks"]


def finish_answer(response: Response, facts: RequestFacts) -> Response:
    """``response``, the answer to the request of ``facts``, logged, counted, and given its security and caching
    headers and its ``X-Request-ID`` (in that order: the headers after whatever the answer already carries)."""
    log_access(response, facts)
    observe(response, facts)
    secure(response, facts.method, facts.endpoint)
    echo_request_id(response, facts.request_id)
    return response


def flask_request_facts() -> RequestFacts:
    """The facts of Flask's current request."""
    current = request._get_current_object()  # type: ignore[attr-defined]  # (the proxy costs per access)
    rule = current.url_rule
    return RequestFacts(method=current.method, path=current.path, rule=None if rule is None else rule.rule,
                        endpoint=current.endpoint, request_id=current_request_id(), elapsed=seconds_since_arrival(),
                        noted=noted_variants(), path_variant=(current.view_args or {}).get("variant_id"))


def _finish(response: Response) -> Response:
    """Flask's ``after_request`` hook."""
    return finish_answer(response, flask_request_facts())


def init_answer_hooks(app: Flask) -> None:
    """Register the hooks of every Flask answer: the request's id and arrival time, and :func:`finish_answer`."""
    init_request_id(app)
    request_started.connect(arrived, app)
    app.after_request(_finish)


def only_answer_hooks(app: Flask) -> bool:
    """Whether the hooks :func:`init_answer_hooks` registers are all that ``app`` does around a view: no other
    ``before_request``, ``after_request``, teardown or URL-value hook, and no receiver of a request signal but
    :func:`arrived`. (What the raw route of ``POST /v1/showdowns`` checks before it stands in for Flask.)"""
    def receivers(signal: object) -> list[object]:
        return list(signal.receivers_for(app))  # type: ignore[attr-defined]  # (blinker's NamedSignal)

    return (dict(app.before_request_funcs) == {None: [remember_request_id]}
            and dict(app.after_request_funcs) == {None: [_finish]}
            and not any(app.teardown_request_funcs.values()) and not any(app.url_value_preprocessors.values())
            and receivers(request_started) == [arrived]
            and not any(receivers(s) for s in (request_finished, got_request_exception, request_tearing_down)))
