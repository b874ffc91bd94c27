"""The privacy curtain for hotseat games: hides every hand until the next player is ready."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.ui.cards.art import card_art
from game.ui.kit import theme
from game.ui.kit.scene import Scene
from game.ui.table import sprites

if TYPE_CHECKING:
    from game.ui.kit.scene import Host

ARM_DELAY = 0.3
"""Seconds before the curtain accepts a click, so a double click cannot pass through it."""


READY_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class CurtainOverlay(Scene):
    """ "Pass to Anna — click when ready": an opaque screen that hides the table."""

    opaque = True

    def __init__(self, app: Host, name: str, on_ready: Callable[[], None], note: str = "") -> None:
        super().__init__(app)
        self.name = name
        self.on_ready = on_ready
        self.note = note
        self.message = _("Pass to {name} — click when ready").format(name=name)
        self.age = 0.0
        self.done = False
        self._pressed = False
        self._background: pygame.Surface | None = None

    def resize(self, size: tuple[int, int]) -> None:
        self._background = None

    def update(self, dt: float) -> None:
        self.age += dt

    @property
    def busy(self) -> bool:
        return self.age < 1.0

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.age < ARM_DELAY:
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._pressed = True
            return
        released = event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._pressed
        if released or (event.type == pygame.KEYDOWN and event.key in READY_KEYS):
            self.ready()

    def ready(self) -> None:
        """The named player is at the screen: lift the curtain."""
        if self.done:
            return
        self.done = True
        if self.app.top is self:
            self.app.pop()
        self.on_ready()

    def draw(self, surface: pygame.Surface) -> None:
        if self._background is None or self._background.get_size() != surface.get_size():
            self._background = self._render(surface.get_size())
        surface.blit(self._background, (0, 0))

    def _render(self, size: tuple[int, int]) -> pygame.Surface:
        u = theme.scale_for(size)

        def px(value: float) -> int:
            return max(1, round(value * u))

        out = theme.felt(size).copy()
        out.blit(theme.rounded_rect(size, (4, 14, 11, 150), 0), (0, 0))
        width, height = size
        panel = pygame.Rect(0, 0, px(560), px(330 if self.note else 300))
        panel.center = (width // 2, height // 2)
        spread = px(12)
        out.blit(
            sprites.soft_shadow(panel.size, px(22), spread, 160),
            (panel.x - 2 * spread, panel.y - 2 * spread + spread // 2),
        )
        out.blit(
            theme.rounded_rect(panel.size, (12, 30, 25, 245), px(22), (*theme.GOLD, 150)), panel
        )
        art = card_art(px(54))
        backs = 5
        step = px(26)
        left = panel.centerx - (art.width + step * (backs - 1)) // 2
        for index in range(backs):
            out.blit(art.back(), (left + index * step, panel.y + px(30) + abs(index - 2) * px(4)))
        y = panel.y + px(30) + art.height + px(26)
        title = theme.text(
            _("Pass to {name}").format(name=self.name), max(16, px(34)), theme.GOLD, "bold"
        )
        out.blit(title, title.get_rect(midtop=(panel.centerx, y)))
        y += title.get_height() + px(6)
        sub = theme.text(_("Click when ready"), max(12, px(18)), theme.TEXT)
        out.blit(sub, sub.get_rect(midtop=(panel.centerx, y)))
        y += sub.get_height() + px(14)
        if self.note:
            for line in theme.wrap(self.note, max(11, px(14)), panel.width - px(60)):
                label = theme.text(line, max(11, px(14)), theme.TEXT_DIM)
                out.blit(label, label.get_rect(midtop=(panel.centerx, y)))
                y += label.get_height()
        hint = theme.text(_("Every hand stays hidden until then."), max(11, px(13)), theme.TEXT_DIM)
        out.blit(hint, hint.get_rect(midbottom=(panel.centerx, panel.bottom - px(18))))
        return out
