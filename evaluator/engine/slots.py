"""A player's usable cards as formation slots: his own (hole, up, the sets his hole cards come in, a card a mechanism
keeps apart), other players' cards the game lets him use, and the board's positions; for each board group, the cards
that are wild for him. The search (:mod:`evaluator.engine.search`) combines them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Final

from evaluator.formation import BOARD, HOLE, INSURED, TABLE, UP, Formation, Slot
from evaluator.hands.spec import HandSpec
from evaluator.values.cards import JOKER_BASE, MAX_JOKERS, Card, every_card
from evaluator.values.deal import Deal, Seat
from evaluator.values.frozen import quick_init
from evaluator.variant import Variant
from evaluator.wilds.rules import jokers_twist, wild_cards_for

__all__ = ["Usable", "board_slots", "live_formation", "own_slots", "seats_usable", "table_slots", "usable_slots"]

def own_slots(seat: Seat, hole_sets: Sequence[int] = (), source: Callable[[Card], str] | None = None
               ) -> list[Slot]:
    """A player's own cards as slots: ``hole`` and ``up``, or ``set1``, ``set2``... when the hole cards come in
    sets that never mix; with ``source``, each hole card's source as the game's mechanisms say (the Breaker's joker
    is a ``breaker`` slot)."""
    if seat.insured:
        hole = [_slot(INSURED, i, c) for i, c in enumerate(seat.hole)]
    elif hole_sets:
        sources = [f"set{k + 1}" for k, n in enumerate(hole_sets) for _ in range(n)]
        hole = [_slot(sources[i] if i < len(sources) else HOLE, i, c) for i, c in enumerate(seat.hole)]
    elif source is None:
        hole = _hole_slots(seat.hole)
    else:
        hole = [_slot(source(c), i, c) for i, c in enumerate(seat.hole)]
    if seat.up:
        hole += [_slot(UP, i, c) for i, c in enumerate(seat.up)]
    return hole


def _hole_slots(cards: Sequence[Card]) -> list[Slot]:
    """``[_slot(HOLE, i, c) for i, c in enumerate(cards)]``, read for cards (:class:`Card`) from one list per hole
    index, by the card's number, filled as they are first asked for: no key to build per card."""
    out = []
    lists = _HOLE_SLOTS
    for i, c in enumerate(cards):
        if type(c) is not Card or i >= len(lists):
            out.append(_slot(HOLE, i, c))
            continue
        found = lists[i][c]
        if found is None:
            found = lists[i][c] = _slot(HOLE, i, c)
        out.append(found)
    return out


#: The slot of each card (by its number) at each hole index, for :func:`_hole_slots`: a few hundred slots.
_HOLE_SLOTS: Final[list[list[Slot | None]]] = [[None] * (JOKER_BASE + MAX_JOKERS) for _ in range(16)]


@lru_cache(maxsize=8192, typed=True)
def _slot(source: str, index: int, card: Card) -> Slot:
    """The slot of one own card: one value for every deal that holds that card there (slots are immutable; typed,
    so a card given as a plain int stays one)."""
    return Slot(source, str(index), card)


def table_slots(seat: Seat, deal: Deal, game: Variant) -> list[Slot]:
    """Other players' cards this player may use (source ``others``, labelled ``<player>:<index>``)."""
    if (table := game.table) is None:
        return []
    slots = []
    for other in deal.seats:
        if other.id == seat.id or (other.folded and not table.folded):
            continue
        cards = other.up if table.cards == "up" else (*other.hole, *other.up)
        slots += [_table_slot(other.id, i, c) for i, c in enumerate(cards)]
    return slots


@lru_cache(maxsize=8192, typed=True)
def _table_slot(player: str, index: int, card: Card) -> Slot:
    """The slot of another player's card (shared like :func:`_slot`)."""
    return Slot(TABLE, f"{player}:{index}", card)


def board_slots(deal: Deal, game: Variant | None = None) -> list[Slot]:
    layout = game.board.layout if game is not None else None
    if layout is None or deal.positions is None:
        return [Slot(BOARD, str(i), c) for i, c in enumerate(deal.board)]
    segment = {p.name: p.segment for p in layout.positions}
    return [Slot(segment[name], name, c) for name, c in zip(deal.positions, deal.board, strict=True)]


_NO_WILDS: Final[tuple[frozenset[Card]]] = (frozenset(),)
#: Every card and joker by its number (what :func:`card_of` answers for each).
_CARDS: Final = every_card()


@quick_init
@dataclass(frozen=True, slots=True)
class Usable:
    own: list[Slot]
    wild_by_group: tuple[frozenset[Card], ...]


def usable_slots(seat: Seat, board: Sequence[Slot], game: Variant | None, deal: Deal | None,
            formation: Formation, wilds_of: dict[str, frozenset[Card]] | None = None, wilds: bool = True) -> Usable:
    """The player's own (and table) slots and, for each board group, the cards that are wild for him. ``wilds_of``:
    the cards already found wild for each player of this deal, by player id (they do not depend on the hand
    searched), filled as they are found. Without ``wilds`` (a hand the game's wild cards do not play in), no card
    is wild: as for the game without its wild rules."""
    return _usable(seat, board, game, deal, formation, wilds_of, wilds, None)


def seats_usable(seats: Sequence[Seat], board: Sequence[Slot], game: Variant | None, deal: Deal | None,
                 formation: Formation, wilds_of: dict[str, frozenset[Card]] | None = None, wilds: bool = True
                 ) -> list[Usable]:
    """Each seat's :func:`usable_slots`, with the wild cards that are the same for every player who may use them (a
    rule's ``wild_for_everyone``, a per-group rule's ``group_cards``), and those of them on the board, found once
    for all the seats."""
    shared = _shared_wilds(game, deal, formation, board) if wilds else None
    if (shared is not None and shared.ungrouped and shared.cards is not None and game is not None
            and game.table is None and not game.wild_play.joker_twist):
        return _usable_alike(seats, game, len(formation.groups or (None,)), wilds_of, shared.cards, shared.on_board)
    return [_usable(seat, board, game, deal, formation, wilds_of, wilds, shared) for seat in seats]


def _usable_alike(seats: Sequence[Seat], game: Variant, groups: int, wilds_of: dict[str, frozenset[Card]] | None,
                  cards: frozenset[Card], on_board: frozenset[Card]) -> list[Usable]:
    """:func:`_usable` of each seat where the wild cards are the same for every player who may use them and for
    every group (``cards``, ``on_board`` those of them on the board), nobody uses another's cards and no joker
    twists: each seat's own slots, and as his wild cards in every group those on the board and among his own, in
    one loop (no call per seat with what it reads of the game asked again)."""
    hole_sets, sources, deck = game.hole_sets, game.hole_sources, _CARDS
    out = []
    for seat in seats:
        own = own_slots(seat, hole_sets, sources)
        wild = wilds_of.get(seat.id) if wilds_of is not None else None
        if wild is None:
            wild = on_board | cards.intersection([deck[s.card] for s in own])
            if wilds_of is not None:
                wilds_of[seat.id] = wild
        out.append(Usable(own, (wild,) * groups))
    return out


@dataclass(frozen=True, slots=True)
class _SharedWilds:
    """What the game's wild rules make wild alike for every player who may use the cards, found once for all the
    seats: ``cards`` (None: a rule reads the player) and, for each board group, ``by_group`` what its per-group
    rules make wild (None: no per-group rule, or one reads the player); each with those of them on the board, and
    ``any_of_groups``: those of every group. ``ungrouped``: no per-group rule plays (every group's wild cards are
    the player's)."""

    cards: frozenset[Card] | None
    on_board: frozenset[Card]
    by_group: tuple[frozenset[Card], ...] | None
    by_group_on_board: tuple[frozenset[Card], ...]
    any_of_groups: frozenset[Card]
    ungrouped: bool


def _shared_wilds(game: Variant | None, deal: Deal | None, formation: Formation,
                  board: Sequence[Slot]) -> _SharedWilds | None:
    """The wild cards the same for every player who may use them, where the game's rules all say which; None where
    none do."""
    if game is None or deal is None or not game.wilds:
        return None
    on_board = _cards((), board)
    everyone = [of for rule in game.wilds if (of := getattr(rule, "wild_for_everyone", None)) is not None]
    cards = frozenset[Card]().union(*[of(deal) for of in everyone]) if len(everyone) == len(game.wilds) else None
    per_group = [rule for rule in game.wilds if getattr(rule, "per_group", False)]
    by_group = None
    if per_group and formation.groups and all(hasattr(rule, "group_cards") for rule in per_group):
        by_group = tuple(frozenset[Card]().union(*[rule.group_cards(deal, group.positions)  # type: ignore[attr-defined]
                                                   for rule in per_group]) for group in formation.groups)
    if cards is None and by_group is None:
        return None
    return _SharedWilds(cards, cards.intersection(on_board) if cards is not None else frozenset(), by_group,
                        tuple(c.intersection(on_board) for c in by_group) if by_group else (),
                        frozenset[Card]().union(*by_group) if by_group else frozenset(),
                        not per_group or not formation.groups)


def _usable(seat: Seat, board: Sequence[Slot], game: Variant | None, deal: Deal | None, formation: Formation,
            wilds_of: dict[str, frozenset[Card]] | None, wilds: bool, shared: _SharedWilds | None) -> Usable:
    """:func:`usable_slots`; with ``shared``, the player's wild cards (and each group's) are those of the shared ones
    he may use: those on the board and those among his own cards (instead of each rule's ``wild`` or ``in_group``
    for him)."""
    if game is None or deal is None:
        return Usable(own_slots(seat), (frozenset(),))
    own = own_slots(seat, game.hole_sets, game.hole_sources)
    if game.table is not None:
        own += table_slots(seat, deal, game)
    groups = formation.groups or (None,)
    if not game.wilds or not wilds:
        return Usable(own, _NO_WILDS * len(groups))
    usable = None  # the player's usable cards, spelled out only where a rule reads them
    deck = _CARDS
    mine = [deck[s.card] for s in own] if shared is not None else []  # his own cards, read with shared wild cards
    wild = wilds_of.get(seat.id) if wilds_of is not None else None
    if wild is None:
        if shared is not None and shared.cards is not None:
            wild = shared.on_board | shared.cards.intersection(mine)
        else:
            usable = _cards(own, board)
            wild = wild_cards_for(game.wilds, seat, deal, usable)
        if wilds_of is not None:
            wilds_of[seat.id] = wild
    if game.wild_play.joker_twist:
        twisted = jokers_twist(wild, [*seat.hole, *seat.up])
        if twisted != wild:
            return Usable([s for s in own if s.card < JOKER_BASE], tuple(frozenset() for _ in groups))
    if shared is not None and shared.ungrouped:
        return Usable(own, (wild,) * len(groups))
    if shared is not None and shared.by_group is not None:  # each group's: on the board, and among his own cards
        if shared.any_of_groups.isdisjoint(mine):
            return Usable(own, tuple(wild | b for b in shared.by_group_on_board) if wild else
                          shared.by_group_on_board)
        return Usable(own, tuple(wild | b | c.intersection(mine) for c, b in zip(
            shared.by_group, shared.by_group_on_board, strict=True)))
    per_group = [rule for rule in game.wilds if getattr(rule, "per_group", False)]
    if not per_group or not formation.groups:
        return Usable(own, (wild,) * len(groups))
    if usable is None:
        usable = _cards(own, board)
    by_group = []
    for group in formation.groups:
        extra: frozenset[Card] = frozenset()
        for rule in per_group:
            extra |= rule.in_group(seat, deal, usable, group.positions)  # type: ignore[attr-defined]
        by_group.append(wild | extra)
    return Usable(own, tuple(by_group))


def _cards(own: Sequence[Slot], board: Sequence[Slot]) -> list[Card]:
    """A player's usable cards (his own slots', then the board's) as the wild card rules read them."""
    deck = _CARDS
    return [deck[s.card] for s in own] + [deck[s.card] for s in board]


def live_formation(spec: HandSpec, game: Variant | None, deal: Deal | None) -> Formation:
    if game is None or deal is None or game.live_groups is None:
        return spec.formation
    return replace(spec.formation, groups=game.live_groups.select(deal, spec.formation.groups))

