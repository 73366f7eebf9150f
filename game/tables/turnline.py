"""The turn line every table shows: whose turn it is (one's own, the computer thinking, the other's) and what a
game adds under it, on the one translucent status panel. A game says only what differs (``TurnWords``) and
where its panel stands (``StatusPlace``); the words for whose turn it is are said here and nowhere else."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from sprites import theme
from sprites.widgets import text_panel

if TYPE_CHECKING:
    import pygame

    from game.services import Words
    from game.tables.protocols import TableFace, TableGeometry
    from sprites.text import Fonts

SEPARATOR = "  ·  "  # between the parts said on the headline's one line


@dataclass(frozen=True)
class Line:
    """One line of the status panel: its words, its base size on the type scale, its ink and weight."""

    text: str
    px: int
    color: tuple[int, ...]
    bold: bool = False


@dataclass(frozen=True)
class TurnWords:
    """What a game's turn line says besides whose turn it is."""

    under: tuple[Line, ...] = ()  # under the headline: what to do, what the other is doing, a warning
    mine: str | None = None  # one's own turn in the game's words, in place of "Your turn, {name}"
    more: tuple[str, ...] = ()  # on one's own turn, said after the headline on its line while it fits
    px: int = 30  # the headline's base size
    over: Line | None = None  # the line once the game is over (None: no turn line at the end)


@dataclass(frozen=True)
class StatusPlace:
    """Where a game's status panel stands: centred on ``center`` (or ending at ``bottom``), its lines wrapped to
    ``width``; with ``fit`` a line first shrinks towards the type scale's floor to stay on one line; with ``most``
    no more lines than that show, the last ending in an ellipsis (the room between two rows of cards)."""

    center: tuple[float, float]
    width: int
    pad: int
    fit: bool = False
    bottom: float | None = None
    most: int | None = None
    bare: bool = False  # the lines stand on a panel of the game's own (a result card): no status panel of theirs

    @classmethod
    def message_area(cls, geo: TableGeometry) -> StatusPlace:
        """The game's message area (``geo.message_center``), the panel's margins inside its width."""
        return cls(geo.message_center, geo.message_w - 3 * geo.pad, geo.pad, fit=True)


def headlines(t: Words, name: str) -> tuple[str, str, str]:
    """Every headline a turn line may show for ``name``: one's own turn, the computer thinking, the other's turn
    (a half table measures the longest to size its band)."""
    return t("table.your_turn", name=name), t("table.thinking", name=name), t("table.their_turn", name=name)


def turn_lines(table: TableFace, words: TurnWords) -> list[Line]:
    """The turn line's lines for the position on the table: the result once the game is over, else whose turn it
    is (gold when it is one's own) and the game's lines under it."""
    state = table.match.state
    if state.is_over:
        return [words.over] if words.over else []
    seat = state.to_move
    assert seat is not None  # the game runs
    mine, thinking, theirs = headlines(table.t, table.seat_name(seat))
    if table.my_turn:
        head = Line(words.mine if words.mine is not None else mine, words.px, theme.GOLD, True)
        head = _with_more(table, head, words.more)
    else:
        head = Line(thinking if table.bot.thinking else theirs, words.px, theme.TEXT, True)
    return [head, *words.under]


def draw_turn_line(table: TableFace, surface: pygame.Surface, words: TurnWords | None,
                   place: StatusPlace) -> None:
    """The turn line on the status panel (``words`` None: nothing shows there now, e.g. a preview takes its place)."""
    draw_status(table, surface, turn_lines(table, words) if words is not None else [], place)


def draw_status(table: TableFace, surface: pygame.Surface, lines: list[Line], place: StatusPlace) -> None:
    """``lines`` on the status panel at ``place`` (the turn line, or what stands in its place); the panel's rect
    becomes ``table.status_rect``, so a toast over it covers all of it."""
    fonts = table.app.fonts
    rows: list[tuple[str, int, Line]] = []
    for line in lines:
        if not line.text:
            continue
        px = theme.font_px(line.px, table.scale)
        if place.fit:
            px = fonts.fit_px(line.text, px, place.width, line.bold)
        rows += [(part, px, line) for part in table.wrap(line.text, px, place.width, line.bold)]
    if place.most is not None and len(rows) > place.most:
        rows = rows[:place.most]
        part, px, line = rows[-1]
        rows[-1] = (_ellipsized(fonts, part, px, place.width, line.bold), px, line)
    heights = [fonts.line_height(px, line.bold) for _, px, line in rows]
    total = sum(heights)
    y = place.bottom - total if place.bottom is not None else place.center[1] - total / 2
    placed = []
    for (part, px, line), h in zip(rows, heights, strict=True):
        img = fonts.render(part, px, line.color, bold=line.bold)
        placed.append((img, img.get_rect(midtop=(int(place.center[0]), int(y)))))
        y += h
    if place.bare and placed:
        for img, rect in placed:
            surface.blit(img, rect)
        table.status_rect = placed[0][1].unionall([r for _, r in placed[1:]]).inflate(place.pad * 3, place.pad)
        return
    table.status_rect = text_panel(surface, placed, place.pad)


def _with_more(table: TableFace, head: Line, more: tuple[str, ...]) -> Line:
    """The headline with the game's further parts after it, the last dropped first while even the type scale's
    floor cannot keep them on one line of the message area (the piles and buttons say them too)."""
    fonts = table.app.fonts
    parts = [head.text, *more]
    room = table.geo.message_w
    while len(parts) > 1 and fonts.size(SEPARATOR.join(parts), fonts.floor, head.bold)[0] > room:
        parts.pop()
    return Line(SEPARATOR.join(parts), head.px, head.color, head.bold)


def _ellipsized(fonts: Fonts, text: str, px: int, width: int, bold: bool) -> str:
    """``text`` shortened by whole words (else letters) to fit ``width`` with an ellipsis after it."""
    words = text.split()
    while len(words) > 1 and fonts.size(" ".join(words) + "…", px, bold)[0] > width:
        words.pop()
    text = " ".join(words).rstrip(",;:—-– ")
    while text and fonts.size(text + "…", px, bold)[0] > width:
        text = text[:-1]
    return text + "…"
