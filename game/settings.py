"""User settings in a TOML file: read with validation, written only when the player changes one, and
never over a file the app could not fully understand (the owner's comments and layout are kept)."""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from game.i18n import LANGUAGES
from game.paths import atomic_write, user_config_dir
from sprites.looks import BACKS, FELTS, SUIT_COLOURS


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
    tutorial_done: list[str] = field(default_factory=list)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _number(v: Any) -> bool:
    return (_is_int(v) or isinstance(v, float)) and not isinstance(v, bool)


def _pin(v: Any) -> str | None:
    # An operator may well write ``pin = 4711``: accept digits as a number too.
    text = str(v) if _is_int(v) and v >= 0 else v
    return text if isinstance(text, str) and text.isascii() and text.isdigit() and 4 <= len(text) <= 8 else None


def _ids(v: Any) -> list[str] | None:
    ok = isinstance(v, list) and len(v) < 50 and all(isinstance(x, str) and 0 < len(x) < 40 for x in v)
    return list(v) if ok else None


# key -> (check returning the value to use or None, what a valid value looks like)
_RULES: dict[str, tuple[Callable[[Any], Any], str]] = {
    "language": (lambda v: v if isinstance(v, str) and v in LANGUAGES else None,
                 "one of " + ", ".join(f'"{code}"' for code in LANGUAGES)),
    "sound": (lambda v: v if isinstance(v, bool) else None, "true or false"),
    "animation_speed": (lambda v: float(v) if _number(v) and 0.25 <= v <= 4 else None,
                        "a number from 0.25 (slow) to 4 (fast)"),
    "fullscreen": (lambda v: v if isinstance(v, bool) else None, "true or false"),
    "kiosk": (lambda v: v if isinstance(v, bool) else None, "true or false"),
    "idle_minutes": (lambda v: v if _is_int(v) and 1 <= v <= 240 else None, "a whole number of minutes, 1 to 240"),
    "pin": (_pin, '4 to 8 digits, e.g. "4711"'),
    "server": (lambda v: v if isinstance(v, str) and v.startswith(("ws://", "wss://")) and len(v) < 200 else None,
               'an address starting with "ws://" or "wss://"'),
    "bot_level": (lambda v: v if _is_int(v) and 1 <= v <= 3 else None, "1 (beginner), 2 (club player) or 3 (expert)"),
    "volume": (lambda v: v if _is_int(v) and 0 <= v <= 100 else None, "a whole number from 0 to 100"),
    "felt": (lambda v: v if v in FELTS else None, "one of " + ", ".join(f'"{k}"' for k in FELTS)),
    "card_back": (lambda v: v if v in BACKS else None, "one of " + ", ".join(f'"{k}"' for k in BACKS)),
    "suit_colours": (lambda v: v if v in SUIT_COLOURS else None, '"two" or "four"'),
    "sort_by": (lambda v: v if v in ("suit", "rank") else None, '"suit" or "rank"'),
    "face_to_face": (lambda v: v if isinstance(v, bool) else None, "true or false"),
    "tutorial_done": (_ids, "a list of game names"),
}
_SECRET = {"pin"}  # never echoed into a log


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
        if key not in _RULES:
            problems.append(f"{name}: unknown setting '{key}' ignored (known: {', '.join(_RULES)})")
            continue
        check, wanted = _RULES[key]
        good = check(value)
        if good is None:
            shown = "this value" if key in _SECRET else repr(value)
            default = "the default" if key in _SECRET else repr(getattr(s, key))
            problems.append(f"{name}: '{key}' must be {wanted}, not {shown}; using {default}")
        else:
            setattr(s, key, good)
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
        f"#   {key}: {wanted}\n" for key, (_, wanted) in _RULES.items())
    return head + "".join(_dump(k, v) for k, v in asdict(s).items())


def _dump(key: str, value: Any) -> str:
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
