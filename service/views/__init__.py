"""The HTTP endpoints, one module per resource, each with its blueprint ``blp``. A view is a few lines: the
decorators decode and encode, the body calls the library."""

from service.views import docs, equities, hands, health, histories, render, showdowns, table, variants

__all__ = ["API_BLUEPRINTS", "docs", "table"]

#: The documented resources, in the order the OpenAPI document lists them.
API_BLUEPRINTS = (showdowns.blp, histories.blp, equities.blp, hands.blp, variants.blp, render.blp, health.blp)
