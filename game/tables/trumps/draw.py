"""Own Trumps drawing under and over the cards: the trump picker's suit tiles, the players' plates, the
pile's slot, pick-up brackets and cue, and the status lines."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.tables.trumps import words
from game.tables.trumps.layout import FAN
from game.tables.trumps.view import PICKUP_GLOW
from game.tables.turnline import Line, StatusPlace, TurnWords, draw_turn_line
from rules.trumps.types import chosen_trumps, pile_top
from sprites import theme
from sprites.suits import suit_color
from sprites.widgets import draw_panel, draw_round_rect

if TYPE_CHECKING:
    from game.tables.trumps.face import TrumpsFace

SUITS = "CDHS"


def draw_board(table: TrumpsFace, surface: pygame.Surface) -> None:
    if table.obs["phase"] == "choose_trump":
        _picker(table, surface)
        return
    table.draw_plates(surface)
    _pile_slot(table, surface)
    _brackets(table, surface)
    _cue(table, surface)
    card = _result_card(table)
    if card is not None:
        draw_panel(surface, card, alpha=200)
        draw_round_rect(surface, theme.GOLD, card, max(6, min(card.w, card.h) // 14), max(2, int(3 * table.scale)))
    draw_turn_line(table, surface, _turn(table), _place(table))
    if card is not None and table.status_rect is not None:  # how it ended, under the result
        ends = [e for _, e in table.match.log() if str(e.get("type", "")).endswith(".end")]
        how = table.describe(ends[-1]) if ends else ""
        y = table.status_rect.bottom
        for line in table.wrap(how, theme.font_px(26, table.scale), card.w - 4 * table.geo.pad):
            y = table.text(surface, line, 26, theme.TEXT, (card.centerx, y), "midtop").bottom


def draw_top(table: TrumpsFace, surface: pygame.Surface) -> None:
    obs = table.obs
    geo = table.geo
    if obs["phase"] == "choose_trump" or not obs["pile"] or not geo.top_label:
        return
    top = geo.card_rect(geo.fan_x(0), geo.y_pile, geo.cw)
    if geo.top_label_at is not None:  # a half table: at the head of the column beside the top card
        table.text(surface, table.t("trumps.top"), 22, theme.GOLD, geo.top_label_at, "topleft", bold=True)
        return
    # over the pile's own edge, ending at the top card: it names the pile's top, not the cue beside it
    table.text(surface, table.t("trumps.top"), 22, theme.GOLD, (top.right, geo.pile_zone.y - 2), "bottomright",
               bold=True)


# --- names ---------------------------------------------------------------------------------------------
def name_text(table: TrumpsFace, seat: int) -> str:
    name = table.seat_name(seat)
    if seat == table.view_seat and table.session.is_human(seat) and table.session.mode != "demo":
        return table.t("trumps.you", name=name)
    return name


# --- the pile ---------------------------------------------------------------------------------------------
def _pile_slot(table: TrumpsFace, surface: pygame.Surface) -> None:
    obs, geo = table.obs, table.geo
    target = table.my_turn and geo.pile_zone in table.lit  # lit (by the table) where the held card may go
    if not obs["pile"]:
        art = table.app.cards.get(geo.cw)
        surface.blit(art.slot(table.t("trumps.drop_here") if target else ""),
                     geo.card_rect(geo.fan_x(0), geo.y_pile, geo.cw))


def _brackets(table: TrumpsFace, surface: pygame.Surface) -> None:
    """Under the fan, the pick-up sizes: the top 3, the top 5 and (beyond the fan) the whole pile; the
    one that applies to the player to move is lit."""
    obs, geo = table.obs, table.geo
    n = len(obs["pile"])
    if n == 0:
        return
    mover = obs["to_move"]
    applies = None
    trump = obs["trumps"][mover] if mover is not None else None
    if trump and obs["phase"] == "play":
        kind = words.top_kind(pile_top(obs), trump)
        applies = {"plain": 3, "trump": 5, "ace": 0}[kind]
    right = geo.card_rect(geo.fan_x(0), geo.y_pile, geo.cw).right
    width = max(2, int(3 * table.scale))
    tick = geo.pad * 0.6
    row_h = theme.font_px(22, table.scale) + geo.pad * 0.4
    sizes = [k for k in (3, 5) if k < n] + [0]
    if applies is not None:  # only what applies to the top card in play: the one bracket, in its own words
        sizes = [applies if 0 < applies < n else 0]
    for row, size in enumerate(sizes):
        depth = (size if size else n) - 1
        left = geo.card_rect(geo.fan_x(depth), geo.y_pile, geo.cw).left
        if size == 0 and n > FAN:
            left -= int(min(n - FAN, 12) * 0.6)
        y = geo.bracket_y + row * row_h
        lit = applies is not None
        color = PICKUP_GLOW if lit and table.my_turn else theme.GOLD if lit else theme.TEXT_DIM
        pygame.draw.line(surface, color, (left, y), (right, y), width)
        pygame.draw.line(surface, color, (left, y - tick), (left, y), width)
        pygame.draw.line(surface, color, (right, y - tick), (right, y), width)
        table.text(surface, bracket_label(table, size, applies, n), 22, color, (left - geo.pad // 2, y), "midright",
                   bold=lit)


def bracket_label(table: TrumpsFace, size: int, applies: int | None, n: int) -> str:
    """What a bracket picks up: 3 for a plain card, 5 for a trump, all for the ace of trumps; a small pile is
    picked up whole, said for the card that makes it so (never "trump ace" for a plain card)."""
    if size:
        return table.t(f"trumps.bracket.{size}")
    if applies:  # a plain card or a trump on a pile no bigger than what it takes
        return table.t(f"trumps.bracket.{applies}_all", n=n)
    return table.t("trumps.all", n=n)


def _cue(table: TrumpsFace, surface: pygame.Surface) -> None:
    """Right of the top card: what is to beat, what beats it for the player to move, the pile size."""
    obs, geo = table.obs, table.geo
    t = table.t
    lines: list[tuple[str, int, tuple, bool]] = []
    top, mover = obs["top"], obs["to_move"]
    if top is None:
        lines.append((t("trumps.pile_empty"), 32, theme.TEXT, True))
    elif obs["phase"] == "second" and mover is not None and len(obs["pile"]) >= 2:
        beaten = words.card_text(obs["pile"][-2])
        lines.append((t("trumps.cue.second"), 36, theme.TEXT, True))
        key = "trumps.cue.second_you" if table.my_turn else "trumps.cue.second_other"
        said = t(key, name=table.seat_name(mover), other=table.seat_name(1 - mover), beaten=beaten)
        lines.append((said, 24, theme.TEXT, False))
    else:
        lines.append((t("trumps.to_beat", card=words.card_text(top)), 36, theme.TEXT, True))
        if mover is not None and obs["phase"] == "play":
            you = table.my_turn
            lines.append((words.rule_line(t, top, chosen_trumps(obs)[mover], you, table.seat_name(mover)), 24,
                          theme.TEXT, False))
            if you:
                good = bool(obs["beaters"])
                lines.append((words.beaters_line(t, len(obs["beaters"])), 24,
                              theme.GOOD if good else PICKUP_GLOW, True))
    if top is not None:
        lines.append((t("trumps.pile_size", cards=words.cards_text(t, len(obs["pile"]))), 22, theme.TEXT_DIM,
                      False))
        trump = obs["trumps"][mover] if mover is not None and obs["phase"] == "play" else None
        kind = words.top_kind(top, trump) if trump else None  # the bracket under the pile that applies, in words
        lines.append((t(f"trumps.legend.{kind}" if kind else "trumps.legend"), 22, theme.TEXT, False))
    fonts = table.app.fonts
    groups = []
    for text, base, color, bold in lines:
        px = theme.font_px(base, table.scale)
        groups.append([fonts.render(part, px, color, bold=bold) for part in table.wrap(text, px, geo.cue_w, bold)])
    room_top, room_bottom = geo.cue_room
    # where the words outgrow the room (long German lines), the legend goes first, then the pile's size: the
    # brackets under the pile and their words say both
    spare = 2 if top is not None else 0
    while spare and sum(i.get_height() for g in groups for i in g) > room_bottom - room_top:
        groups.pop()
        spare -= 1
    imgs = [i for g in groups for i in g]
    total = sum(i.get_height() for i in imgs)
    y = max(room_top, min(geo.y_cue - total / 2, room_bottom - total))
    # on a panel, as the status is: what beats the pile's top reads as one notice beside the pile
    pad = geo.pad
    draw_panel(surface, pygame.Rect(geo.cue_left - pad, int(y) - pad // 2, max(i.get_width() for i in imgs) + 2 * pad,
                                    total + pad), alpha=150)
    for img in imgs:
        surface.blit(img, (geo.cue_left, int(y)))
        y += img.get_height()


def _turn(table: TrumpsFace) -> TurnWords:
    """Under whose turn it is: what to do (or what the other is about to do), and a warning before a repetition
    ends the game."""
    obs, t, names = table.obs, table.t, table.session.names
    if obs["over"]:
        big = 40 if _result_card(table) is not None else 32  # the result card's headline
        return TurnWords(over=Line(words.result_line(t, names, obs), big, theme.GOLD, True))
    if table.my_turn:
        under = [Line(words.my_prompt(t, obs), 26, theme.TEXT)]
    else:
        seat = obs["to_move"]
        assert seat is not None  # the game runs
        under = [Line(words.other_prompt(t, obs, names[seat]), 24, theme.TEXT_DIM)]
    if obs["repetition"] >= 2:
        under.append(Line(t("trumps.status.repetition"), 24, theme.BAD, True))
    return TurnWords(under=tuple(under))


def _result_card(table: TrumpsFace) -> pygame.Rect | None:
    """The final table with one's own hand played out: the result on a card where the hand lay (beside one's
    plate), rather than a row of bare felt under a one-line status."""
    obs, geo = table.obs, table.geo
    if not obs["over"] or obs["hand_counts"][table.view_seat] or table.geo.hand_top < geo.y_status:
        return None
    b = geo.board
    return pygame.Rect(b.x + geo.pad, int(geo.hand_top), b.w - 2 * geo.pad, int(geo.ch))


def _place(table: TrumpsFace) -> StatusPlace:
    geo = table.geo
    card = _result_card(table)
    if card is not None:  # the result over the middle of its card, the way it ended under it
        return StatusPlace((card.centerx, card.y + card.h * 0.35), card.w - 4 * geo.pad, geo.pad, bare=True)
    return StatusPlace((geo.x_status, geo.y_status), geo.band_w - 2 * geo.pad, geo.pad)


# --- the trump picker -------------------------------------------------------------------------------------
def _picker(table: TrumpsFace, surface: pygame.Surface) -> None:
    obs, geo, t = table.obs, table.geo, table.t
    names = table.session.names
    tiles = geo.tiles()
    chooser = obs["chooser"]
    mine = table.my_turn
    head_y = tiles[0].y - geo.pad * 2
    if mine:
        assert chooser is not None  # one's own choice
        title = t("trumps.pick.title", name=names[chooser])
    else:
        title = t("trumps.pick.waiting", name=names[chooser]) if chooser is not None else ""
    lines = [(t("trumps.pick.explain"), 26, theme.TEXT, False)]
    _stack_up(table, surface, [(title, 44, theme.GOLD, True), *lines], head_y)
    taken_by = {s: seat for seat, s in enumerate(obs["trumps"]) if s}
    hint = table.hint.get("suit") if table.hint is not None and table.hint.kind == "choose_trump" else None
    for i, (suit, rect) in enumerate(zip(SUITS, tiles, strict=True)):
        _tile(table, surface, suit, rect, i, taken_by.get(suit), mine, hint == suit)
    foot = [(t("trumps.pick.order", dealer=names[obs["dealer"]], first=names[obs["first"]]), 26, theme.TEXT,
             False)]
    other = 1 - chooser if chooser is not None else None
    if other is not None and (taken := obs["trumps"][other]):
        foot.insert(0, (t("trumps.pick.second", other=names[other], suit=words.suit_named(t, taken)), 28, theme.TEXT,
                        True))
    if mine:
        foot.append((t("trumps.pick.keys"), 22, theme.TEXT_DIM, False))
    _stack_down(table, surface, foot, tiles[0].bottom + geo.pad * 2)


def _tile(table: TrumpsFace, surface: pygame.Surface, suit: str, rect: pygame.Rect, i: int, owner: int | None,
          active: bool, hinted: bool) -> None:
    fonts, t = table.app.fonts, table.t
    radius = max(8, rect.w // 10)
    free = owner is None
    draw_round_rect(surface, (0, 0, 0), rect.move(0, max(2, rect.w // 40)), radius)
    fill = theme.CARD_FACE if free else theme.mix(theme.CARD_FACE, theme.FELT_DARK, 0.55)
    draw_round_rect(surface, fill, rect, radius)
    edge = theme.GOLD if hinted else theme.CARD_EDGE
    draw_round_rect(surface, edge, rect, radius, max(2, int((6 if hinted else 2) * table.scale)))
    color = suit_color(suit) if free else theme.mix(suit_color(suit), theme.FELT_DARK, 0.5)
    shape = rect.w * 0.55
    fonts.stamps.blit(surface, suit, (rect.centerx, rect.y + rect.h * 0.42), shape, color)
    ink = theme.TEXT_DARK if free else theme.TEXT  # light on the darkened (taken) face
    name = t(f"trumps.suit.{suit}")
    px = fonts.fit_px(name.capitalize(), theme.font_px(32, table.scale), rect.w - 8, True)
    img = fonts.render(name.capitalize(), px, ink, bold=True)
    surface.blit(img, img.get_rect(midtop=(rect.centerx, int(rect.y + rect.h * 0.76))))
    if active and free:
        table.text(surface, str(i + 1), 22, theme.mix(theme.TEXT_DARK, theme.CARD_FACE, 0.3),  # dark on the face
                   (rect.x + radius // 2 + 2, rect.y + radius // 2), "topleft")
    if owner is not None:
        label = t("trumps.pick.taken", name=table.seat_name(owner))
        px = fonts.fit_px(label, theme.font_px(24, table.scale), rect.w - 8, True)
        band = pygame.Rect(rect.x, 0, rect.w, int(px * 1.6))
        band.center = (rect.centerx, int(rect.y + rect.h * 0.42))
        draw_round_rect(surface, theme.PANEL, band, 4)
        img = fonts.render(label, px, theme.GOLD, bold=True)
        surface.blit(img, img.get_rect(center=band.center))


def _render_lines(table: TrumpsFace, lines: list[tuple[str, int, tuple, bool]]) -> list[pygame.Surface]:
    fonts = table.app.fonts
    width = int(table.geo.board.w - table.geo.pad * 4)
    out = []
    for text, base, color, bold in lines:
        if not text:
            continue
        px = theme.font_px(base, table.scale)
        for part in table.wrap(text, px, width, bold):
            out.append(fonts.render(part, px, color, bold=bold))
    return out


def _stack_up(table: TrumpsFace, surface: pygame.Surface, lines, bottom: float) -> None:
    imgs = _render_lines(table, lines)
    gap = table.geo.pad // 3
    y = bottom - sum(i.get_height() + gap for i in imgs)
    for img in imgs:
        surface.blit(img, img.get_rect(midtop=(table.geo.board.centerx, int(y))))
        y += img.get_height() + gap


def _stack_down(table: TrumpsFace, surface: pygame.Surface, lines, top: float) -> None:
    y = top
    gap = table.geo.pad // 3
    for img in _render_lines(table, lines):
        surface.blit(img, img.get_rect(midtop=(table.geo.board.centerx, int(y))))
        y += img.get_height() + gap
