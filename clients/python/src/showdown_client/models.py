"""The requests and answers of the Showdown API (``openapi.yaml``) as typed, frozen dataclasses.

Requests turn into JSON with ``to_json()``; answers are read with ``from_json()``, which ignores fields it does
not know (the service may add some) and keeps the whole document in ``raw`` where a caller may want more.
Cards are strings such as ``"As"``, ``"Td"`` or ``"X1"`` (a joker); a board is a list of cards in deal order
(flat boards) or a mapping from position name to card (layout games).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TypeAlias

__all__ = [
    "Award",
    "BatchItem",
    "Board",
    "Card",
    "EvaluateRequest",
    "Hand",
    "HandEvaluation",
    "OddChip",
    "OptionSpec",
    "Player",
    "PlayerHand",
    "PlayerResult",
    "Pot",
    "PotResult",
    "ProblemDetail",
    "ShowdownRequest",
    "ShowdownResult",
    "VariantDocument",
    "VariantSummary",
    "Wild",
]

Card: TypeAlias = str
Board: TypeAlias = Sequence[Card] | Mapping[str, Card]
Declaration: TypeAlias = Literal["high", "low", "both"]


def _drop_empty(values: Mapping[str, Any]) -> dict[str, Any]:
    """The fields that say something: None, False and empty collections are what the service assumes anyway."""
    return {key: value for key, value in values.items()
            if value is not None and value is not False and not (isinstance(value, Sequence | Mapping)
                                                                 and not isinstance(value, str) and not value)}


def _board_json(board: Board | None) -> list[Card] | dict[str, Card] | None:
    if board is None:
        return None
    return dict(board) if isinstance(board, Mapping) else list(board)


# --- Requests -----------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerHand:
    """One of a player's separate hands, for variants that deal several (Double Trouble)."""

    hole: Sequence[Card] = ()
    declare: Declaration | None = None
    folded: bool = False
    discarded: bool = False
    insured: bool = False

    def to_json(self) -> dict[str, Any]:
        return _drop_empty({"hole": list(self.hole), "declare": self.declare, "folded": self.folded,
                            "discarded": self.discarded, "insured": self.insured})


@dataclass(frozen=True, slots=True, kw_only=True)
class Player:
    """A player, in seat order clockwise from the button's left."""

    id: str
    hole: Sequence[Card] = ()
    up: Sequence[Card] = ()
    folded: bool = False
    declare: Declaration | None = None
    wild_rank: str | None = None
    declared_hand: Sequence[Card] | None = None
    hands: Sequence[PlayerHand] = ()

    def to_json(self) -> dict[str, Any]:
        body = _drop_empty({"hole": list(self.hole), "up": list(self.up), "folded": self.folded,
                            "declare": self.declare, "wild_rank": self.wild_rank,
                            "declared_hand": None if self.declared_hand is None else list(self.declared_hand),
                            "hands": [hand.to_json() for hand in self.hands]})
        return {"id": self.id, **body}


@dataclass(frozen=True, slots=True, kw_only=True)
class Pot:
    """A pot and the ids of the players who may win it."""

    amount: int
    eligible: Sequence[str]

    def to_json(self) -> dict[str, Any]:
        return {"amount": self.amount, "eligible": list(self.eligible)}


@dataclass(frozen=True, slots=True, kw_only=True)
class ShowdownRequest:
    """``POST /v1/showdowns``: a catalog ``variant`` (or client-defined ``rules``), the cards, and the money as
    exactly one of ``pot``, ``pots`` or ``contributions``."""

    players: Sequence[Player]
    variant: str | None = None
    rules: Mapping[str, Any] | None = None
    board: Board | None = None
    pot: int | None = None
    pots: Sequence[Pot] | None = None
    contributions: Mapping[str, int] | None = None
    options: Mapping[str, str] = field(default_factory=dict)
    events: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        body = _drop_empty({"variant": self.variant, "rules": None if self.rules is None else dict(self.rules),
                            "options": dict(self.options), "board": _board_json(self.board)})
        body["players"] = [player.to_json() for player in self.players]
        if self.pot is not None:
            body["pot"] = self.pot
        if self.pots is not None:
            body["pots"] = [pot.to_json() for pot in self.pots]
        if self.contributions is not None:
            body["contributions"] = dict(self.contributions)
        return body | _drop_empty({"events": dict(self.events)})


@dataclass(frozen=True, slots=True, kw_only=True)
class EvaluateRequest:
    """``POST /v1/hands/evaluate``: one player's cards for a variant."""

    variant: str | None = None
    rules: Mapping[str, Any] | None = None
    hole: Sequence[Card] = ()
    up: Sequence[Card] = ()
    board: Board | None = None
    options: Mapping[str, str] = field(default_factory=dict)
    list_combinations: bool = False

    def to_json(self) -> dict[str, Any]:
        return _drop_empty({"variant": self.variant, "rules": None if self.rules is None else dict(self.rules),
                            "options": dict(self.options), "hole": list(self.hole), "up": list(self.up),
                            "board": _board_json(self.board), "list_combinations": self.list_combinations})


# --- Answers ------------------------------------------------------------------------------------------------


def _strings(value: Any) -> tuple[str, ...]:
    return tuple(str(item) for item in value or ())


def _ints(value: Any) -> dict[str, int]:
    return {str(key): int(chips) for key, chips in (value or {}).items()}


@dataclass(frozen=True, slots=True, kw_only=True)
class Wild:
    card: Card
    as_: Card  # "as" in JSON

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Wild:
        return cls(card=data["card"], as_=data["as"])


@dataclass(frozen=True, slots=True, kw_only=True)
class Hand:
    """A player's best hand of one kind (``high``, ``low``...), or why there is none (``qualifies`` false)."""

    category: str | None
    description: str | None
    cards: tuple[Card, ...]
    hole: tuple[Card, ...]
    up: tuple[Card, ...]
    board: tuple[Card, ...] | dict[str, Card]
    board_group: str | None
    wilds: tuple[Wild, ...]
    qualifies: bool
    reason: str | None
    strength: tuple[int, ...]

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Hand:
        board = data.get("board") or ()
        return cls(category=data.get("category"), description=data.get("description"),
                   cards=_strings(data.get("cards")), hole=_strings(data.get("hole")), up=_strings(data.get("up")),
                   board=dict(board) if isinstance(board, Mapping) else _strings(board),
                   board_group=data.get("board_group"),
                   wilds=tuple(Wild.from_json(w) for w in data.get("wilds") or ()),
                   qualifies=bool(data.get("qualifies")), reason=data.get("reason"),
                   strength=tuple(int(s) for s in data.get("strength") or ()))


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerResult:
    id: str
    folded: bool
    hands: dict[str, Hand]

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PlayerResult:
        return cls(id=data["id"], folded=bool(data.get("folded")),
                   hands={kind: Hand.from_json(hand) for kind, hand in (data.get("hands") or {}).items()})


@dataclass(frozen=True, slots=True, kw_only=True)
class OddChip:
    player: str
    chips: int
    reason: str

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> OddChip:
        return cls(player=data["player"], chips=int(data["chips"]), reason=data["reason"])


@dataclass(frozen=True, slots=True, kw_only=True)
class Award:
    """One share of a pot (``high``, ``low``...): its chips and winners."""

    share: str
    amount: int
    winners: tuple[str, ...]
    payouts: dict[str, int]
    odd_chips: tuple[OddChip, ...]
    note: str | None

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Award:
        return cls(share=data["share"], amount=int(data["amount"]), winners=_strings(data.get("winners")),
                   payouts=_ints(data.get("payouts")),
                   odd_chips=tuple(OddChip.from_json(o) for o in data.get("odd_chips") or ()),
                   note=data.get("note"))


@dataclass(frozen=True, slots=True, kw_only=True)
class PotResult:
    amount: int
    eligible: tuple[str, ...]
    awards: tuple[Award, ...]
    carried_over: int
    owes: dict[str, int]

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PotResult:
        return cls(amount=int(data["amount"]), eligible=_strings(data.get("eligible")),
                   awards=tuple(Award.from_json(a) for a in data.get("awards") or ()),
                   carried_over=int(data.get("carried_over") or 0), owes=_ints(data.get("owes")))


@dataclass(frozen=True, slots=True, kw_only=True)
class ShowdownResult:
    """The adjudicated showdown: ``payouts`` plus every pot's ``carried_over`` equals the money in."""

    variant: str
    options: dict[str, str]
    players: tuple[PlayerResult, ...]
    pots: tuple[PotResult, ...]
    payouts: dict[str, int]
    summary: str
    raw: Mapping[str, Any] = field(repr=False, compare=False)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ShowdownResult:
        return cls(variant=data["variant"], options=dict(data.get("options") or {}),
                   players=tuple(PlayerResult.from_json(p) for p in data.get("players") or ()),
                   pots=tuple(PotResult.from_json(p) for p in data.get("pots") or ()),
                   payouts=_ints(data.get("payouts")), summary=data["summary"], raw=data)


@dataclass(frozen=True, slots=True, kw_only=True)
class HandEvaluation:
    """One player's best hand of each kind and, when asked, every legal combination, best first."""

    variant: str
    options: dict[str, str]
    hands: dict[str, Hand]
    combinations: dict[str, tuple[Hand, ...]] | None
    raw: Mapping[str, Any] = field(repr=False, compare=False)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HandEvaluation:
        combinations = data.get("combinations")
        return cls(variant=data["variant"], options=dict(data.get("options") or {}),
                   hands={kind: Hand.from_json(hand) for kind, hand in (data.get("hands") or {}).items()},
                   combinations=None if combinations is None else {
                       kind: tuple(Hand.from_json(h) for h in hands) for kind, hands in combinations.items()},
                   raw=data)


@dataclass(frozen=True, slots=True, kw_only=True)
class ProblemDetail:
    """One problem of a refused request: where (an RFC 6901 pointer into the body), what, and a stable code."""

    pointer: str
    detail: str
    code: str

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ProblemDetail:
        return cls(pointer=str(data.get("pointer", "")), detail=str(data.get("detail", "")),
                   code=str(data.get("code", "")))


@dataclass(frozen=True, slots=True, kw_only=True)
class BatchItem:
    """One item of a batch: a result (status 200) or the problem ``POST /v1/showdowns`` would answer."""

    index: int
    status: int
    result: ShowdownResult | None
    problem: Mapping[str, Any] | None

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BatchItem:
        result = data.get("result")
        return cls(index=int(data["index"]), status=int(data["status"]),
                   result=None if result is None else ShowdownResult.from_json(result), problem=data.get("problem"))


@dataclass(frozen=True, slots=True, kw_only=True)
class VariantSummary:
    """A catalog entry of ``GET /v1/variants``."""

    id: str
    name: str
    aliases: tuple[str, ...]
    tags: tuple[str, ...]
    description: str

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> VariantSummary:
        return cls(id=data["id"], name=data["name"], aliases=_strings(data.get("aliases")),
                   tags=_strings(data.get("tags")), description=data.get("description") or "")

    def matches(self, text: str) -> bool:
        """Whether ``text`` (case-insensitive) is in the id, the name, an alias, a tag or the description."""
        needle = text.casefold()
        return any(needle in value.casefold() for value in (self.id, self.name, *self.aliases, *self.tags,
                                                            self.description))


@dataclass(frozen=True, slots=True, kw_only=True)
class OptionSpec:
    """A rule option of a variant, its values and its default."""

    name: str
    description: str
    default: str
    values: tuple[str, ...]

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> OptionSpec:
        return cls(name=data["name"], description=data.get("description") or "", default=str(data.get("default")),
                   values=_strings(data.get("values")))


@dataclass(frozen=True, slots=True, kw_only=True)
class VariantDocument:
    """``GET /v1/variants/{id}``: the fields most clients read, typed; the whole document (deck, card counts,
    board, formations, rankings...) in ``raw``. ``example`` is a complete request that can be posted as it is."""

    id: str
    name: str
    aliases: tuple[str, ...]
    tags: tuple[str, ...]
    description: str
    options: tuple[OptionSpec, ...]
    example: Mapping[str, Any]
    notes: tuple[str, ...]
    raw: Mapping[str, Any] = field(repr=False, compare=False)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> VariantDocument:
        return cls(id=data["id"], name=data["name"], aliases=_strings(data.get("aliases")),
                   tags=_strings(data.get("tags")), description=data.get("description") or "",
                   options=tuple(OptionSpec.from_json(o) for o in data.get("options") or ()),
                   example=data.get("example") or {}, notes=_strings(data.get("notes")), raw=data)


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerOdds:
    """One player's odds mid-hand: his share of the pot (``equity``, 0 to 1), his expected chips where chips are in
    (None without), and for Monte Carlo the standard error and 95% interval of ``expected`` (of ``equity`` when no
    chips are in)."""

    id: str
    expected: float | None
    equity: float
    standard_error: float | None
    interval: tuple[float, float] | None

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PlayerOdds:
        interval = data.get("interval")
        expected = data.get("expected")
        return cls(id=data["id"], expected=None if expected is None else float(expected),
                   equity=float(data["equity"]),
                   standard_error=data.get("standard_error"),
                   interval=(float(interval[0]), float(interval[1])) if interval else None)


@dataclass(frozen=True, slots=True, kw_only=True)
class Equities:
    """Odds mid-hand (``POST /v1/equities``): every player's expected chips over the runouts of the unknown cards;
    ``raw`` has the per-pot and per-share figures."""

    variant: str
    method: str
    runouts: int
    seed: int | None
    money_in: int
    players: tuple[PlayerOdds, ...]
    summary: str
    raw: Mapping[str, Any] = field(repr=False, compare=False)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Equities:
        return cls(variant=data["variant"], method=data["method"], runouts=int(data["runouts"]),
                   seed=data.get("seed"), money_in=int(data["money_in"]),
                   players=tuple(PlayerOdds.from_json(p) for p in data.get("players") or ()),
                   summary=data["summary"], raw=data)
