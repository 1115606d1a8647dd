"""A scored combination spelled out as the hand a player shows (:class:`~evaluator.results.PlayedHand`): the best of
his combinations (ties broken by the cards themselves, never by the order they were sent), its cards arranged as the
ranking reads them, each wild card and the card it became, the hole, up, board and other players' cards it used,
its description, category and whether it qualifies."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from operator import itemgetter
from typing import Any, Final, TypeVar, cast

import numpy as np
import numpy.typing as npt

from evaluator.formation import BREAKER, HOLE, INSURED, TABLE, UP, Candidates, Slot
from evaluator.hands.spec import HandSpec
from evaluator.rankings import NO_HAND, Qualifier, Ranking, TableRanking
from evaluator.rankings.base import Key
from evaluator.results import PlayedHand
from evaluator.results.wording import plain
from evaluator.values.cards import Card, card_names, every_card
from evaluator.wilds.choice_cards import Choices, best_choice
from evaluator.wilds.scoring import spell_out, spell_table
from evaluator.wilds.sequence import SequenceWilds
from evaluator.wilds.sets import SetHand

__all__ = ["Spelt", "canonical", "no_combination", "no_hand", "played_hand", "played_with_sets", "score_facts",
           "spelled_by_ranking", "spelled_hand", "spelled_hands"]

K = TypeVar("K")
V = TypeVar("V")
C = TypeVar("C", bound=int)


def canonical(cands: Candidates, tied: npt.NDArray[np.intp]) -> int:
    """Among combinations of equal score, the one whose cards, highest first, are highest (rank, then suit), so the
    hand shown and the stud odd-chip card never depend on the order the cards were listed in. Of two sets of cards,
    that one holds the highest card the other lacks: its set as bits (card ``c`` is ``1 << c``) is the greater."""
    if len(tied) == 1:
        return int(tied[0])
    bits = np.fromiter((1 << s.card for s in cands.slots), dtype=np.int64, count=len(cands.slots))
    return int(tied[bits[cands.combos[tied]].sum(axis=1).argmax()])


def played_hand(spec: HandSpec, cands: Candidates, scores: npt.NDArray[np.integer],
                wild_by_group: Sequence[frozenset[Card]] = (frozenset(),), layout: bool = False,
                doubled: bool = False, choices: Choices | None = None, sequence: SequenceWilds | None = None
                ) -> PlayedHand:
    """The best of one player's combinations, spelled out. With ``doubled``, scores are ``2 * score + natural``
    (a natural hand ahead of the same hand made with wild cards)."""
    if not len(scores):
        return no_combination(spec)
    first = int(scores.argmax())
    best_score = int(scores[first])
    score = best_score >> 1 if doubled else best_score
    if score == NO_HAND or best_score < 0:
        return no_hand(spec)
    tied = np.flatnonzero(scores[first:] == best_score)
    best = first if len(tied) == 1 else canonical(cands, tied + first)
    group = int(cands.group_of[best]) if len(cands.groups) > 1 or len(wild_by_group) > 1 else 0
    wild = wild_by_group[group] if len(wild_by_group) > 1 else wild_by_group[0]
    return spelled_hand(spec, cands.slots, cands.combos[best].tolist(), score, cands.groups[group], wild, layout,
                        choices, sequence)


def no_combination(spec: HandSpec) -> PlayedHand:
    """The answer for a player with no legal combination of cards for this hand."""
    return PlayedHand(name=spec.name, score=None, reason="no legal combination of cards")


def no_hand(spec: HandSpec) -> PlayedHand:
    """The answer for a player whose best combination makes no hand of this kind (scored ``NO_HAND``)."""
    return PlayedHand(name=spec.name, score=None, reason=f"no {plain(spec.name)} hand")


def spelled_hand(spec: HandSpec, slots: Sequence[Slot], row: Sequence[int], score: int, group: str | None,
                 wild: frozenset[Card], layout: bool, choices: Choices | None = None,
                 sequence: SequenceWilds | None = None) -> PlayedHand:
    """The combination ``row`` (indexes into ``slots``) that scored ``score`` in ``group``, with these wild cards,
    spelled out: what :func:`played_hand` answers once it has chosen the combination."""
    return spelled_hands(spec, [(slots, row, score, group, wild)], layout, choices, sequence)[0]


#: One seat's combination to spell out: its slots, the row of them (indexes), its score, its group and its wild cards.
Spelt = tuple[Sequence[Slot], Sequence[int], int, "str | None", frozenset[Card]]


def spelled_hands(spec: HandSpec, seats: Sequence[Spelt], layout: bool, choices: Choices | None = None,
                  sequence: SequenceWilds | None = None) -> list[PlayedHand]:
    """:func:`spelled_hand` of each seat's combination of one search. Five cards of a table ranking that arranges
    and describes them as every table ranking does (no restricted or sequence wild card) are read in one pass over
    the seats, from what their score and ranks decide: each seat's cards placed and its wild cards set apart in
    one loop over its five (:func:`_placed`); the wild cards spelled out by the plans of
    :func:`~evaluator.wilds.scoring.spell_table`, the order, the words and the strength kept per score and ranks
    (:func:`_table_shown`), whether it qualifies per score; anything else as :func:`spelled_by_ranking` reads it."""
    ranking = spec.ranking
    if choices or sequence is not None or not _BY_TABLE[type(ranking)]:
        return [spelled_by_ranking(spec, *seat, layout, choices, sequence) for seat in seats]
    assert isinstance(ranking, TableRanking)
    name, qualifier, kept = spec.name, spec.qualifier, _SHOWN
    qualified = None if qualifier is None else _qualified_by_score(ranking, qualifier)
    hands = []
    kinds = _KINDS
    for seat in seats:
        slots, row, score, group, wild = seat
        if len(row) != 5:  # a short hand
            hands.append(spelled_by_ranking(spec, *seat, layout))
            continue
        naturals, wilds, hole, up, board, table = _placed(slots, row, kinds, wild)
        if not wilds:
            ordered = naturals
            substitutions: tuple[tuple[Card, Card], ...] = ()
            description = None
        else:
            wilds.sort()  # jokers after cards
            ordered, became = spell_table(ranking, naturals, wilds, score)
            substitutions, description = _substituted(wilds, became)
        ordered.sort(reverse=True)
        a, b, c, d, e = ordered
        shown = kept.get((ranking, score, a >> 2, b >> 2, c >> 2, d >> 2, e >> 2)) if (
            a != b and b != c and c != d and d != e) else None
        if shown is None:  # a score and ranks first seen, or a card repeated
            cards, shown = _table_shown(ranking, score, ordered)
        else:
            cards = shown.pick(ordered)
        if qualified is None:
            qualifies, reason = True, None
        else:
            found = qualified.get(score)
            if found is None:
                found = qualified[score] = _qualified(ranking, qualifier, score)[1:]
            qualifies, reason = found
        # positional, in the order of PlayedHand's fields (as in spelled_by_ranking)
        hands.append(PlayedHand(name, score, cards, hole, up, board, group, qualifies, reason, shown.category,
                                shown.description if description is None else shown.description + description,
                                shown.strength, substitutions, layout, table, not substitutions))
    return hands


def _substituted(wilds: Sequence[Card], became: Sequence[Card]) -> tuple[tuple[tuple[Card, Card], ...], str]:
    """Each wild card and the card it became, and how a description ends with them: `` (Ac as 7h, X1 as Ks)``."""
    names = _NAMES
    if len(wilds) == 1:  # the common hand: no iterator built
        wild, card = wilds[0], became[0]
        return ((wild, card),), f" ({names[wild]} as {names[card]})"
    substitutions = tuple(zip(wilds, became, strict=True))
    return substitutions, " (" + ", ".join([f"{names[w]} as {names[a]}" for w, a in substitutions]) + ")"


def spelled_by_ranking(spec: HandSpec, slots: Sequence[Slot], row: Sequence[int], score: int, group: str | None,
                       wild: frozenset[Card], layout: bool, choices: Choices | None = None,
                       sequence: SequenceWilds | None = None) -> PlayedHand:
    """:func:`spelled_hand` read through the ranking's own methods, for every ranking: restricted cards read by their
    choices or the sequence rule, wild cards spelled out (:func:`~evaluator.wilds.scoring.spell_out`), the cards
    arranged, described and placed, the score's facts read (:func:`score_facts`). The reference of its faster
    reading of table rankings."""
    ranking = spec.ranking
    raw = [slots[i].card for i in row]
    if choices or sequence is not None or not wild.isdisjoint(raw):  # a wild card to spell out, or a choice to read
        played, substitutions = _resolved(ranking, raw, wild, score, choices, sequence)
        dead = set(raw) - set(played) - {w for w, _ in substitutions} if played is not raw else _NONE
    else:
        played, substitutions, dead = raw, [], _NONE
    cards = _arranged(ranking, played, score)
    described = ranking.describe(score, cards)
    description = described.description
    if substitutions:
        names = _NAMES
        description += " (" + ", ".join([f"{names[w]} as {names[a]}" for w, a in substitutions]) + ")"
    key, qualifies, reason = score_facts(spec, score)
    shown = [i for i in row if slots[i].card not in dead] if dead else row
    _, hole, up, board, table = _placements([(slots, shown)], _KINDS)[0]
    # positional, in the order of PlayedHand's fields (name, score, cards, hole, up, board, group, qualifies, reason,
    # category, description, strength, wilds, layout, table, natural): a third faster than by keyword
    deck = _CARDS
    return PlayedHand(spec.name, score, tuple([deck[c] for c in cards]), hole, up, board, group, qualifies, reason,
                      described.category, description, key, tuple(substitutions), layout, table, not substitutions)


def _placements(seats: Iterable[tuple[Sequence[Slot], Iterable[int], *tuple[object, ...]]], kinds: Mapping[str, int]
                ) -> list[tuple[list[Card], tuple[Card, ...], tuple[Card, ...], tuple[tuple[str, Card], ...],
                                tuple[tuple[str, Card], ...]]]:
    """For each seat's slots and the indexes of those used (anything after them is not read): the cards of those
    slots, in order, and where the answer places them by their source's kind (``kinds``): the hole cards, the up
    cards, the board's (by label) and other players' (by player id)."""
    found = []
    for seat in seats:
        cards, _, hole, up, board, table = _placed(seat[0], seat[1], kinds, _NO_WILD)
        found.append((cards, hole, up, board, table))
    return found


def _placed(slots: Sequence[Slot], row: Iterable[int], kinds: Mapping[str, int], wild: frozenset[Card]
            ) -> tuple[list[Card], list[Card], tuple[Card, ...], tuple[Card, ...], tuple[tuple[str, Card], ...],
                       tuple[tuple[str, Card], ...]]:
    """One seat's cards of the slots at ``row``, in order, the natural ones and those in ``wild`` apart, and where
    the answer places them (:func:`_placements`), in one pass."""
    deck = _CARDS
    naturals: list[Card] = []
    wilds: list[Card] = []
    hole: list[Card] = []
    board: list[tuple[str, Card]] = []
    up: list[Card] | None = None  # few hands use up cards or other players' cards: made where one does
    table: list[tuple[str, Card]] | None = None
    for i in row:
        slot = slots[i]
        card = deck[slot.card]
        if card in wild:
            wilds.append(card)
        else:
            naturals.append(card)
        kind = kinds[slot.source]
        if kind == _HOLE:
            hole.append(card)
        elif kind == _BOARD:
            board.append((slot.label, card))
        elif kind == _UP:
            if up is None:
                up = []
            up.append(card)
        else:
            if table is None:
                table = []
            table.append((slot.label.rsplit(":", 1)[0], card))
    return (naturals, wilds, tuple(hole), () if up is None else tuple(up), tuple(board),
            () if table is None else tuple(table))


def _resolved(ranking: Ranking, raw: list[int], wild: frozenset[Card], score: int, choices: Choices | None,
              sequence: SequenceWilds | None) -> tuple[list[int], list[tuple[Card, Card]]]:
    """The combination as played: restricted cards read by their choices or the sequence rule, wild cards spelled
    out; and every substitution made."""
    chosen, restricted = best_choice(ranking, raw, [c in wild for c in raw], score, choices) if choices else (raw, [])
    if sequence is not None:
        chosen, restricted = sequence.best_reading(ranking, raw, score)
    if wild:
        played, substitutions = spell_out(ranking, chosen, [c in wild for c in raw], score)
    else:
        played, substitutions = chosen, []
    return played, restricted + substitutions


def _arranged(ranking: Ranking, played: list[int], score: int) -> list[int]:
    """``ranking.arrange(played, score)``; for a table ranking's own arrangement, by a permutation kept per score and
    ranks (:func:`_table_shown`)."""
    if type(ranking).arrange is not _TABLE_ARRANGE:
        return ranking.arrange(played, score)
    if len(played) < 2:  # itemgetter of one index answers the card, not a tuple; one card is arranged as it is
        return list(played)
    assert isinstance(ranking, TableRanking)
    return list(_table_shown(ranking, score, sorted(played, reverse=True))[0])


class _Shown:
    """What a table ranking's hand shows that its score and its ranks alone decide: the order distinct cards of those
    ranks are read in (``pick``, from the cards highest first), its category, description and strength."""

    __slots__ = ("category", "description", "pick", "strength")

    def __init__(self, pick: Callable[[Sequence[Any]], tuple[Any, ...]], category: str, description: str,
                 strength: Key) -> None:
        self.pick = pick
        self.category = category
        self.description = description
        self.strength = strength


def _table_shown(ranking: TableRanking, score: int, ordered: Sequence[C]) -> tuple[tuple[C, ...], _Shown]:
    """Cards ``ordered`` (two or more, highest first) of this score as the table ranking arranges them, and what they
    show (:class:`_Shown`, kept per score and ranks). That arrangement sorts distinct cards by (group size, value,
    suit), each a function of the card's rank and the score but for the suit, and two cards of one rank keep their
    suit order: so for distinct cards listed highest first, the permutation depends on the score and the ranks
    alone (cards that repeat one, which only wild cards or a doubled deck make, are arranged by the ranking itself);
    and a table ranking's description and strength depend on the score alone."""
    if len(ordered) == 5:  # the common hand: a repeated card is next to its copy once sorted
        a, b, c, d, e = ordered
        key: tuple[object, ...] = (ranking, score, a >> 2, b >> 2, c >> 2, d >> 2, e >> 2)
        distinct = a != b and b != c and c != d and d != e
    else:
        key = (ranking, score, *[c >> 2 for c in ordered])
        distinct = len(set(ordered)) == len(ordered)
    shown = _SHOWN.get(key)
    if shown is None:
        shown = _shown(ranking, score, [c >> 2 for c in ordered])
        if len(_SHOWN) < _SHOWN_KEPT:
            _SHOWN[key] = shown
    if distinct:
        return shown.pick(ordered), shown
    return tuple(cast(list[C], ranking.arrange(ordered, score))), shown


def _shown(ranking: TableRanking, score: int, ranks: list[int]) -> _Shown:
    """The :class:`_Shown` of a hand of these ranks (highest first) and this score, read from distinct cards of those
    ranks (each rank's in the suits from spades down: highest first too); its order is read from none where a rank
    has more cards than suits (no distinct cards have those ranks)."""
    cards = [rank * 4 + 3 - ranks[:i].count(rank) for i, rank in enumerate(ranks)]
    arranged = ranking.arrange(cards, score)
    described = ranking.describe(score, arranged)
    pick = itemgetter(*[cards.index(c) for c in arranged]) if max(ranks.count(r) for r in ranks) <= 4 else _unread
    return _Shown(pick, described.category, described.description, ranking.key(score))


def _unread(cards: Sequence[Any]) -> tuple[Any, ...]:  # pragma: no cover - no distinct cards are read by it
    """The order of ranks no distinct cards have: never read."""
    raise AssertionError("distinct cards of more than four of a rank")


#: What hands show (:func:`_table_shown`): about one per score of each table ranking, a few thousand each.
_SHOWN_KEPT: Final = 1 << 15
_SHOWN: Final[dict[tuple[object, ...], _Shown]] = {}
_NONE: Final[frozenset[int]] = frozenset()
_TABLE_ARRANGE: Final = TableRanking.arrange
_TABLE_DESCRIBE: Final = TableRanking.describe
#: Every card and joker by its number (what :func:`card_of` answers for each).
_CARDS: Final = every_card()
#: Every card's and joker's name (``str`` of each), as the descriptions spell the wild cards.
_NAMES: Final = card_names()
_HOLE, _UP, _TABLE, _BOARD = range(4)
_NO_WILD: Final[frozenset[Card]] = frozenset()


def _kind(source: str) -> int:
    """Where a slot's card is answered: among the hole cards (a Breaker, an insured hand's and a set's cards too),
    the up cards, other players' cards, or the board."""
    if source in (HOLE, BREAKER, INSURED) or source.startswith("set"):
        return _HOLE
    if source == UP:
        return _UP
    return _TABLE if source == TABLE else _BOARD


class _Kept(dict[K, V]):
    """What ``find`` answers for each key, kept as it is first read (a dictionary lookup, not a call)."""

    def __init__(self, find: Callable[[K], V]) -> None:
        super().__init__()
        self.find = find

    def __missing__(self, key: K) -> V:
        found = self[key] = self.find(key)
        return found


def _by_table(kind: type[Ranking]) -> bool:
    """Whether a ranking of this class is a table ranking that arranges and describes hands as every table ranking
    does (what :func:`spelled_hands` reads in one pass)."""
    return issubclass(kind, TableRanking) and kind.arrange is _TABLE_ARRANGE and kind.describe is _TABLE_DESCRIBE


#: A kind of each source (:func:`_kind`), and whether each ranking class reads by table (:func:`_by_table`).
_KINDS: Final = _Kept(_kind)
_BY_TABLE: Final = _Kept(_by_table)


def score_facts(spec: HandSpec, score: int) -> tuple[Key, bool, str | None]:
    """What the score alone decides: the hand's strength, whether it qualifies and the reason it does not."""
    if spec.qualifier is None:
        return spec.ranking.key(score), True, None
    return _qualified(spec.ranking, spec.qualifier, score)


def _qualified_by_score(ranking: Ranking, qualifier: Qualifier) -> dict[int, tuple[bool, str | None]]:
    """Whether each score of this ranking qualifies, and the reason it does not, as found so far (:func:`_qualified`
    fills it): kept per ranking and qualifier, so that a search's seats hash the qualifier (a call) once."""
    found = _QUALIFIED.get((ranking, qualifier))
    if found is None:
        found = {}
        if len(_QUALIFIED) < _QUALIFIED_KEPT:
            _QUALIFIED[ranking, qualifier] = found
    return found


#: :func:`_qualified_by_score`'s, by ranking and qualifier (each bounded by the ranking's scores).
_QUALIFIED_KEPT: Final = 1 << 8
_QUALIFIED: Final[dict[tuple[Ranking, Qualifier], dict[int, tuple[bool, str | None]]]] = {}


@lru_cache(maxsize=1 << 14)  # a ranking has a few thousand scores
def _qualified(ranking: Ranking, qualifier: Qualifier, score: int) -> tuple[Key, bool, str | None]:
    key = ranking.key(score)
    qualifies = qualifier.passes(ranking, key)
    return key, qualifies, None if qualifies else f"does not qualify ({qualifier.label})"


def played_with_sets(spec: HandSpec, found: SetHand | None, slots: Sequence[Slot], layout: bool) -> PlayedHand:
    """A hand of units as the answer: ``cards`` as played, ``wilds`` every card of each wild unit with the card the
    unit became, and ``hole``, ``up``, ``board`` every card used, in the player's order, the sets' cards included.
    ``found.used`` lists its cards in the order of ``slots`` (the player's usable cards, as the search listed them),
    so they are read in that order, each by a kind kept per source: what reading ``slots`` for those used gives. A
    table ranking that arranges and describes hands as every table ranking does is read by :func:`_table_shown`
    (what the score and ranks decide), as :func:`spelled_hands` reads it."""
    if found is None:
        return PlayedHand(name=spec.name, score=None, reason="no legal combination of cards")
    ranking = spec.ranking
    score = found.score
    played = found.played
    cards: Sequence[int]
    if _BY_TABLE[type(ranking)] and len(played) > 1:  # arranged and described as the score and ranks decide
        cards, shown = _table_shown(cast(TableRanking, ranking), score, sorted(played, reverse=True))
        category, description = shown.category, shown.description
    else:
        cards = _arranged(ranking, list(played), score)
        described = ranking.describe(score, cards)
        category, description = described.category, described.description
    key, qualifies, reason = score_facts(spec, score)
    _, hole, up, board, table = _placements([(found.used, range(len(found.used)))], _SET_KINDS)[0]
    substitutions = found.substitutions
    if substitutions:
        description += f" ({found.wild_text})"
    # positional, in the order of PlayedHand's fields (as in spelled_hand)
    deck = _CARDS
    return PlayedHand(spec.name, score, tuple([deck[c] for c in cards]), hole, up, board, None, qualifies, reason,
                      category, description, key, substitutions, layout, table, not substitutions)


def _set_kind(source: str) -> int:
    """Where a slot's card of a hand of units is answered: among the hole cards (a set's too), the up cards, other
    players' cards, or the board (anything else: a Breaker's or an insured hand's card too, unlike :func:`_kind`)."""
    if source == HOLE or source.startswith("set"):
        return _HOLE
    if source == UP:
        return _UP
    return _TABLE if source == TABLE else _BOARD


_SET_KINDS: Final = _Kept(_set_kind)
