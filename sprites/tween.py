"""Time-based animation: pure easing functions, tweens of tuples, an animator and the card flip."""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence

Ease = Callable[[float], float]
Values = tuple[float, ...]


def _clamp01(t: float) -> float:
    return 0.0 if t <= 0.0 else 1.0 if t >= 1.0 else t


def linear(t: float) -> float:
    return _clamp01(t)


def ease_out_cubic(t: float) -> float:
    """Fast start, gentle landing: the default for cards gliding into place."""
    t = _clamp01(t)
    return 1.0 - (1.0 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    t = _clamp01(t)
    if t < 0.5:
        return 4.0 * t * t * t
    return 1.0 - (-2.0 * t + 2.0) ** 3 / 2.0


def ease_out_back(t: float) -> float:
    """Overshoots slightly past 1 and settles back: a small bounce for a card snapping to a pile."""
    t = _clamp01(t)
    if t <= 0.0 or t >= 1.0:  # the polynomial is off by one ulp at 0
        return t
    c1 = 1.70158
    c3 = c1 + 1.0
    return 1.0 + c3 * (t - 1.0) ** 3 + c1 * (t - 1.0) ** 2


def ease_settle(t: float, over: float = 0.03) -> float:
    """In and out to ``over`` past 1 by t=0.8, then back to rest: a card that lands and settles."""
    t = _clamp01(t)
    if t >= 1.0:
        return 1.0
    if t < 0.8:
        return (1.0 + over) * ease_in_out_cubic(t / 0.8)
    return 1.0 + over - over * ease_in_out_cubic((t - 0.8) / 0.2)


def arc_lift(t: float) -> float:
    """How high a card in flight rides at linear progress t, as a share of its arc: 0 at both ends, 1 midway."""
    t = _clamp01(t)
    return 4.0 * t * (1.0 - t)


def fade_in(t: float) -> float:
    """Opacity of a card that fades to its place instead of moving (reduced motion): eased, 0 to 1."""
    return ease_out_cubic(t)


def lerp(a: float, b: float, t: float) -> float:
    """a at t=0, exactly b at t=1."""
    if t == 1.0:
        return float(b)
    return a + (b - a) * t


def lerp_point(a: Sequence[float], b: Sequence[float], t: float) -> Values:
    """Component-wise lerp of two equally long tuples."""
    if len(a) != len(b):
        raise ValueError(f"cannot interpolate {len(a)} values towards {len(b)}")
    if t == 1.0:
        return tuple(float(y) for y in b)
    return tuple([x + (y - x) * t for x, y in zip(a, b, strict=False)])  # lerp inlined: this runs per card per frame


def flip_scale(t: float) -> tuple[float, bool]:
    """A card flip at progress t in [0, 1]: (horizontal scale, whether the front shows).

    The card narrows to an edge by t=0.5 showing the side it started with (the back), then
    widens showing the front. Draw the chosen side scaled to ``x_scale`` of its width around
    its centre; run t from 1 to 0 to flip face down.
    """
    t = _clamp01(t)
    return abs(math.cos(math.pi * t)), t >= 0.5


class Tween:
    """Moves a tuple of numbers from ``start`` to ``end`` in ``duration`` seconds after ``delay``."""

    def __init__(
        self,
        start: Sequence[float],
        end: Sequence[float],
        duration: float,
        ease: Ease = ease_out_cubic,
        delay: float = 0.0,
        arc: float = 0.0,
    ) -> None:
        if len(start) != len(end):
            raise ValueError(f"start has {len(start)} values, end has {len(end)}")
        self.start: Values = tuple(float(v) for v in start)
        self.end: Values = tuple(float(v) for v in end)
        self.duration = max(0.0, float(duration))
        self.ease = ease
        self.delay = max(0.0, float(delay))
        self.elapsed = 0.0
        self.arc = float(arc)  # a place's rise at mid-flight (upwards, in its second value), 0 for a straight path
        self._value = self._at()  # kept from one update to the next: it is read many times a frame

    @property
    def progress(self) -> float:
        """Linear progress in [0, 1], 0 while still delayed."""
        if self.duration == 0.0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return _clamp01((self.elapsed - self.delay) / self.duration)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def value(self) -> Values:
        return self._value

    def _at(self) -> Values:
        run = self.elapsed - self.delay
        if run >= self.duration:
            return self.end
        p = run / self.duration if run > 0.0 else 0.0
        k = self.ease(p)
        a, b = self.start, self.end
        if len(a) == 2:  # a card's place: most tweens, every frame
            rise = self.arc * arc_lift(p) if self.arc else 0.0
            return (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k - rise)
        return lerp_point(a, b, k)

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds (negative steps are ignored)."""
        if dt > 0:
            self.elapsed = min(self.elapsed + dt, self.delay + self.duration)
            self._value = self._at()

    def finish(self) -> None:
        self.elapsed = self.delay + self.duration
        self._value = self.end


class Animator:
    """Tweens keyed by id (e.g. a card string). Finished tweens are dropped on ``update``."""

    def __init__(self) -> None:
        self._tweens: dict[object, Tween] = {}

    def move(
        self,
        key: object,
        start: Sequence[float] | None,
        end: Sequence[float],
        duration: float,
        ease: Ease = ease_out_cubic,
        delay: float = 0.0,
        arc: float = 0.0,
    ) -> Tween:
        """Start (or restart) the tween for ``key``. ``start=None`` continues from where ``key`` is
        now (mid-flight retargeting), or from ``end`` if it is not moving; ``arc`` lifts a place's path."""
        if start is None:
            current = self.get(key)
            start = current if current is not None and len(current) == len(end) else end
        tween = Tween(start, end, duration, ease, delay, arc)
        self._tweens[key] = tween
        return tween

    def get(self, key: object) -> Values | None:
        """The current value for ``key``, or None when nothing animates it."""
        tween = self._tweens.get(key)
        return tween.value if tween is not None else None

    def values(self) -> dict[object, Values]:
        """Every animated key's current value, in one pass (for drawing many keys each frame)."""
        return {k: t._value for k, t in self._tweens.items()}

    def target(self, key: object) -> Values | None:
        """Where ``key`` is heading, or None."""
        tween = self._tweens.get(key)
        return tween.end if tween is not None else None

    def __contains__(self, key: object) -> bool:
        return key in self._tweens

    def update(self, dt: float) -> None:
        finished = False
        for tween in self._tweens.values():
            tween.update(dt)
            finished = finished or tween.done
        if finished:  # a new dict only on the frame a tween ends, not on every frame
            self._tweens = {k: t for k, t in self._tweens.items() if not t.done}

    @property
    def busy(self) -> bool:
        return any(not t.done for t in self._tweens.values())

    def finish_all(self) -> None:
        """Jump every animation to its end (skip, undo) and forget them."""
        for tween in self._tweens.values():
            tween.finish()
        self._tweens.clear()

    def cancel(self, key: object) -> None:
        self._tweens.pop(key, None)

    def keys(self) -> list[object]:
        return list(self._tweens)


class CountUp:
    """Numbers shown counting toward their values (a score that rises), each change over ``duration`` seconds."""

    def __init__(self, duration: float = 0.6) -> None:
        self.duration = duration
        self._tweens: dict[object, Tween] = {}
        self._to: dict[object, float] = {}

    def shown(self, key: object, value: float) -> int:
        """The number to show for ``key`` now; a new ``value`` starts a count from the one shown."""
        if key not in self._to:
            self._to[key] = value
        elif self._to[key] != value:
            start = self._tweens[key].value if key in self._tweens else (self._to[key],)
            self._tweens[key] = Tween(start, (value,), self.duration, ease_out_cubic)
            self._to[key] = value
        tween = self._tweens.get(key)
        return round(tween.value[0]) if tween is not None else round(value)

    def update(self, dt: float) -> None:
        for tween in self._tweens.values():
            tween.update(dt)
        self._tweens = {k: t for k, t in self._tweens.items() if not t.done}

    @property
    def busy(self) -> bool:
        return bool(self._tweens)

    def finish(self) -> None:
        self._tweens.clear()
