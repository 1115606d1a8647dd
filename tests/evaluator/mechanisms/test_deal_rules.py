"""Babies' Daddy's Mommy (:class:`HeldCardOfFirstUpSuit`): the game whose hand is won by holding the queen of the
first face-up card's suit is made once per game and card and reused, and it is the game the straightforward
reading makes each time (the game with that hand's ranking replaced by a fresh :class:`HoldsCard`), so a showdown
answers with the kept game exactly as with a fresh one. So is Tic Tac Toe with choice's centre-suit game
(:class:`SuitOfPosition`), once per game and suit. Pyramid's kill (:class:`KillRanks`) takes out the cards of the
kill ranks by their numbers, as asking each card its rank does."""

from __future__ import annotations

import random

from evaluator.catalog import variant_named
from evaluator.mechanisms import base
from evaluator.mechanisms.deal_rules import HeldCardOfFirstUpSuit, KillRanks, SuitOfPosition
from evaluator.rankings.base import Ranking
from evaluator.rankings.card_criteria import HoldsCard, SuitCard
from evaluator.values.cards import Card, card_of
from evaluator.values.deal import Deal, Seat
from evaluator.values.frozen import replaced
from evaluator.variant import Variant

BABIES = variant_named("babies-daddy")
MOMMY = next(m for m in BABIES.mechanisms if isinstance(m, HeldCardOfFirstUpSuit))


def _deal(rng: random.Random) -> Deal:
    """Seven-card-stud seats (the first face-up card dealt is a random one of theirs), a joker first now and then."""
    cards = iter(card_of(c) for c in rng.sample(range(52), 52))
    seats = tuple(Seat(id=f"p{i}", hole=(next(cards), next(cards), next(cards)),
                       up=tuple(next(cards) for _ in range(4))) for i in range(rng.randint(2, 7)))
    ups = [c for s in seats for c in s.up]
    rng.shuffle(ups)
    if rng.random() < 0.1:
        ups.insert(0, card_of(52))
    return Deal(seats=seats, board=(), pot=10, events={"up_order": tuple(ups)})


def _made_as_fresh(game: Variant, variant: Variant, hand: str, ranking: Ranking) -> Ranking:
    """The kept ``game`` is the one the straightforward reading makes of ``variant`` (``hand`` ranked by a fresh
    ``ranking``) but for that hand's ranking, which it answers."""
    fresh = variant.with_hands(tuple(replaced(h, ranking=ranking) if h.name == hand else h for h in variant.hands))
    assert [(h.name, h.formation, h.qualifier) for h in game.hands] == [
        (h.name, h.formation, h.qualifier) for h in fresh.hands]
    for made, straight in zip(game.hands, fresh.hands, strict=True):
        if made.name == hand:
            assert replaced(made, ranking=straight.ranking) == straight
        else:
            assert made == straight
    assert replaced(game, hands=fresh.hands) == fresh
    return next(h.ranking for h in game.hands if h.name == hand)


def test_the_mommy_game_is_made_once_per_game_and_card_as_the_straightforward_reading_makes_it() -> None:
    rng = random.Random("mommy games")
    kept: dict[Card, Variant] = {}
    for _ in range(200):
        deal = _deal(rng)
        game, same_deal = MOMMY.prepare(BABIES, deal)
        assert same_deal is deal
        first = next(c for c in deal.events["up_order"] if not c.is_joker)
        queen = card_of(MOMMY.rank * 4 + first.suit)
        assert kept.setdefault(queen, game) is game  # the same game each time for this card
        made = _made_as_fresh(game, BABIES, MOMMY.hand, HoldsCard(queen))
        assert type(made) is HoldsCard and made.card == queen
    assert len(kept) == 4


def test_a_game_made_for_another_game_is_never_taken_for_this_one() -> None:
    deal = _deal(random.Random("another game"))
    other = replaced(BABIES, name="Babies' Daddy (another record)")
    mine, _ = MOMMY.prepare(BABIES, deal)
    theirs, _ = MOMMY.prepare(other, deal)
    assert theirs is not mine and theirs.name == other.name and mine.name == BABIES.name


def test_the_kept_games_are_bounded() -> None:
    deal = _deal(random.Random("bounded"))
    for i in range(base._KEPT_GAMES_MOST + 10):
        MOMMY.prepare(replaced(BABIES, name=f"copy {i}"), deal)
    assert len(base._KEPT_GAMES) <= base._KEPT_GAMES_MOST


TIC_TAC_TOE = variant_named("tic-tac-toe-choice")
CENTRE = next(m for m in TIC_TAC_TOE.mechanisms if isinstance(m, SuitOfPosition))


def test_the_centre_suit_game_is_made_once_per_game_and_suit_as_the_straightforward_reading_makes_it() -> None:
    rng = random.Random("centre suit games")
    names = TIC_TAC_TOE.board.layout.names if TIC_TAC_TOE.board.layout is not None else ()
    kept: dict[int, Variant] = {}
    for _ in range(100):
        cards = [card_of(c) for c in rng.sample(range(52), len(names))]
        deal = Deal(seats=(Seat(id="a", hole=()), Seat(id="b", hole=())), board=tuple(cards), positions=names, pot=2)
        game, same_deal = CENTRE.prepare(TIC_TAC_TOE, deal)
        assert same_deal is deal
        suit = cards[names.index(CENTRE.position)].suit
        assert kept.setdefault(suit, game) is game  # the same game each time for this suit
        made = _made_as_fresh(game, TIC_TAC_TOE, CENTRE.hand, SuitCard(suit))
        assert type(made) is SuitCard and made.suit == suit
    assert len(kept) == 4


PYRAMID = variant_named("pyramid-wild-kill")
KILL = next(m for m in PYRAMID.mechanisms if isinstance(m, KillRanks))


def _killed_card_by_card(rule: KillRanks, deal: Deal) -> Deal:
    """:meth:`KillRanks.prepare`'s deal read straightforwardly: each card asked whether its rank is one of the kill
    cards' (a joker never is), a seat none of whose cards is killed kept as it is."""
    board = dict(zip(deal.positions or (), deal.board, strict=False))
    ranks = {board[p].rank for p in rule.positions if p in board and not board[p].is_joker}

    def alive(card: Card) -> bool:
        return card.is_joker or card.rank not in ranks

    kept = [(p, c) for p, c in board.items() if p in rule.positions or alive(c)]
    seats = tuple(replaced(s, hole=tuple(filter(alive, s.hole)), up=tuple(filter(alive, s.up)))
                  if not all(map(alive, (*s.hole, *s.up))) else s for s in deal.seats)
    return replaced(deal, seats=seats, board=tuple(c for _, c in kept), positions=tuple(p for p, _ in kept))


def test_killed_ranks_taken_out_by_card_number_are_those_read_card_by_card() -> None:
    """Random Pyramid deals (jokers among the cards now and then, up cards too, a kill position missing now and
    then): the deal after the kill is the one asking each card its rank makes, seat for seat (a seat none of whose
    cards is killed the very same seat), and the game is untouched."""
    rng = random.Random("killed ranks")
    names = PYRAMID.board.layout.names if PYRAMID.board.layout is not None else ()
    for _ in range(300):
        cards = [card_of(c) for c in rng.sample(range(54), 54)]
        positions = [p for p in names if rng.random() < 0.9]
        board = tuple(cards[:len(positions)])
        rest = iter(cards[len(positions):])
        seats = tuple(Seat(id=f"p{i}", hole=tuple(next(rest) for _ in range(rng.randint(0, 5))),
                           up=tuple(next(rest) for _ in range(rng.randint(0, 2)))) for i in range(rng.randint(1, 6)))
        deal = Deal(seats=seats, board=board, positions=tuple(positions), pot=10)
        game, killed = KILL.prepare(PYRAMID, deal)
        straight = _killed_card_by_card(KILL, deal)
        assert game is PYRAMID and killed == straight
        assert all((mine is seat) == (theirs is seat) for mine, theirs, seat in zip(killed.seats, straight.seats,
                                                                                   deal.seats, strict=True))
