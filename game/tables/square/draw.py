"""Card Square drawing under and over the cards: piles, names, slot labels, the power zone, the reveal
panel, the status band, previews, counts and the end values (the base lights the drop targets)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.tables.square import words
from game.tables.turnline import Line, StatusPlace, TurnWords, draw_turn_line
from sprites import theme
from sprites.widgets import draw_badge, draw_panel, draw_round_rect

if TYPE_CHECKING:
    from game.tables.square.face import SquareFace

PANEL_PX = 30  # base size of the reveal panel's words


def draw_board(table: SquareFace, surface: pygame.Surface) -> None:
    _piles(table, surface)
    table.draw_plates(surface)
    _preview_lines(table, surface)
    if table.power_visible():
        _power_zone(table, surface)
    if table.panel_visible():
        _panel(table, surface)
    if _place(table).bare:  # the result card between the squares
        band = table.geo.band
        draw_panel(surface, band, alpha=200)
        draw_round_rect(surface, theme.GOLD, band, max(6, min(band.w, band.h) // 14), max(2, int(3 * table.scale)))
    draw_turn_line(table, surface, _turn(table), _place(table))


def draw_top(table: SquareFace, surface: pygame.Surface) -> None:
    geo, obs = table.geo, table.obs
    px = theme.font_px(24, table.scale)
    half = table.app.fonts.line_height(px) * 0.7  # each count whole on its pile, clear of the words around it
    if obs["draw_count"]:
        draw_badge(surface, table.app.fonts, str(obs["draw_count"]),
                   (geo.draw_rect.right - half, geo.draw_rect.bottom - half), px, theme.GOLD)
    if obs["discard"]:
        # inside the top right, the one corner of a face without an index (a half-covered 6 reads as a 9)
        draw_badge(surface, table.app.fonts, str(len(obs["discard"])),
                   (geo.discard_rect.right - half, geo.discard_rect.top + half), px, theme.TEXT_DIM)
    holder = obs["drawn_by"]
    if holder is not None:
        mine = holder == obs["seat"]
        x, y = geo.drawn_mine if mine else geo.drawn_theirs
        width = geo.big if mine else geo.cw
        rect = geo.card_rect(x, y, width)
        key, color = ("square.your_drawn", theme.GOLD) if mine else ("square.their_drawn", theme.TEXT)
        _wrapped(table, surface, table.t(key, name=table.seat_name(holder)), 22, color, x, rect.bottom + geo.pad // 2,
                 geo.big + geo.pad if mine else geo.their_square.w, bold=mine)
    if obs["over"]:
        _end_values(table, surface)


def _piles(table: SquareFace, surface: pygame.Surface) -> None:
    geo, obs = table.geo, table.obs
    art = table.app.cards.get(geo.cw)
    if obs["draw_count"]:
        for k in range(min(4, obs["draw_count"] // 8), 0, -1):
            surface.blit(art.back(), geo.draw_rect.move(-k * 2, -k * 2))
    else:
        surface.blit(art.slot(table.t("square.empty")), geo.draw_rect)
    if len(obs["discard"]) > 1:
        surface.blit(art.slot(), geo.discard_rect.move(3, 3))
    surface.blit(art.slot(table.t("square.empty") if not obs["discard"] else ""), geo.discard_rect)
    lift = 2 * min(4, obs["draw_count"] // 8)  # the stacked backs stand this far above the pile
    for rect, key, width in zip((geo.draw_rect, geo.discard_rect), ("square.draw_pile", "square.discard_pile"),
                                geo.pile_label_widths, strict=True):
        _wrapped(table, surface, table.t(key), 22, theme.TEXT_DIM, rect.centerx, rect.y - lift - geo.pad // 2,
                 width, bottom=True)


def _preview_lines(table: SquareFace, surface: pygame.Surface) -> None:
    """A line joins the two cards a Jack or Queen would involve (they lie in different squares)."""
    if not table.my_turn:
        return
    geo, pick = table.geo, table.pick
    ends: list[tuple[float, float]] = []
    if pick.own is not None:
        ends.append(geo.slot(True, pick.own))
    if pick.opp is not None:
        ends.append(geo.slot(False, pick.opp))
    if len(ends) == 2:
        width = max(3, int(6 * table.scale))
        pygame.draw.line(surface, theme.DROP_GLOW, ends[0], ends[1], width)
        for p in ends:
            pygame.draw.circle(surface, theme.DROP_GLOW, p, width * 2)


def _power_zone(table: SquareFace, surface: pygame.Surface) -> None:
    geo = table.geo
    zone = geo.power_zone
    active = "power" in table.pick.targets() or "power" in table.hint_targets()
    fill = pygame.Surface((max(0, zone.w), max(0, zone.h)), pygame.SRCALPHA)
    fill.fill((*theme.DROP_GLOW, 60 if active else 28))
    surface.blit(fill, zone)
    edge = theme.GOLD if active else theme.DROP_GLOW
    draw_round_rect(surface, edge, zone, int(geo.cw * 0.12), max(2, int(4 * table.scale)))
    text = words.power_label(table.t, table.session.names, table.obs["seat"], table.obs["drawn"] or "")
    head = table.t("square.power.zone")  # what the box is, then what dropping the card on it does
    head_h = table.app.fonts.line_height(theme.font_px(26, table.scale), True)
    _wrapped(table, surface, head, 26, theme.GOLD, zone.centerx, zone.y + geo.pad, zone.w - geo.pad * 2, bold=True)
    _wrapped(table, surface, text, 24, theme.TEXT, zone.centerx, zone.centery + head_h / 2, zone.w - geo.pad * 2,
             center=True)


def _panel(table: SquareFace, surface: pygame.Surface) -> None:
    geo = table.geo
    rect = table.panel_rect()
    draw_panel(surface, rect, alpha=240)
    draw_round_rect(surface, theme.GOLD, rect, max(6, min(rect.w, rect.h) // 14), max(2, int(3 * table.scale)))
    _wrapped(table, surface, table.panel_words(), PANEL_PX, theme.TEXT, rect.centerx, rect.y + geo.pad,
             rect.w - geo.pad * 2)


def _turn(table: SquareFace) -> TurnWords:
    """Under whose turn it is: the last round once someone knocked, then what to do or what the other is doing."""
    obs, names = table.obs, table.session.names
    if obs["over"]:
        return TurnWords(over=Line(table.result_text(), 40, theme.GOLD, True))  # the result card's headline
    under = []
    knocker = obs["knocked_by"]
    if knocker is not None:
        key = "square.status.final" if table.my_turn else "square.status.final_other"
        under.append(Line(table.t(key, name=names[knocker], other=names[1 - knocker]), 24, theme.BAD, True))
    if table.my_turn:
        under.append(Line(words.prompt(table.t, names, obs, table.pick), 24, theme.TEXT))
    else:
        under.append(Line(words.watching(table.t, names, obs), 24, theme.TEXT_DIM))
    return TurnWords(under=tuple(under))


def _place(table: SquareFace) -> StatusPlace:
    """In the band between the piles and one's square (the panel's margins inside it)."""
    geo = table.geo
    card = table.obs["over"] and geo.middle and not geo.stacked  # the result card is the lines' panel
    return StatusPlace(geo.band.center, geo.band.w - 3 * geo.pad, geo.pad, bare=card)


def _wrapped(table: SquareFace, surface: pygame.Surface, text: str, base: int, color, cx: float, y: float,
             width: int, bottom: bool = False, center: bool = False, bold: bool = False) -> None:
    fonts = table.app.fonts
    px = theme.font_px(base, table.scale)
    parts = table.wrap(text, px, max(40, width), bold)
    line_h = fonts.get(px).get_linesize()
    if bottom:
        y -= line_h * len(parts)
    elif center:
        y -= line_h * len(parts) / 2
    for part in parts:
        img = fonts.render(part, px, color, bold=bold)
        surface.blit(img, img.get_rect(midtop=(int(cx), int(y))))
        y += line_h


def _end_values(table: SquareFace, surface: pygame.Surface) -> None:
    geo, obs = table.geo, table.obs
    px = theme.font_px(26, table.scale)
    for owner in (0, 1):
        for i, slot in enumerate(obs["squares"][owner]):
            if slot["card"] is None:
                continue
            r = geo.slot_rect(owner == obs["seat"], i)
            lift = table.app.fonts.line_height(px) * 0.7  # the whole pill on its card, clear of the window's edge
            draw_badge(surface, table.app.fonts, words.card_value_text(slot["card"]), (r.centerx, r.bottom - lift),
                       px, theme.GOOD if owner in obs["winners"] else theme.TEXT_DIM)

