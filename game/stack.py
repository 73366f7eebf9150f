"""The scene stack: push, pop and replace take effect between frames. It holds anything shaped like a scene
(``SceneLike``), so the app's services can name it without importing the scenes (game/services.py)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import pygame

    from game.input import Gesture


class SceneLike(Protocol):
    """What the stack and the frame loop call on a scene (game.scene.Scene is the base of every one)."""

    name: str
    opaque: bool

    def enter(self) -> None: ...
    def exit(self) -> None: ...
    def resize(self, size: tuple[int, int]) -> None: ...
    def on_gesture(self, g: Gesture) -> None: ...
    def on_key(self, event: pygame.event.Event) -> None: ...
    def on_text(self, text: str) -> None: ...
    def update(self, dt: float) -> None: ...
    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None: ...
    def wants_frame(self) -> bool: ...
    def next_deadline(self) -> float | None: ...
    def before_quit(self) -> bool: ...


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[SceneLike] = []
        self._ops: list[tuple[str, SceneLike | None]] = []

    @property
    def top(self) -> SceneLike | None:
        return self.scenes[-1] if self.scenes else None

    @property
    def pending(self) -> bool:
        """Whether a push, pop or replace waits for the next frame."""
        return bool(self._ops)

    def push(self, scene: SceneLike) -> None:
        self._ops.append(("push", scene))

    def pop(self) -> None:
        self._ops.append(("pop", None))

    def replace(self, scene: SceneLike) -> None:
        self._ops.append(("replace", scene))

    def reset(self, scene: SceneLike) -> None:
        self._ops.append(("reset", scene))

    def drop_all(self) -> list[SceneLike]:
        """Forget every scene and every pending change at once, calling no exit (crash recovery)."""
        scenes, self.scenes, self._ops = self.scenes, [], []
        return scenes

    def apply_pending(self, size: tuple[int, int]) -> bool:
        changed = bool(self._ops)
        ops, self._ops = self._ops, []
        for op, scene in ops:
            if op in ("pop", "replace") and self.scenes:
                self.scenes.pop().exit()
            if op == "reset":
                while self.scenes:
                    self.scenes.pop().exit()
            if scene is not None:
                self.scenes.append(scene)
                scene.resize(size)
                scene.enter()
        return changed

    def visible(self) -> list[SceneLike]:
        """The scenes to draw, bottom first: from the topmost opaque scene up."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        return self.scenes[start:]

    def find(self, what: type | str) -> SceneLike | None:
        """The topmost scene of a class, or with a ``name`` (how scenes find each other without imports)."""
        for s in reversed(self.scenes):
            if (s.name == what) if isinstance(what, str) else isinstance(s, what):
                return s
        return None
