"""Small widgets drawn in the table's own style: buttons and tooltips.

Forms and dialogs with many fields use pygame_gui (see ``gui.py``); these are
for the table and its overlays, where everything is drawn by us.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.ui.kit import theme


@dataclass
class Button:
    """A rounded button with a label. ``enabled=False`` draws it in the one disabled
    look (:func:`disabled_look`: no ground, no shadow, dim words, no hover) that every
    control shares; ``reason`` explains why on hover."""

    rect: pygame.Rect
    label: str
    on_click: Callable[[], None]
    enabled: bool = True
    reason: str = ""
    primary: bool = False
    selected: bool = False
    hotkey: int | None = None
    tooltip: str = ""
    """Said in a bubble while the pointer rests on the button (drawn by its scene)."""
    text_size: int = 0
    """The label's size in pixels (0: from the button's height)."""
    radius: int = 0
    """The corners' radius in pixels (0: from the button's height)."""
    ghost: bool = False
    """Drawn as a faint outline, for a button that should not draw the eye."""
    hovered: bool = field(default=False, init=False)
    pressed: bool = field(default=False, init=False)
    focused: bool = field(default=False, init=False)
    """Chosen with the keyboard (Enter presses it): drawn with a bright ring."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to mouse and hotkey events; True when the event was used."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.pressed = True
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was_pressed, self.pressed = self.pressed, False
            if was_pressed and self.rect.collidepoint(event.pos) and self.enabled:
                self.on_click()
                return True
        elif event.type == pygame.KEYDOWN and self.hotkey is not None and event.key == self.hotkey:
            if self.enabled:
                self.on_click()
            return True
        return False

    def draw(self, surface: pygame.Surface, scale: float) -> None:
        radius = self.radius or max(4, int(self.rect.height * 0.28))
        edge: tuple[int, ...] = (255, 255, 255, 60)
        if not self.enabled:
            fill, ink, edge = disabled_look()
        elif self.ghost:
            fill, ink = ((255, 255, 255, 28) if self.hovered else (0, 0, 0, 48)), theme.TEXT
        elif self.primary or self.selected:
            fill, ink = (
                ((*theme.HIGHLIGHT, 255) if self.hovered else (*theme.GOLD, 255)),
                theme.TEXT_DARK,
            )
        else:
            fill, ink = ((70, 96, 86, 235) if self.hovered else (34, 58, 50, 225)), theme.TEXT
        rect = self.rect.move(0, 1 if self.pressed and self.enabled else 0)
        if not self.ghost and self.enabled:
            shadow = rect.move(0, max(2, int(3 * scale)))
            theme.panel(surface, shadow, (0, 0, 0, 70), radius, None)
        theme.panel(surface, rect, fill, radius, edge)
        size = self.text_size or max(12, int(self.rect.height * 0.42))
        room = self.rect.width - max(4, self.rect.height // 4)
        label = theme.fitted(self.label, size, room, ink, "bold")
        surface.blit(label, label.get_rect(center=rect.center))
        if self.focused:
            draw_focus(surface, rect, radius, scale)


DISABLED_FILL = (10, 20, 18, 70)
DISABLED_INK = (112, 126, 118)
DISABLED_EDGE = (255, 255, 255, 26)
"""The one disabled look of every control (the forms' theme uses the same colours): a
faint outline on no ground, dim words, no shadow, no hover."""


def disabled_look() -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The disabled look's ground, words and outline (lighter words in high contrast)."""
    ink = DISABLED_INK if not theme.high_contrast else (176, 186, 180)
    return DISABLED_FILL, ink, DISABLED_EDGE


def draw_focus(surface: pygame.Surface, rect: pygame.Rect, radius: int, scale: float) -> None:
    """The keyboard's focus: a bright ring just outside ``rect``, plain at a glance."""
    width = max(2, round(3 * scale))
    ring = rect.inflate(2 * width + 2, 2 * width + 2)
    pygame.draw.rect(surface, theme.HIGHLIGHT, ring, width, border_radius=radius + width)


def draw_tooltip(
    surface: pygame.Surface,
    message: str,
    anchor: tuple[int, int],
    scale: float,
    place: Callable[[pygame.Rect], pygame.Rect] | None = None,
    below: bool = False,
) -> pygame.Rect:
    """A small explanatory bubble above ``anchor`` (under it with ``below``), kept inside
    the window and moved where ``place`` says (clear of what it must not cover);
    returns where it went."""
    size = max(12, int(15 * scale))
    lines = theme.wrap(message, size, int(320 * scale))
    rendered = [theme.text(line, size, theme.TEXT) for line in lines]
    pad = int(10 * scale)
    width = max(r.get_width() for r in rendered) + 2 * pad
    height = sum(r.get_height() for r in rendered) + 2 * pad
    rect = pygame.Rect(0, 0, width, height)
    if below:
        rect.midtop = (anchor[0], anchor[1] + int(8 * scale))
    else:
        rect.midbottom = (anchor[0], anchor[1] - int(8 * scale))
    if place is not None:
        rect = place(rect)
    rect.clamp_ip(surface.get_rect())
    theme.panel(surface, rect, (8, 16, 14, 235), int(8 * scale), (*theme.GOLD, 140))
    y = rect.y + pad
    for line in rendered:
        surface.blit(line, (rect.x + pad, y))
        y += line.get_height()
    return rect


def draw_badge(
    surface: pygame.Surface,
    centre: tuple[int, int],
    radius: int,
    fill: tuple[int, ...],
    mark: str,
    size: int,
    ink: tuple[int, ...],
) -> None:
    """A filled disc with a short bold ``mark`` (``!``, a number) centred on it."""
    pygame.draw.circle(surface, fill, centre, radius)
    text = theme.text(mark, size, ink, "bold")
    surface.blit(text, text.get_rect(center=centre))
