"""Where the screens draw: named elements and the texts in them, for the layout check.

Drawing code tells the log what it puts where: :func:`element` for a part of the
screen that must stay whole and apart from others (a name plate, the bid panel,
the hand), :func:`words` for words with the box they must fit in. The log is off
unless a :func:`recording` is open, so a call costs one test of a global in play.
The checks (:func:`problems`) find a text wider than its box, numbers or words run
together, two elements that must not overlap, and anything off the screen.

>>> import pygame
>>> with recording() as log:
...     element("plate:0", pygame.Rect(0, 0, 100, 40))
...     image = pygame.Surface((30, 20))
...     _ = image.fill((255, 255, 255))
...     words("plate:0", "12", image, (80, 10))
>>> problems(log, (200, 100))
["'12' (80,10 30x20) leaves its box plate:0 (0,0 100x40)"]
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pygame

TOLERANCE = 1
"""Pixels a text may stray over its box's edge (anti-aliasing)."""
RUN_TOGETHER = 3
"""The least gap, in pixels, between two texts side by side on one line."""
APART = (
    ("plate", "plate"),
    ("plate", "bid panel"),
    ("plate", "hand"),
    ("plate", "trumps"),
    ("bid panel", "hand"),
    ("trumps", "hand"),
    ("plate", "analysis"),
    ("plate", "controls"),
    ("backs", "bid panel"),
    ("backs", "plate"),
    ("backs", "trumps"),
    ("status", "plate"),
    ("status", "trumps"),
    ("status", "bid panel"),
)
"""Kinds of element (a name up to its colon) that must never overlap."""


@dataclass(frozen=True)
class Drawn:
    """An element (``content`` empty) or a text inside element ``name``."""

    name: str
    rect: pygame.Rect
    content: str = ""

    @property
    def kind(self) -> str:
        return self.name.split(":")[0]


_log: list[Drawn] | None = None


def element(name: str, rect: pygame.Rect) -> None:
    """``rect`` is drawn as element ``name`` (``kind:detail``, as ``plate:2``)."""
    if _log is not None:
        _log.append(Drawn(name, pygame.Rect(rect)))


def words(box: str, content: str, image: pygame.Surface, at: tuple[int, int]) -> None:
    """Words ``content``, rendered as ``image``, were drawn with its top left at ``at``
    inside the element named ``box``; the log keeps the ink's rectangle."""
    if _log is not None and content.strip():
        ink = image.get_bounding_rect()
        if ink.width and ink.height:
            _log.append(Drawn(box, ink.move(at), content))


@contextmanager
def recording() -> Iterator[list[Drawn]]:
    """Keep what is drawn, in the returned list, for the ``with`` block."""
    global _log
    previous, _log = _log, []
    try:
        yield _log
    finally:
        _log = previous


def problems(log: list[Drawn], size: tuple[int, int]) -> list[str]:
    """Everything wrong with one frame's drawing on a window of ``size``, in words."""
    window = pygame.Rect((0, 0), size)
    boxes = {item.name: item.rect for item in log if not item.content}
    texts = [item for item in log if item.content]
    found = [
        f"{item.name} {_show(item.rect)} is off the screen"
        for item in log
        if not item.content and not window.contains(item.rect)
    ]
    for item in texts:
        box = boxes.get(item.name, window)
        if not box.inflate(2 * TOLERANCE, 2 * TOLERANCE).contains(item.rect):
            found.append(
                f"{item.content!r} {_show(item.rect)} leaves its box {item.name} {_show(box)}"
            )
    found += _crowded(texts)
    elements = [item for item in log if not item.content]
    for first, second in itertools.combinations(elements, 2):
        pair = (first.kind, second.kind)
        if pair in APART or pair[::-1] in APART:
            overlap = first.rect.clip(second.rect)
            if overlap.width > TOLERANCE and overlap.height > TOLERANCE:
                found.append(f"{first.name} and {second.name} overlap at {_show(overlap)}")
    return found


def _crowded(texts: list[Drawn]) -> list[str]:
    """Texts that overlap, or sit on one line closer than :data:`RUN_TOGETHER`."""
    found = []
    for first, second in itertools.combinations(texts, 2):
        a, b = first.rect, second.rect
        overlap = a.clip(b)
        if overlap.width > TOLERANCE and overlap.height > TOLERANCE:
            found.append(f"{first.content!r} and {second.content!r} overlap at {_show(overlap)}")
            continue
        shared = min(a.bottom, b.bottom) - max(a.top, b.top)
        if shared <= min(a.height, b.height) // 2:
            continue  # not on one line
        gap = max(a.left, b.left) - min(a.right, b.right)
        if gap < RUN_TOGETHER:
            found.append(f"{first.content!r} and {second.content!r} run together (gap {gap})")
    return found


def _show(rect: pygame.Rect) -> str:
    return f"({rect.x},{rect.y} {rect.width}x{rect.height})"
