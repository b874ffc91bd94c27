"""The rows of the new game's rule pages: headings, choices, switches and steppers.

Each row is a label drawn by the scene beside pygame_gui controls that change
one option of the rules; :attr:`Row.refresh` brings the controls up to date
after any change.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame
from pygame_gui.elements import UIButton, UILabel

from game.i18n import _
from game.rules.describe import describe
from game.rules.ruleset import RuleSet
from game.ui.kit import theme
from game.ui.kit.gui import draw_wrapped, object_id, set_enabled, set_selected
from game.ui.newgame.form import NewGameForm

Values = dict[str, Any]
"""Every option of the rules being chosen, by name."""


@dataclass
class Row:
    """One line of a rules page: a label drawn by the scene and its controls."""

    page: str
    fields: tuple[str, ...]
    label: str
    tip: str
    rect: pygame.Rect
    elements: list[Any]
    refresh: Callable[[Values, RuleSet | None], None]


class RuleRows(NewGameForm):
    """Makes the rows of the rule pages and draws their labels."""

    def _row_rect(self, y: float) -> pygame.Rect:
        """Where a row's label goes."""
        return self.rect(482, y, 210, 36)

    def _heading(self, page: str, y: float, text: str) -> None:
        """A section heading (a row without controls)."""
        self.rows.append(
            Row(page, (), text, "", self.rect(482, y, 700, 24), [], lambda *_args: None)
        )

    def _choice_row(
        self,
        page: str,
        y: float,
        name: str,
        label: str,
        options: Sequence[tuple[Any, str]],
        tip: str = "",
        tips: Sequence[str | None] | None = None,
        weights: Sequence[float] | None = None,
    ) -> None:
        """A segmented control: one button per value of option ``name``."""
        values = self.setup.values()
        choice = self.choice(
            self.rect(700, y, 520, 36),
            options,
            values[name],
            lambda value: self.set_rule(name, value),
            tooltips=tips,
            weights=weights,
        )

        def refresh(values: Values, rules: RuleSet | None) -> None:
            choice.set(values[name])

        self.rows.append(Row(page, (name,), label, tip, self._row_rect(y), choice.buttons, refresh))
        self.page_elements[page].extend(choice.buttons)

    def _switch_row(self, page: str, y: float, name: str, label: str, tip: str) -> None:
        """Off and On for a yes-or-no option."""
        self._choice_row(
            page, y, name, label, [(False, _("Off")), (True, _("On"))], tip, weights=None
        )

    def _stepper_row(
        self,
        page: str,
        y: float,
        name: str,
        label: str,
        tip: str,
        low: int,
        high: int,
        step: int = 1,
        none_label: str | None = None,
        none_tip: str | None = None,
        shown: Callable[[Values, RuleSet | None], int | None] | None = None,
        enabled: Callable[[Values], bool] | None = None,
        default: int = 10,
    ) -> None:
        """[-] value [+], with an optional toggle for the option's "none" value
        (``default`` is used when leaving "none" and no value is known)."""

        def current(values: Values) -> int | None:
            value = values[name]
            if value is None and shown is not None:
                return shown(values, self.rules)
            return value if isinstance(value, int) else None

        def bump(direction: int) -> Callable[[], None]:
            def bumped() -> None:
                values = self.setup.values()
                value = current(values)
                start = value if value is not None else default
                target = min(high, max(low, start + direction * step))
                if values[name] is None or target != value:
                    self.set_rule(name, target)

            return bumped

        minus = self.button(self.rect(700, y, 40, 36), "\u2212", bump(-1), style="step")
        plus = self.button(self.rect(820, y, 40, 36), "+", bump(+1), style="step")
        value_rect = self.rect(744, y, 72, 36)
        value_label = UILabel(value_rect, "", self.manager, object_id=object_id("value"))
        elements: list[Any] = [minus, value_label, plus]
        toggle: UIButton | None = None
        if none_label is not None:
            toggle = self._none_toggle(y, name, none_label, none_tip, current, default)
            elements.append(toggle)

        def refresh(values: Values, rules: RuleSet | None) -> None:
            value = current(values)
            on = enabled(values) if enabled is not None else True
            value_label.set_text("\u2013" if value is None or not on else str(value))
            for widget in (minus, plus):
                set_enabled(widget, on)
            if toggle is not None:
                set_selected(toggle, values[name] is None)

        self.rows.append(Row(page, (name,), label, tip, self._row_rect(y), elements, refresh))
        self.page_elements[page].extend(elements)

    def _none_toggle(
        self,
        y: float,
        name: str,
        label: str,
        tip: str | None,
        current: Callable[[Values], int | None],
        default: int,
    ) -> UIButton:
        """A button that sets option ``name`` to None, or back to a number."""

        def toggled() -> None:
            values = self.setup.values()
            if values[name] is None:
                value = current(values)
                self.set_rule(name, value if value is not None else default)
            else:
                self.set_rule(name, None)

        return self.button(self.rect(876, y, 344, 36), label, toggled, style="segment", tooltip=tip)

    # ------------------------------------------------------------- drawing
    def _draw_rows(self, surface: pygame.Surface) -> None:
        """The labels and headings of the page shown."""
        for row in self.rows:
            if row.page != self.page:
                continue
            if row.fields:
                self._draw_label(surface, row)
            else:
                self._draw_heading(surface, row)

    def _draw_heading(self, surface: pygame.Surface, row: Row) -> None:
        text = theme.text(row.label.upper(), self.px(13), theme.GOLD, "bold")
        surface.blit(text, row.rect.topleft)
        line_y = row.rect.y + text.get_height() + self.px(2)
        pygame.draw.line(
            surface,
            (*theme.GOLD, 60),
            (row.rect.x, line_y),
            (self.rect(1220, 0, 0, 0).x, line_y),
        )

    def _draw_label(self, surface: pygame.Surface, row: Row) -> None:
        """A row's label, in red with a dot when its option is part of the problem."""
        bad = bool(set(row.fields) & self.culprits)
        colour = theme.BAD if bad else theme.TEXT
        size = self.px(16)
        lines = theme.wrap(row.label, size, row.rect.width, "bold")
        step = round(size * 1.2)
        y = row.rect.centery - step * len(lines) // 2
        for line in lines:
            surface.blit(theme.text(line, size, colour, "bold"), (row.rect.x, y))
            y += step
        if bad:
            mark = self.rect(466, 0, 8, 0)
            pygame.draw.circle(surface, theme.BAD, (mark.x, row.rect.centery), self.px(4))

    def _draw_plain_words(self, surface: pygame.Surface, headings: Sequence[str]) -> None:
        """The engine's own words for these sections of the rules as they stand."""
        if self.rules is None:
            return
        sections = dict(describe(self.rules))
        area = self.rect(482, 400, 738, 200)
        theme.panel(surface, area, (255, 255, 255, 10), self.px(12), (*theme.GOLD, 40))
        x, y = area.x + self.px(18), area.y + self.px(14)
        label = theme.text(_("IN PLAIN WORDS"), self.px(12), theme.GOLD, "bold")
        surface.blit(label, (x, y))
        y += label.get_height() + self.px(8)
        width = area.width - self.px(36)
        for heading in headings:
            body = sections.get(heading)
            if body is None:
                continue
            y += draw_wrapped(surface, body, (x, y), width, self.px(14), theme.TEXT_DIM)
            y += self.px(8)
