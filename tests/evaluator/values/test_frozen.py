""":func:`evaluator.values.frozen.quick_init` builds the same record as the dataclass's own ``__init__``."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import pytest

from evaluator.engine.answer import ShowdownResult
from evaluator.results import PlayedHand, PlayerResult, PotResult
from evaluator.values.cards import card_of
from evaluator.values.deal import Deal, Seat
from evaluator.values.frozen import derived, quick_init, replaced
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


@pytest.mark.parametrize("record", [PotResult, Share, OddChip, Pot, ShowdownResult], ids=lambda r: r.__name__)
def test_the_hot_records_take_the_quick_init(record: type) -> None:
    assert "_set0" in record.__init__.__code__.co_names


@pytest.mark.parametrize("record", [Seat, Deal, PlayedHand, PlayerResult], ids=lambda r: r.__name__)
def test_a_request_s_seats_and_deal_and_each_player_s_hands_take_the_quick_init_into_their_dict(record: type
                                                                                                 ) -> None:
    assert "__dict__" in record.__init__.__code__.co_names


@dataclass(frozen=True, kw_only=True)
class _PlainKeywords:
    id: str
    hole: tuple[int, ...] = ()
    seen: dict[str, int] = field(default_factory=dict)


@quick_init
@dataclass(frozen=True, kw_only=True)
class _QuickKeywords:
    id: str
    hole: tuple[int, ...] = ()
    seen: dict[str, int] = field(default_factory=dict)


def test_a_record_without_slots_and_keyword_only_fields_is_built_alike() -> None:
    for kwargs in [{"id": "a"}, {"id": "b", "hole": (1, 2)}, {"id": "c", "seen": {"x": 1}}]:
        quick, plain = _QuickKeywords(**kwargs), _PlainKeywords(**kwargs)  # type: ignore[arg-type]
        assert vars(quick) == vars(plain)
    with pytest.raises(TypeError):
        _QuickKeywords("a")  # type: ignore[misc]  # keyword-only stays keyword-only
    with pytest.raises(TypeError):
        _QuickKeywords()  # type: ignore[call-arg]
    with pytest.raises(dataclasses.FrozenInstanceError):
        _QuickKeywords(id="a").id = "b"  # type: ignore[misc]
    seat = Seat(id="ann", hole=(card_of(51),))
    assert vars(seat) == vars(Seat.__new__(Seat)) | {f.name: getattr(seat, f.name) for f in dataclasses.fields(seat)}
    assert dataclasses.replace(seat, folded=True) == Seat(id="ann", hole=(card_of(51),), folded=True)
    assert hash(seat) == hash(Seat(id="ann", hole=(card_of(51),)))


def test_quick_init_refuses_what_it_cannot_build_alike() -> None:
    @dataclass(slots=True)
    class NotFrozen:
        a: int

    @dataclass(frozen=True, slots=True)
    class PostInit:
        a: int

        def __post_init__(self) -> None:
            pass

    @dataclass(frozen=True)
    class NotInInit:
        a: int = field(default=1, init=False)

    for record in (NotFrozen, PostInit, NotInInit):
        with pytest.raises(TypeError):
            quick_init(record)


@dataclass(frozen=True)
class _Counted:
    cards: tuple[int, ...]
    reads: list[int] = field(default_factory=list, compare=False, repr=False)

    @derived
    def total(self) -> int:
        self.reads.append(1)
        return sum(self.cards)


def test_a_derived_property_is_found_on_the_first_read_only_and_changes_nothing_else_of_the_record() -> None:
    record = _Counted((1, 2))
    assert (record.total, record.total) == (3, 3) and len(record.reads) == 1
    assert record == _Counted((1, 2)) and repr(record) == repr(_Counted((1, 2)))
    assert dataclasses.replace(record, cards=(5,), reads=[]).total == 5  # a new record finds its own
    assert isinstance(_Counted.total, derived)


def test_a_deals_live_seats_are_kept_and_are_the_players_still_in() -> None:
    seats = (Seat(id="a"), Seat(id="b", folded=True), Seat(id="c"))
    deal = Deal(seats=seats)
    assert deal.live == (seats[0], seats[2]) and deal.live is deal.live


@dataclass(frozen=True)
class _Later:
    name: str
    size: int = field(init=False, default=0)


@dataclass(frozen=True, kw_only=True)
class _Keywords:
    name: str
    score: int = 0


@pytest.mark.parametrize(("record", "changes"), [
    (PlayedHand(name="high", score=5, cards=(card_of(1),)), {"reason": "folded", "score": None}),
    (PlayedHand(name="high", score=5), {}),
    (Seat(id="a", hole=(card_of(3),)), {"folded": True, "declare": "high"}),
    (Deal(seats=(Seat(id="a"),), pot=5), {"events": {"x": 1}, "pot": None}),
    (Share("high", 10, ("a",), (("a", 10),)), {"note": "n"}),
    (_Quick("a", 1), {"cards": (2,)}),
    (_Keywords(name="a"), {"score": 3}),
    (_Later("a"), {"name": "b"}),
])
def test_replaced_makes_the_record_dataclasses_replace_makes(record: object, changes: dict[str, object]) -> None:
    made = replaced(record, **changes)
    assert made == dataclasses.replace(record, **changes) and type(made) is type(record)  # type: ignore[type-var]
    assert _values(made) == _values(dataclasses.replace(record, **changes))  # type: ignore[type-var]


def test_replaced_refuses_what_dataclasses_replace_refuses() -> None:
    for record, changes in [(PlayedHand(name="high", score=5), {"nope": 1}), (_Later("a"), {"size": 2})]:
        with pytest.raises((TypeError, ValueError)) as ours:
            replaced(record, **changes)
        with pytest.raises((TypeError, ValueError)) as theirs:
            dataclasses.replace(record, **changes)  # type: ignore[type-var]
        assert (type(ours.value), str(ours.value)) == (type(theirs.value), str(theirs.value))
    with pytest.raises(TypeError):
        replaced(object())
