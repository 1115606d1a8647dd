"""The picture of an equity answer (``POST /v1/equities/render``): each player's share of the money in as a bar
in his colour, its percentage, what each share (high, low...) contributes, and for Monte Carlo the 95% interval as a
whisker; the summary line under the title. Drawn by the same SVG and PNG backends as the showdown pictures."""

from __future__ import annotations

from typing import Final

from evaluator import Z95, Equities, equity_summary
from service.render.scene import (
    BODY_SIZE,
    FAINT,
    HEADING_SIZE,
    INK,
    MARGIN,
    MUTED,
    SMALL_SIZE,
    TITLE_SIZE,
    Group,
    Item,
    Rect,
    Scene,
    Text,
    colour,
    fit,
    wrap,
)

__all__ = ["TRACK_W", "equity_scene"]

WIDTH: Final = 640.0
NAME_W: Final = 110.0
BAR_H: Final = 22.0
ROW_H: Final = 56.0
LABEL_W: Final = 60.0
#: The width of a whole bar: 100% of the money in.
TRACK_W: Final = WIDTH - 2 * MARGIN - NAME_W - LABEL_W


def _shares_text(result: Equities, index: int) -> str:
    """``high 40%, low 24%``: what each share contributes to the player's equity."""
    player = result.players[index]
    totals: dict[str, int] = {}
    for pot in player.pots:
        for share in pot.shares:
            totals[share.share] = totals.get(share.share, 0) + share.chips
    if not result.money_in:
        return ""
    return ", ".join(f"{name} {result.expected(chips) / result.money_in:.0%}" for name, chips in totals.items())


def equity_scene(result: Equities) -> Scene:
    """The bars of every player's equity."""
    items: list[Item] = []
    y = MARGIN + TITLE_SIZE
    items.append(Text(MARGIN, y, fit(f"Odds: {result.variant.name}", TITLE_SIZE, WIDTH - 2 * MARGIN, bold=True),
                      TITLE_SIZE, bold=True))
    summary = equity_summary(result).replace("\u00b1", "+/-")  # the picture's font is ASCII
    for line in wrap(summary, BODY_SIZE, WIDTH - 2 * MARGIN):
        y += BODY_SIZE * 1.5
        items.append(Text(MARGIN, y, line, BODY_SIZE, fill=MUTED))
    y += MARGIN
    track_x = MARGIN + NAME_W
    track_w = TRACK_W
    for i, player in enumerate(result.players):
        share = result.expected(player.chips) / result.money_in if result.money_in else 0.0
        fill = colour(i)
        row: list[Item] = [
            Text(MARGIN, y + BAR_H * 0.72, fit(player.id, HEADING_SIZE, NAME_W - 8, bold=True), HEADING_SIZE,
                 bold=True),
            Rect(track_x, y, track_w, BAR_H, fill=FAINT, radius=3.0),
            Rect(track_x, y, max(track_w * share, 0.0), BAR_H, fill=fill, radius=3.0),
            Text(track_x + track_w + 8, y + BAR_H * 0.72, f"{share:.0%}", HEADING_SIZE, fill=INK, bold=True),
        ]
        error = result.standard_error(player.chips, player.squares)
        if error is not None and result.money_in:
            low = max(share - Z95 * error / result.money_in, 0.0)
            high = min(share + Z95 * error / result.money_in, 1.0)
            mid = y + BAR_H / 2
            row += [Rect(track_x + track_w * low, mid - 1, track_w * (high - low), 2, fill=INK),
                    Rect(track_x + track_w * low - 1, mid - 6, 2, 12, fill=INK),
                    Rect(track_x + track_w * high - 1, mid - 6, 2, 12, fill=INK)]
        detail = _shares_text(result, i)
        if detail:
            row.append(Text(track_x, y + BAR_H + SMALL_SIZE * 1.4, fit(detail, SMALL_SIZE, track_w), SMALL_SIZE,
                            fill=MUTED))
        items.append(Group(tuple(row), title=f"{player.id}: {share:.1%}", role="equity",
                           data=(("player", player.id), ("equity", f"{share:.6f}"))))
        y += ROW_H
    return Scene(width=WIDTH, height=y + MARGIN / 2, title=f"Odds: {result.variant.name}", items=tuple(items))
