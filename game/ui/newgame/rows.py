"""The lines of the rule pages as widgets: a label with a row of choices, or with
a number stepper. Each line changes one option of the setup and brings its
widgets up to date when asked (:meth:`Row.refresh`).
"""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.elements import UIButton, UILabel

from game.play.setup import NewGameSetup
from game.ui.kit.gui import GuiScene, object_id, set_enabled, set_selected
from game.ui.newgame.options import Number, Options
from game.ui.newgame.page import (
    CONTROL_WIDTH,
    CONTROL_X,
    LABEL_WIDTH,
    LABEL_X,
    LINE_HEIGHT,
    Changed,
    draw_label,
    line_rect,
)
from game.ui.newgame.tips import OPTION_DELAY, Tip


class Row:
    """A labelled line of a rule page for option ``name``; subclasses add the widgets."""

    def __init__(
        self, gui: GuiScene, y: float, setup: NewGameSetup, changed: Changed, spec: Options | Number
    ) -> None:
        self.gui, self.setup, self.changed = gui, setup, changed
        self.name, self.label, self.tip = spec.name, spec.label, spec.tip
        self.fields: tuple[str, ...] = (spec.name,)
        self.rect = line_rect(gui, y)
        self.label_rect = gui.rect(LABEL_X, y, LABEL_WIDTH, LINE_HEIGHT)
        self.elements: list[Any] = []

    def refresh(self) -> None:
        """Show the setup's value."""

    def tip_at(self, pos: tuple[int, int]) -> Tip | None:
        """The line's tip on its label; subclasses add tips for their widgets."""
        if self.tip and self.label_rect.collidepoint(pos):
            return Tip(self.tip, self.rect)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        bad = self.setup.involves(self.fields)
        draw_label(surface, self.gui, self.label_rect, self.label, bad)


class OptionsRow(Row):
    """One button per value of the option, the chosen one selected."""

    def __init__(
        self, gui: GuiScene, y: float, setup: NewGameSetup, changed: Changed, spec: Options
    ) -> None:
        super().__init__(gui, y, setup, changed, spec)
        self.spec = spec
        self.choice = gui.choice(
            gui.rect(CONTROL_X, y, CONTROL_WIDTH, LINE_HEIGHT),
            spec.options,
            spec.read(setup),
            self._pick,
            weights=spec.weights,
        )
        self.elements = list(self.choice.buttons)

    def _pick(self, value: Any) -> None:
        self.spec.write(self.setup, value)
        self.changed()

    def refresh(self) -> None:
        self.choice.set(self.spec.read(self.setup))

    def tip_at(self, pos: tuple[int, int]) -> Tip | None:
        """The line's tip on the label; an option's own tip on its button."""
        options, tips, buttons = self.spec.options, self.spec.tips, self.choice.buttons
        for (_value, text), tip, button in zip(options, tips or [], buttons, strict=bool(tips)):
            if button.rect.collidepoint(pos):
                return Tip(tip, self.rect, f"{self.label}: {text}", OPTION_DELAY)
        return super().tip_at(pos)


class NumberRow(Row):
    """[-] value [+], and a button for "as the rules allow" when the option has one."""

    def __init__(
        self, gui: GuiScene, y: float, setup: NewGameSetup, changed: Changed, spec: Number
    ) -> None:
        super().__init__(gui, y, setup, changed, spec)
        self.spec = spec
        self.minus = gui.button(
            gui.rect(CONTROL_X, y, 40, LINE_HEIGHT), "\u2212", lambda: self._step(-1), style="step"
        )
        self.value = UILabel(
            gui.rect(CONTROL_X + 44, y, 72, LINE_HEIGHT),
            "",
            gui.manager,
            object_id=object_id("value"),
        )
        self.plus = gui.button(
            gui.rect(CONTROL_X + 120, y, 40, LINE_HEIGHT), "+", lambda: self._step(+1), style="step"
        )
        self.elements = [self.minus, self.value, self.plus]
        self.unset: UIButton | None = None
        if spec.unset_label is not None:
            self.unset = gui.button(
                gui.rect(CONTROL_X + 176, y, CONTROL_WIDTH - 176, LINE_HEIGHT),
                spec.unset_label,
                self._toggle,
                style="segment",
            )
            self.elements.append(self.unset)

    def _step(self, direction: int) -> None:
        self.setup.step(self.name, direction)
        self.changed()

    def _toggle(self) -> None:
        self.setup.toggle_unset(self.name)
        self.changed()

    def refresh(self) -> None:
        value = self.setup.shown(self.name)
        on = self.setup.applies(self.name)
        self.value.set_text("\u2013" if value is None or not on else str(value))
        for button in (self.minus, self.plus):
            set_enabled(button, on)
        if self.unset is not None:
            set_selected(self.unset, self.setup.values()[self.name] is None)

    def tip_at(self, pos: tuple[int, int]) -> Tip | None:
        """The line's tip on the label; what "as the rules allow" means on its button."""
        if self.unset is not None and self.unset.rect.collidepoint(pos) and self.spec.unset_tip:
            title = f"{self.label}: {self.spec.unset_label}"
            return Tip(self.spec.unset_tip, self.rect, title, OPTION_DELAY)
        return super().tip_at(pos)
