"""A client for the Showdown poker adjudication API, and the ``showdown`` command line on it::

    from showdown_client import ShowdownClient, ShowdownRequest, Player

    with ShowdownClient("http://127.0.0.1:8000") as client:
        result = client.settle(ShowdownRequest(
            variant="texas-holdem", board=["Kd", "7c", "2h", "9s", "2d"],
            players=[Player(id="ann", hole=["Ah", "Kh"]), Player(id="bob", hole=["Qs", "Qc"])], pot=200))
        print(result.summary)
"""

from showdown_client.client import DEFAULT_URL, URL_ENV, ShowdownClient
from showdown_client.errors import ProblemError, ShowdownClientError, TransportError
from showdown_client.histories import SettledHistory
from showdown_client.models import (
    Award,
    BatchItem,
    Board,
    Card,
    Equities,
    EvaluateRequest,
    Hand,
    HandEvaluation,
    OddChip,
    OptionSpec,
    Player,
    PlayerHand,
    PlayerOdds,
    PlayerResult,
    Pot,
    PotResult,
    ProblemDetail,
    ShowdownRequest,
    ShowdownResult,
    VariantDocument,
    VariantSummary,
    Wild,
)

__all__ = [
    "DEFAULT_URL",
    "URL_ENV",
    "Award",
    "BatchItem",
    "Board",
    "Card",
    "Equities",
    "EvaluateRequest",
    "Hand",
    "HandEvaluation",
    "OddChip",
    "OptionSpec",
    "Player",
    "PlayerHand",
    "PlayerOdds",
    "PlayerResult",
    "Pot",
    "PotResult",
    "ProblemDetail",
    "ProblemError",
    "SettledHistory",
    "ShowdownClient",
    "ShowdownClientError",
    "ShowdownRequest",
    "ShowdownResult",
    "TransportError",
    "VariantDocument",
    "VariantSummary",
    "Wild",
]
