"""The bottom layer: plain values every other layer uses. Cards and decks, the error root and its JSON pointers,
limits, pots and chips, the deal as sent, play-time events, and the work budget. Imports nothing else of the
evaluator."""
