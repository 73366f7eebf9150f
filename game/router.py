"""The router: the one place that knows how to build each scene, so scenes never import each other.

A scene asks the app for the next one by name (``app.show("menu")``, ``app.push("cover", table=t, seat=1)``,
``app.open_table(session)``); the app asks this router. Each builder imports its scene module when first
used, which also keeps start-up from loading screens nobody opened yet.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.scene import Scene
    from game.services import AppServices
    from game.session import Session
    from game.tables.base import TableScene


class Router:
    def __init__(self, app: AppServices) -> None:
        self.app = app
        self._builders: dict[str, Callable[..., Scene]] = {
            "menu": self._menu, "names": self._names, "cover": self._cover, "pause": self._pause,
            "rules": self._rules, "howto": self._howto, "end": self._end, "apology": self._apology, "safe": self._safe,
            "welcome": self._welcome, "pin": self._pin, "online": self._online, "lobby": self._lobby,
            "settings": self._settings, "stats": self._stats, "confirm": self._confirm, "choose": self._choose,
            "coach": self._coach, "review": self._review, "watch": self._watch, "analysis": self._analysis,
            "saved": self._saved, "identity": self._identity, "leaderboard": self._leaderboard,
        }

    def names(self) -> list[str]:
        return sorted(self._builders)

    def build(self, name: str, /, **kw: Any) -> Scene:
        try:
            make = self._builders[name]
        except KeyError:
            raise ValueError(f"no scene called {name!r}; known: {', '.join(self.names())}") from None
        return make(**kw)

    def table(self, session: Session) -> Scene:
        """The table for ``session``; face to face (game/tables/facing.py) for two players at one device
        when the settings ask for it."""
        if session.mode == "hotseat" and self.app.settings.face_to_face:
            from game.tables.facing import open_facing

            return open_facing(self.app, session)
        from game.tables import open_table

        return open_table(self.app, session)

    def over(self, scene: Scene) -> Scene:
        """A scene opened over the current one faces the same way: over a face-to-face table, the player
        it is for (the one who touched, or whose cover or result it is), turned for the top seat."""
        top = self.app.stack.top
        if top is None:
            return scene
        if getattr(top, "face_to_face", False):
            turned = top.overlay_turned()  # type: ignore[attr-defined]  # a face-to-face table's
        else:
            turned = getattr(top, "turned_over", False)
        if not turned:
            return scene
        from game.scenes.turned import Turned

        return Turned(scene)

    # --- one builder per scene --------------------------------------------------------------------
    def _menu(self) -> Scene:
        from game.scenes.menu import MenuScene

        return MenuScene(self.app)

    def _names(self, game: str, mode: str) -> Scene:
        from game.scenes.names import NamesScene

        return NamesScene(self.app, game, mode)

    def _cover(self, table: TableScene, seat: int) -> Scene:
        from game.scenes.cover import CoverScene

        return CoverScene(self.app, table, seat)

    def _pause(self, table: TableScene) -> Scene:
        from game.scenes.pause import PauseScene

        return PauseScene(self.app, table)

    def _rules(self, game_id: str) -> Scene:
        from game.scenes.rules import RulesScene

        return RulesScene(self.app, game_id)

    def _howto(self, game_id: str, page: int = 0) -> Scene:
        from game.scenes.howto import HowToScene

        return HowToScene(self.app, game_id, page)

    def _end(self, table: TableScene, again: str = "table") -> Scene:
        from game.scenes.end import EndScene

        return EndScene(self.app, table, again=again)

    def _apology(self, saved: bool) -> Scene:
        from game.scenes.crash import ApologyScene

        return ApologyScene(self.app, saved=saved)

    def _safe(self) -> Scene:
        from game.scenes.crash import SafeScene

        return SafeScene(self.app)

    def _welcome(self, paused: Session) -> Scene:
        from game.scenes.kiosk import WelcomeScene

        return WelcomeScene(self.app, paused)

    def _pin(self, then: str | None = None) -> Scene:
        from game.scenes.kiosk import PinPadScene

        return PinPadScene(self.app, then=then)

    def _online(self) -> Scene:
        from game.scenes.online import OnlineScene

        return OnlineScene(self.app)

    def _coach(self, table: TableScene) -> Scene:
        from game.tables import entry
        from game.tables.coach import CoachScene

        load = entry(table.game_id).coach
        return CoachScene(self.app, table, load() if load else [])

    def _analysis(self, table: TableScene) -> Scene:
        from game.scenes.analysis import AnalysisScene

        return AnalysisScene(self.app, table)

    def _review(self, table: TableScene) -> Scene:
        from game.scenes.review import ReviewScene

        return ReviewScene(self.app, table)

    def _lobby(self, **kw: Any) -> Scene:
        from game.scenes.lobby import LobbyScene

        return LobbyScene(self.app, **kw)

    def _watch(self, code: str = "", live: bool = False) -> Scene:
        from game.scenes.watch import WatchScene

        return WatchScene(self.app, code, live)

    def _settings(self) -> Scene:
        from game.scenes.settings import SettingsScene

        return SettingsScene(self.app)

    def _stats(self) -> Scene:
        from game.scenes.stats import StatsScene

        return StatsScene(self.app)

    def _saved(self, notice: str = "") -> Scene:
        from game.scenes.saved import SavedScene

        return SavedScene(self.app, notice)

    def _choose(self, text: str, labels: list[str], on_pick: Callable[[int], None]) -> Scene:
        from game.scenes.confirm import ChooseScene

        return ChooseScene(self.app, text, labels, on_pick)

    def _confirm(self, text: str, on_yes: Callable[[], None], yes: str = "confirm.yes", no: str = "confirm.no",
                 on_no: Callable[[], None] | None = None) -> Scene:
        from game.scenes.confirm import ConfirmScene

        return ConfirmScene(self.app, text, on_yes, yes=yes, no=no, on_no=on_no)

    def _identity(self) -> Scene:
        from game.scenes.identity import IdentityScene

        return IdentityScene(self.app)

    def _leaderboard(self, url: str, game: str | None = None) -> Scene:
        from game.scenes.leaderboard import LeaderboardScene

        return LeaderboardScene(self.app, url, game)
