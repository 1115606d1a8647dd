"""``GET /docs``: the OpenAPI document rendered on the server as one self-contained HTML page.

No script, stylesheet, font or image is loaded from anywhere: the page works offline and behind any firewall.
It lists every operation (request body, responses, examples) and every schema with its properties, types and
constraints; links are in-page anchors, plus the raw document at ``/openapi.json``.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable, Mapping
from typing import Any, Final

__all__ = ["render_docs"]

_METHODS: Final = ("get", "post", "put", "patch", "delete", "head", "options")
_CONSTRAINTS: Final = ("minimum", "maximum", "minItems", "maxItems", "minLength", "maxLength",
                       "maxProperties", "pattern", "format", "default")
_STYLE: Final = """
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1d232a;background:#fbfbfc}
main{max-width:1100px;margin:0 auto;padding:1rem 2rem 4rem}
h1{margin-bottom:0}h2{border-bottom:2px solid #d8dde3;padding-bottom:.3rem;margin-top:2.5rem}
h3{margin:2rem 0 .4rem}code,pre{font:13px/1.45 ui-monospace,Menlo,Consolas,monospace}
code{background:#eef1f4;padding:0 .25em;border-radius:3px}
pre{background:#f1f3f5;border:1px solid #d8dde3;padding:.7rem;overflow:auto;max-height:28rem}
table{border-collapse:collapse;width:100%;margin:.4rem 0 1rem}
th,td{border:1px solid #d8dde3;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:#eef1f4}.method{display:inline-block;min-width:4.2em;font-weight:700;color:#fff;
border-radius:3px;padding:0 .4em;text-align:center;margin-right:.4em}
.get{background:#2f7d32}.post{background:#1f5fa8}.muted{color:#5b6670}nav ul{columns:2}
details{margin:.4rem 0}summary{cursor:pointer;font-weight:600}
"""


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def _prose(text: str | None) -> str:
    """Escaped text with `code` spans, **bold** and paragraphs."""
    if not text:
        return ""
    escaped = _esc(text)
    escaped = re.sub(r"`([^`]+)`", r"<code>\1</code>", escaped)
    escaped = re.sub(r"\*\*([^*]+)\*\*", r"<strong>\1</strong>", escaped)
    return "".join(f"<p>{part}</p>" for part in escaped.split("\n\n") if part.strip())


def _anchor(kind: str, name: str) -> str:
    return f"{kind}-" + re.sub(r"[^A-Za-z0-9_-]", "-", name)


def _ref_name(ref: str) -> str:
    return ref.rsplit("/", 1)[-1]


def _type(prop: Any) -> str:
    """A property's type as HTML, with links to the schemas it refers to."""
    if not isinstance(prop, Mapping):
        return "any"
    if "$ref" in prop:
        name = _ref_name(prop["$ref"])
        return f'<a href="#{_anchor("schema", name)}">{_esc(name)}</a>'
    for combinator, joiner in (("oneOf", " | "), ("anyOf", " | "), ("allOf", " &amp; ")):
        if combinator in prop:
            return joiner.join(_type(p) for p in prop[combinator])
    kind = prop.get("type")
    kinds = kind if isinstance(kind, list) else [kind] if kind else []
    parts = []
    for one in kinds:
        if one == "array":
            parts.append("array of " + _type(prop.get("items", {})))
        elif one == "object" and isinstance(prop.get("additionalProperties"), Mapping) \
                and prop["additionalProperties"]:
            parts.append("object of " + _type(prop["additionalProperties"]))
        else:
            parts.append(_esc(one))
    return " or ".join(parts) or "any"


def _constraints(prop: Mapping[str, Any]) -> str:
    notes = [f"{name}: <code>{_esc(json.dumps(prop[name]))}</code>" for name in _CONSTRAINTS if name in prop]
    if "enum" in prop:
        notes.append("one of " + ", ".join(f"<code>{_esc(json.dumps(v))}</code>" for v in prop["enum"]))
    return "; ".join(notes)


def _example(value: Any) -> str:
    return f"<pre>{_esc(json.dumps(value, indent=2))}</pre>"


def _schema_section(name: str, schema: Mapping[str, Any]) -> Iterable[str]:
    yield f'<h3 id="{_anchor("schema", name)}">{_esc(name)}</h3>'
    yield _prose(schema.get("description"))
    properties = schema.get("properties")
    if not isinstance(properties, Mapping):
        yield f"<p>Type: {_type(schema)}. {_constraints(schema)}</p>"
        if "examples" in schema:
            yield "<p>Examples: " + ", ".join(f"<code>{_esc(e)}</code>" for e in schema["examples"]) + "</p>"
        return
    required = set(schema.get("required", ()))
    extra = "no other field is accepted" if schema.get("additionalProperties") is False else ""
    yield "<table><tr><th>field</th><th>type</th><th>required</th><th>description</th></tr>"
    for field_name, prop in properties.items():
        described = _prose(prop.get("description") if isinstance(prop, Mapping) else "")
        limits = _constraints(prop) if isinstance(prop, Mapping) else ""
        yield (f"<tr><td><code>{_esc(field_name)}</code></td><td>{_type(prop)}</td>"
               f"<td>{'yes' if field_name in required else ''}</td>"
               f"<td>{described}{f'<p class=muted>{limits}</p>' if limits else ''}</td></tr>")
    yield "</table>"
    if extra:
        yield f"<p class=muted>{extra}.</p>"


def _content(content: Mapping[str, Any]) -> Iterable[str]:
    for media_type, body in content.items():
        yield f"<p><code>{_esc(media_type)}</code>: {_type(body.get('schema', {}))}</p>"
        if "example" in body:
            yield f"<details><summary>Example</summary>{_example(body['example'])}</details>"


def _operation(path: str, method: str, op: Mapping[str, Any], responses: Mapping[str, Any]) -> Iterable[str]:
    yield (f'<h3 id="{_anchor("op", method + path)}"><span class="method {method}">{method.upper()}</span>'
           f"<code>{_esc(path)}</code></h3>")
    yield f"<p><strong>{_esc(op.get('summary', ''))}</strong></p>" + _prose(op.get("description"))
    for parameter in op.get("parameters", ()):
        if isinstance(parameter, Mapping) and "name" in parameter:
            yield (f"<p>Path parameter <code>{_esc(parameter['name'])}</code>: "
                   f"{_prose(parameter.get('description', ''))}</p>")
    body = op.get("requestBody")
    if isinstance(body, Mapping):
        yield "<h4>Request body</h4>"
        yield from _content(body.get("content", {}))
    yield "<h4>Responses</h4><table><tr><th>status</th><th>description</th><th>body</th></tr>"
    examples = []
    for status, response in op.get("responses", {}).items():
        if "$ref" in response:
            name = _ref_name(response["$ref"])
            response = responses.get(name, {})
        content = response.get("content", {})
        bodies = ", ".join(f"<code>{_esc(m)}</code> {_type(c.get('schema', {}))}" for m, c in content.items())
        described = _prose(response.get("description"))
        yield f"<tr><td>{_esc(status)}</td><td>{described}</td><td>{bodies}</td></tr>"
        if str(status).startswith("2"):
            examples += [c["example"] for c in content.values() if "example" in c]
    yield "</table>"
    for example in examples:
        yield f"<details><summary>Example answer</summary>{_example(example)}</details>"


def render_docs(document: Mapping[str, Any]) -> str:
    """The whole page for an OpenAPI document."""
    info = document.get("info", {})
    paths: Mapping[str, Mapping[str, Any]] = document.get("paths", {})
    components = document.get("components", {})
    schemas: Mapping[str, Any] = components.get("schemas", {})
    responses: Mapping[str, Any] = components.get("responses", {})
    operations = [(path, method, item[method]) for path, item in paths.items() for method in _METHODS
                  if method in item]
    title = f"{info.get('title', 'API')} {info.get('version', '')}".strip()
    out = [
        "<!doctype html><html lang=en><head><meta charset=utf-8>",
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_esc(title)}</title><style>{_STYLE}</style></head><body><main>",
        f"<h1>{_esc(title)}</h1>",
        f'<p class=muted>OpenAPI {_esc(document.get("openapi", ""))}: the raw document is at '
        '<a href="/openapi.json">/openapi.json</a>.</p>',
        _prose(info.get("description")),
        "<nav><h2>Operations</h2><ul>",
        *(f'<li><a href="#{_anchor("op", m + p)}">{m.upper()} {_esc(p)}</a> '
          f"<span class=muted>{_esc(op.get('summary', ''))}</span></li>" for p, m, op in operations),
        "</ul></nav><h2>Endpoints</h2>",
    ]
    for path, method, op in operations:
        out.extend(_operation(path, method, op, responses))
    out.append("<h2>Schemas</h2>")
    for name in sorted(schemas):
        out.extend(_schema_section(name, schemas[name]))
    out.append("</main></body></html>")
    return "\n".join(part for part in out if part)
