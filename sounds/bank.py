"""The sound bank: loads the WAVs next to this module and plays them, silent when it cannot."""
from __future__ import annotations

import sys
from pathlib import Path

import pygame

from sounds import NAMES


def sound_dir() -> Path:
    """The folder holding the WAV files, from source or from a PyInstaller bundle.

    PyInstaller gives frozen modules a ``__file__`` inside the bundle, so the package folder is
    normally right; ``sys._MEIPASS/sounds`` is the fallback where the spec declares the data.
    """
    here = Path(__file__).resolve().parent
    if any(here.glob("*.wav")):
        return here
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle is not None and (Path(bundle) / "sounds").is_dir():
        return Path(bundle) / "sounds"
    return here


class SoundBank:
    """Plays named effects. Never raises for a missing mixer or file: it stays silent and says why
    in ``status``."""

    def __init__(self, enabled: bool = True, directory: Path | str | None = None, volume: float = 0.8,
                 load: bool = True) -> None:
        self.enabled = enabled
        self.directory = Path(directory) if directory is not None else sound_dir()
        self.names: tuple[str, ...] = NAMES
        self.status = ""
        self.missing: list[str] = []
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._volume = max(0.0, min(1.0, volume))
        self.loaded = False
        self.mixer_ok = self._init_mixer()
        if load:
            self.load()

    def load(self) -> None:
        """Read the sound files (once; ``load=False`` leaves it for later, e.g. after the first frame)."""
        if self.mixer_ok and not self.loaded:
            self.loaded = True
            self._load()

    def _init_mixer(self) -> bool:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
        except (pygame.error, OSError, NotImplementedError) as exc:
            self.status = f"silent: no audio mixer ({exc})"
            return False
        return True

    def _load(self) -> None:
        problems = []
        for name in self.names:
            path = self.directory / f"{name}.wav"
            try:
                sound = pygame.mixer.Sound(str(path))
            except (pygame.error, OSError, FileNotFoundError) as exc:
                self.missing.append(name)
                problems.append(f"{name}: {exc}")
                continue
            sound.set_volume(self._volume)
            self._sounds[name] = sound
        if problems:
            self.status = f"{len(self._sounds)}/{len(self.names)} sounds loaded; missing " + "; ".join(problems)
        else:
            self.status = f"ok: {len(self._sounds)} sounds from {self.directory}"

    @property
    def available(self) -> bool:
        """Whether anything can be heard at all."""
        return bool(self._sounds)

    @property
    def volume(self) -> float:
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._volume = max(0.0, min(1.0, float(value)))
        for sound in self._sounds.values():
            sound.set_volume(self._volume)

    def play(self, name: str) -> bool:
        """Play a sound; True if it started (False when disabled, silent, unknown or no channel)."""
        if not self.enabled:
            return False
        self.load()
        sound = self._sounds.get(name)
        if sound is None:
            return False
        try:
            channel = sound.play()
        except pygame.error:
            return False
        return channel is not None
