"""A rule page of the new game: the lines :mod:`~game.ui.newgame.options`
describes, laid out down the page in sections, and optionally the engine's own
words for the rules as they stand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.i18n import _
from game.i18n.describe import describe
from game.play.setup import NewGameSetup
from game.ui.kit import theme
from game.ui.kit.gui import GuiScene, draw_wrapped, set_visible, wrapped_height
from game.ui.newgame.options import Heading, Line, Number
from game.ui.newgame.page import LABEL_X, Changed, draw_heading
from game.ui.newgame.rows import NumberRow, OptionsRow, Row
from game.ui.newgame.tips import Tip

TOP = 148
"""Where the first heading goes (design pixels)."""
HEADING_STEP, ROW_STEP, SECTION_GAP = 28, 44, 8


class RulesPage:
    """The lines of one rule page, each owning its widgets."""

    def __init__(
        self,
        gui: GuiScene,
        setup: NewGameSetup,
        changed: Changed,
        lines: Sequence[Line],
        plain_words: Sequence[str] = (),
    ) -> None:
        """``plain_words``: the headings of :func:`~game.i18n.describe.describe`
        to show under the lines."""
        self.gui, self.setup, self.plain_words = gui, setup, plain_words
        self.rows: list[Row] = []
        self.headings: list[tuple[str, tuple[int, int]]] = []
        y = TOP
        for line in lines:
            if isinstance(line, Heading):
                y += SECTION_GAP if self.rows else 0
                self.headings.append((line.text, gui.rect(LABEL_X, y, 0, 0).topleft))
                y += HEADING_STEP
                continue
            if isinstance(line, Number):
                self.rows.append(NumberRow(gui, y, setup, changed, line))
            else:
                self.rows.append(OptionsRow(gui, y, setup, changed, line))
            y += ROW_STEP
        self.elements: list[Any] = [element for row in self.rows for element in row.elements]

    def refresh(self) -> None:
        for row in self.rows:
            row.refresh()

    def show(self, visible: bool) -> None:
        for element in self.elements:
            set_visible(element, visible)

    def poll(self) -> None:
        """Nothing is typed on a rule page."""

    def tip_at(self, pos: tuple[int, int]) -> Tip | None:
        for row in self.rows:
            if row.rect.collidepoint(pos):
                return row.tip_at(pos)
        return None

    def involved(self) -> bool:
        return any(self.setup.involves(row.fields) for row in self.rows)

    def draw(self, surface: pygame.Surface) -> None:
        for text, pos in self.headings:
            draw_heading(surface, self.gui, pos, text)
        for row in self.rows:
            row.draw(surface)
        if self.plain_words:
            self._draw_plain_words(surface)

    def _draw_plain_words(self, surface: pygame.Surface) -> None:
        """The engine's own words for the page's sections of the rules as they stand."""
        if self.setup.rules is None:
            return
        gui = self.gui
        sections = dict(describe(self.setup.rules))
        area = gui.rect(LABEL_X, 400, 738, 200)
        theme.panel(surface, area, (255, 255, 255, 10), gui.px(12), (*theme.GOLD, 40))
        x, y = area.x + gui.px(18), area.y + gui.px(14)
        label = theme.text(_("IN PLAIN WORDS"), gui.tx(12), theme.GOLD, "bold")
        surface.blit(label, (x, y))
        y += label.get_height() + gui.px(8)
        width = area.width - gui.px(36)
        bodies = [sections[heading] for heading in self.plain_words if heading in sections]
        size = gui.tx(14)  # the text size's letters, smaller where the panel has no room
        room = area.bottom - gui.px(8) - y
        while size > gui.px(11) and room < sum(
            wrapped_height(body, size, width) + gui.px(8) for body in bodies
        ):
            size -= 1
        for body in bodies:
            y += draw_wrapped(surface, body, (x, y), width, size, theme.TEXT_DIM)
            y += gui.px(8)
