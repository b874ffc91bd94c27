"""The animation queue: cues in order, speed, skipping, effects."""

from __future__ import annotations

import functools
import math

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
from game.ui.table.stage import Stage
from game.ui.table.state import Shown

AS = Card.parse("AS")


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


# ------------------------------------------------- feel (issue 51, item 6)
def _straight_gap(flight: Flight, t: float) -> float:
    """How far above the straight line from start to end the card is at ``t``."""
    (x, y), _width = flight.at(t)
    eased = flight.easing(t)
    straight_y = flight.start[1] + (flight.end[1] - flight.start[1]) * eased
    straight_x = flight.start[0] + (flight.end[0] - flight.start[0]) * eased
    return math.hypot(x - straight_x, y - straight_y) * (1 if y <= straight_y else -1)


def test_cards_fly_on_a_bowed_path_and_land_exactly() -> None:
    from game.rules.events import CardPlayed, HandDealt, TrickWon
    from game.ui.table import flights
    from tests.test_table_director import SCENERY

    stage = _stage()
    dealt = flights.hand_dealt(HandDealt(1, 0, 3, 0), SCENERY, stage).flights
    played = flights.card_played(CardPlayed(2, AS), SCENERY, stage).flights
    cards = [AS, Card.parse("KS"), Card.parse("QS"), Card.parse("JS")]
    won = flights.trick_won(TrickWon(1, tuple(cards), 0, 1), SCENERY, stage).flights
    for flight in [*dealt, *played, *won]:
        assert flight.at(1.0)[0] == pytest.approx(flight.end)
        if flight.arc:
            assert _straight_gap(flight, 0.5) > 0  # bowed upwards mid-flight
    assert all(flight.arc for flight in [*dealt, *played])
    assert played[0].flip  # another seat's card turns face up on the way
    assert len({flight.spin[0] for flight in dealt}) == 2  # dealt cards turn as they go


def test_the_trick_gathers_on_the_winning_card_then_sweeps_to_its_winner() -> None:
    from game.rules.events import TrickWon
    from game.ui.table import flights
    from tests.test_table_director import SCENERY

    cards = (AS, Card.parse("KS"), Card.parse("QS"), Card.parse("JS"))
    winner, leader = 1, 0
    moves = flights.trick_won(TrickWon(winner, cards, leader, 1), SCENERY, _stage()).flights
    layout = SCENERY.layout
    pile = layout.seats[winner].trick.center
    onto, away = moves[0::2], moves[1::2]
    assert {flight.end for flight in onto} == {pile}
    assert {flight.end for flight in away} == {SCENERY.plate_centre(winner)}
    assert all(
        later.begin == first.begin + first.duration for first, later in zip(onto, away, strict=True)
    )
    assert away[-1].card == cards[winner - leader]  # the winning card lands on top
    assert away[0].end_width < away[0].start_width  # the pile shrinks towards the plate


def test_your_turn_makes_the_playable_cards_hop_once_in_a_wave() -> None:
    from game.ui.table.hand import HOP_END, HOP_STAGGER, HOP_TIME, turn_hop

    heights = [[turn_hop(step / 100, index, 12) for step in range(200)] for index in range(3)]
    peaks = [max(range(200), key=row.__getitem__) for row in heights]
    assert peaks == sorted(peaks) and peaks[0] < peaks[1] < peaks[2]  # a wave along the hand
    assert all(max(row) > 6 for row in heights)
    assert turn_hop(HOP_END, 12, 12) == turn_hop(HOP_TIME + 13 * HOP_STAGGER, 12, 12) == 0.0
    assert turn_hop(-0.1, 0, 12) == 0.0


def _stage() -> Stage:
    from tests.test_table_director import SCENERY

    return Stage(Shown(SCENERY.players))
