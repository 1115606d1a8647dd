""":func:`evaluator.values.frozen.quick_init` builds the same record as the dataclass's own ``__init__``."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import pytest

from evaluator.engine.answer import ShowdownResult
from evaluator.results import PlayedHand, PlayerResult, PotResult
from evaluator.values.cards import card_of
from evaluator.values.frozen import quick_init
from evaluator.values.pots import OddChip, Pot, Share


@dataclass(frozen=True, slots=True)
class _Plain:
    name: str
    score: int | None
    cards: tuple[int, ...] = ()
    seen: dict[str, int] = field(default_factory=dict)


@quick_init
@dataclass(frozen=True, slots=True)
class _Quick:
    name: str
    score: int | None
    cards: tuple[int, ...] = ()
    seen: dict[str, int] = field(default_factory=dict)


def _values(record: object) -> tuple[object, ...]:
    return tuple(getattr(record, f.name) for f in dataclasses.fields(record))  # type: ignore[arg-type]


def test_a_quick_record_holds_what_the_dataclass_init_would_store() -> None:
    for args, kwargs in [(("a", 1), {}), (("a",), {"score": None, "cards": (1, 2)}), ((), {"name": "b", "score": 3,
                                                                                            "seen": {"x": 1}})]:
        assert _values(_Quick(*args, **kwargs)) == _values(_Plain(*args, **kwargs))


def test_a_default_factory_makes_a_new_value_for_each_record() -> None:
    first, second = _Quick("a", 1), _Quick("b", 2)
    assert first.seen == {} and first.seen is not second.seen


def test_a_quick_record_stays_frozen_equal_and_hashable() -> None:
    hand = PlayedHand(name="high", score=7, cards=(card_of(51),), qualifies=True)
    with pytest.raises(dataclasses.FrozenInstanceError):
        hand.score = 8  # type: ignore[misc]
    assert hand == PlayedHand("high", 7, (card_of(51),), qualifies=True)
    assert hash(hand) == hash(dataclasses.replace(hand))
    assert dataclasses.replace(hand, score=8).score == 8
    assert repr(hand).startswith("PlayedHand(name='high', score=7")


def test_a_quick_init_takes_the_same_arguments_as_the_dataclass_one() -> None:
    with pytest.raises(TypeError):
        PlayedHand(name="high")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Share("high", 1, (), (), (), None, "extra")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Pot(amount=1, eligible=(), nobody=2)  # type: ignore[call-arg]


@pytest.mark.parametrize("record", [PlayedHand, PlayerResult, PotResult, Share, OddChip, Pot, ShowdownResult],
                         ids=lambda r: r.__name__)
def test_the_hot_records_take_the_quick_init(record: type) -> None:
    assert "_set0" in record.__init__.__code__.co_names


def test_quick_init_refuses_what_it_cannot_build_alike() -> None:
    @dataclass(frozen=True)
    class NoSlots:
        a: int

    @dataclass(slots=True)
    class NotFrozen:
        a: int

    @dataclass(frozen=True, slots=True, kw_only=True)
    class KeywordOnly:
        a: int

    @dataclass(frozen=True, slots=True)
    class PostInit:
        a: int

        def __post_init__(self) -> None:
            pass

    for record in (NoSlots, NotFrozen, KeywordOnly, PostInit):
        with pytest.raises(TypeError):
            quick_init(record)
