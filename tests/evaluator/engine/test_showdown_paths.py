"""The orchestration's shortcuts (:mod:`evaluator.engine.showdown`) against their straightforward readings: on seeded
deals of the catalog variants they concern (the example generator's, at its fewest seats and the most its deck
serves), each answer equals the answer with the straightforward reading patched in:

- the hooks are called only of the mechanisms whose hook is their own (:func:`_hooks`), against every mechanism's
  hook called in pipeline order, as the engine's contract says (the others answer what they were given);
- a wild card's substitute is looked for (:func:`prefer_unseen`) only in a hand where some wild card became a card
  in sight, against every hand that played a wild card asked.
"""

from __future__ import annotations

import pytest

import evaluator.engine.showdown as showdown
from evaluator import all_variants
from evaluator.mechanisms.base import Mechanism, MutableHands
from evaluator.values.cards import card_of
from evaluator.values.deal import Deal
from evaluator.values.frozen import replaced
from evaluator.variant import Variant
from evaluator.wilds.scoring import prefer_unseen
from tests.evaluator.engine.seeded import answers_as_patched

WITH_MECHANISMS = [v for v in all_variants() if v.mechanisms and v.not_showdown is None]
WILD_VARIANTS = [v for v in all_variants() if v.wilds and v.not_showdown is None]


def _every_hook(game: Variant) -> showdown._Hooks:
    pipeline = game.pipeline
    return showdown._Hooks(pipeline, pipeline, pipeline, pipeline)


def _unseen_substitutes_plainly(game: Variant, deal: Deal, hands: MutableHands) -> None:
    """Every hand that played a wild card asked for an unseen substitute."""
    if not game.wilds:
        return
    seen = frozenset(deal.board).union(*(s.up for s in deal.seats))
    names = {spec.name: spec for spec in game.hands}
    for mine in hands.values():
        for name, played in mine.items():
            spec = names.get(name)
            if spec is None or not played.wilds or played.score is None:
                continue
            found = prefer_unseen(spec.ranking, played.cards, played.wilds, seen)
            if found is not None:
                cards, wilds = found
                description = played.description or ""
                for (wild, before), (_, after) in zip(played.wilds, wilds, strict=True):
                    description = description.replace(f"{wild} as {before}", f"{wild} as {after}")
                mine[name] = replaced(played, cards=tuple(card_of(c) for c in cards), wilds=tuple(wilds),
                                      description=description)


def test_a_hook_no_mechanism_overrides_answers_what_it_was_given() -> None:
    mechanism, deal = Mechanism(), Deal(seats=())
    assert mechanism.entrants(deal) is deal
    assert mechanism.prepare(WITH_MECHANISMS[0], deal) == (WITH_MECHANISMS[0], deal)
    players, payouts = (), {"ann": 1}
    assert mechanism.by_player(players, payouts, deal) == (players, payouts)


@pytest.mark.parametrize("variant", WITH_MECHANISMS, ids=lambda v: v.id)
def test_calling_only_the_mechanisms_own_hooks_answers_as_calling_every_one(variant: Variant,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    answers_as_patched(variant, monkeypatch, showdown, "_hooks", _every_hook)


@pytest.mark.parametrize("variant", WILD_VARIANTS, ids=lambda v: v.id)
def test_a_substitute_is_looked_for_only_where_a_wild_card_became_a_card_in_sight(
        variant: Variant, monkeypatch: pytest.MonkeyPatch) -> None:
    answers_as_patched(variant, monkeypatch, showdown, "_unseen_substitutes", _unseen_substitutes_plainly)
