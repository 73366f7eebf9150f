"""User settings in a TOML file: read with validation, written only when the player changes one, and
never over a file the app could not fully understand (the owner's comments and layout are kept)."""
from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from pathlib import Path

from game.paths import atomic_write, user_config_dir
from game.schema import Bad
from game.schema.settings import RULES, SECRET


@dataclass
class Settings:
    language: str = "en"
    sound: bool = True
    animation_speed: float = 1.0
    fullscreen: bool = False
    kiosk: bool = False
    idle_minutes: int = 3
    pin: str = "2580"
    server: str = "ws://127.0.0.1:8765"
    bot_level: int = 2
    volume: int = 80
    felt: str = "green"
    card_back: str = "blue"
    suit_colours: str = "two"  # "four": diamonds blue and clubs green (sprites/looks.py)
    sort_by: str = "suit"
    face_to_face: bool = False  # two players at one device: the top half of the table turned to the player across
    reduce_motion: bool = False  # cards fade to their places: no lift, arc, settle or count-up (sprites/tween.py)
    confirm_knock: bool = True  # Card Square's Knock asks first (the game ends after one more turn)
    tutorial_done: list[str] = field(default_factory=list)
    last_game: str = ""  # the menu's last choices (game/scenes/menu.py)
    last_mode: str = "hotseat"
    last_names: list[str] = field(default_factory=list)
    online_name: str = ""  # the name last played online under ("": none yet)


def _shown(value: object) -> str:
    """A bad value for a message: its repr, cut short (a value may be a table of thousands of entries)."""
    try:
        text = repr(value)
    except RecursionError:
        return "a value nested too deeply"
    return text if len(text) <= 60 else text[:57] + "..."


def settings_path() -> Path:
    return user_config_dir() / "settings.toml"


def parse_settings(text: str, name: str = "settings.toml") -> tuple[Settings, list[str]]:
    """Settings from TOML text plus the problems found; each bad value falls back to its default."""
    import tomllib  # only when there is a file to read: not at the start of a fresh install

    s = Settings()
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return s, [f"{name} is not valid TOML ({exc}); using the defaults for every setting"]
    except (RecursionError, MemoryError):  # e.g. arrays nested 100,000 deep: the parser recurses per level
        return s, [f"{name} is nested too deeply to read; using the defaults for every setting"]
    problems: list[str] = []
    for key, value in data.items():
        if key not in RULES:
            problems.append(f"{name}: unknown setting '{key}' ignored (known: {', '.join(RULES)})")
            continue
        try:
            setattr(s, key, RULES[key](value))
        except Bad as exc:
            shown = "this value" if key in SECRET else _shown(value)
            default = "the default" if key in SECRET else repr(getattr(s, key))
            problems.append(f"{name}: '{key}' must be {exc}, not {shown}; using {default}")
    return s, problems


class SettingsStore:
    """The settings file as it was read. ``save`` writes only the values that changed, in place,
    and refuses (returning why) when the file had problems or was changed by someone else since."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or settings_path()
        self.problems: list[str] = []
        self._seen: str | None = None  # the text read, or None when there was no file
        self._loaded = False

    def load(self) -> Settings:
        self._loaded = True
        self._seen, self.problems = None, []
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return Settings()
        except (OSError, UnicodeDecodeError) as exc:
            self._seen = ""  # something is there that we cannot read: never write over it
            self.problems = [f"{self.path.name} could not be read ({exc}); using the defaults"]
            return Settings()
        self._seen = text
        s, self.problems = parse_settings(text, self.path.name)
        return s

    def save(self, s: Settings) -> str | None:
        """Write the changed values; None when done (or nothing changed), else why it was not written."""
        if not self._loaded:
            return "the settings file was never read, so it is not written"
        if self.problems:
            return (f"{self.path} has problems (see above), so it is left as it is; "
                    "fix or delete it to store changes")
        try:
            now = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            now = None
        except (OSError, UnicodeDecodeError) as exc:
            return f"{self.path} cannot be read now ({exc}); not written"
        if now != self._seen:
            return f"{self.path} was changed by someone else since it was read; not written"
        text: str | None
        if now is None:
            text = _fresh_text(s)
        else:
            text = _update_text(now, s)
            if text is None:
                return f"{self.path} could not be updated in place; not written"
        if text != now:
            atomic_write(self.path, text)
            self._seen = text
        return None


def _fresh_text(s: Settings) -> str:
    head = "# Card Duels settings. Valid values:\n" + "".join(
        f"#   {key}: {rule.wanted}\n" for key, rule in RULES.items())
    return head + "".join(_dump(k, v) for k, v in asdict(s).items())


def _dump(key: str, value: object) -> str:
    """One ``key = value`` line; a list stays on one line, so it can be updated in place."""
    import tomli_w  # only when the file is written, not at every start
    if isinstance(value, list):
        items = ", ".join(tomli_w.dumps({"x": v}).split("=", 1)[1].strip() for v in value)
        return f"{key} = [{items}]\n"
    return tomli_w.dumps({key: value})


_LINE = re.compile(r"^(\s*)([A-Za-z0-9_-]+|\"[^\"]*\"|'[^']*')(\s*=\s*)(.*)$")


def _value_end(rest: str) -> int | None:
    """Where a one-line TOML value at the start of ``rest`` ends (None for multi-line strings)."""
    if rest.startswith(('"""', "'''")):
        return None
    if rest.startswith('"'):
        i = 1
        while i < len(rest):
            if rest[i] == "\\":
                i += 2
                continue
            if rest[i] == '"':
                return i + 1
            i += 1
        return None
    if rest.startswith("'"):
        j = rest.find("'", 1)
        return None if j < 0 else j + 1
    if rest.startswith("["):  # a one-line array (multi-line ones are not updated in place)
        j = rest.find("]")
        return None if j < 0 else j + 1
    j = rest.find("#")
    return len(rest.rstrip()) if j < 0 else len(rest[:j].rstrip())


def _update_text(text: str, s: Settings) -> str | None:
    """``text`` with the values that differ from ``s`` replaced in place (others appended);
    None when the result would not read back as exactly ``s``."""
    wanted = asdict(s)
    current, _ = parse_settings(text)
    changed = {k: v for k, v in wanted.items() if getattr(current, k) != v}
    if not changed:
        return text
    lines = text.splitlines(keepends=True)
    for i, line in enumerate(lines):
        m = _LINE.match(line.rstrip("\r\n"))
        key = m.group(2).strip("\"'") if m else None
        if key not in changed or m is None:
            continue
        rest = m.group(4)
        end = _value_end(rest)
        if end is None:
            return None
        new_value = _dump(key, changed.pop(key)).split("=", 1)[1].strip()
        newline = line[len(line.rstrip("\r\n")):]
        lines[i] = m.group(1) + m.group(2) + m.group(3) + new_value + rest[end:] + newline
    if changed:
        if lines and not lines[-1].endswith("\n"):
            lines[-1] += "\n"
        lines.append("".join(_dump(k, v) for k, v in changed.items()))
    out = "".join(lines)
    back, problems = parse_settings(out)
    return out if not problems and asdict(back) == wanted else None


def load_settings(path: Path | None = None) -> tuple[Settings, list[str]]:
    """The settings plus a list of problems found; bad values fall back to their defaults."""
    store = SettingsStore(path)
    return store.load(), store.problems


def save_settings(s: Settings, path: Path | None = None) -> str | None:
    """Store ``s`` now, by the same rules as :meth:`SettingsStore.save` (None when stored)."""
    store = SettingsStore(path)
    store.load()
    return store.save(s)
