"""Rule checks on a deal for its variant, reporting every problem at once with a JSON pointer.

Card *syntax* is checked where the request is parsed; here are the rules: cards in the variant's deck, no card
twice, the right number of cards in each place, seats within the variant's limits, pots naming real players.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import repeat
from operator import add, attrgetter
from typing import Any, Final, NamedTuple

from evaluator.formation import Count
from evaluator.mechanisms.base import DealCheck, Mechanism
from evaluator.values.cards import Card
from evaluator.values.deal import Deal, Seat
from evaluator.values.decks import Deck
from evaluator.values.errors import InvalidShowdown, Problem, pointer_token
from evaluator.values.events import parse_events
from evaluator.variant import Variant

__all__ = ["Checked", "check_deal", "problems_in_deal", "showing"]


def _count_problem(pointer: str, what: str, n: int, allowed: Count, variant: Variant) -> Problem | None:
    if n in allowed:
        return None
    return Problem(pointer, "wrong-card-count",
                   f"{variant.name} needs {allowed} {what}, got {n}")


def _placed_cards(deal: Deal) -> Iterator[tuple[str, Card]]:
    for i, card in enumerate(deal.board):
        yield deal.board_pointer(i), card
    for i, seat in enumerate(deal.seats):
        for j, card in enumerate(seat.hole):
            yield f"/players/{i}/hole/{j}", card
        for j, card in enumerate(seat.up):
            yield f"/players/{i}/up/{j}", card
        for j, hand in enumerate(seat.hands):
            for k, card in enumerate(hand.hole):
                yield f"/players/{i}/hands/{j}/hole/{k}", card


def _cards_fine(variant: Variant, deal: Deal) -> bool:
    """Whether every placed card is in the deck and placed once: exactly when :func:`_card_problems` finds none."""
    return _placed_fine([deal.board, *_held(deal)], _deck_cards(variant.deck))


def _held(deal: Deal) -> Iterator[tuple[Card, ...]]:
    """Every seat's cards, a tuple at a time: its hole and up cards, and each of its separate hands' hole cards."""
    for seat in deal.seats:
        yield seat.hole
        yield seat.up
        for hand in seat.hands:
            yield hand.hole


def _placed_fine(placed: list[tuple[Card, ...]], deck: frozenset[Card]) -> bool:
    """Whether these cards (a tuple for each place) are all in the deck (its cards: ``deck``) and none is placed
    twice; a card is an int (what ``Deck.__contains__`` asks besides the value)."""
    unique = set().union(*placed)
    return len(unique) == sum(map(len, placed)) and unique <= deck and all(map(isinstance, unique, repeat(int)))


@lru_cache(maxsize=64)
def _deck_cards(deck: Deck) -> frozenset[Card]:
    """Every card of the deck (what ``card in deck`` admits among card ints)."""
    return deck.cards


def _card_problems(variant: Variant, deal: Deal) -> list[Problem]:
    """Every card not in the variant's deck, and every card placed twice, each at its pointer."""
    problems: list[Problem] = []
    add = problems.append
    seen: dict[Card, str] = {}
    for pointer, card in _placed_cards(deal):
        if card not in variant.deck:
            add(Problem(pointer, "card-not-in-deck", variant.deck.why_not(card)))
        elif card in seen:
            add(Problem(pointer, "duplicate-card", f"duplicate card {card} (also at {seen[card]})"))
        else:
            seen[card] = pointer
    return problems


def problems_in_deal(variant: Variant, deal: Deal, all_shown: bool = False) -> list[Problem]:
    """Every problem of the deal for this variant. With ``all_shown``, every live player's hand is needed (hand
    evaluation), even one nobody contests."""
    return _checked(variant, deal, all_shown)[0]


class Checked(NamedTuple):
    """What checking a deal found besides its problems: the players whose hands are ranked (:func:`showing`) and
    the deal's events as typed values (:func:`~evaluator.values.events.parse_events`)."""

    shows: frozenset[str]
    events: dict[str, Any]


def _checked(variant: Variant, deal: Deal, all_shown: bool = False) -> tuple[list[Problem], Checked]:
    """:func:`problems_in_deal`, the players whose hands are ranked (:func:`showing`, or with ``all_shown`` every
    live player) and the events: at once for a plainly fine deal (:func:`_plainly_fine`), else by collecting every
    problem (:func:`_collected`)."""
    if (fine := _plainly_fine(variant, deal, all_shown)) is not None:
        return [], fine
    return _collected(variant, deal, all_shown)


def _plainly_fine(variant: Variant, deal: Deal, all_shown: bool = False) -> Checked | None:
    """What :func:`_collected` finds besides its problems, for a deal in which it would find none; None where it may
    find some (then it names them). One pass over the seats asks each check's "nothing wrong" question alone, with
    what it asks of the game found once per game (:func:`_quick_facts`)."""
    seats = deal.seats
    live = deal.live
    quick = _quick_facts(variant)
    if quick is None or not live or len(seats) not in quick.seating:
        return None
    ids = [seat.id for seat in seats]
    if len(set(ids)) != len(ids):  # a player id used twice
        return None
    several = quick.several
    if all_shown or (not several and not deal.pots and deal.contributions is None and (len(live) > 1 or quick.lone)):
        # every live player: as :func:`showing` finds him where one pot, which every player still in may win, is
        # contested (a seat with separate hands, which it would ask about besides, is refused below)
        shows = frozenset([s.id for s in live])
        contested = True
    else:
        shows = showing(variant, deal)
        contested = any(s.id in shows for s in live)
    if several or len(shows) != len(live):
        placed = _seats_fine(quick, deal, shows)
    else:  # every player still in shows: each question asked of every seat, or every live one, at once
        placed = _all_shown_fine(quick, deal, live)
    if placed is None:
        return None
    if (not _board_fine(variant, deal, relaxed=not contested) or not _placed_fine(placed, quick.deck)
            or not _plain_money(deal, ids)):
        return None
    if quick.checkers:
        check = DealCheck(deal=deal, shows=shows, reads=variant.reads)
        for mechanism in quick.checkers:
            if mechanism.problems(variant, deal, check):
                return None
    if not variant.events and not deal.events:  # no event read, none sent
        return Checked(shows, {})
    events, event_problems = parse_events(variant.events, deal.events, seats, deal.board)
    return None if event_problems else Checked(shows, events)


def _seats_fine(quick: _Quick, deal: Deal, shows: frozenset[str]) -> list[tuple[Card, ...]] | None:
    """Every place's cards (the board, then each seat's), where the seats' fields and card counts hold (``shows``:
    the players whose hands are needed); None where one may not."""
    declares, claims, wild_ranks, several = quick.declares, quick.claims, quick.wild_ranks, quick.several
    most_hole, most_up, least_hole, least_up = quick.most_hole, quick.most_up, quick.least_hole, quick.least_up
    total, n_board = quick.total, len(deal.board)
    placed = [deal.board]
    add = placed.append
    for seat in deal.seats:
        hole, up = seat.hole, seat.up
        add(hole)
        add(up)
        if seat.claim and not claims:
            return None
        if several:  # the separate hands' rule checks their cards and declarations
            placed += [hand.hole for hand in seat.hands]
            continue
        folded = seat.folded
        if seat.hands or (seat.wild_rank is not None and not wild_ranks) or (
                (not folded and seat.declare not in _DECLARATIONS and seat.id in shows) if declares
                else seat.declare is not None):
            return None
        if folded and not hole and not up:
            continue
        n_hole, n_up = len(hole), len(up)
        if n_hole > most_hole or n_up > most_up:
            return None
        if not folded and seat.id in shows and (n_hole < least_hole or n_up < least_up or (
                total is not None and n_hole + n_up + n_board not in total)):  # he shows: every count is needed
            return None
    return placed


def _all_shown_fine(quick: _Quick, deal: Deal, live: tuple[Seat, ...]) -> list[tuple[Card, ...]] | None:
    """:func:`_seats_fine` of a game of one hand per player (no separate hands) where every player still in shows
    (``live``), each question asked of all the seats at once."""
    seats = deal.seats
    if (any(map(_HANDS, seats)) or (not quick.claims and any(map(_CLAIM, seats)))
            or (not quick.wild_ranks and list(map(_WILD_RANK, seats)).count(None) != len(seats))
            or not (_DECLARATIONS.issuperset(map(_DECLARE, live)) if quick.declares
                    else list(map(_DECLARE, seats)).count(None) == len(seats))):
        return None
    holes, ups = list(map(_HOLE, seats)), list(map(_UP, seats))
    # a folded player's cards, if he sent any, are at most the most; a live player's (he shows) every count
    if max(map(len, holes)) > quick.most_hole or max(map(len, ups)) > quick.most_up:
        return None
    shown_holes = [len(seat.hole) for seat in live]
    shown_ups = [len(seat.up) for seat in live]
    if min(shown_holes) < quick.least_hole or min(shown_ups) < quick.least_up:
        return None
    total = quick.total
    if total is not None:  # the fewest and the most own cards (a count is a range) with the board
        owned = list(map(add, shown_holes, shown_ups))
        n_board = len(deal.board)
        if min(owned) + n_board not in total or max(owned) + n_board not in total:
            return None
    return [deal.board, *holes, *ups]


_HANDS, _CLAIM, _WILD_RANK, _DECLARE = (attrgetter(name) for name in ("hands", "claim", "wild_rank", "declare"))
_HOLE, _UP = attrgetter("hole"), attrgetter("up")


class _Quick(NamedTuple):
    """What the quick pass asks of a game (:func:`_quick_facts`): its seats, which per-player fields it reads, its
    card counts, its deck's cards, the mechanisms of its pipeline with checks of their own (the others find no
    problem), whether its division judges a lone hand."""

    seating: Count
    several: bool
    declares: bool
    claims: bool
    wild_ranks: bool
    most_hole: int
    most_up: int
    least_hole: int
    least_up: int
    total: Count | None
    deck: frozenset[Card]
    checkers: tuple[Mechanism, ...]
    lone: bool


def _quick_facts(variant: Variant) -> _Quick | None:
    """:class:`_Quick` of a game that has a showdown (None: it has none), found once per game: kept by the game's id
    with the game beside it (an id reused after it is gone is never taken for it), bounded in number."""
    kept = _QUICK.get(id(variant))
    if kept is not None and kept[0] is variant:
        return kept[1]
    reads = variant.reads
    found = None if variant.not_showdown is not None else _Quick(
        seating=variant.seating, several="hands" in reads, declares="declare" in reads,
        claims="declared_hand" in reads, wild_ranks="wild_rank" in variant.player_facts,
        most_hole=variant.hole.max, most_up=variant.up.max, least_hole=variant.hole.min, least_up=variant.up.min,
        total=variant.own_plus_board, deck=_deck_cards(variant.deck),
        checkers=tuple(m for m in variant.pipeline if type(m).problems is not Mechanism.problems),
        lone=variant.division.judges_lone_hand)
    if len(_QUICK) >= _QUICK_KEPT:
        _QUICK.clear()
    _QUICK[id(variant)] = (variant, found)
    return found


_QUICK: Final[dict[int, tuple[Variant, _Quick | None]]] = {}
_QUICK_KEPT: Final = 512


#: What a player still in declares in a declaration game.
_DECLARATIONS = frozenset({"high", "low", "both"})


def _board_fine(variant: Variant, deal: Deal, relaxed: bool) -> bool:
    """Whether :func:`_board_problems` finds nothing, asked by counts and sets of position names."""
    shape = variant.board
    if shape.layout is None:
        n = len(deal.board)
        return deal.positions is None and n <= shape.count.max and (relaxed or n >= shape.count.min)
    if deal.positions is None:
        return not deal.board and (relaxed or not shape.required_positions)
    positions = deal.positions
    return shape.position_names.issuperset(positions) and (relaxed or shape.required_positions <= set(positions))


def _plain_money(deal: Deal, ids: list[str]) -> bool:
    """Whether :func:`_money_problems` finds nothing (``ids``: the players' ids, in seat order): asked outright for
    the usual money (one pot, or none)."""
    if deal.pots is None and deal.contributions is None and deal.dead is None:
        return (deal.pot is None or deal.pot >= 0) and (deal.button is None or deal.button in ids)
    return not _money_problems(deal, {player: i for i, player in enumerate(ids)})


def _collected(variant: Variant, deal: Deal, all_shown: bool = False) -> tuple[list[Problem], Checked]:
    """Every problem of the deal, in the order they are reported, and what :func:`_checked` finds besides."""
    if variant.not_showdown is not None:
        return [Problem("/variant", "not-showdown", variant.not_showdown)], Checked(frozenset(), {})
    problems: list[Problem] = []
    add = problems.append
    seats = deal.seats
    if len(seats) not in variant.seating:
        add(Problem("/players", "seats", f"{variant.name} seats {variant.seating} players, got {len(seats)}"))
    if not deal.live:
        add(Problem("/players", "no-live-player", "every player folded: there is no showdown"))
    first_seat: dict[str, int] = {}
    shows = frozenset(s.id for s in deal.live) if all_shown else showing(variant, deal)
    reads = variant.reads
    several = "hands" in reads  # the players' separate hands: their cards and declarations are the rule's to check
    for i, seat in enumerate(seats):
        if seat.id in first_seat:
            add(Problem(f"/players/{i}/id", "duplicate-player",
                        f"player id {seat.id!r} is used twice (also at /players/{first_seat[seat.id]}/id)"))
        first_seat.setdefault(seat.id, i)
        if seat.hands and not several:
            add(Problem(f"/players/{i}/hands", "one-hand-game", f"{variant.name} deals each player one hand: send "
                        "hole (and up), not hands"))
        if several or (seat.folded and not seat.hole and not seat.up):
            continue
        problems += _seat_count_problems(variant, deal, i, seat, relaxed=seat.id not in shows)
    check = DealCheck(deal=deal, shows=shows, reads=reads)
    problems += _board_problems(variant, deal, relaxed=not check.contested)
    if not _cards_fine(variant, deal):  # the pointers are spelt out only when some card is wrong
        problems += _card_problems(variant, deal)
    problems += _money_problems(deal, first_seat)
    if "declared_hand" not in reads:
        problems += [Problem(f"/players/{i}/declared_hand", "no-declared-hand", f"in {variant.name} the cards "
                             "speak: remove declared_hand") for i, seat in enumerate(seats) if seat.claim]
    for i, seat in enumerate(seats if not several else ()):
        if "declare" in reads and seat.id in shows and not seat.folded and seat.declare not in ("high", "low", "both"):
            add(Problem(f"/players/{i}/declare", "missing-declaration",
                        f"{variant.name} is a declaration game: every player still in declares high, low or both"))
        if "declare" not in reads and seat.declare is not None:
            add(Problem(f"/players/{i}/declare", "no-declaration", f"{variant.name} has no declaration: remove "
                        "declare"))
        if seat.wild_rank is not None and "wild_rank" not in variant.player_facts:
            add(Problem(f"/players/{i}/wild_rank", "unknown-player-fact",
                        f"{variant.name} has no personal wild rank: remove wild_rank"))
    for mechanism in variant.pipeline:
        problems += mechanism.problems(variant, deal, check)
    events, event_problems = parse_events(variant.events, deal.events, seats, deal.board)
    problems += check.needed(event_problems)
    return problems, Checked(shows, events)


def _seat_count_problems(variant: Variant, deal: Deal, i: int, seat: Seat, relaxed: bool = False) -> list[Problem]:
    """The card counts of one seat: hole, up, and own cards with the board where the variant counts them. A folded
    player, or with ``relaxed`` one who shows no hand (he won uncontested), may send fewer cards, or none."""
    loose = seat.folded or relaxed
    hole, up, n_hole, n_up = variant.hole, variant.up, len(seat.hole), len(seat.up)
    if (n_hole <= hole.max and n_up <= up.max and (loose or (n_hole >= hole.min and n_up >= up.min))
            and (loose or variant.own_plus_board is None)):  # the counts below all hold: nothing to say
        return []
    problems = []
    for where, cards, allowed in (("hole", seat.hole, variant.hole), ("up", seat.up, variant.up)):
        if seat.folded or relaxed:
            allowed = Count(0, allowed.max)
        p = _count_problem(f"/players/{i}/{where}", f"{where} cards", len(cards), allowed, variant)
        if p:
            problems.append(p)
    if variant.own_plus_board is not None and not seat.folded and not relaxed:
        total = len(seat.hole) + len(seat.up) + len(deal.board)
        p = _count_problem(f"/players/{i}", "cards in all (own cards and board)", total,
                           variant.own_plus_board, variant)
        if p:
            problems.append(p)
    return problems


def showing(variant: Variant, deal: Deal) -> frozenset[str]:
    """The players whose cards are checked and whose hands are ranked: every player still in who contests a pot
    with another (see :meth:`Deal.contesting`); a player who wins uncontested is ranked only if he showed a whole
    hand (the right card counts on a complete board). Folded players are never ranked."""
    contesting = deal.contesting(lone_hand_counts=variant.division.judges_lone_hand)
    if not contesting:  # nobody contests: the last player's hand is ranked if he showed a valid showdown
        return frozenset(s.id for s in deal.live) if not problems_in_deal(variant, deal, all_shown=True) \
            else frozenset()
    others = [(i, seat) for i, seat in enumerate(deal.seats)
              if not seat.folded and seat.id not in contesting and (seat.hole or seat.up or seat.hands)]
    if not others or _board_problems(variant, deal):  # nobody else showed a whole hand on a complete board
        return contesting
    return contesting | {seat.id for i, seat in others if not _seat_count_problems(variant, deal, i, seat)}


def _board_problems(variant: Variant, deal: Deal, relaxed: bool = False) -> list[Problem]:
    """The board's shape and count; with ``relaxed`` (nobody contests a pot: the hand ended before the showdown),
    fewer cards, or none, are allowed."""
    layout = variant.board.layout
    if layout is None:
        if deal.positions is not None:
            return [Problem("/board", "flat-board", f"{variant.name} has a flat board: send an array of cards in "
                            "deal order")]
        count = Count(0, variant.board.count.max) if relaxed else variant.board.count
        p = _count_problem("/board", "board cards", len(deal.board), count, variant)
        return [p] if p else []
    if deal.positions is None:
        if not deal.board and (relaxed or not layout.required):
            return []
        return [Problem("/board", "layout-board", f"{variant.name} has a layout board: send an object from "
                        f"position to card (positions: {', '.join(layout.names)})")]
    problems = [Problem(f"/board/{pointer_token(name)}", "unknown-position",
                        f"{variant.name} has no board position {name!r} (positions: {', '.join(layout.names)})")
                for name in deal.positions if layout.position(name) is None]
    missing = [name for name in layout.required if name not in deal.positions]
    if missing and not relaxed:
        problems.append(Problem("/board", "missing-position", f"{variant.name} needs a card at every board "
                                f"position; missing: {', '.join(missing)}"))
    return problems


def _money_problems(deal: Deal, seat_of: dict[str, int]) -> list[Problem]:
    problems: list[Problem] = []
    given = [name for name, value in (("pot", deal.pot), ("pots", deal.pots),
                                      ("contributions", deal.contributions)) if value is not None]
    if len(given) > 1:
        return [Problem("", "money", f"give at most one of pot, pots or contributions (got {', '.join(given)})")]
    if deal.dead is not None and deal.contributions is None:
        problems.append(Problem("/dead", "dead-without-contributions", "dead money goes with contributions: send "
                                "every player's contributions (0 for a player who put in nothing else)"))
    for player, chips in (deal.dead or {}).items():
        if chips < 0:
            problems.append(Problem(f"/dead/{pointer_token(player)}", "negative-chips",
                                    f"dead money cannot be negative, got {chips}"))
        if player not in seat_of:
            problems.append(Problem(f"/dead/{pointer_token(player)}", "unknown-player",
                                    f"dead money from {player!r}, who is not among the players"))
    if deal.button is not None and deal.button not in seat_of:
        problems.append(Problem("/button", "unknown-player", f"the button names {deal.button!r}, who is not among "
                                "the players"))
    if deal.pot is not None and deal.pot < 0:
        problems.append(Problem("/pot", "negative-chips", f"a pot cannot be negative, got {deal.pot}"))
    for i, pot in enumerate(deal.pots or ()):
        if pot.amount < 0:
            problems.append(Problem(f"/pots/{i}/amount", "negative-chips",
                                    f"a pot cannot be negative, got {pot.amount}"))
    for player, chips in (deal.contributions or {}).items():
        if chips < 0:
            problems.append(Problem(f"/contributions/{pointer_token(player)}", "negative-chips",
                                    f"a contribution cannot be negative, got {chips}"))
    folded = {s.id for s in deal.seats if s.folded}
    for i, pot in enumerate(deal.pots or ()):
        live = [p for p in pot.eligible if p in seat_of and p not in folded]
        for j, player in enumerate(pot.eligible):
            if player not in seat_of:
                problems.append(Problem(f"/pots/{i}/eligible/{j}", "unknown-player",
                                        f"pot eligibility names {player!r}, who is not among the players"))
            elif player in folded:
                problems.append(Problem(f"/pots/{i}/eligible/{j}", "folded-player",
                                        f"{player!r} folded and cannot be eligible for a pot"))
        if not live and pot.amount:
            problems.append(Problem(f"/pots/{i}/eligible", "no-eligible-player",
                                    "a pot needs at least one eligible player still in the hand"))
    for player in deal.contributions or {}:
        if player not in seat_of:
            problems.append(Problem(f"/contributions/{pointer_token(player)}", "unknown-player",
                                    f"contribution from {player!r}, who is not among the players"))
    if deal.contributions is not None:
        for player in seat_of:
            if player not in deal.contributions:
                problems.append(Problem(f"/contributions/{pointer_token(player)}", "missing-contribution",
                                        f"no contribution from {player!r}: name every player, folded players "
                                        "included (0 for one who put in nothing)"))
    return problems


def check_deal(variant: Variant, deal: Deal) -> Checked:
    """Raise :class:`InvalidShowdown` listing every problem, if there is any; else what the check found."""
    problems, checked = _checked(variant, deal)
    if problems:
        raise InvalidShowdown(problems)
    return checked
