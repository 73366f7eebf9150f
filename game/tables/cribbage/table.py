"""Cribbage at the table: the gestures (cut along the pack, two cards to the crib, a card to the play),
keys, buttons and hints, tying together the layout, peg board, cut strip, show sequence and words."""
from __future__ import annotations

import pygame

from game.tables.base import TableScene
from game.tables.cardlayer import CardSprite
from game.tables.controls import DIGIT_KEYS
from game.tables.cribbage import analysis, draw, hints, view, words
from game.tables.cribbage.board import PegBoard
from game.tables.cribbage.cut import CutStrip, spread
from game.tables.cribbage.layout import CribGeometry
from game.tables.cribbage.show import Sequence
from game.tables.plates import PlateSeats
from rules.core import Action, Event, GameState
from rules.cribbage.types import CribbageObs, CutJSON, cribbage_obs
from rules.gesture import Spot
from rules.shapes import Observation
from sprites.plate import Plate
from sprites.widgets import Button

CUT_PURPOSE = {"cribbage.cut_for_deal": "deal", "cribbage.cut": "cut", "cribbage.starter": "starter"}


class CribbageTable(PlateSeats, TableScene):
    game_id = "cribbage"
    geo: CribGeometry
    obs: CribbageObs  # the base's view, which is this game's observation (or its public view)

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.selected: list[str] = []
        self.cut_depth: int | None = None
        self.pegboard = PegBoard()
        self.cut = CutStrip()
        self.seq = Sequence()
        self.callouts: list[tuple[str, bool]] = []
        self.geo = CribGeometry(pygame.Rect(0, 0, 800, 600), 1.0)
        self._state: GameState | None = None
        self._hint_line = ""
        self.text_memo: dict[tuple, object] = {}  # text measurements (draw.cached)

    # --- geometry and the view ----------------------------------------------------------------------
    def layout(self) -> None:
        full = [self._plate(seat, 121, 6, True, True, True) for seat in (0, 1)]
        mine, theirs = full[self.view_seat], full[1 - self.view_seat]
        # The opponent's plate on one row beside their backs, under the top edge; stacked only where that is wide.
        row = self.plate_look(theirs, False).size[0]
        self._opp_stacked = row > self.board.w * 0.4
        theirs_w, theirs_h = self.plate_look(theirs, self._opp_stacked).size
        self.geo = CribGeometry(self.board, self.scale, (self.plate_look(mine).size[0], theirs_w), theirs_h)
        self.pegboard.layout(self.geo.peg_rect, self.view_seat)

    # --- plates: the score as the pegs show it, the cards held, the dealer ----------------------------
    def plates(self) -> list[Plate]:
        view, st = self.view, self.match.state
        return [self._plate(seat, self.pegboard.shown_score(seat), view["hand_counts"][seat], self.dealer() == seat,
                            st.to_move == seat and not st.is_over, view["go"][seat] and not view.get("last_show"))
                for seat in (0, 1)]

    def dealer(self) -> int | None:
        """The dealer the badge names: the one whose hand was last counted until the next hand is dealt."""
        view = self.view
        crib = next((item["seat"] for item in view.get("last_show") or [] if item["kind"] == "crib"), None)
        return crib if crib is not None else view["dealer"]

    def _plate(self, seat: int, score: int, cards: int, dealer: bool, turn: bool, go: bool) -> Plate:
        name = self.session.names[seat]
        if seat == self.view_seat and self.session.is_human(seat) and self.session.mode != "demo":
            name = self.t("plate.you", name=name)
        return Plate(name, score=self.t.n("plate.points", score),
                     count=self.t.n("cribbage.cards", cards) if cards else "", turn=turn,
                     badge=self.t("plate.dealer") if dealer else "", flag=self.t("cribbage.go_badge") if go else "")

    def plate_place(self, seat: int) -> tuple[tuple[float, float], str, bool]:
        g = self.geo
        if seat == self.view_seat:
            return (g.b.x + g.pad, g.y_hand + g.ch / 2), "bottomleft", True
        return (g.b.x + g.pad, g.y_opp), "midleft", getattr(self, "_opp_stacked", True)

    @property
    def view(self) -> CribbageObs:
        """What is drawn: the held view before an automatic reset, else the observation."""
        return self.seq.hold if self.seq.hold is not None else self.obs

    def refresh(self, animate: bool = True, events: tuple[Event, ...] = ()) -> None:
        state = self.match.state
        changed = state is not self._state
        prev = self.obs
        self._state = state
        self.pegboard.layout(self.geo.peg_rect, self.view_seat)
        planned = False
        if changed:
            self.cut_depth = None
            self.callouts = words.callout(self.t, self.session.names, list(state.events))
            planned = bool(animate and events and prev)
            if planned:
                self._plan(prev, events)
            else:
                self.seq.finish()
                self.cut.finish()
        super().refresh(animate, events)
        self.log.set_lines(self._log_lines())
        if changed and not planned:
            self.pegboard.snap(self.obs["pegs"])

    def _log_lines(self) -> list[str]:
        """The log, holding back the counts of a show (and its end) until they have been counted."""
        held: list[Event] = []
        if self.seq.counting:
            shown = 0
            for e in self.match.state.events:
                if e["type"] == "cribbage.show":
                    if not self.seq.complete(shown):
                        held.append(e)
                    shown += 1
                elif e["type"] == "cribbage.end":
                    held.append(e)
        return [self.describe(e) for _, e in self.match.log() if not any(e is h for h in held)]

    def _plan(self, prev: CribbageObs, events: tuple[Event, ...]) -> None:
        """Start what an action plays out: the cut parting, pegs moving, a held count, the show."""
        if not self.pegboard.matches(prev["pegs"]):
            self.pegboard.snap(prev["pegs"])
        self.seq.plan(prev, cribbage_obs(self.match.view(self.view_seat, private=False)), events)
        for e in events:
            purpose = CUT_PURPOSE.get(e["type"])
            if purpose is not None:
                self.cut.start(self.geo.strip_zone(purpose, spread(prev)), e["depth"], e.get("of", 52))

    def sprites(self, obs: Observation) -> list[CardSprite]:
        return view.build_sprites(self, self.seq.hold if self.seq.hold is not None else cribbage_obs(obs))

    def origins(self, obs: Observation, events: tuple[Event, ...]) -> dict[str, tuple[float, float, bool]]:
        return view.build_origins(self, self.seq.hold if self.seq.hold is not None else cribbage_obs(obs), events)

    def restage(self, animate: bool = True) -> None:
        """Re-place the sprites for the current view without changing the game (highlights, holds)."""
        speed = self.app.settings.animation_speed
        origins = self.origins(self.obs, ()) if animate else {}
        self.cards.place(self.sprites(self.obs), origins, animate, speed)
        self.buttons.set(self._all_buttons())
        self.log.set_lines(self._log_lines())

    def hint_cards(self) -> set[str]:
        a = self.hint  # a cut lights no card
        return set() if a is None or a.kind == "cut" else set(a["cards"]) if a.kind == "discard" else {a["card"]}

    hint_keys = hint_cards  # a tap on a card the hint lights plays it

    def strip_due(self) -> tuple[pygame.Rect, CutJSON] | None:
        """The pack spread for a cut that is due now (hidden while a count is being shown)."""
        cut = self.obs.get("cut") if self.obs else None
        if cut is None or self.seq.showing or self.match.state.is_over:
            return None
        return self.geo.strip_zone(cut["purpose"], spread(self.obs)), cut

    def packs(self) -> list[pygame.Rect]: return [strip[0]] if (strip := self.strip_due()) else []

    # --- time -------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        sdt = dt * self.app.settings.animation_speed
        jump = 1e6 if self.app.settings.reduce_motion else sdt  # reduced motion: the pack parts, pegs jump at once
        self.cut.update(jump)
        if not self.cards.busy and self.seq.update(sdt, self.pegboard, self.cut.busy):
            self.restage()
        self.pegboard.update(jump)
        if self.obs and not self.seq.running and not self.pegboard.busy \
                and not self.pegboard.matches(self.obs["pegs"]):
            self.pegboard.snap(self.obs["pegs"])
        super().update(dt)

    def blocking(self) -> bool:
        return self.seq.running or self.pegboard.busy or self.cut.busy

    def skip(self) -> None:
        """Finish whatever is being played out (count, held series, pegs) at once."""
        self.seq.finish()
        self.cut.finish()
        self.cards.finish()
        self.pegboard.snap(self.obs["pegs"])
        self.restage(animate=False)

    # --- gestures: pixels to spots (what they mean: rules/cribbage/gestures.py) -----------------------------
    def on_gesture(self, g) -> None:
        on_button = self.buttons.at(g.start) is not None or self.buttons.at(g.pos) is not None
        if g.kind != "hover" and not on_button:
            if self.seq.showing:
                if g.kind == "tap":
                    self.skip()
                return
            if self._cut_gesture(g):
                return
        if g.kind == "press" and (self.pegboard.busy or self.cut.busy):
            self.pegboard.finish()
            self.cut.finish()
        super().on_gesture(g)

    def _cut_gesture(self, g) -> bool:
        """On the pack due to be cut a tap cuts where it lands; a press or drag along it marks a depth (to confirm)."""
        strip = self.strip_due()
        if strip is None or not self.my_turn:
            return False
        zone, cut = strip
        if not zone.inflate(self.geo.sw, self.geo.sh).collidepoint(g.start):
            return False
        if g.kind in ("press", "drag_start", "drag", "drop", "tap"):
            cw = self.geo.strip_w(zone)
            self.cut_depth = CutStrip.depth_at(zone, cut["of"], cw, g.pos[0], cut["min"], cut["max"])
            if g.kind == "tap":
                self.tap_spot(Spot("pack", slot=self.cut_depth))
            else:
                self.buttons.set(self._all_buttons())
        return True

    def spot_rect(self, spot: Spot) -> pygame.Rect | None:
        if spot.zone != "pack":
            return super().spot_rect(spot)
        strip = self.strip_due()
        if strip is None or spot.slot is None:
            return None
        zone, cut = strip
        return CutStrip.slot_rect(zone, cut["of"], self.geo.strip_w(zone), spot.slot)

    def drag_keys_for(self, key: str) -> list[str]:
        if key not in self.obs["hand"]:
            return []
        if self.obs["phase"] == "discard" and key in self.selected and len(self.selected) == 2:
            return [c for c in self.ordered_hand(self.obs["hand"]) if c in self.selected]
        return [key]

    def spot_of(self, keys: list[str]) -> Spot | None:
        if keys and all(k in self.obs["hand"] for k in keys):
            return Spot("hand", self.view_seat, tuple(keys))
        return None

    def drop_spots(self) -> list[tuple[Spot, pygame.Rect]]:
        out = [(Spot("crib", self.obs["dealer"]), self.crib_rect())] if self.obs.get("dealer") is not None else []
        return out + [(Spot("play"), self.geo.play_zone), (Spot("hand", self.view_seat), self.geo.hand_zone)]

    def crib_rect(self) -> pygame.Rect:
        """The crib as a place to drop or tap cards on (a little wider than its cards, within the board)."""
        g = self.geo
        return g.crib_zone(self.obs["dealer"] == self.obs["seat"]).inflate(g.pad * 2, 0).clip(g.b)

    def selection_targets(self) -> list[pygame.Rect]:
        """Where a tap would send the selected cards (lit while no card is held)."""
        if self.drag_keys or not self.selected or self.seq.showing:
            return []
        return self.targets_for(Spot("hand", self.view_seat, tuple(self.selected)))

    def tap(self, key: str | None, pos: tuple[int, int]) -> None:
        if key is not None and key in self.obs["hand"]:
            self.toggle(key)
            return
        for spot, rect in self.drop_spots():
            if spot.zone != "hand" and rect.collidepoint(pos):
                if self.selected:  # the selection brought there, as a drag of it would
                    self.selection_to(self.selected, spot)
                return

    def toggle(self, card: str) -> None:
        """Select a card as a preview: two for the crib (a third replaces the oldest), one to play."""
        if card in self.selected:
            self.selected.remove(card)
        elif self.obs["phase"] == "discard":
            self.selected = [*self.selected[-1:], card] if len(self.selected) >= 2 else [*self.selected, card]
        else:
            self.selected = [card]
        self.app.play_sound("click")
        self.refresh(animate=True)

    def confirm(self) -> None:
        """Turn the preview (cut depth, two discards, one card) into the action: the rules answer it."""
        cut = self.obs.get("cut")
        if cut is not None:  # with no depth marked, the middle of the pack: Enter's obvious cut
            self.tap_spot(Spot("pack", slot=CutStrip.middle(cut) if self.cut_depth is None else self.cut_depth))
        elif self.obs["phase"] == "discard":
            self.selection_to(self.selected, Spot("crib", self.obs["dealer"]))
        else:
            self.selection_to(self.selected, Spot("play"))

    # --- keyboard ---------------------------------------------------------------------------------------
    def on_key(self, event: pygame.event.Event) -> None:
        k, mod = event.key, event.mod
        if self.seq.showing and k != pygame.K_ESCAPE and not mod & pygame.KMOD_CTRL:
            self.skip()
            return
        arrows = {pygame.K_LEFT: -1, pygame.K_DOWN: -1, pygame.K_RIGHT: 1, pygame.K_UP: 1}
        strip = self.strip_due()
        if k in arrows and strip is not None and self.my_turn:
            cut = strip[1]
            start = self.cut_depth if self.cut_depth is not None else CutStrip.middle(cut) - arrows[k]
            step = arrows[k] * (5 if mod & pygame.KMOD_SHIFT else 1)
            self.cut_depth = max(cut["min"], min(cut["max"], start + step))
            self.buttons.set(self._all_buttons())
            return
        super().on_key(event)

    def focus_items(self) -> list[tuple[str, pygame.Rect]]:
        items = [(c, r) for c in self.ordered_hand(self.obs["hand"]) if (r := self.cards.current_rect(c)) is not None]
        strip = self.strip_due()
        if strip is not None:
            items.append(("strip", strip[0]))
        elif self.obs["phase"] == "discard":
            items.append(("crib", self.geo.crib_zone(self.obs["dealer"] == self.obs["seat"])))
        elif self.obs["phase"] == "play":
            items.append(("play", self.geo.play_zone))
        return items

    def activate(self, item: str | None, confirm: bool) -> None:
        if item is not None and item in self.obs["hand"]:
            complete = len(self.selected) == (2 if self.obs["phase"] == "discard" else 1)
            if confirm and complete:
                self.confirm()
            else:
                self.toggle(item)
        elif item is None and not confirm:
            return
        else:
            self.confirm()

    def game_key(self, event: pygame.event.Event) -> None:
        hand = self.ordered_hand(self.obs["hand"])
        if event.key in DIGIT_KEYS and DIGIT_KEYS[event.key] < len(hand):
            self.toggle(hand[DIGIT_KEYS[event.key]])

    # --- buttons -------------------------------------------------------------------------------------------
    def game_button_rows(self) -> int:
        return 2

    def game_buttons(self, area: pygame.Rect) -> list[Button]:
        gap = max(6, int(12 * self.scale))
        bh = (area.h - gap) // 2
        obs = self.obs
        phase = obs.get("phase")
        if obs.get("cut") is not None:
            label, ready = self.t("cribbage.btn.cut"), self.cut_depth is not None
        elif phase == "discard":
            label, ready = self.t("cribbage.btn.discard"), len(self.selected) == 2
        else:
            label, ready = self.t("cribbage.btn.play"), len(self.selected) == 1
        showing = self.seq.showing
        confirm = Button("confirm", label, pygame.Rect(area.x, area.y, area.w, bh),
                         enabled=self.my_turn and ready and not showing, primary=True)
        second = pygame.Rect(area.x, area.y + bh + gap, area.w, bh)
        if showing:  # Skip only while there is something to skip
            return [confirm, Button("skip", self.t("cribbage.btn.skip"), second)]
        if analysis.available(self):  # the discard: its analysis where Skip is in the show
            return [confirm, Button("analysis", self.t("cribbage.btn.analysis"), second)]
        return [confirm]

    def on_game_button(self, bid: str) -> None:
        push = lambda: self.app.push("analysis", table=self)  # noqa: E731 - one of three like-shaped buttons
        {"confirm": self.confirm, "skip": self.skip, "analysis": push}.get(bid, lambda: None)()

    def analysis_request(self):
        return analysis.request(self)

    def after_action(self, action: Action) -> None:
        self.clear_selection()
        self.app.play_sound({"cut": "deal", "discard": "place", "play": "deal"}.get(action.kind, "turn"))

    def clear_selection(self) -> None:
        self.selected, self.cut_depth, self._hint_line = [], None, ""

    # --- hints and words --------------------------------------------------------------------------------
    def show_hint(self) -> None:
        if not self.seq.showing:
            super().show_hint()

    def hint_shown(self) -> None:
        if self.hint is not None:
            self._hint_line = self.hint_toast or self._hint_line  # with how to play it
            self.toast = None  # the preview line keeps the hint and its reason in view

    def hint_text(self, a: Action) -> str:
        self._hint_line = hints.hint_text(self, a)
        return self._hint_line

    def preview_text(self) -> str:
        """The hint, or the selection in words, before anything is confirmed."""
        if self.hint is not None and self._hint_line:
            return self._hint_line
        return hints.selection_text(self)

    def describe(self, event: Event) -> str:
        return words.describe(self.t, self.session.names, event)

    def end_columns(self) -> list[list[str]]:
        return words.end_columns(self.t, [e for _, e in self.match.log()])
    def final_score(self, seat: int) -> int: return words.shown(self.match.state.scores[seat])  # stops at 121

    # --- drawing ----------------------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        draw.draw_board(self, surface)

    def draw_top(self, surface: pygame.Surface) -> None:
        draw.draw_top(self, surface)
