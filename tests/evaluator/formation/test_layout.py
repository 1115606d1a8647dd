"""The layout games of the catalog: their boards are well formed, and the enumeration yields exactly the legal
combinations.

For every variant with a layout board (or with cards a player may use that are unusual: other players' cards,
hole-card sets), every hand and every option value, the fast enumeration of :func:`evaluator.formation.candidates`
is compared with a brute force written from reference 2.2: every subset of the player's usable cards (own cards,
other players' cards, board positions) of the hand size, kept when some pick's counts all hold and every board
card it uses lies in ONE board group. The slots are synthetic (the most own cards the variant allows, a card at
every board position), so every position and every segment takes part, and then those of each player in the
variant's example deal (with the live groups that deal picks), which must also adjudicate.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from itertools import combinations
from typing import Any

import pytest

from evaluator import adjudicate, example_request
from evaluator.catalog import all_variants
from evaluator.catalog.layouts import LAYOUTS
from evaluator.formation import UNBOUNDED, Formation, Slot, candidates
from evaluator.formation.live_groups import TriggerWindow
from evaluator.values.cards import Card
from evaluator.values.deal import Deal, Seat
from evaluator.variant import Variant
from evaluator.wilds.rules import GroupPositionRank, PositionCard

Combo = tuple[int, ...]


def _layout_variants() -> list[Variant]:
    ids = {v.id for v in LAYOUTS}
    return [v for v in all_variants()
            if v.id in ids or v.board.layout is not None or v.table is not None or v.hole_sets]


VARIANTS = _layout_variants()


def _option_forms(variant: Variant) -> Iterator[tuple[str, Variant]]:
    """The variant with its defaults, then with each other value of each option."""
    yield "defaults", variant.with_options({})
    for spec in variant.options:
        for value in spec.values:
            if value != spec.default:
                yield f"{spec.name}={value}", variant.with_options({spec.name: value})


FORMS = [(v, label, game) for v in VARIANTS for label, game in _option_forms(v)]


# --- the naive rule (reference 2.2, read literally) -------------------------------------------------------------

_OWN_SOURCES = ("hole", "up")
_NOT_BOARD = ("hole", "up", "others")


def _is_own(source: str) -> bool:
    return source in _OWN_SOURCES or source.startswith("set")


def _is_board(source: str) -> bool:
    return source not in _NOT_BOARD and not source.startswith("set")


def _counts_towards(limit: str, source: str) -> bool:
    """``own`` = hole + up + hole sets; ``board`` = every board segment; ``a+b`` = either."""
    for part in limit.split("+"):
        if part == source or (part == "own" and _is_own(source)) or (part == "board" and _is_board(source)):
            return True
    return False


def _legal(formation: Formation, used: Sequence[Slot]) -> bool:
    board = {s.label for s in used if _is_board(s.source)}
    if formation.groups and not any(board <= set(g.positions) for g in formation.groups):
        return False
    return any(all(sum(_counts_towards(name, s.source) for s in used) in count for name, count in p.limits.items())
               for p in formation.picks)


def _brute_force(formation: Formation, size: int, slots: Sequence[Slot]) -> set[Combo]:
    return {c for c in combinations(range(len(slots)), size) if _legal(formation, [slots[i] for i in c])}


# --- synthetic slots ---------------------------------------------------------------------------------------------


def _most(n: int, cap: int) -> int:
    return min(n if n < UNBOUNDED else cap, cap)


def _slots(game: Variant) -> tuple[list[Slot], list[Slot]]:
    """The most own cards the variant deals, 4 other players' cards if it reads them, and a card at every board
    position (or the largest flat board, up to 10)."""
    card = iter(range(52))
    hole_n, up_n = _most(game.hole.max, 9), _most(game.up.max, 9)
    sources = [f"set{k + 1}" for k, n in enumerate(game.hole_sets) for _ in range(n)]
    own = [Slot(sources[i] if i < len(sources) else "hole", str(i), next(card)) for i in range(hole_n)]
    own += [Slot("up", str(i), next(card)) for i in range(up_n)]
    if game.table is not None:
        own += [Slot("others", f"p{i // 2}:{i % 2}", next(card)) for i in range(4)]
    layout = game.board.layout
    if layout is not None:
        board = [Slot(p.segment, p.name, next(card)) for p in layout.positions]
    else:
        board = [Slot("board", str(i), next(card)) for i in range(_most(game.board.count.max, 10))]
    return own, board


def _check(formation: Formation, size: int, own: list[Slot], board: list[Slot]) -> set[Combo]:
    found = candidates(formation, size, own, board)
    rows = [tuple(sorted(r)) for r in found.combos.tolist()]
    assert len(rows) == len(set(rows)), "a combination is listed twice"
    slots = [*own, *board]
    assert set(rows) == _brute_force(formation, size, slots)
    for row, g in zip(rows, found.group_of.tolist(), strict=True):
        group = found.groups[g]
        if group is not None:
            positions = next(bg.positions for bg in formation.groups if bg.name == group)
            assert {slots[i].label for i in row if _is_board(slots[i].source)} <= set(positions)
    return set(rows)


@pytest.mark.parametrize(("variant", "label", "game"), FORMS, ids=[f"{v.id}[{label}]" for v, label, _ in FORMS])
def test_enumeration_yields_exactly_the_legal_combinations(variant: Variant, label: str, game: Variant) -> None:
    own, board = _slots(game)
    for spec in game.hands:
        legal = _check(spec.formation, spec.ranking.size, own, board)
        assert legal, f"{variant.id}: no legal {spec.name} hand with a full deal"


def _example_deal(body: dict[str, Any]) -> Deal:
    board: Mapping[str, Card] | tuple[Card, ...]
    raw = body.get("board", [])
    board = {k: Card(v) for k, v in raw.items()} if isinstance(raw, dict) else tuple(Card(c) for c in raw)
    cards, positions = Deal.board_from(board)
    seats = tuple(Seat(id=p["id"], hole=tuple(Card(c) for c in p.get("hole", [])),
                       up=tuple(Card(c) for c in p.get("up", [])), declare=p.get("declare"),
                       claim=tuple(Card(c) for c in p.get("declared_hand", [])))
                  for p in body["players"])
    return Deal(seats=seats, board=cards, positions=positions, pot=body["pot"], events=body.get("events", {}))


def _example_slots(game: Variant, deal: Deal, seat: Seat) -> tuple[list[Slot], list[Slot]]:
    """A player's usable cards in the example deal, as the rules say: hole (or hole sets), up, other players'
    cards where the variant reads them, and the board by segment."""
    sources = [f"set{k + 1}" for k, n in enumerate(game.hole_sets) for _ in range(n)]
    own = [Slot(sources[i] if i < len(sources) else "hole", str(i), c) for i, c in enumerate(seat.hole)]
    own += [Slot("up", str(i), c) for i, c in enumerate(seat.up)]
    if (table := game.table) is not None:
        for other in deal.seats:
            if other.id != seat.id and (table.folded or not other.folded):
                cards = other.up if table.cards == "up" else (*other.hole, *other.up)
                own += [Slot("others", f"{other.id}:{i}", c) for i, c in enumerate(cards)]
    layout = game.board.layout
    if layout is None or deal.positions is None:
        return own, [Slot("board", str(i), c) for i, c in enumerate(deal.board)]
    segment = {p.name: p.segment for p in layout.positions}
    return own, [Slot(segment[n], n, c) for n, c in zip(deal.positions, deal.board, strict=True)]


@pytest.mark.parametrize(("variant", "label", "game"), FORMS, ids=[f"{v.id}[{label}]" for v, label, _ in FORMS])
def test_example_deal_enumerates_exactly_the_legal_combinations(variant: Variant, label: str, game: Variant) -> None:
    """The catalog's example deal (reference 2.6 names on a layout board), each player, each hand, with the live
    groups the deal picks (Russian Roulette's trigger); and the example adjudicates."""
    options = dict(variant.resolved_options({}))
    if label != "defaults":
        name, value = label.split("=", 1)
        options[name] = value
    body = example_request(variant, options=options)
    deal = _example_deal(body)
    if game.board.layout is not None:
        assert deal.positions is not None and set(deal.positions) == set(game.board.layout.required)
    for spec in game.hands:
        formation = spec.formation
        if game.live_groups is not None:
            formation = replace(formation, groups=game.live_groups.select(deal, formation.groups))
        for seat in deal.seats:
            own, board = _example_slots(game, deal, seat)
            _check(formation, spec.ranking.size, own, board)
    result = adjudicate(variant, deal, options)
    assert sum(result.payouts.values()) == deal.money_in


# Counted by hand from the entries, with the most own cards each game deals.
HAND_COUNTS = {
    "iron-cross": 106,  # C(8,5) per line, twice, less the 1 + 5 hands using no card but the centre
    "iron-cross-4card": 2 * 21 - 1,  # C(7,5) per line; 4 hole + the centre is in both
    "matrix-cross": 2,
    "tic-tac-toe": 8,
    "tic-tac-toe-4-exact2": 6 * 8,
    "tic-tac-toe-4-any": 6 * 8 + 4 * 24 + 9,  # 2 hole + a line; 3 hole + one of 24 line pairs; 4 hole + any cell
    "pyramid-sq2yard": 330,  # 4 + C(11, 4)
    "z": 10 * 3,
    "elevator": 7 + 11 * 4 + 5 * 6,  # singles; 11 distinct pairs with 3 of 4 hole; whole sets with 2 of 4
    "double-elevator": 11 + 18 * 4 + 6 * 6,
    "skyscraper-elevator": 11 + 15 * 4 + 5 * 6,
    "circle-jerk": 21,
    "yukon-holdem": 2 * 6,
    "chowaha": 4 * 10 - 4,  # boards 2 and 3 share F2a-c + R: their 4 triples once
    "oh-shit": 2 * 10 * 10,
    "slam-aha": 2 * 10 * 10,
    "cucamonga": 5 * 6 * 6 + 10 * 4 * 6 + 10 * 6 * 4,
    "double-edge-trim-saw": 21 + 21 - 1,
    "flaming-cross-3card": 3 * 2 + 6,
    "russian-roulette": 5,  # before the trigger picks one window
    "crazy-dutchy": 3 * 21,
    "three-hole-poker": 6,  # all 3 own + C(4, 2) of the others' cards
    "indian-chief-poker": 56,  # C(8,5): 4 others' cards + 4 community, own cards never
    "texas-tornado": 792,  # C(12,5): 2 hole + 10 visible
    "kansas-tornado": 6 * 120,  # C(4,2) * C(10,3)
    "kryky": 21,  # C(7,5): W never plays
    "elevator-split-sets": 7 + 11 * 4 + 5 * 6,
    "flaming-cross": 106,  # as Iron Cross: 5 hole, lines of 3 sharing the centre
    "forty-three-box": 2 * 21 + 3 * 6 - 6,  # rows C(7,5), columns C(6,5); 4 hole + one cell counted twice
    "piles": 10 * 6 * 5 * 2,  # C(5,2) hole x C(4,2) of one square x 5 row cards, two squares
    "the-bluffs": 4 * 6 * 6 + 6 * 4 * 6 + 6 * 6 * 4,
    "real-poker": 4 * 56 - 3,  # C(8,5) per set; the five hole cards alone once
    "buddys-game": 1 + 4 * 5 + 4 * 10,  # no table card; one of 4 cells; one of the 4 sides (5 hole cards)
    "rails": 2 * 21,  # C(7,5) per rail + TIE; 3 hole + TIE alone is too few to be counted twice
    "depot": 5 * 6,  # C(6,5) per rail + Depot; two rails share at most two cards
    "ruby-run": 2 * 21,  # before the slam picks the overs or the unders
}


@pytest.mark.parametrize("variant", [v for v in VARIANTS if v.id in HAND_COUNTS], ids=lambda v: v.id)
def test_hand_counts_worked_out_by_hand(variant: Variant) -> None:
    game = variant.with_options({})
    own, board = _slots(game)
    spec = game.hands[0]
    assert len(candidates(spec.formation, spec.ranking.size, own, board).combos) == HAND_COUNTS[variant.id]


def test_option_hand_counts() -> None:
    def count(vid: str, options: dict[str, str]) -> int:
        game = next(v for v in VARIANTS if v.id == vid).with_options(options)
        own, board = _slots(game)
        return len(candidates(game.hands[0].formation, 5, own, board).combos)

    assert count("circle-jerk", {"adjacency": "lines"}) == 9
    assert count("yukon-holdem", {"yukon_both_hole": "true"}) == 2 * 4
    assert count("chowaha", {"chowaha_board": "one_flop_card"}) == 4 * 3
    assert count("chowaha", {"hole_cards": "4"}) == 6 * 36
    assert count("the-bluffs", {"bluffs_use": "any"}) == 792  # C(12,5)
    game = next(v for v in VARIANTS if v.id == "buddys-game")
    own, board = _slots(game)
    doogie = game.hand("low")
    # 4-card doogie: no table card C(5,4); one of 4 cells C(5,3); one of the 4 sides C(5,2)
    assert len(candidates(doogie.formation, 4, own, board).combos) == 5 + 4 * 10 + 4 * 10


# --- the boards themselves ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "label", "game"), FORMS, ids=[f"{v.id}[{label}]" for v, label, _ in FORMS])
def test_layout_is_well_formed(variant: Variant, label: str, game: Variant) -> None:
    layout = game.board.layout
    if layout is None:
        assert not any(spec.formation.groups for spec in game.hands), "board groups need a layout"
        return
    names = layout.names
    assert len(names) == len(set(names)), "position names must be unique"
    assert all(name and name == name.strip() for name in names)
    coordinates = [(p.x, p.y) for p in layout.positions]
    assert len(coordinates) == len(set(coordinates)), "two positions are drawn at the same place"
    groups = [*layout.groups, *(g for spec in game.hands for g in spec.formation.groups)]
    for group in groups:
        assert group.positions, f"group {group.name!r} is empty"
        assert len(group.positions) == len(set(group.positions)), f"group {group.name!r} repeats a position"
        missing = set(group.positions) - set(names)
        assert not missing, f"group {group.name!r} names positions {missing} not in the layout"
    for spec in game.hands:
        names_in_hand = [g.name for g in spec.formation.groups]
        assert len(names_in_hand) == len(set(names_in_hand)), "group names must be unique"
        assert len({frozenset(g.positions) for g in spec.formation.groups}) == len(spec.formation.groups)
    layout_groups = {g.name: g.positions for g in layout.groups}
    assert len(layout_groups) == len(layout.groups)
    for spec in game.hands:  # the groups drawn are the groups played
        for g in spec.formation.groups:
            if layout_groups:
                assert layout_groups.get(g.name) == g.positions
    segments = {p.segment for p in layout.positions}
    for spec in game.hands:
        for pick in spec.formation.picks:
            for limit in pick.limits:
                for part in limit.split("+"):
                    assert part in {"hole", "up", "own", "board", "others", *segments} or part.startswith("set"), (
                        f"{variant.id}: limit {limit!r} names no source")
    for rule in game.wilds:
        if isinstance(rule, PositionCard):
            assert rule.position in names
        if isinstance(rule, GroupPositionRank):
            assert set(rule.positions) <= set(names)


def test_position_names_of_the_reference() -> None:
    """Reference 2.6 and the entries: the names clients build boards with."""
    def names(vid: str) -> set[str]:
        layout = next(v for v in VARIANTS if v.id == vid).board.layout
        assert layout is not None
        return set(layout.names)

    assert names("iron-cross") == {"1", "2", "3", "4", "5"}
    assert names("tic-tac-toe") == {str(i) for i in range(1, 10)}
    assert names("pyramid-sq2yard") == {"1a", "1b", "2a", "2b", "3a", "3b", "4"}
    assert names("chowaha") == {f"F{b}{c}" for b in "123" for c in "abc"} | {"T1", "T2", "R"}
    assert names("slam-aha") == {"H1", "H2", "C", "H4", "H5", "V1", "V2", "V4", "V5"}
    assert names("kryky") == {"1", "2", "W"}
    assert names("crazy-dutchy") == {f"{b}{c}" for b in "123" for c in "abcde"}
    assert names("russian-roulette") == {f"K{i}" for i in range(5)}
    assert names("elevator") == {"1", "2", "3", "4", "5", "6", "E"}
    assert names("z") == {"Z1", "Z2", "Z3", "Z4"}


def test_tic_tac_toe_grid() -> None:
    """pagat's grid 8-1-5 / 4-9-2 / 7-3-6: the 8 lines are the rows, columns and diagonals of the drawing."""
    layout = next(v for v in VARIANTS if v.id == "tic-tac-toe").board.layout
    assert layout is not None
    at = {(p.x, p.y): p.name for p in layout.positions}
    assert [[at[(x, y)] for x in range(3)] for y in range(3)] == [["8", "1", "5"], ["4", "9", "2"], ["7", "3", "6"]]
    assert len(layout.groups) == 8
    cells = [[(x, y) for x in range(3)] for y in range(3)]
    lines = [*cells, *([row[x] for row in cells] for x in range(3)),
             [(i, i) for i in range(3)], [(2 - i, i) for i in range(3)]]
    assert {frozenset(at[c] for c in line) for line in lines} == {frozenset(g.positions) for g in layout.groups}


def test_russian_roulette_trigger_picks_one_listed_window() -> None:
    variant = next(v for v in VARIANTS if v.id == "russian-roulette")
    rule = variant.live_groups
    assert isinstance(rule, TriggerWindow)
    listed = {g.name: g.positions for g in variant.hands[0].formation.groups}
    cards = tuple(Card(c) for c in ("2c", "3c", "4c", "5c", "6c"))
    for trigger in range(rule.n):
        deal = Deal(seats=(Seat(id="a"),), board=cards, positions=tuple(f"K{i}" for i in range(5)), pot=0,
                    events={"trigger": trigger})
        (live,) = rule.select(deal, variant.hands[0].formation.groups)
        assert listed[live.name] == live.positions
        assert live.positions[0] == f"K{trigger}"


def test_ruby_run_slam_picks_the_live_cards() -> None:
    """Reference ruby-run: a slam of 2-10 makes O1-O3 + slam live, J, Q, K or A makes U1-U3 + slam live."""
    variant = next(v for v in VARIANTS if v.id == "ruby-run")
    rule = variant.live_groups
    assert rule is not None
    groups = variant.hands[0].formation.groups
    names = ("O1", "O2", "O3", "U1", "U2", "U3", "SLAM")
    for slam in ("2h", "9c", "Td", "Js", "Qh", "Kd", "Ac"):
        board = tuple(Card(c) for c in ("3c", "4c", "5c", "6d", "7d", "8d", slam))
        deal = Deal(seats=(Seat(id="a"),), board=board, positions=names, pot=0)
        (live,) = rule.select(deal, groups)
        expected = ("O1", "O2", "O3") if slam[0] in "23456789T" else ("U1", "U2", "U3")
        assert set(live.positions) == {*expected, "SLAM"}
