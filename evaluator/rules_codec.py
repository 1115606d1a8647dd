"""Client-defined variants: a ``rules`` object in the shape ``GET /v1/variants/{id}`` returns, read back into a
:class:`~evaluator.variant.Variant` and validated as strictly as the catalog's records.

Rules are data only: a deck id, card counts, a flat board or a layout (positions, groups), hands (a ranking by name,
a formation of picks and groups, a qualifier) and a pot division. Every problem is reported with its JSON pointer
under ``/rules``. Documented limits keep any rules object from making the search explode: at most
:data:`MAX_POSITIONS` board positions, :data:`MAX_GROUPS` groups, :data:`MAX_PICKS` picks per formation and
:data:`MAX_HANDS` hands, and the usual per-request limit on hand combinations.

Reading is bounded by the size of what is read: the reader only looks at the keys it knows, checks each value's
type before using it, and never walks, converts or quotes a value of the wrong type, so an over-deep or huge value
costs one type check and a short problem. Every string has a length limit and problems quote at most
:data:`_QUOTED` characters of what was sent.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, Final

from evaluator.formation import BOARD, HOLE, OWN, UNBOUNDED, UP, BoardGroup, Count, Formation, Pick
from evaluator.formation.layout import Layout, Position
from evaluator.mechanisms.division import Declare, Division, High, HighLow
from evaluator.rankings import RANKINGS, HighQualifier, LowQualifier, Qualifier, Ranking
from evaluator.rankings.poker_key import CATEGORY_SLUGS
from evaluator.rankings.special import SPECIAL_RANKINGS
from evaluator.values.decks import DECKS
from evaluator.values.errors import InvalidShowdown, Problem
from evaluator.variant import BoardShape, HandSpec, Variant

__all__ = ["MAX_GROUPS", "MAX_HANDS", "MAX_PICKS", "MAX_POSITIONS", "MAX_SOURCES", "variant_from_rules"]

MAX_POSITIONS: Final = 30
MAX_GROUPS: Final = 60
MAX_PICKS: Final = 12
MAX_HANDS: Final = 4
#: Card sources one pick may count (``hole``, ``board``, ``hole+up``...).
MAX_SOURCES: Final = 8
_NAME_LIMIT: Final = 16  # a board position's name
_SOURCE_LIMIT: Final = 64  # a pick's source, e.g. "hole+up+left"
_QUOTED: Final = 40  # at most this much of a bad string is quoted back
_DIVISIONS: Final[dict[str, Division]] = {"high": High(), "high-low": HighLow(), "declare": Declare()}
_ODD_CHIPS: Final = ("button", "high-card-by-suit")


def _quoted(value: str) -> str:
    """A string the client sent, quoted in a problem: at most :data:`_QUOTED` characters of it."""
    return repr(value if len(value) <= _QUOTED else value[:_QUOTED] + "...")


def _token(key: str) -> str:
    """A JSON object key as one token of a JSON pointer (RFC 6901: ``~`` is ``~0``, ``/`` is ``~1``)."""
    return key.replace("~", "~0").replace("/", "~1")


class _Reader:
    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def bad(self, pointer: str, detail: str, code: str = "bad-rules") -> None:
        self.problems.append(Problem("/rules" + pointer, code, detail))

    def mapping(self, value: object, pointer: str) -> Mapping[str, Any]:
        if isinstance(value, Mapping):
            return value
        self.bad(pointer, "expected an object")
        return {}

    def items(self, value: object, pointer: str, limit: int) -> list[Any]:
        if not isinstance(value, list):
            self.bad(pointer, "expected a list")
            return []
        if len(value) > limit:
            self.bad(pointer, f"at most {limit} items, got {len(value)}", "over-limit")
            return []
        return value

    def count(self, value: object, pointer: str, default: Count | None = None) -> Count:
        if value is None and default is not None:
            return default
        data = self.mapping(value, pointer)
        low, high = data.get("min", 0), data.get("max")
        if not isinstance(low, int) or isinstance(low, bool) or low < 0 or low > 99:
            self.bad(pointer + "/min", "expected an integer from 0 to 99")
            return Count()
        if high is None:
            return Count.at_least(low)
        if not isinstance(high, int) or isinstance(high, bool) or not low <= high <= 99:
            self.bad(pointer + "/max", f"expected null or an integer from {low} to 99")
            return Count()
        return Count(low, high)

    def flag(self, value: object, pointer: str) -> bool:
        if value is None or isinstance(value, bool):
            return bool(value)
        self.bad(pointer, "expected true or false")
        return False

    def text(self, value: object, pointer: str, default: str | None = None, limit: int = 200) -> str:
        if value is None and default is not None:
            return default
        if not isinstance(value, str) or not value or len(value) > limit:
            self.bad(pointer, f"expected a string of 1 to {limit} characters")
            return default or "?"
        return value


def _layout(r: _Reader, board: Mapping[str, Any]) -> Layout | None:
    positions = []
    names: set[str] = set()
    for i, raw in enumerate(r.items(board.get("positions"), "/board/positions", MAX_POSITIONS)):
        p = r.mapping(raw, f"/board/positions/{i}")
        name = r.text(p.get("name"), f"/board/positions/{i}/name", limit=_NAME_LIMIT)
        if name in names:
            r.bad(f"/board/positions/{i}/name", f"position {_quoted(name)} is named twice")
        names.add(name)
        x, y = p.get("x", i), p.get("y", 0)
        if not all(isinstance(v, int | float) and not isinstance(v, bool) and -100 <= v <= 100 for v in (x, y)):
            r.bad(f"/board/positions/{i}", "x and y are numbers from -100 to 100")
            x, y = i, 0
        positions.append(Position(name=name, x=float(x), y=float(y),
                                  segment=r.text(p.get("segment"), f"/board/positions/{i}/segment", "board", 32),
                                  optional=r.flag(p.get("optional"), f"/board/positions/{i}/optional")))
    if not positions:
        r.bad("/board/positions", "a layout needs at least one position")
        return None
    return Layout(positions=tuple(positions), groups=_groups(r, board.get("groups", []), "/board/groups", names),
                  description=r.text(board.get("description"), "/board/description", "client-defined layout", 500))


def _groups(r: _Reader, value: object, pointer: str, names: set[str]) -> tuple[BoardGroup, ...]:
    groups = []
    for i, raw in enumerate(r.items(value, pointer, MAX_GROUPS)):
        g = r.mapping(raw, f"{pointer}/{i}")
        members = []
        for j, raw_name in enumerate(r.items(g.get("positions"), f"{pointer}/{i}/positions", MAX_POSITIONS)):
            name = r.text(raw_name, f"{pointer}/{i}/positions/{j}", limit=_NAME_LIMIT)
            if isinstance(raw_name, str) and raw_name and name not in names:
                r.bad(f"{pointer}/{i}/positions/{j}", f"no board position {_quoted(name)}")
            elif name in members:  # its card would be used twice in one hand
                r.bad(f"{pointer}/{i}/positions/{j}", f"position {_quoted(name)} is in this group twice")
            members.append(name)
        groups.append(BoardGroup(name=r.text(g.get("name"), f"{pointer}/{i}/name", limit=64),
                                 positions=tuple(members)))
    return tuple(groups)


#: A high qualifier reads the categories of its ranking from all its keys: only rankings with this many keys or
#: fewer can have one (every ranking but TELESINA-7PLUS-SUITS, whose 12.5 million keys take 24 s to read).
_QUALIFIABLE_KEYS: Final = 200_000


@cache
def _categories(ranking: Ranking) -> frozenset[str]:
    """The categories a ranking's hands fall in (the rankings are a fixed set: the cache is bounded by it)."""
    return frozenset(ranking.describe(ranking.score_of_key(k), ()).category for k in ranking.keys)


def _qualifier(r: _Reader, value: object, pointer: str, ranking: Ranking, ranking_name: str) -> Qualifier | None:
    if value is None:
        return None
    q = r.mapping(value, pointer)
    if q.get("kind") == "low":
        limit = q.get("max_value")
        if not isinstance(limit, int) or isinstance(limit, bool) or not 1 <= limit <= 14:
            r.bad(pointer + "/max_value", "a low qualifier needs max_value from 1 (ace) to 14")
            return None
        return LowQualifier(limit)
    if q.get("kind") == "high":
        category = q.get("min_category")
        if category not in CATEGORY_SLUGS.values():
            r.bad(pointer + "/min_category", f"expected one of {', '.join(CATEGORY_SLUGS.values())}")
            return None
        if len(ranking.keys) > _QUALIFIABLE_KEYS:
            r.bad(pointer + "/kind", f"ranking {ranking_name} cannot have a high qualifier")
            return None
        if category not in _categories(ranking):
            r.bad(pointer + "/min_category", f"ranking {ranking_name} has no hands of category {category}")
            return None
        return HighQualifier(str(category))
    r.bad(pointer + "/kind", "expected low or high")
    return None


def _rankings() -> dict[str, Ranking]:
    """Every ranking a client may name: the standard ones and the special ones."""
    return {**RANKINGS, **SPECIAL_RANKINGS}


def _hand(r: _Reader, value: object, pointer: str, names: set[str], sources: set[str]) -> HandSpec | None:
    h = r.mapping(value, pointer)
    known = _rankings()
    ranking_name = h.get("ranking")
    ranking = known.get(ranking_name) if isinstance(ranking_name, str) else None
    if ranking is None or not isinstance(ranking_name, str):
        sent = (f"unknown ranking {_quoted(ranking_name)}" if isinstance(ranking_name, str)
                else "expected a ranking's name")
        r.bad(pointer + "/ranking", f"{sent}: one of {', '.join(sorted(known))}")
        return None
    f = r.mapping(h.get("formation", {}), pointer + "/formation")
    picks = []
    for i, raw in enumerate(r.items(f.get("picks", [{}]), pointer + "/formation/picks", MAX_PICKS)):
        where = f"{pointer}/formation/picks/{i}"
        counted = r.mapping(raw, where)
        if len(counted) > MAX_SOURCES:
            r.bad(where, f"at most {MAX_SOURCES} card sources, got {len(counted)}", "over-limit")
            continue
        limits: dict[str, Count] = {}
        for source, count in counted.items():
            if len(source) > _SOURCE_LIMIT:  # pointed at by its pick: the pointer would quote it whole
                r.bad(where, f"a card source is at most {_SOURCE_LIMIT} characters, got one of {len(source)}")
                continue
            at = f"{where}/{_token(source)}"
            unknown = [part for part in source.split("+") if part not in sources]
            if unknown:
                r.bad(at, f"unknown card source {_quoted(unknown[0])}: one of {', '.join(sorted(sources))}, or "
                      "several joined with +")
            limits[source] = r.count(count, at)
        picks.append(Pick(limits=limits))
    formation = Formation(picks=tuple(picks) or (Pick(),),
                          groups=_groups(r, f.get("groups", []), pointer + "/formation/groups", names))
    return HandSpec(name=r.text(h.get("name"), pointer + "/name", limit=32), ranking=ranking, formation=formation,
                    qualifier=_qualifier(r, h.get("qualifier"), pointer + "/qualifier", ranking, ranking_name))


def variant_from_rules(rules: Mapping[str, Any]) -> Variant:
    """The variant a client defines. Raises :class:`InvalidShowdown` listing every problem under ``/rules``."""
    r = _Reader()
    deck_id = r.mapping(rules.get("deck", {"id": "52"}), "/deck").get("id", "52")
    deck = DECKS.get(deck_id) if isinstance(deck_id, str) else None
    if deck is None:
        r.bad("/deck/id", f"unknown deck: one of {', '.join(DECKS)}")
    elif deck.jokers:
        r.bad("/deck/id", "client-defined rules cannot use jokers yet: a joker needs wild cards or a Breaker, which "
              "rules cannot define; use a deck without jokers")
    cards = r.mapping(rules.get("cards", {}), "/cards")
    board = r.mapping(rules.get("board", {"kind": "flat", "count": {"min": 0, "max": 0}}), "/board")
    layout = _layout(r, board) if board.get("kind") == "layout" else None
    if board.get("kind") not in ("flat", "layout"):
        r.bad("/board/kind", "expected flat or layout")
    names = set(layout.names) if layout else set()
    sources = {HOLE, UP, OWN, BOARD, *(p.segment for p in (layout.positions if layout else ()))}
    hands = [h for i, raw in enumerate(r.items(rules.get("hands"), "/hands", MAX_HANDS))
             if (h := _hand(r, raw, f"/hands/{i}", names, sources)) is not None]
    if not hands and not r.problems:
        r.bad("/hands", "define at least one hand")
    division = r.mapping(rules.get("pot_division", {"kind": "high"}), "/pot_division").get("kind", "high")
    if not isinstance(division, str) or division not in _DIVISIONS:
        r.bad("/pot_division/kind", f"client-defined rules divide pots as one of {', '.join(_DIVISIONS)}")
    elif division != "high" and {h.name for h in hands} != {"high", "low"}:
        r.bad("/hands", f"a {division} division needs exactly two hands named high and low")
    odd = r.mapping(rules.get("odd_chips", {"rule": "button"}), "/odd_chips").get("rule", "button")
    if odd not in _ODD_CHIPS:
        r.bad("/odd_chips/rule", f"expected one of {', '.join(_ODD_CHIPS)}")
    for field in ("wild_cards", "events", "options"):
        if rules.get(field):
            r.bad(f"/{field}", f"client-defined rules cannot define {field.replace('_', ' ')} yet: leave it empty")
    identity = (r.text(rules.get("id"), "/id", "custom", 64), r.text(rules.get("name"), "/name", "Custom game"),
                r.text(rules.get("description"), "/description", "A client-defined variant.", 1000))
    seats = r.count(rules.get("seats"), "/seats", Count.between(2, 10))
    hole = r.count(cards.get("hole"), "/cards/hole", Count.between(0, UNBOUNDED))
    up = r.count(cards.get("up"), "/cards/up", Count.exactly(0))
    total = r.count(cards["own_plus_board"], "/cards/own_plus_board") if cards.get("own_plus_board") else None
    board_count = r.count(board.get("count"), "/board/count", Count.exactly(0))
    if r.problems:
        raise InvalidShowdown(r.problems)
    assert deck is not None
    return Variant(id=identity[0], name=identity[1], description=identity[2], tags=("custom",),
                   reference="client-defined rules", deck=deck, seats=seats, seats_stated="seats" in rules, hole=hole,
                   up=up, own_plus_board=total,
                   board=BoardShape(count=board_count, layout=layout), hands=tuple(hands),
                   division=_DIVISIONS[division], odd_chip=odd)
