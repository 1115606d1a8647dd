"""Marshmallow schemas of every request and response body; the OpenAPI document is generated from them."""

from service.schemas.fields import CardField, Coded
from service.schemas.problems import ProblemErrorSchema, ProblemSchema
from service.schemas.requests import (
    BatchRequest,
    BatchRequestSchema,
    EvaluateCall,
    EvaluateRequestSchema,
    ShowdownCall,
    ShowdownRequestSchema,
)
from service.schemas.responses import (
    BatchItemSchema,
    BatchResponseSchema,
    HandEvaluationSchema,
    HandSchema,
    ShowdownResponseSchema,
)
from service.schemas.variants import VariantListSchema, VariantSchema, VariantSummarySchema

__all__ = [
    "BatchItemSchema",
    "BatchRequest",
    "BatchRequestSchema",
    "BatchResponseSchema",
    "CardField",
    "Coded",
    "EvaluateCall",
    "EvaluateRequestSchema",
    "HandEvaluationSchema",
    "HandSchema",
    "ProblemErrorSchema",
    "ProblemSchema",
    "ShowdownCall",
    "ShowdownRequestSchema",
    "ShowdownResponseSchema",
    "VariantListSchema",
    "VariantSchema",
    "VariantSummarySchema",
]
