"""flask-smorest wired for this service: JSON-only bodies, problem+json errors, and an OpenAPI 3.1 document in
which every operation lists its problem responses and the ``X-Request-ID`` header.

flask-smorest ships no type information, so the few methods the views use are re-declared here with types.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final, NoReturn, TypeVar

import flask
import flask_smorest
from apispec.ext.marshmallow import MarshmallowPlugin
from apispec.ext.marshmallow.openapi import OpenAPIConverter
from flask.blueprints import BlueprintSetupState
from marshmallow import Schema, ValidationError
from webargs.flaskparser import FlaskParser, is_json_request

from evaluator import (
    MAX_BATCH,
    MAX_COMBINATIONS_PER_REQUEST,
    MAX_PLAYERS,
    UnknownVariantError,
    Variant,
    variant_named,
)
from service.body import read_body
from service.errors import (
    PROBLEM_MIMETYPE,
    NotJsonMediaType,
    RequestInvalid,
    UnknownVariantInPath,
    decode_json,
    register_error_handlers,
)
from service.request_id import REQUEST_ID_HEADER
from service.schemas.fields import (
    BOARD_SCHEMA,
    CARD_SCHEMA,
    MAX_CARDS_PER_PLACE,
    BoardField,
    CardField,
    CardList,
    component_ref,
)
from service.schemas.problems import ProblemSchema
from service.schemas.requests import RequestSchema
from service.schemas.rules import CountField, KindField, NamedField, component_name, schema_for
from service.schemas.rules_kinds import KIND_OF

__all__ = [
    "PROBLEM_RESPONSES",
    "SERVICE_UNAVAILABLE",
    "Api",
    "Blueprint",
    "JsonBodyParser",
    "spec_options",
    "variant_in_path",
]

F = TypeVar("F", bound=Callable[..., Any])

#: The problem answers every operation documents: status -> (component name, when).
PROBLEM_RESPONSES: Final[Mapping[int, tuple[str, str]]] = {
    400: ("BadRequest", "Bad request: the body is not JSON (type `.../malformed-json`)."),
    404: ("NotFound", "Not found: no such route, or an unknown variant in the path (type "
                      "`.../unknown-variant`)."),
    405: ("MethodNotAllowed", "Method not allowed: the `Allow` header lists the methods of this path."),
    413: ("ContentTooLarge", "Content too large: the body is over the size limit."),
    415: ("UnsupportedMediaType", "Unsupported media type: the body is not `application/json`."),
    422: ("UnprocessableContent", "Unprocessable content: well-formed JSON that breaks the schema (type "
                                  "`.../invalid-request`) or a poker rule (`.../invalid-showdown`), or is "
                                  "over a documented complexity limit (`.../over-limit`). `errors` lists "
                                  "every problem at once, each with a JSON pointer into the body."),
    500: ("InternalServerError", "Internal server error: a bug. The body says so without any traceback (the "
                                 "log has it)."),
}
#: Documented by the operations that can answer it.
SERVICE_UNAVAILABLE: Final = ("ServiceUnavailable", "Service unavailable: not ready yet (type `.../not-ready`), "
                                                    "or the request ran past its deadline (type "
                                                    "`.../deadline-exceeded`, with `Retry-After`).")
_REQUEST_ID_COMPONENT: Final = "RequestId"
_EXAMPLE_422: Final = {
    "type": "https://showdown.example/problems/invalid-showdown",
    "title": "The request breaks the rules of its variant",
    "status": 422,
    "detail": "/players/1/hole/0: duplicate card As (also at /board/2)",
    "errors": [{"pointer": "/players/1/hole/0", "detail": "duplicate card As (also at /board/2)",
                "code": "duplicate-card"}],
}


def spec_options(config: Mapping[str, Any]) -> dict[str, Any]:
    """The document's ``info``: what the service does and its published limits."""
    body = config.get("MAX_CONTENT_LENGTH")
    return {"info": {
        "description": (
            "A stateless REST API that adjudicates poker showdowns: every player's best hands, the cards "
            "used, and every pot divided to the chip.\n\n"
            "Limits: at most "
            f"{MAX_PLAYERS} players per showdown, {MAX_BATCH} showdowns per batch, "
            f"{MAX_COMBINATIONS_PER_REQUEST} hand combinations scored per request (the work budget: all players, "
            "hands, batch items and listed combinations together, counted before any is enumerated; 422 "
            f"`over-limit` beyond), and request bodies of at most {body} bytes (413 beyond). A request that "
            "still runs past its deadline is abandoned with a 503 `deadline-exceeded` problem and `Retry-After`."
            "\n\n"
            "Every non-2xx answer is an RFC 9457 `application/problem+json` document. Every answer carries "
            "`X-Request-ID`: the client's own (up to 128 characters of `A-Z a-z 0-9 . _ -`) or a generated "
            "one.\n\n"
            "Besides the answers each operation lists, the server itself may answer any request, before it "
            "reaches an operation, with these problem documents: 400 `bad-request` (a malformed request line or "
            "header), 400 `unreadable-body` (a body that stops arriving or a malformed chunk), 414 `uri-too-long` (a "
            "request line over 4094 bytes), 431 `headers-too-large` (a header over 8190 bytes, or over 100 "
            "headers), 501 `not-implemented` (an unknown `Transfer-Encoding`), 415 "
            "`unsupported-content-encoding` (a body with a `Content-Encoding`: send it uncompressed), and 503 "
            "`worker-timeout` with `Retry-After` (a computation the server had to abandon)."
        ),
        "x-limits": {"max_players": MAX_PLAYERS, "max_batch": MAX_BATCH,
                     "max_combinations_per_request": MAX_COMBINATIONS_PER_REQUEST, "max_body_bytes": body},
    }}


def variant_in_path(name: str) -> Variant:
    """The variant named in a URL, or a 404 problem."""
    try:
        return variant_named(name)
    except UnknownVariantError as exc:
        raise UnknownVariantInPath(f"{exc}: GET /v1/variants lists every id and alias") from None


class JsonBodyParser(FlaskParser):
    """Reads JSON bodies only: 415 for another media type, 400 for a body that is not JSON, and a schema error
    becomes :class:`RequestInvalid` (422) carrying the schema, for exact pointers."""

    def _raw_load_json(self, req: flask.Request) -> Any:
        if not is_json_request(req):
            got = req.mimetype or "no Content-Type"
            raise NotJsonMediaType(f"send the body as application/json (got {got})")
        return decode_json(read_body(req))

    def handle_error(self, error: ValidationError, req: flask.Request, schema: Schema, *,
                     error_status_code: int | None, error_headers: Mapping[str, str] | None) -> NoReturn:
        messages = error.messages
        if isinstance(messages, dict) and set(messages) == {"json"}:  # webargs files them under the location
            messages = messages["json"]
        raise RequestInvalid(messages, schema)


class Blueprint(flask_smorest.Blueprint):  # type: ignore[misc]  # flask-smorest is untyped
    """A flask-smorest Blueprint whose operations document the problem answers and ``X-Request-ID``."""

    ARGUMENTS_PARSER = JsonBodyParser()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._prepare_doc_cbks.append(self._prepare_problem_doc)

    @staticmethod
    def _prepare_problem_doc(doc: dict[str, Any], doc_info: Mapping[str, Any],
                             **kwargs: Any) -> dict[str, Any]:
        responses = doc.setdefault("responses", {})
        for response in responses.values():
            if isinstance(response, dict):
                response.setdefault("headers", {})[REQUEST_ID_HEADER] = _REQUEST_ID_COMPONENT
        for status, (name, _) in PROBLEM_RESPONSES.items():
            responses[status] = name
        return doc

    def route(self, rule: str, **options: Any) -> Callable[[F], F]:
        decorator: Callable[[F], F] = super().route(rule, **options)
        return decorator

    def serves(self, documented: Callable[..., Any]) -> Callable[[F], F]:
        """Serve the endpoint of ``documented`` with the decorated function instead.

        ``documented`` is a view as flask-smorest decorates it (``route``, ``arguments``, ``response``...): the
        OpenAPI document is still made from it, and from its schemas. The decorated function takes its place in
        the app when the blueprint is registered: a hot path that reads and answers the request itself, without the
        per-request layers of those decorators. It must answer every request as ``documented`` would
        (``tests/service/test_fast_showdown.py`` compares the two)."""
        endpoint = documented.__name__

        def decorator(view: F) -> F:
            def install(state: BlueprintSetupState) -> None:
                name = f"{state.name_prefix}.{state.name}.{endpoint}".lstrip(".")
                if name not in state.app.view_functions:
                    raise LookupError(f"{name}: no such endpoint to serve (route it first)")
                state.app.view_functions[name] = view

            self.record(install)
            return view

        return decorator

    def arguments(self, schema: type[Schema] | Schema, **kwargs: Any) -> Callable[[F], F]:
        decorator: Callable[[F], F] = super().arguments(schema, **kwargs)
        return decorator

    def doc(self, **kwargs: Any) -> Callable[[F], F]:
        decorator: Callable[[F], F] = super().doc(**kwargs)
        return decorator

    def alt_response(self, status_code: int, **kwargs: Any) -> Callable[[F], F]:
        decorator: Callable[[F], F] = super().alt_response(status_code, **kwargs)
        return decorator

    def response(self, status_code: int, schema: type[Schema] | Schema | None = None,
                 **kwargs: Any) -> Callable[[F], F]:
        decorator: Callable[[F], F] = super().response(status_code, schema, **kwargs)
        return decorator


class _Converter(OpenAPIConverter):
    """Request schemas are closed (``additionalProperties: false``, as they raise on unknown fields); response
    schemas stay open, so that fields added later do not break clients."""

    def schema2jsonschema(self, schema: Any) -> dict[str, Any]:
        jsonschema: dict[str, Any] = super().schema2jsonschema(schema)  # type: ignore[no-untyped-call]
        instance = schema() if isinstance(schema, type) else schema
        if isinstance(instance, RequestSchema):
            jsonschema["additionalProperties"] = False
        else:
            jsonschema.pop("additionalProperties", None)
        return jsonschema


class _MarshmallowPlugin(MarshmallowPlugin):
    Converter = _Converter


def _component_refs(self: Any, field: Any, **kwargs: Any) -> dict[str, Any]:
    """apispec attribute function: cards and boards are documented once, as components."""
    if isinstance(field, CardField):
        return {"$ref": component_ref("Card")["$ref"]}
    if isinstance(field, CardList):
        return {"type": "array", "items": component_ref("Card"), "maxItems": MAX_CARDS_PER_PLACE}
    if isinstance(field, BoardField):
        return {"$ref": component_ref("Board")["$ref"]}
    if isinstance(field, CountField | NamedField | KindField):
        return field.openapi()
    return {}


class Api(flask_smorest.Api):  # type: ignore[misc]  # flask-smorest is untyped
    """flask-smorest's Api with problem+json error handling and error documentation."""

    ERROR_SCHEMA = ProblemSchema
    DEFAULT_ERROR_RESPONSE_NAME = None

    def _register_error_handlers(self) -> None:
        register_error_handlers(self._app)

    def init_app(self, app: flask.Flask, *, spec_kwargs: dict[str, Any] | None = None) -> None:
        super().init_app(app, spec_kwargs={"marshmallow_plugin": _MarshmallowPlugin(), **(spec_kwargs or {})})

    def _register_etag_headers(self) -> None:
        """No ETags here: answers are computed, never cached resources."""

    def _register_pagination_header(self) -> None:
        """Nothing is paginated."""

    def _init_spec(self, **kwargs: Any) -> None:
        super()._init_spec(**kwargs)
        self.spec.components.header(_REQUEST_ID_COMPONENT, {
            "description": "The client's `X-Request-ID` if it is up to 128 characters of `A-Z a-z 0-9 . _ "
                           "-`, otherwise a generated one; on every answer, errors included.",
            "schema": {"type": "string", "pattern": "^[A-Za-z0-9._-]{1,128}$"},
        })
        self.spec.components.schema("Card", CARD_SCHEMA)
        self.spec.components.schema("Board", BOARD_SCHEMA)
        self.ma_plugin.converter.add_attribute_function(_component_refs)
        for record in KIND_OF:  # sent with a kind, never nested by name: registered for the kinds' references
            self.spec.components.schema(component_name(record), schema=schema_for(record))

    def _register_responses(self) -> None:
        for status, (name, when) in (*PROBLEM_RESPONSES.items(), (503, SERVICE_UNAVAILABLE)):
            content: dict[str, Any] = {"schema": ProblemSchema}
            if status == 422:
                content["example"] = _EXAMPLE_422
            self.spec.components.response(name, {
                "description": when,
                "headers": {REQUEST_ID_HEADER: _REQUEST_ID_COMPONENT, **({"Allow": {
                    "description": "The methods this path accepts.", "schema": {"type": "string"}}}
                    if status == 405 else {}), **({"Retry-After": {
                    "description": "Seconds to wait before trying again (a request past its deadline).",
                    "schema": {"type": "integer"}}} if status == 503 else {})},
                "content": {PROBLEM_MIMETYPE: content},
            }, lazy=True)
