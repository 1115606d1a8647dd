"""The work budget of one request: every hand combination the engine will score, counted before it is enumerated.

The service first adds up what the whole request will cost (:mod:`evaluator.engine.cost`, pure arithmetic over the
formations) and refuses it with :class:`ComplexityLimitError` when that is over :data:`MAX_WORK_PER_REQUEST`.
Then it runs the request inside :func:`work_budget`, where the formation engine :func:`charge` s every
enumeration *before* doing it. That running count is a guard, not the budget: a few paths search again after
the first search (a both-way declarer's board groups in Elevator, a Breaker pot solved on its own), so the guard
allows :data:`GUARD_FACTOR` times the budget, and no request can enumerate past that whatever the estimate
missed. A deadline is the last line of defence: past it, the next charge or :func:`check_deadline` raises
:class:`DeadlineExceeded` (the service answers 503 with ``Retry-After``).

Outside :func:`work_budget` (library use, tests) nothing is limited.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Final

from evaluator.values.errors import ComplexityLimitError, Problem, ShowdownError
from evaluator.values.limits import MAX_COMBINATIONS_PER_REQUEST

__all__ = [
    "DEADLINE_SECONDS",
    "GUARD_FACTOR",
    "MAX_WORK_PER_REQUEST",
    "Budget",
    "DeadlineExceeded",
    "charge",
    "check_deadline",
    "over_budget",
    "work_budget",
]

#: Work units one request may spend: one unit per hand combination scored (weighted, see :mod:`evaluator.engine.cost`).
MAX_WORK_PER_REQUEST: Final = MAX_COMBINATIONS_PER_REQUEST
#: The running guard allows this many times the budget (the estimate counts each hand's search once).
GUARD_FACTOR: Final = 4
#: Wall-clock seconds one request may run inside the engine before it is abandoned with a 503.
DEADLINE_SECONDS: Final = 5.0


class DeadlineExceeded(ShowdownError):
    """The request ran past its deadline (the server is overloaded, or the budget under-counted): try again."""

    code = "deadline-exceeded"

    def __init__(self, seconds: float) -> None:
        super().__init__(f"the request ran past its deadline of {seconds:g} s; try again later")
        self.seconds = seconds


@dataclass(slots=True)
class Budget:
    """What one request may still spend: work units and time."""

    limit: int
    seconds: float
    deadline: float
    spent: int = 0


_current: ContextVar[Budget | None] = ContextVar("showdown_work_budget", default=None)


def over_budget(cost: int, limit: int = MAX_WORK_PER_REQUEST, what: str = "this request") -> ComplexityLimitError:
    """The 422 problem for a request whose cost is over the budget."""
    return ComplexityLimitError([Problem("", "over-limit", f"{what} needs {cost:,} units of work (hand "
                                                           f"combinations to score); the budget is {limit:,} per "
                                                           "request")])


@contextmanager
def work_budget(limit: int = GUARD_FACTOR * MAX_WORK_PER_REQUEST, seconds: float = DEADLINE_SECONDS
                ) -> Iterator[Budget]:
    """Run the block with a fresh budget of ``limit`` work units and ``seconds`` of wall-clock time."""
    budget = Budget(limit=limit, seconds=seconds, deadline=time.monotonic() + seconds)
    token = _current.set(budget)
    try:
        yield budget
    finally:
        _current.reset(token)


def charge(units: int) -> None:
    """Spend ``units`` of the current request's budget before doing that work; raise when it is over (422) or the
    deadline has passed (503). Free outside :func:`work_budget`."""
    budget = _current.get()
    if budget is None:
        return
    budget.spent += units
    if budget.spent > budget.limit:
        raise over_budget(budget.spent, budget.limit)
    if time.monotonic() > budget.deadline:
        raise DeadlineExceeded(budget.seconds)


def check_deadline() -> None:
    """Raise :class:`DeadlineExceeded` if the current request is past its deadline (long loops call this)."""
    budget = _current.get()
    if budget is not None and time.monotonic() > budget.deadline:
        raise DeadlineExceeded(budget.seconds)
