"""Tweens and the animation queue that shows the engine's events one at a time.

The engine jumps to its new state at once; the table turns each event into a
:class:`Step` (cards in flight, timed cues that update what the table shows)
and plays the steps in order through an :class:`AnimationQueue`. Time runs at
the player's animation speed; a click finishes every queued step at once,
firing its cues in order, so the table always ends in the same state whether
an animation was watched or skipped.

>>> queue = AnimationQueue()
>>> seen = []
>>> step = Step(1.0)
>>> step.cue(0.5, lambda: seen.append("half"))
>>> queue.push(step)
>>> queue.update(0.25, speed=2.0)
>>> seen, queue.idle
(['half'], False)
>>> queue.skip()
>>> queue.idle
True
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Literal

from game.rules.cards import Card
from game.ui.cards.geometry import Point

FlightKind = Literal["card", "chip"]
"""What flies: a card (face or back), or the dealer's chip."""
Layer = Literal["low", "high"]
"""Under the name plates, or over everything."""
EffectKind = Literal["bubble", "hint"]
"""A seat's speech bubble, or a hint above a card or panel (the notices over the table
are :mod:`game.ui.table.notices`)."""


# ------------------------------------------------------------------ easing
def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return t * t * (3 - 2 * t)


def ease_out_back(t: float) -> float:
    """Overshoots a little and settles: a card snapping into place."""
    c = 1.4
    return 1 + (c + 1) * (t - 1) ** 3 + c * (t - 1) ** 2


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp_point(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def approach(current: float, target: float, dt: float, rate: float = 14.0) -> float:
    """Move ``current`` towards ``target`` smoothly (exponential easing, frame-rate independent)."""
    if abs(target - current) < 0.5:
        return target
    return target + (current - target) * math.exp(-rate * dt)


# ------------------------------------------------------------------ sprites
@dataclass
class Flight:
    """A card moving across the table during a step.

    ``face`` False shows the back; ``flip`` turns it from back to face on the
    way. ``start``/``end`` are centres; widths scale the card along the way.
    ``hold`` keeps it drawn at the end until the step finishes. ``layer`` is
    "low" (under the name plates) or "high" (over everything)."""

    card: Card | None
    start: Point
    end: Point
    begin: float
    duration: float
    start_width: float
    end_width: float
    face: bool = True
    flip: bool = False
    hold: bool = False
    sideways: bool = False
    layer: Layer = "high"
    easing: Callable[[float], float] = ease_out_cubic
    glow: bool = False
    kind: FlightKind = "card"
    spin: tuple[float, float] = (0.0, 0.0)
    """The card's angle in degrees at the start and the end."""
    arc: float = 0.0
    """How far the path bows upwards mid-flight, as a share of its length (a card is
    tossed, not slid)."""

    def angle(self, t: float) -> float:
        return lerp(self.spin[0], self.spin[1], self.easing(t))

    def progress(self, elapsed: float) -> float | None:
        """0..1 through the flight, or None when it is not on screen now."""
        if elapsed < self.begin:
            return None
        t = (elapsed - self.begin) / self.duration if self.duration > 0 else 1.0
        if t >= 1.0:
            return 1.0 if self.hold else None
        return t

    def at(self, t: float) -> tuple[Point, float]:
        """Centre and width at progress ``t``: along the eased path, bowed by ``arc``.

        >>> flight = Flight(None, (0, 100), (200, 100), 0.0, 1.0, 10, 10, arc=0.1)
        >>> flight.at(0.5)[0][1] < 100 == flight.at(1.0)[0][1]
        True
        """
        eased = self.easing(t)
        x, y = lerp_point(self.start, self.end, eased)
        if self.arc:
            bow = self.arc * math.sin(math.pi * min(1.0, max(0.0, eased)))
            nx, ny = arc_normal(self.start, self.end)
            x, y = x + nx * bow, y + ny * bow
        return (x, y), lerp(self.start_width, self.end_width, eased)


def arc_normal(start: Point, end: Point) -> Point:
    """The path's length times its unit normal on the upper side (screen y grows down):
    which way, and how far at ``arc`` 1, a flight from ``start`` to ``end`` bows."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    if dx == 0 and dy == 0:
        return (0.0, 0.0)
    nx, ny = dy, -dx  # a quarter turn of the path, as long as it
    if ny > 0 or (ny == 0 and nx > 0):
        nx, ny = -nx, -ny
    return (nx, ny)


@dataclass
class Step:
    """The animation of one event: a duration, timed cues and cards in flight."""

    duration: float
    elapsed: float = 0.0
    flights: list[Flight] = field(default_factory=list)
    cues: list[tuple[float, int, Callable[[], None]]] = field(default_factory=list)
    sounds: list[tuple[float, str]] = field(default_factory=list)
    label: str = ""
    _order: int = 0

    def cue(self, at: float, action: Callable[[], None]) -> None:
        """Call ``action`` when the step reaches ``at`` seconds (in order of adding on ties)."""
        self._order += 1
        self.cues.append((at, self._order, action))
        self.cues.sort(key=lambda cue: (cue[0], cue[1]))

    def sound(self, at: float, name: str) -> None:
        """Play a sound at ``at`` seconds (skipped steps stay quiet)."""
        self.sounds.append((at, name))
        self.sounds.sort()

    def add(self, flight: Flight) -> Flight:
        self.flights.append(flight)
        self.duration = max(self.duration, flight.begin + flight.duration)
        return flight

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration and not self.cues

    def advance(self, dt: float, play: Callable[[str], None] | None = None) -> None:
        self.elapsed += dt
        while self.sounds and self.sounds[0][0] <= self.elapsed:
            _, name = self.sounds.pop(0)
            if play is not None:
                play(name)
        while self.cues and self.cues[0][0] <= self.elapsed:
            _, _, action = self.cues.pop(0)
            action()

    def finish(self) -> None:
        """Jump to the end: fire every remaining cue, silently."""
        self.sounds.clear()
        while self.cues:
            _, _, action = self.cues.pop(0)
            action()
        self.elapsed = max(self.elapsed, self.duration)

    def visible(self) -> list[tuple[Flight, float]]:
        """The flights on screen now, with their progress."""
        out = []
        for flight in self.flights:
            t = flight.progress(self.elapsed)
            if t is not None:
                out.append((flight, t))
        return out


class AnimationQueue:
    """Steps played one after another, at a speed, skippable."""

    def __init__(self, play: Callable[[str], None] | None = None) -> None:
        self.steps: deque[Step] = deque()
        self.play = play

    @property
    def idle(self) -> bool:
        return not self.steps

    @property
    def current(self) -> Step | None:
        return self.steps[0] if self.steps else None

    def push(self, step: Step) -> None:
        self.steps.append(step)
        step.advance(0.0, self.play)  # cues at time zero happen at once
        self._drop_done()

    def update(self, dt: float, speed: float = 1.0) -> None:
        """Advance by ``dt`` real seconds at ``speed`` (2.0 runs twice as fast)."""
        remaining = dt * speed
        while self.steps:
            step = self.steps[0]
            needed = step.duration - step.elapsed
            if remaining < needed:
                step.advance(remaining, self.play)
                return
            step.advance(max(0.0, needed), self.play)
            step.elapsed = max(step.elapsed, step.duration)
            step.finish()
            self.steps.popleft()
            remaining -= max(0.0, needed)

    def skip(self) -> None:
        """Finish every queued step now."""
        while self.steps:
            self.steps.popleft().finish()

    def _drop_done(self) -> None:
        while self.steps and self.steps[0].done:
            self.steps.popleft()

    def flights(self) -> list[tuple[Flight, float]]:
        step = self.current
        return step.visible() if step else []


# ------------------------------------------------------------------ effects
@dataclass
class Effect:
    """A transient decoration that does not hold up the game: a bubble or a hint."""

    kind: EffectKind
    text: str
    at: Point
    life: float
    age: float = 0.0
    colour: tuple[int, int, int] = (242, 238, 226)
    seat: int | None = None

    @property
    def alpha(self) -> float:
        """1 while shown, fading in over the first 0.12 s and out over the last 0.3 s."""
        fade_in = min(1.0, self.age / 0.12)
        fade_out = min(1.0, max(0.0, (self.life - self.age) / 0.3))
        return max(0.0, min(fade_in, fade_out))

    @property
    def pop(self) -> float:
        """A scale that pops slightly larger as the effect appears."""
        t = min(1.0, self.age / 0.22)
        return ease_out_back(t) if t < 1 else 1.0


class Effects:
    """The live effects, aged in real time (never by the animation speed: they are
    words to read)."""

    def __init__(self) -> None:
        self.items: list[Effect] = []

    def add(self, effect: Effect) -> Effect:
        if effect.seat is not None:
            self.items = [
                item
                for item in self.items
                if not (item.seat == effect.seat and item.kind == effect.kind)
            ]
        if effect.kind == "hint":  # the newest word about what the player tried
            self.items = [item for item in self.items if item.kind != "hint"]
        self.items.append(effect)
        return effect

    def update(self, dt: float) -> None:
        for item in self.items:
            item.age += dt
        self.items = [item for item in self.items if item.age < item.life]

    def clear(self, kind: EffectKind | None = None) -> None:
        self.items = [item for item in self.items if kind is not None and item.kind != kind]

    def __iter__(self) -> Iterator[Effect]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)
