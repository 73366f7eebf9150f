"""The shared table: the one door to the rules, turns (human, computer, hand-off), drag and drop,
keyboard focus, Back/Forward/Hint, the log and toasts. Each game adds its layout and gestures."""
from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from typing import cast

import pygame

from game.scene import ButtonGroup, Scene
from game.seats import THINK_PAUSE, BotRunner
from game.session import Session
from game.tables.cardlayer import CardLayer, CardSprite
from game.tables.coach import offer_coach
from game.tables.controls import TableInput
from game.tables.gestures import TableGestures
from game.tables.handorder import HandOrder
from game.tables.history import TableHistory
from game.tables.layers import TableLayers
from game.tables.logpanel import LogPanel
from game.tables.toast import TableToasts
from rules.core import Action, Event, GameState, IllegalAction
from rules.shapes import Observation
from sprites import theme
from sprites.felt import felt
from sprites.widgets import Button

END_DELAY = 1.1
END_PER_CARD = 0.08  # the final table stays longer the more cards the last move carried (a 12-card pick-up)
END_MOST = 2.4


class TableScene(TableToasts, TableHistory, TableGestures, TableInput, Scene):
    """A game table draws only from ``self.obs`` (the view seat's public view, or its own observation while its
    player holds the device: ``Match.view``) and reads the match
    only through ``state.to_move / is_over / winners / scores / events``, ``log()``, ``play()``,
    ``can_undo/can_redo`` — so a remote match (online) can stand in for a local one.

    Subclasses implement: ``layout``, ``sprites``, ``origins``, ``drag_keys_for``, ``spot_of``, ``drop_spots``
    (and ``spot_at`` where spots are not rectangles; the rules answer every gesture), ``tap``, ``focus_items``,
    ``activate``, ``describe``, ``status``, ``game_buttons``,
    ``on_game_button``, ``draw_board`` and ``draw_top``."""

    name = "table"
    game_id = ""
    draw_headline = "end.draw"  # what the end screen says when nobody wins alone

    def __init__(self, app, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.match = session.match
        self.cards = CardLayer(app.cards, lambda: app.settings.reduce_motion)
        self.log = LogPanel()
        self.buttons = ButtonGroup(self.press)
        self.bot = BotRunner(app.executor, block=app.opts.headless)
        humans = session.humans
        self.view_seat = humans[0] if humans else 0
        self.revealed_for: int | None = None if session.mode == "hotseat" else self.view_seat
        self.size = app.size
        self.scale = 1.0
        self.toast: tuple[str, float, bool] | None = None  # text, seconds left, is_error
        self.hint: Action | None = None
        self.hint_toast: str | None = None  # the words of the hint on show, gone when the position changes
        self.hint_job: tuple[GameState, Future[tuple[Action, int]]] | None = None  # the state, the answer to come
        self.hint_pid: int | None = None  # the process that thought the latest hint (tests check it)
        self.drag_keys: list[str] = []
        self.lit: list[pygame.Rect] = []  # where the held card may be dropped (lit while it is held)
        self.choice: list[Action] = []  # the actions the last ambiguous gesture offered
        self.hand_order = HandOrder(app.settings.sort_by)
        self.focus: int | None = None
        self.end_timer = 0.0
        self.ended = False
        self.celebrated = False  # the win moment was shown
        self.dealt = False
        self._log_drag: tuple[int, int] | None = None
        self._log_key: tuple | None = None
        self._described: dict[int, tuple[Event, str, str]] = {}
        self.obs: Observation = cast(Observation, {})  # none before the first refresh (``resize`` asks)
        self.side = pygame.Rect(0, 0, 0, 0)
        self.side_min = 0  # a panel laid over the side (the review) widens it, so it covers no card
        self.board = pygame.Rect(0, 0, 0, 0)
        self.layers = TableLayers()  # felt, board, log and buttons rendered once per change; dirty rects
        self._view_serial = 0
        self._wraps: dict[tuple, list[str]] = {}

    # --- life cycle -----------------------------------------------------------------------------
    def enter(self) -> None:
        self.refresh(animate=False)
        offer_coach(self)  # the guided first game, when wanted

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        self.scale = theme.ui_scale(self.scale_height(h))
        side_w = max(250, min(int(w * 0.22), int(520 * self.scale)), self.side_min)
        self.side = pygame.Rect(w - side_w, 0, side_w, h)
        self.board = pygame.Rect(0, 0, w - side_w, h)
        self.layout()
        self._layout_side()
        if self.obs:
            self.refresh(animate=False)

    def scale_height(self, h: int) -> int:
        """The height the type scale is taken from: the table's own (a face-to-face half: the window's)."""
        return h

    def _layout_side(self) -> None:
        pad = max(6, int(12 * self.scale))
        bh = max(44, int(56 * self.scale))
        r = self.side.inflate(-pad * 2, -pad * 2)
        top = [("menu", self.t("table.menu")), ("undo", self.t("table.undo")),
               ("redo", self.t("table.redo")), ("hint", self.t("table.hint"))]
        bw = (r.w - pad) // 2
        self._top_buttons = [(bid, label, pygame.Rect(r.x + (i % 2) * (bw + pad), r.y + (i // 2) * (bh + pad),
                                                      bw, bh)) for i, (bid, label) in enumerate(top)]
        game_rows = self.game_button_rows()
        bottom_h = game_rows * (bh + pad)
        self._game_area = pygame.Rect(r.x, r.bottom - bottom_h + pad, r.w, bottom_h - pad)
        log_top = r.y + 2 * (bh + pad)
        self.log.rect = pygame.Rect(r.x, log_top, r.w, self._game_area.y - pad - log_top)

    # --- the one door ----------------------------------------------------------------------------
    def submit(self, action: Action) -> bool:
        """Hand an action to the rules; a refusal is shown and changes nothing."""
        try:
            self.match.play(action)
        except IllegalAction as exc:
            exc.game = exc.game or self.game_id
            self.refuse(self.t.refusal(exc))
            return False
        self.clear_hint()
        self.after_action(action)
        self.persist()
        self.refresh(animate=True, events=self.match.state.events)
        return True

    def persist(self) -> None:
        """Autosave after every step (an online table leaves this to the server)."""
        self.app.autosave(self.session)

    def refuse(self, reason: str) -> None:
        self.show_toast(reason, error=True)
        self.app.play_sound("invalid")
        self.snap_back()

    def refresh(self, animate: bool = True, events: tuple[Event, ...] = ()) -> None:
        """Recompute the view from the observation and let the cards glide to it."""
        seat = self.view_seat
        over_in_hotseat = self.match.state.is_over and self.session.mode == "hotseat"
        self.obs = self.match.view(seat, private=self.revealed_for == seat and not over_in_hotseat)
        sprites = self.sprites(self.obs)
        speed = self.app.settings.animation_speed
        if not self.dealt and self.match.cursor == 0 and self.revealed_for == seat:
            # The first look at a fresh deal: every card flies out from the pack.
            self.dealt = True
            x, y = self.deal_origin()
            origins = {s.key: (x, y, s.card is not None) for s in sprites}
            self.cards.targets = {}
            self.cards.place(sprites, origins, True, speed, stagger=0.045)
            self.app.play_sound("deal")
        else:
            origins = self.origins(self.obs, events) if animate else {}
            self.cards.place(sprites, origins, animate, speed)
        self._update_log()
        self.buttons.set(self._all_buttons())
        self._view_serial += 1

    def _update_log(self) -> None:
        events = [e for _, e in self.match.log()]
        last = events[-1] if events else None
        k = self._log_key
        # Rebuilding every sentence on every refresh would grow with the game: only when it changed.
        if k is None or k[0] != self.t.lang or k[1] != len(events) or k[2] is not last:
            self._log_key = (self.t.lang, len(events), last)
            self.log.set_lines(self.log_lines(events))

    def log_lines(self, events: list[Event]) -> list[str]:
        """One sentence per public event; a table may merge events into one line."""
        out = []
        for e in events:
            hit = self._described.get(id(e))
            if hit is None or hit[0] is not e or hit[1] != self.t.lang:
                hit = (e, self.t.lang, self.describe(e))
                self._described[id(e)] = hit
            out.append(hit[2])
        return out

    # --- turns ------------------------------------------------------------------------------------
    def exit(self) -> None:
        self.cancel_hint()

    def update(self, dt: float) -> None:
        self.poll_hint()
        speed = self.app.settings.animation_speed
        self.cards.update(dt, speed)
        self.tick_floating(dt)
        state = self.match.state
        if self.cards.busy or self.blocking():
            return
        if state.is_over:
            self.bot.cancel()
            if self.end_timer == 0.0 and self.win_moment():
                return  # the cards hop (or fade in again) first; then the final table rests for its beat
            self.end_timer += dt
            if self.end_timer >= self.end_beat() and not self.ended:
                self.ended = True
                self.show_end()
            return
        self.end_timer, self.ended, self.celebrated = 0.0, False, False
        seat = state.to_move
        assert seat is not None
        if not self.session.is_human(seat):
            self.bot.start(self.game_id, self.session.bot_level, self.match, seat, self.session.seed or 0)
            action = self.bot.poll(dt, THINK_PAUSE / max(speed, 0.1))
            if action is not None:
                self.submit(action)
            return
        if seat != self.revealed_for:
            self.hand_off(seat)

    def win_moment(self) -> bool:
        """A game won at this device: once, the cards on the table hop one after the other (a short moment)."""
        st = self.match.state
        if self.celebrated or len(st.winners) != 1 or not self.session.is_human(st.winners[0]):
            return False
        self.celebrated = True
        self.cards.hop(sorted(self.cards.targets, key=lambda k: self.cards.targets[k].x))
        return True

    def end_beat(self) -> float:
        """Seconds the final table shows, settled, before the end screen: the last move is seen."""
        return min(END_MOST, END_DELAY + END_PER_CARD * self.cards.moved)

    def wants_frame(self) -> bool:
        """Cards glide, a count plays out, the computer's turn or the end is due: frames keep coming."""
        st = self.match.state
        if self.cards.busy or self.blocking() or (st.is_over and not self.ended) or self.hint_job is not None:
            return True
        return not st.is_over and st.to_move is not None and not self.session.is_human(st.to_move)

    def next_deadline(self) -> float | None:
        """The toast's end, when one shows."""
        return self.toast[1] if self.toast else None

    def hand_off(self, seat: int) -> None:
        """Hotseat: hide everything and wait for the next human (pushes the cover)."""
        self.revealed_for = None
        self.view_seat = seat
        self.refresh(animate=False)
        self.app.push("cover", table=self, seat=seat)

    def reveal(self, seat: int) -> None:
        self.revealed_for = seat
        self.view_seat = seat
        self.refresh(animate=False)
        self.app.play_sound("turn")

    def show_end(self) -> None:
        self.app.saves.delete(self.session) if self.session.mode != "demo" else None
        self.app.play_sound("win")
        self.app.push("end", table=self)

    @property
    def my_turn(self) -> bool:
        st = self.match.state
        return (not st.is_over and st.to_move == self.view_seat and self.revealed_for == self.view_seat
                and self.session.is_human(self.view_seat))

    # --- buttons -----------------------------------------------------------------------------------
    def _all_buttons(self) -> list[Button]:
        human_undo = self.session.mode in ("hotseat", "computer")
        enabled = {"menu": True, "undo": human_undo and self.match.can_undo(self.session.is_human),
                   "redo": human_undo and self.match.can_redo(), "hint": self.my_turn and self.hint_job is None}
        out = [Button(bid, label, rect, enabled=enabled[bid]) for bid, label, rect in self._top_buttons]
        return out + self.game_buttons(self._game_area)

    def press(self, bid: str) -> None:
        self.app.play_sound("click")
        if bid == "menu":
            self.app.push("pause", table=self)
        elif bid == "undo":
            self.undo()
        elif bid == "redo":
            self.redo()
        elif bid == "hint":
            self.show_hint()
        else:
            self.on_game_button(bid)
        self.buttons.set(self._all_buttons())

    # --- drawing ------------------------------------------------------------------------------------
    def static_key(self) -> tuple:
        """What the static layer shows: any input, any new view, the turn line, a game's own animation
        (``blocking``) or ``game_static_key`` changing renders it again."""
        return (self.input_count(), self._view_serial, self.size, self.t.lang, self.bot.thinking, self.my_turn,
                self.app.now if self.blocking() else None, self.focus, self.hint, self.game_static_key())

    def surface_kept(self) -> bool:
        """Whether the surface drawn on still holds this table's last frame (nothing else drew over it)."""
        return self.app.kiosk is None and self.app.stack.visible() == [self]

    def input_count(self) -> int:
        """How many input events this table has seen (a face-to-face half counts only its own)."""
        return self.app.input_serial

    def game_static_key(self) -> object:
        """A game whose board changes without input or a new view returns what changes here."""
        return None

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The static layer, the cards, then the overlays; only the rects cards moved in when nothing else
        changed since this table's last frame (returned for ``display.update``)."""
        app = self.app
        alone = self.surface_kept()
        overlay_key = (self.toast[0] if self.toast else None, self.toast[2] if self.toast else None, self._on_top())
        return self.layers.draw(surface, self.cards, self.static_key(), overlay_key, self._paint_static,
                                self._paint_over, app.draws, alone, self._focus_ring())

    def _paint_static(self, layer: pygame.Surface) -> None:
        layer.blit(felt(layer.get_size()), (0, 0))
        self.plates_drawn: list[pygame.Rect] = []  # draw_plates fills it, if the board shows plates
        self.draw_board(layer)
        self.draw_lit(layer)
        self.log.draw(layer, self.app.fonts, self.t("table.log"), self.scale)
        self.buttons.draw(layer, self.app.fonts)

    def _paint_over(self, surface: pygame.Surface) -> None:
        self.draw_top(surface)
        if self._on_top():  # under a dialog the app draws it over the dialog (``draw_floating``)
            self.draw_floating(surface)

    def _focus_ring(self) -> tuple[pygame.Rect, Callable[[pygame.Surface], None]] | None:
        """The gold keyboard focus on a card or zone (it follows a gliding card), with how to draw it."""
        item = self.focused()
        if item is None or item[0].startswith("btn:"):
            return None
        width = max(2, int(4 * self.scale))
        ring = item[1].inflate(10, 10)

        def paint(surface: pygame.Surface) -> None:
            pygame.draw.rect(surface, theme.GOLD, ring, width=width, border_radius=max(4, int(10 * self.scale)))
        return ring, paint

    def seat_name(self, seat: int) -> str:
        return self.session.names[seat]

    def wrap(self, text: str, px: int, width: int, bold: bool = False) -> list[str]:
        """``fonts.wrap``, remembered: a table wraps the same lines every time its board is drawn."""
        key = (text, px, width, bold)
        lines = self._wraps.get(key)
        if lines is None:
            if len(self._wraps) > 256:
                self._wraps.clear()
            lines = self._wraps[key] = self.app.fonts.wrap(text, px, width, bold)
        return lines

    def text(self, surface: pygame.Surface, text: str, base_px: int, color, pos, anchor: str = "topleft",
             bold: bool = False) -> pygame.Rect:
        img = self.app.fonts.render(text, theme.font_px(base_px, self.scale), color, bold=bold)
        rect = img.get_rect(**{anchor: pos})
        surface.blit(img, rect)
        return rect

    # --- hooks for each game ----------------------------------------------------------------------
    def layout(self) -> None: ...
    def table_report(self) -> dict[str, list]:
        """The cards and plates where they are drawn (the layout check keeps messages off them)."""
        layer = self.cards  # a card held by the pointer or in flight passes over words for a moment: not counted
        rects = {k: r for k, r in layer.rects().items() if k not in layer.dragging and layer.anim.get(k) is None}
        faces = [(rects[s.key], s.z, s.card is not None) for s in layer.targets.values() if s.key in rects]
        return {"cards": list(rects.values()), "plates": list(getattr(self, "plates_drawn", ())), "faces": faces}
    def deal_origin(self) -> tuple[float, float]: return (self.board.centerx, self.board.centery)
    def blocking(self) -> bool: return False  # e.g. a show being counted: turns wait for it
    def sprites(self, obs: Observation) -> list[CardSprite]: return []
    def origins(self, obs: Observation, events: tuple[Event, ...]) -> dict[str, tuple[float, float, bool]]:
        return {}
    def drag_keys_for(self, key: str) -> list[str]: return []
    def drag_keys_from_zone(self, pos: tuple[int, int]) -> list[str]: return []
    def tap(self, key: str | None, pos: tuple[int, int]) -> None: ...
    def focus_items(self) -> list[tuple[str, pygame.Rect]]: return []
    def activate(self, item: str | None, confirm: bool) -> None: ...
    def game_key(self, event: pygame.event.Event) -> None: ...
    def describe(self, event: Event) -> str: return str(event)
    def hint_text(self, action: Action) -> str: return str(action)
    def position_words(self, pos: list[int]) -> str: return f"({pos[0]},{pos[1]})"  # a square's own position
    def game_button_rows(self) -> int: return 1
    def game_buttons(self, area: pygame.Rect) -> list[Button]: return []
    def on_game_button(self, bid: str) -> None: ...
    def after_action(self, action: Action) -> None: ...
    def clear_selection(self) -> None: ...
    def draw_board(self, surface: pygame.Surface) -> None: ...
    def draw_top(self, surface: pygame.Surface) -> None: ...
    def end_columns(self) -> list[list[str]]: return [[], []]
    def final_score(self, seat: int) -> int: return self.match.state.scores[seat]  # as the end screen shows it
    def end_how(self) -> str: return ""  # how the game ended, when the end event's log sentence does not say
    def packs(self) -> list[pygame.Rect]: return []  # cards drawn as a pack, not as sprites (a spread for a cut)
