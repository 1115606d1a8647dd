"""The search of every live seat at once (``best_hands`` over all seats: one scoring pass, one numpy pass for each
seat's best row, each best row spelled out from one lookup) finds, for each seat, the hand that searching that seat
alone and reading its rows with ``played_hand`` finds, also where seats have different numbers of usable cards
(killed ranks, short hands), on every catalog variant's seeded deals."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import replace
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
from evaluator.engine.search import SearchesKept, best_hands, kept_searches
from evaluator.engine.showdown import adjudicate
from evaluator.engine.slots import Usable, board_slots, seats_usable, usable_slots
from evaluator.values.budget import work_budget
from evaluator.values.cards import JOKER_BASE, MAX_JOKERS, Card, card_of, parse_cards
from evaluator.values.deal import Deal, Seat
from evaluator.variant import Variant
from evaluator.wilds.sets import WildSets
from tests.evaluator.engine.seeded import answer, seeded_calls
from tests.samples import samples

pytestmark = pytest.mark.slow  # property samples reduced in make test, in full under make stress


def _deals(game: Variant, rng: random.Random, count: int) -> Iterator[Deal]:
    """Random deals of a layout game whose players hold only hole cards: two players to as many as the deck serves."""
    assert game.board.layout is not None
    positions = game.board.layout.required
    hole = game.hole.min
    for _ in range(count):
        deck = [card_of(c) for c in range(52)]
        rng.shuffle(deck)
        players = rng.randint(2, min(game.seating.max, (len(deck) - len(positions)) // hole))
        own = iter(deck[len(positions):])
        seats = tuple(Seat(id=f"p{i}", hole=tuple(next(own) for _ in range(hole))) for i in range(players))
        yield Deal(seats=seats, board=tuple(deck[:len(positions)]), positions=tuple(positions), pot=100)


def _seat_by_seat(spec: object, seats: Sequence[Seat], *args: object) -> list[object]:
    return [best_hands(spec, [seat], *args)[0] for seat in seats]  # type: ignore[arg-type]


def _straightforward(patch: pytest.MonkeyPatch) -> None:
    """The search's straightforward reading patched in: every hand's combinations listed by its own search, each
    seat's rows read by ``played_hand`` in turn."""
    patch.setattr(showdown, "kept_searches", lambda game: None)
    patch.setattr(search, "_seats_played", search._seats_played_one_by_one)


@pytest.mark.parametrize("variant", all_variants(), ids=lambda v: v.id)
def test_every_seats_best_hand_found_at_once_is_the_one_read_seat_by_seat(variant: Variant,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """On the variant's seeded deals, the general engine's answer (the lean path for plain games switched off) with
    each seat's best row chosen for all seats in one numpy pass and spelled out from one lookup, and what hands
    search alike found once, equals the answer with every hand's own search and ``played_hand`` reading each seat's
    rows."""
    calls = seeded_calls(variant)
    assert calls
    monkeypatch.setattr(showdown, "adjudicate_plain", lambda *args: None)
    for call in calls:
        fast = answer(call)
        with monkeypatch.context() as patch:
            _straightforward(patch)
            assert answer(call) == fast, call.deal


@pytest.mark.parametrize("name", ["pyramid-wild-kill"])
def test_seats_searched_together_get_the_hand_each_finds_alone(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = variant_named(name)
    rng = random.Random(f"search together {name}")
    unequal = 0
    for deal in _deals(game, rng, samples(60, 600)):
        together = adjudicate(game, deal)
        with monkeypatch.context() as patch:
            patch.setattr(showdown, "best_hands", _seat_by_seat)
            _straightforward(patch)
            assert together == adjudicate(game, deal), deal
        killed = {int(card) >> 2 for position, card in zip(deal.positions or (), deal.board, strict=True)
                  if position.startswith("B")}
        unequal += len({sum(int(card) >> 2 not in killed for card in seat.hole) for seat in deal.seats}) > 1
    assert unequal  # the deals include seats left with different numbers of usable cards


def _widths(game: Variant, deal: Deal) -> set[int]:
    """The widths of the seats' short hands searched for this deal (each seat's usable cards, at most five)."""
    spec = game.hands[0]
    prepared = deal
    for mechanism in game.mechanisms:
        prepare = getattr(mechanism, "prepare", None)
        if prepare is not None:
            game, prepared = prepare(game, prepared)
    board = board_slots(prepared, game)
    usable = seats_usable(prepared.seats, board, game, prepared, spec.formation)
    return {search._size_for(spec, spec.formation, u.own, board) for u in usable}


def _hearts_deals(rng: random.Random, count: int) -> Iterator[Deal]:
    """Random Hearts Poker deals of a three-card board (at most one heart in it), the queen of spades in someone's
    hand (he discards one of his two: a short hand of four) and the jack of diamonds nowhere (no extra card)."""
    game = variant_named("hearts-poker")
    queen, jack = Card("Qs"), Card("Jd")
    for _ in range(count):
        deck = [card_of(c) for c in range(52) if card_of(c) not in (queen, jack)]
        rng.shuffle(deck)
        board = [c for c in deck if c.suit != 2][:2] + [c for c in deck if c.suit == 2][:1]
        rest = [c for c in deck if c not in board]
        players = rng.randint(2, game.seating.max)
        holes = [[rest[2 * i], rest[2 * i + 1]] for i in range(players)]
        holes[rng.randrange(players)][rng.randrange(2)] = queen
        yield Deal(seats=tuple(Seat(id=f"p{i}", hole=tuple(h)) for i, h in enumerate(holes)), board=tuple(board),
                   pot=100)


@pytest.mark.parametrize("name", ["pyramid-wild-kill", "hearts-poker"])
def test_short_hands_of_seats_grouped_by_index_array_are_those_each_seat_finds_alone(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Short hands whose seats are left different numbers of usable cards (killed ranks, a discard) are searched a
    group of seats sharing an index array at a time (``_searched_by_arrays``): each seat's hand is the one its own
    search finds (Pyramid's deals hold seats of one width but several arrays too)."""
    game = variant_named(name)
    rng = random.Random(f"short hands grouped {name}")
    deals = list(_deals(game, rng, samples(60, 400)) if game.board.layout is not None else
                 _hearts_deals(rng, samples(60, 400)))
    grouped = 0
    real = search._searched_by_arrays

    def counted(*args: Any) -> Any:
        nonlocal grouped
        grouped += 1
        return real(*args)

    monkeypatch.setattr(search, "_searched_by_arrays", counted)
    several = 0
    for deal in deals:
        together = adjudicate(game, deal)
        with monkeypatch.context() as patch:
            patch.setattr(showdown, "best_hands", _seat_by_seat)
            assert together == adjudicate(game, deal), deal
        several += len(_widths(game, deal)) > 1
    assert several and grouped >= several  # the deals include seats of several widths, searched by groups


@pytest.mark.parametrize("name", ["pyramid-wild-kill", "hearts-poker", "texas-holdem"])
def test_each_seats_hand_size_read_from_its_slots_shape_is_the_one_its_slots_allow(name: str) -> None:
    """Each seat's hand size read from the sources and labels of its slots and the board's (``_sizes_for``, kept
    per shape) is the largest its slots themselves allow (``_size_for``): for random own slots (none to all of the
    seat's cards, up cards too) and boards (some positions missing, none at all)."""
    game = variant_named(name)
    spec = game.hands[0]
    rng = random.Random(f"hand sizes {name}")
    deals = list(_deals(game, rng, 40) if game.board.layout is not None else _hearts_deals(rng, 40))
    sizes = set()
    for deal in deals:
        board = [s for s in board_slots(deal, game) if rng.random() < 0.8] if rng.random() < 0.9 else []
        owns = []
        for seat in deal.seats:
            own = [s for s in seats_usable([seat], board, game, deal, spec.formation)[0].own if rng.random() < 0.7]
            owns.append([*own, replace(own[0], source="up")] if own and rng.random() < 0.2 else own)
        expected = [search._size_for(spec, spec.formation, own, board) for own in owns]
        assert search._sizes_for(spec, spec.formation, owns, board) == expected
        sizes.update(expected)
    assert len(sizes) > 1 or not spec.short_hands


def test_seats_with_unequal_combinations_that_add_up_like_equal_ones_each_get_their_own_best() -> None:
    """Killed ranks leave the first player 6 usable cards (6 combinations), the second 7 (21) and three others 5 (1
    each): 6 + 21 + 1 + 1 + 1 = 5 x 6, the total of five seats of 6. Their scores must not be read as five rows of 6."""
    game = variant_named("pyramid-wild-kill")
    board = dict(zip(("T1", "T2", "M1", "M2", "M3", "B1", "B2", "B3", "B4"),
                     parse_cards("7c 8c Ks Qd Jh 2s 3s 4s 6s"), strict=True))
    holes = ("2h 2d 9s Td 5h", "3h 9h Th 5d Kc", "3d 3c 4h 9d Tc", "4d 4c 6h 9c Qh", "6d 6c 2c 5c Qc")
    deal = Deal(seats=tuple(Seat(id=f"p{i}", hole=parse_cards(h)) for i, h in enumerate(holes)),
                board=tuple(board.values()), positions=tuple(board), pot=100)
    together = adjudicate(game, deal)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(showdown, "best_hands", _seat_by_seat)
        _straightforward(patch)
        assert together == adjudicate(game, deal)
    assert together.players[1].hands["high"].category == "straight"  # K-Q-J-T-9, his own seven cards


def test_a_store_is_kept_only_where_two_hands_read_the_same_usable_slots() -> None:
    assert kept_searches(variant_named("omaha-hi-lo")) == SearchesKept()  # high and low: the same slots
    assert kept_searches(variant_named("doogie")) == SearchesKept()  # five cards and four: the same slots too
    assert kept_searches(variant_named("texas-holdem")) is None  # one hand
    game = variant_named("omaha-hi-lo")
    apart = replace(game.hands[1], formation=replace(game.hands[1].formation, groups=variant_named(
        "elevator").hands[0].formation.groups))
    assert kept_searches(replace(game, hands=(game.hands[0], apart))) is None


def test_a_hand_of_another_formation_reads_the_usable_slots_found_for_the_same_seats(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Doogie's low (four cards) lists its own combinations from the usable slots its high hand (five) found."""
    game = variant_named("doogie")
    seats = tuple(Seat(id=f"p{i}", hole=parse_cards(h)) for i, h in enumerate(("As 2s 3d Kh 9c", "4c 5c Qd Qh Tc")))
    deal = Deal(seats=seats, board=parse_cards("2h 6d 8c Jd Ks"), pot=90)
    board, kept = board_slots(deal, game), kept_searches(game)
    assert kept is not None
    high, low = game.hands
    best_hands(high, deal.seats, board, game, deal, {}, kept)
    found: list[Seat] = []

    def counted(seats: Sequence[Seat], *args: Any) -> list[Usable]:
        found.extend(seats)
        return seats_usable(seats, *args)

    monkeypatch.setattr(search, "seats_usable", counted)
    assert best_hands(low, deal.seats, board, game, deal, {}, kept) == best_hands(low, deal.seats, board, game, deal)
    assert len(found) == len(deal.seats)  # the search without the store: none from the one with it


def _omaha_hi_lo() -> tuple[Variant, Deal]:
    seats = tuple(Seat(id=f"p{i}", hole=parse_cards(h)) for i, h in enumerate(("As 2s 3d Kh", "4c 5c Qd Qh",
                                                                               "7h 8h 9c Tc")))
    return variant_named("omaha-hi-lo"), Deal(seats=seats, board=parse_cards("2h 6d 8c Jd Ks"), pot=90)


def test_a_search_reusing_another_hands_combinations_charges_the_budget_as_listing_them_again() -> None:
    game, deal = _omaha_hi_lo()
    spent = []
    for store in (kept_searches, lambda game: None):
        with pytest.MonkeyPatch.context() as patch, work_budget() as budget:
            patch.setattr(showdown, "adjudicate_plain", lambda *args: None)  # the general engine, not the lean path
            patch.setattr(showdown, "kept_searches", store)
            adjudicate(game, deal)
        spent.append(budget.spent)
    assert spent[0] == spent[1] > 0


def test_a_hand_scores_another_hands_combinations_only_for_the_very_seats_they_were_listed_for() -> None:
    game, deal = _omaha_hi_lo()
    board, kept = board_slots(deal, game), kept_searches(game)
    high, low = game.hands
    assert best_hands(high, deal.seats, board, game, deal, {}, kept) == best_hands(high, deal.seats, board, game, deal)
    assert kept is not None and kept.listed
    assert best_hands(low, deal.seats, board, game, deal, {}, kept) == best_hands(low, deal.seats, board, game, deal)
    fewer = deal.seats[1:]
    assert best_hands(low, fewer, board, game, deal, {}, kept) == best_hands(low, fewer, board, game, deal)


@pytest.mark.parametrize("variant", [v for v in all_variants() if v.wilds and v.not_showdown is None][::4],
                         ids=lambda v: v.id)
def test_usable_slots_without_wild_cards_are_those_of_the_game_without_its_wild_rules(variant: Variant) -> None:
    """A hand the game's wild cards do not play in (``wilds=False``) reads each seat's usable slots as the game with
    no wild rules gives them."""
    for call in seeded_calls(variant):
        game, deal = call.variant.with_options(call.options), call.deal
        board = board_slots(deal, game)
        for spec in game.hands:
            for seat in deal.seats:
                assert usable_slots(seat, board, game, deal, spec.formation, {}, wilds=False) == usable_slots(
                    seat, board, replace(game, wilds=()), deal, spec.formation, {})


@pytest.mark.parametrize("variant", [v for v in all_variants() if any(
    hasattr(r, "wild_for_everyone") for r in v.wilds)] + [variant_named(n) for n in (
        "omaha-hi-lo", "baseball", "joker-twist")], ids=lambda v: v.id)
def test_every_seats_usable_slots_found_together_are_those_found_seat_by_seat(variant: Variant) -> None:
    """On the variant's seeded deals, each hand's usable slots of all seats at once (the wild cards the same for
    every player who may use them found once for all seats) equal each seat's own :func:`usable_slots` (each rule's
    ``wild`` and per-group ``in_group`` for him), with and without wild cards, and the wild cards found for each
    player alike."""
    for call in seeded_calls(variant):
        game, deal = call.variant.with_options(call.options), call.deal
        board = board_slots(deal, game)
        for spec in game.hands:
            for wilds in (True, False):
                together: dict[str, frozenset[Card]] = {}
                alone: dict[str, frozenset[Card]] = {}
                assert seats_usable(deal.seats, board, game, deal, spec.formation, together, wilds) == [
                    usable_slots(seat, board, game, deal, spec.formation, alone, wilds) for seat in deal.seats]
                assert together == alone


@settings(max_examples=samples(75, 300), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), seats=st.integers(1, 12), width=st.integers(1, 40), spread=st.integers(1, 6),
       hopeless=st.floats(0, 1))
def test_each_seats_best_row_read_in_one_pass_is_the_one_read_seat_by_seat(seed: int, seats: int, width: int,
                                                                           spread: int, hopeless: float) -> None:
    """:func:`search.best_rows` over seats of as many combinations each (one pass over all seats), with scores that
    tie often and seats below 0 (no hand), chooses each seat's row as reading the seats one by one does: the first
    of the greatest card sum among its rows at its best score, or its first at its best where that is below 0."""
    rng = np.random.default_rng(seed)
    cards = np.array([rng.choice(JOKER_BASE + MAX_JOKERS, 5, replace=False) for _ in range(seats * width)],
                     dtype=np.int64).reshape(-1, 5)
    cards[rng.random(len(cards)) < 0.3] = cards[0]  # rows of the same cards: equal sums
    scores = rng.integers(100, 100 + spread, seats * width)
    scores[np.repeat(rng.random(seats) < hopeless, width)] = -1
    counts = [width] * seats
    assert search.best_rows(scores, cards, counts) == search._best_rows_seat_by_seat(scores, cards, counts)


@pytest.mark.parametrize("variant", [v for v in all_variants() if v.wilds and v.not_showdown is None],
                         ids=lambda v: v.id)
def test_every_seats_wild_cells_read_at_once_are_those_read_seat_by_seat(variant: Variant,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """On the variant's seeded deals, every search's wild cells of all seats, read in one lookup (each row in its
    seat's table for its group), are each seat's :func:`search.wild_mask` one after the other."""
    at_once = search._seats_wild_mask
    read: list[bool] = []

    def compared(found: Sequence[Any], wild_by_group: Sequence[Sequence[frozenset[Card]]], cards: Any) -> Any:
        mask = at_once(found, wild_by_group, cards)
        read.append(bool(np.array_equal(mask, np.concatenate([search.wild_mask(c, w) for c, w in zip(
            found, wild_by_group, strict=True)]))))
        return mask

    monkeypatch.setattr(search, "_seats_wild_mask", compared)
    monkeypatch.setattr(showdown, "adjudicate_plain", lambda *args: None)
    monkeypatch.setattr(kernels, "ENABLED", False)  # the numpy reading, which reads the cells
    for call in seeded_calls(variant):
        answer(call)
    assert all(read)
    # a board card wild: cells read (not where sets are wild: that search lists its own cells, evaluator.wilds.sets)
    assert read or not any(hasattr(r, "wild_for_everyone") for r in variant.wilds) or any(
        isinstance(r, WildSets) for r in variant.wilds)


@pytest.mark.parametrize("name", ["elevator-wild", "double-elevator", "omaha-hi-lo", "tic-tac-toe-wild", "the-bluffs"])
def test_every_seats_card_rows_read_at_once_are_each_seats_own(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """On the variant's seeded deals, every search's card rows of all seats, read in one lookup, are each seat's
    ``Candidates.cards`` one after the other."""
    at_once = search._seats_cards
    read: list[bool] = []

    def compared(found: Sequence[Any]) -> Any:
        cards = at_once(found)
        read.append(cards.dtype == np.int64 and bool(np.array_equal(cards, np.concatenate([c.cards() for c in found]))))
        return cards

    monkeypatch.setattr(search, "_seats_cards", compared)
    monkeypatch.setattr(showdown, "adjudicate_plain", lambda *args: None)
    monkeypatch.setattr(kernels, "ENABLED", False)  # the numpy reading, which reads the card rows
    for call in seeded_calls(variant_named(name)):
        answer(call)
    assert read and all(read)


def test_an_index_arrays_rows_kept_as_lists_are_its_rows_and_only_a_read_only_arrays_are_kept(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``combo_rows`` (and ``combo_row``, ``group_of_rows``) answer ``tolist()`` of the array, kept by the very array
    (another array of the same values, or a writable one, is read on its own), within the bound of ints kept."""
    monkeypatch.setattr(search, "_LISTS_CELLS", 200)
    monkeypatch.setattr(search, "_lists_cells", 0)
    monkeypatch.setattr(search, "_LISTS", {})
    rng = np.random.default_rng(7)
    arrays = []
    for _ in range(60):
        combos = rng.integers(0, 12, size=(int(rng.integers(0, 9)), 5))
        combos.setflags(write=False)
        arrays.append(combos)
        assert search.combo_rows(combos) == combos.tolist()
        assert search.combo_rows(combos) is search.combo_rows(combos)
        for r in range(len(combos)):
            assert search.combo_row(combos, r) == combos[r].tolist()
        assert search._lists_cells <= 200
    for combos in arrays:  # dropped or kept, each still reads its own rows
        assert search.combo_rows(combos) == combos.tolist()
        assert search.group_of_rows(combos[:, 0].copy()) == combos[:, 0].tolist()
    writable = np.arange(10).reshape(2, 5)
    rows = search.combo_rows(writable)
    writable[0, 0] = 99
    assert search.combo_rows(writable) == writable.tolist() != rows
    assert search.combo_row(writable, 0) == [99, 1, 2, 3, 4]
