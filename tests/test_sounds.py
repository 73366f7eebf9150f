"""Sound files (format, length, level, reproducible) and the sound bank's silent fallback."""
from __future__ import annotations

import array
import os
import shutil
import subprocess
import sys
import wave
from pathlib import Path

import pygame
import pytest

import sounds
from sounds import NAMES
from sounds import bank as bank_module
from sounds.bank import SoundBank, sound_dir
from sounds.generate import generate

ROOT = Path(__file__).resolve().parent.parent
SOUND_DIR = Path(sounds.__file__).resolve().parent


def read(path: Path) -> tuple[wave._wave_params, array.array]:
    with wave.open(str(path), "rb") as w:
        params = w.getparams()
        data = array.array("h", w.readframes(w.getnframes()))
    if sys.byteorder == "big":
        data.byteswap()
    return params, data


@pytest.mark.parametrize("name", NAMES)
def test_sound_files_are_short_quiet_16bit_mono(name: str):
    params, data = read(SOUND_DIR / f"{name}.wav")
    assert (params.nchannels, params.sampwidth, params.framerate, params.comptype) == (1, 2, 44100, "NONE")
    seconds = params.nframes / params.framerate
    if name == "win":
        assert 1.0 <= seconds <= 1.4
    else:
        assert 0.02 <= seconds < 0.6
    peak = max(abs(v) for v in data)
    assert 0.2 * 32767 < peak < 0.6 * 32767  # audible, quiet-ish, far from clipping
    assert abs(data[0]) < 0.05 * 32767 and abs(data[-1]) < 0.05 * 32767  # no click at either end


def test_committed_files_are_what_the_script_makes(tmp_path: Path):
    made = generate(tmp_path)
    assert sorted(p.name for p in made) == sorted(f"{n}.wav" for n in NAMES)
    for path in made:
        assert path.read_bytes() == (SOUND_DIR / path.name).read_bytes(), path.name


def test_sounds_are_distinct():
    assert len({(SOUND_DIR / f"{n}.wav").read_bytes() for n in NAMES}) == len(NAMES)


def test_bank_finds_the_package_folder():
    assert sound_dir() == SOUND_DIR
    assert SoundBank(enabled=False).directory == SOUND_DIR


def test_bank_falls_back_to_the_bundle_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    bundle = tmp_path / "bundle"
    (bundle / "sounds").mkdir(parents=True)
    shutil.copy(SOUND_DIR / "click.wav", bundle / "sounds" / "click.wav")
    (tmp_path / "frozen").mkdir()
    monkeypatch.setattr(bank_module, "__file__", str(tmp_path / "frozen" / "bank.pyc"))
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    assert sound_dir() == bundle / "sounds"


def test_bank_is_silent_when_the_mixer_cannot_start(monkeypatch: pytest.MonkeyPatch):
    def broken(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    bank = SoundBank()
    assert "No available audio device" in bank.status
    assert not bank.available
    assert all(bank.play(n) is False for n in NAMES)


def test_bank_with_missing_files_stays_silent_for_them(tmp_path: Path):
    shutil.copy(SOUND_DIR / "click.wav", tmp_path / "click.wav")
    (tmp_path / "win.wav").write_bytes(b"not a wav")
    bank = SoundBank(directory=tmp_path)
    assert bank.mixer_ok, bank.status
    assert "deal" in bank.status and "win" in bank.status
    assert set(bank.missing) == set(NAMES) - {"click"}
    assert bank.play("click") is True
    assert bank.play("deal") is False
    assert bank.play("no-such-sound") is False
    bank.enabled = False
    assert bank.play("click") is False


def test_bank_volume_is_clamped():
    bank = SoundBank()
    bank.volume = 3
    assert bank.volume == 1.0
    bank.volume = -1
    assert bank.volume == 0.0


def run_python(code: str, env_extra: dict[str, str]) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1", **env_extra}
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60)


def test_no_audio_driver_means_silence_not_a_crash():
    code = (
        "from sounds.bank import SoundBank\n"
        "b = SoundBank()\n"
        "print(b.play('deal'), b.mixer_ok)\n"
        "print(b.status)\n"
    )
    out = run_python(code, {"SDL_AUDIODRIVER": "no_such_driver"})
    assert out.returncode == 0, out.stderr
    first, status = out.stdout.splitlines()[:2]
    assert first == "False False"
    assert status.startswith("silent:")


def test_a_sound_really_plays_through_the_disk_driver(tmp_path: Path):
    raw = tmp_path / "out.raw"
    code = (
        "import time, pygame\n"
        "from sounds.bank import SoundBank\n"
        "b = SoundBank()\n"
        "print(b.play('deal'))\n"
        "time.sleep(0.4)\n"
        "pygame.mixer.quit()\n"
    )
    out = run_python(code, {"SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": str(raw)})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "True"
    data = raw.read_bytes()
    assert len(data) > 1000 and data.count(0) < len(data)  # the mixed output carries the sound
