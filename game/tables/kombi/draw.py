"""Kombi-Duell drawing under and over the cards: the plates, the row labels, the draw pile, the drop
glow on one's scored row, the status and the preview of a selection (one line each, one under the
other; a selection changes only on input, so both belong to the board's static layer)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.tables.kombi.reason import selection_reason
from game.tables.turnline import Line, StatusPlace, TurnWords, draw_status, draw_turn_line
from rules.kombi.combos import best_split, combo_points
from sprites import theme
from sprites.widgets import draw_badge, draw_panel, draw_round_rect

if TYPE_CHECKING:
    from game.tables.kombi.face import KombiFace


def draw_board(table: KombiFace, surface: pygame.Surface) -> None:
    geo, obs = table.geo, table.obs
    table.draw_plates(surface)
    for y in geo.scored_rows:  # each row of scored combinations is named where it lies
        _lines(table, surface, table.t("kombi.scored"), 22, theme.TEXT_DIM, geo.column.x, y, geo.column.w,
               "right")  # right-aligned: the label touches its row
    if table.my_turn and table.selected and not table.drag_keys:  # a tap on the row plays the selection
        zone = geo.my_pile_zone
        glow = pygame.Surface((max(0, zone.w), max(0, zone.h)), pygame.SRCALPHA)
        glow.fill((*theme.DROP_GLOW[:3], 40))
        surface.blit(glow, zone)
        draw_round_rect(surface, theme.DROP_GLOW, zone, int(10 * table.scale), max(2, int(2 * table.scale)))
    art = table.app.cards.get(geo.cw)
    if obs["draw_count"]:
        for k in range(min(4, obs["draw_count"] // 8), 0, -1):
            surface.blit(art.back(), geo.draw_rect.move(-k * 2, -k * 2))
    else:
        surface.blit(art.slot(), geo.draw_rect)
    top = geo.draw_rect.y - geo.pad
    table.text(surface, table.t("kombi.draw_pile"), 24, theme.TEXT_DIM, (geo.x_draw, top), "midbottom")
    table.text(surface, table.t("kombi.exchange"), 24, theme.TEXT_DIM, (geo.x_area, top), "midbottom")
    draw_turn_line(table, surface, _turn(table), _place(table))
    _preview(table, surface)
    _result(table, surface)


def draw_top(table: KombiFace, surface: pygame.Surface) -> None:
    geo = table.geo
    draw_badge(surface, table.app.fonts, str(table.obs["draw_count"]),
               (geo.draw_rect.right - 4, geo.draw_rect.bottom - 4), theme.font_px(26, table.scale), theme.GOLD)


def _turn(table: KombiFace) -> TurnWords | None:
    """On one's own turn: the actions left and what one can still do, on the turn's line while it fits."""
    if not table.my_turn:
        return TurnWords(px=28)
    if table.selected:
        return None  # the preview of the selection takes the message line
    obs = table.obs
    can = [table.t(f"kombi.a.{k}") for k in ("draw", "exchange", "play")
           if k not in obs["done"] and any(a["kind"] == k for a in obs["legal"])]
    return TurnWords(more=(table.t.n("kombi.actions_left", 2 - len(obs["done"])),
                           table.t("kombi.can", list=", ".join(can))), px=28)


def _place(table: KombiFace) -> StatusPlace:
    """One line centred over the rows, as large as fits (below the type scale's floor it wraps onto the space the
    row keeps for two lines)."""
    geo = table.geo
    return StatusPlace((geo.right.centerx, geo.y_status), geo.right.w - 3 * geo.pad, geo.pad, fit=True, most=2)


def _preview(table: KombiFace, surface: pygame.Surface) -> None:
    if not (table.my_turn and table.selected):
        return
    split = best_split(sorted(table.selected))
    if split:
        combos = [[str(c) for c in combo] for combo in split]
        text = table.t("kombi.preview", combos=table.combos_text(combos), points=sum(combo_points(c) for c in combos))
        color = theme.GOOD
    else:
        # the reason a drag of these cards onto the pile is refused with, word for word
        text, color = selection_reason(table, table.ordered_hand(sorted(table.selected))), theme.TEXT_DIM
    draw_status(table, surface, [Line(text, 26, color, True)], _place(table))  # in the turn line's place


def result_card(table: KombiFace) -> pygame.Rect | None:
    """The final table: the result on a card right of one's scored combinations, from the exchange row down to
    one's hand (the message line alone is too low for it), while it leaves room for two cards' width."""
    geo, obs = table.geo, table.obs
    if not obs["over"]:
        return None
    mine = obs["discards"][obs["seat"]]
    xs = geo.pile_xs([len(c["cards"]) for c in mine], geo.y_my_disc)
    left = (xs[-1][-1] + geo.mini / 2 + 2 * geo.pad) if xs else geo.right.x
    top = geo.y_mid + geo.ch / 2 + geo.pad
    bottom = geo.y_hand - geo.ch / 2 - geo.pad
    card = pygame.Rect(int(left), int(top), int(geo.right.right - left), int(bottom - top))
    return card if card.w >= 2 * geo.cw and card.h >= geo.ch / 2 else None


def _result(table: KombiFace, surface: pygame.Surface) -> None:
    """The result card's words: who won (the end screen's headline), and how it ended with the final score."""
    card = result_card(table)
    if card is None:
        return
    draw_panel(surface, card, alpha=200)
    draw_round_rect(surface, theme.GOLD, card, max(6, min(card.w, card.h) // 14), max(2, int(3 * table.scale)))
    winners = table.match.state.winners
    head = (table.t("end.wins", name=table.seat_name(winners[0])) if len(winners) == 1
            else table.t(table.draw_headline))
    ends = [e for _, e in table.match.log() if str(e.get("type", "")).endswith(".end")]
    how = table.describe(ends[-1]) if ends else ""
    lines = [Line(head, 40, theme.GOLD, True), Line(how, 26, theme.TEXT)]
    room = card.h - 2 * table.geo.pad
    most = 1 + max(0, (room - table.app.fonts.line_height(theme.font_px(40, table.scale), True))
                   // table.app.fonts.line_height(theme.font_px(26, table.scale), False))
    draw_status(table, surface, lines, StatusPlace(card.center, card.w - 4 * table.geo.pad, table.geo.pad,
                                                   bare=True, most=int(most)))


def _lines(table: KombiFace, surface: pygame.Surface, text: str, base: int, color, x: float, cy: float,
           width: int, align: str, bold: bool = False) -> None:
    """``text`` wrapped to ``width``, the block centred on ``cy``; each line centred on ``x``, from it, or (``right``)
    ending at ``x + width``."""
    fonts = table.app.fonts
    px = theme.font_px(base, table.scale)
    lines = table.wrap(text, px, width, bold)
    line_h = fonts.get(px, bold).get_linesize()
    y = cy - line_h * len(lines) / 2
    for line in lines:
        img = fonts.render(line, px, color, bold=bold)
        if align == "center":
            rect = img.get_rect(midtop=(int(x), int(y)))
        elif align == "right":
            rect = img.get_rect(topright=(int(x + width), int(y)))
        else:
            rect = img.get_rect(topleft=(int(x), int(y)))
        surface.blit(img, rect)
        y += line_h
