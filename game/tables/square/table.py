"""Card Square at the table: both 2×2 squares, the piles, the drawn card and the power zone, the keys and
buttons, and the words (the gestures and the preview: spots.py; what each gesture means: rules/square/gestures.py)."""
from __future__ import annotations

import pygame

from game import prefs
from game.tables.base import TableScene
from game.tables.cardlayer import CardSprite
from game.tables.controls import DIGIT_KEYS
from game.tables.plates import PlateSeats
from game.tables.square import draw, words
from game.tables.square.layout import Room, SquareGeometry
from game.tables.square.pick import NOTHING, Pick, Target
from game.tables.square.spots import SquareSpots
from game.tables.square.sprites import build_origins, build_sprites, hint_keys, hint_targets
from rules.core import Action, Event
from rules.gesture import Spot
from rules.shapes import Observation
from rules.square.gestures import DONE, LOOK
from rules.square.state import power_of
from rules.square.types import SquareObs, square_obs
from sprites import theme
from sprites.plate import Plate
from sprites.tween import CountUp
from sprites.widgets import Button

PANEL_BUTTONS = {"look": (("look", "square.btn.look"), ("skip", "square.btn.skip")),
                 "reveal": (("done", "square.btn.done"),),
                 "queen": (("qswap", "square.btn.swap"), ("keep", "square.btn.keep"))}
BUTTON_ACTIONS = {"look": LOOK, "done": DONE, **{bid: Action.make(kind) for bid, kind in (
    ("skip", "skip_look"), ("qswap", "queen_swap"), ("keep", "queen_keep"), ("knock", "knock"))}}
SOUNDS = {"draw": "draw", "take": "place", "swap": "place", "discard": "deal", "knock": "turn",
          "jack_swap": "place", "queen_swap": "place"}


class SquareTable(SquareSpots, PlateSeats, TableScene):
    game_id = "square"
    geo: SquareGeometry
    obs: SquareObs  # the base's view, which is this game's observation (or its public view)
    draw_headline = "end.shared"  # RULES.md §1: equal lowest sums share the victory

    def __init__(self, app, session) -> None:
        self.sums = CountUp(0.8)  # the squares' sums count up from 0 when the game ends and the cards turn
        super().__init__(app, session)
        self.pick: Pick = NOTHING
        self.geo = SquareGeometry(pygame.Rect(0, 0, 800, 600), 1.0)

    # --- geometry and the view --------------------------------------------------------------------
    def layout(self) -> None:
        self.geo = SquareGeometry(self.board, self.scale, self._room())

    def _room(self) -> Room:
        """What the words need (measured), so the cards get all the rest: plates at their fullest."""
        fonts, pad = self.app.fonts, max(6, int(14 * self.scale))
        label_w = 0  # no "(r,c)" labels: the layout shows the places (the log names them in words)
        line = fonts.get(theme.font_px(22, self.scale)).get_linesize()
        band = fonts.get(theme.font_px(30, self.scale), True).get_linesize() + \
            2 * fonts.get(theme.font_px(24, self.scale)).get_linesize() + pad  # the turn, then two lines
        me = self.view_seat
        full = [self.plate_look(self._plate(seat, turn=True, knocked=True, total=99)).size for seat in (0, 1)]
        draw_w, discard_w = (fonts.size(self.t(k), theme.font_px(22, self.scale))[0]  # each name on one line
                             for k in ("square.draw_pile", "square.discard_pile"))
        piles = (draw_w, discard_w)
        drawn = fonts.size(self.t("square.your_drawn"), theme.font_px(22, self.scale), True)[0]
        return Room(label_w, line + 8 + pad // 2, band, full[me], full[1 - me], piles, drawn)

    # --- plates ------------------------------------------------------------------------------------
    def plates(self) -> list[Plate]:
        obs = self.obs
        over = bool(obs.get("over"))
        return [self._plate(seat, turn=obs.get("current") == seat and not over,
                            knocked=obs.get("knocked_by") == seat,
                            total=self.shown_sum(seat) if over else None) for seat in (0, 1)]

    def shown_sum(self, seat: int) -> int:
        """A square's sum as its plate shows it: counting up from 0 as the game ends (at once with reduced motion)."""
        obs = self.obs
        total = obs["scores"][seat] if obs.get("over") else 0
        return total if self.app.settings.reduce_motion else self.sums.shown(seat, total)

    def update(self, dt: float) -> None:
        self.sums.update(dt * self.app.settings.animation_speed)
        super().update(dt)

    def wants_frame(self) -> bool:
        return self.sums.busy or super().wants_frame()

    def _plate(self, seat: int, turn: bool, knocked: bool, total: int | None) -> Plate:
        """A square always holds four cards: the plate says who, whose turn, knocked, and the sum at the end."""
        name = self.seat_name(seat)
        if seat == self.view_seat and self.session.is_human(seat) and self.session.mode != "demo":
            name = self.t("square.you", name=name)
        return Plate(name, score=self.t("square.sum", total=total) if total is not None else "", turn=turn,
                     badge=self.t("square.badge.knocked") if knocked else "", alert=True)

    def plate_place(self, seat: int) -> tuple[tuple[float, float], str, bool]:
        if seat == self.obs.get("seat", self.view_seat):
            return self.geo.plate_mine_at, "bottomleft", True
        return self.geo.plate_theirs_at, "topright", True

    def refresh(self, animate: bool = True, events: tuple[Event, ...] = ()) -> None:
        super().refresh(animate, events)
        names = self.session.names
        viewer = self.obs["seat"]
        self.log.set_lines([line for _, e in self.match.log() for line in words.log_lines(self.t, names, e, viewer)])

    def restage(self) -> None:
        """Show a changed selection or hint without a move: the cards re-place, the buttons follow."""
        self.cards.place(self.sprites(self.obs), {}, True, self.app.settings.animation_speed)
        self.buttons.set(self._all_buttons())

    def game_static_key(self) -> object:
        # the preview's glow, line and words are drawn on the static layer; so are the sums counting up
        return self.pick, self.shown_sum(0), self.shown_sum(1)

    def sprites(self, obs: Observation) -> list[CardSprite]:
        return build_sprites(self, square_obs(obs))

    def origins(self, obs: Observation, events: tuple[Event, ...]) -> dict[str, tuple[float, float, bool]]:
        return build_origins(self, square_obs(obs), events)

    def power_visible(self) -> bool:
        return self.my_turn and self.obs["phase"] == "drawn" and power_of(self.obs["drawn"]) is not None

    def panel_visible(self) -> bool:
        return self.my_turn and self.obs["phase"] in PANEL_BUTTONS

    def panel_words(self) -> str:
        return words.panel_text(self.t, self.session.names, self.obs)

    def panel_button_h(self) -> int:
        return max(44, int(60 * self.scale))

    def panel_rect(self) -> pygame.Rect:
        """The reveal panel, as tall as its words and buttons, beside one's own square."""
        geo, fonts = self.geo, self.app.fonts
        px = theme.font_px(draw.PANEL_PX, self.scale)
        lines = len(self.wrap(self.panel_words(), px, geo.panel.w - geo.pad * 2))
        h = min(geo.panel.h, lines * fonts.get(px).get_linesize() + self.panel_button_h() + geo.pad * 4)
        rect = pygame.Rect(geo.panel.x, 0, geo.panel.w, h)
        rect.centery = geo.panel.centery
        return rect

    def hint_targets(self) -> set[Target]:
        return hint_targets(self.hint, self.obs) if self.my_turn else set()

    def hint_keys(self) -> set[str]:
        return hint_keys(self.hint, self.obs) if self.my_turn else set()

    # --- keyboard --------------------------------------------------------------------------------------
    def focus_items(self) -> list[tuple[str, pygame.Rect]]:
        geo, obs = self.geo, self.obs
        items: list[tuple[str, pygame.Rect]] = []
        if obs["draw_count"]:
            items.append(("draw", geo.draw_rect))
        items.append(("discard", geo.discard_rect))
        items += [(f"own:{i}", geo.slot_rect(True, i)) for i in range(4)]
        if obs["drawn_by"] == obs["seat"]:
            items.append(("drawn", geo.card_rect(*geo.drawn_mine, geo.big)))
        if self.power_visible():
            items.append(("power", geo.power_zone))
        items += [(f"opp:{i}", geo.slot_rect(False, i)) for i in range(4)]
        return items

    def activate(self, item: str | None, confirm: bool) -> None:
        """Space acts on the focused place; Enter confirms whatever waits for confirmation first."""
        if confirm and (self.pick.action() is not None or self.obs["phase"] in ("look", "reveal")):
            self.confirm()
        elif item is not None:
            spot = self.spot_of_item(item)
            if spot is not None:
                self.tap_spot(spot)

    def game_key(self, event: pygame.event.Event) -> None:
        k = event.key
        if k in DIGIT_KEYS and DIGIT_KEYS[k] < 4:
            self.tap_spot(Spot("square", self.obs["seat"], slot=DIGIT_KEYS[k]))
        elif k == pygame.K_d:
            self.tap_spot(Spot("draw"))
        elif k == pygame.K_k:
            self.perform(BUTTON_ACTIONS["knock"])
        elif k == pygame.K_BACKSPACE:
            self.cancel()

    # --- buttons -----------------------------------------------------------------------------------------
    def game_button_rows(self) -> int:
        return 2

    def game_buttons(self, area: pygame.Rect) -> list[Button]:
        gap = max(6, int(12 * self.scale))
        bh = (area.h - gap) // 2
        half = (area.w - gap) // 2
        mine = self.my_turn
        legal = {a["kind"] for a in self.obs.get("legal", [])} if mine else set()
        previewing = mine and self.pick != NOTHING
        hinted_knock = self.hint is not None and self.hint.kind == "knock"
        out = [
            Button("confirm", self.t("square.btn.confirm"), pygame.Rect(area.x, area.y, half, bh),
                   enabled=previewing and self.pick.action() is not None, primary=True),
            Button("cancel", self.t("square.btn.cancel"), pygame.Rect(area.x + half + gap, area.y, half, bh),
                   enabled=previewing),
            Button("knock", self.t("square.btn.knock"), pygame.Rect(area.x, area.y + bh + gap, area.w, bh),
                   enabled="knock" in legal, primary=hinted_knock),
        ]
        return out + self._panel_buttons()

    def _panel_buttons(self) -> list[Button]:
        if not self.panel_visible():
            return []
        bh = self.panel_button_h()
        spec = PANEL_BUTTONS[self.obs["phase"]]
        rect, pad = self.panel_rect(), self.geo.pad
        w = (rect.w - pad * (len(spec) + 1)) // len(spec)
        y = rect.bottom - pad - bh
        return [Button(bid, self.t(key), pygame.Rect(rect.x + pad + j * (w + pad), y, w, bh), primary=j == 0)
                for j, (bid, key) in enumerate(spec)]

    def button_for(self, action: Action) -> str | None:
        return next((bid for bid, a in BUTTON_ACTIONS.items() if a == action), None)

    def on_game_button(self, bid: str) -> None:
        if bid == "confirm":
            self.confirm()
        elif bid == "cancel":
            self.cancel()
        elif bid in BUTTON_ACTIONS:
            self.perform(BUTTON_ACTIONS[bid])

    def perform(self, action: Action) -> bool:
        """Knock asks first while the setting says so (the game ends after one more turn): Knock, Knock and
        never ask again, or Cancel."""
        if action.kind != "knock" or not self.app.settings.confirm_knock or not self.legal_kind("knock"):
            return self.submit(action)
        ask = self.t("square.knock_ask", other=self.seat_name(1 - self.view_seat))
        self.choice = [action]  # what the first option makes (as a gesture's choice names its actions)

        def pick(i: int) -> None:
            if i == 1:
                prefs.change(self.app, "confirm_knock", False)
            self.submit(action)
        self.app.push("choose", text=ask, labels=[self.t("square.btn.knock"), self.t("square.knock_never")],
                      on_pick=pick)
        return False

    def legal_kind(self, kind: str) -> bool:
        return self.my_turn and any(a["kind"] == kind for a in self.obs.get("legal", []))

    def after_action(self, action: Action) -> None:
        self.pick = NOTHING
        self.app.play_sound(SOUNDS.get(action.kind, "click"))

    def clear_selection(self) -> None:
        self.pick = NOTHING

    # --- words -------------------------------------------------------------------------------------------
    def describe(self, event: Event) -> str:
        return " ".join(words.log_lines(self.t, self.session.names, event, self.obs["seat"]))

    def position_words(self, pos: list[int]) -> str:
        return words.pos_text(self.t, pos, self.obs["seat"], self.obs["seat"])

    def hint_text(self, action: Action) -> str:
        return words.hint_text(self.t, self.session.names, self.view_seat, action, self.obs)

    def end_how(self) -> str:
        """A knock or the empty draw pile ended it; then the squares were counted."""
        knocker = self.obs.get("knocked_by")
        if self.obs.get("end_reason") == "knock" and knocker is not None:
            return self.t("square.how.knock", name=self.seat_name(knocker), other=self.seat_name(1 - knocker))
        return self.t("square.log.deck_empty") if self.obs.get("end_reason") == "deck_empty" else ""

    def end_columns(self) -> list[list[str]]:
        return words.end_columns(self.t, self.obs)

    def result_text(self) -> str:
        obs = self.obs
        winners, scores = obs["winners"], obs["scores"]
        if len(winners) != 1:
            return self.t("square.result.shared", score=scores[0])
        w = winners[0]
        return self.t("square.result.win", name=self.seat_name(w), score=scores[w], other_score=scores[1 - w])

    # --- drawing -----------------------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        draw.draw_board(self, surface)

    def draw_top(self, surface: pygame.Surface) -> None:
        draw.draw_top(self, surface)
