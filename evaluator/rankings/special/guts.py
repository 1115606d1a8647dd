"""GUTS3 and GUTS2: the three- and two-card hands of Guts (reference ``guts``).

- **GUTS3**: three of a kind > straight flush > straight > flush > pair > high card.
- **GUTS2**: pair > high card; with ``rules.guts2_straights_flushes``, two-card straights and flushes count too.

Conventions (this module's; the reference gives only the category order): the ace plays high, or low in the
lowest straight (A-2-3 in three cards, A-2 in two: the lowest; Q-K-A and A-K the highest). With straights and
flushes in two-card Guts, the order follows GUTS3: pair > straight flush > straight > flush > high card. Ties
compare the pair, then the kicker; flushes and high cards card by card from the top; straights by their top card.

Strength lists use each ranking's own category numbers (1 = high card upwards, in the order above).
"""

from __future__ import annotations

from collections.abc import Sequence

from evaluator.rankings.base import Described, Key
from evaluator.rankings.poker_key import grouped, value_letter, value_name, value_plural
from evaluator.rankings.special._tables import SizedTableRanking, ace_high, read_order

__all__ = ["GUTS2", "GUTS2_STRAIGHTS_FLUSHES", "GUTS3", "guts2_ranking"]

ACE = 14
_SLUGS = {"high": "high-card", "pair": "pair", "flush": "flush", "straight": "straight",
          "straight-flush": "straight-flush", "trips": "three-of-a-kind"}


def _straight_top(values: Sequence[int]) -> int:
    """The top of a straight of these distinct values (2..14), or 0: consecutive, or the ace low under 2, 3..."""
    ordered = sorted(values)
    if len(set(ordered)) != len(ordered):
        return 0
    if ordered[-1] - ordered[0] == len(ordered) - 1:
        return ordered[-1]
    if ordered[-1] == ACE and ordered[:-1] == list(range(2, len(ordered) + 1)):
        return len(ordered)
    return 0


def _ranking(*, name: str, title: str, size: int, order: tuple[str, ...]) -> SizedTableRanking:
    number = {category: i + 1 for i, category in enumerate(order)}
    category_of = {n: c for c, n in number.items()}
    of_a_kind = "trips" if size == 3 else "pair"

    def key(ranks: tuple[int, ...], suited: bool) -> Key | None:
        values = [r + 2 for r in ranks]
        groups = grouped(values)
        heads = tuple(v for _, v in groups)
        if groups[0][0] == size:
            return (number[of_a_kind], heads[0])
        top = _straight_top(values) if "straight" in number else 0
        if top and suited:
            return (number["straight-flush"], top)
        if top:
            return (number["straight"], top)
        if suited and "flush" in number:
            return (number["flush"], *heads)
        if groups[0][0] == 2:
            return (number["pair"], *heads)
        return (number["high"], *heads)

    def describe(k: Key) -> Described:
        category, h = category_of[k[0]], k[1:]
        cards = "-".join(value_letter(v) for v in h)
        if category == "trips":
            text = f"Three {value_plural(h[0])}"
        elif category == "pair":
            text = f"Pair of {value_plural(h[0])}" + (f", {value_name(h[1])} kicker" if len(h) > 1 else "")
        elif category in ("straight", "straight-flush"):
            text = f"{category.replace('-', ' ').capitalize()}, {value_name(h[0])} high"
        elif category == "flush":
            text = f"Flush, {cards}"
        else:
            text = f"High card, {cards}"
        return Described(_SLUGS[category], text)

    def arrange(cards: Sequence[int], k: Key) -> list[int]:
        if category_of[k[0]] in ("straight", "straight-flush") and k[1] == size:
            return read_order(cards, lambda c: 1 if c >> 2 == 12 else ace_high(c))
        return read_order(cards, ace_high)

    return SizedTableRanking(name=name, title=title, size=size, key=key, describe=describe,
                             suits_matter="flush" in number, arrange=arrange)


def guts2_ranking(straights_flushes: bool = False) -> SizedTableRanking:
    """Two-card Guts: pair > high card, or with straights and flushes pair > straight flush > straight > flush >
    high card."""
    if straights_flushes:
        return _ranking(name="GUTS2-STRAIGHTS-FLUSHES", size=2,
                        order=("high", "flush", "straight", "straight-flush", "pair"),
                        title="Two-card Guts with straights and flushes: pair > straight flush > straight > flush "
                              "> high card")
    return _ranking(name="GUTS2", size=2, order=("high", "pair"), title="Two-card Guts: pair > high card")


GUTS3 = _ranking(name="GUTS3", size=3, order=("high", "pair", "flush", "straight", "straight-flush", "trips"),
                 title="Three-card Guts: three of a kind > straight flush > straight > flush > pair > high card")
GUTS2 = guts2_ranking()
GUTS2_STRAIGHTS_FLUSHES = guts2_ranking(straights_flushes=True)
