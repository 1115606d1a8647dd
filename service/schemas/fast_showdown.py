"""The hot path of ``POST /v1/showdowns``: a showdown body read without marshmallow when it is plainly valid.

:func:`fast_showdown_call` reads the common shapes of :class:`~service.schemas.requests.ShowdownRequestSchema` (a
catalog ``variant`` by its id or an alias as the catalog spells it, ``options``, a flat or layout ``board``, players
with their cards, ``folded``, ``declare``, ``wild_rank`` and ``declared_hand``, ``button``, ``runs``, the money,
``events``) and builds exactly the :class:`~service.schemas.requests.ShowdownCall` the schema's ``load`` builds, with
the same values of the same types, noting the variant the same way (:func:`service.request_facts.note_variant`).

It answers None, having noted nothing, for anything it is not sure of: a key it does not know (``rules``, a player's
``hands``, a field added to the schema later), a value of another JSON type or out of range, a card string it cannot
parse, a variant named otherwise than the catalog spells it, a duplicate, money given twice... The caller then loads
the body with the schema, which answers the 422 with its pointers (or accepts what this reader would not vouch for).
So the schema stays the one definition of what the API accepts, and of every problem it reports;
``tests/service/test_fast_showdown.py`` checks the two against each other, body by body.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, Final

from evaluator import (
    MAX_PLAYERS,
    MAX_RUNS,
    MIN_RUNS,
    RANKS,
    SUITS,
    Card,
    CardSyntaxError,
    Deal,
    Pot,
    Seat,
    Variant,
    all_variants,
    parse_card,
    variant_named,
)
from service.request_facts import note_variant
from service.schemas.fields import MAX_CARDS_PER_PLACE, MAX_CHIPS
from service.schemas.requests import MAX_EVENTS, MAX_OPTIONS, ShowdownCall, _sets_as_hole

__all__ = ["BODY_KEYS", "PLAYER_KEYS", "POT_KEYS", "fast_showdown_call", "read_showdown_call"]

#: The keys this reader knows, at the top of the body, in a player and in a pot; any other key sends the body to the
#: schema.
BODY_KEYS: Final = frozenset({"variant", "options", "board", "players", "button", "runs", "pot", "pots",
                              "contributions", "dead", "events"})
PLAYER_KEYS: Final = frozenset({"id", "hole", "up", "extra", "folded", "declare", "wild_rank", "declared_hand"})
POT_KEYS: Final = frozenset({"amount", "eligible"})
_MONEY: Final = frozenset({"pot", "pots", "contributions"})
#: A player with only these keys is read without the checks of the others.
_CARDS_ONLY: Final = frozenset({"id", "hole", "up"})
#: Player ids, the button and eligible players: 1 to 64 characters (the schema's ``Length``).
_MAX_ID: Final = 64
#: An option's value: at most 64 characters (the schema's ``OptionValue``).
_MAX_OPTION_VALUE: Final = 64
_DECLARATIONS: Final = frozenset({"high", "low", "both"})
_WILD_RANKS: Final = {rank: "23456789TJQKA".index("T" if rank == "10" else rank) for rank in [*"23456789TJQKA", "10"]}


class _NotSure(Exception):
    """The body is not one this reader vouches for: the schema reads it."""


@cache
def _card_table() -> Mapping[str, Card]:
    """The card strings clients usually send (``As``, ``as``, ``AS``, ``10s``, ``X1``...), each mapped to what
    :func:`evaluator.parse_card` reads it as; any other string goes through ``parse_card`` itself."""
    texts = set()
    for rank in [*RANKS, "10"]:
        for suit in SUITS:
            for r in {rank, rank.lower()}:
                texts.update({r + suit, r + suit.upper()})
    texts.update(f"{x}{n}" for x in "Xx" for n in range(1, 9))
    table = {}
    for text in texts:
        try:
            table[text] = parse_card(text)
        except CardSyntaxError:
            continue
    return table


@cache
def _variant_table() -> Mapping[str, Variant]:
    """Every catalog id and alias exactly as the catalog spells it, mapped to what :func:`evaluator.variant_named`
    (the schema's ``VariantField``) answers for it; other spellings go to the schema."""
    return {name: variant_named(name) for variant in all_variants() for name in (variant.id, *variant.aliases)}


def _card(text: Any) -> Card:
    if type(text) is not str:
        raise _NotSure
    try:
        return parse_card(text)
    except CardSyntaxError:
        raise _NotSure from None


def _cards(value: Any) -> tuple[Card, ...]:
    """A card list (``CardList``): a JSON array of at most 60 cards."""
    if type(value) is not list or len(value) > MAX_CARDS_PER_PLACE:
        raise _NotSure
    table = _card_table()
    try:
        return tuple([table[text] for text in value])
    except (KeyError, TypeError):  # a rarer spelling, or not a string at all
        return tuple([_card(text) for text in value])


def _board(value: Any) -> tuple[Card, ...] | dict[str, Card]:
    """A board (``BoardField``): an array of cards, or an object from position to card."""
    if type(value) is list:
        return _cards(value)
    if type(value) is not dict or len(value) > MAX_CARDS_PER_PLACE:
        raise _NotSure
    return {name: _card(text) for name, text in value.items()}


def _chips(value: Any) -> int:
    """A chip amount (``Chips``): a JSON integer from 0 to ``MAX_CHIPS``."""
    if type(value) is not int or not 0 <= value <= MAX_CHIPS:
        raise _NotSure
    return value


def _name(value: Any) -> str:
    """A player id (1 to 64 characters)."""
    if type(value) is not str or not 0 < len(value) <= _MAX_ID:
        raise _NotSure
    return value


def _object(value: Any, most: int) -> dict[str, Any]:
    if type(value) is not dict or len(value) > most:
        raise _NotSure
    return value


def _seat(player: Any) -> Seat:
    """One player (``PlayerSchema``), as its ``post_load`` builds the seat."""
    if type(player) is not dict or not PLAYER_KEYS.issuperset(player):
        raise _NotSure
    get = player.get
    if _CARDS_ONLY.issuperset(player):  # most players: an id and cards, nothing else to check
        return Seat(id=_name(get("id")), hole=_cards(player["hole"]) if "hole" in player else (),
                    up=_cards(player["up"]) if "up" in player else ())
    folded = get("folded", False)
    declare = get("declare")
    rank = get("wild_rank")
    if (type(folded) is not bool or (declare is not None and (type(declare) is not str or declare not in _DECLARATIONS))
            or (rank is not None and (type(rank) is not str or rank not in _WILD_RANKS))
            or ("declare" in player and declare is None) or ("wild_rank" in player and rank is None)):
        raise _NotSure
    hole = _cards(player["hole"]) if "hole" in player else ()
    up = _cards(player["up"]) if "up" in player else ()
    if "extra" in player:
        up = (*up, *_cards(player["extra"]))
    return Seat(id=_name(get("id")), hole=hole, up=up, folded=folded,
                wild_rank=None if rank is None else _WILD_RANKS[rank], declare=declare,
                claim=_cards(player["declared_hand"]) if "declared_hand" in player else ())


def _pot(value: Any) -> Pot:
    """One side pot (``PotSchema``): its amount and its eligible players, each at most once."""
    if type(value) is not dict or value.keys() != POT_KEYS:
        raise _NotSure
    eligible = value["eligible"]
    if type(eligible) is not list or len(eligible) > MAX_PLAYERS:
        raise _NotSure
    names = tuple([_name(player) for player in eligible])
    if len(set(names)) != len(names):
        raise _NotSure
    return Pot(_chips(value["amount"]), names)


def _options(value: Any, variant: Variant) -> dict[str, str]:
    """The options (``OptionValue`` values, then the schema's check against the variant's documented ones)."""
    chosen: dict[str, str] = {}
    for name, given in _object(value, MAX_OPTIONS).items():
        text = ("true" if given else "false") if type(given) is bool else given
        if type(text) is not str or len(text) > _MAX_OPTION_VALUE:
            raise _NotSure
        spec = variant.option(name)
        if spec is None or text not in spec.values:
            raise _NotSure
        chosen[name] = text
    return chosen


def _chips_by_player(value: Any) -> dict[str, int]:
    return {name: _chips(chips) for name, chips in _object(value, MAX_PLAYERS).items()}


def _call(body: Any) -> ShowdownCall:
    if type(body) is not dict or not BODY_KEYS.issuperset(body):
        raise _NotSure
    name = body.get("variant")
    variant = _variant_table().get(name) if type(name) is str else None
    if variant is None:
        raise _NotSure
    players = body.get("players")
    if type(players) is not list or not 0 < len(players) <= MAX_PLAYERS:
        raise _NotSure
    seats = [_seat(player) for player in players]
    if len(_MONEY & body.keys()) > 1 or ("dead" in body and "contributions" not in body):
        raise _NotSure
    board, positions = Deal.board_from(_board(body["board"]) if "board" in body else ())
    runs: tuple[tuple[Card, ...] | dict[str, Card], ...] = ()
    if "runs" in body:
        given = body["runs"]
        if type(given) is not list or not MIN_RUNS <= len(given) <= MAX_RUNS:
            raise _NotSure
        runs = tuple([_board(run) for run in given])
    pots = None
    if "pots" in body:
        listed = body["pots"]
        if type(listed) is not list or len(listed) > MAX_PLAYERS:
            raise _NotSure
        pots = tuple([_pot(pot) for pot in listed])
    options = _options(body["options"], variant) if "options" in body else {}
    deal = Deal(
        seats=_sets_as_hole(variant, seats), board=board, positions=positions,
        pot=_chips(body["pot"]) if "pot" in body else None, pots=pots,
        contributions=_chips_by_player(body["contributions"]) if "contributions" in body else None,
        dead=_chips_by_player(body["dead"]) if "dead" in body else None,
        button=_name(body["button"]) if "button" in body else None, runs=runs,
        events=dict(_object(body["events"], MAX_EVENTS)) if "events" in body else {})
    return ShowdownCall(variant=variant, deal=deal, options=options)


def read_showdown_call(body: Any) -> ShowdownCall | None:
    """The call that ``ShowdownRequestSchema().load(body)`` returns, or None when this reader is not sure of the body
    (the schema then reads it). Notes nothing: the caller notes the variant (see :func:`fast_showdown_call`)."""
    try:
        return _call(body)
    except _NotSure:
        return None


def fast_showdown_call(body: Any) -> ShowdownCall | None:
    """:func:`read_showdown_call`, noting the variant, as the schema does, when it answers a call."""
    call = read_showdown_call(body)
    if call is not None:
        note_variant("showdown", call.variant.id)
    return call
