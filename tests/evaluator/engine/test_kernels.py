"""The search's compiled core (:mod:`evaluator.engine.kernels`) answers what its numpy reading answers: every row's
value and each seat's best row on random rows (natural, with wild cells, doubled for ``natural_beats_wild``), the
refusal of a card the chain cannot read, and every catalog variant's whole answers on its seeded deals."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import evaluator.engine.kernels as kernels
import evaluator.engine.search as search
import evaluator.engine.showdown as showdown
from evaluator import all_variants
from evaluator.catalog import variant_named
from evaluator.engine.showdown import adjudicate
from evaluator.rankings import HIGH, LOW_A5, TableRanking
from evaluator.values.cards import JOKER_BASE, MAX_JOKERS
from evaluator.variant import Variant
from evaluator.wilds.scoring import WILD_SYMBOL, score_with_wilds, wild_cell_tables, wild_chain
from tests.evaluator.engine.seeded import answer, seeded_calls
from tests.samples import samples

pytestmark = pytest.mark.slow  # property samples reduced in make test, in full under make stress

_RANKINGS = {"high": HIGH, "low-a5": LOW_A5}


def _five_tables(rankings: list[TableRanking], wilds: bool) -> kernels.FiveTables:
    """The rankings' tables for :func:`kernels.five_best`: their wild cells' with wild cards, else their own."""
    pairs = []
    for ranking in rankings:
        cells = wild_cell_tables(ranking, 5)
        assert cells is not None
        pairs.append(cells if wilds else (ranking.plain_table, ranking.suited_table if ranking.suits_matter else
                                          ranking.plain_table))
    return kernels.FiveTables.of(pairs)


def _numpy_reading(ranking: TableRanking, cards: Any, wild: Any, doubled: bool, seats: int) -> tuple[Any, list[int]]:
    """The values :func:`search.scored_combinations` gives every row and the rows :func:`search.best_rows` chooses."""
    scores = score_with_wilds(ranking, cards, wild) if wild is not None else ranking.evaluate_many(cards)
    ranked = scores.astype(np.int64) * 2 + (~wild.any(axis=1) if wild is not None else 1) if doubled else scores
    return ranked, search.best_rows(ranked, cards, [len(cards) // seats] * seats)


@settings(max_examples=samples(100, 400), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), seats=st.integers(1, 11), rows=st.integers(1, 60), groups=st.integers(1, 4),
       ranking=st.sampled_from(sorted(_RANKINGS)), wilds=st.integers(0, 6), doubled=st.booleans(),
       repeats=st.floats(0, 0.5), ordered=st.booleans())
def test_every_rows_value_and_each_seats_best_row_are_the_numpy_readings(
        seed: int, seats: int, rows: int, groups: int, ranking: str, wilds: int, doubled: bool, repeats: float,
        ordered: bool) -> None:
    """Seats of 9 slots sharing random rows of five slot indexes, in random board groups, each seat with its own
    wild cards in each group (none at all with ``wilds`` 0): both compiled passes (by the chain, and by the
    five-card tables, for the high and the low hand in one pass) write each row's value and chooses
    each seat's best row (greatest value; among equal values that are hands, the greatest card bits, the first of
    equal sums) as scoring the card rows with numpy and reading them with ``best_rows`` does. Rows repeated and
    deals repeated across seats make the ties; rows in order (``ordered``, as a formation lists them) share their
    first slots with the row before, which the pass reads once, unless the next row's wild cards differ."""
    rng = np.random.default_rng(seed)
    rank = _RANKINGS[ranking]
    table = np.array([rng.choice(52, 9, replace=False) for _ in range(seats)], dtype=np.int64)
    table[rng.random(seats) < repeats] = table[0]
    combos = np.array([rng.choice(9, 5, replace=False) for _ in range(rows)], dtype=np.int64)
    combos[rng.random(rows) < repeats] = combos[0]
    if ordered:
        combos = np.array(sorted(map(tuple, np.sort(combos, axis=1).tolist())), dtype=np.int64)
    group_of = rng.integers(0, groups, rows).astype(np.int64)
    cards = table[:, combos].reshape(-1, 5)
    if wilds:
        masks = np.zeros((seats, groups), dtype=np.int64)
        for s in range(seats):
            for g in range(groups):
                for c in rng.choice(table[s], rng.integers(0, wilds + 1), replace=True).tolist():
                    masks[s, g] |= 1 << c
        wild = ((masks[np.repeat(np.arange(seats), rows), np.tile(group_of, seats)][:, None] >> cards) & 1) == 1
        chain = wild_chain(rank, 5)
    else:
        masks, wild, chain = None, None, rank.card_chain(5)
    assert chain is not None
    by_chain = kernels.seats_best(kernels.chain_tables(chain), table, combos, group_of, masks, WILD_SYMBOL, doubled)
    others = [r for r in _RANKINGS.values() if r is not rank]
    by_tables = kernels.five_best(_five_tables([rank, *others], wilds > 0), table, combos, group_of, masks, doubled)
    assert by_chain is not None and by_tables is not None
    for found, ranking in [(by_chain, rank), *zip(by_tables, [rank, *others], strict=True)]:
        expected_ranked, expected_bests = _numpy_reading(ranking, cards, wild, doubled, seats)
        ranked, bests = found
        assert np.array_equal(ranked, expected_ranked)
        assert bests == expected_bests


@pytest.mark.parametrize("wilds", [False, True])
def test_a_card_the_chain_cannot_read_leaves_the_search_to_the_numpy_reading(wilds: bool) -> None:
    """A joker that is not wild (no symbol of a chain over cards) makes the compiled pass answer None, whatever else
    the rows hold, so that the numpy reading (which reads jokers its own way, or refuses them) answers."""
    table = np.array([[0, 5, 10, 15, JOKER_BASE], [1, 6, 11, 16, 20]], dtype=np.int64)
    combos = np.array([[0, 1, 2, 3, 4]], dtype=np.int64)
    chain = wild_chain(HIGH, 5) if wilds else HIGH.card_chain(5)
    assert chain is not None
    masks = np.zeros((2, 1), dtype=np.int64) if wilds else None
    assert kernels.seats_best(kernels.chain_tables(chain), table, combos, np.zeros(1, np.int64), masks,
                              WILD_SYMBOL, False) is None
    tables = kernels.FiveTables.of([(HIGH.plain_table, HIGH.suited_table)])
    assert kernels.five_best(tables, table, combos, np.zeros(1, np.int64), masks, False) is None
    masks = np.array([[1 << JOKER_BASE], [0]], dtype=np.int64)  # the joker wild: read as a wild cell
    found = kernels.seats_best(kernels.chain_tables(wild_chain(HIGH, 5)), table, combos,  # type: ignore[arg-type]
                               np.zeros(1, np.int64), masks, WILD_SYMBOL, False)
    assert found is not None


def test_each_kernel_is_compiled_for_one_signature_and_refuses_other_types() -> None:
    """Each kernel has one compiled signature (int64 rows): rows of another type are refused, not compiled anew in
    the middle of a request."""
    chain = HIGH.card_chain(5)
    assert chain is not None
    tables = kernels.chain_tables(chain)
    kernels.warm_up()
    with pytest.raises(TypeError):
        kernels.seats_best(tables, np.zeros((1, 5), dtype=np.int32), np.zeros((1, 5), dtype=np.int64),
                           np.zeros(1, np.int64), None, WILD_SYMBOL, False)
    with pytest.raises(TypeError):
        kernels.five_best(kernels.FiveTables.of([(HIGH.plain_table, HIGH.suited_table)]), np.zeros((1, 5), np.int32),
                          np.zeros((1, 5), dtype=np.int64), np.zeros(1, np.int64), None, False)
    assert len(kernels._seats_best_kernel().signatures) == len(kernels._five_best_kernel().signatures) == 1


def test_rows_of_another_width_than_the_chains_are_refused() -> None:
    chain = HIGH.card_chain(5)
    assert chain is not None
    with pytest.raises(ValueError, match="rows of 4 cards"):
        kernels.seats_best(kernels.chain_tables(chain), np.zeros((1, 5), dtype=np.int64),
                           np.zeros((1, 4), dtype=np.int64), np.zeros(1, np.int64), None, WILD_SYMBOL, False)


def test_jokers_and_cards_fit_the_bit_masks() -> None:
    """Every card and joker is a bit of one signed 64-bit mask, and five of them add up without overflow."""
    assert JOKER_BASE + MAX_JOKERS <= 62


@pytest.mark.parametrize("variant", all_variants(), ids=lambda v: v.id)
def test_every_variants_answers_with_the_compiled_core_are_those_of_the_numpy_reading(
        variant: Variant, monkeypatch: pytest.MonkeyPatch) -> None:
    """On the variant's seeded deals (the lean path for plain games off, so the engine searches), the whole answers
    with the compiled core are those with it off."""
    monkeypatch.setattr(showdown, "adjudicate_plain", lambda *args: None)
    calls = seeded_calls(variant)
    monkeypatch.setattr(kernels, "ENABLED", False)
    expected = [answer(call) for call in calls]
    monkeypatch.setattr(kernels, "ENABLED", True)
    assert [answer(call) for call in calls] == expected


def test_the_compiled_core_serves_the_searches_of_most_of_the_catalog(monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled core is not a path nobody takes: it answers most searches of the catalog's seeded deals."""
    taken: list[bool] = []
    compiled = search._compiled

    def counted(*args: Any) -> Any:
        found = compiled(*args)
        taken.append(found is not None)
        return found

    monkeypatch.setattr(search, "_compiled", counted)
    monkeypatch.setattr(showdown, "adjudicate_plain", lambda *args: None)
    for variant in all_variants()[::7]:
        for call in seeded_calls(variant)[:2]:
            answer(call)
    assert sum(taken) > len(taken) / 2


@pytest.mark.parametrize("name", ["elevator-wild", "cucamonga", "mutual-of-omaha"])
def test_a_high_and_a_low_listing_the_same_combinations_are_scored_in_one_pass(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game's high and low hands that list the very same combinations (the showdown's searches share them) are
    scored by one pass of the five-card kernel, which answers both: one call a showdown, two hands each."""
    calls: list[int] = []
    five_best = kernels.five_best

    def counted(tables: kernels.FiveTables, *args: Any) -> Any:
        calls.append(len(tables.apart))
        return five_best(tables, *args)

    monkeypatch.setattr(kernels, "five_best", counted)
    monkeypatch.setattr(showdown, "adjudicate_plain", lambda *args: None)
    variant = variant_named(name)
    for call in seeded_calls(variant)[:3]:
        calls.clear()
        adjudicate(call.variant, call.deal, call.options)
        assert calls[0] == 2
        assert len([n for n in calls if n == 2]) == 1


def _chained_rankings() -> list[Any]:
    """The catalog's rankings that have a chain of state tables for rows of their size."""
    found: dict[int, Any] = {}
    for variant in all_variants():
        for spec in variant.hands:
            if spec.ranking.card_chain(spec.ranking.size) is not None:
                found.setdefault(id(spec.ranking), spec.ranking)
    return list(found.values())


def test_most_of_the_catalogs_rankings_have_a_chain_the_compiled_core_reads() -> None:
    assert len(_chained_rankings()) >= 20


@pytest.mark.parametrize("ranking", _chained_rankings(), ids=lambda r: r.name)
def test_every_rankings_card_chain_scores_rows_as_its_evaluate_many_does(ranking: Any) -> None:
    """A ranking's chain of state tables (what the compiled core reads: ``Ranking.card_chain``) scores random rows
    of card ints below the chain's symbols (jokers too where it reads them) exactly as its ``evaluate_many``
    does."""
    chain = ranking.card_chain(ranking.size)
    rng = np.random.default_rng(len(ranking.name))
    rows = np.array([rng.choice(chain.symbols, ranking.size, replace=False) for _ in range(3000)], dtype=np.int64)
    assert np.array_equal(chain.scores(rows), ranking.evaluate_many(rows))
