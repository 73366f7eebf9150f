"""User settings in a TOML file: read with validation, written only when the player changes one."""
from __future__ import annotations

import tomllib
from dataclasses import asdict, dataclass, fields
from pathlib import Path

import tomli_w

from game.i18n import LANGUAGES
from game.paths import atomic_write, user_config_dir


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


_CHECKS = {
    "language": lambda v: isinstance(v, str) and v in LANGUAGES,
    "sound": lambda v: isinstance(v, bool),
    "animation_speed": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and 0.25 <= v <= 4,
    "fullscreen": lambda v: isinstance(v, bool),
    "kiosk": lambda v: isinstance(v, bool),
    "idle_minutes": lambda v: isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 240,
    "pin": lambda v: isinstance(v, str) and v.isdigit() and 4 <= len(v) <= 8,
    "server": lambda v: isinstance(v, str) and v.startswith(("ws://", "wss://")) and len(v) < 200,
}


def settings_path() -> Path:
    return user_config_dir() / "settings.toml"


def load_settings(path: Path | None = None) -> tuple[Settings, list[str]]:
    """The settings plus a list of problems found; bad values fall back to their defaults."""
    path = path or settings_path()
    s = Settings()
    problems: list[str] = []
    if not path.exists():
        return s, problems
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        return s, [f"{path.name} could not be read ({exc}); using the defaults"]
    known = {f.name for f in fields(Settings)}
    for key, value in data.items():
        if key not in known:
            problems.append(f"unknown setting '{key}' ignored")
        elif not _CHECKS[key](value):
            problems.append(f"invalid value for '{key}': {value!r}; using {getattr(s, key)!r}")
        else:
            setattr(s, key, float(value) if key == "animation_speed" else value)
    return s, problems


def save_settings(s: Settings, path: Path | None = None) -> None:
    atomic_write(path or settings_path(), tomli_w.dumps(asdict(s)))
