"""The settings file: validation with clear messages and default fallbacks; never silently overwritten."""
from __future__ import annotations

import logging
from dataclasses import asdict, fields

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.app import App
from game.options import Options
from game.schema.settings import RULES
from game.settings import Settings, SettingsStore, load_settings, parse_settings, save_settings


def write(tmp_path, text: str):
    path = tmp_path / "settings.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_every_setting_has_a_rule():
    assert set(RULES) == {f.name for f in fields(Settings)}


def test_missing_file_gives_the_defaults(tmp_path):
    s, problems = load_settings(tmp_path / "nope.toml")
    assert s == Settings() and problems == []


def test_a_valid_file_is_read(tmp_path):
    path = write(tmp_path, 'language = "de"\nsound = false\nanimation_speed = 2\nfullscreen = true\n'
                           'kiosk = true\nidle_minutes = 10\npin = "975310"\nserver = "wss://cards.example"\n')
    s, problems = load_settings(path)
    assert problems == []
    assert s == Settings("de", False, 2.0, True, True, 10, "975310", "wss://cards.example")
    assert isinstance(s.animation_speed, float)


def test_a_pin_written_as_a_number_is_accepted(tmp_path):
    s, problems = load_settings(write(tmp_path, "pin = 4711\n"))
    assert s.pin == "4711" and problems == []


@pytest.mark.parametrize("line, key, hint", [
    ('language = "fr"', "language", '"en", "de"'),
    ("sound = 1", "sound", "true or false"),
    ("animation_speed = 9", "animation_speed", "0.25"),
    ("animation_speed = true", "animation_speed", "0.25"),
    ("idle_minutes = 0", "idle_minutes", "1 to 240"),
    ("idle_minutes = 2.5", "idle_minutes", "1 to 240"),
    ('pin = "12ab"', "pin", "4 to 8 digits"),
    ("pin = 12", "pin", "4 to 8 digits"),
    ('server = "http://x"', "server", "ws://"),
    ('kiosk = "yes"', "kiosk", "true or false"),
    ('felt = ["green"]', "felt", '"green"'),  # a list is not hashable: it must not stop the app (issue 32 F3)
    ("card_back = {a=1}", "card_back", '"blue"'),
    ("animation_speed = inf", "animation_speed", "0.25"),
    ("animation_speed = nan", "animation_speed", "0.25"),
    ('last_mode = "online"', "last_mode", '"hotseat"'),
    ('last_names = ["Ann", "Bob", "Cem"]', "last_names", "two names"),
])
def test_an_invalid_value_is_named_explained_and_replaced_by_its_default(tmp_path, line, key, hint):
    s, problems = load_settings(write(tmp_path, f'{line}\nlanguage_unused = 1\nfullscreen = true\n'))
    mine = [p for p in problems if f"'{key}'" in p]
    assert len(mine) == 1 and hint in mine[0] and "settings.toml" in mine[0]
    assert getattr(s, key) == getattr(Settings(), key)
    assert s.fullscreen is True, "the valid values in the same file still count"
    assert any("unknown setting 'language_unused'" in p for p in problems)


def test_the_pin_is_never_echoed(tmp_path):
    _, problems = load_settings(write(tmp_path, 'pin = "12x45"\n'))
    assert problems and "12x45" not in problems[0] and "2580" not in problems[0]


def test_broken_toml_gives_defaults_and_says_why(tmp_path):
    s, problems = load_settings(write(tmp_path, "language = \n"))
    assert s == Settings() and len(problems) == 1 and "not valid TOML" in problems[0]


def test_a_file_with_problems_is_never_written(tmp_path):
    text = '# my kiosk\nlanguage = "de"\nidle_minutes = -3\n'
    path = write(tmp_path, text)
    store = SettingsStore(path)
    s = store.load()
    s.sound = False
    why = store.save(s)
    assert why and "left as it is" in why
    assert path.read_text(encoding="utf-8") == text


def test_an_unreadable_file_is_never_written(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_bytes(b"\xff\xfe\x00bad")
    store = SettingsStore(path)
    s = store.load()
    assert store.problems and s == Settings()
    assert store.save(s) is not None and path.read_bytes() == b"\xff\xfe\x00bad"


def test_a_valid_file_is_updated_in_place_keeping_comments(tmp_path):
    text = '# Staff: do not touch\nlanguage = "de"  # for the museum\n\nsound = true\npin = "8642"\n'
    path = write(tmp_path, text)
    store = SettingsStore(path)
    s = store.load()
    s.sound, s.idle_minutes = False, 7
    assert store.save(s) is None
    out = path.read_text(encoding="utf-8")
    assert out.startswith('# Staff: do not touch\nlanguage = "de"  # for the museum\n\nsound = false\npin = "8642"\n')
    assert "idle_minutes = 7" in out
    assert load_settings(path) == (s, [])


def test_a_file_changed_since_it_was_read_is_not_overwritten(tmp_path):
    path = write(tmp_path, "sound = true\n")
    store = SettingsStore(path)
    s = store.load()
    path.write_text("sound = true\nkiosk = true\n", encoding="utf-8")
    s.sound = False
    assert "changed by someone else" in store.save(s)
    assert path.read_text(encoding="utf-8") == "sound = true\nkiosk = true\n"


def test_nothing_changed_means_nothing_written(tmp_path):
    path = write(tmp_path, "sound = true\n")
    before = path.stat().st_mtime_ns
    store = SettingsStore(path)
    assert store.save(store.load()) is None and path.stat().st_mtime_ns == before


def test_a_new_file_lists_the_valid_values(tmp_path):
    path = tmp_path / "cfg" / "settings.toml"
    s = Settings(language="de", idle_minutes=12)
    assert save_settings(s, path) is None
    text = path.read_text(encoding="utf-8")
    assert "#   idle_minutes: a whole number of minutes, 1 to 240" in text
    assert load_settings(path) == (s, [])


def test_store_refuses_to_write_without_reading_first(tmp_path):
    assert SettingsStore(tmp_path / "s.toml").save(Settings()) is not None
    assert not (tmp_path / "s.toml").exists()


values = st.builds(
    Settings,
    language=st.sampled_from(["en", "de"]),
    sound=st.booleans(),
    animation_speed=st.floats(0.25, 4, allow_nan=False),
    fullscreen=st.booleans(),
    kiosk=st.booleans(),
    idle_minutes=st.integers(1, 240),
    pin=st.text("0123456789", min_size=4, max_size=8),
    server=st.sampled_from(["ws://127.0.0.1:8765", 'wss://a.example/"x"', "ws://h:1/p#frag"]),
)


@settings(max_examples=40, deadline=None)
@given(first=values, second=values)
def test_any_valid_change_round_trips_and_keeps_the_comment(tmp_path_factory, first, second):
    path = tmp_path_factory.mktemp("s") / "settings.toml"
    assert save_settings(first, path) is None
    path.write_text("# kept\n" + path.read_text(encoding="utf-8"), encoding="utf-8")
    assert save_settings(second, path) is None
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# kept\n")
    assert load_settings(path) == (second, [])
    assert parse_settings(text)[0] == second


def test_the_app_warns_and_does_not_write_a_file_with_problems(tmp_path, monkeypatch, caplog):
    from game import paths

    cfg = paths.user_config_dir()
    cfg.mkdir(parents=True)
    (cfg / "settings.toml").write_text("idle_minutes = 0\n", encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger="carduels"):
        app = App(Options(headless=True))
        app.opts.headless = False  # as a desktop run would: changes are to be stored
        app.set_sound(False)
    assert "'idle_minutes' must be a whole number" in caplog.text
    assert "settings not saved" in caplog.text
    assert app.notice == f"1 value in {cfg / 'settings.toml'} was not understood and uses its default (the log says " \
                         "which).", "the player is told too, on the menu"
    assert (cfg / "settings.toml").read_text(encoding="utf-8") == "idle_minutes = 0\n"
    assert asdict(app.settings)["sound"] is False, "the change still applies for this run"


@pytest.mark.parametrize("kiosk", [False, True])
def test_the_app_stores_a_change_on_the_desktop_but_never_in_a_kiosk(kiosk):
    from game import paths

    cfg = paths.user_config_dir()
    cfg.mkdir(parents=True)
    text = f"# mine\nkiosk = {'true' if kiosk else 'false'}\n"
    (cfg / "settings.toml").write_text(text, encoding="utf-8")
    app = App(Options(headless=True))
    app.opts.headless = False
    app.set_language("de")
    stored = (cfg / "settings.toml").read_text(encoding="utf-8")
    assert stored == (text if kiosk else text + 'language = "de"\n')


def test_a_felt_chosen_applies_at_once_and_tints_the_panels(tmp_path, monkeypatch):
    """The felt is cached per size and colour (not per size alone): the table shows the new felt without a
    restart; panels and buttons take the felt's hue at the lightness they were designed at."""
    import colorsys

    from game import prefs
    from sprites import looks, theme
    from tools.driver import frames, make_app
    from tools.shots import midgame, open_settled

    monkeypatch.setenv("CARD_DUELS_HOME", str(tmp_path))
    app = make_app(size=(1024, 600))
    open_settled(app, midgame("kombi", 6))
    try:
        for felt in ("red", "blue", "green"):
            prefs.change(app, "felt", felt)
            frames(app, 2)
            app.draw()
            main = looks.FELTS[felt][0]
            strongest = main.index(max(main))  # red, green or blue: the felt's own channel
            grid = [app.screen.get_at((x, y))[:3] for x in range(8, 1024, 32) for y in range(8, 600, 32)]
            felted = [c for c in grid if c.index(max(c)) == strongest and max(c) - min(c) > 20]
            assert len(felted) > 0.3 * len(grid), (felt, len(felted), len(grid))  # the bare felt, in its colour
            hue = colorsys.rgb_to_hls(*(v / 255 for v in theme.PANEL))
            felt_hue = colorsys.rgb_to_hls(*(v / 255 for v in main))
            designed = colorsys.rgb_to_hls(*(v / 255 for v in looks.DESIGNED["PANEL"]))
            assert abs(hue[1] - designed[1]) < 0.01  # the same lightness: contrasts hold
            if felt != "green":
                assert abs((hue[0] - felt_hue[0] + 0.5) % 1 - 0.5) < 0.05, (felt, theme.PANEL)
    finally:
        prefs.change(app, "felt", "green")
    assert theme.PANEL == looks.DESIGNED["PANEL"]


def test_settings_show_each_felt_and_back_before_it_is_chosen(tmp_path, monkeypatch):
    import pygame

    from game.scenes.settings import SettingsScene
    from sprites import looks
    from tools.driver import frames, make_app, speaking

    monkeypatch.setenv("CARD_DUELS_HOME", str(tmp_path))
    for lang in ("en", "de", "uk"):
        with speaking(lang):
            app = make_app(size=(1024, 600))
        scene = SettingsScene(app)
        app.stack.push(scene)
        frames(app, 2)
        for b in scene.buttons.buttons:
            key, _, value = b.id.partition("=")
            if key not in ("felt", "card_back"):
                continue
            color = (looks.FELTS if key == "felt" else looks.BACKS)[value][0]
            area = app.screen.subsurface(b.rect)
            seen = pygame.mask.from_threshold(area, (*color, 255), (6, 6, 6, 255)).count()
            assert seen > b.rect.h, (lang, b.id, seen)  # a chip of it, not a stray pixel


def test_every_card_back_stands_out_on_every_felt():
    """The back's cream border against the felt (its silhouette) is at least 3:1 on every felt."""
    import pygame

    from sprites import looks, theme
    from sprites.cards import CardArt
    from sprites.text import Fonts

    def lum(c):
        ch = [v / 255 for v in c[:3]]
        ch = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in ch]
        return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2]

    pygame.font.init()
    try:
        for felt in looks.FELTS:
            for back in looks.BACKS:
                looks.apply(felt, back)
                img = CardArt(140, Fonts()).back()
                edge = img.get_at((img.get_width() // 2, 3))  # the border, just inside the card's edge
                a, b = sorted((lum(edge), lum(theme.FELT)))
                assert (b + 0.05) / (a + 0.05) >= 3, (felt, back, edge)
    finally:
        looks.apply("green", "blue")
