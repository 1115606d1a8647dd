"""Whether a variant record can work: the checks a record defined outside the catalog (a client's rules) must
pass before a deal is adjudicated with it, every problem at its JSON pointer in the record's own fields.

The catalog's records pass them all (a test); they catch what the record's types cannot: names that must refer to
something else in the record (card sources, board positions, hands), and rankings that cannot have the qualifier.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import fields, is_dataclass, replace
from functools import cache
from typing import Final

from evaluator.formation import BOARD, BREAKER, HOLE, INSURED, OWN, TABLE, UP, BoardGroup, Formation
from evaluator.mechanisms import Breaker, Division, EntrantHands, ExtraCardFor, ExtraUpFor, HighLow, Shares, TwoOfThree
from evaluator.rankings import HighQualifier, LowQualifier, Ranking, TableRanking
from evaluator.rankings.four_card import FourCardLow
from evaluator.values.errors import Problem, json_pointer
from evaluator.variant import Variant
from evaluator.wilds.sets import WildSets

__all__ = ["problems_in_variant"]

#: A high qualifier reads the categories of its ranking from all its keys: only rankings with this many keys or
#: fewer can have one (every ranking but TELESINA-7PLUS-SUITS, whose 12.5 million keys take 24 s to read).
_QUALIFIABLE_KEYS: Final = 200_000
_QUOTED: Final = 40

Path = tuple[str | int, ...]


def _quoted(value: str) -> str:
    return repr(value if len(value) <= _QUOTED else value[:_QUOTED] + "...")


@cache
def _categories(ranking: Ranking) -> frozenset[str]:
    """The categories a ranking's hands fall in (rankings are named objects: the cache is bounded by them)."""
    return frozenset(ranking.describe(ranking.score_of_key(k), ()).category for k in ranking.keys)


def _sources(v: Variant) -> frozenset[str]:
    """The card sources a formation of this record may name."""
    layout = v.board.layout
    return frozenset({HOLE, UP, OWN, BOARD, *(p.segment for p in (layout.positions if layout else ())),
                      *((TABLE,) if v.table is not None else ()), *((BREAKER,) if v.find(Breaker) else ()),
                      *((INSURED,) if v.find(EntrantHands) else ()),
                      *(f"set{i + 1}" for i in range(len(v.hole_sets)))})


def _group_problems(groups: Iterable[BoardGroup], names: frozenset[str], at: Path) -> Iterator[Problem]:
    for i, group in enumerate(groups):
        seen: set[str] = set()
        for j, name in enumerate(group.positions):
            where = json_pointer([*at, i, "positions", j])
            if name not in names:
                yield Problem(where, "bad-rules", f"no board position {_quoted(name)}")
            elif name in seen:  # its card would be used twice in one hand
                yield Problem(where, "bad-rules", f"position {_quoted(name)} is in this group twice")
            seen.add(name)


def _formation_problems(f: Formation, sources: frozenset[str], names: frozenset[str], at: Path
                        ) -> Iterator[Problem]:
    for i, pick in enumerate(f.picks):
        for source in pick.limits:
            if unknown := [part for part in source.split("+") if part not in sources]:
                yield Problem(json_pointer([*at, "picks", i, "limits"]) if len(source) > _QUOTED
                              else json_pointer([*at, "picks", i, "limits", source]), "bad-rules",
                              f"unknown card source {_quoted(unknown[0])}: one of {', '.join(sorted(sources))}, "
                              "or several joined with +")
    yield from _group_problems(f.groups, names, (*at, "groups"))


def _qualifier_problems(v: Variant) -> Iterator[Problem]:
    for i, hand in enumerate(v.hands):
        q, where = hand.qualifier, ("hands", i, "qualifier")
        if isinstance(q, LowQualifier) and not 1 <= q.max_value <= 14:
            yield Problem(json_pointer([*where, "max_value"]), "bad-rules", "from 1 (ace) to 14")
        elif isinstance(q, HighQualifier):
            if len(hand.ranking.keys) > _QUALIFIABLE_KEYS:
                yield Problem(json_pointer(where), "bad-rules",
                              f"ranking {hand.ranking.name} cannot have a high qualifier")
            elif q.min_category not in _categories(hand.ranking):
                yield Problem(json_pointer([*where, "min_category"]), "bad-rules",
                              f"ranking {hand.ranking.name} has no hands of category {_quoted(q.min_category)}")


def _wild_problems(v: Variant) -> Iterator[Problem]:
    """A hand that plays wild cards ranks them: a table ranking or a four-card low (evaluator/wilds/scoring.py)."""
    if not (v.wilds or v.wild_play.restricted):
        return
    for i, hand in enumerate(v.hands):
        if hand.uses_wilds and not isinstance(hand.ranking, TableRanking | FourCardLow):
            yield Problem(json_pointer(["hands", i, "ranking"]), "bad-rules",
                          f"ranking {hand.ranking.name} cannot score wild cards: set uses_wilds to false or choose "
                          "a poker ranking")


def _size_problems(v: Variant) -> Iterator[Problem]:
    """A hand can hold its ranking's cards: the game deals a player (with the board) at least that many, unless its
    short hands compete with fewer or a player may use cards beyond his own and the board's."""
    if any(h.short_hands for h in v.hands) or v.table is not None or v.find(ExtraCardFor) or v.find(ExtraUpFor):
        return
    layout = v.board.layout
    dealt = v.hole.max + v.up.max + (len(layout.positions) if layout else v.board.count.max)
    if v.own_plus_board is not None:
        dealt = min(dealt, v.own_plus_board.max)
    for i, hand in enumerate(v.hands):
        if hand.ranking.size > dealt:
            yield Problem(json_pointer(["hands", i, "ranking"]), "bad-rules",
                          f"ranking {hand.ranking.name} ranks hands of {hand.ranking.size} cards; a player has at "
                          f"most {dealt} with the board")


def _wild_set_problems(v: Variant) -> Iterator[Problem]:
    """Wild sets (Seven and What Makes It) are found among any five usable cards: a formation of no picks or groups."""
    if not any(isinstance(rule, WildSets) for rule in v.wilds):
        return
    for i, hand in enumerate(v.hands):
        if hand.formation.groups or any(pick.limits for pick in hand.formation.picks):
            yield Problem(json_pointer(["hands", i, "formation"]), "bad-rules",
                          "with wild sets, a hand is any five of the usable cards: no picks or groups")


def _divisions(v: Variant) -> Iterator[tuple[Path, Division]]:
    """The game's division and the divisions it wraps (the Breaker's, declared hands'), with their paths."""
    at: Path = ("division",)
    division: Division | None = v.division
    while division is not None:
        yield at, division
        division = getattr(division, "division", None)
        at = (*at, "division")


def _hand_name_problems(v: Variant) -> Iterator[Problem]:
    names = [h.name for h in v.hands]
    for i, name in enumerate(names):
        if name in names[:i]:
            yield Problem(json_pointer(["hands", i, "name"]), "bad-rules", f"two hands are named {_quoted(name)}")
    named: list[tuple[Path, str]] = []
    for at, division in _divisions(v):
        if isinstance(division, Shares):
            named += [((*at, "shares", i, 0), name) for i, (name, _) in enumerate(division.shares)]
            named += [((*at, "whole_pot_if_one_wins", i), name)
                      for i, name in enumerate(division.whole_pot_if_one_wins)]
        elif isinstance(division, HighLow):
            named += [((*at, "split_hands", i), name) for i, name in enumerate(division.split_hands)]
        elif isinstance(division, TwoOfThree):
            named += [((*at, "parts", i), name) for i, name in enumerate(division.parts)]
    if v.find(Breaker) and (missing := [n for n in ("high", "breaker", "broken") if n not in names]):
        yield Problem("/hands", "bad-rules", f"a Breaker game plays hands high, breaker and broken: no {missing[0]}")
    for at, name in named:
        if name not in names:
            yield Problem(json_pointer(at), "bad-rules", f"no hand {_quoted(name)}: one of {', '.join(names)}")


def _division_problems(v: Variant) -> Iterator[Problem]:
    """What a pot division needs of the record: shares to divide, a ratio."""
    for at, division in _divisions(v):
        if isinstance(division, Shares):
            if not division.shares:
                yield Problem(json_pointer([*at, "shares"]), "bad-rules", "give the shares: [hand, weight] pairs")
            for i, (_, weight) in enumerate(division.shares):
                if weight < 1:
                    yield Problem(json_pointer([*at, "shares", i, 1]), "bad-rules", "a share's weight is at least 1")
        elif isinstance(division, HighLow) and min(division.split_ratio) < 1:
            yield Problem(json_pointer([*at, "split_ratio"]), "bad-rules", "each side of a split is at least 1")
    for i, size in enumerate(v.hole_sets):
        if size < 1:
            yield Problem(json_pointer(["hole_sets", i]), "bad-rules", "a set of hole cards has at least 1 card")


#: Fields of the record and its mechanisms that hold ranks (0, the deuce, to 12, the ace) or a suit (0 to 3), by
#: name; the wild rules' among them name at least one rank.
_RANK_FIELDS: Final = frozenset({"rank", "ranks", "base", "low_ranks"})
_SUIT_FIELDS: Final = frozenset({"suit"})
_NAMING_RANKS: Final = frozenset({"ranks", "base"})


def _fields_of(value: object, at: Path) -> Iterator[tuple[Path, str, object]]:
    """Every field of a record and of the records inside it: (pointer path, field name, value)."""
    if is_dataclass(value) and not isinstance(value, type):
        for f in fields(value):
            inner = getattr(value, f.name)
            yield (*at, f.name), f.name, inner
            yield from _fields_of(inner, (*at, f.name))
    elif isinstance(value, tuple):
        for i, item in enumerate(value):
            yield from _fields_of(item, (*at, i))


def _value_problems(v: Variant) -> Iterator[Problem]:
    """Ranks and suits in range, wherever a record holds them; a wild rule's ranks never empty."""
    for at, name, value in _fields_of(v, ()):
        top = 12 if name in _RANK_FIELDS else 3 if name in _SUIT_FIELDS else None
        if top is None:
            continue
        values = value if isinstance(value, tuple) else (value,)
        for i, n in enumerate(values):
            if isinstance(n, int) and not 0 <= n <= top:
                where = (*at, i) if isinstance(value, tuple) else at
                meaning = "the deuce to the ace" if top == 12 else "clubs, diamonds, hearts, spades"
                yield Problem(json_pointer(where), "bad-rules", f"from 0 to {top} ({meaning})")
        if at[0] == "wilds" and name in _NAMING_RANKS and not value:
            yield Problem(json_pointer(at), "bad-rules", "name at least one rank")


def _option_problems(v: Variant) -> Iterator[Problem]:
    """Each option once by name, its default one of its values."""
    names = [o.name for o in v.options]
    for i, spec in enumerate(v.options):
        if spec.name in names[:i]:
            yield Problem(json_pointer(["options", i, "name"]), "bad-rules", f"two options are named "
                          f"{_quoted(spec.name)}")
        if spec.default not in spec.values:
            yield Problem(json_pointer(["options", i, "default"]), "bad-rules",
                          f"the default is not one of the values: {', '.join(spec.values)}"[:200])


def _own_problems(v: Variant) -> Iterator[Problem]:
    layout = v.board.layout
    names = frozenset(layout.names) if layout else frozenset()
    if layout is not None:
        for i, position in enumerate(layout.positions):
            if position.name in layout.names[:i]:
                yield Problem(json_pointer(["board", "layout", "positions", i, "name"]), "bad-rules",
                              f"position {_quoted(position.name)} is named twice")
        yield from _group_problems(layout.groups, names, ("board", "layout", "groups"))
    if v.deck.jokers and not (v.wilds or v.find(Breaker) or v.wild_play.choice_cards):
        yield Problem("/deck", "bad-rules", "a deck with jokers needs wild cards or a Breaker to play them")
    if not v.hands and not v.not_showdown:
        yield Problem("/hands", "bad-rules", "define at least one hand")
    sources = _sources(v)
    for i, hand in enumerate(v.hands):
        yield from _formation_problems(hand.formation, sources, names, ("hands", i, "formation"))
    yield from _qualifier_problems(v)
    yield from _wild_problems(v)
    yield from _wild_set_problems(v)
    yield from _size_problems(v)
    yield from _hand_name_problems(v)
    yield from _division_problems(v)
    yield from _value_problems(v)


def problems_in_variant(v: Variant) -> list[Problem]:
    """Every reason this record cannot work, with the default options and with each option value (those problems
    at ``/options/<i>/values/<value>``, followed by the field's pointer when the value sets it)."""
    found = [*_own_problems(v), *_option_problems(v)]
    for i, spec in enumerate(v.options):
        for value, changes in spec.values.items():
            if not changes:
                continue
            prefix = json_pointer(["options", i, "values", value])
            try:
                changed = replace(v, **changes)
            except (TypeError, ValueError) as exc:
                found.append(Problem(prefix, "bad-rules", f"this value does not make a variant: {exc}"[:200]))
                continue
            found += [Problem(prefix + p.pointer if p.pointer.split("/")[1] in changes else prefix, p.code,
                              p.detail)
                      for p in _own_problems(changed) if p not in found]
    return list(dict.fromkeys(found))
