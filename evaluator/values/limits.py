"""Documented complexity limits: no request may tie up a worker (the service publishes these numbers)."""

from typing import Final

__all__ = ["MAX_BATCH", "MAX_COMBINATIONS_PER_REQUEST", "MAX_HANDS_PER_PLAYER", "MAX_PLAYERS"]

#: Players in one showdown (the largest table in the reference seats 11, Cucamonga).
MAX_PLAYERS: Final = 12
#: Separate hands one player may send (``players[].hands``; Double Trouble plays two).
MAX_HANDS_PER_PLAYER: Final = 4
#: Legal hand combinations evaluated for one showdown, all players and all hands together.
MAX_COMBINATIONS_PER_REQUEST: Final = 200_000
#: Showdowns in one batch request.
MAX_BATCH: Final = 100
