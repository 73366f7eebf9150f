"""Synthesises the game's sound effects as WAV files (standard library only, deterministic).

Run ``python -m sounds.generate`` to rewrite sounds/*.wav; ``--out DIR`` writes elsewhere.
"""
from __future__ import annotations

import argparse
import array
import math
import random
import wave
from collections.abc import Callable, Mapping
from pathlib import Path
from types import MappingProxyType

from sounds import NAMES

RATE = 44100
PEAK = 0.42  # about -7.5 dBFS: effects sit under music and speech, and never clip
SEED = 20261130

Samples = list[float]


def _silence(seconds: float) -> Samples:
    return [0.0] * round(seconds * RATE)


def _mix_into(out: Samples, part: Samples, at: float = 0.0, gain: float = 1.0) -> None:
    start = round(at * RATE)
    for i, v in enumerate(part):
        if start + i < len(out):
            out[start + i] += v * gain


def _tone(freq: float, seconds: float, decay: float, partials: tuple[tuple[float, float], ...] = ((1, 1),),
          attack: float = 0.004) -> Samples:
    """A sum of sine partials (ratio, gain) with a short attack and exponential decay."""
    n = round(seconds * RATE)
    out = []
    for i in range(n):
        t = i / RATE
        env = min(1.0, t / attack) * math.exp(-t / decay)
        out.append(env * sum(g * math.sin(2 * math.pi * freq * r * t) for r, g in partials))
    return _fade_out(out, 0.01)  # a cut-off decay tail would click


def _noise(rng: random.Random, seconds: float, low_hz: float, high_hz: float,
           env: Callable[[float], float], sweep: float = 0.0) -> Samples:
    """Band-limited noise: white noise through one-pole high- and low-pass filters.

    ``sweep`` moves the low-pass cutoff by that factor over the sound (a swish that opens up).
    """
    n = round(seconds * RATE)
    hp_a = math.exp(-2 * math.pi * low_hz / RATE)
    lp1 = lp2 = hp_y = hp_x = 0.0
    out = []
    for i in range(n):
        t = i / RATE
        cutoff = high_hz * (1 + sweep * i / max(1, n - 1))
        lp_a = math.exp(-2 * math.pi * min(cutoff, RATE * 0.45) / RATE)
        x = rng.uniform(-1.0, 1.0)
        hp_y = hp_a * (hp_y + x - hp_x)
        hp_x = x
        # two low-pass stages (12 dB/octave): a soft paper swish rather than a hiss
        lp1 = (1 - lp_a) * hp_y + lp_a * lp1
        lp2 = (1 - lp_a) * lp1 + lp_a * lp2
        out.append(lp2 * env(t))
    return out


def _fade_out(samples: Samples, seconds: float = 0.012) -> Samples:
    n = min(len(samples), round(seconds * RATE))
    for k in range(n):
        samples[len(samples) - n + k] *= 1 - (k + 1) / n
    return samples


def _fade_in(samples: Samples, seconds: float = 0.0015) -> Samples:
    """A very short ramp so no sound starts with a step (which would click)."""
    n = min(len(samples), round(seconds * RATE))
    for k in range(n):
        samples[k] *= k / n
    return samples


def _normalise(samples: Samples, peak: float = PEAK) -> Samples:
    top = max(abs(v) for v in samples) or 1.0
    return [v * peak / top for v in samples]


def deal(rng: random.Random) -> Samples:
    """A quick flick of a card across the felt."""
    out = _noise(rng, 0.16, 1200, 5200, lambda t: min(1, t / 0.004) * math.exp(-t / 0.035), sweep=-0.5)
    _mix_into(out, _noise(rng, 0.01, 2500, 9000, lambda t: math.exp(-t / 0.002)), gain=0.6)
    return _fade_out(out)


def draw(rng: random.Random) -> Samples:
    """A softer slide as a card leaves the pile."""
    def env(t: float) -> float:
        return min(1.0, t / 0.05) * math.exp(-max(0.0, t - 0.05) / 0.05)

    return _fade_out(_noise(rng, 0.24, 700, 2500, env, sweep=1.2))


def place(rng: random.Random) -> Samples:
    """A soft, woody tap of a card landing on a pile."""
    n = round(0.14 * RATE)
    body = []
    phase = 0.0
    for i in range(n):
        t = i / RATE
        freq = 120 + 90 * math.exp(-t / 0.02)  # the pitch drops as the thump dies away
        phase += 2 * math.pi * freq / RATE
        body.append(math.sin(phase) * min(1, t / 0.002) * math.exp(-t / 0.03))
    _mix_into(body, _noise(rng, 0.04, 400, 3500, lambda t: math.exp(-t / 0.008)), gain=0.5)
    return _fade_out(body)


def invalid(rng: random.Random) -> Samples:
    """Two low, muted notes stepping down: "not there"."""
    out = _silence(0.34)
    partials = ((1, 1.0), (2, 0.25), (3, 0.18))
    _mix_into(out, _tone(233.1, 0.15, 0.06, partials, attack=0.006), 0.0)
    _mix_into(out, _tone(185.0, 0.18, 0.07, partials, attack=0.006), 0.14)
    return _fade_out(out)


def turn(rng: random.Random) -> Samples:
    """A gentle two-note chime: your turn."""
    out = _silence(0.5)
    bell = ((1, 1.0), (2.0, 0.28), (3.01, 0.08))
    _mix_into(out, _tone(659.3, 0.4, 0.12, bell), 0.0)
    _mix_into(out, _tone(880.0, 0.38, 0.14, bell), 0.11)
    return _fade_out(out)


def win(rng: random.Random) -> Samples:
    """A rising C-major arpeggio that rings out as a chord."""
    out = _silence(1.2)
    bell = ((1, 1.0), (2.0, 0.3), (3.0, 0.12), (4.02, 0.05))
    for k, freq in enumerate((523.25, 659.25, 783.99, 1046.5)):
        at = 0.11 * k
        _mix_into(out, _tone(freq, 1.2 - at, 0.32 + 0.08 * k, bell), at, gain=0.8 if k < 3 else 1.0)
    _mix_into(out, _tone(261.63, 0.9, 0.35, ((1, 1.0), (2, 0.2))), 0.33, gain=0.45)
    return _fade_out(out, 0.05)


def click(rng: random.Random) -> Samples:
    """A tiny, dry tick for buttons."""
    out = _tone(1850, 0.045, 0.008, ((1, 1.0), (2.3, 0.3)), attack=0.0008)
    _mix_into(out, _noise(rng, 0.01, 3000, 12000, lambda t: math.exp(-t / 0.0015)), gain=0.35)
    return _fade_out(out, 0.005)


SYNTHS: Mapping[str, Callable[[random.Random], Samples]] = MappingProxyType({
    "deal": deal, "draw": draw, "place": place, "invalid": invalid,
    "turn": turn, "win": win, "click": click,
})


def write_wav(path: Path, samples: Samples) -> None:
    """16-bit signed mono PCM at 44.1 kHz."""
    data = array.array("h", (max(-32767, min(32767, round(v * 32767))) for v in samples))
    if data.itemsize != 2:  # pragma: no cover - every CPython platform has 2-byte shorts
        raise RuntimeError("array('h') is not 16-bit here")
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(data.tobytes() if _little_endian() else _swapped(data))


def _little_endian() -> bool:
    return array.array("h", [1]).tobytes() == b"\x01\x00"


def _swapped(data: array.array) -> bytes:
    copy = array.array("h", data)
    copy.byteswap()
    return copy.tobytes()


def render(name: str) -> Samples:
    """The normalised samples of one sound; each sound has its own seeded generator."""
    rng = random.Random(f"{SEED}:{name}")
    return _normalise(_fade_in(SYNTHS[name](rng)))


def generate(out_dir: Path) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for name in NAMES:
        path = out_dir / f"{name}.wav"
        write_wav(path, render(name))
        paths.append(path)
    return paths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Synthesise Card Duels' sound effects.")
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent,
                        help="folder for the WAV files (default: the sounds package)")
    args = parser.parse_args(argv)
    for path in generate(args.out):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
