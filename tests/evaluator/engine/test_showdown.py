"""Properties of ``adjudicate`` over random valid deals of random catalog variants (reference 2.2 and 2.4).

Deals are built from each variant record: cards from its deck, as many hole, up and board cards as its counts
allow, random folds (with or without cards shown), random options, and the money as one pot, explicit side
pots, or per-player contributions (folded players included).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations, product
from random import Random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from evaluator.catalog import CATALOG, variant_named
from evaluator.engine.answer import ShowdownResult
from evaluator.engine.division import SPLIT_ODD_CHIP
from evaluator.engine.showdown import adjudicate
from evaluator.formation import BOARD, HOLE, UP, Slot
from evaluator.mechanisms.division import High, HighLow
from evaluator.rankings import NO_HAND
from evaluator.values.cards import Card, parse_cards
from evaluator.values.deal import Deal, Seat
from evaluator.values.errors import InvalidShowdown
from evaluator.values.pots import Pot, settle_pots, uncalled
from evaluator.variant import Variant
from tests.evaluator.reference import brute_force_combinations
from tests.samples import samples

pytestmark = pytest.mark.slow  # property samples reduced in make test, in full under make stress

MONEY_KINDS = ("pot", "pots", "contributions", "none")
#: The variants whose deals this module knows how to build and whose pots its rewritten rules divide: natural
#: cards on a flat board, halves or a single winner (wild-card, layout, declaration and unequal-split games need
#: jokers, designators, positions or declarations, and are checked by their own tests and golden cases).
GENERATED = tuple(v for v in CATALOG
                  if not v.wilds and not v.deck.jokers and not {"wild", "layout"} & set(v.tags)
                  and v.board.layout is None and not v.events and v.division in (High(), HighLow())
                  and v.not_showdown is None and not any(h.short_hands for h in v.hands)
                  and all(h.ranking.size == 5 or h.ranking.name in ("BADUGI", "DOOGIE") for h in v.hands))
PROPERTY = settings(max_examples=samples(25, 100), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@dataclass(frozen=True)
class Case:
    variant: Variant
    options: Mapping[str, str]
    deal: Deal

    @property
    def game(self) -> Variant:
        return self.variant.with_options(self.options)

    def run(self, deal: Deal | None = None) -> ShowdownResult:
        return adjudicate(self.variant, deal or self.deal, self.options)


def _shapes(game: Variant) -> dict[int, list[tuple[int, int]]]:
    """For each legal board size, the legal (hole, up) counts of a live seat."""
    shapes: dict[int, list[tuple[int, int]]] = {}
    for b in range(game.board.count.min, min(game.board.count.max, 10) + 1):
        pairs = [(h, u) for h in range(game.hole.min, min(game.hole.max, 12) + 1)
                 for u in range(game.up.min, min(game.up.max, 12) + 1)
                 if game.own_plus_board is None or h + u + b in game.own_plus_board]
        if pairs:
            shapes[b] = pairs
    return shapes


@st.composite
def money(draw: st.DrawFn, seats: Sequence[Seat], kinds: Sequence[str] = MONEY_KINDS) -> dict[str, object]:
    live = [s.id for s in seats if not s.folded]
    kind = draw(st.sampled_from(kinds))
    if kind == "pot":
        return {"pot": draw(st.integers(0, 1000))}
    if kind == "pots":
        pots = []
        for _ in range(draw(st.integers(1, 4))):
            amount = draw(st.integers(0, 500))
            eligible = draw(st.lists(st.sampled_from(live), min_size=1 if amount else 0, unique=True))
            pots.append(Pot(amount, tuple(p for p in live if p in eligible)))
        return {"pots": tuple(pots)}
    if kind == "none":
        return {}
    contributions = {seat.id: draw(st.sampled_from([0, 1, 5, 10, 25, 50, 100]) | st.integers(0, 300))
                     for seat in seats}  # every player named, folded players included
    if draw(st.booleans()):  # antes, a big-blind ante, a dead small blind
        dead = {seat.id: draw(st.integers(0, 50)) for seat in seats if draw(st.booleans())}
        return {"contributions": contributions, "dead": dead}
    return {"contributions": contributions}


@st.composite
def cases(draw: st.DrawFn, variants: Sequence[Variant] = GENERATED,
          kinds: Sequence[str] = MONEY_KINDS) -> Case:
    """A valid deal of a variant. One deal in three is *mirrored* (every seat holds the same ranks, suits
    rotated seat by seat, and the board other ranks), so that ties and odd chips come up often."""
    variant = draw(st.sampled_from(variants))
    options = {o.name: draw(st.sampled_from(sorted(o.values))) for o in variant.options}
    game = variant.with_options(options)
    assume(not game.wilds and not game.deck.jokers)  # an option may turn wild cards on
    assume(game.division in (High(), HighLow()))  # not declarations, nor another split
    deck = sorted(game.deck.cards)
    ranks = sorted({c.rank for c in deck})
    shapes = _shapes(game)
    board_size = draw(st.sampled_from(sorted(shapes)))
    wanted = draw(st.integers(game.seating.min, min(game.seating.max, 10)))
    mirrorable = [(h, u) for h, u in shapes[board_size]
                  if h + u <= len(ranks) and (len(ranks) - h - u) * 4 >= board_size]
    mirror = bool(mirrorable) and draw(st.integers(0, 2)) == 0
    if mirror:
        counts = [draw(st.sampled_from(mirrorable))] * min(wanted, 4)
    else:
        counts = []
        left = len(deck) - board_size
        for _ in range(wanted):
            h, u = draw(st.sampled_from(shapes[board_size]))
            if h + u > left:
                break
            counts.append((h, u))
            left -= h + u
    assert len(counts) >= game.seating.min, "the deck holds the smallest table of every catalog variant"
    folded = [draw(st.integers(0, 3)) == 0 for _ in counts]
    if all(folded):
        folded[draw(st.integers(0, len(counts) - 1))] = False
    shown = [not f or draw(st.booleans()) for f in folded]
    if mirror:
        h, u = counts[0]
        mine = draw(st.permutations(ranks))[:h + u]
        suits = [draw(st.integers(0, 3)) for _ in mine]
        hands = [[Card(r * 4 + (s + i) % 4) for r, s in zip(mine, suits, strict=True)]
                 for i in range(len(counts))]
        rest = [c for c in deck if c.rank not in mine]
        board = tuple(draw(st.permutations(rest))[:board_size])
    else:
        cards = iter(draw(st.permutations(deck)))
        board = tuple(Card(next(cards)) for _ in range(board_size))
        hands = [[Card(next(cards)) for _ in range(h + u)] for h, u in counts]
    seats = []
    for i, ((h, _), fold, show) in enumerate(zip(counts, folded, shown, strict=True)):
        hole, up = tuple(hands[i][:h]), tuple(hands[i][h:])
        seats.append(Seat(id=f"p{i}", hole=hole if show else (), up=up if show else (), folded=fold))
    button = draw(st.none() | st.sampled_from([s.id for s in seats]))
    deal = Deal(seats=tuple(seats), board=board, button=button, **draw(money(seats, kinds)))  # type: ignore[arg-type]
    return Case(variant=variant, options=options, deal=deal)


def scores(result: ShowdownResult) -> dict[tuple[str, str], int | None]:
    return {(p.id, name): hand.score for p in result.players for name, hand in p.hands.items()}


def clockwise(deal: Deal) -> list[str]:
    """The players from the first left of the button round to the button (the last listed without one)."""
    ids = [s.id for s in deal.seats]
    at = ids.index(deal.button) + 1 if deal.button is not None else len(ids)
    return ids[at:] + ids[:at]


def pots_of(deal: Deal, live: Sequence[str]) -> list[Pot]:
    """The pots the deal's money makes (reference 2.4 and issue 15: no money is one pot of 0 chips)."""
    if deal.pot is not None:
        return [Pot(deal.pot, tuple(live))]
    if deal.pots:
        return list(deal.pots)
    return settle_pots(deal.contributions or {}, deal.dead or {}, live)[0] or [Pot(0, tuple(live))]


def button_games() -> list[Variant]:
    return [v for v in GENERATED if v.odd_chip == "button"]


# --- money --------------------------------------------------------------------------------------------------


@PROPERTY
@given(cases())
def test_chips_are_conserved(case: Case) -> None:
    """Chips are integers and never lost: payouts always add up to the money in (reference 2.4)."""
    result = case.run()
    carried = sum(p.carried_over for p in result.pots)
    assert sum(result.payouts.values()) + carried == case.deal.money_in
    assert set(result.payouts) == {s.id for s in case.deal.seats}
    assert all(chips >= 0 for chips in result.payouts.values())
    for pot in result.pots:
        assert sum(share.amount for share in pot.shares) + pot.carried_over == pot.amount
        for share in pot.shares:
            assert sum(chips for _, chips in share.paid) == share.amount


@PROPERTY
@given(cases())
def test_no_player_wins_from_a_pot_he_is_not_eligible_for(case: Case) -> None:
    """Side pots: each pot is adjudicated separately among its eligible players; folded players win
    nothing."""
    result = case.run()
    folded = {s.id for s in case.deal.seats if s.folded}
    live = [s.id for s in case.deal.seats if not s.folded]
    assert [p.eligible for p in result.pots] == [p.eligible for p in pots_of(case.deal, live)]
    for pot in result.pots:
        assert not folded & set(pot.eligible)
        for share in pot.shares:
            assert set(share.winners) <= set(pot.eligible)
            assert {player for player, chips in share.paid if chips} <= set(pot.eligible)
    assert all(result.payouts[p] == 0 for p in folded)
    won = {p for p, chips in result.payouts.items() if chips}
    assert won <= {p for pot in result.pots for p in pot.eligible}


@PROPERTY
@given(cases())
def test_odd_chips_go_one_each_to_the_first_winners_in_odd_chip_order(case: Case) -> None:
    """Odd chips: in games with a button, the odd chip goes to the first winner clockwise from the button;
    in stud games, to the winner with the highest card by suit (♠>♥>♦>♣); in high/low splits, to the high
    half."""
    result = case.run()
    seat_order = clockwise(case.deal)
    hands = {p.id: p.hands for p in result.players}
    for pot in result.pots:
        for share in pot.shares:
            if case.game.odd_chip == "high-card-by-suit" and share.name in hands[share.winners[0]]:
                tops = [max(hands[w][share.name].cards) for w in share.winners]
                assert tops == sorted(tops, reverse=True)
            else:
                assert list(share.winners) == [p for p in seat_order if p in share.winners]
            base, rest = divmod(share.amount, len(share.winners)) if share.winners else (0, 0)
            assert dict(share.paid) == {w: base + (i < rest) for i, w in enumerate(share.winners)}
            assert [o.player for o in share.odd_chips if not o.reason.startswith(SPLIT_ODD_CHIP)] == list(
                share.winners[:rest])
        names = [share.name for share in pot.shares]
        if names == ["high", "low"]:
            high, low = pot.shares
            assert high.amount - low.amount == pot.amount % 2
            split = sum(o.chips for o in high.odd_chips if o.reason.startswith(SPLIT_ODD_CHIP))
            assert split == (pot.amount % 2 if len(high.winners) == 1 else 0)  # the pot's odd chip is listed


@PROPERTY
@given(cases(), st.data())
def test_a_player_nobody_contests_wins_every_chip_without_showing(case: Case, data: st.DataObject) -> None:
    """Uncontested pots (issue 15): when everyone else folded, the last player wins every pot with no cards
    required from anyone (the folded players send none, the winner mucks, the board may stop anywhere); his hand
    is answered as not shown."""
    deal = case.deal
    winner = data.draw(st.sampled_from([s.id for s in deal.seats]))
    seats = tuple(replace(s, hole=(), up=(), folded=s.id != winner) for s in deal.seats)
    board = deal.board[:data.draw(st.integers(0, len(deal.board)))]
    mucked = replace(deal, seats=seats, board=board,
                     pots=None if deal.pots is None else tuple(Pot(p.amount, (winner,)) for p in deal.pots))
    result = case.run(mucked)
    assert result.payouts == {s.id: mucked.money_in if s.id == winner else 0 for s in seats}
    hands = next(p for p in result.players if p.id == winner).hands
    assert hands and all(h.score is None and h.reason and h.reason.startswith("not shown") for h in hands.values())
    assert all(share.winners == (winner,) for pot in result.pots for share in pot.shares)


@PROPERTY
@given(cases())
def test_without_money_every_share_still_names_the_winners_it_would_have_for_chips(case: Case) -> None:
    """Money optional (issue 15): with no pot, pots or contributions, every live player is still ranked and the
    one pot of 0 chips names, share by share, the same winners as a pot of chips among the same players."""
    live = tuple(s.id for s in case.deal.seats if not s.folded)
    free = case.run(replace(case.deal, pot=None, pots=None, contributions=None, dead=None))
    paid = case.run(replace(case.deal, pot=1000, pots=None, contributions=None, dead=None))
    assert [(p.amount, p.eligible) for p in free.pots] == [(0, live)]
    assert [(s.name, s.winners) for s in free.pots[0].shares] == [(s.name, s.winners) for s in paid.pots[0].shares]
    assert all(s.winners and s.amount == 0 for s in free.pots[0].shares)
    assert set(free.payouts.values()) == {0}


@PROPERTY
@given(cases(variants=button_games()), st.data())
def test_the_button_not_the_first_seat_listed_decides_the_odd_chips(case: Case, data: st.DataObject) -> None:
    """The button (issue 15, reference 2.4): the same table listed from another seat, with the same player on
    the button, settles every chip the same way: odd chips count from the player after the button."""
    deal = case.deal
    ids = [s.id for s in deal.seats]
    turn = data.draw(st.integers(0, len(ids) - 1))
    listed = replace(deal, seats=deal.seats[turn:] + deal.seats[:turn], button=deal.button or ids[-1])
    assert case.run(listed).payouts == case.run().payouts


def expected_payouts(case: Case, result: ShowdownResult) -> dict[str, int]:
    """Reference 2.4 re-implemented from each player's best hands: P-HIGH and P-HL with qualifiers."""
    game, deal = case.game, case.deal
    seat_order = clockwise(deal)
    hands = {p.id: p.hands for p in result.players}
    live = [s.id for s in deal.seats if not s.folded]
    pots = pots_of(deal, live)
    paid = dict.fromkeys([s.id for s in deal.seats], 0)
    for player, chips in uncalled(deal.contributions or {}, live).items():  # back before the pots are built
        paid[player] += chips

    def best(name: str, eligible: Sequence[str]) -> list[str]:
        scored = {p: hands[p][name].score for p in eligible if hands[p][name].qualifies}
        top = max((s for s in scored.values() if s is not None), default=None)
        return [p for p, s in scored.items() if top is not None and s == top]

    def pay(amount: int, winners: list[str], name: str | None) -> None:
        if game.odd_chip == "high-card-by-suit" and name is not None:
            order = sorted(winners, key=lambda p: max(hands[p][name].cards), reverse=True)
        else:
            order = [p for p in seat_order if p in winners]
        base, rest = divmod(amount, len(order))
        for i, player in enumerate(order):
            paid[player] += base + (i < rest)

    for pot in pots:
        if not pot.amount:
            continue
        if len(pot.eligible) == 1:
            paid[pot.eligible[0]] += pot.amount
        elif game.division == HighLow():
            high, low = best("high", pot.eligible), best("low", pot.eligible)
            if high and low:
                pay(pot.amount - pot.amount // 2, high, "high")
                pay(pot.amount // 2, low, "low")
            elif high or low:
                pay(pot.amount, high or low, "high" if high else "low")
            else:
                pay(pot.amount, list(pot.eligible), None)
        else:
            winners = best(game.hands[0].name, pot.eligible)
            pay(pot.amount, winners or list(pot.eligible), game.hands[0].name if winners else None)
    return paid


@PROPERTY
@given(cases())
def test_payouts_follow_the_pot_division_of_the_variant(case: Case) -> None:
    """P-HIGH: best hand wins, equal hands split. P-HL (cards speak): half to the best high, half to the best
    qualifying low; with no qualifying low, high scoops; when only one side qualifies it takes the whole pot;
    when neither does, the pot is split equally among the players at showdown."""
    result = case.run()
    assert dict(result.payouts) == expected_payouts(case, result)


# --- invariance and determinism -----------------------------------------------------------------------------


def shuffled(deal: Deal, rng: Random) -> Deal:
    def mix(cards: tuple[Card, ...]) -> tuple[Card, ...]:
        out = list(cards)
        rng.shuffle(out)
        return tuple(out)

    seats = tuple(replace(s, hole=mix(s.hole), up=mix(s.up)) for s in deal.seats)
    return replace(deal, seats=seats, board=mix(deal.board))


@PROPERTY
@given(cases(), st.randoms(use_true_random=False))
def test_card_order_changes_no_score(case: Case, rng: Random) -> None:
    """The order in which hole cards, up cards and board cards are listed is not a rule: any(P) is a set."""
    assert scores(case.run(shuffled(case.deal, rng))) == scores(case.run())


@PROPERTY
@given(cases(variants=button_games()), st.randoms(use_true_random=False))
def test_card_order_changes_no_payout_in_button_games(case: Case, rng: Random) -> None:
    """The order in which cards are listed changes no payout (stud games: see the explicit test below)."""
    assert case.run(shuffled(case.deal, rng)).payouts == case.run().payouts


def test_stud_odd_chip_does_not_depend_on_the_order_cards_are_listed() -> None:
    """In stud games the odd chip goes to the winner with the highest card by suit (♠>♥>♦>♣).

    a holds A♠ and A♣ and b holds A♥; both make an ace-high straight. Whichever order a's hole cards are
    listed in, a holds the highest card by suit (A♠) and must get the odd chip. (Found failing: the best
    combination is the first of the equal-scoring ones in enumeration order, so listing A♣ first plays A♣
    and gives b the odd chip.)
    """
    stud = variant_named("seven-card-stud")

    def payouts(a_hole: str) -> dict[str, int]:
        deal = Deal(seats=(Seat(id="a", hole=parse_cards(a_hole), up=parse_cards("Kc Qd Jh 2d")),
                           Seat(id="b", hole=parse_cards("Ah Kh Qs"), up=parse_cards("Js Td 3c 4c"))), pot=3)
        return dict(adjudicate(stud, deal).payouts)

    assert payouts("As Ac Tc") == {"a": 2, "b": 1}
    assert payouts("Ac As Tc") == {"a": 2, "b": 1}


SUIT_PERMUTATIONS = list(product(range(4), repeat=4))


def relabelled(deal: Deal, suits: Sequence[int]) -> Deal:
    def swap(cards: tuple[Card, ...]) -> tuple[Card, ...]:
        return tuple(Card(c.rank * 4 + suits[c.suit]) for c in cards)

    seats = tuple(replace(s, hole=swap(s.hole), up=swap(s.up)) for s in deal.seats)
    return replace(deal, seats=seats, board=swap(deal.board))


@PROPERTY
@given(cases(variants=button_games()), st.permutations(range(4)))
def test_relabelling_suits_changes_no_score_or_payout(case: Case, suits: list[int]) -> None:
    """Suits never break ties (reference 2.1): relabelling the suits consistently changes no hand's score and,
    in button games (where the odd chip goes by seat, not by suit), no payout."""
    before, after = case.run(), case.run(relabelled(case.deal, suits))
    assert scores(after) == scores(before)
    assert after.payouts == before.payouts


@PROPERTY
@given(cases())
def test_the_same_request_gives_the_same_answer(case: Case) -> None:
    first, second = case.run(), case.run()
    assert first == second
    assert first.summary == second.summary


# --- the best hand is the best of all legal hands -----------------------------------------------------------

BRUTE_FORCE_GAMES = [variant_named(name) for name in (
    "texas-holdem", "omaha", "omaha-hi-lo-8", "big-o", "seven-card-stud", "razz", "seven-card-stud-hi-lo-8",
)]


def naive_hands(variant: Variant, seat: Seat, board: tuple[Card, ...]) -> list[tuple[Card, ...]]:
    """Every legal five-card hand, straight from the entry of each game."""
    if variant.id in ("omaha", "omaha-hi-lo-8", "big-o"):  # hole=2, board=3
        return [pair + triple for pair, triple in product(combinations(seat.hole, 2), combinations(board, 3))]
    return list(combinations(seat.hole + seat.up + board, 5))  # any(P)


@PROPERTY
@given(cases(variants=BRUTE_FORCE_GAMES, kinds=("pot",)))
def test_best_hand_is_the_max_over_every_legal_five_card_hand(case: Case) -> None:
    """The API always optimises the player's free choices (reference 2.2): each player's score is the best of
    all his legal five-card hands, each scored one at a time."""
    result = case.run()
    for seat, player in zip(case.deal.seats, result.players, strict=True):
        if seat.folded:
            continue
        for spec in case.game.hands:
            hands = naive_hands(case.variant, seat, case.deal.board)
            everything = [spec.ranking.evaluate(hand) for hand in hands]
            played = player.hands[spec.name]
            assert played.score == max(everything)
            assert spec.ranking.evaluate(played.cards) == played.score
            assert set(played.cards) <= {*seat.hole, *seat.up, *case.deal.board}


@PROPERTY
@given(cases(kinds=("pot",)))
def test_best_hand_is_the_max_over_every_legal_combination_in_every_variant(case: Case) -> None:
    """The same for every catalog variant, its legal combinations found by the naive formation rules of
    reference 2.2 over all subsets of the player's cards."""
    result = case.run()
    board = [Slot(BOARD, str(i), c) for i, c in enumerate(case.deal.board)]
    for seat, player in zip(case.deal.seats, result.players, strict=True):
        if seat.folded:
            continue
        own = [Slot(HOLE, str(i), c) for i, c in enumerate(seat.hole)] + [
            Slot(UP, str(i), c) for i, c in enumerate(seat.up)]
        slots = own + board
        for spec in case.game.hands:
            legal = brute_force_combinations(spec.formation, spec.ranking.size, slots)
            everything = [spec.ranking.evaluate([slots[i].card for i in combo]) for combo in legal]
            best = max(everything, default=NO_HAND)
            played = player.hands[spec.name]
            assert played.score == (None if best == NO_HAND else best)
            if played.score is not None:
                assert spec.ranking.evaluate(played.cards) == played.score


# --- money that is not money --------------------------------------------------------------------------------

HOLDEM_SEATS = (Seat(id="a", hole=parse_cards("As Ks")), Seat(id="b", hole=parse_cards("2c 7d")))
HOLDEM_BOARD = parse_cards("Qh Jh 3c 4d 9s")


@pytest.mark.parametrize("money_in", [
    {"contributions": {"a": -5, "b": 10}},
    {"pot": -10},
    {"pots": (Pot(-4, ("a", "b")),)},
], ids=["negative-contribution", "negative-pot", "negative-side-pot"])
def test_negative_money_is_an_invalid_showdown(money_in: dict[str, object]) -> None:
    """Chips are integers and never lost, and nobody is paid a negative amount: a request with negative money
    is rejected with every problem listed (``InvalidShowdown``), never answered or crashed on.

    (Found failing: a negative contribution trips the internal conservation ``assert`` (AssertionError); a
    negative pot is adjudicated and pays a player -10.)
    """
    deal = Deal(seats=HOLDEM_SEATS, board=HOLDEM_BOARD, **money_in)  # type: ignore[arg-type]
    with pytest.raises(InvalidShowdown):
        adjudicate(variant_named("texas-holdem"), deal)


def test_boise_with_neither_side_qualifying_splits_among_the_players_at_showdown() -> None:
    """For a game with a high qualifier (Boise: trips for high, eight or better for low), when neither side
    qualifies the pot is split equally among the players at showdown; the odd chip goes by seat."""
    deal = Deal(seats=(Seat(id="a", hole=parse_cards("Ah Ad 5c 6d 3s")),
                       Seat(id="b", hole=parse_cards("Th Td 4c 7h 2s"))),
                board=parse_cards("Kc Qd Jh 9s 9c"), pot=11)
    result = adjudicate(variant_named("boise"), deal)
    assert [share.name for share in result.pots[0].shares] == ["split"]
    assert result.payouts == {"a": 6, "b": 5}
