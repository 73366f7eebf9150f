"""Autosaves in the user data folder: one per game, written atomically, damaged ones set aside."""
from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from game.paths import atomic_write, user_data_dir

if TYPE_CHECKING:
    from game.session import Session  # imported on load: the menu lists saves without the rules of play

FORMAT = "card-duels-save"
VERSION = 1


class SaveInfo(NamedTuple):  # a NamedTuple: it loads at start-up, where a dataclass costs ~0.6 ms to build
    path: Path
    game_id: str
    saved_at: float


class SaveStore:
    def __init__(self, root: Path | None = None) -> None:
        self.root = (root or user_data_dir()) / "saves"

    def path_for(self, game_id: str) -> Path:
        return self.root / f"autosave-{game_id}.json"

    def save(self, session: Session) -> None:
        import json  # when a game is saved or loaded: listing the saves for the menu needs no parser

        record = {"format": FORMAT, "version": VERSION, "saved_at": time.time(), "session": session.to_json()}
        atomic_write(self.path_for(session.game_id), json.dumps(record, ensure_ascii=False))

    def delete(self, game_id: str) -> None:
        self.path_for(game_id).unlink(missing_ok=True)

    def latest(self) -> list[SaveInfo]:
        """Readable-looking saves, newest first (contents are checked only on load)."""
        out = []
        for p in sorted(self.root.glob("autosave-*.json")):
            try:
                out.append(SaveInfo(p, p.stem.removeprefix("autosave-"), p.stat().st_mtime))
            except OSError:
                continue
        return sorted(out, key=lambda s: s.saved_at, reverse=True)

    def load(self, path: Path) -> Session:
        """The saved session; a damaged or foreign file is moved aside and ValueError says why."""
        import json

        from game.session import Session

        try:
            record = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(record, dict) or record.get("format") != FORMAT:
                raise ValueError("not a Card Duels save")
            if record.get("version") != VERSION:
                raise ValueError(f"saved by an unknown version ({record.get('version')!r})")
            return Session.from_json(record.get("session"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError, ValueError, TypeError, KeyError,
                RecursionError) as exc:
            self._set_aside(path)
            raise ValueError(str(exc) or type(exc).__name__) from exc

    def _set_aside(self, path: Path) -> None:
        aside = self.root / "damaged"
        try:
            aside.mkdir(parents=True, exist_ok=True)
            stamp = time.strftime("%Y%m%d-%H%M%S")
            for n in range(1000):  # two set aside in the same second must not overwrite each other
                target = aside / f"{path.stem}-{stamp}{f'-{n}' if n else ''}{path.suffix}"
                if not target.exists():
                    break
            path.replace(target)
        except OSError:
            pass
