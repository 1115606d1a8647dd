"""A record's domain checks (evaluator/engine/variant_checks.py): every catalog record passes them, and a record naming
what it does not have is refused at the pointer of the name."""

from __future__ import annotations

from dataclasses import replace

import pytest

from evaluator import all_variants, variant_named
from evaluator.engine.variant_checks import problems_in_variant
from evaluator.formation import BoardGroup, Count, Formation, Pick
from evaluator.mechanisms import Shares
from evaluator.rankings.special import SPECIAL_RANKINGS
from evaluator.variant import Variant
from evaluator.wilds.rules import FixedRanks


@pytest.mark.parametrize("variant", all_variants(), ids=lambda v: v.id)
def test_every_catalog_record_passes_the_domain_checks(variant: Variant) -> None:
    assert problems_in_variant(variant) == []


def test_a_formation_source_the_record_does_not_deal_is_refused_at_its_pointer() -> None:
    holdem = variant_named("texas-holdem")
    hand = replace(holdem.hands[0], formation=Formation(picks=(Pick(limits={"hole+breaker": Count.exactly(2)}),)))
    assert [p.pointer for p in problems_in_variant(replace(holdem, hands=(hand,)))] == [
        "/hands/0/formation/picks/0/limits/hole+breaker"]


def test_a_group_naming_a_position_the_layout_lacks_is_refused() -> None:
    holdem = variant_named("texas-holdem")
    hand = replace(holdem.hands[0], formation=Formation(groups=(BoardGroup(name="g", positions=("N",)),)))
    assert [p.pointer for p in problems_in_variant(replace(holdem, hands=(hand,)))] == [
        "/hands/0/formation/groups/0/positions/0"]


def test_a_shares_division_without_shares_is_refused() -> None:
    assert [p.pointer for p in problems_in_variant(replace(variant_named("texas-holdem"), division=Shares(shares=())))
            ] == ["/division/shares"]


def test_an_option_named_twice_or_defaulting_to_no_value_is_refused() -> None:
    chicago = variant_named("chicago")
    twice = replace(chicago, options=(*chicago.options, replace(chicago.options[0], default="nope")))
    assert {p.pointer for p in problems_in_variant(twice)} == {
        f"/options/{len(chicago.options)}/name", f"/options/{len(chicago.options)}/default"}


def test_a_wild_rank_out_of_range_or_no_rank_at_all_is_refused() -> None:
    irish = variant_named("luck-of-the-irish")  # fours wild
    over = replace(irish, wilds=(FixedRanks(ranks=(2, 13)),))
    none = replace(irish, wilds=(FixedRanks(ranks=()),))
    assert [p.pointer for p in problems_in_variant(over)] == ["/wilds/0/ranks/1"]
    assert [p.pointer for p in problems_in_variant(none)] == ["/wilds/0/ranks"]


def test_a_hand_playing_wild_cards_needs_a_ranking_that_scores_them() -> None:
    irish = variant_named("luck-of-the-irish")
    soko = replace(irish, hands=(replace(irish.hands[0], ranking=SPECIAL_RANKINGS["SOKO"]),))
    assert [p.pointer for p in problems_in_variant(soko)] == ["/hands/0/ranking"]
    assert problems_in_variant(replace(soko, hands=(replace(soko.hands[0], uses_wilds=False),))) == []


def test_a_ranking_of_more_cards_than_a_player_can_hold_is_refused() -> None:
    """Found by fuzzing: guts (three hole cards) ranked by five-card HIGH paid out chips it did not have."""
    guts = variant_named("guts")
    high = replace(guts, hands=(replace(guts.hands[0], ranking=variant_named("texas-holdem").hands[0].ranking),))
    assert [p.pointer for p in problems_in_variant(high)] == ["/hands/0/ranking"]


def test_wild_sets_need_a_hand_of_any_five_usable_cards() -> None:
    sets = variant_named("seven-and-what-makes-it")
    omaha = variant_named("omaha")
    picked = replace(sets, hands=(replace(sets.hands[0], formation=omaha.hands[0].formation),))
    assert [p.pointer for p in problems_in_variant(picked)] == ["/hands/0/formation"]
