"""New game: choose a variant or customise every rule, seat the players, deal.

The left column lists the presets with the chosen one's description. The right
panel has four pages: the players (3 to 8 seats, each human or a computer
level, with names), and the rules in three pages (the deal, bidding and play,
scoring) where every option of :class:`~game.rules.ruleset.RuleSet` can be
changed. The rules are checked live by building the RuleSet: an impossible
combination shows the engine's own explanation next to the Start button, marks
the rows involved and keeps Start disabled.

This module is the scene and its frame (presets, page tabs, the bottom bar);
the model is in ``newgame_setup`` and ``newgame_form``, the Players page in
``newgame_players`` and the rule pages in ``newgame_rules`` and
``newgame_rows``.
"""

from __future__ import annotations

import pygame
from pygame_gui.elements import UITextEntryLine

from game.i18n import _, tr
from game.play.setup import (
    PLAYER_LEVELS,
    new_seed,
    offered_levels,
    quick_setup,
    saved_setup,
)
from game.rules.describe import describe
from game.rules.presets import PRESET_LIST
from game.rules.ruleset import RuleSet
from game.ui.kit import theme
from game.ui.kit.gui import draw_wrapped, set_enabled, set_visible, unfocus
from game.ui.kit.widgets import draw_badge, draw_tooltip
from game.ui.newgame.players import SeatsPage
from game.ui.newgame.rules import RulePages

SEED_DIGITS = 9
WARNING_TEXT = (246, 160, 146)

PAGES = ("players", "deal", "bidding", "scoring")


class NewGameScene(SeatsPage, RulePages):
    """Choose the variant, customise the rules, seat the players and deal."""

    def changed(self) -> None:
        """The model changed: check it again and bring every control up to date."""
        super().changed()
        if self.manager is None or not hasattr(self, "start_button"):
            return
        values = self.setup.values()
        for row in self.rows:
            row.refresh(values, self.rules)
        self.preset_choice.set(self.setup.preset.id)
        self.count_choice.set(self.setup.count)
        for index, choice in enumerate(self.kind_choices):
            choice.set(self.seats[index].kind)
        set_enabled(self.start_button, self.rules is not None)
        set_visible(self.reset_button, self.setup.modified)
        self.show_page()

    def show_page(self, page: str | None = None) -> None:
        """Show ``page`` (or the current page again), with only the seats in use."""
        if page is not None:
            self.page = page
        if not hasattr(self, "page_elements"):
            return
        for name, elements in self.page_elements.items():
            for element in elements:
                set_visible(element, name == self.page)
        if self.page == "players":
            for index, elements in enumerate(self.seat_elements):
                for element in elements:
                    set_visible(element, index < self.setup.count)
        self.page_choice.set(self.page)

    # -------------------------------------------------------------- layout
    def build(self) -> None:
        self.rows = []
        self.page_elements = {page: [] for page in PAGES}
        self._build_presets()
        self._build_pages()
        self._build_players()
        self._build_deal()
        self._build_bidding()
        self._build_scoring()
        self._build_bottom()
        self.changed()

    def _build_presets(self) -> None:
        options = [(preset.id, tr(preset.name)) for preset in PRESET_LIST]
        rects = [self.rect(40, 116 + i * 37, 380, 32) for i in range(len(options))]
        self.preset_choice = self.choice_at(
            rects, options, self.setup.preset.id, self.choose_preset, style="listitem"
        )
        self.reset_button = self.button(
            self.rect(318, 422, 102, 28),
            _("Reset"),
            self.reset_rules,
            style="ghost",
            tooltip=_("Forget the changes and use the preset's rules."),
        )

    def _build_pages(self) -> None:
        labels = {
            "players": _("Players"),
            "deal": _("Deal & trumps"),
            "bidding": _("Bidding & play"),
            "scoring": _("Scoring"),
        }
        self.page_choice = self.choice(
            self.rect(466, 92, 758, 38),
            [(page, labels[page]) for page in PAGES],
            self.page,
            self.show_page,
            style="tab",
        )

    def _build_bottom(self) -> None:
        self.back_button = self.button(
            self.rect(40, 640, 130, 44), _("Back"), self.app.pop, style="ghost"
        )
        self.seed_entry = UITextEntryLine(
            self.rect(268, 640, 118, 44), self.manager, initial_text=self.seed_text
        )
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(SEED_DIGITS)
        self.dice_button = self.button(
            self.rect(392, 640, 62, 44),
            _("New"),
            lambda: self.set_seed(new_seed()),
            style="ghost",
            tooltip=_("A new deal number. The same number deals the same cards again."),
        )
        self.start_button = self.button(
            self.rect(1040, 636, 200, 52), _("Start game"), self.start, style="primary"
        )

    # -------------------------------------------------------------- events
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.mouse = event.pos
        super().handle_event(event)

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        typing = any(entry.is_focused for entry in [*self.name_entries, self.seed_entry])
        if event.key == pygame.K_ESCAPE:
            if typing:
                for entry in [*self.name_entries, self.seed_entry]:
                    unfocus(entry)
            else:
                self.app.pop()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not typing:
            self.start()

    def poll(self) -> None:
        if not hasattr(self, "seed_entry"):
            return
        for index, entry in enumerate(self.name_entries):
            if entry.get_text() != self.seats[index].name:
                self.set_name(index, entry.get_text())
        if self.seed_entry.get_text() != self.seed_text:
            self.seed_text = self.seed_entry.get_text()

    # ------------------------------------------------------------- drawing
    def draw_back(self, surface: pygame.Surface) -> None:
        super().draw_back(surface)
        s = self.scale
        title = theme.text(_("New game"), self.px(34), theme.TEXT, "bold")
        surface.blit(title, self.rect(40, 24, 0, 0).topleft)
        heading = theme.text(_("VARIANT"), self.px(14), theme.GOLD, "bold")
        surface.blit(heading, self.rect(42, 92, 0, 0).topleft)
        theme.panel(surface, self.rect(450, 80, 790, 540), theme.PANEL, self.px(16))
        bar = self.rect(0, 624, 1280, 96)
        bar.x, bar.width = 0, surface.get_width()
        bar.height = surface.get_height() - bar.y
        theme.panel(surface, bar, (6, 16, 13, 170), 0, None)
        pygame.draw.line(surface, (*theme.GOLD, 90), bar.topleft, bar.topright, max(1, round(s)))
        self._draw_description(surface)
        if self.page == "players":
            self._draw_seats(surface)

    def _draw_description(self, surface: pygame.Surface) -> None:
        """The chosen preset's name, player range, changes and description."""
        preset = self.setup.preset
        x, y = self.rect(42, 422, 0, 0).topleft
        width = self.px(378)
        name = tr(preset.name)
        if self.setup.modified:
            name = _("{name}, customised").format(name=name)
        name_width = width - (self.px(110) if self.setup.modified else 0)
        y += draw_wrapped(surface, name, (x, y), name_width, self.px(20), theme.HIGHLIGHT, "bold")
        players = _("{low} to {high} players").format(
            low=preset.min_players, high=preset.max_players
        )
        if self.setup.modified:
            changed = len(self.setup.overrides)
            note = _("{count} rule changed").format(count=changed)
            if changed != 1:
                note = _("{count} rules changed").format(count=changed)
            players = f"{players}  \u00b7  {note}"
        surface.blit(theme.text(players, self.px(14), theme.TEXT_DIM, "italic"), (x, y))
        y += self.px(24)
        bottom = self.rect(0, 616, 0, 0).y
        size = self.px(14)
        step = round(size * 1.32)
        lines = theme.wrap(tr(preset.description), size, width)
        for index, line in enumerate(lines):
            if y + 2 * step > bottom and index < len(lines) - 1:
                line = line.rstrip(".,;:") + "\u2026"
            surface.blit(theme.text(line, size, theme.TEXT), (x, y))
            y += step
            if y + step > bottom:
                break

    def draw_front(self, surface: pygame.Surface) -> None:
        self._draw_page_marks(surface)
        if self.page != "players":
            self._draw_rows(surface)
        if self.page == "bidding":
            self._draw_plain_words(surface, (_("Bidding"), _("Play")))
        self._draw_bottom(surface)
        self._draw_tooltip(surface)

    def _draw_page_marks(self, surface: pygame.Surface) -> None:
        """A red dot on each page tab holding an option involved in the problem."""
        pages = {row.page for row in self.rows if set(row.fields) & self.culprits}
        if "players" in self.culprits or any(c.startswith("seat:") for c in self.culprits):
            pages.add("players")
        for page, button in zip(PAGES, self.page_choice.buttons, strict=True):
            if page in pages:
                centre = (button.rect.right - self.px(14), button.rect.top + self.px(10))
                pygame.draw.circle(surface, theme.BAD, centre, self.px(5))

    def _draw_bottom(self, surface: pygame.Surface) -> None:
        """The deal number's label, and what is wrong or a summary of the hands."""
        label = theme.text(_("Deal #"), self.px(16), theme.TEXT, "bold")
        surface.blit(label, label.get_rect(midright=self.rect(260, 640, 0, 44).midright))
        area = self.rect(464, 632, 560, 60)
        if self.problem:
            self._draw_problem(surface, area, self.problem)
        elif self.rules is not None:
            self._draw_summary(surface, area, self.rules)

    def _draw_problem(self, surface: pygame.Surface, area: pygame.Rect, problem: str) -> None:
        """Why the game cannot start, beside a red warning sign."""
        size = self.px(14)
        lines = theme.wrap(problem, size, area.width - self.px(40), "bold")[:3]
        icon = (area.x + self.px(12), area.centery)
        draw_badge(surface, icon, self.px(10), theme.BAD, "!", self.px(15), theme.TEXT_DARK)
        self._draw_status_lines(surface, area, lines, size, WARNING_TEXT, "bold")

    def _draw_summary(self, surface: pygame.Surface, area: pygame.Rect, rules: RuleSet) -> None:
        """The hands the rules deal, beside a green tick."""
        size = self.px(14)
        summary = dict(describe(rules)).get(_("Hands"), "")
        lines = theme.wrap(summary, size, area.width - self.px(40))[:3]
        icon = (area.x + self.px(12), area.centery)
        pygame.draw.circle(surface, theme.GOOD, icon, self.px(10))
        tick = [
            (icon[0] - self.px(5), icon[1]),
            (icon[0] - self.px(1), icon[1] + self.px(4)),
            (icon[0] + self.px(5), icon[1] - self.px(4)),
        ]
        pygame.draw.lines(surface, theme.TEXT_DARK, False, tick, max(2, self.px(2)))
        self._draw_status_lines(surface, area, lines, size, theme.TEXT_DIM, "regular")

    def _draw_status_lines(
        self,
        surface: pygame.Surface,
        area: pygame.Rect,
        lines: list[str],
        size: int,
        colour: tuple[int, ...],
        weight: str,
    ) -> None:
        """Up to three lines beside the sign, centred on the area's height."""
        step = round(size * 1.28)
        y = area.centery - step * len(lines) // 2
        for line in lines:
            surface.blit(theme.text(line, size, colour, weight), (area.x + self.px(32), y))
            y += step

    def _draw_tooltip(self, surface: pygame.Surface) -> None:
        for row in self.rows:
            if row.page == self.page and row.tip and row.rect.collidepoint(self.mouse):
                draw_tooltip(surface, row.tip, (self.mouse[0], row.rect.top), self.scale)
                return


__all__ = [
    "PLAYER_LEVELS",
    "NewGameScene",
    "new_seed",
    "offered_levels",
    "quick_setup",
    "saved_setup",
]
