"""A scored combination spelled out as the hand a player shows (:class:`~evaluator.results.PlayedHand`): the best of
his combinations (ties broken by the cards themselves, never by the order they were sent), its cards arranged as the
ranking reads them, each wild card and the card it became, the hole, up, board and other players' cards it used,
its description, category and whether it qualifies."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from operator import itemgetter
from typing import Final

import numpy as np
import numpy.typing as npt

from evaluator.formation import BREAKER, HOLE, INSURED, TABLE, UP, Candidates, Slot
from evaluator.hands.spec import HandSpec
from evaluator.rankings import NO_HAND, Qualifier, Ranking, TableRanking
from evaluator.rankings.base import Key
from evaluator.results import PlayedHand
from evaluator.results.wording import plain
from evaluator.values.cards import JOKER_BASE, MAX_JOKERS, Card, card_of
from evaluator.wilds.choice_cards import Choices, best_choice
from evaluator.wilds.scoring import spell_out
from evaluator.wilds.sequence import SequenceWilds
from evaluator.wilds.sets import SetHand

__all__ = ["canonical", "no_combination", "no_hand", "played_hand", "played_with_sets", "score_facts",
           "spelled_hand"]

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
    hole, up, board, table = _placed(slots, shown, _KINDS)
    # positional, in the order of PlayedHand's fields (name, score, cards, hole, up, board, group, qualifies, reason,
    # category, description, strength, wilds, layout, table, natural): a third faster than by keyword
    deck = _CARDS
    return PlayedHand(spec.name, score, tuple([deck[c] for c in cards]), hole, up, board, group, qualifies, reason,
                      described.category, description, key, tuple(substitutions), layout, table, not substitutions)


def _placed(slots: Sequence[Slot], used: Iterable[int], kinds: Mapping[str, int]
            ) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[tuple[str, Card], ...], tuple[tuple[str, Card], ...]]:
    """The cards of the slots at ``used``, in order, where the answer places them by their source's kind
    (``kinds``): the hole cards, the up cards, the board's (by label) and other players' (by player id)."""
    deck = _CARDS
    hole: list[Card] = []
    up: list[Card] = []
    board: list[tuple[str, Card]] = []
    table: list[tuple[str, Card]] = []
    for i in used:
        slot = slots[i]
        kind = kinds[slot.source]
        if kind == _HOLE:
            hole.append(deck[slot.card])
        elif kind == _UP:
            up.append(deck[slot.card])
        elif kind == _TABLE:
            table.append((slot.label.rsplit(":", 1)[0], deck[slot.card]))
        else:
            board.append((slot.label, deck[slot.card]))
    return tuple(hole), tuple(up), tuple(board), tuple(table)


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
    ranks. That arrangement sorts distinct cards by (group size, value, suit), each a function of the card's rank
    and the score but for the suit, and two cards of one rank keep their suit order: so for distinct cards listed
    highest first, the permutation depends on the score and the ranks alone."""
    if type(ranking).arrange is not _TABLE_ARRANGE:
        return ranking.arrange(played, score)
    ordered = sorted(played, reverse=True)
    if len(ordered) == 5:  # the common hand: a repeated card is next to its copy once sorted
        a, b, c, d, e = ordered
        if a == b or b == c or c == d or d == e:
            return ranking.arrange(played, score)
        key: tuple[object, ...] = (ranking, score, a >> 2, b >> 2, c >> 2, d >> 2, e >> 2)
    elif len(set(played)) < len(played):
        return ranking.arrange(played, score)
    elif len(played) < 2:  # itemgetter of one index answers the card, not a tuple; one card is arranged as it is
        return list(played)
    else:
        key = (ranking, score, *[c >> 2 for c in ordered])
    order = _ORDERS.get(key)
    if order is None:
        arranged = ranking.arrange(ordered, score)
        order = itemgetter(*[ordered.index(c) for c in arranged])
        if len(_ORDERS) < _ORDERS_KEPT:
            _ORDERS[key] = order
    return list(order(ordered))


#: Arrangements kept (:func:`_arranged`): about one per score of each table ranking, a few thousand each.
_ORDERS_KEPT: Final = 1 << 15
_ORDERS: Final[dict[tuple[object, ...], Callable[[Sequence[int]], tuple[int, ...]]]] = {}
_NONE: Final[frozenset[int]] = frozenset()
_TABLE_ARRANGE: Final = TableRanking.arrange
#: Every card and joker by its number (what :func:`card_of` answers for each).
_CARDS: Final = tuple(card_of(c) for c in range(JOKER_BASE + MAX_JOKERS))
#: Every card's and joker's name (``str`` of each), as the descriptions spell the wild cards.
_NAMES: Final = tuple(str(card) for card in _CARDS)
_HOLE, _UP, _TABLE, _BOARD = range(4)


def _kind(source: str) -> int:
    """Where a slot's card is answered: among the hole cards (a Breaker, an insured hand's and a set's cards too),
    the up cards, other players' cards, or the board."""
    if source in (HOLE, BREAKER, INSURED) or source.startswith("set"):
        return _HOLE
    if source == UP:
        return _UP
    return _TABLE if source == TABLE else _BOARD


class _Kinds(dict[str, int]):
    """A kind of each source (``kind_of`` of it), kept as it is first read (a dictionary lookup, not a call)."""

    def __init__(self, kind_of: Callable[[str], int]) -> None:
        super().__init__()
        self.kind_of = kind_of

    def __missing__(self, source: str) -> int:
        found = self[source] = self.kind_of(source)
        return found


_KINDS: Final = _Kinds(_kind)


def score_facts(spec: HandSpec, score: int) -> tuple[Key, bool, str | None]:
    """What the score alone decides: the hand's strength, whether it qualifies and the reason it does not."""
    if spec.qualifier is None:
        return spec.ranking.key(score), True, None
    return _qualified(spec.ranking, spec.qualifier, score)


@lru_cache(maxsize=1 << 14)  # a ranking has a few thousand scores
def _qualified(ranking: Ranking, qualifier: Qualifier, score: int) -> tuple[Key, bool, str | None]:
    key = ranking.key(score)
    qualifies = qualifier.passes(ranking, key)
    return key, qualifies, None if qualifies else f"does not qualify ({qualifier.label})"


def played_with_sets(spec: HandSpec, found: SetHand | None, slots: Sequence[Slot], layout: bool) -> PlayedHand:
    """A hand of units as the answer: ``cards`` as played, ``wilds`` every card of each wild unit with the card the
    unit became, and ``hole``, ``up``, ``board`` every card used, in the player's order, the sets' cards included.
    ``found.used`` lists its cards in the order of ``slots`` (the player's usable cards, as the search listed them),
    so they are read in that order, each by a kind kept per source: what reading ``slots`` for those used gives."""
    if found is None:
        return PlayedHand(name=spec.name, score=None, reason="no legal combination of cards")
    ranking = spec.ranking
    score = found.score
    cards = _arranged(ranking, list(found.played), score)
    described = ranking.describe(score, cards)
    key, qualifies, reason = score_facts(spec, score)
    hole, up, board, table = _placed(found.used, range(len(found.used)), _SET_KINDS)
    substitutions = found.substitutions
    description = described.description + (f" ({found.wild_text})" if substitutions else "")
    # positional, in the order of PlayedHand's fields (as in spelled_hand)
    deck = _CARDS
    return PlayedHand(spec.name, score, tuple([deck[c] for c in cards]), hole, up, board, None, qualifies, reason,
                      described.category, description, key, substitutions, layout, table, not substitutions)


def _set_kind(source: str) -> int:
    """Where a slot's card of a hand of units is answered: among the hole cards (a set's too), the up cards, other
    players' cards, or the board (anything else: a Breaker's or an insured hand's card too, unlike :func:`_kind`)."""
    if source == HOLE or source.startswith("set"):
        return _HOLE
    if source == UP:
        return _UP
    return _TABLE if source == TABLE else _BOARD


_SET_KINDS: Final = _Kinds(_set_kind)
