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
