"""The engine: validate a deal, search every player's best hands, call each mechanism's hooks, divide the pots and
say it in words (:func:`~evaluator.engine.showdown.adjudicate`); one player's hands
(:mod:`~evaluator.engine.hand_evaluation`), the work budget's costs, runs, and equities. It names no game: what a
game changes comes from its variant's records."""
