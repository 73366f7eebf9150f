"""Headless SDL for every test, and a private user folder so tests never touch real saves."""
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
os.environ["CARD_DUELS_NEARBY"] = "0"  # no multicast from the tests (tests/test_online_nearby.py: in a namespace)

import pytest  # noqa: E402

pytest_plugins = ("tests.stores",)  # the store fixtures (SQLite, PostgreSQL) of the online tests


@pytest.fixture(autouse=True)
def _private_home(tmp_path, monkeypatch):
    monkeypatch.setenv("CARD_DUELS_HOME", str(tmp_path / "home"))
    yield


def _register_the_sample_game() -> None:
    """CARD_DUELS_SAMPLE_GAME=1: Three Tricks (tests/samplegame) joins both registries, as a new game's two registry
    lines would add it, so the shared tests cover it unchanged (tests/test_sample_game.py). Its computer player
    thinks on a thread: the worker process starts the product alone, which does not know a test's game."""
    import rules
    from game import botworker
    from game.tables import ENTRIES
    from tests.samplegame.table import ENTRY

    rules.GAMES.add("sample", "tests.samplegame.rules")
    ENTRIES["sample"] = ENTRY
    botworker.BotExecutor.__init__.__defaults__ = (False,)


if os.environ.get("CARD_DUELS_SAMPLE_GAME"):
    _register_the_sample_game()
