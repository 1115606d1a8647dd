"""Run it N times: the same showdown settled on 2 to 4 boards, each completing the same partial board.

The request's ``board`` is what every run shares (a flop, say); each run gives the cards that complete it: for a
flat board an array that follows the shared cards, for a layout game an object from each missing position to its
card. Every pot (built once, from the request's money, with the uncalled chips given back first) is divided into
N equal parts, the first runs taking one chip more where it does not divide (the odd chip goes to the first
board, as card rooms give it); each part is adjudicated on its own run's board, odd chips by the variant's rule.
Card checks are those of one showdown, run by run: no card twice within one run's board and the players' cards.
The answer is the totals (each pot's shares summed over the runs, every player's total payout) with each run's
own answer in ``runs``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from functools import partial

from evaluator.engine.answer import ShowdownResult
from evaluator.engine.validation import problems_in_deal
from evaluator.results import PotResult, RunResult
from evaluator.results.wording import returned_words
from evaluator.values.cards import Card
from evaluator.values.deal import Deal
from evaluator.values.errors import InvalidShowdown, Problem, pointer_token
from evaluator.values.pots import OddChip, Pot, Share
from evaluator.variant import Variant

__all__ = ["MAX_RUNS", "MIN_RUNS", "RunResult", "adjudicate_runs", "first_run", "run_deals", "split_for_runs"]

MIN_RUNS = 2
MAX_RUNS = 4

#: One run's cards: an array following the shared board, or an object from missing position to card.
RunCards = Sequence[Card] | Mapping[str, Card]


def split_for_runs(amount: int, runs: int) -> list[int]:
    """``amount`` in ``runs`` equal parts, the first parts one chip more where it does not divide."""
    base, rest = divmod(amount, runs)
    return [base + (k < rest) for k in range(runs)]


def _run_deal(deal: Deal, cards: RunCards, k: int, layout: bool) -> tuple[Deal, list[Problem]]:
    """The deal of run ``k``: the shared board completed by the run's cards (the request's money kept). A run in
    the wrong shape for the game's board (``layout``: an object of positions, else an array) is a problem and
    leaves the shared board as it is."""
    if isinstance(cards, Mapping) != layout:
        shape = ("an object from each missing position to its card" if layout else
                 "the array of cards that follows the shared board")
        return replace(deal, runs=()), [Problem(f"/runs/{k}", "layout-board" if layout else "flat-board",
                                                f"send each run as {shape}")]
    if isinstance(cards, Mapping):
        if deal.positions is None and deal.board:
            return replace(deal, runs=()), [Problem("/board", "layout-board", "the board is a layout: send the "
                                                    "shared board as an object from position to card")]
        shared = dict(zip(deal.positions or (), deal.board, strict=True))
        again = [name for name in cards if name in shared]
        problems = [Problem(f"/runs/{k}/{pointer_token(name)}", "position-dealt", f"position {name!r} is on the "
                            "shared board: a run deals only the missing positions") for name in again]
        board = {**shared, **cards}
        return replace(deal, board=tuple(board.values()), positions=tuple(board), runs=()), problems
    if deal.positions is not None:
        return replace(deal, runs=()), [Problem("/board", "flat-board", "the board is an array: send the shared "
                                                "board as an array of cards in deal order")]
    return replace(deal, board=deal.board + tuple(cards), runs=()), []


def run_deals(deal: Deal, layout: bool) -> list[Deal]:
    """The deal of every run (the shared board where a run is in the wrong shape), for costing the work."""
    return [_run_deal(deal, cards, k, layout)[0] for k, cards in enumerate(deal.runs)]


#: The problems of a run's whole board (its count, its missing positions): they point at the run.
_RUN_BOARD = ("wrong-card-count", "missing-position")


def _pointer_in_run(pointer: str, code: str, deal: Deal, run: Deal, k: int) -> str:
    """A problem's pointer in a run's deal, as a pointer into the request: a card the run added is under
    ``/runs/k``, and so is a problem of the run's whole board."""
    if pointer == "/board":
        return f"/runs/{k}" if code in _RUN_BOARD else pointer
    if not pointer.startswith("/board/"):
        return pointer
    token = pointer[len("/board/"):]
    if run.positions is None:
        index = int(token) if token.isdigit() else 0
        return pointer if index < len(deal.board) else f"/runs/{k}/{index - len(deal.board)}"
    shared = {pointer_token(name) for name in deal.positions or ()}
    return pointer if token in shared else f"/runs/{k}/{token}"


_BOARD_POINTER = re.compile(r"/board(/[^ )]*)?")


def _matched_in_run(match: re.Match[str], deal: Deal, run: Deal, k: int) -> str:
    return _pointer_in_run(match.group(0), "", deal, run, k)


def _problems(variant: Variant, deal: Deal, runs: Sequence[RunCards], options: Mapping[str, str]
              ) -> tuple[list[Deal], list[Problem]]:
    problems: list[Problem] = []
    if not MIN_RUNS <= len(runs) <= MAX_RUNS:
        problems.append(Problem("/runs", "runs", f"run it {MIN_RUNS} to {MAX_RUNS} times, got {len(runs)} runs"))
    game = variant.with_options(options)
    if game.board.layout is None and game.board.count.max == 0:
        problems.append(Problem("/runs", "no-board", f"{variant.name} has no board to run again"))
    deals = []
    seen: set[tuple[str, str]] = set()
    for k, cards in enumerate(runs):
        run, found = _run_deal(deal, cards, k, layout=game.board.layout is not None)
        deals.append(run)
        if not any(p.code in ("flat-board", "layout-board") for p in found):
            found += problems_in_deal(game, run)
        for p in found:
            where = _pointer_in_run(p.pointer, p.code, deal, run, k)
            detail = _BOARD_POINTER.sub(partial(_matched_in_run, deal=deal, run=run, k=k), p.detail)
            if (where, p.code) not in seen:
                seen.add((where, p.code))
                problems.append(Problem(where, p.code, detail))
    return deals, problems


#: How one showdown is adjudicated (:func:`evaluator.engine.showdown.adjudicate`).
Adjudicate = Callable[[Variant, Deal, Mapping[str, str] | None], ShowdownResult]


def adjudicate_runs(variant: Variant, deal: Deal, options: Mapping[str, str] | None, adjudicate: Adjudicate
                    ) -> ShowdownResult:
    """The showdown run ``len(deal.runs)`` times: each pot in equal parts, each part settled on its run's board by
    ``adjudicate``."""
    chosen = options or {}
    runs = deal.runs
    deals, problems = _problems(variant, deal, runs, chosen)
    if problems:
        raise InvalidShowdown(problems)
    live = [s.id for s in deal.live]
    pots = deal.pots_among(live)
    returned = deal.returned(live)
    parts = [split_for_runs(pot.amount, len(runs)) for pot in pots]
    results = []
    for k, run in enumerate(deals):
        money = tuple(Pot(part[k], pot.eligible) for pot, part in zip(pots, parts, strict=True))
        results.append(adjudicate(variant, replace(run, pot=None, pots=money, contributions=None, dead=None),
                                  chosen))
    payouts = {s.id: returned.get(s.id, 0) + sum(r.payouts[s.id] for r in results) for s in deal.seats}
    totals = tuple(_total(pot, [r.pots[i] for r in results]) for i, pot in enumerate(pots))
    assert sum(payouts.values()) + sum(p.carried_over for p in totals) == deal.money_in
    played = tuple(RunResult(board=run.board, positions=run.positions, players=r.players, pots=r.pots,
                             payouts=r.payouts, summary=r.summary) for run, r in zip(deals, results, strict=True))
    summary = " ".join(f"Run {k + 1}: {run.summary}" for k, run in enumerate(played)) + returned_words(returned)
    first = results[0]
    return replace(first, pots=totals, payouts=payouts, returned=returned, summary=summary, runs=played)


def _total(pot: Pot, parts: Sequence[PotResult]) -> PotResult:
    """One pot's parts summed: each share's chips and payouts over the runs, its winners in order of appearance."""
    shares: dict[str, Share] = {}
    for part in parts:
        for share in part.shares:
            before = shares.get(share.name)
            if before is None:
                shares[share.name] = share
                continue
            paid = dict(before.paid)
            for player, chips in share.paid:
                paid[player] = paid.get(player, 0) + chips
            winners = before.winners + tuple(w for w in share.winners if w not in before.winners)
            odd: tuple[OddChip, ...] = before.odd_chips + share.odd_chips
            note = before.note if share.note in (None, before.note) else "; ".join(
                n for n in (before.note, share.note) if n)
            shares[share.name] = replace(before, amount=before.amount + share.amount, winners=winners,
                                         paid=tuple(paid.items()), odd_chips=odd, note=note)
    owes: dict[str, int] = {}
    for part in parts:
        for player, chips in part.owes:
            owes[player] = owes.get(player, 0) + chips
    return replace(parts[0], amount=pot.amount, shares=tuple(shares.values()),
                   carried_over=sum(p.carried_over for p in parts), owes=tuple(owes.items()), breaker=None)


def first_run(result: ShowdownResult, deal: Deal) -> tuple[ShowdownResult, Deal]:
    """A hand run several times as one showdown to draw: its first run (whole board, hands, pots, payouts) with
    the summary of every run; any other answer as it is."""
    if not result.runs:
        return result, deal
    run = result.runs[0]
    return (replace(result, players=run.players, pots=run.pots, payouts=run.payouts, runs=()),
            replace(deal, board=run.board, positions=run.positions, runs=()))
