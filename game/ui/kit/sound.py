"""Sound effects, synthesised in code (no sound files): a card snapped onto the
cloth, a deal flick, a trick swept up, a soft chime for your turn, a fanfare.

If no audio device can be opened the game stays silent rather than failing.
"""

from __future__ import annotations

import array
import math
import random

import pygame

from game.settings import Settings

SAMPLE_RATE = 22050


def _envelope(count: int, attack: float, decay: float) -> list[float]:
    attack_n = max(1, int(count * attack))
    return [
        (i / attack_n) if i < attack_n else math.exp(-decay * (i - attack_n) / count)
        for i in range(count)
    ]


def _noise_burst(seconds: float, decay: float, brightness: float, seed: int) -> list[float]:
    """Filtered noise: brightness near 1 is a crisp snap, lower is a soft swish."""
    rng = random.Random(seed)
    count = int(SAMPLE_RATE * seconds)
    shape = _envelope(count, 0.02, decay)
    out, last = [], 0.0
    for i in range(count):
        last += brightness * (rng.uniform(-1, 1) - last)
        out.append(last * shape[i])
    return out


def _tones(notes: list[tuple[float, float]], seconds: float) -> list[float]:
    """A sequence of (frequency, start) bell-like tones."""
    count = int(SAMPLE_RATE * seconds)
    out = [0.0] * count
    for frequency, start in notes:
        begin = int(start * SAMPLE_RATE)
        length = count - begin
        shape = _envelope(length, 0.01, 6.0)
        for i in range(length):
            t = i / SAMPLE_RATE
            wave = math.sin(2 * math.pi * frequency * t) + 0.3 * math.sin(
                4 * math.pi * frequency * t
            )
            out[begin + i] += 0.35 * wave * shape[i]
    return out


def _pcm(samples: list[float], gain: float) -> bytes:
    peak = max(1e-6, max(abs(s) for s in samples))
    scale = 32000 * gain / peak
    return array.array("h", (int(s * scale) for s in samples)).tobytes()


RECIPES = {
    "card": lambda: _pcm(_noise_burst(0.09, 9.0, 0.55, 1), 0.55),
    "deal": lambda: _pcm(_noise_burst(0.05, 12.0, 0.35, 2), 0.35),
    "trick": lambda: _pcm(_noise_burst(0.28, 4.0, 0.12, 3), 0.45),
    "click": lambda: _pcm(_noise_burst(0.03, 14.0, 0.8, 4), 0.3),
    "turn": lambda: _pcm(_tones([(880.0, 0.0), (1318.5, 0.08)], 0.45), 0.3),
    "made": lambda: _pcm(_tones([(659.3, 0.0), (784.0, 0.07), (1046.5, 0.14)], 0.6), 0.35),
    "win": lambda: _pcm(
        _tones([(523.3, 0.0), (659.3, 0.12), (784.0, 0.24), (1046.5, 0.36)], 1.1), 0.45
    ),
}


class Sounds:
    """Plays the game's sound effects; silent when sound is off or unavailable."""

    def __init__(self, settings: Settings) -> None:
        self.enabled = settings.sound
        self.volume = settings.volume
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._available: bool | None = None

    @property
    def available(self) -> bool:
        """Whether an audio device is open (opened on the first look)."""
        if self._available is None:
            self._available = self._open()
        return self._available

    def open(self) -> None:
        """Open the audio device now (the app does it after its first frame, so the
        first picture does not wait for it, nor a program that ends at once for its
        closing)."""
        _ = self.available

    def _open(self) -> bool:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=SAMPLE_RATE, size=-16, channels=1, buffer=512)
        except pygame.error:
            return False
        return True

    def configure(self, settings: Settings) -> None:
        self.enabled = settings.sound
        self.volume = settings.volume

    def play(self, name: str) -> None:
        """Play effect ``name`` (one of RECIPES), synthesising it on first use."""
        if not (self.enabled and self.available):
            return
        sound = self._sounds.get(name)
        if sound is None:
            try:
                sound = pygame.mixer.Sound(buffer=RECIPES[name]())
            except pygame.error:
                return
            self._sounds[name] = sound
        sound.set_volume(self.volume)
        sound.play()
