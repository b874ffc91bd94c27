"""A small question over any screen: do something that cannot be undone, or not.

Every path that would start a new game over the saved one asks first
(``App.ask_before_replacing``: the title's New game and Quick game, Same deals again
from the kept games, Play again and New game after a game). The safe answer is the
highlighted one: Enter, Esc or a click beside the box keeps things as they are.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.ui.kit import theme
from game.ui.kit.gui import GuiScene, draw_wrapped, veil, wrapped_height
from game.ui.kit.layers import Layer

if TYPE_CHECKING:
    from game.ui.kit.scene import SceneHost

WIDTH = 600
"""The box's width on the 1280x720 design canvas."""
BODY_SIZE = 16


class ConfirmOverlay(GuiScene):
    """A question with two answers: go ahead (``yes``) or leave things be (``no``)."""

    opaque = False
    layer = Layer.DIALOG

    def __init__(
        self,
        app: SceneHost,
        question: str,
        detail: str,
        answers: tuple[str, str],
        on_yes: Callable[[], None],
    ) -> None:
        super().__init__(app)
        self.question = question
        self.detail = detail
        self.answers = answers
        self.on_yes = on_yes
        self.panel = pygame.Rect(0, 0, 0, 0)

    # ------------------------------------------------------------- actions
    def yes(self) -> None:
        """Close the question and do the thing asked about."""
        self.app.remove(self)
        self.on_yes()

    def no(self) -> None:
        self.app.remove(self)

    # -------------------------------------------------------------- layout
    def build(self) -> None:
        body = wrapped_height(self.detail, self.tx(BODY_SIZE), self._text_width())
        height = round((84 + 32 + 46 + 28) * self.scale) + body
        self.panel = self.rect(640 - WIDTH // 2, 0, WIDTH, 0)
        self.panel.height = height
        self.panel.centery = self.size[1] // 2
        bottom = self.panel.bottom - self.px(28)
        yes_label, no_label = self.answers
        half = self.panel.centerx
        self.yes_button = self.button(
            pygame.Rect(half - self.px(190), bottom - self.px(46), self.px(180), self.px(46)),
            yes_label,
            self.yes,
            style="menu",
        )
        self.no_button = self.button(
            pygame.Rect(half + self.px(10), bottom - self.px(46), self.px(180), self.px(46)),
            no_label,
            self.no,
            style="primary",
        )

    def _text_width(self) -> int:
        return self.px(WIDTH - 64)

    # -------------------------------------------------------------- events
    def on_event(self, event: pygame.event.Event) -> None:
        keep_keys = (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER)
        pressed = event.type == pygame.KEYDOWN and event.key in keep_keys
        beside = (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and not self.panel.collidepoint(event.pos)
        )
        if pressed or beside:
            self.no()

    # ------------------------------------------------------------- drawing
    def draw_back(self, surface: pygame.Surface) -> None:
        surface.blit(veil(surface.get_size(), 150), (0, 0))
        shadow = self.panel.move(0, self.px(8)).inflate(self.px(10), self.px(10))
        theme.panel(surface, shadow, (0, 0, 0, 90), self.px(20), None)
        theme.panel(surface, self.panel, (10, 24, 20, 255), self.px(16), (*theme.GOLD, 110))
        left = self.panel.x + self.px(32)
        title = theme.text(self.question, self.tx(24), theme.HIGHLIGHT, "bold")
        surface.blit(title, (left, self.panel.y + self.px(26)))
        draw_wrapped(
            surface,
            self.detail,
            (left, self.panel.y + self.px(84)),
            self._text_width(),
            self.tx(BODY_SIZE),
            theme.TEXT,
        )
