"""The name played online under is remembered across runs (in the settings file, as the server address is)."""
from __future__ import annotations

from game.online.hosting import ServerThread
from game.settings import parse_settings, settings_path
from tests.test_online_client import FAST, until
from tests.test_online_meet_app import find, open_online
from tools.driver import frames, make_app, tap


def desktop_app():
    app = make_app()
    app.opts.headless = False  # as a desktop run would: the settings are stored
    return app


def test_the_online_name_comes_back_in_the_next_run():
    server = ServerThread("127.0.0.1", 0, limits=FAST).start()
    try:
        first = desktop_app()
        form = open_online(first)
        assert form.fields["name"].text == first.t("names.default1")  # a first run: the usual default
        form.fields["name"].text, form.fields["server"].text = "  Zoë  Q ", server.url
        tap(first, find(first, "host").center)
        lobby = first.stack.top
        until(lambda: lobby.match is not None, step=lambda: frames(first))
        assert lobby.player == "Zoë Q"
        assert 'online_name = "Zoë Q"' in settings_path().read_text(encoding="utf-8")

        second = desktop_app()  # the app run again
        again = open_online(second)
        assert again.fields["name"].text == "Zoë Q" and again.fields["server"].text == server.url
    finally:
        server.stop()


def test_a_bad_name_in_the_settings_file_falls_back_to_the_default():
    s, problems = parse_settings('online_name = "\\u0000x"\n')
    assert s.online_name == "" and problems and "online_name" in problems[0]
    s, problems = parse_settings('online_name = "Ann"\n')
    assert s.online_name == "Ann" and not problems
