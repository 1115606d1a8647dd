"""The RFC 9457 problem document every non-2xx answer carries (``application/problem+json``)."""

from __future__ import annotations

from marshmallow import Schema, fields

__all__ = ["ProblemErrorSchema", "ProblemSchema"]


class ProblemErrorSchema(Schema):
    """One thing wrong with the request, located by a JSON pointer (RFC 6901) into the request body."""

    pointer = fields.String(required=True, metadata={
        "description": "An RFC 6901 JSON pointer into the request body (`\"\"` is the whole body), e.g. "
                       "`/players/1/hole/0`.", "examples": ["/players/1/hole/0"]})
    detail = fields.String(required=True, metadata={"description": "What is wrong, for people."})
    code = fields.String(required=True, metadata={
        "description": "A stable code for programs: e.g. `required`, `unknown-field`, `type`, `bad-card`, "
                       "`duplicate-card`, `card-not-in-deck`, `wrong-card-count`, `unknown-variant`, "
                       "`unknown-option`, `bad-option-value`, `unknown-player`, `over-limit`.",
        "examples": ["duplicate-card"]})


class ProblemSchema(Schema):
    class Meta:
        description = (
            "An RFC 9457 problem. `type` identifies the kind of problem; for a 422, `errors` lists every "
            "problem found at once, each at its own pointer."
        )

    type = fields.String(required=True, metadata={
        "format": "uri", "examples": ["https://showdown.example/problems/invalid-showdown"]})
    title = fields.String(required=True)
    status = fields.Integer(required=True)
    detail = fields.String(required=True)
    errors = fields.List(fields.Nested(ProblemErrorSchema), metadata={
        "description": "Every problem found, each at its own pointer (422 answers)."})
