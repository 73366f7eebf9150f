"""Easing functions, tweens, the animator and the card flip: exact ends, time-based, monotonic."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sprites.tween import (
    Animator,
    Tween,
    ease_in_out_cubic,
    ease_out_back,
    ease_out_cubic,
    flip_scale,
    lerp,
    lerp_point,
    linear,
)

EASES = [linear, ease_out_cubic, ease_in_out_cubic, ease_out_back]
unit = st.floats(min_value=0.0, max_value=1.0, allow_nan=False)


@pytest.mark.parametrize("ease", EASES)
def test_eases_are_exact_at_the_ends_and_clamped(ease):
    assert ease(0.0) == 0.0
    assert ease(1.0) == 1.0
    assert ease(-0.5) == 0.0
    assert ease(1.5) == 1.0


@settings(max_examples=200, deadline=None)
@given(unit, unit)
def test_ease_out_cubic_is_monotonic(a: float, b: float):
    lo, hi = min(a, b), max(a, b)
    assert ease_out_cubic(lo) <= ease_out_cubic(hi)
    assert 0.0 <= ease_out_cubic(lo) <= 1.0


def test_ease_shapes():
    assert ease_out_cubic(0.5) > 0.5  # fast start
    assert ease_in_out_cubic(0.25) < 0.25 and ease_in_out_cubic(0.75) > 0.75
    assert abs(ease_in_out_cubic(0.5) - 0.5) < 1e-12
    assert max(ease_out_back(i / 100) for i in range(101)) > 1.0  # the overshoot
    samples = [ease_in_out_cubic(i / 200) for i in range(201)]
    assert samples == sorted(samples)


def test_lerp():
    assert lerp(3.0, 7.0, 0.0) == 3.0
    assert lerp(0.1, 0.7, 1.0) == 0.7
    assert lerp(0.0, 10.0, 0.25) == 2.5
    assert lerp_point((0, 10), (10, 20), 0.5) == (5.0, 15.0)
    with pytest.raises(ValueError):
        lerp_point((0, 1), (1, 2, 3), 0.5)


def test_tween_runs_on_time_with_delay():
    t = Tween((0.0, 100.0), (10.0, 0.0), duration=1.0, ease=linear, delay=0.5)
    assert t.value == (0.0, 100.0) and not t.done
    t.update(0.5)
    assert t.value == (0.0, 100.0)
    t.update(0.25)
    assert t.value == pytest.approx((2.5, 75.0))
    t.update(0.75)
    assert t.done and t.value == (10.0, 0.0)
    t.update(5.0)
    assert t.value == (10.0, 0.0)


def test_tween_is_independent_of_frame_rate():
    fine = Tween((0.0,), (1.0,), 0.6)
    coarse = Tween((0.0,), (1.0,), 0.6)
    for _ in range(18):
        fine.update(1 / 60)
    coarse.update(0.3)
    assert fine.value[0] == pytest.approx(coarse.value[0])


def test_tween_finish_and_zero_duration():
    t = Tween((1, 2), (3, 4), 2.0)
    t.finish()
    assert t.done and t.value == (3.0, 4.0)
    z = Tween((1,), (5,), 0.0)
    assert z.done and z.value == (5.0,)
    with pytest.raises(ValueError):
        Tween((1, 2), (1,), 1.0)


def test_animator_moves_and_finishes():
    a = Animator()
    assert not a.busy and a.get("x") is None
    a.move("7H", (0, 0), (100, 50), 0.4)
    a.move("8H", (0, 0), (10, 10), 0.4, delay=0.2)
    assert a.busy and a.get("7H") == (0.0, 0.0)
    a.update(0.2)
    mid = a.get("7H")
    assert 0 < mid[0] < 100 and a.get("8H") == (0.0, 0.0)
    a.finish_all()
    assert not a.busy
    assert a.get("7H") is None and a.get("8H") is None


def test_animator_drops_finished_and_cancels():
    a = Animator()
    a.move("a", (0,), (1,), 0.1)
    a.move("b", (0,), (1,), 1.0)
    a.update(0.2)
    assert a.get("a") is None and a.get("b") is not None and a.busy
    a.cancel("b")
    a.cancel("missing")
    assert not a.busy and a.get("b") is None


def test_animator_retargets_from_current_position():
    a = Animator()
    a.move("c", (0.0, 0.0), (100.0, 0.0), 1.0, ease=linear)
    a.update(0.5)
    a.move("c", None, (50.0, 50.0), 1.0, ease=linear)
    assert a.get("c") == pytest.approx((50.0, 0.0))
    assert a.target("c") == (50.0, 50.0)
    a.move("new", None, (3.0, 4.0), 1.0)
    assert a.get("new") == (3.0, 4.0)


def test_flip_scale():
    assert flip_scale(0.0) == (1.0, False)
    assert flip_scale(1.0) == (1.0, True)
    scale, front = flip_scale(0.5)
    assert scale < 1e-9 and front
    assert flip_scale(0.25)[1] is False and flip_scale(0.75)[1] is True
    scales = [flip_scale(i / 20)[0] for i in range(11)]
    assert scales == sorted(scales, reverse=True)
    assert all(0.0 <= flip_scale(i / 50)[0] <= 1.0 for i in range(51))
