"""Replaying a PHH hand: the blinds, straddles and antes posted, every action checked in turn (who may act, what a
bet may be, which cards are still in the deck), and the showdown request the hand ends in: the players in seat order
(PHH's p1 sits left of the button), who folded, the cards shown, each player's chips in (``contributions``, the
service returns the uncalled part) and the antes as ``dead`` money. Decimal amounts are made whole by counting in
the history's smallest unit (``chip_unit``)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Final

from service.histories.phh import problem

__all__ = ["GAMES", "Settlement", "settlement_of"]


@dataclass(frozen=True, slots=True)
class _Game:
    variant: str
    hole: int
    streets: tuple[int, ...]  # board cards dealt before each betting round after the first


_HOLDEM: Final = (3, 1, 1)
#: PHH variant codes this replay knows, and the catalog game each is.
GAMES: Final[Mapping[str, _Game]] = {
    "NT": _Game("texas-holdem", 2, _HOLDEM), "FT": _Game("texas-holdem", 2, _HOLDEM),
    "PT": _Game("texas-holdem", 2, _HOLDEM), "NS": _Game("short-deck-holdem", 2, _HOLDEM),
    "PO": _Game("omaha", 4, _HOLDEM), "NO": _Game("omaha", 4, _HOLDEM), "FO": _Game("omaha", 4, _HOLDEM),
    "FO/8": _Game("omaha-hi-lo-8", 4, _HOLDEM), "PO/8": _Game("omaha-hi-lo-8", 4, _HOLDEM),
}
_CARDS: Final = re.compile(r"(?:[2-9TJQKA][cdhs]|\?\?)")
_UNKNOWN: Final = "??"


@dataclass(frozen=True, slots=True)
class Settlement:
    """What the history comes to: the showdown request (JSON, in chips of ``chip_unit``) and the players' names."""

    request: dict[str, Any]
    chip_unit: Decimal
    unknown: tuple[str, ...]  # players still in whose cards the history does not show


@dataclass(slots=True)
class _Seat:
    id: str
    stack: int
    hole: list[str] = field(default_factory=list)
    shown: list[str] | None = None
    street: int = 0
    total: int = 0
    ante: int = 0
    folded: bool = False

    @property
    def all_in(self) -> bool:
        return self.stack == 0


def _amounts(history: Mapping[str, Any]) -> list[Decimal]:
    found: list[Decimal] = []
    for key in ("antes", "blinds_or_straddles", "starting_stacks"):
        value = history.get(key, [])
        if isinstance(value, list):
            found += [Decimal(v) for v in value if isinstance(v, int | Decimal)]
    actions = history.get("actions", [])
    for action in actions if isinstance(actions, list) else ():
        if isinstance(action, str) and " cbr " in action:
            with suppress(ArithmeticError):  # (the replay names a bad amount where it comes)
                found.append(Decimal(action.rsplit(" ", 1)[1]))
    return found


def _unit(history: Mapping[str, Any]) -> Decimal:
    exponents = [a.normalize().as_tuple().exponent for a in _amounts(history) if a.is_finite()]
    places = max((-e for e in exponents if isinstance(e, int) and e < 0), default=0)
    return Decimal(1).scaleb(-places)


def _chips(value: Any, unit: Decimal, pointer: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | Decimal | str):
        raise problem(pointer, "bad-amount", f"{value!r} is not an amount")
    try:
        amount = Decimal(value) / unit
    except ArithmeticError:
        raise problem(pointer, "bad-amount", f"{value!r} is not an amount") from None
    if amount < 0 or amount != amount.to_integral_value():
        raise problem(pointer, "bad-amount", f"{value} is not a non-negative multiple of {unit}")
    return int(amount)


def _list(history: Mapping[str, Any], key: str, count: int, unit: Decimal) -> list[int]:
    value = history.get(key, [0] * count)
    if isinstance(value, int | Decimal) and not isinstance(value, bool):
        value = [value] * count
    if not isinstance(value, list) or len(value) != count:
        raise problem(f"/{key}", "bad-list", f"{key} must list one amount per player ({count})")
    return [_chips(v, unit, f"/{key}/{i}") for i, v in enumerate(value)]


class _Hand:
    """The hand in progress, one action at a time."""

    def __init__(self, history: Mapping[str, Any], game: _Game, unit: Decimal) -> None:
        stacks = history.get("starting_stacks")
        if not isinstance(stacks, list) or not 2 <= len(stacks) <= 23:
            raise problem("/starting_stacks", "bad-list", "starting_stacks must list 2 or more players' stacks")
        count = len(stacks)
        names = history.get("players")
        ids = [f"p{i + 1}" for i in range(count)]
        if isinstance(names, list) and len(names) == count and len({str(n) for n in names}) == count \
                and all(isinstance(n, str) and 0 < len(n) <= 64 for n in names):
            ids = [str(n) for n in names]
        self.game = game
        self.seats = [_Seat(id=i, stack=_chips(s, unit, f"/starting_stacks/{n}")) for n, (i, s) in
                      enumerate(zip(ids, stacks, strict=True))]
        self.board: list[str] = []
        self.seen: set[str] = set()
        self.round = 0
        self.done = False
        antes = _list(history, "antes", count, unit)
        blinds = _list(history, "blinds_or_straddles", count, unit)
        if count == 2:  # heads-up, the button (p2) posts the small blind
            blinds.reverse()
        for seat, ante in zip(self.seats, antes, strict=True):
            seat.ante = min(ante, seat.stack)
            seat.stack -= seat.ante
        # Trimmed antes (PHH's ante_trimming_status) are bets: the part of an ante above every other is returned
        # and the rest counts with the player's chips in; untrimmed antes are dead money in the main pot.
        self.trimmed = history.get("ante_trimming_status") is True
        if self.trimmed:
            cutoff = sorted(seat.ante for seat in self.seats)[-2]
            for seat in self.seats:
                seat.stack += max(seat.ante - cutoff, 0)
                seat.ante = min(seat.ante, cutoff)
                seat.total += seat.ante
        for seat, blind in zip(self.seats, blinds, strict=True):
            self._put(seat, min(blind, seat.stack))
        self.bet = max(seat.street for seat in self.seats)
        # Preflop the player after the last blind or straddle acts first (heads-up, the button: p2).
        posted = [i for i, blind in enumerate(blinds) if blind]
        self.next = (1 if count == 2 else (posted[-1] + 1) % count) if posted else 0
        self.to_act = {i for i, seat in enumerate(self.seats) if not seat.all_in}
        self._settle_round()

    def _put(self, seat: _Seat, chips: int) -> None:
        seat.stack -= chips
        seat.street += chips
        seat.total += chips

    def _live(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if not seat.folded]

    def _settle_round(self) -> None:
        """Closes the betting round when nobody is left to act (and the hand when one player is left)."""
        live = self._live()
        if len(live) == 1:
            self.to_act.clear()
            self.done = True
            return
        able = [i for i in live if not self.seats[i].all_in]
        if len(able) <= 1 and all(self.seats[i].street >= self.bet for i in able):
            self.to_act.clear()
        if not self.to_act and self.round == len(self.game.streets):
            self.done = True

    def _order(self, start: int) -> list[int]:
        count = len(self.seats)
        return [(start + k) % count for k in range(count)]

    def _actor(self) -> int:
        return next(i for i in self._order(self.next) if i in self.to_act)

    def _cards(self, text: str, pointer: str) -> list[str]:
        cards = _CARDS.findall(text)
        if "".join(cards) != text:
            raise problem(pointer, "bad-card", f"{text!r} is not a run of cards such as AhKs (?? for unknown)")
        for card in cards:
            if card != _UNKNOWN:
                if card in self.seen:
                    raise problem(pointer, "card-twice", f"the {card} was already dealt")
                self.seen.add(card)
        return cards

    def _player(self, word: str, pointer: str) -> int:
        if re.fullmatch(r"p[1-9][0-9]?", word) is None or not 1 <= int(word[1:]) <= len(self.seats):
            raise problem(pointer, "unknown-player", f"{word!r} is not a player of this hand (p1 to "
                          f"p{len(self.seats)})")
        return int(word[1:]) - 1

    def act(self, action: Any, pointer: str) -> None:
        if not isinstance(action, str):
            raise problem(pointer, "bad-action", "an action is a string such as 'p1 cbr 300'")
        words = action.split()
        if words[:1] == ["d"]:
            self._deal(words[1:], pointer)
            return
        if len(words) < 2:
            raise problem(pointer, "bad-action", f"{action!r} is not an action")
        player = self._player(words[0], pointer)
        seat = self.seats[player]
        verb = words[1]
        if verb == "sm":
            self._show(seat, words[2:], pointer)
            return
        if verb not in ("f", "cc", "cbr"):
            raise problem(pointer, "unsupported-action", f"{verb!r} is not an action of this game")
        if self.done or not self.to_act:
            raise problem(pointer, "no-betting", f"{words[0]} cannot {verb}: no betting is open now")
        if self.round > 0 and len(self.board) < sum(self.game.streets[:self.round]):
            raise problem(pointer, "board-missing", f"{words[0]} cannot {verb}: the board is not dealt yet")
        expected = self._actor()
        if player != expected:
            raise problem(pointer, "out-of-turn", f"{words[0]} acts out of turn: p{expected + 1} is to act")
        self.to_act.discard(player)
        if verb == "f":
            seat.folded = True
        elif verb == "cc":
            self._put(seat, min(self.bet - seat.street, seat.stack))
        else:
            self._raise(seat, player, words[2:], pointer)
        self.next = (player + 1) % len(self.seats)
        self._settle_round()

    def _raise(self, seat: _Seat, player: int, words: Sequence[str], pointer: str) -> None:
        if len(words) != 1:
            raise problem(pointer, "bad-action", "cbr takes one amount: the player's bet this round, in total")
        amount = _chips(words[0].strip(), self.unit, pointer)
        most = seat.street + seat.stack
        if amount > most:
            raise problem(pointer, "over-stack", f"a bet to {words[0]} is more than the player has ({most} chips "
                          f"of {self.unit})")
        if amount <= self.bet and amount < most:
            raise problem(pointer, "bet-too-small", f"a bet to {words[0]} does not raise the bet of "
                          f"{self.bet * self.unit}")
        self._put(seat, amount - seat.street)
        if amount > self.bet:
            self.bet = amount
            self.to_act = {i for i in self._live() if i != player and not self.seats[i].all_in}

    unit: Decimal = Decimal(1)

    def _deal(self, words: Sequence[str], pointer: str) -> None:
        if len(words) == 3 and words[0] == "dh":
            seat = self.seats[self._player(words[1], pointer)]
            cards = self._cards(words[2], pointer)
            if self.round or self.board or len(cards) != self.game.hole:
                raise problem(pointer, "bad-deal", f"hole cards come before any betting, {self.game.hole} a "
                              "player")
            seat.hole = cards
            return
        if len(words) == 2 and words[0] == "db":
            cards = self._cards(words[1], pointer)
            if self.done or self.to_act:
                raise problem(pointer, "bad-deal", "the board is dealt when a betting round is over, before the "
                              "hand is")
            if len(cards) != self.game.streets[self.round]:
                raise problem(pointer, "bad-deal", f"this street deals {self.game.streets[self.round]} board "
                              "cards")
            self.board += cards
            self.round += 1
            for seat in self.seats:
                seat.street = 0
            self.bet = 0
            self.next = 0
            self.to_act = {i for i in self._live() if not self.seats[i].all_in}
            self._settle_round()
            return
        raise problem(pointer, "unsupported-action", f"'d {' '.join(words)}' is not a deal of this game")

    def _show(self, seat: _Seat, words: Sequence[str], pointer: str) -> None:
        if not self.done or seat.folded:
            raise problem(pointer, "no-showdown", f"{seat.id} cannot show now: the hand is not at its showdown")
        known = [c for c in seat.hole if c != _UNKNOWN]
        cards = _CARDS.findall(words[0]) if words else []
        if not words or "".join(cards) != words[0]:
            raise problem(pointer, "bad-card", "sm names the cards shown, such as AhKs")
        fresh = [c for c in cards if c not in known]
        self._cards("".join(fresh), pointer)
        seat.shown = cards


def settlement_of(history: Mapping[str, Any]) -> Settlement:
    """The showdown request ``history`` (one PHH hand's fields) ends in, or the :class:`HistoryInvalid` naming the
    first thing wrong."""
    code = history.get("variant")
    game = GAMES.get(code) if isinstance(code, str) else None
    if game is None:
        raise problem("/variant", "unsupported-variant", f"variant {code!r} is not one this service replays; "
                      f"it replays {', '.join(GAMES)}")
    unit = _unit(history)
    hand = _Hand(history, game, unit)
    hand.unit = unit
    actions = history.get("actions")
    if not isinstance(actions, list):
        raise problem("/actions", "bad-list", "actions must be a list of strings")
    for index, action in enumerate(actions):
        if hand.done and not (isinstance(action, str) and " sm " in f"{action} "):
            raise problem(f"/actions/{index}", "after-the-end", f"{action!r} comes after the hand is over")
        hand.act(action, f"/actions/{index}")
    if not hand.done:
        raise problem("/actions", "unfinished", "the actions stop before the hand is over")
    return _request(hand, unit)


def _request(hand: _Hand, unit: Decimal) -> Settlement:
    live = [seat for seat in hand.seats if not seat.folded]
    players: list[dict[str, Any]] = []
    unknown: list[str] = []
    for seat in hand.seats:
        player: dict[str, Any] = {"id": seat.id}
        if seat.folded:
            player["folded"] = True
        elif len(live) > 1:
            cards = seat.shown if seat.shown is not None else seat.hole
            if not cards or _UNKNOWN in cards:
                unknown.append(seat.id)
            else:
                player["hole"] = cards
        players.append(player)
    request: dict[str, Any] = {"variant": hand.game.variant, "players": players,
                               "contributions": {seat.id: seat.total for seat in hand.seats}}
    if len(live) > 1:
        request["board"] = hand.board
    if not hand.trimmed and any(seat.ante for seat in hand.seats):
        request["dead"] = {seat.id: seat.ante for seat in hand.seats if seat.ante}
    return Settlement(request=request, chip_unit=unit, unknown=tuple(unknown))
