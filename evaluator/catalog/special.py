"""Games that rank hands in their own way (reference tag ``special-ranking``): each is a standard deal and
formation scored by one of the special rankings of :mod:`evaluator.rankings.special`."""

from __future__ import annotations

from evaluator.catalog.parts import D32, D36, D52, high, holdem_game, single, stud_game
from evaluator.formation import BREAKER, Count, Formation, Pick
from evaluator.mechanisms.breaker import Breaker
from evaluator.mechanisms.deal_checks import BoardOfSixIfTwoOfSuit, ExtraCardFor
from evaluator.mechanisms.deal_rules import DiscardHigher
from evaluator.rankings import HIGH
from evaluator.rankings.special import EGYPT6, SOKO, TELESINA_SUITS, WRAP, ZEROFACE, telesina_ranking
from evaluator.rankings.special.breaker import BREAKER as BREAKER_RANKING
from evaluator.rankings.special.short_hands import HIGH_SHORT
from evaluator.values.cards import RANKS, Card
from evaluator.values.decks import Deck, deck_named
from evaluator.variant import BoardShape, HandSpec, OptionSpec, Variant, VariantFields

__all__ = ["SPECIAL", "telesina_deck"]

_TAGS = ("special-ranking",)


def telesina_deck(lowest_rank: int) -> Deck:
    """The Telesina deck from ``lowest_rank`` (0 = deuce) up to the ace: a registered deck where there is one."""
    cards = (13 - lowest_rank) * 4
    try:
        return deck_named(str(cards))
    except KeyError:
        return Deck(str(cards), f"short deck of {cards} cards, {RANKS[lowest_rank]} to ace", lowest_rank=lowest_rank)


def _telesina_deck_value(lowest_rank: int) -> VariantFields:
    deck = telesina_deck(lowest_rank)
    return {"deck": deck, "hands": high(ranking=telesina_ranking(lowest_rank))}


_TELESINA_DEFAULT_LOW = 4  # six: the reference's five-player example (11 - 5 = 6, 36 cards)

_TELESINA_OPTIONS = (
    OptionSpec(
        name="deck_low_rank", default=RANKS[_TELESINA_DEFAULT_LOW],
        description="The deck's lowest rank (the ace also ends the lowest straight: A-6-7-8-9 with 6). Pagat: 11 "
                    "minus the number of players, so 6 (36 cards) for five players, the default; 7 is the 32-card "
                    "deck of the online rooms. Each value sets the deck and the most players it serves.",
        values={RANKS[low]: ({} if low == _TELESINA_DEFAULT_LOW else _telesina_deck_value(low))
                for low in range(7, -1, -1)},
    ),
    OptionSpec(
        name="suit_tiebreak", default="off",
        description="on: the online rooms' form, where equal hands are decided by suit (hearts > diamonds > clubs > "
                    "spades, card by card in hand order); it plays the rooms' 32-card deck (7 to ace, up to 6 "
                    "players) whatever deck_low_rank says.",
        values={"off": {}, "on": {"deck": D32, "hands": high(ranking=TELESINA_SUITS)}},
    ),
)

SPECIAL: tuple[Variant, ...] = (
    holdem_game("wraparound", "Wraparound", "Texas Hold'em in which straights may go round the corner: J-Q-K-A-2, "
                "Q-K-A-2-3 and K-A-2-3-4 are straights, ranked below the wheel by their last card.",
                "variants.md §3 wraparound", tags=_TAGS, hands=high(ranking=WRAP)),
    holdem_game("egyptian-holdem", "Egyptian Hold'em", "2 hole + 6 community cards (a cosmetic 3-2-1 pyramid); the "
                "best six of the eight, ranked as six-card hands (house party, double happy; three pair below "
                "three of a kind).", "variants.md §3 egyptian-holdem", tags=_TAGS, deck=D52,
                board=BoardShape(count=Count.exactly(6)), hands=high(ranking=EGYPT6),
                notes=("Send the six community cards as a flat board in any order.",)),
    stud_game("telesina", "Telesina", "Five-card stud (1 down + 4 up) with one community card, the vela; the best "
              "five of six. Short deck: the ace also ends its lowest straight and a flush beats a full house.",
              "variants.md §4 telesina", tags=_TAGS, deck=D36, hole=Count.exactly(1),
              up=Count.exactly(4), board=BoardShape(count=Count.exactly(1)), own_plus_board=Count.exactly(6),
              hands=high(ranking=telesina_ranking(_TELESINA_DEFAULT_LOW)), options=_TELESINA_OPTIONS,
              notes=("Send the vela as the board (one card).",)),
    stud_game("soko", "Sökö", "Five-card stud (1 down + 4 up) with two extra hands between one pair and two pair: "
              "the four-card flush, above the four-card straight.", "variants.md §7 soko", tags=_TAGS,
              aliases=("canadian-stud", "scandinavian-stud"), hole=Count.exactly(1), up=Count.exactly(4),
              board=BoardShape(), own_plus_board=Count.exactly(5),
              hands=high(ranking=SOKO)),
    stud_game("more-or-less", "More or Less", "Seven-card stud lowball (ace-to-five) in which kings, queens and "
              "jacks are worth zero, below the ace, and never pair each other.", "variants.md §6b more-or-less",
              tags=_TAGS, hands=single("low", ZEROFACE)),
)

assert D36.lowest_rank == _TELESINA_DEFAULT_LOW


def _hearts_poker() -> Variant:
    return holdem_game(
        "hearts-poker", "Hearts Poker", "2 hand cards + 3 community cards (6 when the first 3 hold two or more "
        "hearts). A player holding the queen of spades discards his higher hand card (the queen itself when it is the "
        "higher or paired); then a player holding the jack of diamonds is dealt one extra card. Any five of his "
        "cards; a player left with only 4 competes on them and loses to any complete hand of the same category.",
        "variants.md §6b hearts-poker", tags=("special-ranking", "play-time-state"), hole=Count.exactly(2),
        up=Count.between(0, 1), board=BoardShape(count=Count.between(3, 6)),
        hands=(HandSpec(name="high", ranking=HIGH_SHORT, formation=Formation(), short_hands=True),),
        mechanisms=(DiscardHigher(trigger=Card("Qs")), ExtraCardFor(card=Card("Jd")), BoardOfSixIfTwoOfSuit(suit=2)),
        notes=("Send both hand cards as hole, before the queen-of-spades discard (the service applies it); the jack "
               "of diamonds holder's extra card is sent as players[].extra (or as his one up card).",
               "The queen of spades step comes first, then the jack of diamonds; the ace counts high [ASSUMPTION]. "
               "The queen or jack on the board has no effect."))


SPECIAL += (_hearts_poker(),)


def _breaker_games() -> tuple[Variant, ...]:
    without = Formation(picks=(Pick(limits={BREAKER: Count.exactly(0)}),))
    hands = (HandSpec(name="high", ranking=HIGH, formation=without),
             HandSpec(name="broken", ranking=BREAKER_RANKING, formation=without),
             HandSpec(name="breaker", ranking=BREAKER_RANKING,
                      formation=Formation(picks=(Pick(limits={BREAKER: Count.exactly(1)}),))))

    def side_pots(default: str, count: int) -> OptionSpec:
        return OptionSpec(
            name="side_pots", default=default,
            description="separate: each pot is solved on its own, and a Breaker affects a pot only if its holder is "
                        "eligible for it (the reference's default); locked: the main pot's outcome (who played a "
                        "Breaker) decides every side pot too (variation breaker-locked-side-pots).",
            values={"separate": {"division": Breaker(count=count)},
                    "locked": {"division": Breaker(count=count, locked_side_pots=True)}})

    notes = ("Hands in the answer: high is the hand without the Breaker (rule 1); broken is the same cards with "
             "straights and flushes broken; breaker is, for a holder, four real cards and the Breaker. Each pot's "
             "breaker field says who played a Breaker, whose straight or flush it broke and whose stayed dead.",
             "[ASSUMPTION] (C10): a tie is a win under rule 2c (the pot is split); when two players could each win "
             "by playing a Breaker, both play and the resulting hands are compared.",
             "Send a Breaker as a joker (X1, X2) among the hole cards; it never appears on the board.")
    description = ("Texas Hold'em with a Breaker (a joker, not wild): played from the hole only when it makes its "
                   "holder win, it is the top kicker of four of his real cards and breaks every straight, flush and "
                   "straight flush in the pot; full houses and quads survive.")
    tags = ("special-ranking", "play-time-state")
    reference = "variants.md §3 breaker"
    one = deck_named("52+1")
    return (
        holdem_game("breaker", "Breaker", description, reference, tags=tags, deck=one, hands=hands,
                    division=Breaker(), options=(side_pots("separate", 1),), notes=notes),
        holdem_game("breaker-dual", "Dual Breaker", description + " Two Breakers: only a holder who can win by "
                    "playing his may play it; a player dealt both must fold.", reference, tags=tags,
                    deck=deck_named("52+2"), hands=hands, division=Breaker(count=2),
                    options=(side_pots("separate", 2),), notes=notes),
        holdem_game("breaker-locked-side-pots", "Breaker, locked side pots", description + " The finishing order of "
                    "the main pot is applied to every side pot.", reference, tags=tags, deck=one, hands=hands,
                    division=Breaker(locked_side_pots=True), options=(side_pots("locked", 1),), notes=notes),
    )


SPECIAL += _breaker_games()
