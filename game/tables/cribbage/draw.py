"""Drawing the Cribbage table around the cards: labels, the count, the pack and its cut, the show's
spoken count, the status and preview lines."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.tables.cribbage import words
from game.tables.cribbage.cut import CutStrip
from game.tables.turnline import StatusPlace, TurnWords, draw_turn_line, turn_lines
from rules.cards import Card, pretty_cards
from rules.cribbage.types import CribbageObs as Obs
from rules.cribbage.types import ShowJSON
from sprites import theme
from sprites.widgets import draw_panel, text_panel

if TYPE_CHECKING:
    from game.tables.cribbage.face import CribbageFace



def draw_board(table: CribbageFace, surface: pygame.Surface) -> None:
    view = table.view
    g = table.geo
    table.pegboard.draw(surface, table.app.fonts, table.session.names, table.scale)
    if view.get("last_show"):
        draw_show(table, surface, view)
    else:
        _draw_pack(table, surface, view)
        _draw_count(table, surface, view)
        _draw_cut_for_deal(table, surface, view)
    _draw_players(table, surface, view)
    _draw_crib_label(table, surface, view)
    _draw_drop_zones(table, surface, view)
    strip = table.strip_due()
    if strip is not None and not (table.my_turn and table.cut_depth is not None):
        zone, cut = strip
        table.cut.draw(surface, table.app.cards.get(g.strip_w(zone)), zone, cut["of"], None)
    if table.cut.anim is not None:
        table.cut.draw_anim(surface, table.app.cards.get(g.strip_w(table.cut.anim.zone)))


def draw_top(table: CribbageFace, surface: pygame.Surface) -> None:
    g = table.geo
    strip = table.strip_due()
    if strip is not None and table.my_turn:
        zone, cut = strip
        depth = table.cut_depth
        if depth is not None:  # the status line is the one instruction (cribbage.do.*)
            table.cut.draw(surface, table.app.cards.get(g.strip_w(zone)), zone, cut["of"], depth, lift=0.5)
            label = table.t("cribbage.cut_of", depth=depth, of=cut["of"])
            table.cut.draw_marker(surface, table.app.fonts, zone, cut["of"], g.strip_w(zone), depth, label,
                                  table.scale, inside=g.strip_w(zone) == g.cw)
    draw_turn_line(table, surface, _turn(table), _place(table))
    _draw_preview(table, surface)
    if table.seq.showing:  # where the turn line goes: the message area, off the cards
        img = table.app.fonts.render(table.t("cribbage.tap_to_skip"), theme.font_px(22, table.scale), theme.TEXT_DIM)
        text_panel(surface, [(img, img.get_rect(midbottom=(g.b.centerx, int(status_bottom(table)))))], g.pad)


def cached(table: CribbageFace, fn, *args):
    """Text measurements (wrap, fit) repeat every frame; keep a few hundred of them."""
    memo = table.text_memo
    key = (fn.__name__, *args)
    if key not in memo:
        if len(memo) > 400:
            memo.clear()
        memo[key] = fn(*args)
    return memo[key]


def balanced(fonts, text: str, px: int, width: int) -> list[str]:
    """Bold ``text`` wrapped to ``width`` in as few lines, as evenly long as they go (no lone last word)."""
    lines = fonts.wrap(text, px, width, True)
    best = width
    step = max(4, width // 40)
    while len(lines) > 1 and best - step > 0 and len(fonts.wrap(text, px, best - step, True)) == len(lines):
        best -= step
    return fonts.wrap(text, px, best, True)


# --- pieces ----------------------------------------------------------------------------------------

def _draw_players(table: CribbageFace, surface: pygame.Surface, view: Obs) -> None:
    """Each player's plate beside their cards ("Go" on it while they cannot play)."""
    table.draw_plates(surface)


def _draw_crib_label(table: CribbageFace, surface: pygame.Surface, view: Obs) -> None:
    """'Ann's crib' beside the crib (in the show the count's title names it)."""
    g = table.geo
    owner = view["dealer"]
    if view.get("last_show") or owner is None:  # in the show the crib waits in its own panel, named by its title
        return
    zone = g.crib_zone(owner == view["seat"])
    if view["crib_count"] == 0:
        slot = table.app.cards.get(g.sw).slot()  # the label beside it names it, in type-scale text
        surface.blit(slot, slot.get_rect(center=zone.center))
    label = table.t("cribbage.crib_of", name=table.session.names[owner])
    if g.crib_label_over(owner == view["seat"]):  # by one's hand: over the crib, so the hand may fan up to it
        y = zone.y - g.pad // 2  # on two lines where one would reach over the hand (a narrow board in review)
        for line in reversed(table.wrap(label, theme.font_px(22, table.scale), zone.w + 2 * g.pad)):
            y = table.text(surface, line, 22, theme.TEXT_DIM, (zone.centerx, y), "midbottom").y
    else:
        table.text(surface, label, 22, theme.TEXT_DIM, (zone.x - g.pad // 2, zone.centery), "midright")


def _draw_drop_zones(table: CribbageFace, surface: pygame.Surface, view: Obs) -> None:
    """Where a tap sends the selected cards; a held card's targets are lit by the base (``lit``)."""
    table.draw_lit(surface, table.selection_targets())


def _draw_pack(table: CribbageFace, surface: pygame.Surface, view: Obs) -> None:
    """The undealt pack beside the play, with the starter turned on it."""
    if view["phase"] not in ("discard", "play", "over") or view["hand_no"] == 0 or table.strip_due() \
            or table.cut.busy:
        return
    if view["phase"] == "over" and not view["starter"]:
        return
    g = table.geo
    art = table.app.cards.get(g.cw)
    rect = art.back().get_rect(center=(round(g.x_deck), round(g.y_mid)))
    for k in (3, 2, 1):
        surface.blit(art.back(), rect.move(-k * 2, -k * 2))
    labels = ("cribbage.starter", "cribbage.starter_short") if view["starter"] else ("cribbage.pack",)
    pile_label(table, surface, labels, (g.x_deck, rect.y - g.pad), g.cw + 2 * g.pad)


def pile_label(table: CribbageFace, surface: pygame.Surface, keys: tuple[str, ...], midbottom: tuple[float, float],
               width: int) -> None:
    """A pile's name over it, no wider than the pile and its margins (the play's callouts stand beside it): its
    short form where the long one is wider, on two lines where even that is."""
    px = theme.font_px(22, table.scale)
    fonts = table.app.fonts
    texts = [table.t(k) for k in keys]
    text = next((t for t in texts if fonts.size(t, px)[0] <= width), texts[-1])
    lines = fonts.wrap(text, px, width) if fonts.size(text, px)[0] > width else [text]
    x, y = midbottom
    for line in reversed(lines):
        y = table.text(surface, line, 22, theme.TEXT_DIM, (x, y), "midbottom").y


def _draw_count(table: CribbageFace, surface: pygame.Surface, view: Obs) -> None:
    if (view["phase"] != "play" and not (view["phase"] == "over" and view["series"])) or table.cut.busy:
        return
    g = table.geo
    c = (round(g.x_count), round(g.y_mid))
    fonts, label, number = table.app.fonts, table.t("cribbage.count"), str(view["count"])
    lw, lh = fonts.size(label, theme.font_px(20, table.scale))
    nw, nh = fonts.size(number, theme.font_px(46, table.scale), True)
    r = max(round(g.cw * 0.42), round(math.hypot(max(lw, nw), lh + nh) / 2) + 2)  # the words fit inside
    pygame.draw.circle(surface, theme.FELT_DARK, c, r)
    pygame.draw.circle(surface, theme.GOLD if view["count"] in (15, 31) else theme.PANEL_EDGE, c, r,
                       max(2, int(3 * table.scale)))
    top = c[1] - (lh + nh) / 2
    table.text(surface, label, 20, theme.TEXT_DIM, (c[0], top), "midtop")
    table.text(surface, number, 46, theme.TEXT, (c[0], top + lh), "midtop", bold=True)
    fonts = table.app.fonts
    px = theme.font_px(22, table.scale)
    width = int(g.x_series - g.x_deck - g.cw / 2 - g.pad * 2)  # between the starter and the play: over no card
    blocks = []
    for text, points in table.callouts:
        fit = cached(table, fonts.fit_px, text, px, width, True)  # one line if the type scale allows
        blocks += [(line, fit, points) for line in cached(table, balanced, fonts, text, fit, width)]
    high = sum(fonts.line_height(fit, True) for _, fit, _ in blocks)
    y = c[1] + r + g.pad
    message_top = g.y_status - fonts.line_height(theme.font_px(28, table.scale), True) / 2
    if y + high > message_top:  # no room under the count before the message line: over it
        y = c[1] - r - g.pad - high
        message_bottom = message_top + fonts.line_height(theme.font_px(28, table.scale), True)
        if y < g.peg_rect.bottom + g.pad or (y < message_bottom and y + high > message_top):
            return  # nor over it (half a table, where the turn line runs there): the log and the pegs say it
    for line, fit, points in blocks:
        img = fonts.render(line, fit, theme.GOOD if points else theme.TEXT, bold=True)
        rect = surface.blit(img, img.get_rect(midtop=(c[0], y)))
        y = rect.bottom


def _draw_cut_for_deal(table: CribbageFace, surface: pygame.Surface, view: Obs) -> None:
    due = table.strip_due()
    cfd = view.get("cut_for_deal") or ({"cards": [None, None], "tie": False, "round": 1}
                                       if due is not None and due[1]["purpose"] == "deal" else None)
    if not cfd:  # before the first cut too: where each player's cut will lie
        return
    g = table.geo
    names = table.session.names
    fonts = table.app.fonts
    dealer, cards = view["dealer"], cfd["cards"]
    if dealer is not None and (card := cards[dealer]) is not None and None not in cards:
        head, size, ink, bold = table.t("cribbage.deals_first", name=names[dealer], card=pretty_cards([card])), 28, \
            theme.GOLD, True
    elif cfd["tie"] and (first := cards[0]) is not None:
        head, size, ink, bold = table.t("cribbage.tie", rank=Card.parse(first).rank_label), 28, theme.GOLD, True
    else:
        head, size, ink, bold = table.t("cribbage.cut_for_deal_round", n=cfd["round"]), 26, theme.TEXT_DIM, False
    # the two cuts on one mat: the round (then its result) over them, each player's name beside their cut, outward
    # (the line over the pack runs under the mat)
    name_px = theme.font_px(28, table.scale)
    (x0, y), (x1, _) = g.cut_for_deal_xy(0), g.cut_for_deal_xy(1)
    left = x0 - g.cw / 2 - g.pad - fonts.size(names[0], name_px, True)[0]
    right = x1 + g.cw / 2 + g.pad + fonts.size(names[1], name_px, True)[0]
    head_w, head_h = fonts.size(head, theme.font_px(size, table.scale), bold)
    above = y - g.ch / 2 - g.pad / 4  # close over the cuts: the mat stays clear of the peg board over it
    left, right = min(left, g.b.centerx - head_w / 2) - g.pad, max(right, g.b.centerx + head_w / 2) + g.pad
    mat = pygame.Rect(int(left), 0, int(right - left), int(g.ch + head_h + g.pad))
    mat.bottom = int(y + g.ch / 2 + g.pad / 2)
    draw_panel(surface, mat, alpha=110)
    for k, x in ((0, x0), (1, x1)):
        if cards[k] is None:
            slot = table.app.cards.get(g.cw).slot()
            surface.blit(slot, slot.get_rect(center=(round(x), round(y))))
        side = (x + (g.cw / 2 + g.pad) * (2 * k - 1), y)
        table.text(surface, names[k], 28, theme.TEXT, side, "midleft" if k else "midright", bold=True)
    table.text(surface, head, size, ink, (g.b.centerx, above), "midbottom", bold=bold)


def draw_show(table: CribbageFace, surface: pygame.Surface, view: Obs) -> None:
    """Each count's title with its running total, and the count said aloud, part by part."""
    g = table.geo
    seq = table.seq
    fonts = table.app.fonts
    pile_label(table, surface, ("cribbage.starter", "cribbage.starter_short"), (g.x_deck, g.y_show - g.ch / 2 - g.pad),
               g.cw + 2 * g.pad)
    width = int(g.show_group_w())
    status_h = table.app.fonts.line_height(theme.font_px(28, table.scale), True)
    limit = min(status_bottom(table) - status_h - g.pad, _status_top(table) - g.pad / 2)
    px = theme.font_px(24, table.scale)
    line_h = fonts.get(px).get_linesize()
    skip_top = status_bottom(table) - fonts.line_height(theme.font_px(22, table.scale)) - g.pad / 2  # text_panel's
    titles = [_show_title(table, n, item) for n, item in enumerate(view["last_show"])]
    # the titles in one size, the largest at which each stands on a line but no smaller than the count's words (a
    # title longer than that takes two lines, which the row keeps room for)
    top_px = theme.font_px(30, table.scale)
    one_line = min(cached(table, fonts.fit_px, title, top_px, width, True) for title, _ in titles)
    head_px = max(px, one_line)
    heads = [(head_px, cached(table, balanced, fonts, title, head_px, width)) for title, _ in titles]  # no lone ": 6"
    if any(len(lines) > 2 for _, lines in heads):  # more than the row's room: the size that keeps each on a line
        heads = [(one_line, cached(table, balanced, fonts, title, one_line, width)) for title, _ in titles]
    bottom = g.y_show - g.ch / 2 - g.pad
    text_limit = min(limit, skip_top - g.pad / 2) if seq.showing else limit  # clear of the skip or the turn line
    tray_bottom = text_limit + g.pad / 4
    _draw_trays(table, surface, min(bottom - len(lines) * fonts.get(hp, True).get_linesize() for hp, lines in heads),
                tray_bottom, len(titles))
    for n, item in enumerate(view["last_show"]):
        x = g.show_group_x(n)
        active = seq.counting and seq.active == n
        shown = seq.parts_shown(n, item)
        color = theme.TEXT_DIM if titles[n][1] else theme.GOLD if active else theme.TEXT
        head_px, head = heads[n]
        for k, part in enumerate(reversed(head)):
            img = fonts.render(part, head_px, color, bold=True)
            surface.blit(img, img.get_rect(bottomleft=(x, bottom - k * fonts.get(head_px, True).get_linesize())))
        if not item["counted"] or not seq.reached(n):
            continue
        y = g.show_text_top
        if seq.showing:  # one line at least, clear of the skip caption's panel under it (it rises a little)
            y = min(y, skip_top - line_h - 1)
        fit = max(1, int((text_limit - y) // line_h))
        for line in count_lines(table, item, shown, seq.complete(n), px, width, fit):
            ink = theme.TEXT if active or not seq.counting else theme.TEXT_DIM
            surface.blit(fonts.render(line, px, ink), (x, y))
            y += line_h


def _status_top(table: CribbageFace) -> float:
    """The top of the turn line's panel as it will be drawn over the show (a long line wraps upwards): the show lies
    in the table's still layer, drawn before the turn line, so the last frame's panel may be another's."""
    words = _turn(table)
    if words is None:
        return math.inf
    place, fonts, total = _place(table), table.app.fonts, 0.0
    for line in turn_lines(table, words):
        if line.text:
            px = theme.font_px(line.px, table.scale)
            px = fonts.fit_px(line.text, px, place.width, line.bold) if place.fit else px
            total += fonts.line_height(px, line.bold) * len(table.wrap(line.text, px, place.width, line.bold))
    bottom = place.bottom if place.bottom is not None else place.center[1] + total / 2
    return bottom - total - place.pad / 2


def _show_title(table: CribbageFace, n: int, item: ShowJSON) -> tuple[str, bool]:
    """A count's title, and whether it is dimmed (not counted, or not reached yet): whose it is, with its running
    total once it is reached."""
    seq = table.seq
    whose = table.t(f"cribbage.whose.{item['kind']}", name=table.session.names[item["seat"]])
    if not item["counted"]:
        return table.t("cribbage.not_counted", whose=whose), True
    if not seq.reached(n):
        return whose, True
    total = words.running_total(item["parts"], seq.parts_shown(n, item))
    return table.t("cribbage.show_title", whose=whose, total=total), False


def _draw_trays(table: CribbageFace, surface: pygame.Surface, top: float, bottom: float, groups: int) -> None:
    """A panel under the starter and under each count (its title, its cards and its words), as a score sheet sets
    each hand apart: the counts read as one composed sheet, the one being counted edged in gold."""
    g = table.geo
    for n in range(-1, groups):
        if n < 0:  # the starter's only as deep as its card: one's plate stands under it
            left, right, foot = g.x_deck - g.cw / 2 - g.pad, g.x_deck + g.cw / 2 + g.pad, g.y_show + g.ch / 2 + g.pad
        else:
            left, foot = g.show_group_x(n) - g.pad, bottom
            right = left + g.show_group_w() + 2 * g.pad
        rect = pygame.Rect(int(left), int(top - g.pad / 2), int(right - left), int(min(bottom, foot) - top + g.pad / 2))
        draw_panel(surface, rect, alpha=110)
        if n >= 0 and table.seq.counting and table.seq.active == n:
            pygame.draw.rect(surface, theme.GOLD, rect, max(2, int(3 * table.scale)), max(6, min(rect.w, rect.h) // 14))


def count_lines(table: CribbageFace, item: ShowJSON, shown: int, complete: bool, px: int, width: int,
                fit: int) -> list[str]:
    """A count's words in at most ``fit`` lines, never cut: spoken as a player counts ("fifteen two, fifteen
    four …"), else grouped ("2 fifteens for 4, pair for 2 = 6"), else its running total alone."""
    t, fonts, parts = table.t, table.app.fonts, item["parts"]
    if not parts:
        return [t("cribbage.say.nothing")] if complete else []
    said = words.spoken_count(t, parts, shown)
    total = item["total"] if complete else words.running_total(parts, shown)
    forms = [t("cribbage.said_total", said=said, total=total) if complete else said,
             words.show_breakdown(t, parts[:shown], total), str(total)]
    for text in forms:
        lines = cached(table, fonts.wrap, text, px, width)
        if len(lines) <= fit:
            return lines
    return [str(total)]


def _turn(table: CribbageFace) -> TurnWords | None:
    """One's own turn says what to do in this phase; nothing shows while a show is counted, the cut plays or a
    selection or a hint in words says more than the turn line, in its place."""
    if table.seq.showing or table.cut.busy or (table.my_turn and table.preview_text()):
        return None
    view, names = table.obs, table.session.names
    mine = None
    if table.my_turn:
        seat = table.match.state.to_move
        assert seat is not None  # one's own turn: the game runs
        mine = table.t(f"cribbage.do.{view['phase']}", name=names[seat],
                       dealer=names[view["dealer"]] if view["dealer"] is not None else "", count=view["count"])
    return TurnWords(mine=mine, px=28)


def _place(table: CribbageFace) -> StatusPlace:
    """On the line between the play and the hand; above the pack or the hand while a show or a pack at a hand's size
    lies there (a long instruction wraps upwards)."""
    g = table.geo
    strip = table.strip_due()
    over_pack = strip is not None and g.strip_w(strip[0]) == g.cw  # a long line wraps upwards, off the cuts' mat
    bottom = status_bottom(table) if table.obs.get("last_show") or over_pack else None
    return StatusPlace((g.b.centerx, g.y_status), g.message_w, g.pad, fit=True, bottom=bottom)


def status_bottom(table: CribbageFace) -> float:
    """Where the turn line ends while a show lies on the table: just above the pack spread for the next cut, else at
    the foot of the hand's row (the hand lies in the show); the show's words stop above it."""
    g = table.geo
    strip = table.strip_due()
    if strip and table.obs["phase"] != "starter":
        if table.obs.get("last_show"):  # the small pack at the row's foot: the line clear of one's plate beside it
            return min(strip[0].y, table.plate_rect(table.view_seat).top) - g.pad
        return strip[0].y - g.pad
    return g.y_hand + g.ch / 2 if table.obs.get("last_show") else g.y_hand - g.ch / 2 - g.pad


def _draw_preview(table: CribbageFace, surface: pygame.Surface) -> None:
    """The selection or the hint, in words, before anything is confirmed."""
    if not table.my_turn or table.seq.showing:
        return
    g = table.geo
    text = table.preview_text()
    if not text:
        return
    width = min(int(g.b.w * 0.9), g.message_w)
    px = cached(table, table.app.fonts.fit_px, text, theme.font_px(25, table.scale), width, True)  # one line if it can
    lines = cached(table, table.app.fonts.wrap, text, px, width, True)
    imgs = [table.app.fonts.render(line, px, theme.TEXT, bold=True) for line in lines]
    w = max(i.get_width() for i in imgs) + g.pad * 2
    h = sum(i.get_height() for i in imgs) + g.pad
    box = pygame.Rect(0, 0, w, h)
    box.center = (g.b.centerx, int(g.y_preview))
    if (strip := table.strip_due()) and table.obs["phase"] != "starter":  # over the pack and its depth's badge
        inside = g.strip_w(strip[0]) == g.cw  # a pack where the hand goes: its badge on its top edge
        marker = CutStrip.marker_top(table.app.fonts, strip[0], table.scale, inside) - g.pad
        box.midbottom = (g.b.centerx, strip[0].y - g.pad if table.cut_depth is None else marker)
    draw_panel(surface, box, alpha=150)
    y = box.y + g.pad // 2
    for img in imgs:
        surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
        y += img.get_height()
