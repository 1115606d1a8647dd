"""Adjudicate a showdown: every player's best hand(s), then every pot divided to the chip.

For each hand the variant scores (``high``, ``low``...), the formation engine lists each live player's legal
combinations and the ranking scores them all in one vectorised call; the best combination is kept with the exact
cards, hole cards, board positions and group it used. Then each pot is divided among its eligible players by
the variant's pot division, odd chips by its odd-chip rule. Payouts always add up to the money in.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from evaluator.engine.answer import ShowdownResult
from evaluator.engine.plain_showdown import adjudicate_plain
from evaluator.engine.runs import adjudicate_runs
from evaluator.engine.validation import check_deal, showing
from evaluator.formation import (
    BOARD,
    BREAKER,
    HOLE,
    INSURED,
    TABLE,
    UP,
    Candidates,
    Formation,
    Slot,
    candidates,
    count_candidates,
)
from evaluator.mechanisms.base import MutableHands
from evaluator.mechanisms.division import Division
from evaluator.rankings import NO_HAND
from evaluator.results import NOT_SHOWN, PlayedHand, PlayerResult, PotResult
from evaluator.results.wording import plain, returned_words, scooped, share_label, who
from evaluator.values.cards import JOKER_BASE, MAX_JOKERS, Card, card_of
from evaluator.values.deal import Deal, Seat
from evaluator.values.events import parse_events
from evaluator.values.pots import Share
from evaluator.variant import HandSpec, Variant
from evaluator.wilds.choice_cards import Choices, best_choice, score_with_choices
from evaluator.wilds.in_force import WildInForce, wild_in_force
from evaluator.wilds.rules import jokers_twist, wild_cards_for
from evaluator.wilds.scoring import prefer_unseen, score_with_wilds, spell_out
from evaluator.wilds.sequence import SequenceWilds
from evaluator.wilds.sets import SetHand, WildSets, best_set_hands

__all__ = ["PlayedHand", "PlayerResult", "PotResult", "ShowdownResult", "adjudicate", "best_hands", "winning_hand"]


def _own_slots(seat: Seat, hole_sets: Sequence[int] = (), source: Callable[[Card], str] | None = None
               ) -> list[Slot]:
    """A player's own cards as slots: ``hole`` and ``up``, or ``set1``, ``set2``... when the hole cards come in
    sets that never mix; with ``source``, each hole card's source as the game's mechanisms say (the Breaker's joker
    is a ``breaker`` slot)."""
    if seat.insured:
        hole = [Slot(INSURED, str(i), c) for i, c in enumerate(seat.hole)]
    elif hole_sets:
        sources = [f"set{k + 1}" for k, n in enumerate(hole_sets) for _ in range(n)]
        hole = [Slot(sources[i] if i < len(sources) else HOLE, str(i), c) for i, c in enumerate(seat.hole)]
    else:
        hole = [Slot(HOLE if source is None else source(c), str(i), c) for i, c in enumerate(seat.hole)]
    return hole + [Slot(UP, str(i), c) for i, c in enumerate(seat.up)]


def _table_slots(seat: Seat, deal: Deal, game: Variant) -> list[Slot]:
    """Other players' cards this player may use (source ``others``, labelled ``<player>:<index>``)."""
    if (table := game.table) is None:
        return []
    slots = []
    for other in deal.seats:
        if other.id == seat.id or (other.folded and not table.folded):
            continue
        cards = other.up if table.cards == "up" else (*other.hole, *other.up)
        slots += [Slot(TABLE, f"{other.id}:{i}", c) for i, c in enumerate(cards)]
    return slots


def _board_slots(deal: Deal, game: Variant | None = None) -> list[Slot]:
    layout = game.board.layout if game is not None else None
    if layout is None or deal.positions is None:
        return [Slot(BOARD, str(i), c) for i, c in enumerate(deal.board)]
    segment = {p.name: p.segment for p in layout.positions}
    return [Slot(segment[name], name, c) for name, c in zip(deal.positions, deal.board, strict=True)]


@dataclass(frozen=True, slots=True)
class _Usable:
    own: list[Slot]
    wild_by_group: tuple[frozenset[Card], ...]


def _usable(seat: Seat, board: Sequence[Slot], game: Variant | None, deal: Deal | None,
            formation: Formation) -> _Usable:
    """The player's own (and table) slots and, for each board group, the cards that are wild for him."""
    if game is None or deal is None:
        return _Usable(_own_slots(seat), (frozenset(),))
    own = _own_slots(seat, game.hole_sets, game.hole_source) + _table_slots(seat, deal, game)
    groups = formation.groups or (None,)
    if not game.wilds:
        return _Usable(own, tuple(frozenset() for _ in groups))
    usable = [card_of(s.card) for s in own] + [card_of(s.card) for s in board]
    wild = wild_cards_for(game.wilds, seat, deal, usable)
    if game.wild_play.joker_twist:
        twisted = jokers_twist(wild, [*seat.hole, *seat.up])
        if twisted != wild:
            return _Usable([s for s in own if s.card < JOKER_BASE], tuple(frozenset() for _ in groups))
    per_group = [rule for rule in game.wilds if getattr(rule, "per_group", False)]
    if not per_group or not formation.groups:
        return _Usable(own, tuple(wild for _ in groups))
    by_group = []
    for group in formation.groups:
        extra: frozenset[Card] = frozenset()
        for rule in per_group:
            extra |= rule.in_group(seat, deal, usable, group.positions)  # type: ignore[attr-defined]
        by_group.append(wild | extra)
    return _Usable(own, tuple(by_group))


def _live_formation(spec: HandSpec, game: Variant | None, deal: Deal | None) -> Formation:
    if game is None or deal is None or game.live_groups is None:
        return spec.formation
    return replace(spec.formation, groups=game.live_groups.select(deal, spec.formation.groups))


def best_hands(spec: HandSpec, seats: Sequence[Seat], board: Sequence[Slot], game: Variant | None = None,
               deal: Deal | None = None) -> list[PlayedHand]:
    """Each seat's best hand of this kind, searched over its legal combinations only."""
    if spec.all_from:
        return [_whole_hand(spec, seat, game) for seat in seats]
    if game is not None and game.wilds and spec.uses_wilds:
        sets = next((rule for rule in game.wilds if isinstance(rule, WildSets)), None)
        if sets is not None:
            return _best_with_sets(spec, seats, board, game, deal, sets)
    size = spec.ranking.size
    formation = _live_formation(spec, game, deal)
    rules = game if game is None or spec.uses_wilds else replace(game, wilds=())
    usable = [_usable(seat, board, rules, deal, formation) for seat in seats]
    found = [candidates(formation, _size_for(spec, game, formation, u.own, board), u.own, board) for u in usable]
    if len({c.combos.shape[1] for c in found}) > 1:  # short hands of several widths: score seat by seat
        return [best_hands(spec, [seat], board, game, deal)[0] for seat in seats]
    total = sum(len(c.combos) for c in found)
    cards = np.concatenate([c.cards() for c in found]) if total else np.empty((0, size), np.int64)
    natural: npt.NDArray[np.bool_] = np.ones(total, dtype=bool)
    if any(w for u in usable for w in u.wild_by_group):  # a set of cards: the 2c is card 0, so test the set
        masks = [_wild_mask(c, u.wild_by_group) for c, u in zip(found, usable, strict=True)]
        wild = np.concatenate(masks) if total else np.zeros((0, size), bool)
        scores = score_with_wilds(spec.ranking, cards, wild) if total else np.empty(0, np.int32)
        natural = np.logical_not(wild.any(axis=1))
    else:
        scores = spec.ranking.evaluate_many(cards) if total else np.empty(0, np.int32)
    choices = {int(c): (int(c), *map(int, options)) for c, options in game.wild_play.choice_cards} if game else {}
    if choices and total and spec.uses_wilds:
        wild_cells = wild if any(w for u in usable for w in u.wild_by_group) else np.zeros(cards.shape, bool)
        scores = score_with_choices(spec.ranking, cards, wild_cells, scores, choices)
    else:
        choices = {}
    sequence = game.wild_play.sequence_wilds if game is not None and spec.uses_wilds else None
    if sequence is not None and total:  # Island Pineapple's deuce and ace: readings placed by rule
        scores = sequence.rescore(spec.ranking, cards, scores)
    prefer_natural = game is not None and game.wild_play.natural_beats_wild
    # among equal scores, a natural combination first
    ranked: npt.NDArray[np.integer] = scores.astype(np.int64) * 2 + natural if prefer_natural else scores
    width = len(found[0].combos) if found else 0
    tops = _tops(ranked, len(found), width) if width and total == width * len(found) else None
    results = []
    start = 0
    for k, (cands, u) in enumerate(zip(found, usable, strict=True)):
        n = len(cands.combos)
        played = _played(spec, cands, ranked[start:start + n], u.wild_by_group,
                         layout=game is not None and game.board.layout is not None, doubled=prefer_natural,
                         choices=choices, sequence=sequence, top=None if tops is None else tops[k])
        results.append(played)
        start += n
    return results


def _tops(scores: npt.NDArray[np.integer], seats: int, width: int) -> list[tuple[int, int, bool]]:
    """For seats with equally many combinations, in one numpy pass: each seat's first best combination, its score,
    and whether that score is unique among the seat's combinations (what :func:`_played` finds seat by seat)."""
    rows = scores.reshape(seats, width)
    first = rows.argmax(axis=1)
    top = rows[np.arange(seats), first]
    unique = (rows == top[:, None]).sum(axis=1) == 1
    return list(zip(first.tolist(), top.tolist(), unique.tolist(), strict=True))


def _best_with_sets(spec: HandSpec, seats: Sequence[Seat], board: Sequence[Slot], game: Variant, deal: Deal | None,
                    rule: WildSets) -> list[PlayedHand]:
    """Each seat's best hand where sets of cards are wild (Seven and What Makes It): the hands of units of
    :mod:`evaluator.wilds.sets`, from any five of the player's usable cards."""
    formation = _live_formation(spec, game, deal)
    if formation.groups or any(pick.limits for pick in formation.picks):
        raise ValueError(f"{game.id}: wild sets need a formation of any five usable cards")
    usable = [_usable(seat, board, game, deal, formation) for seat in seats]
    slots = [[*u.own, *board] for u in usable]
    found = best_set_hands(spec.ranking, rule, [(mine, u.wild_by_group[0]) for mine, u in zip(slots, usable,
                                                                                              strict=True)])
    return [_played_with_sets(spec, hand, mine, layout=game.board.layout is not None)
            for hand, mine in zip(found, slots, strict=True)]


def _played_with_sets(spec: HandSpec, found: SetHand | None, slots: Sequence[Slot], layout: bool) -> PlayedHand:
    """A hand of units as the answer: ``cards`` as played, ``wilds`` every card of each wild unit with the card the
    unit became, and ``hole``, ``up``, ``board`` every card used, in the player's order, the sets' cards included."""
    if found is None:
        return PlayedHand(name=spec.name, score=None, reason="no legal combination of cards")
    ranking = spec.ranking
    cards = ranking.arrange(list(found.played), found.score)
    described = ranking.describe(found.score, cards)
    key = ranking.key(found.score)
    qualifies = spec.qualifier is None or spec.qualifier.passes(ranking, key)
    used = found.slots
    hole = [card_of(s.card) for s in slots if s in used and (s.source == HOLE or s.source.startswith("set"))]
    up = [card_of(s.card) for s in slots if s in used and s.source == UP]
    table = [(s.label.rsplit(":", 1)[0], card_of(s.card)) for s in slots if s in used and s.source == TABLE]
    board = [(s.label, card_of(s.card)) for s in slots
             if s in used and s.source not in (HOLE, UP, TABLE) and not s.source.startswith("set")]
    substitutions = found.substitutions
    return PlayedHand(
        name=spec.name,
        score=found.score,
        cards=tuple(card_of(c) for c in cards),
        hole=tuple(hole),
        up=tuple(up),
        board=tuple(board),
        qualifies=qualifies,
        reason=None if qualifies else f"does not qualify ({spec.qualifier.label if spec.qualifier else ''})",
        category=described.category,
        description=described.description + (f" ({found.wild_text})" if substitutions else ""),
        strength=key,
        wilds=substitutions,
        layout=layout,
        table=tuple(table),
        natural=not substitutions,
    )


def _size_for(spec: HandSpec, game: Variant | None, formation: Formation, own: Sequence[Slot],
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
    own = [s for s in _own_slots(seat, game.hole_sets if game else ()) if s.source in spec.all_from]
    if not own:
        return PlayedHand(name=spec.name, score=None, reason="no cards of that kind")
    combos = np.arange(len(own), dtype=np.int64)[None, :]
    cands = Candidates(slots=tuple(own), combos=combos, groups=(None,), group_of=np.zeros(1, np.int64))
    return _played(spec, cands, spec.ranking.evaluate_many(cands.cards()))


def _wild_mask(cands: Candidates, wild_by_group: Sequence[frozenset[Card]]) -> npt.NDArray[np.bool_]:
    cards = cands.cards()
    if len(wild_by_group) == 1 or len({frozenset(w) for w in wild_by_group}) == 1:
        return _is_wild(wild_by_group[0])[cards]
    mask = np.zeros(cards.shape, bool)
    for g, w in enumerate(wild_by_group):
        rows = cands.group_of == g
        if w and rows.any():
            mask[rows] = _is_wild(w)[cards[rows]]
    return mask


def _is_wild(wild: frozenset[Card]) -> npt.NDArray[np.bool_]:
    """True at each card int that is wild (a lookup table over every card and joker)."""
    table = np.zeros(JOKER_BASE + MAX_JOKERS, dtype=bool)
    table[list(wild)] = True
    return table


def _canonical(cands: Candidates, tied: npt.NDArray[np.intp]) -> int:
    """Among combinations of equal score, the one whose cards, highest first, are highest (rank, then suit), so the
    hand shown and the stud odd-chip card never depend on the order the cards were listed in. Of two sets of cards,
    that one holds the highest card the other lacks: its set as bits (card ``c`` is ``1 << c``) is the greater."""
    if len(tied) == 1:
        return int(tied[0])
    bits = np.fromiter((1 << s.card for s in cands.slots), dtype=np.int64, count=len(cands.slots))
    return int(tied[bits[cands.combos[tied]].sum(axis=1).argmax()])


def _played(spec: HandSpec, cands: Candidates, scores: npt.NDArray[np.integer],
            wild_by_group: Sequence[frozenset[Card]] = (frozenset(),), layout: bool = False,
            doubled: bool = False, choices: Choices | None = None, sequence: SequenceWilds | None = None,
            top: tuple[int, int, bool] | None = None) -> PlayedHand:
    """The best of one player's combinations, spelled out. With ``doubled``, scores are ``2 * score + natural``
    (a natural hand ahead of the same hand made with wild cards). ``top``, when known (:func:`_tops`): the first
    best combination, its score and whether no other combination ties it."""
    if not len(scores):
        return PlayedHand(name=spec.name, score=None, reason="no legal combination of cards")
    first, best_score, unique = top if top is not None else (int(scores.argmax()), 0, False)
    if top is None:
        best_score = int(scores[first])
    score = best_score >> 1 if doubled else best_score
    if score == NO_HAND or best_score < 0:
        return PlayedHand(name=spec.name, score=None, reason=f"no {plain(spec.name)} hand")
    if unique:
        best = first
    else:
        tied = np.flatnonzero(scores[first:] == best_score)
        best = first if len(tied) == 1 else _canonical(cands, tied + first)
    wild = wild_by_group[int(cands.group_of[best])] if len(wild_by_group) > 1 else wild_by_group[0]
    slots = [cands.slots[i] for i in cands.combos[best].tolist()]
    ranking = spec.ranking
    raw = [s.card for s in slots]
    chosen, restricted = best_choice(ranking, raw, [c in wild for c in raw], score, choices) if choices else (raw, [])
    if sequence is not None:
        chosen, restricted = sequence.best_reading(ranking, raw, score)
    if wild:
        played, substitutions = spell_out(ranking, chosen, [c in wild for c in raw], score)
    else:
        played, substitutions = chosen, []
    substitutions = restricted + substitutions
    cards = ranking.arrange(played, score)
    described = ranking.describe(score, cards)
    description = described.description
    if substitutions:
        description += " (" + ", ".join(f"{w} as {a}" for w, a in substitutions) + ")"
    key = ranking.key(score)
    qualifies = spec.qualifier is None or spec.qualifier.passes(ranking, key)
    dead = set(raw) - set(played) - {w for w, _ in substitutions}
    hole, up, board, table = [], [], [], []
    for slot in slots:
        if slot.card in dead:
            continue
        if slot.source in (HOLE, BREAKER, INSURED) or slot.source.startswith("set"):
            hole.append(card_of(slot.card))
        elif slot.source == UP:
            up.append(card_of(slot.card))
        elif slot.source == TABLE:
            table.append((slot.label.rsplit(":", 1)[0], card_of(slot.card)))
        else:
            board.append((slot.label, card_of(slot.card)))
    return PlayedHand(
        name=spec.name,
        score=score,
        cards=tuple(card_of(c) for c in cards),
        hole=tuple(hole),
        up=tuple(up),
        board=tuple(board),
        group=cands.groups[int(cands.group_of[best])],
        qualifies=qualifies,
        reason=None if qualifies else f"does not qualify ({spec.qualifier.label if spec.qualifier else ''})",
        category=described.category,
        description=description,
        strength=key,
        wilds=tuple(substitutions),
        layout=layout,
        table=tuple(table),
        natural=not substitutions,
    )


def adjudicate(variant: Variant, deal: Deal, options: Mapping[str, str] | None = None) -> ShowdownResult:
    """The whole answer for one showdown. Raises :class:`InvalidShowdown` listing every problem."""
    if deal.runs:
        return adjudicate_runs(variant, deal, options, adjudicate)
    chosen = variant.resolved_options(options or {})
    game = variant.with_options(chosen)
    if (lean := adjudicate_plain(variant, game, chosen, deal)) is not None:  # a plain game: the lean path
        return lean
    check_deal(game, deal)
    entrants = deal
    for mechanism in game.pipeline:  # the seats that compete (a player's separate hands, each a seat of its own)
        entrants = mechanism.entrants(entrants)
    result = _adjudicated(variant, game, chosen, entrants)
    players, payouts = result.players, result.payouts
    for mechanism in game.pipeline:  # the answer given back per player
        players, payouts = mechanism.by_player(players, payouts, deal)
    return _give_back(replace(result, players=players, payouts=payouts), deal)


def _give_back(result: ShowdownResult, deal: Deal) -> ShowdownResult:
    """The answer with the uncalled chips given back to their owner (they were in no pot)."""
    returned = deal.returned([s.id for s in deal.live])
    if not returned:
        return result
    payouts = {p: chips + returned.get(p, 0) for p, chips in result.payouts.items()}
    assert sum(payouts.values()) + sum(p.carried_over for p in result.pots) == deal.money_in
    return replace(result, payouts=payouts, returned=returned, summary=result.summary + returned_words(returned))


@dataclass(frozen=True, slots=True)
class _Table:
    """What the mechanisms' hooks may ask of the showdown in progress (:class:`evaluator.mechanisms.Table`)."""

    game: Variant
    deal: Deal
    board: Sequence[Slot]
    live: Sequence[Seat]
    shows: frozenset[str]

    def best_hand(self, spec: HandSpec, seat: Seat) -> PlayedHand:
        return best_hands(spec, [seat], self.board, self.game, self.deal)[0]

    def hand_of(self, spec: HandSpec, seat: Seat, cards: Sequence[Card]) -> PlayedHand | None:
        found = candidates(spec.formation, spec.ranking.size, _own_slots(seat), self.board)
        wanted = sorted(int(c) for c in cards)
        rows = np.sort(found.cards(), axis=1)
        same = (rows == np.array(wanted, dtype=np.int64)).all(axis=1) if len(rows) else np.zeros(0, bool)
        matches = np.flatnonzero(same)
        if not len(matches):
            return None
        best = int(matches[0])
        one = replace(found, combos=found.combos[best:best + 1], group_of=found.group_of[best:best + 1])
        return _played(spec, one, np.array([spec.ranking.evaluate(wanted)]), layout=self.game.board.layout is not None)


def _adjudicated(variant: Variant, game: Variant, chosen: Mapping[str, str], deal: Deal) -> ShowdownResult:
    """The answer for a checked deal of ``game`` (``variant`` with the ``chosen`` options applied), its seats the
    entrants who compete."""
    # separate hands (the request's players[].hands): each entrant's cards were checked as his player's, so all show
    shows = frozenset(s.id for s in deal.seats) if "hands" in game.reads else showing(game, deal)
    ranked = any(s.id in shows for s in deal.live)  # else no hand is needed, nor the events that rank them
    deal = replace(deal, events=parse_events(game.events, deal.events, deal.seats, deal.board)[0])
    game = game.with_stated_wild_ranks(deal.events)
    for mechanism in game.pipeline if ranked else ():
        game, deal = mechanism.prepare(game, deal)
    live = tuple(s for s in deal.live if s.id in shows)
    board = _board_slots(deal, game)
    hands: MutableHands = {s.id: {} for s in deal.seats}
    for spec in game.hands:
        for seat, played in zip(live, best_hands(spec, live, board, game, deal), strict=True):
            hands[seat.id][spec.name] = played
    for seat in deal.seats:
        if seat.folded:
            hands[seat.id] = {spec.name: PlayedHand(name=spec.name, score=None, reason="folded") for spec in game.hands}
    _not_shown(game, deal, shows, hands)
    table = _Table(game=game, deal=deal, board=board, live=live, shows=shows)
    for mechanism in game.pipeline:
        mechanism.adjust(game, deal, hands, table)
    _unseen_substitutes(game, deal, hands)
    pots = deal.pots_among([s.id for s in deal.live])
    declared = {s.id: s.declare for s in deal.seats}
    results = tuple(game.division.divide_pots(pots, hands, game.pot_table(deal.clockwise, declared, deal.events)))
    payouts = {s.id: 0 for s in deal.seats}
    for pot in results:
        for share in pot.shares:
            for player, chips in share.paid:
                payouts[player] += chips
    assert sum(payouts.values()) + sum(p.carried_over for p in results) + sum(
        deal.returned([s.id for s in deal.live]).values()) == deal.money_in
    players = tuple(PlayerResult(id=s.id, folded=s.folded, hands=hands[s.id]) for s in deal.seats)
    wild = _wild_in_force(game, deal, live, board, hands)
    summary = " ".join(filter(None, (_summary(results, hands, game.division), wild.sentence if wild else None)))
    return ShowdownResult(variant=variant, options=chosen, players=players, pots=results, payouts=payouts,
                          summary=summary, wild=wild)


def _unseen_substitutes(game: Variant, deal: Deal, hands: dict[str, dict[str, PlayedHand]]) -> None:
    """Where a wild card became a card somebody visibly holds (an up card, the board), the same hand with an unseen
    card of equal value instead (:func:`evaluator.wilds.scoring.prefer_unseen`)."""
    if not game.wilds:
        return
    seen = frozenset(int(c) for c in (*deal.board, *(c for s in deal.seats for c in s.up)))
    names = {spec.name: spec for spec in game.hands}
    for mine in hands.values():
        for name, played in mine.items():
            spec = names.get(name)
            if spec is None or not played.wilds or played.score is None:
                continue
            found = prefer_unseen(spec.ranking, played.cards, played.wilds, seen)
            if found is not None:
                cards, wilds = found
                description = played.description or ""
                for (wild, before), (_, after) in zip(played.wilds, wilds, strict=True):
                    description = description.replace(f"{wild} as {before}", f"{wild} as {after}")
                mine[name] = replace(played, cards=tuple(card_of(c) for c in cards), wilds=tuple(wilds),
                                     description=description)


def _wild_in_force(game: Variant, deal: Deal, live: Sequence[Seat], board: Sequence[Slot],
                   hands: Mapping[str, Mapping[str, PlayedHand]]) -> WildInForce | None:
    if not game.wilds:  # what wild_in_force answers without rules, before spelling out every usable card
        return None
    usable = {s.id: [Card(x.card) for x in (*_own_slots(s), *_table_slots(s, deal, game), *board)] for s in live}
    played = {s.id: [w for h in hands[s.id].values() for w, _ in h.wilds] for s in live}
    return wild_in_force(game.wilds, deal, live, usable, played)


def _not_shown(game: Variant, deal: Deal, shows: frozenset[str], hands: MutableHands) -> None:
    """A player still in who contests no pot and showed no whole hand: every hand of his is "not shown"."""
    names = [spec.name for spec in game.hands]
    for seat in deal.live:
        if seat.id not in shows:
            hands[seat.id] = {name: PlayedHand(name=name, score=None, reason=NOT_SHOWN) for name in names}


def _summary(pots: Sequence[PotResult], hands: Mapping[str, Mapping[str, PlayedHand]], division: Division) -> str:
    sentences = []
    for i, pot in enumerate(pots):
        parts = []
        for share in pot.shares:
            who = _names(share.winners)
            first = share.winners[0] if share.winners else None
            played = hands[first].get(division.shown_hand(pot, share.name, first)) if first is not None else None
            with_what = f" with {_lower_first(played.description)}" if played and played.description else ""
            label = share_label(share.name, len(pot.shares), played)
            parts.append(_share_words(pot, share, who, label, with_what))
        parts = scooped(pot, hands, parts, {s.name: division.shown_hand(pot, s.name, s.winners[0]) for s in pot.shares
                                            if s.winners})
        if pot.owes:
            parts.append(", ".join(f"{p} owes {chips}" for p, chips in pot.owes) + f" to {pot.owes_to}")
        if pot.carried_over:
            parts.append(f"nobody wins: {pot.carried_over} carried over to the next deal" if not pot.shares
                         else f"{pot.carried_over} carried over to the next deal")
        elif not pot.shares and not pot.owes:  # a pot of no chips that nobody wins (Riding Ramone's boot)
            parts.append("nobody wins")
        prefix = "" if len(pots) == 1 else ("Main pot: " if i == 0 else f"Side pot {i}: ")
        text = "; ".join(parts)
        if not prefix and text.startswith("nobody"):
            text = "N" + text[1:]
        sentences.append(prefix + text + ".")
    return " ".join(sentences)


def _share_words(pot: PotResult, share: Share, who: str, label: str, with_what: str) -> str:
    """One share in words: "ann wins 120 with ...", "bob and cy split 60", "ann wins 150 uncontested" (nobody else
    was eligible: no hand was needed), and for a pot of no chips "ann wins with ..." or "ann and bob tie with ..."."""
    several = len(share.winners) > 1
    chips = f" {share.amount}" if pot.amount else ""
    if len(pot.eligible) == 1:
        return f"{who} wins{chips} uncontested"
    if share.name == "split":
        return f"{who} split{chips}" if pot.amount else f"no hand qualifies: {who} tie"
    verb = ("split" if pot.amount else "tie") if several else "wins"
    return f"{who} {verb}{chips}{label}{with_what}"


def winning_hand(result: ShowdownResult, pot: PotResult, share: str, winner: str) -> tuple[str, str]:
    """The player and the name of the hand in his answer with which ``winner`` won ``share`` of ``pot``: the share's
    own hand, the hand the Breaker left him, or, where players play several hands, that hand of his."""
    game = result.variant.with_options(result.options)
    name = game.division.shown_hand(pot, share, winner)
    return next((found for m in game.pipeline if (found := m.owner(winner, name)) is not None), (winner, name))


def _names(ids: Sequence[str]) -> str:
    players = [who(p) for p in ids]
    if len(players) <= 2:
        return " and ".join(players)
    return ", ".join(players[:-1]) + " and " + players[-1]


def _lower_first(text: str) -> str:
    """"Flush, ace high" -> "flush, ace high"; "Q-J-T-4-A low" stays as it is."""
    return text[:1].lower() + text[1:] if text[1:2].islower() else text


