"""The pause menu, over a dimmed table: resume, the score sheet, the rules of this
game, settings, save and leave, quit. The game is saved after every action, so
leaving loses nothing: Continue on the title screen picks it up again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.play.contract import KeptSession, TakeBackSession
from game.ui.kit import routes, theme
from game.ui.kit.gui import GuiScene, veil
from game.ui.kit.layers import Layer
from game.ui.menus.summary import variant_name

if TYPE_CHECKING:
    from game.play.contract import TableSession
    from game.ui.kit.scene import SceneHost


class PauseOverlay(GuiScene):
    """The in-game menu (Esc)."""

    opaque = False
    layer = Layer.DIALOG

    def __init__(self, app: SceneHost, session: TableSession) -> None:
        super().__init__(app)
        self.session = session
        self.take_backs = session if isinstance(session, TakeBackSession) else None
        self.keeping = session if isinstance(session, KeptSession) else None
        """What the session can do besides the game (None where it cannot)."""
        self.head = 0

    # ------------------------------------------------------------- actions
    def resume(self) -> None:
        self.app.pop()

    def take_back(self) -> None:
        """Undo the last action of this hand; the table shows it when it is on top again."""
        if self.take_backs is not None:
            self.take_backs.take_back()
        self.app.pop()

    def score_sheet(self) -> None:
        self.app.open(routes.ScoreSheet(self.session))

    def rules(self) -> None:
        self.app.open(routes.Rules(self.session.rules))

    def settings(self) -> None:
        self.app.open(routes.SettingsMenu())

    def leave(self) -> None:
        """Back to the title; the autosave keeps the game for Continue (at a joined seat
        the host keeps it, and the seat is kept for Rejoin)."""
        if self.keeping is not None:
            self.keeping.save()
        self.app.switch(routes.Title())

    # -------------------------------------------------------------- layout
    def _take_back_entry(self) -> list[tuple[str, Callable[[], None], str | None, str | None]]:
        if self.take_backs is None or not self.take_backs.can_take_back():
            return []
        return [(_("Take back"), self.take_back, None, _("Ctrl+Z"))]

    def _leave_words(self) -> str:
        """Save and leave where this screen keeps the game; Leave at a joined seat (the
        host keeps it)."""
        return _("Save and leave") if self.keeping is not None else _("Leave")

    def build(self) -> None:
        entries = [
            (_("Resume"), self.resume, "primary", _("Esc")),
            *self._take_back_entry(),
            (_("Score sheet"), self.score_sheet, None, _("Tab")),
            (_("Rules of this game"), self.rules, None, None),
            (_("Settings"), self.settings, None, None),
            (self._leave_words(), self.leave, None, None),
            (_("Quit"), self.app.quit, None, None),
        ]
        self.head = round((self.text - 1) * 100)  # room for the heading's larger letters
        top, height, gap = 232 + self.head, 48, 12
        panel_height = 150 + self.head + len(entries) * (height + gap) + 10
        self.panel = self.rect(440, 84, 400, panel_height)
        self.buttons = {}
        for index, (label, action, style, _key) in enumerate(entries):
            self.buttons[label] = self.button(
                self.rect(480, top + index * (height + gap), 320, height),
                label,
                action,
                style=style or "menu",
            )

    # -------------------------------------------------------------- events
    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_p):
                self.resume()
            elif event.key == pygame.K_TAB:
                self.score_sheet()
        elif (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and not self.panel.collidepoint(event.pos)
        ):
            self.resume()

    # ------------------------------------------------------------- drawing
    def draw_back(self, surface: pygame.Surface) -> None:
        surface.blit(veil(surface.get_size(), 150), (0, 0))
        shadow = self.panel.move(0, self.px(8)).inflate(self.px(10), self.px(10))
        theme.panel(surface, shadow, (0, 0, 0, 90), self.px(24), None)
        theme.panel(surface, self.panel, (10, 24, 20, 255), self.px(20), (*theme.GOLD, 90))
        title = theme.text(_("Paused"), self.tx(36), theme.HIGHLIGHT, "bold")
        surface.blit(title, title.get_rect(midtop=(self.panel.centerx, self.rect(0, 108, 0, 0).y)))
        lines = [variant_name(self.session.rules), self._progress()]
        y = self.rect(0, 164 + self.head // 2, 0, 0).y
        for index, line in enumerate(lines):
            colour = theme.TEXT if index == 0 else theme.TEXT_DIM
            text = theme.text(
                line, self.tx(16 if index == 0 else 14), colour, "bold" if index == 0 else "regular"
            )
            surface.blit(text, text.get_rect(midtop=(self.panel.centerx, y)))
            y += text.get_height() + self.px(2)
        line_y = max(self.rect(0, 216 + self.head, 0, 0).y, y + self.px(4))
        half = self.px(120)
        pygame.draw.line(
            surface,
            (*theme.GOLD, 90),
            (self.panel.centerx - half, line_y),
            (self.panel.centerx + half, line_y),
        )

    def _progress(self) -> str:
        """``Hand 3 of 19 · Deal #7``."""
        number = max(1, self.session.public().hand_number)
        count = self.session.rules.hand_count()
        if count is None:
            hand = _("Hand {number}").format(number=number)
        else:
            hand = _("Hand {number} of {count}").format(number=min(number, count), count=count)
        seed = self.session.deal_number
        if seed is None:  # a host keeps it until the game is over
            return hand
        return f"{hand}  \u00b7  " + _("Deal #{seed}").format(seed=seed)

    def draw_front(self, surface: pygame.Surface) -> None:
        hints = {_("Resume"): _("Esc"), _("Take back"): _("Ctrl+Z"), _("Score sheet"): _("Tab")}
        for label, key in hints.items():
            button = self.buttons.get(label)
            if button is None:
                continue
            text = theme.text(key, self.tx(12), theme.TEXT_DIM, "bold")
            box = text.get_rect(midright=(button.rect.right - self.px(12), button.rect.centery))
            dark = label == _("Resume")
            colour = theme.TEXT_DARK if dark else theme.TEXT_DIM
            text = theme.text(key, self.tx(12), colour, "bold")
            frame = box.inflate(self.px(10), self.px(4))
            pygame.draw.rect(surface, colour, frame, max(1, self.px(1)), border_radius=self.px(4))
            surface.blit(text, box)
