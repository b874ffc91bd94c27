"""New game: choose a variant or customise every rule, seat the players, deal.

The left column lists the presets with the chosen one's description. The right
panel has four pages: the players (3 to 8 seats, each human or a computer
level, with names), and the rules in three pages (the deal, bidding and play,
scoring) where every option of :class:`~game.rules.ruleset.RuleSet` can be
changed. Everything chosen is held and checked by a
:class:`~game.play.setup.NewGameSetup`: an impossible combination shows the
engine's own explanation next to the Start button, marks the rows involved and
keeps Start disabled.

This module is the scene and its frame (presets, page tabs, the bottom bar);
the pages are :class:`~game.ui.newgame.players.PlayersPage` and
:class:`~game.ui.newgame.rules.RulesPage`, and what the scene draws around
them is in :mod:`~game.ui.newgame.frame`.
"""

from __future__ import annotations

import pygame
from pygame_gui.elements import UITextEntryLine

from game.i18n import _, tr
from game.play.setup import SEED_DIGITS, NewGameSetup, remembered_setups
from game.rules.presets import PRESET_LIST
from game.ui.kit.gui import GuiScene, set_enabled, set_visible, unfocus
from game.ui.kit.scene import SceneHost
from game.ui.newgame.frame import (
    draw_description,
    draw_form_status,
    draw_frame,
    draw_page_marks,
)
from game.ui.newgame.options import bidding_lines, deal_lines, scoring_lines
from game.ui.newgame.page import Page
from game.ui.newgame.players import PlayersPage
from game.ui.newgame.rules import RulesPage
from game.ui.newgame.tips import Hover, draw_tip

PAGES = ("players", "deal", "bidding", "scoring")


class NewGameScene(GuiScene):
    """Choose the variant, customise the rules, seat the players and deal."""

    def __init__(self, app: SceneHost, asked: bool = False) -> None:
        super().__init__(app)
        self.asked = asked
        """The player agreed to replace the saved game before the form opened."""
        self.setup = NewGameSetup.remembered(app.settings)
        self.page = "players"
        self.below_presets = 396
        self.pages: dict[str, Page] = {}
        self.mouse = (-1, -1)
        self.hover = Hover()

    @property
    def players_page(self) -> PlayersPage:
        page = self.pages["players"]
        assert isinstance(page, PlayersPage)
        return page

    def rule_page(self, page: str) -> RulesPage:
        found = self.pages[page]
        assert isinstance(found, RulesPage)
        return found

    # -------------------------------------------------------------- layout
    def build(self) -> None:
        self._build_presets()
        self._build_tabs()
        changed = self.changed
        self.pages = {
            "players": PlayersPage(self, self.setup, changed),
            "deal": RulesPage(self, self.setup, changed, deal_lines()),
            "bidding": RulesPage(
                self, self.setup, changed, bidding_lines(), (_("Bidding"), _("Play"))
            ),
            "scoring": RulesPage(self, self.setup, changed, scoring_lines()),
        }
        self._build_bottom()
        self.changed()

    def _build_presets(self) -> None:
        options = [(preset.id, tr(preset.name)) for preset in PRESET_LIST]
        pitch = round(34 * (1 + (self.text - 1) / 2))  # larger letters, taller rows
        rects = [self.rect(40, 114 + i * pitch, 380, pitch - 4) for i in range(len(options))]
        self.below_presets = 114 + len(options) * pitch + 10  # the description's top
        self.preset_choice = self.choice_at(
            rects, options, self.setup.preset.id, self._choose_preset, style="listitem"
        )
        self.reset_button = self.button(
            self.rect(318, self.below_presets, 102, 28),
            _("Reset"),
            self._reset_rules,
            style="ghost",
            tooltip=_("Forget the changes and use the preset's rules."),
        )

    def _build_tabs(self) -> None:
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
            self.rect(268, 640, 190, 44),
            self.manager,
            initial_text=self.setup.seed_text,
            placeholder_text=_("new deal"),
        )
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(SEED_DIGITS)
        self.button(
            self.rect(464, 640, 62, 44),
            _("New"),
            self._roll_seed,
            style="ghost",
            tooltip=_(
                "A new deal every game. To play a deal again, type its number: "
                "the same number deals the same cards."
            ),
        )
        self.start_button = self.button(
            self.rect(1040, 636, 200, 52), _("Start game"), self.start, style="primary"
        )

    # ------------------------------------------------------------- actions
    def changed(self) -> None:
        """The setup changed: bring every control up to date."""
        if self.manager is None or not self.pages:
            return
        for page in self.pages.values():
            page.refresh()
        self.preset_choice.set(self.setup.preset.id)
        set_enabled(self.start_button, self.setup.rules is not None)
        set_visible(self.reset_button, self.setup.changes > 0)
        self.show_page()

    def show_page(self, page: str | None = None) -> None:
        """Show ``page`` (or the current page again)."""
        if page is not None:
            self.page = page
        for name, shown in self.pages.items():
            shown.show(name == self.page)
        if self.pages:
            self.page_choice.set(self.page)

    def _choose_preset(self, preset_id: str) -> None:
        self.setup.choose_preset(preset_id)
        self.changed()

    def _reset_rules(self) -> None:
        self.setup.reset_rules()
        self.changed()

    def _roll_seed(self) -> None:
        self.setup.roll_seed()
        self.seed_entry.set_text(self.setup.seed_text)

    def start(self) -> None:
        """Deal: remember the setup for Quick game and go to the table."""
        deal = self.setup.deal()
        if deal is None:
            return

        def start() -> None:
            self.app.store.update(**remembered_setups(deal.rules, deal.players))
            self.app.start_game(deal.rules, deal.seed, deal.players)

        if self.asked:
            start()
        else:
            self.app.ask_before_replacing(start)

    # -------------------------------------------------------------- events
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.mouse = event.pos
        super().handle_event(event)

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        typing = self.players_page.typing or self.seed_entry.is_focused
        if event.key == pygame.K_ESCAPE:
            if typing:
                self.players_page.stop_typing()
                unfocus(self.seed_entry)
            else:
                self.app.pop()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not typing:
            self.start()

    def update(self, dt: float) -> None:
        super().update(dt)
        page = self.pages.get(self.page)
        self.hover.update(page.tip_at(self.mouse) if page else None, dt)

    def poll(self) -> None:
        if not self.pages:
            return
        self.pages[self.page].poll()
        if self.seed_entry.get_text() != self.setup.seed_text:
            self.setup.set_seed(self.seed_entry.get_text())

    # ------------------------------------------------------------- drawing
    def draw_back(self, surface: pygame.Surface) -> None:
        super().draw_back(surface)
        draw_frame(surface, self)
        draw_description(surface, self, self.setup, self.below_presets)

    def draw_front(self, surface: pygame.Surface) -> None:
        if not self.pages:
            return
        involved = [name for name, page in self.pages.items() if page.involved()]
        draw_page_marks(surface, self, self.page_choice.buttons, PAGES, involved)
        self.pages[self.page].draw(surface)
        draw_form_status(surface, self, self.setup)
        tip = self.hover.shown
        if tip is not None:
            draw_tip(surface, tip, self.rect(450, 0, 0, 0).x - self.px(8), self.scale * self.text)
