"""An independent showdown oracle built only on `pokerkit <https://github.com/uoftcprg/pokerkit>`_.

Nothing in this module imports from ``evaluator`` or ``service``: it exists so
that our own evaluator can be compared, on thousands of random deals, against
a third-party implementation.

Public API
==========

``pokerkit_showdown(game, holes, board, pot) -> OracleResult``
    ``game`` is one of :data:`GAMES`.  ``holes`` are the players' own cards in
    seat order (seat 0 is the first seat left of the button), ``board`` the
    community cards (five for hold'em/Omaha, empty otherwise), and ``pot`` the
    total number of chips; every player contributed ``pot // len(holes)`` and
    nobody folded.

``equal_payouts_modulo_odd_chips(ours, theirs) -> bool``
    Compares payouts while tolerating a different placement of odd chips.

How each part of the answer is obtained
=======================================

Winners (all eight games)
    From pokerkit's hand classes: ``HandType.from_game(hole, board)`` for each
    player, the maximum under pokerkit's ordering (for low hand types pokerkit
    already reverses ``<``, so "greater" always means "better"), and every
    player whose hand compares equal to it.  Low halves use
    ``from_game_or_none``, which returns ``None`` when no qualifying hand exists.

Payouts (all eight games)
    By running pokerkit's own state machine (:class:`pokerkit.State`, created
    through the game classes listed in :data:`_GAMES`) to the end of the hand
    with the exact cards given.  Every player's starting stack equals their
    share ``pot // n`` and the ante equals that share, so everyone is all in
    on the ante: pokerkit collects a single main pot of exactly ``pot`` chips
    that every player is eligible for, then skips all betting (no blinds and no
    bring-in are needed or posted).  The oracle deals the given hole cards (in
    stud: three cards, then one per street, so pokerkit ends up with exactly
    the seven given cards), burns unknown ``'??'`` cards (burning a *random*
    card, as ``Automation.CARD_BURNING`` does, could burn a card we later want
    to deal and make pokerkit warn), deals the given board, stands pat in every
    draw (the given cards are the *final* draw/badugi hands), shows every hand,
    and lets pokerkit kill hands, push and pull chips.  Because each starting
    stack is exactly the contribution, ``final stack - starting stack +
    contribution == final stack`` is the amount pokerkit awarded the seat, and
    the payouts sum to ``pot``.

    Nobody checks or calls: being all in on the ante gives the same single pot
    as "everyone checks/calls to showdown" without pokerkit's stud bring-in
    and draw betting rounds.  For speed the games are thin subclasses whose
    ``hand_types`` are pokerkit's own hand classes with ``from_game``
    memoised per call (see ``_Memoised``); streets, decks and rules are
    untouched.

    No game needs the hand-comparison fallback: all eight run through the
    state machine.  The fallback (``use_state=False``) is still available and
    is documented in :func:`pokerkit_showdown`; it reproduces pokerkit's own
    division rule and, by default, the state machine's payouts are
    cross-checked against it on every call (:class:`OracleInconsistency` if
    they ever disagree).

Odd chips: pokerkit's rule (``pokerkit.state.State.push_chips``)
================================================================

* A pot is first split between the hand types for which *at least one*
  player has a valid hand (``_begin_chips_pushing``): in hi-lo games, when no
  low qualifies the high hand scoops; otherwise the pot is halved with
  ``divmod`` and the remainder (the odd chip) goes to the first hand type,
  i.e. the HIGH half.
* Each half (or the whole pot) is split among the tied best hands with
  ``divmod``; the ENTIRE remainder goes to the tied winner with the lowest
  player index.  pokerkit's player index 0 is the first seat left of the
  button, i.e. our seat 0, so this is "first winner clockwise from the
  button".  pokerkit applies this in every game, stud included: it never
  looks at card suits to place an odd chip.

Our evaluator's rule is the same for hold'em, Omaha, Omaha-8, 2-7 and badugi
(lowest seat; in hi-lo the pot's odd chip to the high half), but in the stud
family (seven-card stud, stud-8 and razz) our evaluator gives a split's odd
chip to the winner holding the highest card by suit (spades > hearts >
diamonds > clubs).  For those games :attr:`OracleResult.odd_chip_rule_differs`
is ``True`` and payouts must be compared with
:func:`equal_payouts_modulo_odd_chips`.

pokerkit conventions worth knowing (pokerkit 0.7.x)
===================================================

* Omaha hi-lo low (``OmahaEightOrBetterLowHand``): exactly two hole cards and
  three board cards, five distinct ranks all 8 or lower, ace low, straights
  and flushes ignored.  A board with fewer than three distinct ranks <= 8
  gives nobody a low; pokerkit then awards the whole pot to the high hand.
* Stud hi-lo low (``EightOrBetterLowHand``): best five of seven, same
  qualification.
* Razz (``RegularLowHand`` on ``Deck.REGULAR``): ace is always low,
  straights and flushes do not count, pairs do (best five of seven).
* 2-7 (``StandardLowHand``, backed by ``Standard2Lookup``): ace is always
  high and A-2-3-4-5 is NOT a straight (the lookup's straights do not wrap),
  but other straights and flushes count against the hand.  7-5-4-3-2 offsuit
  is the nuts.
* Badugi (``BadugiHand``, ace-to-five, ``Deck.REGULAR``): ace low; the best
  hand is the best rainbow subset of distinct ranks, preferring more cards
  (4 > 3 > 2 > 1), then lower.  Suits never break ties.
  (``StandardBadugiHand`` is the deuce-to-seven variant and is not used.)
* ``FixedLimitOmahaHoldemHighLowSplitEightOrBetter`` actually mixes in the
  pot-limit betting structure in 0.7.x; irrelevant here since nobody bets.
* With eight stud players pokerkit would deal the river as a community card
  (52-card deck); a seven-card-stud deal with more than seven players is
  impossible anyway and is rejected.
* ``state.can_*`` methods swallow ``UserWarning``; the oracle therefore checks
  card validity itself instead of relying on pokerkit's "not recommended to
  be dealt" warning.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from pokerkit import (
    Automation,
    BadugiHand,
    Card,
    EightOrBetterLowHand,
    FixedLimitBadugi,
    FixedLimitOmahaHoldemHighLowSplitEightOrBetter,
    FixedLimitRazz,
    FixedLimitSevenCardStud,
    FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    Hand,
    NoLimitDeuceToSevenLowballSingleDraw,
    NoLimitTexasHoldem,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    PotLimitOmahaHoldem,
    RegularLowHand,
    StandardHighHand,
    StandardLowHand,
    State,
)
from pokerkit.utilities import CardsLike

__all__ = [
    "GAMES",
    "POKERKIT_ODD_CHIP_RULE",
    "OracleInconsistency",
    "OracleResult",
    "Split",
    "equal_payouts_modulo_odd_chips",
    "pokerkit_showdown",
]

POKERKIT_ODD_CHIP_RULE: Final[str] = (
    "pokerkit (State.push_chips): in hi-lo games the pot is halved only if at least one low "
    "qualifies, and the odd chip of the halving goes to the high half; each (half-)pot is then "
    "divided among its tied winners with divmod and the whole remainder goes to the tied winner "
    "with the lowest seat index (first winner clockwise from the button). The same rule is used "
    "in every game, stud included; card suits are never consulted."
)

_RANKS: Final[str] = "23456789TJQKA"
_SUITS: Final[str] = "cdhs"
_DECK: Final[frozenset[str]] = frozenset(r + s for r in _RANKS for s in _SUITS)


# --- memoised pokerkit hand types ------------------------------------------------------------
#
# pokerkit evaluates hands by brute force in pure Python (every 5-card combination, one lookup
# each), and its State re-evaluates every player's hand O(n^2) times per showdown (``can_win_now``
# for every player during hand killing, then again in ``push_chips``).  That made Omaha-8 cost
# ~60 ms per deal.  The subclasses below only memoise ``from_game`` per (hand type, hole, board)
# for the duration of ONE ``pokerkit_showdown`` call; evaluation, qualification and ordering are
# all still pokerkit's own (``super().from_game``, pokerkit's lookups and ``Hand.__lt__``).

_MEMO: dict[tuple[type[Hand], tuple[Card, ...], tuple[Card, ...]], Hand | None] = {}
_MEMO_LOCK: Final = threading.Lock()


class _Memoised(Hand):
    """Mixin placed before a concrete pokerkit hand type in the MRO."""

    @classmethod
    def from_game(cls, hole_cards: CardsLike, board_cards: CardsLike = ()) -> Hand:
        hole = Card.clean(hole_cards)
        board = Card.clean(board_cards)
        key = (cls, hole, board)
        try:
            hand = _MEMO[key]
        except KeyError:
            try:
                hand = super().from_game(hole, board)  # the concrete pokerkit type in the MRO
            except ValueError:
                hand = None
            _MEMO[key] = hand
        if hand is None:
            raise ValueError(f"No valid {cls.__qualname__} hand can be formed from {hole} and {board}.")
        return hand


class _StandardHighHand(_Memoised, StandardHighHand):
    pass


class _OmahaHoldemHand(_Memoised, OmahaHoldemHand):
    pass


class _OmahaEightOrBetterLowHand(_Memoised, OmahaEightOrBetterLowHand):
    pass


class _EightOrBetterLowHand(_Memoised, EightOrBetterLowHand):
    pass


class _RegularLowHand(_Memoised, RegularLowHand):
    pass


class _StandardLowHand(_Memoised, StandardLowHand):
    pass


class _BadugiHand(_Memoised, BadugiHand):
    pass


# --- pokerkit games with the memoised hand types (streets, decks, rules untouched) -----------


class _NoLimitTexasHoldem(NoLimitTexasHoldem):
    hand_types = (_StandardHighHand,)


class _PotLimitOmahaHoldem(PotLimitOmahaHoldem):
    hand_types = (_OmahaHoldemHand,)


class _FixedLimitOmahaHoldemHighLowSplitEightOrBetter(FixedLimitOmahaHoldemHighLowSplitEightOrBetter):
    hand_types = (_OmahaHoldemHand, _OmahaEightOrBetterLowHand)


class _FixedLimitSevenCardStud(FixedLimitSevenCardStud):
    hand_types = (_StandardHighHand,)


class _FixedLimitSevenCardStudHighLowSplitEightOrBetter(FixedLimitSevenCardStudHighLowSplitEightOrBetter):
    hand_types = (_StandardHighHand, _EightOrBetterLowHand)


class _FixedLimitRazz(FixedLimitRazz):
    hand_types = (_RegularLowHand,)


class _NoLimitDeuceToSevenLowballSingleDraw(NoLimitDeuceToSevenLowballSingleDraw):
    hand_types = (_StandardLowHand,)


class _FixedLimitBadugi(FixedLimitBadugi):
    hand_types = (_BadugiHand,)


_AUTOMATIONS: Final[tuple[Automation, ...]] = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)

_StateFactory = Callable[[int, int], State]
"""(per-player contribution, player count) -> State in which everyone is all in on the ante.

Arguments after the automations: ante trimming, antes, blinds (none) or bring-in, bet sizes
(never used: nobody can bet), starting stacks, player count.
"""


def _holdem_state(share: int, n: int) -> State:
    return _NoLimitTexasHoldem.create_state(_AUTOMATIONS, True, share, 0, 1, share, n)


def _omaha_state(share: int, n: int) -> State:
    return _PotLimitOmahaHoldem.create_state(_AUTOMATIONS, True, share, 0, 1, share, n)


def _omaha8_state(share: int, n: int) -> State:
    return _FixedLimitOmahaHoldemHighLowSplitEightOrBetter.create_state(_AUTOMATIONS, True, share, 0, 1, 2, share, n)


def _stud_state(share: int, n: int) -> State:
    return _FixedLimitSevenCardStud.create_state(_AUTOMATIONS, True, share, 1, 2, 4, share, n)


def _stud8_state(share: int, n: int) -> State:
    return _FixedLimitSevenCardStudHighLowSplitEightOrBetter.create_state(_AUTOMATIONS, True, share, 1, 2, 4, share, n)


def _razz_state(share: int, n: int) -> State:
    return _FixedLimitRazz.create_state(_AUTOMATIONS, True, share, 1, 2, 4, share, n)


def _deuce_to_seven_state(share: int, n: int) -> State:
    return _NoLimitDeuceToSevenLowballSingleDraw.create_state(_AUTOMATIONS, True, share, 0, 1, share, n)


def _badugi_state(share: int, n: int) -> State:
    return _FixedLimitBadugi.create_state(_AUTOMATIONS, True, share, 0, 1, 2, share, n)


@dataclass(frozen=True)
class _GameSpec:
    high: type[Hand]
    """The single ranking, or the high ranking of a hi-lo game."""
    low: type[Hand] | None
    """The qualifying low ranking of a hi-lo game."""
    hole_count: int
    board_count: int
    max_players: int
    stud: bool
    state: _StateFactory


_GAMES: Final[dict[str, _GameSpec]] = {
    "texas-holdem": _GameSpec(_StandardHighHand, None, 2, 5, 23, False, _holdem_state),
    "omaha": _GameSpec(_OmahaHoldemHand, None, 4, 5, 11, False, _omaha_state),
    "omaha-hi-lo-8": _GameSpec(_OmahaHoldemHand, _OmahaEightOrBetterLowHand, 4, 5, 11, False, _omaha8_state),
    "seven-card-stud": _GameSpec(_StandardHighHand, None, 7, 0, 7, True, _stud_state),
    "seven-card-stud-hi-lo-8": _GameSpec(_StandardHighHand, _EightOrBetterLowHand, 7, 0, 7, True, _stud8_state),
    "razz": _GameSpec(_RegularLowHand, None, 7, 0, 7, True, _razz_state),
    "deuce-to-seven-single-draw": _GameSpec(_StandardLowHand, None, 5, 0, 10, False, _deuce_to_seven_state),
    "badugi": _GameSpec(_BadugiHand, None, 4, 0, 13, False, _badugi_state),
}

GAMES: Final[tuple[str, ...]] = tuple(_GAMES)


class OracleInconsistency(AssertionError):
    """pokerkit's state machine paid differently from pokerkit's own hand comparison."""


@dataclass(frozen=True)
class Split:
    """One division of chips among tied winners, exactly as pokerkit performs it."""

    amount: int
    winners: tuple[int, ...]
    """Tied winners, ascending seat order; pokerkit gives ``remainder`` to ``winners[0]``."""

    @property
    def quotient(self) -> int:
        return self.amount // len(self.winners)

    @property
    def remainder(self) -> int:
        return self.amount % len(self.winners)


@dataclass(frozen=True)
class OracleResult:
    winners_high: list[int]
    """Seats with the best high hand (or the best hand in razz, 2-7 and badugi)."""
    winners_low: list[int]
    """Hi-lo games only: seats with the best qualifying low; empty if no low qualifies."""
    payouts: list[int]
    """Chips awarded to each seat by pokerkit (sums to ``pot``)."""
    odd_chip_rule: str
    """pokerkit's odd-chip rule (:data:`POKERKIT_ODD_CHIP_RULE`)."""
    odd_chip_rule_differs: bool
    """True for the stud family, where our evaluator places odd chips by highest card by suit."""
    splits: tuple[Split, ...]
    """The (one or two) divisions behind ``payouts``, used by :func:`equal_payouts_modulo_odd_chips`."""
    used_state: bool
    """True if ``payouts`` were read from a pokerkit ``State`` run to completion."""


def _validate(game: str, holes: Sequence[Sequence[str]], board: Sequence[str], pot: int) -> _GameSpec:
    try:
        spec = _GAMES[game]
    except KeyError:
        raise ValueError(f"unknown game {game!r}; expected one of {GAMES}") from None
    n = len(holes)
    if not 2 <= n <= spec.max_players:
        raise ValueError(f"{game} needs 2..{spec.max_players} players, got {n}")
    for seat, hole in enumerate(holes):
        if len(hole) != spec.hole_count:
            raise ValueError(f"{game}: seat {seat} has {len(hole)} cards, expected {spec.hole_count}")
    if len(board) != spec.board_count:
        raise ValueError(f"{game}: board has {len(board)} cards, expected {spec.board_count}")
    cards = [card for hole in holes for card in hole] + list(board)
    for card in cards:
        if card not in _DECK:
            raise ValueError(f"invalid card {card!r}")
    if len(set(cards)) != len(cards):
        raise ValueError("duplicate cards in the deal")
    if pot < 0 or pot % n:
        raise ValueError(f"pot {pot} must be a non-negative multiple of the player count {n}")
    return spec


def _best(hands: Sequence[Hand | None]) -> list[int]:
    """Seats holding the best hand under pokerkit's ordering (greater is better, also for lows)."""
    present = [hand for hand in hands if hand is not None]
    if not present:
        return []
    best = max(present)
    return [seat for seat, hand in enumerate(hands) if hand is not None and hand == best]


def _splits(pot: int, winners_high: list[int], winners_low: list[int]) -> tuple[Split, ...]:
    """pokerkit's division of a single main pot (``State._begin_chips_pushing``)."""
    if not winners_low:
        return (Split(pot, tuple(winners_high)),)
    low_half, remainder = divmod(pot, 2)
    return (Split(low_half + remainder, tuple(winners_high)), Split(low_half, tuple(winners_low)))


def _payouts_from_splits(n: int, splits: Sequence[Split]) -> list[int]:
    """The documented fallback: equal split, whole remainder to the lowest tied seat."""
    payouts = [0] * n
    for split in splits:
        for seat in split.winners:
            payouts[seat] += split.quotient
        payouts[split.winners[0]] += split.remainder
    return payouts


def _run_state(spec: _GameSpec, holes: Sequence[Sequence[str]], board: Sequence[str], pot: int) -> list[int]:
    """Play the hand through pokerkit's State: all in on the ante, exact cards, everyone shows."""
    n = len(holes)
    share = pot // n
    state = spec.state(share, n)
    dealt = [0] * n
    board_dealt = 0
    # Every step is an explicit, specific operation; the loop ends when pokerkit ends the hand.
    for _ in range(1000):
        if not state.status:
            break
        if any(state.standing_pat_or_discarding_statuses):
            state.stand_pat_or_discard()  # pokerkit wants everyone's draw before the burn
        elif state.card_burning_status:
            state.burn_card("??")
        elif any(state.hole_dealing_statuses):
            seat = state.hole_dealee_index
            assert seat is not None
            count = len(state.hole_dealing_statuses[seat])
            state.deal_hole("".join(holes[seat][dealt[seat] : dealt[seat] + count]), seat)
            dealt[seat] += count
        elif any(state.board_dealing_counts):
            count = state.board_dealing_counts[0]
            state.deal_board("".join(board[board_dealt : board_dealt + count]))
            board_dealt += count
        elif state.showdown_index is not None:
            state.show_or_muck_hole_cards(True)
        else:  # pragma: no cover - would mean pokerkit wants an action we never expect
            raise OracleInconsistency(f"pokerkit state stuck: {state!r}")
    else:  # pragma: no cover
        raise OracleInconsistency("pokerkit state did not terminate")
    if dealt != [len(hole) for hole in holes] or board_dealt != len(board):
        raise OracleInconsistency(f"pokerkit consumed {dealt} hole / {board_dealt} board cards")
    # Starting stack == contribution == share, so the payout is final stack - share + share.
    payouts = [int(stack) for stack in state.stacks]
    if sum(payouts) != pot:
        raise OracleInconsistency(f"pokerkit paid {payouts}, which does not sum to the pot {pot}")
    return payouts


def pokerkit_showdown(
    game: str,
    holes: list[list[str]],
    board: list[str],
    pot: int,
    *,
    use_state: bool = True,
    cross_check: bool = True,
) -> OracleResult:
    """Adjudicate a no-fold showdown with pokerkit.

    Winners always come from pokerkit's hand comparisons (``Hand.from_game``).

    With ``use_state=True`` (the default) the payouts are those of pokerkit's
    own ``State`` run to completion with the exact cards (all eight games), and
    with ``cross_check=True`` they are asserted equal to the fallback below.

    With ``use_state=False`` the payouts come from the documented fallback,
    which mirrors pokerkit's ``push_chips``: the whole pot goes to the high
    winners unless a low qualifies (hi-lo games), in which case the low half
    is ``pot // 2`` and the high half gets the odd chip; each part is split
    equally among its tied winners and the entire remainder goes to the
    earliest seat (lowest index) among them.

    A pot of 0 never reaches pokerkit (its stacks must be positive) and pays
    nothing.
    """
    spec = _validate(game, holes, board, pot)
    with _MEMO_LOCK:
        _MEMO.clear()
        try:
            return _showdown(spec, holes, board, pot, use_state=use_state, cross_check=cross_check)
        finally:
            _MEMO.clear()


def _showdown(
    spec: _GameSpec,
    holes: list[list[str]],
    board: list[str],
    pot: int,
    *,
    use_state: bool,
    cross_check: bool,
) -> OracleResult:
    n = len(holes)
    # pokerkit's CardsLike takes a string such as "AsKs" (an iterable must hold Card objects).
    hole_strs = ["".join(hole) for hole in holes]
    board_str = "".join(board)
    winners_high = _best([spec.high.from_game(hole, board_str) for hole in hole_strs])
    low_type = spec.low
    winners_low = [] if low_type is None else _best([low_type.from_game_or_none(hole, board_str) for hole in hole_strs])
    splits = _splits(pot, winners_high, winners_low)
    expected = _payouts_from_splits(n, splits)
    used_state = use_state and pot > 0
    if used_state:
        payouts = _run_state(spec, holes, board, pot)
        if cross_check and payouts != expected:
            raise OracleInconsistency(
                f"pokerkit State paid {payouts}, hand comparison implies {expected} "
                f"(holes={holes}, board={board}, pot={pot})"
            )
    else:
        payouts = expected
    return OracleResult(
        winners_high=winners_high,
        winners_low=winners_low,
        payouts=payouts,
        odd_chip_rule=POKERKIT_ODD_CHIP_RULE,
        odd_chip_rule_differs=spec.stud,
        splits=splits,
        used_state=used_state,
    )


def equal_payouts_modulo_odd_chips(ours: Sequence[int], theirs: OracleResult | Sequence[int]) -> bool:
    """Whether ``ours`` equals pokerkit's payouts up to where the odd chips were placed.

    Given an :class:`OracleResult` the check is exact: for every split pokerkit
    made, each of its winners must receive at least the equal share
    (``quotient``), the chips beyond the equal shares may only go to seats that
    won a split with a remainder, at most that split's remainder per split,
    and the totals must match.  Losers must get exactly 0.  This accepts any
    odd-chip rule (highest card by suit, one chip each clockwise, ...).

    Given only a payout list (no winners known) the check is coarse: equal
    length and total, and no seat differs by more than ``2 * (n - 1)`` chips
    (at most two splits, each with a remainder below the number of winners).
    """
    if isinstance(theirs, OracleResult):
        n = len(theirs.payouts)
        if len(ours) != n or sum(ours) != sum(theirs.payouts):
            return False
        floor = [0] * n
        slack = [0] * n
        for split in theirs.splits:
            for seat in split.winners:
                floor[seat] += split.quotient
                slack[seat] += split.remainder
        return all(floor[seat] <= ours[seat] <= floor[seat] + slack[seat] for seat in range(n))
    n = len(theirs)
    if len(ours) != n or sum(ours) != sum(theirs):
        return False
    return all(abs(a - b) <= 2 * (n - 1) for a, b in zip(ours, theirs, strict=True))
