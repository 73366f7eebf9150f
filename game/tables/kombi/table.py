"""Kombi-Duell at the table: hand, exchange area, draw pile, scored combinations, and its gestures."""
from __future__ import annotations

from typing import Any

import pygame

from game.tables.base import TableScene
from game.tables.cardlayer import CardSprite
from game.tables.kombi.warn import ask_before_ending
from rules.cards import Card, pretty_cards
from rules.core import Action, Event
from rules.kombi.combos import best_split, combo_kind, combo_points
from rules.kombi.state import play_action
from sprites import theme
from sprites.widgets import Button, draw_badge

DRAW = Action.make("draw")
PASS = Action.make("pass")
DIGIT_KEYS = {getattr(pygame, f"K_{i}"): (i - 1) % 10 for i in range(10)}


class KombiTable(TableScene):
    game_id = "kombi"

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.selected: set[str] = set()
        self.sort_by = app.settings.sort_by

    def on_settings(self, key: str) -> None:
        if key == "sort_by":
            self.sort_by = self.app.settings.sort_by
            self.refresh(animate=True)

    # --- geometry --------------------------------------------------------------------------------
    def layout(self) -> None:
        b = self.board
        h = b.h
        self.cw = max(40, int(min(h * 0.14, b.w / 8.6)))
        ch = self.cw * theme.CARD_RATIO
        self.pad = max(6, int(14 * self.scale))
        self.y_opp = b.y + h * 0.085
        self.y_opp_disc = b.y + h * 0.235
        self.y_status = b.y + h * 0.31
        self.y_mid = b.y + h * 0.47
        self.y_preview = b.y + h * 0.588
        self.y_my_disc = b.y + h * 0.675
        self.y_hand = b.bottom - ch / 2 - h * 0.02
        self.x_draw = b.x + b.w * 0.2
        self.x_area = b.x + b.w * 0.56
        self.mini = max(30, int(self.cw * 0.6))  # scored combinations stay readable
        mini_h = self.mini * theme.CARD_RATIO
        self.pile_left = b.x + b.w * 0.24  # where the scored combinations start
        self.my_pile_zone = pygame.Rect(b.x + self.pad, int(self.y_my_disc - mini_h / 2 - self.pad),
                                        b.w - 2 * self.pad, int(mini_h + 2 * self.pad))
        self.hand_zone = pygame.Rect(b.x, int(self.y_hand - ch * 0.75), b.w, int(ch * 1.5))
        self.draw_rect = pygame.Rect(0, 0, self.cw, int(ch))
        self.draw_rect.center = (int(self.x_draw), int(self.y_mid))

    def deal_origin(self) -> tuple[float, float]:
        return self.x_draw, self.y_mid

    def area_x(self, i: int) -> float:
        return self.x_area + (i - 1) * self.cw * 1.18

    def hand_positions(self, n: int) -> list[float]:
        if n == 0:
            return []
        step = min(self.cw * 0.78, (self.board.w * 0.78 - self.cw) / max(1, n - 1))
        width = self.cw + step * (n - 1)
        left = self.board.centerx - width / 2 + self.cw / 2
        return [left + i * step for i in range(n)]

    # --- the view ----------------------------------------------------------------------------------
    def public_only(self, obs: dict[str, Any]) -> dict[str, Any]:
        hidden = dict(obs)
        hidden["hand"] = []
        hidden["legal"] = []
        return hidden

    def ordered_hand(self, obs: dict[str, Any]) -> list[str]:
        hand = list(obs["hand"])
        if self.sort_by == "suit":
            return sorted(hand, key=lambda c: (Card.parse(c).suit, Card.parse(c).rank))
        return sorted(hand, key=lambda c: (Card.parse(c).rank, Card.parse(c).suit))

    def sprites(self, obs: dict[str, Any]) -> list[CardSprite]:
        me, opp = obs["seat"], 1 - obs["seat"]
        out: list[CardSprite] = []
        hint = self._hint_cards()
        hand = self.ordered_hand(obs) or (obs.get("hands") or [[], []])[me]
        if hand:
            for i, (c, x) in enumerate(zip(hand, self.hand_positions(len(hand)), strict=True)):
                out.append(CardSprite(c, c, x, self.y_hand, self.cw, z=100 + i, selected=c in self.selected,
                                      glow=theme.GOLD if c in hint else None))
        else:
            n = obs["hand_counts"][me]
            for i, x in enumerate(self.hand_positions(n)):
                out.append(CardSprite(f"me:{i}", None, x, self.y_hand, self.cw, z=100 + i))
        n_opp = obs["hand_counts"][opp]
        shown = (obs.get("hands") or [None, None])[opp]  # face up once the game is over
        ow = max(30, int(self.cw * (0.75 if shown else 0.55)))
        step = min(ow * (0.62 if shown else 0.45), self.board.w * 0.45 / max(1, n_opp))
        left = self.board.centerx - step * (n_opp - 1) / 2
        for i in range(n_opp):
            out.append(CardSprite(f"opp:{i}", shown[i] if shown else None, left + i * step, self.y_opp, ow,
                                  z=10 + i))
        for i, c in enumerate(obs["exchange"]):
            out.append(CardSprite(c, c, self.area_x(i), self.y_mid, self.cw, z=50,
                                  glow=theme.GOLD if c in hint else None))
        if obs["draw_count"]:
            out.append(CardSprite("draw:top", None, self.x_draw, self.y_mid, self.cw, z=49,
                                  glow=theme.GOLD if "draw:top" in hint else None))
        out += self._pile_sprites(obs["discards"][opp], self.y_opp_disc)
        out += self._pile_sprites(obs["discards"][me], self.y_my_disc)
        return out

    def _pile_sprites(self, combos: list[dict], y: float) -> list[CardSprite]:
        out = []
        x = self.pile_left
        overlap = self.mini * 0.48
        gap = self.mini * 0.35
        total = sum(self.mini + overlap * (len(c["cards"]) - 1) + gap for c in combos)
        room = self.board.right - x - self.pad
        squeeze = min(1.0, room / total) if total else 1.0
        for combo in combos:
            for j, c in enumerate(combo["cards"]):
                out.append(CardSprite(c, c, x + self.mini / 2 + j * overlap * squeeze, y, self.mini, z=20 + j))
            x += (self.mini + overlap * (len(combo["cards"]) - 1) + gap) * squeeze
        return out

    def origins(self, obs: dict[str, Any], events: tuple[Event, ...]) -> dict[str, tuple[float, float, bool]]:
        actor = next((e.get("seat") for e in events if "seat" in e), None)
        from_opp = actor is not None and actor != obs["seat"]
        src = (self.board.centerx, self.y_opp) if from_opp else (self.x_draw, self.y_mid)
        return {s.key: (src[0], src[1], s.card is not None) for s in self.sprites(obs)
                if s.key not in self.cards.targets}

    def _hint_cards(self) -> set[str]:
        a = self.hint
        if a is None:
            return set()
        if a.kind == "draw":
            return {"draw:top"}
        if a.kind == "exchange":
            return {a["hand"], a["area"]}
        if a.kind == "play":
            return {c for combo in a["combos"] for c in combo}
        return set()

    # --- gestures ------------------------------------------------------------------------------------
    def drag_keys_for(self, key: str) -> list[str]:
        if key == "draw:top":
            return [key]
        if key in self.obs["hand"]:
            if key in self.selected:
                return [c for c in self.ordered_hand(self.obs) if c in self.selected]
            return [key]
        return []

    def drop(self, keys: list[str], pos: tuple[int, int]) -> Action | str | None:
        if keys == ["draw:top"]:
            return DRAW if self.hand_zone.collidepoint(pos) or pos[1] > self.y_preview else None
        target = self._exchange_at(pos)
        if target in self.obs["exchange"]:
            if len(keys) != 1:
                return self.t("kombi.one_card")
            return Action.make("exchange", hand=keys[0], area=target)
        if self.my_pile_zone.collidepoint(pos):
            return self.play_for(keys)
        return None

    def _exchange_at(self, pos: tuple[int, int]) -> str | None:
        for c in self.obs["exchange"]:
            r = self.cards.current_rect(c)
            if r is not None and r.inflate(r.w * 0.2, r.h * 0.2).collidepoint(pos):
                return c
        return None

    def play_for(self, cards: list[str]) -> Action:
        """The best way to play exactly these cards, or a single combo the rules will refuse with a reason."""
        split = best_split(cards)
        return play_action(split) if split else play_action([cards])

    def tap(self, key: str | None, pos: tuple[int, int]) -> None:
        if key is not None and key in self.obs["hand"]:
            self.selected ^= {key}
            self.app.play_sound("click")
            self.refresh(animate=True)
        elif key == "draw:top":
            self.submit(DRAW)
        elif key is not None and key in self.obs["exchange"]:
            if len(self.selected) == 1:
                self.submit(Action.make("exchange", hand=next(iter(self.selected)), area=key))
            else:
                self.show_toast(self.t("kombi.one_card"))
        elif self.my_pile_zone.collidepoint(pos) and self.selected:
            self.submit(self.play_for(sorted(self.selected)))

    # --- keyboard ----------------------------------------------------------------------------------
    def focus_items(self) -> list[tuple[str, pygame.Rect]]:
        items = []
        for c in self.ordered_hand(self.obs):
            r = self.cards.current_rect(c)
            if r is not None:
                items.append((c, r))
        if self.obs["draw_count"]:
            items.append(("draw:top", self.draw_rect))
        items += [(c, r) for c in self.obs["exchange"] if (r := self.cards.current_rect(c)) is not None]
        items.append(("pile", self.my_pile_zone))
        return items

    def activate(self, item: str | None, confirm: bool) -> None:
        if item in self.obs["hand"]:
            if confirm and self.selected:
                self.submit(self.play_for(sorted(self.selected)))
            else:
                self.tap(item, (0, 0))
        elif item == "pile":
            if self.selected:
                self.submit(self.play_for(sorted(self.selected)))
        elif item is not None:
            self.tap(item, (0, 0))

    def game_key(self, event: pygame.event.Event) -> None:
        hand = self.ordered_hand(self.obs)
        if event.key in DIGIT_KEYS and DIGIT_KEYS[event.key] < len(hand):
            self.tap(hand[DIGIT_KEYS[event.key]], (0, 0))
        elif event.key == pygame.K_d:
            self.submit(DRAW)
        elif event.key == pygame.K_e:
            self.pass_turn()
        elif event.key == pygame.K_p and self.selected:
            self.submit(self.play_for(sorted(self.selected)))

    # --- buttons -------------------------------------------------------------------------------------
    def game_button_rows(self) -> int:
        return 2

    def game_buttons(self, area: pygame.Rect) -> list[Button]:
        gap = max(6, int(12 * self.scale))
        bh = (area.h - gap) // 2
        half = (area.w - gap) // 2
        mine = self.my_turn
        split = best_split(sorted(self.selected)) if self.selected else None
        can_play = mine and split is not None and "play" not in self.obs.get("done", [])
        done = self.obs.get("done", [])
        end_label = self.t("kombi.pass") if not done else self.t("kombi.end_turn")
        sort_label = self.t("kombi.sort_suit" if self.sort_by == "suit" else "kombi.sort_rank")
        return [
            Button("play", self.t("kombi.play"), pygame.Rect(area.x, area.y, half, bh), enabled=can_play,
                   primary=True),
            Button("sort", sort_label, pygame.Rect(area.x + half + gap, area.y, half, bh)),
            Button("pass", end_label, pygame.Rect(area.x, area.y + bh + gap, area.w, bh), enabled=mine),
        ]

    def on_game_button(self, bid: str) -> None:
        if bid == "play" and self.selected:
            self.submit(self.play_for(sorted(self.selected)))
        elif bid == "pass":
            self.pass_turn()
        elif bid == "sort":
            self.sort_by = "rank" if self.sort_by == "suit" else "suit"
            self.refresh(animate=True)

    def pass_turn(self) -> None:
        if not ask_before_ending(self, PASS):
            self.submit(PASS)

    def after_action(self, action: Action) -> None:
        self.selected.clear()
        self.app.play_sound({"draw": "draw", "exchange": "place", "play": "deal"}.get(action.kind, "turn"))

    def clear_selection(self) -> None:
        self.selected.clear()

    # --- words -----------------------------------------------------------------------------------------
    def name(self, seat: int) -> str:
        return self.session.names[seat]

    def combos_text(self, combos: list[list[str]]) -> str:
        parts = [self.t("kombi.combo", cards=pretty_cards(c), kind=self.t(f"kombi.kind.{combo_kind(c)}"),
                        points=combo_points(c)) for c in combos]
        return self.t("kombi.and").join(parts)

    def describe(self, e: Event) -> str:
        kind = e["type"].split(".", 1)[1]
        if kind == "draw":
            return self.t("kombi.log.draw", name=self.name(e["seat"]))
        if kind == "exchange":
            return self.t("kombi.log.exchange", name=self.name(e["seat"]), gave=pretty_cards([e["gave"]]),
                          took=pretty_cards([e["took"]]))
        if kind == "play":
            return self.t("kombi.log.play", name=self.name(e["seat"]), combos=self.combos_text(e["combos"]),
                          points=e["points"])
        if kind == "pass":
            return self.t("kombi.log.pass" if e["full"] else "kombi.log.end_turn", name=self.name(e["seat"]))
        if kind == "end":
            loser_out = self.match.state.to_move is None and e["reason"] == "empty_hand"
            who = self.name(self._emptied_seat()) if loser_out else ""
            head = self.t(f"kombi.log.end.{e['reason']}", name=who)
            tail = self.t("kombi.log.final", a=self.name(0), sa=e["scores"][0], b=self.name(1), sb=e["scores"][1])
            return f"{head} {tail}"
        return str(e)

    def _emptied_seat(self) -> int:
        counts = self.obs["hand_counts"]
        return 0 if counts[0] == 0 else 1

    def hint_text(self, a: Action) -> str:
        if a.kind == "exchange":
            return self.t("kombi.hint.exchange", gave=pretty_cards([a["hand"]]), took=pretty_cards([a["area"]]))
        if a.kind == "play":
            combos = [list(c) for c in a["combos"]]
            return self.t("kombi.hint.play", combos=self.combos_text(combos),
                          points=sum(combo_points(c) for c in combos))
        return self.t(f"kombi.hint.{a.kind}")

    def end_columns(self) -> list[list[str]]:
        """For the end screen: each player's scored combinations, one per line."""
        cols = []
        for seat in (0, 1):
            combos = [c["cards"] for c in self.obs["discards"][seat]]
            cols.append([self.combos_text([c]) for c in combos] or [self.t("kombi.end.none")])
        return cols

    # --- drawing ------------------------------------------------------------------------------------
    def draw_plates(self, surface: pygame.Surface) -> None:
        """Each player's name with their points and (the opponent's) card count."""
        obs = self.obs
        me, opp = obs["seat"], 1 - obs["seat"]
        x0 = self.board.x + self.pad
        self.text(surface, self.t("kombi.discards", name=self.name(opp), score=obs["scores"][opp]), 30,
                  theme.TEXT, (x0, self.y_opp_disc), "midleft", bold=True)
        fan_left = min((s.rect().left for k, s in self.cards.targets.items() if k.startswith("opp:")),
                       default=self.board.centerx)
        self.text(surface, f"{self.name(opp)}  ·  {self.t.n('kombi.hand_count', obs['hand_counts'][opp])}", 26,
                  theme.TEXT, (fan_left - self.pad * 2, self.y_opp), "midright", bold=True)
        self.text(surface, self.t("kombi.discards", name=self.name(me), score=obs["scores"][me]), 30,
                  theme.TEXT, (x0, self.y_my_disc), "midleft", bold=True)

    def draw_board(self, surface: pygame.Surface) -> None:
        obs = self.obs
        art = self.app.cards.get(self.cw)
        dim = theme.TEXT_DIM
        self.draw_plates(surface)
        if self.my_turn and (self.selected or self.drag_keys):
            glow = pygame.Surface(self.my_pile_zone.size, pygame.SRCALPHA)
            glow.fill((*theme.DROP_GLOW[:3], 40))
            surface.blit(glow, self.my_pile_zone)
            pygame.draw.rect(surface, theme.DROP_GLOW, self.my_pile_zone, width=2,
                             border_radius=int(10 * self.scale))
        if obs["draw_count"]:
            for k in range(min(4, obs["draw_count"] // 8), 0, -1):
                surface.blit(art.back(), self.draw_rect.move(-k * 2, -k * 2))
        else:
            surface.blit(art.slot(), self.draw_rect)
        self.text(surface, self.t("kombi.draw_pile"), 24, dim, (self.x_draw, self.draw_rect.y - self.pad),
                  "midbottom")
        self.text(surface, self.t("kombi.exchange"), 24, dim, (self.x_area, self.draw_rect.y - self.pad),
                  "midbottom")
        self._status(surface)

    def draw_top(self, surface: pygame.Surface) -> None:
        draw_badge(surface, self.app.fonts, str(self.obs["draw_count"]),
                   (self.draw_rect.right - 4, self.draw_rect.bottom - 4), theme.font_px(26, self.scale), theme.GOLD)
        self._preview(surface)

    def _status(self, surface: pygame.Surface) -> None:
        st = self.match.state
        if st.is_over:
            return
        seat = st.to_move
        if self.my_turn:
            left = 2 - len(self.obs["done"])
            can = [self.t(f"kombi.a.{k}") for k in ("draw", "exchange", "play")
                   if k not in self.obs["done"] and any(a["kind"] == k for a in self.obs["legal"])]
            line = (f"{self.t('table.your_turn', name=self.name(seat))}  ·  "
                    f"{self.t.n('kombi.actions_left', left)}  ·  {self.t('kombi.can', list=', '.join(can))}")
            color = theme.GOLD
        elif self.bot.thinking:
            line, color = self.t("table.thinking", name=self.name(seat)), theme.TEXT
        else:
            line, color = self.t("table.their_turn", name=self.name(seat)), theme.TEXT
        self.text(surface, line, 28, color, (self.board.centerx, self.y_status), "center", bold=True)

    def _preview(self, surface: pygame.Surface) -> None:
        if not (self.my_turn and self.selected):
            return
        split = best_split(sorted(self.selected))
        if split:
            combos = [[str(c) for c in combo] for combo in split]
            text = self.t("kombi.preview", combos=self.combos_text(combos),
                          points=sum(combo_points(c) for c in combos))
            color = theme.GOOD
        else:
            text, color = self.t("kombi.preview_bad"), theme.TEXT_DIM
        self.text(surface, text, 26, color, (self.board.centerx, self.y_preview), "center", bold=True)
