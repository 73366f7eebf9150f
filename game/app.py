"""The application: window, clock, the scene stack and the frame loop."""
from __future__ import annotations

import logging
import random
import time
from typing import TYPE_CHECKING

import pygame

from game.asides import told_once
from game.botworker import BotExecutor
from game.crash import CrashGuard
from game.i18n import Translator
from game.icon import set_window_icon
from game.input import GestureTracker, Pointer, to_pointer
from game.options import Options
from game.paths import remove_all_stale_temporaries
from game.prefs import apply_services
from game.router import Router
from game.saves import SaveStore
from game.scene import Scene
from game.settings import Settings, SettingsStore
from game.shutdown import keep_game_in_play, stop_signals
from game.stack import SceneStack
from game.stats import StatsStore
from game.window import Display, open_window, smallest
from sounds.bank import SoundBank
from sprites.cards import CardArtCache
from sprites.text import Fonts

if TYPE_CHECKING:
    from game.session import Session  # imported where a game starts: the menu needs no rules of play

log = logging.getLogger("carduels")
FRAME_DT = 1 / 60
HEADLESS_DEMO_DRAW_EVERY = 30
STATS_POLL = 0.05  # seconds between looks for the statistics thread's answers while it works
REST_WAIT_MAX = 1.0  # seconds: the longest the loop sleeps on events when no timer is due
# pygame-ce's event.wait() polls SDL every millisecond (3-4% of a core here, for a bare window too): a rest
# sleeps in slices instead and looks at the queue between them; a slice is under one frame of latency.
REST_SLICE = 0.012


class App:
    def __init__(self, opts: Options, settings: Settings | None = None) -> None:
        self.opts = opts
        self.settings_store: SettingsStore | None = None
        if settings is None:
            self.settings_store = SettingsStore()
            settings = self.settings_store.load()
            for p in self.settings_store.problems:
                log.warning("settings: %s", p)
        self.settings = settings
        self.kiosk_mode = opts.kiosk or settings.kiosk
        self.t = Translator(opts.lang or settings.language)
        if self.kiosk_mode:
            from game.kiosk import hold_the_kiosk, prepare_environment

            self.kiosk_lock = hold_the_kiosk(self.t("kiosk.already"))  # a second kiosk copy stops here
            prepare_environment()
        pygame.init()
        set_window_icon()
        self.display = Display(self._open_window(), smallest(opts, self.kiosk_mode or opts.fullscreen
                                                             or settings.fullscreen))
        self.screen = self.display.screen  # the window, or the letterbox canvas when the window is too small
        pygame.display.set_caption(self.t("app.title"))
        pygame.key.set_repeat(350, 40)
        self.fonts = Fonts()
        self.fonts.set_window(self.size[1])
        self.cards = CardArtCache()
        # The sound files and the statistics file are opened after the first frame (_after_first_frame).
        self.sounds = SoundBank(enabled=settings.sound and not opts.headless, load=False)
        apply_services(self)  # volume, felt and card back from the settings
        self.saves = SaveStore()
        self.stats = StatsStore(start=False)  # opens on its own thread: never holds up a frame
        self.stack = SceneStack()
        self.router = Router(self)
        self.executor = BotExecutor()  # a worker process, started with the first bot move
        self.gestures = GestureTracker()
        self.clock = pygame.time.Clock()
        self.now = 0.0
        self.frames = 0
        self.draws = 0  # frames actually drawn (tests count them)
        self._first_frame_shown = False
        self.input_serial = 0  # counts the events handed to the scenes (a table's static layer watches it)
        self.dirty = True  # something changed since the last draw
        self._wake_at: float | None = None  # app.now at which a scene's timer is due
        self.running = True
        self.stopped_by: str | None = None  # the signal that asked the app to end (SIGTERM, SIGINT)
        self.finished_game = False
        self.results: list[str] = []
        self.clipboard: str | None = None  # the last text copied (also when no system clipboard)
        self.notice: str | None = None  # one message for the next menu (e.g. a damaged save)
        if self.settings_store is not None and self.settings_store.problems:  # each is in the log, word for word
            self.notice = self.t.n("settings.problems", len(self.settings_store.problems),
                                   name=str(self.settings_store.path))
        self.notice = self.notice or told_once(self.t)  # files set aside as damaged last time, and how to undo it
        self.save_failed = False  # an autosave failed and the player was told
        self.coach_marks = not opts.headless  # the guided first games (a test may switch them on)
        self.kiosk = None
        if self.kiosk_mode:
            from game.kiosk import Kiosk

            self.kiosk = Kiosk(self)
        self.crash = CrashGuard(self)

    # --- window ------------------------------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        if self.kiosk_mode:
            from game.kiosk import open_window as open_kiosk_window

            return open_kiosk_window(self.opts)
        return open_window(self.opts, self.opts.fullscreen or self.settings.fullscreen)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    # --- scenes ask the app for scenes (game/router.py builds them) ------------------------------
    def scene(self, name: str, /, **kw) -> Scene:
        return self.router.build(name, **kw)

    def push(self, name: str, /, **kw) -> Scene:
        """Open ``name`` over the current scene (facing the same way, see ``Router.over``)."""
        scene = self.router.over(self.scene(name, **kw))
        self.stack.push(scene)
        return scene

    def show(self, name: str, /, **kw) -> Scene:
        """``name`` as the only scene (e.g. back to the menu)."""
        scene = self.scene(name, **kw)
        self.stack.reset(scene)
        return scene

    def open_table(self, session: Session) -> Scene:
        """The table for ``session``, built but not yet shown."""
        return self.router.table(session)

    # --- services for scenes ------------------------------------------------------------------
    def play_sound(self, name: str) -> None:
        self.sounds.play(name)

    def set_language(self, lang: str) -> None:
        self.t.set_language(lang)
        self.settings.language = lang
        self.store_settings()

    def set_sound(self, on: bool) -> None:
        self.settings.sound = on
        self.sounds.enabled = on and not self.opts.headless
        self.store_settings()

    def tutorial_finished(self, game_id: str) -> None:
        """The guided first game of ``game_id`` is not shown again (kept in the settings file)."""
        if game_id not in self.settings.tutorial_done:
            self.settings.tutorial_done = [*self.settings.tutorial_done, game_id]
            self.store_settings()

    def reset_tutorials(self) -> None:
        """Every game's guided first game shows again (for the settings screen)."""
        self.settings.tutorial_done = []
        self.store_settings()

    def store_settings(self) -> None:
        self._store_settings()

    def _store_settings(self) -> None:
        # A kiosk's file belongs to its operator: a visitor's choices last until the attract mode.
        if self.opts.headless or self.kiosk_mode or self.settings_store is None:
            return
        try:
            why = self.settings_store.save(self.settings)
        except OSError as exc:
            why = str(exc)
        if why:
            log.warning("settings not saved: %s", why)

    def new_seed(self) -> int:
        return random.SystemRandom().randrange(1, 2**31)

    def autosave(self, session: Session) -> None:
        if session.mode == "demo":
            return
        try:
            self.saves.save(session)
        except OSError as exc:
            log.warning("autosave failed: %s", exc)
            if not self.save_failed:  # once, with the folder: Continue will find nothing there
                self.save_failed = True
                self.notice = self.t("save.failed", why=f"{self.saves.root}: {exc.strerror or exc}")
                getattr(self.stack.top, "show_toast", lambda *a, **k: None)(self.notice, error=True)

    def report_result(self, session: Session) -> None:
        st = session.match.state
        line = (f"RESULT game={session.game_id} seed={session.seed} "
                f"winners={','.join(str(w) for w in st.winners)} scores={','.join(str(s) for s in st.scores)}")
        self.results.append(line)
        code = session.replay_code()
        if code:
            print(f"REPLAY {code}", flush=True)
        self.stats.record(session)
        print(line, flush=True)
        if self.opts.until_end:
            self.finished_game = True

    # --- loop ---------------------------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        if self.kiosk is not None and self.kiosk.consume(event):
            return
        scene = self.stack.top
        if event.type == pygame.QUIT:  # a scene may ask first (an online game: keep the seat or resign?)
            self.running = any(s.before_quit() for s in self.stack.scenes[::-1])
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            window = pygame.display.get_surface()
            assert window is not None  # the event came from the open window
            self.display.fit(window)
            self.screen = self.display.screen
            self.fonts.set_window(self.size[1])
            for s in self.stack.scenes:
                s.resize(self.size)
            return
        if scene is None:
            return
        p = self.pointer(event)
        if p is not None:
            for g in self.gestures.feed(p, self.size[1]):
                scene.on_gesture(g)
        elif event.type == pygame.KEYDOWN:
            scene.on_key(event)
        elif event.type == pygame.TEXTINPUT:
            scene.on_text(event.text)
        elif event.type == pygame.MOUSEWHEEL and hasattr(scene, "on_wheel"):
            scene.on_wheel(event.y)

    def pointer(self, event: pygame.event.Event) -> Pointer | None:
        """A pointer event where the scenes see it (on the letterbox canvas when there is one)."""
        p = to_pointer(event, self.display.window.get_size())
        return p if p is None or not self.display.letterboxed else p._replace(pos=self.display.to_screen(p.pos))

    def invalidate(self) -> None:
        """Something changed outside input, update and the scene stack: draw the next frame."""
        self.dirty = True

    def animating(self) -> bool:
        """Whether the top scene (or the kiosk overlay) moves on its own: frames at the display rate."""
        top = self.stack.top
        if top is not None and top.wants_frame():
            return True
        return self.kiosk is not None and self.kiosk.wants_frame()

    def next_deadline(self) -> float | None:
        """Seconds until the next timer of the top scene, a toast under it, or the kiosk, or None."""
        below = [getattr(s, "floating_deadline", lambda: None)() for s in self.stack.visible()[:-1]]
        due = [d for d in (self.stack.top.next_deadline() if self.stack.top is not None else None,
                           self.kiosk.next_deadline() if self.kiosk is not None else None,
                           STATS_POLL if self.stats.busy else None, *below) if d is not None]
        return min(due) if due else None

    def step(self, dt: float, take_events: bool = True) -> None:
        """One frame; an unexpected error is logged and recovered from (see game.crash)."""
        try:
            self._frame(dt, take_events)
        except Exception as exc:
            if not self.crash.recover(exc):
                raise

    def _after_first_frame(self) -> None:
        """What the first menu frame does not need: the sound files and the statistics file."""
        self.sounds.load()
        if self.sounds.missing:  # a packaging mistake must show, even though the game plays on silently
            log.error("sound files missing: %s", self.sounds.status)
        self.stats.start()
        removed = remove_all_stale_temporaries()  # left by writes that a killed app never finished
        if removed:
            log.info("removed %d unfinished temporary file(s)", removed)

    def _frame(self, dt: float, take_events: bool = True) -> None:
        """Pending scene changes, events, update, and a draw when something changed."""
        if self.draws and not self._first_frame_shown:
            self._first_frame_shown = True
            self._after_first_frame()
        changed = self.stack.apply_pending(self.size)
        if changed:
            self.gestures.reset()
        events = pygame.event.get() if take_events else []
        for event in events:
            self.dispatch(event)
        self.input_serial += len(events)
        changed = self.stack.apply_pending(self.size) or changed or bool(events)
        self.now += dt
        moving = self.animating()
        if self.kiosk is not None:
            self.kiosk.update(dt)
        top = self.stack.top
        if top is not None:
            top.update(dt)
        for scene in self.stack.visible()[:-1]:  # a toast under a dialog shows over it, for its time only
            tick = getattr(scene, "tick_floating", None)
            changed = bool(tick is not None and tick(dt)) or changed
        changed = self.stack.apply_pending(self.size) or changed
        due = self._wake_at is not None and self.now >= self._wake_at - 1e-6
        if changed or due or moving or self.animating():
            self.dirty = True
        deadline = self.next_deadline()
        self._wake_at = None if deadline is None else self.now + max(0.0, deadline)
        if self._should_draw():
            self.draw()

    def _should_draw(self) -> bool:
        """When something changed, except in a headless demo: nobody looks, so draw only now and then.

        The simulated clock still advances 1/60 s per frame and every update runs, so the game
        and its RESULT line are exactly those of a drawn run; only the pixels are skipped.
        """
        if self.opts.headless and self.opts.demo:
            return self.frames % HEADLESS_DEMO_DRAW_EVERY == 0
        return self.dirty

    def draw(self) -> None:
        self.dirty = False
        self.draws += 1
        visible = self.stack.visible()
        changed = None
        for scene in visible:
            changed = scene.draw(self.screen)
        for scene in visible[:-1]:  # a toast of a scene under a dialog stays above every layer
            floating = getattr(scene, "draw_floating", None)
            if floating is not None:
                floating(self.screen)
        if self.kiosk is not None:
            self.kiosk.draw(self.screen)
        # a table where only cards moved: just where they moved
        alone = len(visible) == 1 and self.kiosk is None and isinstance(changed, list)
        self.display.present(changed if alone else None)

    def resting(self) -> bool:
        """Nothing to draw, nothing moving, no event waiting: the loop may sleep."""
        return not (self.dirty or self.stack.pending or self.animating() or pygame.event.peek())

    def rest_timeout(self) -> float:
        """How long a rest may last: until the next timer, at most REST_WAIT_MAX."""
        if self._wake_at is None:
            return REST_WAIT_MAX
        return max(0.0, min(REST_WAIT_MAX, self._wake_at - self.now))

    def _rest(self) -> float:
        """Sleep until an event comes or a timer is due; the seconds slept."""
        end = time.perf_counter() + self.rest_timeout()
        while (left := end - time.perf_counter()) > 0:
            time.sleep(min(REST_SLICE, left))
            if pygame.event.peek():
                break
        return self.clock.tick() / 1000.0

    def _pace(self) -> float:
        """Real seconds for the next frame: at the display rate while anything changes, else after a rest."""
        if not self.resting():
            return min(self.clock.tick(60) / 1000.0, 0.1)
        slept = self._rest()
        if not pygame.event.peek():
            return slept  # a timer is due: the whole rest counts (toasts, kiosk idle)
        self.step(slept, take_events=False)  # timers count the rest; the input gets a fresh clock
        return min(self.clock.tick() / 1000.0, 0.1)

    def run(self, first: Scene) -> int:
        self.stack.push(first)
        headless = self.opts.headless
        try:
            with stop_signals(self):
                while self.running:
                    dt = FRAME_DT if headless else self._pace()
                    self.step(dt)
                    self.frames += 1
                    if self.finished_game or (self.opts.frames is not None and self.frames >= self.opts.frames):
                        break
        finally:
            keep_game_in_play(self)
            self.executor.shutdown(wait=False, cancel_futures=True)
            self.stats.close()
            pygame.quit()
        return 0
