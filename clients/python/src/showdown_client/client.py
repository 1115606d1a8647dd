"""The client: one :class:`requests.Session` with timeouts, and retries of answers 503 that honour ``Retry-After``
(bounded in count and in wait), through urllib3's :class:`~urllib3.util.Retry`."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any, Final, Literal
from urllib.parse import quote

import requests
from requests.adapters import HTTPAdapter
from urllib3.util import Retry

from showdown_client.errors import ProblemError, TransportError
from showdown_client.histories import SettledHistory
from showdown_client.models import (
    BatchItem,
    Equities,
    EvaluateRequest,
    HandEvaluation,
    ShowdownRequest,
    ShowdownResult,
    VariantDocument,
    VariantSummary,
)

__all__ = ["DEFAULT_URL", "URL_ENV", "ShowdownClient"]

#: The server when neither an argument nor ``SHOWDOWN_URL`` names one.
DEFAULT_URL: Final = "http://127.0.0.1:8000"
URL_ENV: Final = "SHOWDOWN_URL"
_PROBLEM_TYPES: Final = ("application/problem+json", "application/json")


class ShowdownClient:
    """Calls a Showdown server::

        client = ShowdownClient("http://127.0.0.1:8000")
        result = client.settle({"variant": "texas-holdem", "board": [...], "players": [...], "pot": 300})
        print(result.summary, result.payouts)

    ``timeout`` is (connect, read) seconds for one attempt. An answer 503 (the service is starting or
    overloaded) is retried up to ``retries`` times, after the ``Retry-After`` it gives (at most
    ``max_retry_after`` seconds) or an exponential backoff (0.5 s, 1 s, 2 s... at most 8 s). Every request is
    stateless, so retrying a POST is safe. Other failures are raised at once: :class:`ProblemError` for a problem
    answer, :class:`TransportError` for no answer.
    """

    def __init__(self, base_url: str | None = None, *, timeout: float | tuple[float, float] = (3.05, 30.0),
                 retries: int = 3, max_retry_after: int = 30, session: requests.Session | None = None) -> None:
        self.base_url = (base_url or os.environ.get(URL_ENV) or DEFAULT_URL).rstrip("/")
        self.timeout = timeout
        self.session = session or requests.Session()
        retry = Retry(total=retries, connect=0, read=0, redirect=0, other=0, status=retries,
                      status_forcelist=[503], allowed_methods=["GET", "POST"], backoff_factor=0.5, backoff_max=8,
                      respect_retry_after_header=True, retry_after_max=max_retry_after,
                      raise_on_status=False)
        adapter = HTTPAdapter(max_retries=retry)
        self.session.mount("http://", adapter)
        self.session.mount("https://", adapter)
        self.session.headers.setdefault("User-Agent", "showdown-client/0.1")

    def close(self) -> None:
        self.session.close()

    def __enter__(self) -> ShowdownClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- Operations (their operationId in openapi.yaml) -------------------------------------------------------

    def settle(self, request: ShowdownRequest | Mapping[str, Any]) -> ShowdownResult:
        """``adjudicateShowdown``: every player's best hands and every pot divided."""
        return ShowdownResult.from_json(self._json("POST", "/v1/showdowns", _body(request)))

    def settle_history(self, history: str) -> SettledHistory:
        """``settleHandHistory``: one hand's PHH text (TOML) replayed and settled."""
        return SettledHistory.from_json(self._json("POST", "/v1/hand-histories/settle", {"history": history}))

    def settle_batch(self, requests_: Sequence[ShowdownRequest | Mapping[str, Any]]) -> list[BatchItem]:
        """``adjudicateShowdownBatch``: each item answered on its own (a result or a problem), in order."""
        answer = self._json("POST", "/v1/showdowns/batch", {"showdowns": [_body(r) for r in requests_]})
        return [BatchItem.from_json(item) for item in answer["results"]]

    def render(self, request: ShowdownRequest | Mapping[str, Any],
               image_format: Literal["png", "svg"] = "png") -> bytes:
        """``renderShowdown``: the adjudicated showdown as a PNG or SVG picture."""
        return self._call("POST", "/v1/showdowns/render", _body(request), params={"format": image_format}).content

    def evaluate(self, request: EvaluateRequest | Mapping[str, Any]) -> HandEvaluation:
        """``evaluateHand``: one player's best hand of each kind."""
        return HandEvaluation.from_json(self._json("POST", "/v1/hands/evaluate", _body(request)))

    def odds(self, request: Mapping[str, Any]) -> Equities:
        """``calculateEquities``: odds mid-hand, a showdown request with ``null`` for each unknown card."""
        return Equities.from_json(self._json("POST", "/v1/equities", request))

    def render_odds(self, request: Mapping[str, Any], image_format: Literal["png", "svg"] = "png") -> bytes:
        """``renderEquities``: the odds as a picture, each player's share as a bar."""
        return self._call("POST", "/v1/equities/render", request, params={"format": image_format}).content

    def variants(self) -> list[VariantSummary]:
        """``listVariants``: the catalog."""
        return [VariantSummary.from_json(v) for v in self._json("GET", "/v1/variants")["variants"]]

    def variant(self, variant_id: str) -> VariantDocument:
        """``getVariant``: one variant in full, with an example request."""
        return VariantDocument.from_json(self._json("GET", f"/v1/variants/{_segment(variant_id)}"))

    def layout_svg(self, variant_id: str) -> bytes:
        """``getVariantLayoutSvg``: a picture of the variant's board."""
        return self._call("GET", f"/v1/variants/{_segment(variant_id)}/layout.svg").content

    def ready(self) -> bool:
        """``getReadiness``, without retries: whether the server answers and is ready."""
        try:
            return self.session.get(f"{self.base_url}/readyz", timeout=self.timeout).status_code == 200
        except requests.RequestException:
            return False

    # --- HTTP -------------------------------------------------------------------------------------------------

    def _json(self, method: str, path: str, body: Any = None) -> dict[str, Any]:
        answer: dict[str, Any] = self._call(method, path, body).json()
        return answer

    def _call(self, method: str, path: str, body: Any = None,
              params: Mapping[str, str] | None = None) -> requests.Response:
        try:
            response = self.session.request(method, self.base_url + path, json=body, params=params,
                                            timeout=self.timeout)
        except requests.RequestException as exc:
            raise TransportError(f"{method} {self.base_url}{path}: {exc}") from exc
        if response.ok:
            return response
        raise _problem(response)


def _body(request: ShowdownRequest | EvaluateRequest | Mapping[str, Any]) -> Any:
    return request.to_json() if isinstance(request, ShowdownRequest | EvaluateRequest) else request


def _segment(text: str) -> str:
    return quote(text, safe="")


def _problem(response: requests.Response) -> ProblemError:
    request_id = response.headers.get("X-Request-ID")
    if response.headers.get("Content-Type", "").split(";")[0].strip() in _PROBLEM_TYPES:
        try:
            body = response.json()
        except ValueError:
            body = None
        if isinstance(body, dict):
            return ProblemError.from_json(response.status_code, body, request_id)
    return ProblemError(status=response.status_code, type="about:blank", title=response.reason or "Error",
                        detail=response.text[:500], request_id=request_id)
