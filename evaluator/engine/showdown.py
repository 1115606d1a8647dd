"""Adjudicate a showdown: the orchestration of one answer.

The deal is checked (:mod:`evaluator.engine.validation`, each mechanism's ``problems``), a plain game takes the lean
path (:mod:`evaluator.engine.plain_showdown`), the others: the entrants and each mechanism's ``prepare``, every
player's best hand of each kind (:func:`evaluator.engine.search.best_hands`), each mechanism's ``adjust``, every pot
divided by the game's division to the chip, the answer given back per player, and the summary
(:mod:`evaluator.engine.summary`). Payouts always add up to the money in. The engine names no game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter, itemgetter
from typing import Final, NamedTuple

from evaluator.engine.answer import ShowdownResult
from evaluator.engine.claimed import hand_of, hands_of
from evaluator.engine.group_search import GroupHands, group_bests
from evaluator.engine.plain_showdown import adjudicate_plain
from evaluator.engine.runs import adjudicate_runs
from evaluator.engine.search import SearchesKept, best_hands, kept_searches
from evaluator.engine.slots import board_slots, table_slots
from evaluator.engine.summary import summarize
from evaluator.engine.validation import Checked, check_deal, showing
from evaluator.formation import BoardGroup, Slot
from evaluator.mechanisms.base import Mechanism, MutableHands
from evaluator.results import NOT_SHOWN, PlayedHand, PlayerResult
from evaluator.results.wording import returned_words
from evaluator.values.cards import Card, card_names, card_of, every_card
from evaluator.values.deal import Deal, Seat
from evaluator.values.events import parse_events
from evaluator.values.frozen import quick_init, replaced
from evaluator.variant import HandSpec, Variant
from evaluator.wilds.in_force import WildInForce, wild_in_force
from evaluator.wilds.scoring import prefer_unseen

__all__ = ["adjudicate"]


def adjudicate(variant: Variant, deal: Deal, options: Mapping[str, str] | None = None) -> ShowdownResult:
    """The whole answer for one showdown. Raises :class:`InvalidShowdown` listing every problem."""
    if deal.runs:
        return adjudicate_runs(variant, deal, options, adjudicate)
    chosen, game = variant.resolved_game(options or {})
    if (lean := adjudicate_plain(variant, game, chosen, deal)) is not None:  # a plain game: the lean path
        return lean
    checked = check_deal(game, deal)
    hooks = _hooks(game)
    entrants = deal
    for mechanism in hooks.entrants:  # the seats that compete (a player's separate hands, each a seat of its own)
        entrants = mechanism.entrants(entrants)
    result = _adjudicated(variant, game, chosen, entrants, checked if entrants is deal else None)
    players, payouts = result.players, result.payouts
    for mechanism in hooks.by_player:  # the answer given back per player
        players, payouts = mechanism.by_player(players, payouts, deal)
    if players is not result.players or payouts is not result.payouts:
        result = replaced(result, players=players, payouts=payouts)
    return _give_back(result, deal)


class _Hooks(NamedTuple):
    """A game's mechanisms (of its pipeline, in order) whose hook of each name is their own, and so may change
    something: the engine calls only these (every other one's answers what it was given). Found once per game
    (:func:`_hooks`)."""

    entrants: tuple[Mechanism, ...]
    prepare: tuple[Mechanism, ...]
    adjust: tuple[Mechanism, ...]
    by_player: tuple[Mechanism, ...]


def _hooks(game: Variant) -> _Hooks:
    """:class:`_Hooks` of the game, kept by its id with the game beside it (an id reused after it is gone is never
    taken for it), bounded in number."""
    kept = _HOOKS.get(id(game))
    if kept is not None and kept[0] is game:
        return kept[1]
    pipeline = game.pipeline
    found = _Hooks(*(tuple(m for m in pipeline if getattr(type(m), hook) is not getattr(Mechanism, hook))
                     for hook in _Hooks._fields))
    if len(_HOOKS) >= _HOOKS_KEPT:
        _HOOKS.clear()
    _HOOKS[id(game)] = (game, found)
    return found


_HOOKS: Final[dict[int, tuple[Variant, _Hooks]]] = {}
_HOOKS_KEPT: Final = 512


def _give_back(result: ShowdownResult, deal: Deal) -> ShowdownResult:
    """The answer with the uncalled chips given back to their owner (they were in no pot)."""
    if deal.contributions is None:  # no contribution: nothing is uncalled (:meth:`Deal.returned`)
        return result
    returned = deal.returned([s.id for s in deal.live])
    if not returned:
        return result
    payouts = {p: chips + returned.get(p, 0) for p, chips in result.payouts.items()}
    assert sum(payouts.values()) + sum(p.carried_over for p in result.pots) == deal.money_in
    return replaced(result, payouts=payouts, returned=returned, summary=result.summary + returned_words(returned))


@quick_init
@dataclass(frozen=True, slots=True)
class _Table:
    """What the mechanisms' hooks may ask of the showdown in progress (:class:`evaluator.mechanisms.Table`)."""

    game: Variant
    deal: Deal
    board: Sequence[Slot]
    live: Sequence[Seat]
    shows: frozenset[str]
    #: What the search of the game's hands kept (their scores, which :meth:`group_bests` reads), if anything.
    kept: SearchesKept | None = None

    def best_hand(self, spec: HandSpec, seat: Seat) -> PlayedHand:
        return best_hands(spec, [seat], self.board, self.game, self.deal)[0]

    def group_bests(self, specs: Sequence[HandSpec], seats: Sequence[Seat], groups: Sequence[BoardGroup]
                    ) -> list[list[GroupHands]] | None:
        return group_bests(specs, seats, groups, self.board, self.game, self.deal, self.kept)

    def hand_of(self, spec: HandSpec, seat: Seat, cards: Sequence[Card]) -> PlayedHand | None:
        return hand_of(spec, seat, cards, self.board, self.game.board.layout is not None)

    def hands_of(self, spec: HandSpec, claims: Sequence[tuple[Seat, Sequence[Card]]]) -> list[PlayedHand | None]:
        return hands_of(spec, claims, self.board, self.game.board.layout is not None)


def _adjudicated(variant: Variant, game: Variant, chosen: Mapping[str, str], deal: Deal,
                 checked: Checked | None = None) -> ShowdownResult:
    """The answer for a checked deal of ``game`` (``variant`` with the ``chosen`` options applied), its seats the
    entrants who compete; ``checked``: what checking this very deal found, if it was checked as it is."""
    # separate hands (the request's players[].hands): each entrant's cards were checked as his player's, so all show
    shows = frozenset(s.id for s in deal.seats) if "hands" in game.reads else (
        checked.shows if checked is not None else showing(game, deal))
    ranked = any(s.id in shows for s in deal.live)  # else no hand is needed, nor the events that rank them
    events = checked.events if checked is not None else parse_events(game.events, deal.events, deal.seats,
                                                                      deal.board)[0]
    if deal.events:  # the events as typed values (none sent: none parsed, the deal as it is)
        deal = replaced(deal, events=events)
    game = game.with_stated_wild_ranks(deal.events)
    for mechanism in _hooks(game).prepare if ranked else ():
        game, deal = mechanism.prepare(game, deal)
    in_hand = deal.live
    # shows holds the ids of the players still in who show, or (separate hands) of every entrant: as many as there
    # are players still in, it holds them all
    live = in_hand if len(shows) == len(in_hand) else tuple(s for s in in_hand if s.id in shows)
    board = board_slots(deal, game)
    hands: MutableHands = {s.id: {} for s in deal.seats}
    wilds_of: dict[str, frozenset[Card]] = {}  # each player's wild cards, found once for all his hands
    kept = kept_searches(game)  # what two of the game's hands search alike (usable slots, combinations), found once
    for spec in game.hands:
        for seat, played in zip(live, best_hands(spec, live, board, game, deal, wilds_of, kept), strict=True):
            hands[seat.id][spec.name] = played
    seats = deal.seats
    if len(live) < len(seats):  # a player folded, or shows no hand
        for seat in seats:
            if seat.folded:
                hands[seat.id] = {spec.name: PlayedHand(name=spec.name, score=None, reason="folded")
                                  for spec in game.hands}
        _not_shown(game, in_hand, shows, hands)
    table = _Table(game, deal, board, live, shows, kept)
    for mechanism in _hooks(game).adjust:
        mechanism.adjust(game, deal, hands, table)
    _unseen_substitutes(game, deal, hands)
    still_in = [s.id for s in in_hand]
    ids = list(map(_ID, seats))
    table_of_pots = game.pot_table(deal.clockwise, dict(zip(ids, map(_DECLARE, seats), strict=True)), deal.events)
    results = tuple(game.division.divide_pots(deal.pots_among(still_in), hands, table_of_pots))
    payouts = dict.fromkeys(ids, 0)
    for pot in results:
        for share in pot.shares:
            for player, chips in share.paid:
                payouts[player] += chips
    assert sum(payouts.values()) + sum(p.carried_over for p in results) + sum(
        deal.returned(still_in).values()) == deal.money_in
    players = tuple(map(PlayerResult, ids, map(_FOLDED, seats), map(hands.__getitem__, ids)))
    wild = _wild_in_force(game, deal, live, board, hands, wilds_of)
    summary = " ".join(filter(None, (summarize(results, hands, game.division), wild.sentence if wild else None)))
    return ShowdownResult(variant=variant, options=chosen, players=players, pots=results, payouts=payouts,
                          summary=summary, wild=wild)


_ID, _DECLARE, _FOLDED = attrgetter("id"), attrgetter("declare"), attrgetter("folded")
_BECAME = itemgetter(1)
#: Every card and joker by its number (what :func:`card_of` answers for each), and its name (``str`` of each).
_CARDS: Final = every_card()
_NAMES: Final = card_names()


def _unseen_substitutes(game: Variant, deal: Deal, hands: dict[str, dict[str, PlayedHand]]) -> None:
    """Where a wild card became a card somebody visibly holds (an up card, the board), the same hand with an unseen
    card of equal value instead (:func:`evaluator.wilds.scoring.prefer_unseen`, asked only of a hand in which some
    wild card became such a card: it leaves every other as it is)."""
    if not game.wilds:
        return
    seen: frozenset[int] | None = None  # the cards in sight, found once some hand played a wild card
    names: dict[str, HandSpec] | None = None  # the game's hands by name, found once a hand needs its ranking
    for mine in hands.values():
        for name, played in mine.items():
            wilds = played.wilds
            if not wilds:
                continue
            if seen is None:
                seen = frozenset(deal.board).union(*[s.up for s in deal.seats])
            if (wilds[0][1] not in seen) if len(wilds) == 1 else seen.isdisjoint(map(_BECAME, wilds)):
                continue  # (the common hand: one wild card, which became an unseen card)
            if names is None:
                names = {spec.name: spec for spec in game.hands}
            if played.score is None or (spec := names.get(name)) is None:
                continue
            found = prefer_unseen(spec.ranking, played.cards, wilds, seen)
            if found is not None:
                cards, became = found
                description = played.description or ""
                words = _NAMES
                for (wild, before), (_, after) in zip(wilds, became, strict=True):
                    if before != after:  # only a wild card that changed has its words changed
                        description = description.replace(f"{words[wild]} as {words[before]}",
                                                          f"{words[wild]} as {words[after]}")
                deck = _CARDS
                mine[name] = replaced(played, cards=tuple([deck[c] for c in cards]), wilds=tuple(became),
                                      description=description)


def _wild_in_force(game: Variant, deal: Deal, live: Sequence[Seat], board: Sequence[Slot],
                   hands: Mapping[str, Mapping[str, PlayedHand]], wilds_of: Mapping[str, frozenset[Card]]
                   ) -> WildInForce | None:
    """``wilds_of``: the wild cards the search found for each player (of these rules, this deal and the cards
    :func:`evaluator.engine.slots.usable_slots` lists, the same cards in the same order as those listed here); the
    others' are found here."""
    if not game.wilds:  # what wild_in_force answers without rules, before spelling out every usable card
        return None
    unknown = []  # the players whose wild cards the search did not find
    played: dict[str, list[Card]] = {}  # each player's wild cards as his hands played them, but those found
    for seat in live:
        player = seat.id
        known = wilds_of.get(player)
        if known is None:
            unknown.append(seat)
        for hand in hands[player].values():
            for wild, _ in hand.wilds:
                if known is None or wild not in known:
                    played.setdefault(player, []).append(wild)
    on_board = [card_of(x.card) for x in board] if unknown else []
    # each player's own cards (those of :func:`own_slots`), other players' he may use, the board
    usable = {s.id: [*(card_of(c) for c in (*s.hole, *s.up)), *(card_of(x.card) for x in table_slots(s, deal, game)),
                     *on_board] for s in unknown}
    return wild_in_force(game.wilds, deal, live, usable, played, wilds_of)


def _not_shown(game: Variant, in_hand: Sequence[Seat], shows: frozenset[str], hands: MutableHands) -> None:
    """A player still in (``in_hand``) who contests no pot and showed no whole hand: every hand of his is "not
    shown"."""
    names = [spec.name for spec in game.hands]
    for seat in in_hand:
        if seat.id not in shows:
            hands[seat.id] = {name: PlayedHand(name=name, score=None, reason=NOT_SHOWN) for name in names}


