"""What the new game scene asks of its pages, and the pieces they share: where a
line of the form goes and how its label and the section headings are drawn.

A page owns its widgets, reads and changes only the
:class:`~game.play.setup.NewGameSetup`, and calls the ``changed`` function the
scene gave it after every change, so the scene can bring every page up to date.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import pygame

from game.ui.kit import theme
from game.ui.kit.gui import GuiScene
from game.ui.newgame.tips import Tip

Changed = Callable[[], None]
"""What a page calls after changing the setup."""

# The right panel's columns on the 1280x720 design canvas.
LABEL_X, LABEL_WIDTH = 482, 210
CONTROL_X, CONTROL_WIDTH = 700, 520
RIGHT_EDGE = 1220
LINE_HEIGHT = 36
ROW_GAP = 8
"""The room between two lines of the form (a label's second line may reach into it)."""
MARK_X = 466
"""Where the red dot beside a line involved in the problem goes."""


class Page(Protocol):
    """One page of the right panel."""

    elements: list[Any]
    """Every widget of the page (shown only with the page)."""

    def refresh(self) -> None:
        """Bring the widgets up to date with the setup."""

    def show(self, visible: bool) -> None:
        """Show or hide the page's widgets."""

    def poll(self) -> None:
        """Read back what was typed (every frame while shown)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Labels and decorations, over the widgets."""

    def tip_at(self, pos: tuple[int, int]) -> Tip | None:
        """The tip for what is at ``pos``, if any."""

    def involved(self) -> bool:
        """True when the setup's problem involves something on this page."""


def line_rect(gui: GuiScene, y: float) -> pygame.Rect:
    """The whole line of the form at design height ``y``."""
    return gui.rect(LABEL_X, y, RIGHT_EDGE - LABEL_X, LINE_HEIGHT)


def draw_label(
    surface: pygame.Surface, gui: GuiScene, rect: pygame.Rect, text: str, bad: bool
) -> None:
    """A line's label in ``rect``, in red with a dot when it is part of the problem."""
    colour = theme.BAD if bad else theme.TEXT
    size = gui.tx(16)  # the text size's letters, smaller where two lines have no room
    room = rect.height + gui.px(ROW_GAP)
    while True:
        lines = theme.wrap(text, size, rect.width, "bold")
        step = round(size * 1.3)  # room for the accents of a capital under a line
        if len(lines) * step <= room or size <= gui.px(12):
            break
        size -= 1
    y = rect.centery - step * len(lines) // 2
    for line in lines:
        surface.blit(theme.text(line, size, colour, "bold"), (rect.x, y))
        y += step
    if bad:
        mark = gui.rect(MARK_X, 0, 0, 0)
        pygame.draw.circle(surface, theme.BAD, (mark.x, rect.centery), gui.px(4))


def draw_heading(surface: pygame.Surface, gui: GuiScene, pos: tuple[int, int], text: str) -> None:
    """A section heading in gold capitals, underlined to the panel's right edge."""
    label = theme.text(text.upper(), gui.tx(13), theme.GOLD, "bold")
    surface.blit(label, pos)
    line_y = pos[1] + label.get_height() + gui.px(2)
    right = gui.rect(RIGHT_EDGE, 0, 0, 0).x
    pygame.draw.line(surface, (*theme.GOLD, 60), (pos[0], line_y), (right, line_y))
