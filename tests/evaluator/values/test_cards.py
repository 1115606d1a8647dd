"""Card notation (reference 2.5 and the contract) and decks: what exists, and why a card does not."""

from __future__ import annotations

import random

import pytest

from evaluator.values.cards import (
    JOKER_BASE,
    MAX_JOKERS,
    RANKS,
    SUIT_INPUT_SYMBOLS,
    SUITS,
    Card,
    card_named,
    card_rank,
    card_suit,
    cards_named,
    format_cards,
    is_joker,
    parse_card,
    parse_cards,
    rank_value,
)
from evaluator.values.decks import DECKS, Deck, deck_named
from evaluator.values.errors import CardSyntaxError, ShowdownError

ALL_STANDARD = [rank + suit for rank in RANKS for suit in SUITS]
ALL_JOKERS = [f"X{n}" for n in range(1, MAX_JOKERS + 1)]

# Strings that are not cards, each for a different reason.
BAD_CARDS = [
    "",  # nothing
    " ",  # only blanks
    "A",  # a rank without a suit
    "s",  # a suit without a rank
    "1s",  # 1 is not a rank (the ace is A)
    "11h",  # nor is 11
    "0h",
    "Ax",  # x is not a suit
    "Asp",  # trailing junk
    "AsKs",  # two cards are not one card
    "As Ks",
    "sA",  # suit first
    "10",  # ten without a suit
    "T",
    "X0",  # jokers count from 1
    "X9",  # at most MAX_JOKERS jokers
    "X",
    "Joker",
    "A\u2654",  # a chess king is not a suit (the card suits, \u2660-\u2667, are accepted)
]


# --- notation ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ALL_STANDARD + ALL_JOKERS)
def test_every_card_prints_as_it_was_written(text: str) -> None:
    """Parsing and printing are symmetric: ``str(Card(s)) == s`` for every card in canonical notation."""
    card = Card(text)
    assert str(card) == text
    assert parse_card(text) == card
    assert Card(str(card)) == card


@pytest.mark.parametrize("text", ALL_STANDARD + ALL_JOKERS)
def test_repr_is_valid_code(text: str) -> None:
    card = Card(text)
    assert repr(card) == f"Card({text!r})"
    assert eval(repr(card), {"Card": Card}) == card


def test_card_integers_follow_rank_times_four_plus_suit() -> None:
    """A standard card is ``rank * 4 + suit`` (2..A = 0..12, c d h s = 0..3); joker Xn is 52 + n - 1."""
    for r, rank in enumerate(RANKS):
        for s, suit in enumerate(SUITS):
            card = Card(rank + suit)
            assert int(card) == r * 4 + s
            assert (card.rank, card.suit, card.is_joker) == (r, s, False)
            assert (card_rank(card), card_suit(card), is_joker(card)) == (r, s, False)
            assert rank_value(card.rank) == r + 2
    for n in range(1, MAX_JOKERS + 1):
        joker = Card(f"X{n}")
        assert int(joker) == JOKER_BASE + n - 1
        assert (joker.rank, joker.suit, joker.is_joker, is_joker(joker)) == (-1, -1, True, True)


def test_every_integer_card_round_trips_through_its_name() -> None:
    for value in range(JOKER_BASE + MAX_JOKERS):
        card = Card(value)
        assert int(card) == value
        assert Card(str(card)) == card


@pytest.mark.parametrize("value", [-1, JOKER_BASE + MAX_JOKERS, 1000])
def test_integers_outside_the_card_range_are_not_cards(value: int) -> None:
    with pytest.raises(CardSyntaxError):
        Card(value)


@pytest.mark.parametrize("suit", SUITS)
def test_ten_may_be_written_10_and_prints_as_t(suit: str) -> None:
    """``10`` is accepted for ten on input; output always uses ``T``: ``str(Card("10h")) == "Th"``."""
    assert str(Card("10" + suit)) == "T" + suit
    assert Card("10" + suit) == Card("T" + suit)
    assert Card("10" + suit.upper()) == Card("T" + suit)


@pytest.mark.parametrize("text", ALL_STANDARD + ALL_JOKERS)
def test_notation_is_case_insensitive(text: str) -> None:
    card = Card(text)
    for variant in (text.lower(), text.upper(), text.swapcase(), text[0].lower() + text[1:].upper()):
        assert Card(variant) == card
        assert str(Card(variant)) == text  # output is always canonical


def test_surrounding_blanks_are_ignored() -> None:
    assert Card(" As ") == Card("As")
    assert Card("\tX1\n") == Card("X1")


@pytest.mark.parametrize("text", BAD_CARDS)
def test_a_bad_string_raises_card_syntax_error_quoting_it(text: str) -> None:
    """Syntax errors are narrow (``CardSyntaxError``, code ``bad-card``) and the message quotes the input."""
    with pytest.raises(CardSyntaxError) as caught:
        Card(text)
    error = caught.value
    assert repr(text) in str(error)
    assert error.text == text
    assert error.code == "bad-card"
    assert isinstance(error, ShowdownError)
    assert isinstance(error, ValueError)
    with pytest.raises(CardSyntaxError):
        parse_card(text)


def test_cards_are_hashable_totally_ordered_ints() -> None:
    cards = [Card(t) for t in ALL_STANDARD]
    assert sorted(cards) == cards  # notation order 2c 2d 2h 2s 3c ... As is integer order
    assert len({*cards, *(Card(t.lower()) for t in ALL_STANDARD)}) == 52
    assert Card("As") > Card("Ah") > Card("Ad") > Card("Ac") > Card("Ks")


# --- lists of cards -----------------------------------------------------------------------------------------


SPELLINGS = ["AsKd7h", "As Kd 7h", " As  Kd 7h ", ["As", "Kd", "7h"], ("as", "KD", "7H")]


@pytest.mark.parametrize("texts", SPELLINGS)
def test_parse_cards_accepts_strings_with_or_without_spaces_and_lists(texts: str | list[str]) -> None:
    assert parse_cards(texts) == (Card("As"), Card("Kd"), Card("7h"))


def test_parse_cards_accepts_10_in_spaced_strings_and_lists() -> None:
    assert parse_cards("10h Js") == (Card("Th"), Card("Js"))
    assert parse_cards(["10h", "X2"]) == (Card("Th"), Card("X2"))


def test_parse_cards_accepts_10_in_unspaced_strings() -> None:
    """``10`` is accepted for ten, and card strings may be written without spaces: ``"10hJs"`` is Th Js.

    (Found failing: the unspaced form is cut every two characters, so ``"10h"`` becomes ``"10"`` + ``"h"``.)
    """
    assert parse_cards("10h") == (Card("Th"),)
    assert parse_cards("10hJs") == (Card("Th"), Card("Js"))


@pytest.mark.parametrize("texts", ["AsK", "As Kx", ["As", "1s"], "AsKsQ"])
def test_parse_cards_raises_on_any_bad_card(texts: str | list[str]) -> None:
    with pytest.raises(CardSyntaxError):
        parse_cards(texts)


def test_format_cards_is_the_inverse_of_parse_cards() -> None:
    texts = ["As", "Td", "2c", "X1", "X8"]
    assert format_cards(parse_cards(texts)) == texts
    assert format_cards(list(range(52))) == ALL_STANDARD


# --- decks -------------------------------------------------------------------------------------------------

DECK_SIZES = [("52", 52), ("52+1", 53), ("52+2", 54), ("52+8", 60), ("36", 36), ("32", 32), ("20", 20)]


@pytest.mark.parametrize(("name", "size"), DECK_SIZES)
def test_deck_sizes(name: str, size: int) -> None:
    deck = deck_named(name)
    assert deck.size == size
    assert len(deck.cards) == size
    assert deck is DECKS[name]


def test_every_deck_is_listed() -> None:
    assert sorted(DECKS) == sorted(name for name, _ in DECK_SIZES)


@pytest.mark.parametrize("name", sorted(DECKS))
def test_membership_agrees_with_the_card_set(name: str) -> None:
    deck = deck_named(name)
    members = {Card(v) for v in range(JOKER_BASE + MAX_JOKERS) if Card(v) in deck}
    assert members == deck.cards


# (deck, cards in it, cards not in it): the edges of each deck.
MEMBERSHIP = [
    ("52", "2c As Kh", "X1"),
    ("52+1", "2c As X1", "X2"),
    ("52+2", "2c As X1 X2", "X3"),
    ("52+8", "2c As X1 X8", ""),
    ("36", "6c 6s As 9d", "5s 2c X1"),
    ("32", "7c 7s As", "6s 2c X1"),
    ("20", "Tc Ts As", "9s 2c X1"),
]


@pytest.mark.parametrize(("name", "inside", "outside"), MEMBERSHIP)
def test_deck_membership_at_its_edges(name: str, inside: str, outside: str) -> None:
    deck = deck_named(name)
    for card in parse_cards(inside):
        assert card in deck
    for card in parse_cards(outside):
        assert card not in deck


def test_things_that_are_not_cards_are_in_no_deck() -> None:
    deck = deck_named("52+2")
    assert "As" not in deck
    assert None not in deck
    assert -1 not in deck


WHY_NOT = [
    ("36", "5s", "5s is not in the 36 deck (its lowest rank is 6)"),
    ("32", "6h", "6h is not in the 32 deck (its lowest rank is 7)"),
    ("20", "9c", "9c is not in the 20 deck (its lowest rank is T)"),
    ("52", "X1", "X1 is not in the 52 deck (it has no jokers)"),
    ("36", "X2", "X2 is not in the 36 deck (it has no jokers)"),
    ("52+2", "X3", "X3 is not in the 52+2 deck (it has jokers X1 to X2)"),
]


@pytest.mark.parametrize(("name", "card", "message"), WHY_NOT)
def test_why_not_says_what_the_deck_lacks(name: str, card: str, message: str) -> None:
    deck = deck_named(name)
    assert Card(card) not in deck
    assert deck.why_not(Card(card)) == message


def test_why_not_quotes_the_card_for_a_one_joker_deck() -> None:
    message = deck_named("52+1").why_not(Card("X2"))
    assert message.startswith("X2 is not in the 52+1 deck")
    assert "X1" in message


def test_a_custom_deck_counts_its_cards() -> None:
    deck = Deck("test", "8 to ace with three jokers", lowest_rank=6, jokers=3)
    assert deck.size == len(deck.cards) == 7 * 4 + 3
    assert Card("8c") in deck and Card("7s") not in deck and Card("X3") in deck and Card("X4") not in deck


@pytest.mark.parametrize(("typed", "card"), [("A\u2660", "As"), ("A\u2664", "As"), ("k\u2665", "Kh"), ("K\u2661", "Kh"),
                                             ("10\u2666", "Td"), ("t\u2662", "Td"), ("2\u2663", "2c"),
                                             ("2\u2667", "2c"), ("Q\u2660\ufe0f", "Qs")])
def test_a_suit_symbol_stands_for_its_letter_and_prints_as_the_letter(typed: str, card: str) -> None:
    assert str(parse_card(typed)) == card


def test_parse_cards_reads_suit_symbols_with_or_without_spaces() -> None:
    assert parse_cards("A\u2660 K\u2666 10\u2665") == parse_cards("As Kd Th")
    assert parse_cards("A\u2660\ufe0fK\u2666\ufe0f") == parse_cards("As Kd")


def _normalised(text: object) -> Card | None:
    """The card a text names by the notation's rules spelled out: blanks around ignored, any case, ``10`` for ten, a
    suit symbol (with or without its emoji selector) for its letter."""
    if not isinstance(text, str):
        return None
    text = text.strip().lower().replace("\ufe0f", "")
    for symbol, letter in SUIT_INPUT_SYMBOLS.items():
        text = text.replace(symbol, letter)
    text = "t" + text[2:] if text.startswith("10") else text
    names = {name.lower(): Card(i) for i, name in enumerate([*ALL_STANDARD, *ALL_JOKERS])}
    return names.get(text)


@pytest.mark.parametrize("text", [*ALL_STANDARD, *ALL_JOKERS, *(t.lower() for t in ALL_STANDARD),
                                  *(t.upper() for t in ALL_STANDARD), " As ", "10h", "10H", "A\u2660",
                                  "A\u2660\ufe0f", "k\u2661", "X9", "1s", *BAD_CARDS, 5, None, ["As"]])
def test_card_named_reads_a_text_as_the_notation_does_and_names_no_card_for_anything_else(text: object) -> None:
    assert card_named(text) == _normalised(text)
    if card_named(text) is not None:
        assert parse_card(text) == card_named(text)  # type: ignore[arg-type]


def test_cards_named_reads_each_text_as_card_named_does() -> None:
    rng = random.Random("cards named")
    texts: list[object] = [*ALL_STANDARD, *ALL_JOKERS, *(t.lower() for t in ALL_STANDARD), " As ", "10h",
                           "A\u2660\ufe0f", "k\u2661", *BAD_CARDS, 5, None, ["As"], 1.5]
    assert cards_named([]) == []
    for _ in range(500):
        some = rng.sample(texts, rng.randint(1, 12)) if rng.random() < 0.5 else rng.sample(ALL_STANDARD, 8)
        assert cards_named(some) == [card_named(t) for t in some], some
