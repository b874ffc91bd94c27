"""The animation queue: cues in order, speed, skipping, effects."""

from __future__ import annotations

import functools

import pytest

from game.rules.cards import Card
from game.ui.table.animation import (
    AnimationQueue,
    Effect,
    Effects,
    Flight,
    Step,
    approach,
    ease_in_out,
    ease_out_back,
    ease_out_cubic,
)


def test_cues_fire_in_time_order() -> None:
    fired: list[str] = []
    step = Step(1.0)
    step.cue(0.6, lambda: fired.append("late"))
    step.cue(0.2, lambda: fired.append("early"))
    step.cue(0.2, lambda: fired.append("early-second"))
    queue = AnimationQueue()
    queue.push(step)
    queue.update(0.3)
    assert fired == ["early", "early-second"]
    queue.update(0.5)
    assert fired == ["early", "early-second", "late"]
    assert not queue.idle
    queue.update(0.3)
    assert queue.idle


def test_cues_at_time_zero_happen_on_push() -> None:
    fired: list[str] = []
    step = Step(0.5)
    step.cue(0.0, lambda: fired.append("now"))
    queue = AnimationQueue()
    queue.push(step)
    assert fired == ["now"]


def test_a_step_without_duration_is_over_at_once() -> None:
    fired: list[int] = []
    step = Step(0.0)
    step.cue(0.0, lambda: fired.append(1))
    queue = AnimationQueue()
    queue.push(step)
    assert queue.idle and fired == [1]


@pytest.mark.parametrize("speed", [0.25, 1.0, 2.0, 4.0])
def test_speed_scales_the_time(speed: float) -> None:
    queue = AnimationQueue()
    queue.push(Step(1.0))
    queue.update(0.999 / speed, speed)
    assert not queue.idle
    queue.update(0.002 / speed, speed)
    assert queue.idle


def test_steps_play_one_after_another_and_time_carries_over() -> None:
    order: list[str] = []
    queue = AnimationQueue()
    for name in ("a", "b"):
        step = Step(0.5)
        step.cue(0.5, functools.partial(order.append, name))
        queue.push(step)
    queue.update(0.75)
    assert order == ["a"]
    assert queue.current is not None and queue.current.elapsed == pytest.approx(0.25)
    queue.update(0.25)
    assert order == ["a", "b"] and queue.idle


def test_skip_fires_every_cue_quietly() -> None:
    played: list[str] = []
    fired: list[int] = []
    queue = AnimationQueue(play=played.append)
    for index in range(3):
        step = Step(1.0)
        step.sound(0.5, "card")
        step.cue(0.9, functools.partial(fired.append, index))
        queue.push(step)
    queue.skip()
    assert queue.idle and fired == [0, 1, 2] and played == []


def test_sounds_play_when_their_time_comes() -> None:
    played: list[str] = []
    queue = AnimationQueue(play=played.append)
    step = Step(1.0)
    step.sound(0.0, "deal")
    step.sound(0.5, "card")
    queue.push(step)
    assert played == ["deal"]
    queue.update(0.6)
    assert played == ["deal", "card"]


def test_flights_move_and_hold() -> None:
    card = Card.parse("AS")
    step = Step(0.0)
    flight = step.add(Flight(card, (0, 0), (100, 50), 0.2, 0.4, 10, 20, hold=True))
    step.add(Flight(card, (0, 0), (10, 10), 0.0, 0.1, 10, 10))
    assert step.duration == pytest.approx(0.6)
    assert flight.progress(0.1) is None
    assert flight.progress(0.4) == pytest.approx(0.5)
    (x, y), width = flight.at(1.0)
    assert (x, y, width) == (100, 50, 20)
    step.elapsed = 0.55
    visible = step.visible()
    assert [f for f, _ in visible] == [flight]
    assert flight.progress(5.0) == 1.0  # held at the end


def test_easings_start_at_zero_and_end_at_one() -> None:
    for ease in (ease_out_cubic, ease_in_out, ease_out_back):
        assert ease(0.0) == pytest.approx(0.0)
        assert ease(1.0) == pytest.approx(1.0)
    assert max(ease_out_back(t / 20) for t in range(21)) > 1.0  # it overshoots


def test_approach_converges_whatever_the_frame_rate() -> None:
    value_fast, value_slow = 0.0, 0.0
    for _ in range(60):
        value_fast = approach(value_fast, 100, 1 / 60)
    for _ in range(30):
        value_slow = approach(value_slow, 100, 1 / 30)
    assert value_fast == pytest.approx(value_slow, abs=1)
    for _ in range(200):
        value_fast = approach(value_fast, 100, 1 / 60)
    assert value_fast == 100


def test_effects_fade_in_and_out_and_expire() -> None:
    effects = Effects()
    bubble = effects.add(Effect("bubble", "bids 2", (0, 0), 1.0, seat=1))
    assert bubble.alpha == 0.0
    effects.update(0.5)
    assert bubble.alpha == 1.0
    effects.update(0.4)
    assert 0 < bubble.alpha < 1
    effects.update(0.2)
    assert len(effects) == 0


def test_a_seat_has_one_bubble_and_the_table_one_hint() -> None:
    effects = Effects()
    effects.add(Effect("bubble", "bids 1", (0, 0), 1.0, seat=1))
    effects.add(Effect("bubble", "bids 2", (0, 0), 1.0, seat=1))
    effects.add(Effect("bubble", "bids 0", (0, 0), 1.0, seat=2))
    effects.add(Effect("hint", "a", (0, 0), 1.0))
    effects.add(Effect("hint", "b", (0, 0), 1.0))
    texts = sorted(effect.text for effect in effects)
    assert texts == ["b", "bids 0", "bids 2"]
    effects.clear("hint")
    assert len(effects) == 2
