"""Hand histories in PHH (the Poker Hand History format, TOML): read one, replay its actions and build the showdown
request it ends in. Pure: no Flask; the service's views call it."""

from service.histories.phh import HistoryInvalid, histories_in, history_in
from service.histories.replay import Settlement, settlement_of

__all__ = ["HistoryInvalid", "Settlement", "histories_in", "history_in", "settlement_of"]
