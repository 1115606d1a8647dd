"""The search: each live player's best hand of one kind. The formation engine lists every legal combination of each
player's slots (:mod:`evaluator.engine.slots`), the ranking scores all players' combinations in one vectorised call
(wild cards, restricted wilds and wild sets through :mod:`evaluator.wilds`), and the best of each player's is
spelled out as a :class:`~evaluator.results.PlayedHand` (:mod:`evaluator.hands.played`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from evaluator.engine.slots import live_formation, own_slots, usable_slots
from evaluator.formation import Candidates, Formation, Slot, count_candidates, seats_candidates
from evaluator.hands.played import played_hand, played_with_sets
from evaluator.hands.spec import HandSpec
from evaluator.results import PlayedHand
from evaluator.values.cards import JOKER_BASE, MAX_JOKERS, Card
from evaluator.values.deal import Deal, Seat
from evaluator.variant import Variant
from evaluator.wilds.choice_cards import score_with_choices
from evaluator.wilds.scoring import score_with_wilds
from evaluator.wilds.sequence import SequenceWilds
from evaluator.wilds.sets import WildSets, best_set_hands

__all__ = ["best_hands", "row_bests", "scored_combinations", "wild_mask"]

def best_hands(spec: HandSpec, seats: Sequence[Seat], board: Sequence[Slot], game: Variant | None = None,
               deal: Deal | None = None, wilds_of: dict[str, frozenset[Card]] | None = None) -> list[PlayedHand]:
    """Each seat's best hand of this kind, searched over its legal combinations only. ``wilds_of``: the cards found
    wild for each player of this deal so far (:func:`evaluator.engine.slots.usable_slots`), shared by the searches
    of one showdown's hands."""
    if spec.all_from:
        return [_whole_hand(spec, seat, game) for seat in seats]
    if game is not None and game.wilds and spec.uses_wilds:
        sets = next((rule for rule in game.wilds if isinstance(rule, WildSets)), None)
        if sets is not None:
            return _best_with_sets(spec, seats, board, game, deal, sets, wilds_of)
    size = spec.ranking.size
    formation = live_formation(spec, game, deal)
    rules = game if game is None or spec.uses_wilds or not game.wilds else replace(game, wilds=())
    usable = [usable_slots(seat, board, rules, deal, formation, wilds_of) for seat in seats]
    found = seats_candidates(formation, [_size_for(spec, formation, u.own, board) for u in usable],
                             [u.own for u in usable], board)
    if len({c.combos.shape[1] for c in found}) > 1:  # short hands of several widths: score seat by seat
        return [best_hands(spec, [seat], board, game, deal, wilds_of)[0] for seat in seats]
    total = sum(len(c.combos) for c in found)
    cards = _seats_cards(found) if total else np.empty((0, size), np.int64)
    wilds = any(w for u in usable for w in u.wild_by_group)
    wild = None
    if wilds:  # a set of cards: the 2c is card 0, so test the set
        wild = _seats_wild_mask(found, [u.wild_by_group for u in usable], cards) if total else np.zeros((0, size),
                                                                                                         bool)
    ranked, choices, sequence, prefer_natural = scored_combinations(spec, game, cards, wild)
    width = len(found[0].combos) if found else 0
    # one numpy pass only where every seat has exactly as many combinations (equal totals are not enough: seats
    # with 21 and 15 combinations beside one with 27 add up like three of 21)
    tops = row_bests(ranked, len(found), width) if width and all(len(c.combos) == width for c in found) else None
    results = []
    start = 0
    for k, (cands, u) in enumerate(zip(found, usable, strict=True)):
        n = len(cands.combos)
        played = played_hand(spec, cands, ranked[start:start + n], u.wild_by_group,
                         layout=game is not None and game.board.layout is not None, doubled=prefer_natural,
                         choices=choices, sequence=sequence, top=None if tops is None else tops[k])
        results.append(played)
        start += n
    return results


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
        natural = np.logical_not(wild.any(axis=1))
    else:
        scores = spec.ranking.evaluate_many(cards) if total else np.empty(0, np.int32)
        natural = np.ones(total, dtype=bool)
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
    ranked: npt.NDArray[np.integer] = scores.astype(np.int64) * 2 + natural if doubled else scores
    return ranked, choices, sequence, doubled


def row_bests(scores: npt.NDArray[np.integer], seats: int, width: int) -> list[tuple[int, int, bool]]:
    """For seats with equally many combinations, in one numpy pass: each seat's first best combination, its score,
    and whether that score is unique among the seat's combinations (what :func:`played_hand` finds seat by seat)."""
    rows = scores.reshape(seats, width)
    first = rows.argmax(axis=1)
    top = rows[np.arange(seats), first]
    unique = (rows == top[:, None]).sum(axis=1) == 1
    return list(zip(first.tolist(), top.tolist(), unique.tolist(), strict=True))


def _best_with_sets(spec: HandSpec, seats: Sequence[Seat], board: Sequence[Slot], game: Variant, deal: Deal | None,
                    rule: WildSets, wilds_of: dict[str, frozenset[Card]] | None) -> list[PlayedHand]:
    """Each seat's best hand where sets of cards are wild (Seven and What Makes It): the hands of units of
    :mod:`evaluator.wilds.sets`, from any five of the player's usable cards."""
    formation = live_formation(spec, game, deal)
    if formation.groups or any(pick.limits for pick in formation.picks):
        raise ValueError(f"{game.id}: wild sets need a formation of any five usable cards")
    usable = [usable_slots(seat, board, game, deal, formation, wilds_of) for seat in seats]
    slots = [[*u.own, *board] for u in usable]
    found = best_set_hands(spec.ranking, rule, [(mine, u.wild_by_group[0]) for mine, u in zip(slots, usable,
                                                                                              strict=True)])
    return [played_with_sets(spec, hand, mine, layout=game.board.layout is not None)
            for hand, mine in zip(found, slots, strict=True)]


def _size_for(spec: HandSpec, formation: Formation, own: Sequence[Slot],
              board: Sequence[Slot]) -> int:
    """The hand size: the ranking's, or with short hands the largest size the player's usable cards allow."""
    size = spec.ranking.size
    if spec.short_hands:
        for fewer in range(size, 0, -1):
            if count_candidates(formation, fewer, own, board):
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
        table = np.fromiter((s.card for c in found for s in c.slots), dtype=np.int64, count=len(found) * width)
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
        return np.stack([_is_wild(w) for w in alike])[table_of[:, None], cards]
    distinct: dict[frozenset[Card], int] = {}
    rows = []
    for c, groups in zip(found, wild_by_group, strict=True):
        ids = np.array([distinct.setdefault(w, len(distinct)) for w in groups], dtype=np.int64)
        rows.append(np.full(len(c.combos), ids[0]) if len(set(groups)) == 1 else ids[c.group_of])
    table_of = np.concatenate(rows)
    return np.stack([_is_wild(w) for w in distinct])[table_of[:, None], cards]


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
