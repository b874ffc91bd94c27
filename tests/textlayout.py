"""A recorder of every text the screens draw, where it lands and the box it belongs to,
for the layout test (``tests/test_text_fits.py``).

The kit draws text with ``theme.text`` and boxes with ``theme.panel`` (buttons, plates,
bubbles, sheets). While recording, every ``pygame.Surface`` the screens create is a
:class:`Layer` that remembers the texts and panels blitted into it, so a text drawn
on a layer (a name plate, a page of the rules) is followed onto the screen. A text's
box is the smallest panel drawn on the same surface holding its start, centre or end,
else the layer it was drawn on, else the window. pygame_gui's labels and buttons are
measured against their own rectangles.
"""

from __future__ import annotations

import importlib
import itertools
import pkgutil
import sys
import types
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pygame

import game.ui
from game.ui.kit import theme

TOLERANCE = 1
"""Pixels a text may stray over its box's edge (anti-aliasing)."""
GAP = 2
"""Pixels a drawn text keeps clear of a pygame_gui control beside it."""


@dataclass(frozen=True)
class Placed:
    """A text's ink, or a panel, on some surface; ``box`` once known."""

    kind: str  # "text" or "panel"
    content: str
    rect: pygame.Rect
    box: pygame.Rect | None = None

    def moved(self, x: int, y: int, box: pygame.Rect | None) -> Placed:
        return Placed(
            self.kind, self.content, self.rect.move(x, y), (self.box or box or self.rect).move(x, y)
        )


class Recorder:
    """The text surfaces ``theme.text`` made; what went into each layer is kept on
    the layer itself (:attr:`Layer.placed`)."""

    def __init__(self) -> None:
        self.texts: dict[int, tuple[pygame.Surface, str]] = {}

    def blitted(
        self, target: Layer, source: pygame.Surface, x: int, y: int, shown: pygame.Rect
    ) -> None:
        """``source`` went into ``target`` at ``(x, y)``; only its ``shown`` part."""
        text = self.texts.get(id(source))
        if text is not None and text[0] is source:
            ink = source.get_bounding_rect()
            if ink.width and ink.height:
                target.placed.append(Placed("text", text[1], ink.move(x, y)))
            return
        items = source.placed if isinstance(source, Layer) else []
        own = source.get_rect()
        for item in items:
            if shown.contains(item.rect):  # a text scrolled out of view is not seen
                target.placed.append(item.moved(x, y, None if item.box else _box(item, items, own)))


def placed_texts(target: Layer) -> list[Placed]:
    """The texts drawn into ``target`` with their boxes decided."""
    window = target.get_rect()
    return [
        item
        if item.box
        else Placed(item.kind, item.content, item.rect, _box(item, target.placed, window))
        for item in target.placed
        if item.kind == "text"
    ]


def _box(item: Placed, items: list[Placed], outer: pygame.Rect) -> pygame.Rect:
    """The smallest panel among ``items`` holding ``item``'s start, centre or end (a
    text too long for its box still starts, or is centred, in it), else ``outer``."""
    rect = item.rect
    points = ((rect.left + 1, rect.centery), rect.center, (rect.right - 2, rect.centery))
    holders = [
        other.rect
        for other in items
        if other.kind == "panel" and any(other.rect.collidepoint(point) for point in points)
    ]
    return min(holders, key=lambda rect: rect.width * rect.height, default=outer)


def _position(dest: Any) -> tuple[int, int]:
    if isinstance(dest, pygame.Rect):
        return dest.x, dest.y
    return int(dest[0]), int(dest[1])


RECORDER: Recorder | None = None


class Layer(pygame.Surface):
    """A surface that remembers the texts and panels blitted into it."""

    @property
    def placed(self) -> list[Placed]:
        """What went into it (a copy made by pygame starts empty)."""
        found: list[Placed] = self.__dict__.setdefault("placed", [])
        return found

    def blit(
        self, source: pygame.Surface, dest: Any = (0, 0), area: Any = None, special_flags: int = 0
    ) -> pygame.Rect:
        if RECORDER is not None:
            x, y = _position(dest)
            shown = pygame.Rect(area) if area is not None else source.get_rect()
            RECORDER.blitted(self, source, x - shown.x, y - shown.y, shown)
        return super().blit(source, dest, area, special_flags)

    def fill(self, color: Any, rect: Any = None, special_flags: int = 0) -> pygame.Rect:
        if rect is None:
            self.placed.clear()
        return super().fill(color, rect, special_flags)


def _pygame_with_layers() -> types.ModuleType:
    proxy = types.ModuleType("pygame")
    proxy.__dict__.update(pygame.__dict__)
    proxy.Surface = Layer  # type: ignore[attr-defined]
    return proxy


@contextmanager
def recording() -> Iterator[Recorder]:
    """Record every text and panel the screens draw, for the ``with`` block."""
    global RECORDER
    recorder = Recorder()
    original_text, original_panel = theme.text, theme.panel

    def text(content: str, size: int, *args: Any, **kwargs: Any) -> pygame.Surface:
        surface = original_text(content, size, *args, **kwargs)
        recorder.texts[id(surface)] = (surface, content)
        return surface

    def panel(surface: pygame.Surface, rect: pygame.Rect, *args: Any, **kwargs: Any) -> None:
        if isinstance(surface, Layer):
            surface.placed.append(Placed("panel", "", pygame.Rect(rect)))
        original_panel(surface, rect, *args, **kwargs)

    proxy = _pygame_with_layers()
    for found in pkgutil.walk_packages(game.ui.__path__, "game.ui."):
        importlib.import_module(found.name)  # screens load lazily: each must see the layers
    modules = [
        module
        for name, module in list(sys.modules.items())
        if name.startswith("game.ui") and getattr(module, "pygame", None) is pygame
    ]
    theme.text, theme.panel = text, panel
    for module in modules:
        module.pygame = proxy  # type: ignore[attr-defined]
    RECORDER = recorder
    try:
        yield recorder
    finally:
        RECORDER = None
        theme.text, theme.panel = original_text, original_panel
        for module in modules:
            module.pygame = pygame  # type: ignore[attr-defined]


# ----------------------------------------------------------------- checks
def text_problems(placed: list[Placed]) -> list[str]:
    """Texts that leave their box, and pairs of texts that overlap."""
    problems = []
    for item in placed:
        assert item.box is not None
        if not item.box.inflate(2 * TOLERANCE, 2 * TOLERANCE).contains(item.rect):
            problems.append(f"{item.content!r} {_show(item.rect)} leaves its box {_show(item.box)}")
    for first, second in itertools.combinations(placed, 2):
        overlap = first.rect.clip(second.rect)
        if overlap.width > TOLERANCE and overlap.height > TOLERANCE and not _echo(first, second):
            problems.append(f"{first.content!r} and {second.content!r} overlap at {_show(overlap)}")
    return problems


def _echo(first: Placed, second: Placed) -> bool:
    """The same words drawn twice a few pixels apart (a shadow, an outline)."""
    dx, dy = first.rect.x - second.rect.x, first.rect.y - second.rect.y
    return first.content == second.content and abs(dx) <= 4 and abs(dy) <= 4


def gui_controls(manager: Any) -> list[Any]:
    """The visible labels, buttons and text fields of a pygame_gui manager."""
    from pygame_gui.elements import UIButton, UILabel, UITextEntryLine

    kinds = (UILabel, UIButton, UITextEntryLine)
    return [
        element
        for element in manager.get_sprite_group().sprites()
        if isinstance(element, kinds) and element.visible
    ]


def crossing_problems(placed: list[Placed], manager: Any) -> list[str]:
    """Texts drawn by the scene that run into a pygame_gui control (or come within
    :data:`GAP` of it) without being inside it."""
    problems = []
    for element in gui_controls(manager):
        rect = element.rect
        near = rect.inflate(2 * GAP, 2 * GAP)
        for item in placed:
            overlap = item.rect.clip(near)
            inside = rect.contains(item.rect)
            if overlap.width > 0 and overlap.height > TOLERANCE and not inside:
                name = type(element).__name__
                problems.append(
                    f"{item.content!r} {_show(item.rect)} runs into a {name} {_show(rect)}"
                )
    return problems


def gui_problems(manager: Any) -> list[str]:
    """pygame_gui labels and buttons whose text is wider or taller than they are."""
    from pygame_gui.elements import UIButton, UILabel

    problems = []
    for element in gui_controls(manager):
        if not isinstance(element, (UILabel, UIButton)):
            continue
        text = getattr(element, "text", "")
        font = getattr(element, "font", None)
        if not text or font is None:
            continue
        width, height = font.get_rect(text).size
        room = element.rect.inflate(-4, -2) if isinstance(element, UIButton) else element.rect
        if width > room.width + TOLERANCE or height > room.height + TOLERANCE:
            problems.append(
                f"{text!r} ({width}x{height}) does not fit its "
                f"{type(element).__name__} {_show(element.rect)}"
            )
    return problems


def _show(rect: pygame.Rect) -> str:
    return f"({rect.x},{rect.y} {rect.width}x{rect.height})"
