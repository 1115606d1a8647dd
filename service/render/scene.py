"""Pictures as data: a backend-neutral scene of rectangles, circles, polygons, lines and text, built from a
variant's board layout or from an adjudicated showdown. :mod:`service.render.svg` and :mod:`service.render.png`
draw the same scene, so the two formats always show the same picture.

Coordinates are in scene units (CSS pixels for the SVG), y downwards. Text is placed by its baseline and
measured with the font the PNG uses (:mod:`service.render.fonts`). Suits are drawn as shapes, not glyphs, so
they look the same everywhere and need no symbol font.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Literal, TypeAlias

from evaluator import Card, Deal, PlayedHand, Seat, ShowdownResult, Variant, plain, winning_hand
from evaluator.records import UNBOUNDED, BoardGroup, Count, Position
from service.render.fonts import text_width

__all__ = [
    "PALETTE",
    "Circle",
    "Group",
    "Item",
    "Polygon",
    "Polyline",
    "Rect",
    "Scene",
    "Text",
    "layout_scene",
    "showdown_scene",
    "wrap",
]

Point: TypeAlias = tuple[float, float]
Anchor: TypeAlias = Literal["start", "middle", "end"]


# --- The scene model ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.0
    radius: float = 0.0


@dataclass(frozen=True, slots=True)
class Circle:
    cx: float
    cy: float
    r: float
    fill: str


@dataclass(frozen=True, slots=True)
class Polygon:
    points: tuple[Point, ...]
    fill: str


@dataclass(frozen=True, slots=True)
class Polyline:
    """An open line through ``points``, with round joins and caps."""

    points: tuple[Point, ...]
    stroke: str
    width: float


@dataclass(frozen=True, slots=True)
class Text:
    """One line of text; ``y`` is its baseline, ``anchor`` says whether ``x`` is its start, middle or end."""

    x: float
    y: float
    text: str
    size: float
    fill: str = "#212121"
    anchor: Anchor = "start"
    bold: bool = False


@dataclass(frozen=True, slots=True)
class Group:
    """Items that belong together (a card, a legend row): the SVG keeps them in a ``<g>`` with a tooltip
    ``title``, a ``role`` (its class) and ``data-*`` attributes, for people and programs reading it."""

    items: tuple[Item, ...]
    title: str | None = None
    role: str | None = None
    data: tuple[tuple[str, str], ...] = ()


Item: TypeAlias = Rect | Circle | Polygon | Polyline | Text | Group


@dataclass(frozen=True, slots=True)
class Scene:
    width: float
    height: float
    title: str
    items: tuple[Item, ...]
    background: str = "#ffffff"


# --- Style --------------------------------------------------------------------------------------------------

INK: Final = "#212121"
MUTED: Final = "#6b6b6b"
FAINT: Final = "#d6d6d6"
RED: Final = "#c62828"
JOKER_INK: Final = "#6a1b9a"
CARD_FILL: Final = "#ffffff"
CARD_EDGE: Final = "#8c8c8c"
FOLDED_FILL: Final = "#ececec"
FOLDED_INK: Final = "#a0a0a0"
EMPTY_FILL: Final = "#f3f3f3"
PANEL_FILL: Final = "#f5f5f2"
#: The band across the top of a wild card, saying what it became ("as Ks") or just "wild".
WILD_FILL: Final = "#fff2b3"
WILD_INK: Final = "#7a5a00"
#: Colours of winners and of board groups: distinct from each other and from the red and black of the suits.
PALETTE: Final = ("#1565c0", "#ef6c00", "#2e7d32", "#8e24aa", "#00838f", "#d81b60", "#6d4c41", "#9e9d24")

MARGIN: Final = 24.0
CARD_W: Final = 52.0
CARD_H: Final = 72.0
CARD_RADIUS: Final = 6.0
OUTLINE_WIDTH: Final = 2.5
OUTLINE_GAP: Final = 1.0
TITLE_SIZE: Final = 22.0
HEADING_SIZE: Final = 13.0
BODY_SIZE: Final = 14.0
SMALL_SIZE: Final = 11.0
LINE: Final = 1.35  # line height, in font sizes


def colour(index: int) -> str:
    return PALETTE[index % len(PALETTE)]


# --- Text ---------------------------------------------------------------------------------------------------


def _fitting(text: str, size: float, width: float, bold: bool = False, suffix: str = "") -> int:
    """The longest prefix of ``text`` that fits in ``width`` followed by ``suffix``, as a length (0 if none).

    Found by doubling then halving, so that its cost follows the length that fits, not the length of ``text``:
    a 10 KB player id costs a few short measurements, not thousands of long ones.
    """

    def fits(n: int) -> bool:
        return text_width(text[:n] + suffix, size, bold) <= width

    low, high = 0, 1
    while high < len(text) and fits(high):
        low, high = high, high * 2
    if high >= len(text):
        if fits(len(text)):
            return len(text)
        high = len(text)
    while high - low > 1:  # fits(low) (or low is 0), and not fits(high)
        middle = (low + high) // 2
        low, high = (middle, high) if fits(middle) else (low, middle)
    return low


def wrap(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """``text`` broken into lines no wider than ``width`` (a word too long for a line is cut)."""
    width += 0.01  # text measured to fit exactly must not wrap through a rounding error
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if text_width(candidate, size, bold) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        while len(word) > 1:
            cut = _fitting(word, size, width, bold)
            if cut == len(word):
                break
            cut = max(cut, 1)
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    if line or not lines:
        lines.append(line)
    return lines


def fit(text: str, size: float, width: float, bold: bool = False) -> str:
    """``text``, shortened with ``...`` if it is wider than ``width``."""
    if text_width(text, size, bold) <= width:
        return text
    return text[:_fitting(text, size, width, bold, "...")] + "..."


def fitted_size(text: str, largest: float, smallest: float, width: float, bold: bool = False) -> float:
    """The largest font size from ``largest`` down to ``smallest`` at which ``text`` fits in ``width``."""
    size = largest
    while size > smallest and text_width(text, size, bold) > width:
        size -= 1
    return size


def paragraph(lines: Sequence[str], x: float, y: float, size: float, fill: str = INK,
              bold: bool = False) -> list[Item]:
    """Lines of text whose first baseline is ``y``."""
    return [Text(x, y + i * size * LINE, line, size, fill, bold=bold) for i, line in enumerate(lines)]


# --- Cards --------------------------------------------------------------------------------------------------


def _shape(unit: Iterable[tuple[str, tuple[float, ...]]], cx: float, cy: float, size: float,
           fill: str) -> list[Item]:
    items: list[Item] = []
    for kind, numbers in unit:
        if kind == "circle":
            x, y, r = numbers
            items.append(Circle(cx + x * size, cy + y * size, r * size, fill))
        else:
            pairs = zip(numbers[::2], numbers[1::2], strict=True)
            items.append(Polygon(tuple((cx + x * size, cy + y * size) for x, y in pairs), fill))
    return items


#: Suit pips in a unit box centred on (0, 0), as circles (x, y, r) and polygons (x1, y1, x2, y2, ...).
_PIPS: Final[Mapping[str, tuple[tuple[str, tuple[float, ...]], ...]]] = {
    "h": (("circle", (-0.235, -0.16, 0.255)), ("circle", (0.235, -0.16, 0.255)),
          ("polygon", (-0.478, -0.07, 0.478, -0.07, 0.0, 0.48))),
    "d": (("polygon", (0.0, -0.5, 0.38, 0.0, 0.0, 0.5, -0.38, 0.0)),),
    "s": (("circle", (-0.225, 0.07, 0.225)), ("circle", (0.225, 0.07, 0.225)),
          ("polygon", (0.0, -0.5, 0.445, 0.0, -0.445, 0.0)),
          ("polygon", (-0.045, 0.1, 0.045, 0.1, 0.16, 0.5, -0.16, 0.5))),
    "c": (("circle", (0.0, -0.25, 0.205)), ("circle", (-0.235, 0.09, 0.205)), ("circle", (0.235, 0.09, 0.205)),
          ("circle", (0.0, 0.02, 0.13)), ("polygon", (-0.045, 0.05, 0.045, 0.05, 0.16, 0.5, -0.16, 0.5))),
    "x": (("polygon", (0.0, -0.5, 0.118, -0.162, 0.476, -0.155, 0.19, 0.062, 0.294, 0.405, 0.0, 0.2,
                       -0.294, 0.405, -0.19, 0.062, -0.476, -0.155, -0.118, -0.162)),),
}


def pip(suit: str, cx: float, cy: float, size: float, fill: str) -> list[Item]:
    """A suit symbol (``c d h s``, or ``x``: a joker's star) of height ``size`` centred on (cx, cy)."""
    return _shape(_PIPS[suit], cx, cy, size, fill)


def _face(card: Card) -> tuple[str, str, str]:
    """What a card shows: (rank text, pip, ink)."""
    code = str(card)
    if card.is_joker:
        return code, "x", JOKER_INK
    rank, suit = code[0], code[1]
    return ("10" if rank == "T" else rank), suit, (RED if suit in "hd" else INK)


def outlines(x: float, y: float, colours: Sequence[str], w: float = CARD_W, h: float = CARD_H) -> list[Item]:
    """Coloured outlines around a card, one ring per colour, innermost first."""
    rings: list[Item] = []
    for i, ring in enumerate(colours):
        gap = OUTLINE_GAP + OUTLINE_WIDTH / 2 + i * (OUTLINE_WIDTH + OUTLINE_GAP)
        rings.append(Rect(x - gap, y - gap, w + 2 * gap, h + 2 * gap, None, ring, OUTLINE_WIDTH,
                          CARD_RADIUS + gap))
    return rings


def card(card: Card | None, x: float, y: float, *, rings: Sequence[str] = (), dim: bool = False,
         data: tuple[tuple[str, str], ...] = (), wild: str | None = None) -> Group:
    """A card face at (x, y), or an empty slot for ``None``; ``rings`` outline it (winners' colours); ``wild`` marks
    a wild card with a band across its top saying what it became ("as Ks") or "wild"."""
    if card is None:
        body: list[Item] = [Rect(x, y, CARD_W, CARD_H, EMPTY_FILL, FAINT, 1.0, CARD_RADIUS)]
        return Group((*body, *outlines(x, y, rings)), title="no card", role="slot", data=data)
    rank, suit, ink = _face(card)
    if dim:
        ink = FOLDED_INK
    cx = x + CARD_W / 2
    rank_size = 25.0 if len(rank) == 1 else fitted_size(rank, 22.0, 12.0, CARD_W - 10, bold=True)
    items: list[Item] = [
        Rect(x, y, CARD_W, CARD_H, FOLDED_FILL if dim else CARD_FILL, CARD_EDGE, 1.0, CARD_RADIUS),
        Text(cx, y + 31, rank, rank_size, ink, "middle", bold=True),
        *pip(suit, cx, y + 51, 23.0, ink),
        *outlines(x, y, rings),
    ]
    if wild is None:
        return Group(tuple(items), title=str(card), role="card", data=(("card", str(card)), *data))
    items[1:1] = [Rect(x + 1, y + 1, CARD_W - 2, 13, WILD_FILL, None, 0, CARD_RADIUS),
                  Text(cx, y + 11, wild, 10.0, WILD_INK, "middle", bold=True)]
    return Group(tuple(items), title=f"{card} (wild{', ' + wild if wild != 'wild' else ''})", role="card",
                 data=(("card", str(card)), ("wild", wild), *data))


# --- Boards -------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Grid:
    """Where each position's card goes: top-left corners, and the size of the whole board."""

    spots: Mapping[str, Point]
    width: float
    height: float

    def centre(self, name: str, w: float, h: float) -> Point:
        x, y = self.spots[name]
        return x + w / 2, y + h / 2


def _grid(positions: Sequence[Position], left: float, top: float, step_x: float, step_y: float, w: float,
          h: float) -> _Grid:
    if not positions:
        return _Grid({}, 0.0, 0.0)
    xs, ys = [p.x for p in positions], [p.y for p in positions]
    spots = {p.name: (left + (p.x - min(xs)) * step_x, top + (p.y - min(ys)) * step_y) for p in positions}
    return _Grid(spots, (max(xs) - min(xs)) * step_x + w, (max(ys) - min(ys)) * step_y + h)


def _flat_positions(n: int, first: int) -> tuple[Position, ...]:
    return tuple(Position(name=str(i + first), x=float(i), y=0.0) for i in range(n))


def _flat_count(variant: Variant) -> int:
    count = variant.board.count
    return count.max if count.max < UNBOUNDED else count.min


def _cards(count: Count) -> str:
    """A card count in words: ``5 cards``, ``up to 1 card``, ``3 to 5 cards``, ``at least 2 cards``."""
    if count.max >= UNBOUNDED:
        return f"at least {count.min} card{'s' if count.min != 1 else ''}"
    plural = "s" if count.max != 1 else ""
    if count.min == count.max:
        return f"{count.max} card{plural}"
    return f"up to {count.max} card{plural}" if count.min == 0 else f"{count.min} to {count.max} cards"


def board_groups(variant: Variant) -> tuple[BoardGroup, ...]:
    """The legal board groups: the layout's, else those the hands' formations name (first of each name)."""
    layout = variant.board.layout
    found = list(layout.groups) if layout is not None else []
    for spec in variant.hands:
        found += spec.formation.groups
    unique: dict[str, BoardGroup] = {}
    for group in found:
        unique.setdefault(group.name, group)
    return tuple(unique.values())


def _group_links(group: BoardGroup, grid: _Grid, w: float, h: float, stroke: str, width: float,
                 shift: float = 0.0) -> tuple[Polyline, ...]:
    """Lines joining a group's positions: the shortest tree through their centres (a line for a row or a
    diagonal, the outline of a block for a block), so that a group never cuts across the board."""
    points = [(x + shift, y + shift) for x, y in dict.fromkeys(grid.centre(p, w, h) for p in group.positions
                                                               if p in grid.spots)]
    if len(points) < 2:
        return ()
    joined, links = [0], []
    nearest = {i: (math.dist(points[0], points[i]), 0) for i in range(1, len(points))}
    while nearest:  # Prim's algorithm; ties go to the position listed first
        i = min(nearest, key=lambda k: (nearest[k][0], k))
        links.append(Polyline((points[nearest.pop(i)[1]], points[i]), stroke, width))
        joined.append(i)
        for k, (d, _) in nearest.items():
            if math.dist(points[i], points[k]) < d:
                nearest[k] = (math.dist(points[i], points[k]), i)
    return tuple(links)


# --- GET /v1/variants/{id}/layout.svg -----------------------------------------------------------------------

SLOT_W: Final = 68.0
SLOT_H: Final = 92.0
SLOT_GAP: Final = 28.0
_DOT_R: Final = 4.5
_DOT_STEP: Final = 12.0


def _dots(colours: Sequence[str], cx: float, bottom: float) -> list[Item]:
    """Small coloured dots, up to five a row, centred above ``bottom``: the groups a position belongs to."""
    per_row = 5
    items: list[Item] = []
    for i, fill in enumerate(colours):
        row, col = divmod(i, per_row)
        in_row = min(per_row, len(colours) - row * per_row)
        x = cx + (col - (in_row - 1) / 2) * _DOT_STEP
        items.append(Circle(x, bottom - row * _DOT_STEP, _DOT_R, fill))
    return items


def _position_slot(position: Position, x: float, y: float, member_of: Sequence[str], segments: bool) -> Group:
    fill, edge = (EMPTY_FILL, FAINT) if position.optional else (CARD_FILL, CARD_EDGE)
    size = fitted_size(position.name, 20.0, 8.0, SLOT_W - 10, bold=True)
    label = fit(position.name, size, SLOT_W - 8, bold=True)
    items: list[Item] = [Rect(x, y, SLOT_W, SLOT_H, fill, edge, 1.2, CARD_RADIUS),
                         Text(x + SLOT_W / 2, y + 38, label, size, INK, "middle", bold=True)]
    notes = ([position.segment] if segments else []) + (["optional"] if position.optional else [])
    for i, note in enumerate(notes):
        items.append(Text(x + SLOT_W / 2, y + 54 + i * 12, fit(note, 10.0, SLOT_W - 6), 10.0, MUTED, "middle"))
    items += _dots(member_of, x + SLOT_W / 2, y + SLOT_H - 10)
    data = (("position", position.name), ("segment", position.segment))
    return Group(tuple(items), title=f"position {position.name}", role="position", data=data)


def layout_scene(variant: Variant) -> Scene:
    """The variant's board: each position as a card-shaped slot at its grid place, named, with a dot per
    legal group it belongs to; each group as a coloured line through its positions, and a legend."""
    layout = variant.board.layout
    if layout is not None:
        positions = layout.positions
        groups = board_groups(variant)
        about = layout.description
    else:
        positions = _flat_positions(_flat_count(variant), 1)
        groups = ()
        about = ("No community cards." if not positions else
                 f"A flat board of {_cards(variant.board.count)}, sent as an array in deal order (1 to "
                 f"{len(positions)}); a hand may use any of them, as its formation allows.")
    grid = _grid(positions, MARGIN, 0.0, SLOT_W + SLOT_GAP, SLOT_H + SLOT_GAP, SLOT_W, SLOT_H)
    width = max(460.0, grid.width + 2 * MARGIN)
    inner = width - 2 * MARGIN
    items: list[Item] = []
    y = MARGIN + TITLE_SIZE
    title = wrap(f"{variant.name}: board layout", TITLE_SIZE, inner, bold=True)
    items += paragraph(title, MARGIN, y, TITLE_SIZE, bold=True)
    y += (len(title) - 1) * TITLE_SIZE * LINE
    if about:
        lines = wrap(about, BODY_SIZE, inner)
        items += paragraph(lines, MARGIN, y + BODY_SIZE * 1.8, BODY_SIZE, MUTED)
        y += BODY_SIZE * 1.8 + (len(lines) - 1) * BODY_SIZE * LINE
    top = y + 22
    grid = _grid(positions, MARGIN + (inner - grid.width) / 2, top, SLOT_W + SLOT_GAP, SLOT_H + SLOT_GAP,
                 SLOT_W, SLOT_H)
    # Each group in a colour of its own: a line through its positions and a dot on each. Past the palette's
    # size colours would repeat, so the legend alone lists the groups.
    coloured = len(groups) <= len(PALETTE)
    colours = {g.name: colour(i) if coloured else MUTED for i, g in enumerate(groups)}
    for i, group in enumerate(groups if coloured else ()):  # behind the slots: seen in the gaps between them
        links = _group_links(group, grid, SLOT_W, SLOT_H, colours[group.name], 4.0,
                             (i - (len(groups) - 1) / 2) * 5)
        if links:
            items.append(Group(links, title=f"group {group.name}", role="group-line", data=(("group", group.name),)))
    segments = len({p.segment for p in positions}) > 1
    for position in positions:
        x, slot_y = grid.spots[position.name]
        member_of = [colours[g.name] for g in groups if coloured and position.name in g.positions]
        items.append(_position_slot(position, x, slot_y, member_of, segments))
    y = top + grid.height if positions else y
    if layout is not None:
        y += 28
        items.append(Text(MARGIN, y + HEADING_SIZE, "Legal board groups" if groups else "Board groups",
                          HEADING_SIZE, MUTED, bold=True))
        y += HEADING_SIZE + 12
        if not groups:
            items.append(Text(MARGIN, y + BODY_SIZE, "None: a hand may combine any of the board cards.",
                              BODY_SIZE))
            y += BODY_SIZE * LINE
        for group in groups:
            lines = wrap(f"{group.name}: {', '.join(group.positions)}", BODY_SIZE, inner - 36)
            swatch: list[Item] = [Circle(MARGIN + 12, y + 9, _DOT_R - 1.5, colours[group.name])]
            if coloured:
                swatch = [Polyline(((MARGIN, y + 9), (MARGIN + 24, y + 9)), colours[group.name], 4.0),
                          Circle(MARGIN + 12, y + 9, _DOT_R, colours[group.name])]
            items.append(Group((*swatch, *paragraph(lines, MARGIN + 36, y + BODY_SIZE, BODY_SIZE)),
                               title=f"group {group.name}", role="legend", data=(("group", group.name),)))
            y += len(lines) * BODY_SIZE * LINE + 4
    return Scene(width, y + MARGIN - 4, f"{variant.name}: board layout", tuple(items))


# --- POST /v1/showdowns/render ------------------------------------------------------------------------------

_BOARD_GAP: Final = 24.0
_LABEL_H: Final = 24.0  # a layout position's name above its card, clear of three outlines
_OWN_GAP: Final = 14.0
_UP_GAP: Final = 22.0
_ROW_PAD: Final = 18.0
_TEXT_GAP: Final = 24.0


@dataclass(frozen=True, slots=True)
class _Win:
    """One winner of one share (``high``, ``low``...) and the hand that won it, with its colour."""

    player: str
    share: str
    amount: int
    hand: PlayedHand
    colour: str


def _wins(result: ShowdownResult) -> list[_Win]:
    hands = {p.id: p.hands for p in result.players}
    amounts: dict[tuple[str, str], int] = {}
    for pot in result.pots:
        for share in pot.shares:
            paid = dict(share.paid)
            for winner in share.winners:
                player, name = winning_hand(result, pot, share.name, winner)
                hand = hands.get(player, {}).get(name)
                if hand is not None and hand.score is not None:
                    key = (player, name)
                    amounts[key] = amounts.get(key, 0) + paid.get(winner, 0)
    return [_Win(player, share, amount, hands[player][share], colour(i))
            for i, ((player, share), amount) in enumerate(amounts.items())]


def _hand_line(name: str, hand: PlayedHand, named: bool) -> tuple[str, bool]:
    """What a player's row says of one hand, and whether it is shown muted (no hand, or not qualifying)."""
    prefix = f"{plain(name)}: " if named else ""
    if hand.description is None:
        return prefix + (hand.reason or "no hand"), True
    if not hand.qualifies:
        return f"{prefix}{hand.description}, {hand.reason or 'does not qualify'}", True
    return prefix + hand.description, False


def _mark(cards: Sequence[Card], rings: list[list[str]], wanted: Iterable[Card], ring: str) -> list[Card]:
    """Add ``ring`` to the first card matching each wanted card; the wanted cards not found."""
    left = list(wanted)
    for i, c in enumerate(cards):
        if c in left:
            left.remove(c)
            rings[i].append(ring)
    return left


def _seat_rings(seat: Seat, wins: Sequence[_Win]) -> tuple[list[list[str]], list[list[str]]]:
    """For each of a player's hole and up cards, the colours of the winning hands that used it: his own, and
    other players' that use his cards (``table``)."""
    hole: list[list[str]] = [[] for _ in seat.hole]
    up: list[list[str]] = [[] for _ in seat.up]
    for win in wins:
        if win.player == seat.id:
            _mark(seat.hole, hole, win.hand.hole, win.colour)
            _mark(seat.up, up, win.hand.up, win.colour)
        taken = [c for owner, c in win.hand.table if owner == seat.id]
        if taken:
            _mark(seat.hole, hole, _mark(seat.up, up, taken, win.colour), win.colour)
    return hole, up


def _wild_marks(result: ShowdownResult, wins: Sequence[_Win]) -> tuple[dict[str, dict[Card, str]], dict[Card, str]]:
    """What each wild card shows: per player, each of his wild cards "as" the card it became in his hands (his first
    hand using it), else "wild"; on the board, what it became in a winning hand, else "wild" if it is wild for
    somebody."""
    held = dict(result.wild.cards) if result.wild is not None else {}
    players: dict[str, dict[Card, str]] = {}
    for player in result.players:
        marks = {c: "wild" for c in held.get(player.id, ())}
        for hand in player.hands.values():
            for wild, became in hand.wilds:
                if marks.get(wild, "wild") == "wild":
                    marks[wild] = f"as {became}"
        players[player.id] = marks
    board = {c: "wild" for cards in held.values() for c in cards}
    for win in wins:
        for wild, became in win.hand.wilds:
            if any(c == wild for _, c in win.hand.board) and board.get(wild, "wild") == "wild":
                board[wild] = f"as {became}"
    return players, board


def showdown_scene(result: ShowdownResult, deal: Deal) -> Scene:
    """One showdown: the board at its positions, each player's row of cards and hands, the winners' cards and
    board groups outlined in their colours with a legend, and the summary."""
    game = result.variant.with_options(result.options)
    layout = game.board.layout
    wins = _wins(result)
    wild_marks, board_marks = _wild_marks(result, wins)
    several_hands = len(game.hands) > 1
    items: list[Item] = []

    # The board: a layout's positions at their grid places (named), or the flat board in a row.
    if layout is not None:
        positions = layout.positions
        dealt = dict(zip(deal.positions or (), deal.board, strict=True))
        for name in dealt:
            if layout.position(name) is None:  # pragma: no cover - validation rejects unknown positions
                raise ValueError(f"unknown board position {name!r}")
    else:
        positions = _flat_positions(len(deal.board), 0)
        dealt = {str(i): c for i, c in enumerate(deal.board)}
    label_h = _LABEL_H if layout is not None else 0.0
    step_x, step_y = CARD_W + _BOARD_GAP, CARD_H + label_h + _BOARD_GAP
    grid = _grid(positions, 0.0, 0.0, step_x, step_y, CARD_W, CARD_H + label_h)

    # Players: name column, cards, then the hands.
    seats = {s.id: s for s in deal.seats}
    name_w = min(180.0, max([text_width(p.id, 16, bold=True) for p in result.players] + [60.0]) + 20)
    any_up = any(seats[p.id].up for p in result.players)
    caption_h = 16.0 if any_up else 0.0
    max_hole = max((len(seats[p.id].hole) for p in result.players), default=0)

    def cards_width(n: int) -> float:
        return n * CARD_W + max(0, n - 1) * _OWN_GAP

    hole_w = cards_width(max_hole)
    max_up = max((len(seats[p.id].up) for p in result.players), default=0)
    up_x = hole_w + (_UP_GAP if max_hole else 0.0)
    row_cards_w = up_x + cards_width(max_up) if max_up else hole_w
    text_x = MARGIN + name_w + row_cards_w + _TEXT_GAP
    lines_of = {p.id: [_hand_line(name, hand, several_hands) for name, hand in p.hands.items()]
                for p in result.players}
    text_natural = max([text_width(t, BODY_SIZE) for lines in lines_of.values() for t, _ in lines] + [0.0])
    width = max(600.0, grid.width + 2 * MARGIN + 8, text_x + min(text_natural, 460.0) + MARGIN)
    inner = width - 2 * MARGIN

    # Title.
    y = MARGIN + TITLE_SIZE
    title = wrap(game.name, TITLE_SIZE, inner, bold=True)
    items += paragraph(title, MARGIN, y, TITLE_SIZE, bold=True)
    y += (len(title) - 1) * TITLE_SIZE * LINE
    money = sum(result.payouts.values()) + sum(p.carried_over for p in result.pots)
    pots = len(result.pots)
    items.append(Text(MARGIN, y + 22, f"Showdown: {money} chips in {pots} pot{'s' if pots != 1 else ''}, "
                      f"{len(result.players)} players", BODY_SIZE, MUTED))
    y += 22 + 12

    # Board.
    if positions:
        items.append(Text(MARGIN, y + 20, "Board", HEADING_SIZE, MUTED, bold=True))
        top = y + 32 + (0.0 if layout is not None else 10.0)  # room for outlines (a layout's labels have it)
        left = MARGIN + max(0.0, (inner - grid.width) / 2) if layout is not None else MARGIN + 4
        grid = _grid(positions, left, top + label_h, step_x, step_y, CARD_W, CARD_H)
        groups = {g.name: g for g in board_groups(game)}
        for win in wins:  # the winning board groups, behind the cards
            group = groups.get(win.hand.group or "")
            if group is None:
                continue
            links = _group_links(group, grid, CARD_W, CARD_H, win.colour, 3.0)
            items.append(Group(links, title=f"{win.player}: board group {group.name}", role="winning-group",
                               data=(("player", win.player), ("group", group.name))))
        for position in positions:
            x, card_y = grid.spots[position.name]
            if layout is not None:  # on a plate of background, over any group line
                name = fit(position.name, SMALL_SIZE, step_x - 10)
                plate = text_width(name, SMALL_SIZE) + 8
                items += [Rect(x + (CARD_W - plate) / 2, card_y - 13 - SMALL_SIZE, plate, SMALL_SIZE + 5, "#ffffff"),
                          Text(x + CARD_W / 2, card_y - 12, name, SMALL_SIZE, MUTED, "middle")]
            rings = [w.colour for w in wins if any(label == position.name for label, _ in w.hand.board)]
            data = (("position", position.name),) if layout is not None else (("index", position.name),)
            shown = dealt.get(position.name)
            items.append(card(shown, x, card_y, rings=rings, data=data,
                              wild=board_marks.get(shown) if shown is not None else None))
        y = top + grid.height + label_h + 12

    # Players.
    items.append(Text(MARGIN, y + 20, "Players", HEADING_SIZE, MUTED, bold=True))
    y += 30
    text_w = width - MARGIN - text_x
    for player in result.players:
        seat = seats[player.id]
        mine = [w for w in wins if w.player == player.id]
        won = result.payouts.get(player.id, 0)
        row_top = y + 8
        cards_top = row_top + caption_h
        wrapped = [(line, muted) for text, muted in lines_of[player.id]
                   for line in wrap(text, BODY_SIZE, text_w)]
        text_h = len(wrapped) * BODY_SIZE * LINE
        row_h = caption_h + max(CARD_H, text_h + 8)
        name_ink = mine[0].colour if mine else (FOLDED_INK if player.folded else INK)
        status = "folded" if player.folded else (f"wins {won}" if won else "no chips")
        row: list[Item] = [
            Text(MARGIN, cards_top + 28, fit(player.id, 16, name_w - 14, bold=True), 16, name_ink, bold=True),
            Text(MARGIN, cards_top + 48, status, 13, name_ink if won else MUTED, bold=bool(won)),
        ]
        x0 = MARGIN + name_w
        hole_rings, up_rings = _seat_rings(seat, wins)
        for i, c in enumerate(seat.hole):
            row.append(card(c, x0 + i * (CARD_W + _OWN_GAP), cards_top, rings=hole_rings[i], dim=player.folded,
                            data=(("player", player.id), ("hole", str(i))), wild=wild_marks[player.id].get(c)))
        for i, c in enumerate(seat.up):
            row.append(card(c, x0 + up_x + i * (CARD_W + _OWN_GAP), cards_top, rings=up_rings[i],
                            dim=player.folded, data=(("player", player.id), ("up", str(i))),
                            wild=wild_marks[player.id].get(c)))
        if any_up:
            if seat.hole:
                row.append(Text(x0, row_top + 10, "down", SMALL_SIZE, MUTED))
            if seat.up:
                row.append(Text(x0 + up_x, row_top + 10, "up", SMALL_SIZE, MUTED))
        text_top = cards_top + max(0.0, (CARD_H - text_h) / 2)
        for i, (line, muted) in enumerate(wrapped):
            row.append(Text(text_x, text_top + BODY_SIZE + i * BODY_SIZE * LINE, line, BODY_SIZE,
                            MUTED if muted else INK))
        items.append(Group(tuple(row), title=player.id, role="player", data=(("player", player.id),)))
        y = row_top + row_h + _ROW_PAD
        items.append(Rect(MARGIN, y - _ROW_PAD / 2, inner, 1.0, FAINT))

    # Legend: who won what, with which hand and board group.
    if wins:
        items.append(Text(MARGIN, y + 18, "Winning hands", HEADING_SIZE, MUTED, bold=True))
        y += 30
        for win in wins:
            share = f" ({plain(win.share)})" if several_hands or win.share != "high" else ""
            text = f"{win.player} wins {win.amount}{share}: {win.hand.description}"
            if win.hand.group:
                text += f"; board group: {win.hand.group}"
            owners = dict.fromkeys(owner for owner, _ in win.hand.table)
            for owner in owners:
                text += f"; uses {owner}'s " + " ".join(str(c) for o, c in win.hand.table if o == owner)
            lines = wrap(text, BODY_SIZE, inner - 30)
            swatch = Rect(MARGIN + 1, y + 2, 16, 16, None, win.colour, OUTLINE_WIDTH, 4)
            items.append(Group((swatch, *paragraph(lines, MARGIN + 30, y + BODY_SIZE, BODY_SIZE)),
                               title=text, role="legend", data=(("player", win.player), ("share", win.share))))
            y += len(lines) * BODY_SIZE * LINE + 6

    # Summary.
    summary = wrap(result.summary, 15, inner - 24)
    box_h = len(summary) * 15 * LINE + 18
    y += 10
    items.append(Group((Rect(MARGIN, y, inner, box_h, PANEL_FILL, None, 0, 6),
                        *paragraph(summary, MARGIN + 12, y + 9 + 15, 15)), title="summary", role="summary"))
    y += box_h
    return Scene(width, y + MARGIN, f"{game.name} showdown", tuple(items))
