"""The hands a game makes: :class:`~evaluator.hands.spec.HandSpec` (a hand's name, ranking, formation and
qualifier). Above wilds; below mechanisms and the variant."""
