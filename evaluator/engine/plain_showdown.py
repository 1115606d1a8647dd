"""The lean path for plain games: every player's hand scored by table lookups, the general engine's very answer.

A *plain* game (:func:`plain_shape`) is one the general engine would play with nothing but its search and the pot
division: the standard deck, no wild cards, no layout, no rule besides the hands and the division, one HIGH or
ace-to-five LOW hand or a high and a low, each taken either as any five of the seven cards a seat and the flat board
hold (Hold'em, seven-card stud and razz, the seventh card shared or not) or as exactly two hole cards and three of a
five-card board (Omaha). A deal is *plainly valid* for it (:func:`_plainly_valid`) when the general checks could find
nothing wrong: at least two players still in, each with the cards each place allows and nothing else (a folded
player's cards sent or not), every card distinct and in the deck, the money one pot or none.

For those, :func:`adjudicate_plain` answers exactly what :func:`evaluator.engine.showdown.adjudicate` answers (the tests
compare the two on many seeded random deals), faster:

- Any five of seven: without five cards of a suit, the seven ranks alone decide the best five and which of the 21
  combinations the engine shows, so one lookup of the seven-rank multiset's index gives both (:func:`_seven`,
  built once from the ranking's own five-card table); with five cards of a suit, a flush beats every other
  combination, and only that suit's combinations are scored (:func:`_best_flush_of_seven`).
- Omaha: every seat's combinations (60 with four hole cards) in one numpy pass for the high and the low together:
  one product adds up every hole pair's and board triple's rank weights
  (:data:`evaluator.engine.fast_paths.RANK_WEIGHTS`) and card bits; a combination's sum indexes a key table (its
  score's place above its card set: the greatest key is the engine's choice, one ``argmax``); flushes by rank mask,
  only for a seat with two hole cards of the suit the board holds three of.

The board's shared facts, the deal's checks and every score's words (:class:`_Facts`) are found once; the answer's
records are built by position (the one contested pot goes straight to the division's contested path).

The best combination is the engine's: the highest score, and among equal scores the one whose cards, highest
first, are highest. The division, the wording and the answer's records are the engine's own.

Anything else returns None, and the general engine answers (its checks name every problem of a bad deal).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping, Sequence
from dataclasses import MISSING, dataclass, fields
from functools import cache
from itertools import chain, combinations
from math import comb
from operator import itemgetter
from typing import Final

import numpy as np
import numpy.typing as npt

from evaluator.engine.answer import ShowdownResult
from evaluator.engine.fast_paths import RANK_WEIGHTS
from evaluator.engine.summary import summarize
from evaluator.formation import BOARD, HOLE, Count, Pick
from evaluator.hands.played import score_facts
from evaluator.mechanisms.base import PotTable
from evaluator.rankings import HIGH, LOW_A5, NO_HAND, Qualifier, Ranking, TableRanking
from evaluator.rankings._multiset import COLUMN_SHARES, multiset_indexes, sorted_multisets
from evaluator.results import PlayedHand, PlayerResult
from evaluator.results.wording import plain
from evaluator.values.budget import charge
from evaluator.values.cards import JOKER_BASE, Card
from evaluator.values.deal import Deal, Seat
from evaluator.values.errors import ShowdownError
from evaluator.values.frozen import quick_init
from evaluator.values.pots import Pot
from evaluator.variant import HandSpec, Variant

__all__ = ["PlainShape", "adjudicate_plain", "plain_cost", "plain_shape"]

#: The board of every plain game: five cards, flat; and every hand's cards: five.
BOARD_SIZE: Final = 5
HAND_SIZE: Final = 5
#: Hold'em's formation (any five of the seven) and Omaha's (exactly two hole cards and three board cards).
ANY_FIVE: Final = (Pick(),)
TWO_AND_THREE: Final = (Pick(limits={HOLE: Count.exactly(2), BOARD: Count.exactly(3)}),)
#: Variant fields a plain game may set as it likes (checked here, or read only by the division and the wording);
#: every other field must keep its default.
_FREE: Final = frozenset({"id", "name", "description", "tags", "reference", "aliases", "deck", "seats",
                          "hole", "up", "board", "own_plus_board", "hands", "division", "odd_chip",
                          "options", "notes"})


@dataclass(frozen=True, slots=True)
class PlainShape:
    """How a plain game's hands are formed: its ``hole`` cards a seat (Omaha's) and for each hand its ranking (HIGH
    or LOW-A5) and whether it is Omaha's two and three (else any five of the seven the seat and the board hold);
    and what a deal of it may hold (the game's own counts, as ranges): players, board cards, a live player's hole
    and up cards (and with ``own_plus_board`` the three together), a folded player's at most."""

    hole: int
    rankings: tuple[TableRanking, ...]
    omaha: tuple[bool, ...]
    seats: range
    boards: range
    holes: range
    ups: range
    own_plus_board: range | None
    most_hole: int
    most_up: int
    #: The combinations one live seat's search scores, over every hand (:func:`_combinations`).
    work: int
    #: For each hand, the facts of its scores spelt out so far (:data:`_FACTS`, shared by every game that ranks and
    #: qualifies a hand alike).
    facts: tuple[dict[int, _Facts], ...]


def _range(count: Count) -> range:
    return range(count.min, count.max + 1)


#: The hands a plain game may score, by its division: one HIGH or LOW-A5 hand, or a high and a low.
_RANKINGS: Final[dict[tuple[str, tuple[Ranking, ...]], tuple[TableRanking, ...]]] = {
    ("high", (HIGH,)): (HIGH,), ("high", (LOW_A5,)): (LOW_A5,), ("high-low", (HIGH, LOW_A5)): (HIGH, LOW_A5)}
_SHAPES: dict[int, tuple[Variant, PlainShape | None]] = {}
_SHAPES_KEPT: Final = 512


def plain_shape(game: Variant) -> PlainShape | None:
    """The one test of whether a game is plain enough for this path (None: it is not). Cached per record: a
    catalog record is tested once per worker."""
    kept = _SHAPES.get(id(game))
    if kept is not None and kept[0] is game:
        return kept[1]
    if len(_SHAPES) >= _SHAPES_KEPT:
        _SHAPES.clear()
    found = _shape_of(game)
    _SHAPES[id(game)] = (game, found)
    return found


def _shape_of(game: Variant) -> PlainShape | None:
    for f in fields(game):
        if f.name not in _FREE:
            default = f.default_factory() if f.default_factory is not MISSING else f.default
            if getattr(game, f.name) != default:
                return None
    division = game.division
    if (game.deck.jokers or game.deck.lowest_rank or game.board.layout is not None
            or not division.ranks_alone(tuple(h.name for h in game.hands))):
        return None
    rankings = _RANKINGS.get((division.kind, tuple(spec.ranking for spec in game.hands)))
    if rankings is None:
        return None
    hole, up, board = game.hole, game.up, game.board.count
    exact = hole.min == hole.max and up.min == up.max and board.min == board.max
    seven = (game.own_plus_board == Count.exactly(7) if game.own_plus_board is not None
             else exact and hole.min + up.min + board.min == 7)
    omaha = []
    for spec in game.hands:
        if spec.all_from or spec.formation.groups or spec.short_hands:
            return None
        if (spec.formation.picks == TWO_AND_THREE and exact and hole.min >= 2 and up.max == 0
                and board.min == BOARD_SIZE and game.own_plus_board is None):
            omaha.append(True)
        elif spec.formation.picks == ANY_FIVE and seven:
            omaha.append(False)
        else:
            return None
    total = game.own_plus_board
    return PlainShape(hole=hole.min, rankings=rankings, omaha=tuple(omaha), seats=_range(game.seating),
                      boards=_range(board), holes=_range(hole), ups=_range(up),
                      own_plus_board=None if total is None else _range(total), most_hole=hole.max, most_up=up.max,
                      work=_combinations(hole.min, omaha),
                      facts=tuple(_FACTS.setdefault((spec.ranking, spec.qualifier), {}) for spec in game.hands))


#: The cards of the standard deck (a plain game's), jokers apart.
_DECK: Final = frozenset(range(JOKER_BASE))

#: The last answer of :func:`_plainly_valid`, with the game and deal it was for (the service asks it twice of one
#: request: for the cost, then to adjudicate).
_LAST_VALID: list[tuple[Variant, Deal, bool]] = []


def _plainly_valid(game: Variant, shape: PlainShape, deal: Deal) -> bool:
    """:func:`_checked_plainly_valid`, remembered for the last game and deal asked about."""
    if _LAST_VALID:
        last_game, last_deal, valid = _LAST_VALID[0]
        if last_game is game and last_deal is deal:
            return valid
    valid = _checked_plainly_valid(shape, deal)
    _LAST_VALID[:] = [(game, deal, valid)]
    return valid


def _checked_plainly_valid(shape: PlainShape, deal: Deal) -> bool:
    """True when the general checks would find no problem in the deal of a game of this shape: then it needs none
    of them. At least two players are still in (so every one of them contests the pot); a folded player may have
    sent his cards or not."""
    seats, board = deal.seats, deal.board
    if (deal.runs or deal.events or deal.positions is not None or deal.pots is not None
            or deal.contributions is not None or deal.dead is not None or len(seats) not in shape.seats
            or len(board) not in shape.boards or (deal.pot is not None and deal.pot < 0)):
        return False
    ids = {s.id for s in seats}
    if len(ids) != len(seats) or (deal.button is not None and deal.button not in ids):
        return False
    holes, ups, total, on_board = shape.holes, shape.ups, shape.own_plus_board, len(board)
    most_hole, most_up = shape.most_hole, shape.most_up
    placed = list(board)
    live = 0
    for s in seats:
        # what no plain seat sets, each at its default: separate hands, a claim, a declaration, a wild rank, insurance
        if s.hands or s.claim or s.declare is not None or s.wild_rank is not None or s.insured:
            return False
        hole, up = s.hole, s.up
        if s.folded:
            if len(hole) > most_hole or len(up) > most_up:
                return False
        elif (len(hole) not in holes or len(up) not in ups
              or (total is not None and len(hole) + len(up) + on_board not in total)):
            return False
        else:
            live += 1
        placed += hole
        if up:
            placed += up
    distinct = set(placed)
    return live >= 2 and len(distinct) == len(placed) and distinct <= _DECK


def _combinations(hole: int, omaha: Sequence[bool]) -> int:
    """The combinations one live seat's search scores, over every hand: 21 of seven cards, or the hole pairs times
    the board's triples for Omaha (of ``hole`` cards)."""
    return sum(comb(hole, 2) * comb(BOARD_SIZE, 3) if two_and_three else 21 for two_and_three in omaha)


def plain_cost(variant: Variant, deal: Deal, options: Mapping[str, str] | None = None) -> int | None:
    """What :func:`evaluator.engine.cost.showdown_cost` answers for a plain game and a plainly valid deal (every
    live seat's combinations: what :func:`adjudicate_plain` charges), by arithmetic on the shape; None for anything
    else (then ``showdown_cost`` answers: bad options too)."""
    if deal.runs:
        return None
    try:
        game = variant.with_options(options or {})
    except (ShowdownError, TypeError):  # a bad option, or a value that cannot be a key
        return None
    shape = plain_shape(game)
    if shape is None or not _plainly_valid(game, shape, deal):
        return None
    return sum(not s.folded for s in deal.seats) * shape.work


@cache
def _flush_scores() -> list[int]:
    """HIGH's score of five cards of one suit, by 13-bit rank mask."""
    scores: list[int] = HIGH.flush_table.tolist()
    return scores


@cache
def _by_sum(ranking: TableRanking) -> npt.NDArray[np.int32]:
    """``ranking``'s (HIGH or LOW-A5) score of five cards not of one suit, by rank-weight sum, as an array."""
    rows = sorted_multisets(5)
    natural = (np.diff(rows, axis=1) == 0).sum(axis=1) < 4  # the weights tell apart four of a rank at most
    sums = RANK_WEIGHTS[rows].sum(axis=1)
    table = np.full(int(sums.max()) + 1, NO_HAND, dtype=np.int32)
    table[sums[natural]] = ranking.plain_table[natural]
    return table


_OUT_OF_SEVEN: Final = tuple(combinations(range(7), 2))  # the two cards a Hold'em combination leaves out
_TRIPLES: Final = tuple(combinations(range(BOARD_SIZE), 3))


_LABELS: Final = tuple(str(i) for i in range(BOARD_SIZE))


@quick_init
@dataclass(frozen=True, slots=True)
class _Board:
    """What every seat's search shares: the board's cards, each with its label (its position, as the answer names
    it), how many of each suit, the most of one suit and that suit (the lowest of equals)."""

    cards: tuple[Card, ...]
    labelled: tuple[tuple[str, Card], ...]
    suits: list[int]
    most: int
    suit: int


def _board(cards: tuple[Card, ...]) -> _Board:
    suits = [0, 0, 0, 0]
    for c in cards:
        suits[c & 3] += 1
    most = max(suits)
    # a stud board holds fewer than five cards
    return _Board(cards, tuple(zip(_LABELS, cards, strict=False)), suits, most, suits.index(most))


#: For each pair of positions of :data:`_OUT_OF_SEVEN`, what picks the other five of seven cards, in order.
_KEEP: Final = tuple(itemgetter(*(n for n in range(7) if n not in pair)) for pair in _OUT_OF_SEVEN)


@cache
def _seven(ranking: TableRanking) -> tuple[array[int], bytes]:
    """For every multiset of seven ranks (by its dense index), the best ``ranking`` score of five of them (not of
    one suit), and which five they are: the place in :data:`_OUT_OF_SEVEN` (and :data:`_KEEP`) of the pair of
    positions, of seven cards highest first, that the last best combination leaves out. Two compact tables (a
    score array, a byte per multiset) rather than a tuple per multiset: a random deal's lookups touch a few bytes
    where a tuple's would miss the processor's caches."""
    rows = sorted_multisets(7)[:, ::-1]
    keep = np.array([[n for n in range(7) if n not in pair] for pair in _OUT_OF_SEVEN], dtype=np.int64)
    fives = rows[:, keep][..., ::-1].reshape(-1, 5)
    scores = ranking.plain_table[multiset_indexes(fives)].reshape(len(rows), len(keep))
    last = len(keep) - 1 - scores[:, ::-1].argmax(axis=1)
    return array("i", scores.max(axis=1).tolist()), bytes(last.tolist())


#: ``_TERMS[i][card]``: the term of a seven-rank multiset's index for that card's rank at ascending position ``i``
#: (the multiset module's column shares, :data:`~evaluator.rankings._multiset.COLUMN_SHARES`, read by card).
_TERMS: Final = tuple(tuple(shares[c >> 2] for c in range(52)) for shares in COLUMN_SHARES[:7])


def _seven_card_hands(spec: HandSpec, ranking: TableRanking, live: Sequence[Seat], board: _Board,
                      known: dict[int, _Facts]) -> list[PlayedHand]:
    """Hold'em or stud, every live seat: the best five of its own cards and the board, seven in all. With the seven
    cards highest first, combinations listed by the pair they leave out in lexicographic order list their cards
    highest first, and of two equal ones the later is the higher (it leaves out lower cards): the engine's choice is
    the last best. Without five cards of a suit, the seven ranks decide both (one lookup, :func:`_seven`); a flush
    is possible only where the board's commonest suit and a seat's own cards make five."""
    by_score, by_out = _seven(ranking)
    keeps, pairs = _KEEP, _OUT_OF_SEVEN
    t0, t1, t2, t3, t4, t5, t6 = _TERMS
    flushes = ranking is HIGH
    commonest, on_board, labelled = board.most, board.cards, board.labelled
    name = spec.name
    found = []
    for seat in live:
        hole, up = seat.hole, seat.up
        cards = [*hole, *up, *on_board]
        cards.sort(reverse=True)
        suit = _flush_suit(hole, up, board) if flushes and commonest + len(hole) + len(up) >= 5 else None
        if suit is not None:
            score, chosen = _best_flush_of_seven(cards, suit)
            out = tuple([c for c in cards if c not in chosen])
        else:
            index = (t0[cards[6]] + t1[cards[5]] + t2[cards[4]] + t3[cards[3]] + t4[cards[2]] + t5[cards[1]]
                     + t6[cards[0]])
            score, left = by_score[index], by_out[index]
            i, j = pairs[left]
            chosen, out = keeps[left](cards), (cards[i], cards[j])
        shown = tuple([named for named in labelled if named[1] not in out])
        own = HAND_SIZE - len(shown)  # how many of the seat's own cards play: all of them, none, or some
        if own == len(hole) + len(up):
            mine, shown_up = hole, up
        elif own == 0:
            mine, shown_up = (), ()
        else:
            mine = tuple([c for c in hole if c not in out])
            shown_up = tuple([c for c in up if c not in out]) if up else ()
        facts = known.get(score)  # None: a score first seen, or no hand
        found.append(facts.hand(name, score, chosen, mine, shown_up, shown) if facts is not None
                     else _played(spec, known, score, chosen, mine, shown_up, shown))
    return found


def _flush_suit(hole: Sequence[Card], up: Sequence[Card], board: _Board) -> int | None:
    """The suit of which five of a seat's own cards and the board are (None: no suit has five)."""
    own = (*hole, *up)
    if len(board.cards) - board.most + len(own) < 5:  # no suit but the board's commonest can make five (Hold'em)
        suit = board.suit
        return suit if board.most + [c & 3 for c in own].count(suit) >= 5 else None
    suits = board.suits[:]
    for c in own:
        suits[c & 3] += 1
    most = max(suits)
    return suits.index(most) if most >= 5 else None


def _best_flush_of_seven(cards: list[Card], suit: int) -> tuple[int, tuple[Card, ...]]:
    """The HIGH score of the best five of seven cards (highest first) of which five or more are of ``suit``, and
    those five, highest first. Five cards of one suit hold five ranks, so the other two cards make three of a kind
    at most (neither four of a kind nor a full house): a flush beats every other combination, and the best is a
    combination of the suited cards, which all differ by their ranks (no two score alike)."""
    flush = _flush_scores()
    best = -1
    chosen: tuple[Card, ...] = ()
    for five in combinations([c for c in cards if c & 3 == suit], 5):
        score = flush[sum(1 << (c >> 2) for c in five)]
        if score > best:
            best, chosen = score, five
    return best, chosen


#: A combination's key (:func:`_keys`): its score's place among the ranking's scores, less this, above its card set.
_PLACE_OFFSET: Final = 1 << 12
#: The bits of a key that hold the card set: the 52-bit set less its lowest bit (the two of clubs), which two
#: combinations of equal scores (one rank multiset) and equal other cards always share.
_SET_BITS: Final = 51


@dataclass(frozen=True, slots=True)
class _Keys:
    """One ranking's (HIGH or LOW-A5) combination keys: the score's place among the ranking's scores (less
    :data:`_PLACE_OFFSET`, so that every key is a signed 64-bit integer) shifted above the card set's bits. The
    greatest key of a seat is the engine's choice: the highest score, then the greatest card set."""

    by_sum: npt.NDArray[np.int64]  # key less the set, by rank-weight sum (of five cards not of one suit)
    flush: tuple[int, ...]  # key less the set, by 13-bit rank mask (five cards of one suit; HIGH only)
    scores: tuple[int, ...]  # the score of each place


@cache
def _keys(ranking: TableRanking) -> _Keys:
    by_sum = _by_sum(ranking)
    flush = HIGH.flush_table if ranking is HIGH else np.full(1 << 13, NO_HAND, dtype=np.int32)
    scores = np.union1d(by_sum, flush)
    assert len(scores) <= 2 * _PLACE_OFFSET  # every place fits the key's 13 bits above the set
    place = {score: (n - _PLACE_OFFSET) << _SET_BITS for n, score in enumerate(scores.tolist())}
    return _Keys(by_sum=np.array([place[s] for s in by_sum.tolist()], dtype=np.int64),
                 flush=tuple(place[s] for s in flush.tolist()), scores=tuple(scores.tolist()))


@cache
def _key_rows(rankings: tuple[TableRanking, ...]) -> npt.NDArray[np.int64]:
    """:attr:`_Keys.by_sum` of each ranking, a row each: one lookup keys a combination for every hand."""
    return np.stack([_keys(r).by_sum for r in rankings])


#: By card int, a row each: its rank's weight, and its bit in a key's card set (the two of clubs has none).
_CARD_ROWS: Final = np.array([[int(RANK_WEIGHTS[c >> 2]) for c in range(52)], [(1 << c) >> 1 for c in range(52)]],
                             dtype=np.int64)


@cache
def _pairs(hole: int) -> tuple[tuple[int, int], ...]:
    """The hole pairs of ``hole`` cards, as positions, in order."""
    return tuple(combinations(range(hole), 2))


@cache
def _adding(seats: int, hole: int) -> npt.NDArray[np.int64]:
    """A deal's cards (``hole`` of each seat's, then the board's five) times this add up every hole pair's
    (``[seat, pair]``, flat) and then every board triple's: its rank weights, or its cards' bits."""
    pairs = _pairs(hole)
    adding = np.zeros((seats * hole + BOARD_SIZE, seats * len(pairs) + len(_TRIPLES)), dtype=np.int64)
    for s in range(seats):
        for p, (a, b) in enumerate(pairs):
            adding[[s * hole + a, s * hole + b], s * len(pairs) + p] = 1
    for t, triple in enumerate(_TRIPLES):
        adding[[seats * hole + i for i in triple], seats * len(pairs) + t] = 1
    return adding


def _two_and_three_hands(specs: Sequence[HandSpec], rankings: tuple[TableRanking, ...],
                         known_by_hand: Sequence[dict[int, _Facts]], live: Sequence[Seat], board: _Board, hole: int
                         ) -> list[list[PlayedHand]]:
    """Omaha, every live seat's best hand of each kind (``specs``, scored by ``rankings``, each with the facts of its
    scores spelt out so far in ``known_by_hand``): exactly two of its
    ``hole`` cards and three of the five board cards. Every seat's combinations ``[hand, seat, pair, triple]`` in one
    numpy pass for every hand at once: one product adds up every hole pair's and board triple's rank weights and card
    bits; a combination's rank-weight sum (a pair's plus a triple's) looks up its key (:func:`_keys`) for each hand,
    with its card set below, and the key of one of HIGH whose five cards share a suit is its flush's
    (:func:`_flushes`). Among equal scores, the engine's choice (the combination whose cards, highest first, are
    highest) is the one whose 52-bit card set is greatest: the highest card in one set and not the other decides
    both. So the greatest key is the choice, and its place gives the score."""
    seats, pairs = len(live), comb(hole, 2)
    holes = [s.hole for s in live]
    cards = np.fromiter(chain(chain.from_iterable(holes), board.cards), np.int64, seats * hole + BOARD_SIZE)
    added = _CARD_ROWS.take(cards, axis=1).dot(_adding(seats, hole))  # [weights or bits, pairs then triples]
    split = seats * pairs
    both = added[:, :split, None] + added[:, None, split:]  # [weights or bits, (seat, pair), triple]
    keys = _key_rows(rankings).take(both[0], axis=1) | both[1]  # [hand, (seat, pair), triple]
    triples = list(combinations(board.cards, 3))
    for column, ranking in enumerate(rankings):
        if ranking is HIGH:
            _flushes(keys[column], holes, board, triples, hole)
    # each seat's greatest key of each hand: its place in the seat's row, then the key itself
    picked = keys.reshape(len(rankings), seats, -1).argmax(axis=2)
    best = keys.reshape(-1).take(picked.reshape(-1) + _row_starts(len(rankings) * seats, split // seats))
    tops, chosen = best.reshape(len(rankings), seats).tolist(), picked.tolist()
    combos = _combos(hole)
    on_board = list(combinations(board.labelled, 3))
    found = []
    for spec, ranking, known, greatest, ks in zip(specs, rankings, known_by_hand, tops, chosen, strict=True):
        scores = _keys(ranking).scores
        name = spec.name
        mine = []
        for held, top, k in zip(holes, greatest, ks, strict=True):
            a, b, triple = combos[k]
            own = (held[a], held[b])
            score = scores[(top >> _SET_BITS) + _PLACE_OFFSET]
            chosen = sorted((*own, *triples[triple]), reverse=True)
            facts = known.get(score)  # None: a score first seen, or no hand
            mine.append(facts.hand(name, score, chosen, own, (), on_board[triple]) if facts is not None
                        else _played(spec, known, score, chosen, own, (), on_board[triple]))
        found.append(mine)
    return found


@cache
def _row_starts(rows: int, pairs: int) -> npt.NDArray[np.int64]:
    """Where each ``[hand, seat]`` row of the keys (``pairs`` hole pairs times the board's triples) begins in the
    flat keys."""
    return np.arange(rows, dtype=np.int64) * (pairs * len(_TRIPLES))


@cache
def _combos(hole: int) -> tuple[tuple[int, int, int], ...]:
    """Omaha's combinations of ``hole`` cards in the order :func:`_two_and_three_hands` lists them: the positions of
    the pair's two hole cards and the board triple's place in :data:`_TRIPLES`."""
    return tuple((a, b, triple) for a, b in _pairs(hole) for triple in range(len(_TRIPLES)))


def _flushes(keys: npt.NDArray[np.int64], holes: Sequence[tuple[Card, ...]], board: _Board,
             triples: Sequence[tuple[int, int, int]], hole: int) -> None:
    """Key in place (``[(seat, pair), triple]``, HIGH's; each seat's ``hole`` cards in ``holes``), as flushes, the
    combinations whose five cards share a suit: a suit of which the board holds three cards or more (one suit at
    most), and a seat two hole cards."""
    if board.most < 3:
        return
    suit = board.suit
    flush = _keys(HIGH).flush
    suited = [(t, (1 << (a >> 2)) | (1 << (b >> 2)) | (1 << (c >> 2)), (1 << a) | (1 << b) | (1 << c))
              for t, (a, b, c) in enumerate(triples) if a & 3 == suit and b & 3 == suit and c & 3 == suit]
    pairs = _pairs(hole)
    for n, own in enumerate(holes):
        for p, (a, b) in enumerate(pairs):
            x, y = own[a], own[b]
            if x & 3 == suit and y & 3 == suit:
                two, bits = (1 << (x >> 2)) | (1 << (y >> 2)), (1 << x) | (1 << y)
                row = n * len(pairs) + p
                for t, three, cards in suited:
                    keys[row, t] = flush[two | three] | ((bits | cards) >> 1)


@dataclass(frozen=True, slots=True)
class _Facts:
    """What a hand's answer says that its score alone decides (a score of these rankings is one rank multiset, flush
    or not): the order its cards are read in (``Ranking.arrange``, as positions of its cards highest first: equal
    ranks keep their order, by suit), its category, description and strength, whether it qualifies and why not."""

    pick: Callable[[Sequence[Card]], tuple[Card, ...]]  # the cards, highest first, in that order
    category: str
    description: str
    strength: tuple[int, ...]
    qualifies: bool
    reason: str | None

    def hand(self, name: str, score: int, chosen: Sequence[Card], hole: tuple[Card, ...], up: tuple[Card, ...],
             board: tuple[tuple[str, Card], ...]) -> PlayedHand:
        """The hand of this score named ``name``: ``chosen``, its cards highest first, of which ``hole``, ``up`` and
        ``board`` (labelled) are the seat's and the board's."""
        # by position, in the order of PlayedHand's fields: name, score, cards, hole, up, board, group, qualifies,
        # reason, category, description, strength
        return PlayedHand(name, score, self.pick(chosen), hole, up, board, None, self.qualifies, self.reason,
                          self.category, self.description, self.strength)


#: :class:`_Facts` by score, for each (ranking, qualifier): bounded by the rankings' scores.
_FACTS: dict[tuple[Ranking, Qualifier | None], dict[int, _Facts]] = {}


def _facts(spec: HandSpec, score: int, chosen: tuple[Card, ...]) -> _Facts:
    ranking = spec.ranking
    arranged = ranking.arrange(chosen, score)
    described = ranking.describe(score, arranged)
    key, qualifies, reason = score_facts(spec, score)
    return _Facts(itemgetter(*(chosen.index(c) for c in arranged)), described.category, described.description, key,
                  qualifies, reason)


def _played(spec: HandSpec, known: dict[int, _Facts], score: int, chosen: Sequence[Card], hole: tuple[Card, ...],
            up: tuple[Card, ...], board: tuple[tuple[str, Card], ...]) -> PlayedHand:
    """One seat's best hand of this kind: ``chosen``, its cards highest first, of which ``hole``, ``up`` and
    ``board`` (labelled) are the seat's and the board's; ``known``: the facts of scores of this kind already spelt
    out."""
    if score == NO_HAND:
        return PlayedHand(name=spec.name, score=None, reason=f"no {plain(spec.name)} hand")
    facts = known.get(score)
    if facts is None:
        facts = known[score] = _facts(spec, score, tuple(chosen))
    return facts.hand(spec.name, score, chosen, hole, up, board)


def _mixed_hands(shape: PlainShape, specs: Sequence[HandSpec], live: Sequence[Seat], board: _Board
                 ) -> list[list[PlayedHand]]:
    """Every live seat's best hand of each kind, for a game whose hands are not all Omaha's: those of any five of the
    seven searched one at a time, the Omaha ones together."""
    omaha = [i for i, two_and_three in enumerate(shape.omaha) if two_and_three]
    searched = dict(zip(omaha, _two_and_three_hands(
        [specs[i] for i in omaha], tuple(shape.rankings[i] for i in omaha), [shape.facts[i] for i in omaha], live,
        board, shape.hole), strict=True)) if omaha else {}
    return [searched[i] if i in searched else _seven_card_hands(spec, ranking, live, board, known)
            for i, (spec, ranking, known) in enumerate(zip(specs, shape.rankings, shape.facts, strict=True))]


_POT_TABLES: dict[tuple[int, tuple[str, ...], str | None], tuple[Variant, PotTable]] = {}


def _pot_table(game: Variant, deal: Deal, ids: tuple[str, ...]) -> PotTable:
    """``game.pot_table`` for a plainly valid deal (nobody declares, no events) whose seats are ``ids``, kept per
    game, seats and button (what decides the seat order clockwise from it)."""
    key = (id(game), ids, deal.button)
    kept = _POT_TABLES.get(key)
    if kept is not None and kept[0] is game:
        return kept[1]
    table = game.pot_table(deal.clockwise, {s.id: s.declare for s in deal.seats}, deal.events)
    if len(_POT_TABLES) >= _SHAPES_KEPT:
        _POT_TABLES.clear()
    _POT_TABLES[key] = (game, table)
    return table


def adjudicate_plain(variant: Variant, game: Variant, chosen: Mapping[str, str], deal: Deal) -> ShowdownResult | None:
    """The answer of :func:`evaluator.engine.showdown.adjudicate` for a plain game (``variant`` with the ``chosen``
    options applied: ``game``) and a plainly valid deal; None for anything else."""
    shape = plain_shape(game)
    if shape is None or not _plainly_valid(game, shape, deal):
        return None

    seats = deal.seats
    live = [s for s in seats if not s.folded]
    charge(len(live) * shape.work)
    board = _board(deal.board)
    specs = game.hands
    if shape.omaha == (False,):  # one hand of any five of the seven (Hold'em, stud, razz)
        found = [_seven_card_hands(specs[0], shape.rankings[0], live, board, shape.facts[0])]
    elif False not in shape.omaha:  # every hand Omaha's: one search for all of them
        found = _two_and_three_hands(specs, shape.rankings, shape.facts, live, board, shape.hole)
    else:
        found = _mixed_hands(shape, specs, live, board)
    names = [spec.name for spec in specs]
    hands: dict[str, dict[str, PlayedHand]]
    if len(names) == 1:  # most games: one hand each, a dict of one built whole (or two: a high and a low)
        hands = {seat.id: {names[0]: mine} for seat, mine in zip(live, found[0], strict=True)}
    elif len(names) == 2:  # a high and a low
        high, low = names
        hands = {seat.id: {high: one, low: other} for seat, one, other in zip(live, *found, strict=True)}
    else:
        hands = {seat.id: dict(zip(names, mine, strict=True))
                 for seat, mine in zip(live, zip(*found, strict=True), strict=True)}
    if len(live) < len(seats):
        for seat in seats:
            if seat.folded:
                hands[seat.id] = {name: PlayedHand(name=name, score=None, reason="folded") for name in names}
    ids = tuple([s.id for s in seats])
    # the one pot (of no chips without money) that every live player contests: what Deal.pots_among answers here
    pot = Pot(deal.pot or 0, ids if len(live) == len(seats) else tuple([s.id for s in live]))
    # two players or more contest it: the division's contested path, what its ``divide`` takes for them
    results = (game.division.contested(pot, hands, _pot_table(game, deal, ids)),)
    payouts = dict.fromkeys(ids, 0)
    for share in results[0].shares:
        for player, won in share.paid:
            payouts[player] += won
    players = tuple([PlayerResult(s.id, s.folded, hands[s.id]) for s in seats])
    # by position: variant, options, players, pots, payouts, summary
    return ShowdownResult(variant, chosen, players, results, payouts, summarize(results, hands, game.division))
