"""What the new game scene draws around its widgets: the title, the panels, the
chosen preset's description, the marks on the page tabs and the status line
(why the game cannot start, or the hands it will deal).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.i18n import _, ngettext, tr
from game.i18n.describe import custom_name, describe, in_brief
from game.play.setup import NewGameSetup
from game.rules.ruleset import RuleSet
from game.ui.kit import theme
from game.ui.kit.gui import GuiScene, draw_wrapped
from game.ui.kit.widgets import draw_badge
from game.ui.menus.summary import player_range

WARNING_TEXT = (246, 160, 146)


def draw_frame(surface: pygame.Surface, gui: GuiScene) -> None:
    """The title, the column heading, the right panel and the bottom bar."""
    title = theme.text(_("New game"), gui.tx(34), theme.TEXT, "bold")
    surface.blit(title, gui.rect(40, 24, 0, 0).topleft)
    heading = theme.text(_("VARIANT"), gui.tx(14), theme.GOLD, "bold")
    surface.blit(heading, gui.rect(42, 92, 0, 0).topleft)
    theme.panel(surface, gui.rect(450, 80, 790, 540), theme.PANEL, gui.px(16))
    bar = gui.rect(0, 624, 1280, 96)
    bar.x, bar.width = 0, surface.get_width()
    bar.height = surface.get_height() - bar.y
    theme.panel(surface, bar, (6, 16, 13, 170), 0, None)
    width = max(1, round(gui.scale))
    pygame.draw.line(surface, (*theme.GOLD, 90), bar.topleft, bar.topright, width)
    room = gui.rect(180, 0, 80, 0).width  # between Back and the deal's number
    label = theme.fitted(_("Deal #"), gui.tx(16), room, theme.TEXT, "bold")
    surface.blit(label, label.get_rect(midright=gui.rect(260, 640, 0, 44).midright))


def draw_description(
    surface: pygame.Surface, gui: GuiScene, setup: NewGameSetup, top: int = 396
) -> None:
    """The chosen preset's name, player range, changes and description, from ``top``
    on the design canvas."""
    preset = setup.preset
    x, y = gui.rect(42, top, 0, 0).topleft
    width = gui.px(378)
    name = tr(preset.name)
    if setup.changes:  # the one name of a custom game, the preset it started from after
        name = custom_name()
    name_width = width - (gui.px(110) if setup.changes else 0)
    y += draw_wrapped(surface, name, (x, y), name_width, gui.tx(20), theme.HIGHLIGHT, "bold")
    players = player_range(preset.min_players, preset.max_players)
    if setup.changes:
        note = ngettext("{count} rule changed", "{count} rules changed", setup.changes)
        based = _("from {name}").format(name=tr(preset.name))
        players = f"{based}  \u00b7  {players}  \u00b7  {note.format(count=setup.changes)}"
    surface.blit(theme.text(players, gui.tx(14), theme.TEXT_DIM, "italic"), (x, y))
    y += gui.px(24)
    bottom = gui.rect(0, 616, 0, 0).y
    text = setup_description(setup)
    # The largest letters that show every word, the lines closer at the smallest.
    for points, leading in ((14, 1.32), (13, 1.3), (12, 1.25), (11, 1.2), (10, 1.15)):
        size = max(11, gui.tx(points))
        step = round(size * leading)
        lines = theme.wrap(text, size, width)
        if y + len(lines) * step <= bottom:
            break
    for index, line in enumerate(lines):
        if y + 2 * step > bottom and index < len(lines) - 1:
            line = line.rstrip(".,;:") + "\u2026"
        surface.blit(theme.text(line, size, theme.TEXT), (x, y))
        y += step
        if y + step > bottom:
            break


def setup_description(setup: NewGameSetup) -> str:
    """What the game being set up is: the preset's description, or for rules changed
    from it, its hands and scoring in plain words (the preset's words would be wrong)."""
    rules = setup.rules
    if not setup.changes or rules is None:
        return tr(setup.preset.description)
    return in_brief(rules)


def draw_page_marks(
    surface: pygame.Surface,
    gui: GuiScene,
    tabs: Sequence[Any],
    pages: Sequence[str],
    involved: Sequence[str],
) -> None:
    """A red dot on the tab of each page holding something the problem involves."""
    for page, button in zip(pages, tabs, strict=True):
        if page in involved:
            centre = (button.rect.right - gui.px(14), button.rect.top + gui.px(10))
            pygame.draw.circle(surface, theme.BAD, centre, gui.px(5))


def draw_form_status(surface: pygame.Surface, gui: GuiScene, setup: NewGameSetup) -> None:
    """What is wrong, or a summary of the hands, beside the Start button."""
    area = gui.rect(534, 632, 496, 60)
    if setup.problem:
        _draw_problem(surface, gui, area, setup.problem)
    elif setup.rules is not None:
        _draw_summary(surface, gui, area, setup.rules)


def _draw_problem(surface: pygame.Surface, gui: GuiScene, area: pygame.Rect, problem: str) -> None:
    """Why the game cannot start, beside a red warning sign."""
    size = gui.tx(14)
    lines = theme.wrap(problem, size, area.width - gui.px(40), "bold")[:3]
    icon = (area.x + gui.px(12), area.centery)
    draw_badge(surface, icon, gui.px(10), theme.BAD, "!", gui.px(15), theme.TEXT_DARK)
    _draw_status_lines(surface, gui, area, lines, WARNING_TEXT, "bold")


def _draw_summary(
    surface: pygame.Surface, gui: GuiScene, area: pygame.Rect, rules: RuleSet
) -> None:
    """The hands the rules deal, beside a green tick."""
    size = gui.tx(14)
    summary = dict(describe(rules)).get(_("Hands"), "")
    lines = theme.wrap(summary, size, area.width - gui.px(40))[:3]
    x, y = area.x + gui.px(12), area.centery
    pygame.draw.circle(surface, theme.GOOD, (x, y), gui.px(10))
    tick = [
        (x - gui.px(5), y),
        (x - gui.px(1), y + gui.px(4)),
        (x + gui.px(5), y - gui.px(4)),
    ]
    pygame.draw.lines(surface, theme.TEXT_DARK, False, tick, max(2, gui.px(2)))
    _draw_status_lines(surface, gui, area, lines, theme.TEXT_DIM, "regular")


def _draw_status_lines(
    surface: pygame.Surface,
    gui: GuiScene,
    area: pygame.Rect,
    lines: list[str],
    colour: tuple[int, ...],
    weight: str,
) -> None:
    """Up to three lines beside the sign, centred on the area's height."""
    size = gui.tx(14)
    step = round(size * 1.28)
    y = area.centery - step * len(lines) // 2
    for line in lines:
        surface.blit(theme.text(line, size, colour, weight), (area.x + gui.px(32), y))
        y += step
