"""Kombi-Duell at the table: hand, exchange area, draw pile, scored combinations, and its gestures."""
from __future__ import annotations

import pygame

from game.tables.base import TableScene
from game.tables.cardlayer import CardSprite
from game.tables.controls import DIGIT_KEYS
from game.tables.kombi import draw
from game.tables.kombi.layout import KombiGeometry, Room
from game.tables.kombi.warn import ask_before_ending
from game.tables.plates import PlateSeats
from rules.cards import pretty_cards
from rules.core import Action, Event
from rules.gesture import Spot
from rules.kombi.combos import best_split, combo_kind, combo_points
from rules.kombi.types import KombiObs, PlayedJSON, kombi_obs
from rules.shapes import Observation
from sprites import theme
from sprites.plate import Plate
from sprites.tween import CountUp
from sprites.widgets import Button

PASS = Action.make("pass")


class KombiTable(PlateSeats, TableScene):
    game_id = "kombi"
    geo: KombiGeometry
    obs: KombiObs  # the base's view, which is this game's observation (or its public view)

    def __init__(self, app, session) -> None:
        self.score_count = CountUp()  # the plates' scores count up to a new score
        super().__init__(app, session)
        self.selected: set[str] = set()
        self.geo = KombiGeometry(pygame.Rect(0, 0, 800, 600), 1.0)

    # --- geometry and plates --------------------------------------------------------------------
    def layout(self) -> None:
        fonts, t, scale = self.app.fonts, self.t, self.scale
        full = [self.plate_look(self._plate(seat, 999, 15, True)).size for seat in (0, 1)]
        label = fonts.size(t("kombi.scored"), theme.font_px(22, scale))[0]
        column = max(label, *(w for w, _ in full))
        me = self.view_seat
        line = fonts.get(theme.font_px(28, scale), True).get_linesize()
        room = Room(column, fonts.get(theme.font_px(24, scale)).get_linesize() + max(4, int(6 * scale)), line,
                    full[me][1], full[1 - me][1])
        self.geo = KombiGeometry(self.board, scale, room)

    def deal_origin(self) -> tuple[float, float]:
        return self.geo.x_draw, self.geo.y_mid

    # the places tests, tools and coach marks reach for, from the geometry
    cw = property(lambda self: self.geo.cw)
    draw_rect = property(lambda self: self.geo.draw_rect)
    hand_zone = property(lambda self: self.geo.hand_zone)
    my_pile_zone = property(lambda self: self.geo.my_pile_zone)

    def plates(self) -> list[Plate]:
        obs = self.obs
        return [self._plate(seat, self.shown_score(seat), obs["hand_counts"][seat],
                            obs.get("to_move", None) == seat and not self.match.state.is_over) for seat in (0, 1)]

    def shown_score(self, seat: int) -> int:
        """The score as the plate shows it: counting up to a new score (at once with reduced motion)."""
        score = self.obs["scores"][seat]
        return score if self.app.settings.reduce_motion else self.score_count.shown(seat, score)

    def game_static_key(self) -> object:
        return (self.shown_score(0), self.shown_score(1)) if self.obs else None  # a count-up redraws the plates

    def update(self, dt: float) -> None:
        self.score_count.update(dt * self.app.settings.animation_speed)
        super().update(dt)

    def wants_frame(self) -> bool:
        return self.score_count.busy or super().wants_frame()

    def _plate(self, seat: int, score: int, cards: int, turn: bool) -> Plate:
        name = self.seat_name(seat)
        if seat == self.view_seat and self.session.is_human(seat) and self.session.mode != "demo":
            name = self.t("plate.you", name=name)
        return Plate(name, score=self.t.n("plate.points", score), count=self.t.n("kombi.hand_count", cards),
                     turn=turn)

    def plate_place(self, seat: int) -> tuple[tuple[float, float], str, bool]:
        if seat == self.obs.get("seat", self.view_seat):
            return self.geo.plate_mine_at, "midleft", True
        return self.geo.plate_theirs_at, "midleft", True

    # --- the view ----------------------------------------------------------------------------------
    def sprites(self, seen: Observation) -> list[CardSprite]:
        obs = kombi_obs(seen)
        me, opp = obs["seat"], 1 - obs["seat"]
        out: list[CardSprite] = []
        hint = self._hint_cards()
        geo = self.geo
        hand = self.ordered_hand(obs["hand"]) or (obs.get("hands") or [[], []])[me]
        if hand:
            for i, (c, x) in enumerate(zip(hand, geo.hand_positions(len(hand)), strict=True)):
                out.append(CardSprite(c, c, x, geo.y_hand, geo.cw, z=100 + i, selected=c in self.selected,
                                      glow=theme.GOLD if c in hint else None))
        else:
            n = obs["hand_counts"][me]
            for i, x in enumerate(geo.hand_positions(n)):
                out.append(CardSprite(f"me:{i}", None, x, geo.y_hand, geo.cw, z=100 + i))
        n_opp = obs["hand_counts"][opp]
        shown = obs["hands"][opp] if obs["hands"] else None  # face up once the game is over
        ow = geo.mini if shown else geo.ow
        for i, x in enumerate(geo.opp_positions(n_opp, ow, bool(shown))):
            out.append(CardSprite(f"opp:{i}", shown[i] if shown else None, x, geo.y_opp, ow, z=10 + i))
        for i, c in enumerate(obs["exchange"]):
            out.append(CardSprite(c, c, geo.area_x(i), geo.y_mid, geo.cw, z=50,
                                  glow=theme.GOLD if c in hint else None))
        if obs["draw_count"]:
            out.append(CardSprite("draw:top", None, geo.x_draw, geo.y_mid, geo.cw, z=49,
                                  glow=theme.GOLD if "draw:top" in hint else None))
        out += self._pile_sprites(obs["discards"][opp], geo.y_opp_disc)
        out += self._pile_sprites(obs["discards"][me], geo.y_my_disc)
        return out

    def _pile_sprites(self, combos: list[PlayedJSON], y: float) -> list[CardSprite]:
        cards = [combo["cards"] for combo in combos]
        xs = self.geo.pile_xs([len(c) for c in cards], y)
        return [CardSprite(c, c, x, y, self.geo.mini, z=20 + j)
                for combo, row in zip(cards, xs, strict=True) for j, (c, x) in enumerate(zip(combo, row, strict=True))]

    def origins(self, obs: Observation, events: tuple[Event, ...]) -> dict[str, tuple[float, float, bool]]:
        actor = next((e.get("seat") for e in events if "seat" in e), None)
        from_opp = actor is not None and actor != obs["seat"]
        src = (self.board.centerx, self.geo.y_opp) if from_opp else (self.geo.x_draw, self.geo.y_mid)
        return {s.key: (src[0], src[1], s.card is not None) for s in self.sprites(obs)
                if s.key not in self.cards.targets}

    def hint_keys(self) -> set[str]:
        return self._hint_cards()

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

    # --- gestures: pixels to spots (what they mean: rules/kombi/gestures.py) ---------------------------------
    def drag_keys_for(self, key: str) -> list[str]:
        if key == "draw:top" or key in self.obs["exchange"]:
            return [key]
        if key in self.obs["hand"]:
            if key in self.selected:
                return [c for c in self.ordered_hand(self.obs["hand"]) if c in self.selected]
            return [key]
        return []

    def spot_of(self, keys: list[str]) -> Spot | None:
        if keys == ["draw:top"]:
            return Spot("draw")
        if len(keys) == 1 and keys[0] in self.obs["exchange"]:
            return Spot("exchange", None, (keys[0],))
        if keys and all(k in self.obs["hand"] for k in keys):
            return Spot("hand", self.view_seat, tuple(keys))
        return None

    def drop_spots(self) -> list[tuple[Spot, pygame.Rect]]:
        me, out = self.view_seat, []
        for c in self.obs["exchange"]:
            if (r := self.cards.current_rect(c)) is not None:
                out.append((Spot("exchange", None, (c,)), r.inflate(r.w * 0.2, r.h * 0.2)))
        for c in self.obs["hand"]:
            if (r := self.cards.current_rect(c)) is not None:
                out.append((Spot("hand", me, (c,)), r))
        out += [(Spot("hand", me), self.geo.hand_zone), (Spot("pile", me), self.geo.my_pile_zone),
                (Spot("draw"), self.geo.draw_rect)]
        return out

    def tap(self, key: str | None, pos: tuple[int, int]) -> None:
        if key is not None and key in self.obs["hand"]:
            self.selected ^= {key}
            self.app.play_sound("click")
            self.refresh(animate=True)
        elif key == "draw:top":
            self.tap_spot(Spot("draw"))
        elif key is not None and key in self.obs["exchange"]:
            self.selection_to(sorted(self.selected), Spot("exchange", None, (key,)))
        elif self.my_pile_zone.collidepoint(pos) and self.selected:
            self.play_selected()

    def play_selected(self) -> None:
        self.selection_to(self.ordered_hand(sorted(self.selected)), Spot("pile", self.view_seat))

    # --- keyboard ----------------------------------------------------------------------------------
    def focus_items(self) -> list[tuple[str, pygame.Rect]]:
        items = []
        for c in self.ordered_hand(self.obs["hand"]):
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
                self.play_selected()
            else:
                self.tap(item, (0, 0))
        elif item == "pile":
            if self.selected:
                self.play_selected()
        elif item is not None:
            self.tap(item, (0, 0))
        elif confirm and self.selected:  # Enter with nothing focused plays the selection
            self.play_selected()

    def game_key(self, event: pygame.event.Event) -> None:
        hand = self.ordered_hand(self.obs["hand"])
        if event.key in DIGIT_KEYS and DIGIT_KEYS[event.key] < len(hand):
            self.tap(hand[DIGIT_KEYS[event.key]], (0, 0))
        elif event.key == pygame.K_d:
            self.tap_spot(Spot("draw"))
        elif event.key == pygame.K_e:
            self.pass_turn()
        elif event.key == pygame.K_p and self.selected:
            self.play_selected()

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
        sort_label = self.t("kombi.sort_suit" if self.hand_order.by == "suit" else "kombi.sort_rank")
        return [  # the longest label gets the whole row: a label stays on one line at the type scale
            Button("play", self.t("kombi.play"), pygame.Rect(area.x, area.y, area.w, bh), enabled=can_play,
                   primary=True),
            Button("sort", sort_label, pygame.Rect(area.x, area.y + bh + gap, half, bh),
                   short=self.t(f"settings.sort_by.{self.hand_order.by}")),
            Button("pass", end_label, pygame.Rect(area.x + half + gap, area.y + bh + gap, half, bh), enabled=mine,
                   short=self.t("kombi.end_turn_short") if done else ""),
        ]

    def on_game_button(self, bid: str) -> None:
        if bid == "play" and self.selected:
            self.play_selected()
        elif bid == "pass":
            self.pass_turn()
        elif bid == "sort":
            self.hand_order.sort("rank" if self.hand_order.by == "suit" else "suit")
            self.refresh(animate=True)

    def button_for(self, action: Action) -> str | None:
        return "pass" if action.kind == "pass" else None

    def perform(self, action: Action) -> bool:
        if action.kind == "pass" and ask_before_ending(self, action):
            return False
        return self.submit(action)

    def pass_turn(self) -> None:
        if not ask_before_ending(self, PASS):
            self.submit(PASS)

    def after_action(self, action: Action) -> None:
        self.selected.clear()
        self.app.play_sound({"draw": "draw", "exchange": "place", "play": "deal"}.get(action.kind, "turn"))

    def clear_selection(self) -> None:
        self.selected.clear()

    # --- words -----------------------------------------------------------------------------------------
    def combos_text(self, combos: list[list[str]]) -> str:
        parts = [self.t("kombi.combo", cards=pretty_cards(c), kind=self.t(f"kombi.kind.{combo_kind(c)}"),
                        points=combo_points(c)) for c in combos]
        return self.t("kombi.and").join(parts)

    def describe(self, e: Event) -> str:
        kind = e["type"].split(".", 1)[1]
        if kind == "draw":
            return self.t("kombi.log.draw", name=self.seat_name(e["seat"]))
        if kind == "exchange":
            return self.t("kombi.log.exchange", name=self.seat_name(e["seat"]), gave=pretty_cards([e["gave"]]),
                          took=pretty_cards([e["took"]]))
        if kind == "play":
            return self.t("kombi.log.play", name=self.seat_name(e["seat"]), combos=self.combos_text(e["combos"]),
                          points=e["points"])
        if kind == "pass":
            return self.t("kombi.log.pass" if e["full"] else "kombi.log.end_turn", name=self.seat_name(e["seat"]))
        if kind == "exchange_closed":
            return self.t("kombi.log.exchange_closed", turns=e["turns"])
        if kind == "end":
            loser_out = self.match.state.to_move is None and e["reason"] == "empty_hand"
            who = self.seat_name(self._emptied_seat()) if loser_out else ""
            head = self.t(f"kombi.log.end.{e['reason']}", name=who)
            (a, b), (sa, sb) = (self.seat_name(0), self.seat_name(1)), e["scores"]
            tail = self.t("kombi.log.final", a=a, sa=sa, b=b, sb=sb)
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

    def end_how(self) -> str:
        """A hand emptied at once ends the game suddenly: who laid down how many cards in how many combinations."""
        events = [e for _, e in self.match.log()]
        end = next((e for e in reversed(events) if e["type"] == "kombi.end"), None)
        play = next((e for e in reversed(events) if e["type"] == "kombi.play"), None)
        if end is None or end["reason"] != "empty_hand" or play is None:
            return ""
        combos = self.t.n("kombi.how.combos", len(play["combos"]))
        return self.t.n("kombi.how.out", sum(len(c) for c in play["combos"]), name=self.seat_name(play["seat"]),
                        combos=combos)

    def action_text(self, a: Action) -> str:
        """One option of a choice (an exchange card brought to the hand: which card to give for it)."""
        if a.kind == "exchange":
            return self.t("kombi.choose.exchange", gave=pretty_cards([a["hand"]]), took=pretty_cards([a["area"]]))
        return self.hint_text(a)

    def end_columns(self) -> list[list[str]]:
        """For the end screen: each player's scored combinations, one per line."""
        cols = []
        for seat in (0, 1):
            combos = [c["cards"] for c in self.obs["discards"][seat]]
            cols.append([self.combos_text([c]) for c in combos] or [self.t("kombi.end.none")])
        return cols

    # --- drawing ------------------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        draw.draw_board(self, surface)

    def draw_top(self, surface: pygame.Surface) -> None:
        draw.draw_top(self, surface)
