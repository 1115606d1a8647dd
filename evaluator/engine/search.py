"""The search: each live player's best hand of one kind. The formation engine lists every legal combination of each
player's slots (:mod:`evaluator.engine.slots`), the ranking scores all players' combinations in one vectorised call
(wild cards, restricted wilds and wild sets through :mod:`evaluator.wilds`), and the best of each player's is
spelled out as a :class:`~evaluator.results.PlayedHand` (:mod:`evaluator.hands.played`)."""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import accumulate
from threading import Lock
from typing import Final

import numpy as np
import numpy.typing as npt

from evaluator.engine import kernels
from evaluator.engine.slots import Usable, live_formation, own_slots, seats_usable
from evaluator.formation import BoardGroup, Candidates, Formation, Slot, count_candidates, seats_combinations
from evaluator.hands.played import no_combination, no_hand, played_hand, played_with_sets, spelled_hands
from evaluator.hands.spec import HandSpec
from evaluator.rankings import NO_HAND, Ranking, TableRanking
from evaluator.results import PlayedHand
from evaluator.values.budget import charge
from evaluator.values.cards import JOKER_BASE, MAX_JOKERS, Card
from evaluator.values.deal import Deal, Seat
from evaluator.variant import Variant
from evaluator.wilds.choice_cards import score_with_choices
from evaluator.wilds.scoring import WILD_SYMBOL, score_with_wilds, wild_cell_tables, wild_chain
from evaluator.wilds.sequence import SequenceWilds
from evaluator.wilds.sets import WildSets, best_set_hands

__all__ = ["ScoredSearch", "SearchesKept", "Spelling", "best_hands", "best_rows", "combo_row", "combo_rows",
           "kept_searches", "scored_combinations", "wild_mask"]

def best_hands(spec: HandSpec, seats: Sequence[Seat], board: Sequence[Slot], game: Variant | None = None,
               deal: Deal | None = None, wilds_of: dict[str, frozenset[Card]] | None = None,
               kept: SearchesKept | None = None) -> list[PlayedHand]:
    """Each seat's best hand of this kind, searched over its legal combinations only. ``wilds_of``: the cards found
    wild for each player of this deal so far (:func:`evaluator.engine.slots.usable_slots`), and ``kept`` the usable
    slots and combinations found so far (:func:`kept_searches`), shared by the searches of one showdown's hands."""
    if spec.all_from:
        return [_whole_hand(spec, seat, game) for seat in seats]
    if game is not None and game.wilds and spec.uses_wilds:
        sets = next((rule for rule in game.wilds if isinstance(rule, WildSets)), None)
        if sets is not None:
            return _best_with_sets(spec, seats, board, game, deal, sets, wilds_of)
    formation = live_formation(spec, game, deal)
    listed = _listed(spec, seats, board, game, deal, formation, wilds_of, kept)
    if listed is None:  # short hands of several widths, kept for a later search: score seat by seat
        return [best_hands(spec, [seat], board, game, deal, wilds_of)[0] for seat in seats]
    if spec.short_hands and kept is None and not listed.one_array:
        return _searched_by_arrays(spec, game, deal, listed)
    how, ranked, bests = _scored(spec, game, deal, listed, kept is not None)
    if kept is not None:
        kept.scored[spec.name] = ScoredSearch(seats, board, listed.usable, listed.found, ranked, how, bests,
                                               listed.table_found)
    return _seats_played(how, listed.found, [u.wild_by_group for u in listed.usable], ranked, bests)


def _scored(spec: HandSpec, game: Variant | None, deal: Deal | None, listed: _Listed, shared: bool
            ) -> tuple[Spelling, npt.NDArray[np.integer], list[int]]:
    """Every row of ``listed`` scored, how (to spell the best back) and each seat's best row: by the compiled core
    where it can (:func:`_compiled`; ``shared``: the showdown's searches share their listings), else by the numpy
    reading (:func:`scored_combinations`, :func:`best_rows`)."""
    layout = game is not None and game.board.layout is not None
    compiled = _compiled(spec, game, deal, listed, shared) if kernels.ENABLED else None
    if compiled is not None:  # the compiled core: every row scored and each seat's best chosen in one pass
        ranked, bests, doubled = compiled
        return Spelling(spec, layout, doubled, {}, None), ranked, bests
    scored, choices, sequence, doubled = scored_combinations(spec, game, listed.cards, listed.wild)
    return (Spelling(spec, layout, doubled, choices, sequence), scored,
            best_rows(scored, listed.cards, [len(c.combos) for c in listed.found]))


def _searched_by_arrays(spec: HandSpec, game: Variant | None, deal: Deal | None, listed: _Listed
                        ) -> list[PlayedHand]:
    """Short hands whose seats do not all share one index array (killed or discarded cards leave them different
    numbers of usable cards, so combinations of different widths or counts): each seat's best hand, the seats that
    share an array searched together (:func:`_scored`, so by the compiled core where it reads their rows), rather
    than every seat alone or all of them by the numpy reading; what searching each seat alone answers."""
    arrays: dict[int, list[int]] = {}
    for k, cands in enumerate(listed.found):
        arrays.setdefault(id(cands.combos), []).append(k)
    hands: dict[int, PlayedHand] = {}
    for ks in arrays.values():
        usable = [listed.usable[k] for k in ks]
        part = _Listed(usable, [listed.found[k] for k in ks], [listed.units[k] for k in ks],
                       any(w for u in usable for w in u.wild_by_group), listed.key)
        how, ranked, bests = _scored(spec, game, deal, part, False)
        hands.update(zip(ks, _seats_played(how, part.found, [u.wild_by_group for u in usable], ranked, bests),
                         strict=True))
    return [hands[k] for k in range(len(listed.found))]


class _Listed:
    """One search's combinations before a ranking scores them: each seat's usable slots and candidates, the work
    units charged for each seat's, and, found when first read, every seat's rows as cards, seat after seat
    (``cards``), their wild cells (``wild``, None where no wild card plays), and the seats' slot cards as a table
    (``table``, one row a seat: where the seats share their index array) with each seat's wild cards in each board
    group as a bit mask (``wild_bits``)."""

    __slots__ = ("_bits", "_cards", "_table", "_wild", "ahead", "found", "key", "units", "usable", "wilds")

    @property
    def one_array(self) -> bool:
        """Whether every seat's combinations are rows of one index array."""
        first = self.found[0].combos if self.found else None
        return all(c.combos is first for c in self.found)

    def __init__(self, usable: list[Usable], found: list[Candidates], units: list[int], wilds: bool,
                 key: tuple[Formation, int, bool, bool]) -> None:
        self.usable = usable
        self.found = found
        self.units = units
        #: Whether a wild card plays (some seat has one in some group).
        self.wilds = wilds
        #: What lists these combinations (:func:`_listing`).
        self.key = key
        #: What the compiled core found for the game's later hands that read these combinations, found with an
        #: earlier hand's search, by hand (:func:`_compiled`).
        self.ahead: dict[HandSpec, tuple[npt.NDArray[np.int64], list[int], bool]] = {}
        self._cards: npt.NDArray[np.int64] | None = None
        self._wild: npt.NDArray[np.bool_] | None = None
        self._table: npt.NDArray[np.int64] | None = None
        self._bits: npt.NDArray[np.int64] | None = None

    @property
    def cards(self) -> npt.NDArray[np.int64]:
        if self._cards is None:
            found = self.found
            size = found[0].combos.shape[1] if found else 0
            cards = _seats_cards(found) if sum(len(c.combos) for c in found) else np.empty((0, size), np.int64)
            cards.setflags(write=False)  # shared by the searches of one showdown that list the same combinations
            self._cards = cards
        return self._cards

    @property
    def wild(self) -> npt.NDArray[np.bool_] | None:
        if self.wilds and self._wild is None:
            cards = self.cards
            wild = (_seats_wild_mask(self.found, [u.wild_by_group for u in self.usable], cards) if len(cards) else
                    np.zeros(cards.shape, bool))
            wild.setflags(write=False)
            self._wild = wild
        return self._wild

    def table(self) -> npt.NDArray[np.int64]:
        """The seats' slot cards, a row each (the seats share one index array, so as many slots each)."""
        if self._table is None:
            found = self.found
            width = len(found[0].slots)
            self._table = np.frombuffer(array("q", [s.card for c in found for s in c.slots]), dtype=np.int64
                                        ).reshape(len(found), width)
        return self._table

    @property
    def table_found(self) -> npt.NDArray[np.int64] | None:
        """:meth:`table`, where it was already read (None: it was not)."""
        return self._table

    def wild_bits(self) -> npt.NDArray[np.int64]:
        """Each seat's wild cards in each board group as a bit mask (card ``c`` is ``1 << c``), a row a seat."""
        if self._bits is None:
            width = len(self.usable[0].wild_by_group)
            masks = []
            last, bits = None, 0
            found: dict[frozenset[Card], int] = {}  # (most seats hold the same wild cards: the deal's)
            for u in self.usable:
                for w in u.wild_by_group:
                    if w is not last:  # (a seat's groups mostly hold his one set of wild cards)
                        last = w
                        bits = found.get(w, -1)
                        if bits < 0:
                            bits = found[w] = _bits(w)
                    masks.append(bits)
            if len(masks) != width * len(self.usable):  # pragma: no cover - every seat reads the formation's groups
                raise ValueError("seats of different board groups")
            self._bits = np.array(masks, dtype=np.int64).reshape(len(self.usable), width)
        return self._bits


@dataclass(frozen=True, slots=True)
class ScoredSearch:
    """One hand's search of one showdown, as a later reading of the same scores needs it (Declare's one-group
    choice, :mod:`evaluator.engine.group_search`): the seats and board searched, each seat's usable slots and
    combinations (seat after seat, the rows of ``ranked``), every row's score and how the rows were scored
    (``how.spec``: the hand searched), and the row it chose for each seat."""

    seats: Sequence[Seat]
    board: Sequence[Slot]
    usable: Sequence[Usable]
    found: Sequence[Candidates]
    ranked: npt.NDArray[np.integer]
    how: Spelling
    #: Each seat's best row of ``ranked`` (-1: none), as :func:`best_rows` chose it and the search spelled it out.
    bests: Sequence[int]
    #: The seats' slot cards, a row a seat (:meth:`_Listed.table`), where the search read them so (None: it did not).
    table: npt.NDArray[np.int64] | None = None


@dataclass(frozen=True, slots=True)
class SearchesKept:
    """What one showdown's searches of its hands share (:func:`kept_searches`), each with the very seats it was found
    for: the seats' usable slots, by board groups and whether wild cards play (all that they read of a spec), and
    the combinations listed, by :func:`_listing`."""

    usable: dict[tuple[tuple[BoardGroup, ...], bool], tuple[Sequence[Seat], list[Usable]]] = field(
        default_factory=dict)
    listed: dict[tuple[Formation, int, bool, bool], tuple[Sequence[Seat], _Listed]] = field(default_factory=dict)
    #: Each hand's search, by the hand's name: every seat's combinations and their scores.
    scored: dict[str, ScoredSearch] = field(default_factory=dict)


def kept_searches(game: Variant) -> SearchesKept | None:
    """An empty store for one showdown of ``game`` where two of its hands read the same usable slots (the same board
    groups and wild rules: a high and a low hand, say), so the second search reuses the first one's, and its
    combinations where they list them alike (the same formation, hand size and short hands too); None where no two
    hands do."""
    if len(game.hands) < 2:
        return None
    shapes = [(spec.formation.groups, spec.uses_wilds and bool(game.wilds)) for spec in game.hands
              if not spec.all_from]
    return SearchesKept() if len(set(shapes)) < len(shapes) else None


def _listing(spec: HandSpec, formation: Formation, wilds: bool) -> tuple[Formation, int, bool, bool]:
    """What decides a search's combinations besides the seats, board and deal (a key of ``SearchesKept.listed``)."""
    return formation, spec.ranking.size, spec.short_hands, wilds


def _listed(spec: HandSpec, seats: Sequence[Seat], board: Sequence[Slot], game: Variant | None, deal: Deal | None,
            formation: Formation, wilds_of: dict[str, frozenset[Card]] | None, kept: SearchesKept | None
            ) -> _Listed | None:
    """The search's combinations (None: short hands of several widths where the showdown keeps its searches, each
    of one width), or those a search of the same :func:`_listing` listed for these very seats in this showdown
    (``kept``): their work units charged again, seat by seat, as listing them again would. The seats' usable slots
    too are those found for them (``kept``) where a search read the same ones."""
    wilds = game is not None and bool(game.wilds) and spec.uses_wilds  # the game's wild cards play in this hand
    key = _listing(spec, formation, wilds)
    hit = kept.listed.get(key) if kept is not None else None
    if hit is not None and hit[0] is seats:
        for unit in hit[1].units:
            charge(unit)
        return hit[1]
    found_usable = kept.usable.get((formation.groups, wilds)) if kept is not None else None
    if found_usable is not None and found_usable[0] is seats:
        usable = found_usable[1]
    else:
        usable = seats_usable(seats, board, game, deal, formation, wilds_of, wilds)
        if kept is not None:
            kept.usable[(formation.groups, wilds)] = (seats, usable)
    owns = [u.own for u in usable]
    found, units = seats_combinations(formation, _sizes_for(spec, formation, owns, board), owns, board)
    if kept is not None and len({c.combos.shape[1] for c in found}) > 1:
        return None
    # a set of cards: the 2c is card 0, so test the set
    listed = _Listed(usable, found, units, any(w for u in usable for w in u.wild_by_group), key)
    if kept is not None:
        kept.listed[key] = (seats, listed)
    return listed


@dataclass(frozen=True, slots=True)
class Spelling:
    """How one search's combinations were scored, as :func:`played_hand` needs to read the best one back."""

    spec: HandSpec
    layout: bool
    doubled: bool
    choices: dict[int, tuple[int, ...]]
    sequence: SequenceWilds | None


def _seats_played(how: Spelling, found: Sequence[Candidates], wild_by_group: Sequence[Sequence[frozenset[Card]]],
                  ranked: npt.NDArray[np.integer], bests: Sequence[int]) -> list[PlayedHand]:
    """Each seat's best combination (its rows of ``ranked``, seat after seat), spelled out: chosen for every seat at
    once (``bests``, by :func:`best_rows`), their slots fetched in one lookup where the seats share their index
    array, every seat's spelled out in one call (:func:`~evaluator.hands.played.spelled_hands`). What
    :func:`_seats_played_one_by_one` answers."""
    if not found:
        return []
    spec = how.spec
    counts = [len(c.combos) for c in found]
    starts = [0, *accumulate(counts[:-1])]
    first = found[0].combos
    one_shape = all(c.combos is first for c in found)
    first_groups = found[0].group_of
    # one shared shape (read-only arrays, kept by the formation's caches): its rows and their groups as lists
    shared = one_shape and not first.flags.writeable and not first_groups.flags.writeable and all(
        c.group_of is first_groups for c in found)
    group_list = group_of_rows(first_groups) if shared else None
    if shared:
        listed_rows = combo_rows(first)
        rows = [listed_rows[b - start] if b >= 0 else [] for b, start in zip(bests, starts, strict=True)]
    elif one_shape:  # one shape: one lookup
        rows = first[[b - start for b, start in zip(bests, starts, strict=True)]].tolist() if len(first) else [
            [] for _ in found]
    else:
        rows = [c.combos[b - start].tolist() if b >= 0 else [] for c, b, start in zip(found, bests, starts,
                                                                                         strict=True)]
    results: list[PlayedHand | None] = []
    spelt = []  # the seats with a hand, spelled out together
    # each seat's best score (a seat without combinations reads another's, or -1: answered before it is read)
    tops = ranked[bests].tolist() if len(ranked) else bests
    for cands, groups, best, top, start, row in zip(found, wild_by_group, bests, tops, starts, rows, strict=True):
        if best < 0:
            results.append(no_combination(spec))
            continue
        score = top >> 1 if how.doubled else top
        if score == NO_HAND or top < 0:
            results.append(no_hand(spec))
            continue
        group = (int(cands.group_of[best - start]) if group_list is None else group_list[best - start]) if len(
            cands.groups) > 1 or len(groups) > 1 else 0
        results.append(None)
        spelt.append((cands.slots, row, score, cands.groups[group], groups[group] if len(groups) > 1 else groups[0]))
    hands = spelled_hands(spec, spelt, how.layout, how.choices, how.sequence)
    if len(hands) == len(results):
        return hands
    spelled = iter(hands)
    return [hand if hand is not None else next(spelled) for hand in results]


def combo_rows(combos: npt.NDArray[np.int64]) -> list[list[int]]:
    """An index array's rows as lists of ints (``combos.tolist()``), kept by the array: the formation's caches list
    one array per formation, hand size and shape, shared by every deal of that shape, so each deal reads its seats'
    chosen rows from lists rather than by a numpy lookup and conversion per search."""
    return _kept_list(combos)  # type: ignore[return-value]


def combo_row(combos: npt.NDArray[np.int64], row: int) -> list[int]:
    """One row of an index array as a list of ints: read from :func:`combo_rows` where the array is a shared one
    (read-only), else converted alone."""
    return combo_rows(combos)[row] if not combos.flags.writeable else combos[row].tolist()


def group_of_rows(group_of: npt.NDArray[np.int64]) -> list[int]:
    """Each row's group (``group_of.tolist()``), kept by the array as :func:`combo_rows` keeps rows."""
    return _kept_list(group_of)  # type: ignore[return-value]


def _kept_list(array_: npt.NDArray[np.int64]) -> list[object]:
    """``array_.tolist()``, kept by the array's id with the array beside it (an id reused after it is gone is never
    taken for it), up to :data:`_LISTS_CELLS` ints in all, all dropped when full. Only read-only arrays are kept (a
    shared index array): a writable one could change under its list."""
    kept = _LISTS.get(id(array_))
    if kept is not None and kept[0] is array_:
        return kept[1]
    listed: list[object] = array_.tolist()
    if not array_.flags.writeable and array_.size <= _LISTS_CELLS:
        global _lists_cells
        with _LISTS_LOCK:
            if _lists_cells + array_.size > _LISTS_CELLS:
                _LISTS.clear()
                _lists_cells = 0
            _LISTS[id(array_)] = (array_, listed)
            _lists_cells += array_.size
    return listed


_LISTS: Final[dict[int, tuple[npt.NDArray[np.int64], list[object]]]] = {}
_LISTS_LOCK: Final = Lock()
#: How many ints :func:`_kept_list` keeps in all (a few megabytes at most): a client's own rules can bring a new
#: shape with every request.
_LISTS_CELLS: Final = 1 << 18
_lists_cells = 0


def _seats_played_one_by_one(how: Spelling, found: Sequence[Candidates],
                             wild_by_group: Sequence[Sequence[frozenset[Card]]], ranked: npt.NDArray[np.integer],
                             bests: Sequence[int]) -> list[PlayedHand]:
    """:func:`_seats_played` the straightforward way, seat by seat (:func:`played_hand` on each seat's rows, choosing
    its own best: ``bests`` is not read): the reference the tests hold it to."""
    results = []
    start = 0
    for cands, groups in zip(found, wild_by_group, strict=True):
        n = len(cands.combos)
        results.append(played_hand(how.spec, cands, ranked[start:start + n], groups, layout=how.layout,
                                   doubled=how.doubled, choices=how.choices, sequence=how.sequence))
        start += n
    return results


def _compiled(spec: HandSpec, game: Variant | None, deal: Deal | None, listed: _Listed, shared: bool
              ) -> tuple[npt.NDArray[np.int64], list[int], bool] | None:
    """What :func:`scored_combinations` and :func:`best_rows` answer for this search (every row's value, each
    seat's best row, whether values are doubled), from the compiled core (:mod:`evaluator.engine.kernels`); None
    where it cannot say: seats of different index arrays, restricted or sequence wild cards, a ranking without a
    chain of state tables or five-card tables for these rows, a card they cannot read. The game's later hands that
    list these very combinations and are five-card table rankings too (a high and a low) are scored in the same
    pass, and kept for their own searches (``listed.ahead``), where the showdown's searches share their listings
    (``shared``)."""
    ahead = listed.ahead.pop(spec, None)
    if ahead is not None:
        return ahead
    found = listed.found
    if not found or game is None or not _compiles(spec, game):
        return None
    first = found[0].combos
    if not len(first) or any(c.combos is not first for c in found):
        return None
    ranking = spec.ranking
    width = first.shape[1]
    doubled = game.wild_play.natural_beats_wild
    table, group_of = listed.table(), found[0].group_of
    wild = listed.wild_bits() if listed.wilds else None
    if width == 5 and _five_tables((ranking,), listed.wilds) is not None:  # five-card table rankings: by their tables
        peers = [spec, *(_peers(spec, game, deal, listed) if shared else ())]
        tables = _five_tables(tuple(p.ranking for p in peers), listed.wilds)
        assert tables is not None  # each peer's are
        scored = kernels.five_best(tables, table, first, group_of, wild, doubled)
        if scored is None:
            return None
        for peer, (ranked, bests) in zip(peers[1:], scored[1:], strict=True):
            listed.ahead[peer] = ranked, bests, doubled
        ranked, bests = scored[0]
        return ranked, bests, doubled
    chain = wild_chain(ranking, width) if listed.wilds else ranking.card_chain(width)
    if chain is None or chain.width != width:
        return None
    found_rows = kernels.seats_best(kernels.chain_tables(chain), table, first, group_of, wild, WILD_SYMBOL, doubled)
    if found_rows is None:
        return None
    ranked, bests = found_rows
    return ranked, bests, doubled


def _compiles(spec: HandSpec, game: Variant) -> bool:
    """Whether the compiled core may score this hand's search: no restricted or sequence wild card plays in it."""
    wild_play = game.wild_play
    return not (spec.uses_wilds and (wild_play.choice_cards or wild_play.sequence_wilds is not None))


def _peers(spec: HandSpec, game: Variant, deal: Deal | None, listed: _Listed) -> tuple[HandSpec, ...]:
    """The game's hands after ``spec`` whose searches list the very combinations ``listed`` holds (the same
    formation, hand size, short hands and wild cards) and that the compiled core scores by five-card tables: kept
    per game, hand and listing where the game's board groups do not depend on the deal (by the game's id, with the
    game beside it: an id reused after it is gone is never taken for it), bounded in number."""
    if game.live_groups is not None:  # the groups, so what each hand lists, depend on the deal
        return _peers_found(spec, game, deal, listed)
    key = (id(game), id(spec), listed.key, listed.wilds)  # (listed.wilds: whether a wild card is dealt)
    kept = _PEERS.get(key)
    if kept is not None and kept[0] is game and kept[1] is spec:
        return kept[2]
    found = _peers_found(spec, game, deal, listed)
    if len(_PEERS) >= _PEERS_KEPT:
        _PEERS.clear()
    _PEERS[key] = (game, spec, found)
    return found


_PEERS: Final[dict[tuple[int, int, tuple[Formation, int, bool, bool], bool],
                   tuple[Variant, HandSpec, tuple[HandSpec, ...]]]] = {}
_PEERS_KEPT: Final = 1024


def _peers_found(spec: HandSpec, game: Variant, deal: Deal | None, listed: _Listed) -> tuple[HandSpec, ...]:
    """:func:`_peers`, found."""
    hands = game.hands
    at = next((i for i, h in enumerate(hands) if h is spec), len(hands))
    sets = any(isinstance(rule, WildSets) for rule in game.wilds)
    peers = []
    for other in hands[at + 1:]:
        wilds = bool(game.wilds) and other.uses_wilds
        if other.all_from or (sets and wilds) or not _compiles(other, game):
            continue
        if (_five_tables((other.ranking,), listed.wilds) is not None
                and _listing(other, live_formation(other, game, deal), wilds) == listed.key):
            peers.append(other)
    return tuple(peers)


@lru_cache(maxsize=256)
def _five_tables(rankings: tuple[Ranking, ...], wilds: bool) -> kernels.FiveTables | None:
    """Five-card table rankings' tables as the compiled core reads them (one row a ranking), where they are what
    the numpy reading scores by: the wild cells' (:func:`wild_cell_tables`) with wild cards, each ranking's plain
    and suited tables (as its chain reads them: :meth:`TableRanking.card_chain`) without; None if any ranking is
    none of these."""
    pairs = []
    for ranking in rankings:
        if wilds:
            cells = wild_cell_tables(ranking, 5)
            if cells is None:
                return None
            pairs.append(cells)
        elif not isinstance(ranking, TableRanking) or ranking.card_chain(5) is None:
            return None
        else:
            pairs.append((ranking.plain_table, ranking.suited_table if ranking.suits_matter else ranking.plain_table))
    return kernels.FiveTables.of(pairs)


@lru_cache(maxsize=4096)
def _bits(wild: frozenset[Card]) -> int:
    """A set of cards as a bit mask (card ``c`` is ``1 << c``)."""
    return sum(1 << int(c) for c in wild)


def best_rows(ranked: npt.NDArray[np.integer], cards: npt.NDArray[np.int64], counts: Sequence[int]) -> list[int]:
    """For seats whose combinations are the rows of ``ranked`` (and ``cards``), ``counts[k]`` rows for seat ``k``,
    seat after seat: the row (counted from the first seat's first) of each seat's best combination, -1 where the
    seat has none. Among rows of the seat's best score, the one :func:`canonical` chooses (its cards as bits, the
    greatest sum; of equal sums the first); where the best score is below 0 (no hand, as :func:`played_hand` reads
    it, doubled or not), the first of them. Seats of as many combinations each are read in one numpy pass (a row of
    scores per seat), and where several seats have ties to settle, the card sums of all their tied rows in one
    lookup: what :func:`_best_rows_seat_by_seat` answers."""
    width = counts[0] if counts else 0
    if not width or counts.count(width) < len(counts):  # short hands, killed cards: seat by seat
        return _best_rows_seat_by_seat(ranked, cards, counts)
    rows = ranked.reshape(len(counts), width)
    tops = rows.max(axis=1)
    at_top = rows == tops[:, None]
    bests = []  # each seat's first row at its best score
    settle = []  # the seats of several rows at a best score that is a hand: their cards' sums settle them
    for k, (first, tied, top) in enumerate(zip(at_top.argmax(axis=1).tolist(), at_top.sum(axis=1).tolist(),
                                               tops.tolist(), strict=True)):
        bests.append(first + k * width)
        if tied > 1 and top >= 0:
            settle.append(k)
    if len(settle) < _SETTLED_AT_ONCE:
        for k in settle:
            bests[k] = _settled(at_top[k], cards, k * width)
        return bests
    # those seats' rows at their best score keyed by their cards' sums (at least 1), every other row by 0: the
    # first greatest of each seat's is its choice
    seats = np.array(settle, dtype=np.int64)
    tied_rows = at_top[seats]
    seat, column = np.nonzero(tied_rows)
    keys = np.zeros(tied_rows.shape, np.int64)
    keys[seat, column] = _CARD_BITS[cards[seats[seat] * width + column]].sum(axis=1)
    for k, best in zip(settle, (keys.argmax(axis=1) + seats * width).tolist(), strict=True):
        bests[k] = best
    return bests


#: From how many seats to settle :func:`best_rows` settles their ties in one pass rather than seat by seat.
_SETTLED_AT_ONCE: Final = 3


def _best_rows_seat_by_seat(ranked: npt.NDArray[np.integer], cards: npt.NDArray[np.int64],
                            counts: Sequence[int]) -> list[int]:
    """:func:`best_rows` read seat by seat: the reference the tests hold its one pass to, and its reading of seats
    of unequal numbers of combinations."""
    bests = []
    start = 0
    for n in counts:
        if not n:
            bests.append(-1)
            continue
        mine = ranked[start:start + n]
        top = int(mine.max())
        bests.append(_settled(mine == top, cards, start) if top >= 0 else start + int(mine.argmax()))
        start += n
    return bests


def _settled(at_top: npt.NDArray[np.bool_], cards: npt.NDArray[np.int64], start: int) -> int:
    """Of one seat's rows (from ``start``) at its best score (``at_top``), the one :func:`canonical` chooses."""
    tied = np.flatnonzero(at_top)
    if len(tied) == 1:
        return start + int(tied[0])
    return start + int(tied[_CARD_BITS[cards[tied + start]].sum(axis=1).argmax()])


#: Each card as a bit (card ``c`` is ``1 << c``), as :func:`canonical` reads a combination's cards.
_CARD_BITS: Final = np.left_shift(np.int64(1), np.arange(JOKER_BASE + MAX_JOKERS, dtype=np.int64))


def scored_combinations(spec: HandSpec, game: Variant | None, cards: npt.NDArray[np.int64],
                        wild: npt.NDArray[np.bool_] | None
                        ) -> tuple[npt.NDArray[np.integer], dict[int, tuple[int, ...]], SequenceWilds | None, bool]:
    """Combinations (rows of ``cards``; ``wild``: their wild cells, None where no wild card plays) scored as the
    search ranks them: wild cards, restricted wild cards (choices), sequence wilds, and with ``natural_beats_wild``
    ``2 * score + natural`` (a natural hand ahead of the same hand made with wild cards). Also what
    :func:`played_hand` needs to read them back: the choices and sequence rule in force, and whether doubled."""
    total = len(cards)
    if wild is not None:
        scores = score_with_wilds(spec.ranking, cards, wild) if total else np.empty(0, np.int32)
    else:
        scores = spec.ranking.evaluate_many(cards) if total else np.empty(0, np.int32)
    choices = {int(c): (int(c), *map(int, options)) for c, options in game.wild_play.choice_cards} if game else {}
    if choices and total and spec.uses_wilds:
        cells = wild if wild is not None else np.zeros(cards.shape, bool)
        scores = score_with_choices(spec.ranking, cards, cells, scores, choices)
    else:
        choices = {}
    sequence = game.wild_play.sequence_wilds if game is not None and spec.uses_wilds else None
    if sequence is not None and total:  # Island Pineapple's deuce and ace: readings placed by rule
        scores = sequence.rescore(spec.ranking, cards, scores)
    doubled = game is not None and game.wild_play.natural_beats_wild
    ranked: npt.NDArray[np.integer] = scores
    if doubled:  # each row natural where none of its cells is wild
        ranked = scores.astype(np.int64) * 2 + (np.logical_not(wild.any(axis=1)) if wild is not None else 1)
    return ranked, choices, sequence, doubled


def _best_with_sets(spec: HandSpec, seats: Sequence[Seat], board: Sequence[Slot], game: Variant, deal: Deal | None,
                    rule: WildSets, wilds_of: dict[str, frozenset[Card]] | None) -> list[PlayedHand]:
    """Each seat's best hand where sets of cards are wild (Seven and What Makes It): the hands of units of
    :mod:`evaluator.wilds.sets`, from any five of the player's usable cards."""
    formation = live_formation(spec, game, deal)
    if formation.groups or any(pick.limits for pick in formation.picks):
        raise ValueError(f"{game.id}: wild sets need a formation of any five usable cards")
    usable = seats_usable(seats, board, game, deal, formation, wilds_of)
    slots = [[*u.own, *board] for u in usable]
    found = best_set_hands(spec.ranking, rule, [(mine, u.wild_by_group[0]) for mine, u in zip(slots, usable,
                                                                                              strict=True)])
    return [played_with_sets(spec, hand, mine, layout=game.board.layout is not None)
            for hand, mine in zip(found, slots, strict=True)]


def _size_for(spec: HandSpec, formation: Formation, own: Sequence[Slot],
              board: Sequence[Slot]) -> int:
    """The hand size: the ranking's, or with short hands the largest size the player's usable cards allow. The
    reference of :func:`_sizes_for`."""
    size = spec.ranking.size
    if spec.short_hands:
        for fewer in range(size, 0, -1):
            if count_candidates(formation, fewer, own, board):
                return fewer
    return size


def _sizes_for(spec: HandSpec, formation: Formation, owns: Sequence[Sequence[Slot]], board: Sequence[Slot]
               ) -> list[int]:
    """Each seat's :func:`_size_for`: with short hands, read from the sources of his own slots and the board's
    labels and sources alone (:func:`_short_size`, kept per shape), as :func:`count_candidates` reads them."""
    size = spec.ranking.size
    if not spec.short_hands:
        return [size] * len(owns)
    shape = tuple([(s.label, s.source) for s in board])
    return [_short_size(formation, size, tuple([s.source for s in own]), shape) for own in owns]


@lru_cache(maxsize=4096)
def _short_size(formation: Formation, size: int, own: tuple[str, ...], board: tuple[tuple[str, str], ...]) -> int:
    """The largest hand size up to ``size`` of which own slots of these sources and board slots of these labels and
    sources make a combination (``size`` where none does): a shape's, whatever the cards (cached)."""
    own_slots = [Slot(source, str(i), 0) for i, source in enumerate(own)]
    board_slots = [Slot(source, label, 0) for label, source in board]
    for fewer in range(size, 0, -1):
        if count_candidates(formation, fewer, own_slots, board_slots):
            return fewer
    return size


def _whole_hand(spec: HandSpec, seat: Seat, game: Variant | None) -> PlayedHand:
    """A hand made of all the player's cards from ``spec.all_from`` (no choice to make)."""
    own = [s for s in own_slots(seat, game.hole_sets if game else ()) if s.source in spec.all_from]
    if not own:
        return PlayedHand(name=spec.name, score=None, reason="no cards of that kind")
    combos = np.arange(len(own), dtype=np.int64)[None, :]
    cands = Candidates(slots=tuple(own), combos=combos, groups=(None,), group_of=np.zeros(1, np.int64))
    return played_hand(spec, cands, spec.ranking.evaluate_many(cands.cards()))


def _seats_cards(found: Sequence[Candidates]) -> npt.NDArray[np.int64]:
    """Every seat's combinations as card rows, seat after seat (each seat's :meth:`Candidates.cards`): one lookup
    for seats that share their index array."""
    first = found[0]
    if all(c.combos is first.combos for c in found):
        width = len(first.slots)
        # the cards (int subclasses) through an array of C longs: sooner than numpy converting each, or fromiter
        table = np.frombuffer(array("q", [s.card for c in found for s in c.slots]), dtype=np.int64)
        return table.reshape(len(found), width)[:, first.combos].reshape(-1, first.combos.shape[1])
    return np.concatenate([c.cards() for c in found])


def _seats_wild_mask(found: Sequence[Candidates], wild_by_group: Sequence[Sequence[frozenset[Card]]],
                     cards: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
    """Every seat's :func:`wild_mask`, seat after seat, over the seats' ``cards`` (:func:`_seats_cards`), in one
    lookup: each row reads the table of its seat's wild cards for the row's board group."""
    alike = [groups[0] for groups in wild_by_group if len(set(groups)) == 1]
    if len(alike) == len(wild_by_group) and len(set(alike)) == 1:  # the same for every seat (wild ranks)
        return _is_wild(alike[0])[cards]
    if len(alike) == len(wild_by_group):  # one set per seat, whatever the group
        table_of = np.repeat(np.arange(len(found)), [len(c.combos) for c in found])
        return _read_tables([_is_wild(w) for w in alike], table_of, cards)
    distinct: dict[frozenset[Card], int] = {}
    ids = [[distinct.setdefault(w, len(distinct)) for w in groups] for groups in wild_by_group]
    first = found[0]
    if all(c.group_of is first.group_of and len(mine) == len(first.groups) for c, mine in zip(found, ids,
                                                                                            strict=True)):
        # the seats' combinations grouped alike: each row's table, read for every seat at once
        table_of = np.array(ids, dtype=np.int64)[:, first.group_of].ravel()
    else:
        rows = []
        for c, groups, mine in zip(found, wild_by_group, ids, strict=True):
            rows.append(np.full(len(c.combos), mine[0]) if len(set(groups)) == 1 else np.array(mine)[c.group_of])
        table_of = np.concatenate(rows)
    return _read_tables([_is_wild(w) for w in distinct], table_of, cards)


def _read_tables(tables: Sequence[npt.NDArray[np.bool_]], table_of: npt.NDArray[np.int64],
                 cards: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
    """Each card of each row of ``cards`` read in the row's table (``tables[table_of[row]]``), in one flat lookup
    (the tables end to end, each as long as every card and joker)."""
    return np.concatenate(tables).take((table_of * (JOKER_BASE + MAX_JOKERS))[:, None] + cards)


def wild_mask(cands: Candidates, wild_by_group: Sequence[frozenset[Card]]) -> npt.NDArray[np.bool_]:
    cards = cands.cards()
    if len(wild_by_group) == 1 or len(set(wild_by_group)) == 1:
        return _is_wild(wild_by_group[0])[cards]
    mask = np.zeros(cards.shape, bool)
    for g, w in enumerate(wild_by_group):
        rows = cands.group_of == g
        if w and rows.any():
            mask[rows] = _is_wild(w)[cards[rows]]
    return mask


@lru_cache(maxsize=1024)
def _is_wild(wild: frozenset[Card]) -> npt.NDArray[np.bool_]:
    """True at each card int that is wild (a lookup table over every card and joker)."""
    table = np.zeros(JOKER_BASE + MAX_JOKERS, dtype=bool)
    table[list(wild)] = True
    table.setflags(write=False)
    return table
