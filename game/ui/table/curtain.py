"""The privacy curtain for hotseat games: hides every hand until the next player is ready.

:class:`Hotseat` decides when the screen must pass to another player.
:class:`CurtainOverlay` is the opaque screen shown meanwhile. It lifts only on a
deliberate action begun once it is armed (:data:`ARM_DELAY` after it is fully
shown): a click on the button that names the player, or Enter or Space pressed
and released. A press that began earlier (a click that skipped the last card's
flight, a key still held) is ignored, press and release alike. Esc opens the
pause menu over the curtain, which stays down.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.ui.cards.art import card_art
from game.ui.kit import theme
from game.ui.kit.layers import Layer
from game.ui.kit.scene import Scene
from game.ui.kit.widgets import Button
from game.ui.table import sprites
from game.ui.table.text import called_you

if TYPE_CHECKING:
    from game.ui.kit.scene import SceneHost

ARM_DELAY = 0.6
"""Seconds the curtain is shown, on top, before it accepts a press."""

READY_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


@dataclass
class Hotseat:
    """Several humans share the screen: who may look at it now."""

    on: bool
    """More than one human plays at this screen."""
    confirmed: bool
    """The player at the screen has lifted a curtain for their seat (always True
    without a hotseat)."""

    @classmethod
    def for_humans(cls, humans: int) -> Hotseat:
        return cls(on=humans >= 2, confirmed=humans < 2)

    def pass_to(self, human_to_act: int | None, viewer: int) -> int | None:
        """The seat the screen must pass to before the game goes on, or None."""
        if not self.on:
            return None
        if not self.confirmed:
            return human_to_act if human_to_act is not None else viewer
        if human_to_act is not None and human_to_act != viewer:
            return human_to_act
        return None

    def passed(self) -> None:
        """The named player lifted the curtain."""
        self.confirmed = True


class CurtainOverlay(Scene):
    """ "Pass to Anna": an opaque screen that hides the table, with a button
    "Show Anna's hand" that arms after a moment."""

    opaque = True
    layer = Layer.CURTAIN

    def __init__(
        self,
        app: SceneHost,
        name: str,
        on_ready: Callable[[], None],
        note: str = "",
        on_menu: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(app)
        self.name = name
        self.on_ready = on_ready
        self.on_menu = on_menu
        self.note = note
        self.age = 0.0
        """Seconds shown on top since it last became the top scene."""
        self.done = False
        self.button = Button(pygame.Rect(0, 0, 1, 1), "", self.ready, primary=True)
        self._keys: set[int] = set()
        """Ready keys pressed since the curtain armed (lifted on their release)."""
        self._background: pygame.Surface | None = None

    @property
    def armed(self) -> bool:
        return self.age >= ARM_DELAY

    def resize(self, size: tuple[int, int]) -> None:
        self._background = None
        u = theme.scale_for(size)
        panel = _panel(size, u, self.note)
        height = round(46 * u)
        room, pad = panel.width - round(60 * u), round(24 * u)
        points = max(12, int(height * 0.42))  # as the button draws its label
        mine = called_you(self.name)
        label = _("Show your hand") if mine else _("Show {name}'s hand").format(name=self.name)
        self.button.label = sprites.fit_text(label, points, room - 2 * pad, "bold")
        needed = theme.font(points, "bold").size(self.button.label)[0] + 2 * pad
        self.button.rect = pygame.Rect(0, 0, max(round(280 * u), needed), height)
        self.button.rect.midbottom = (panel.centerx, panel.bottom - round(50 * u))

    def enter(self) -> None:
        """On top again (a menu over it was closed): arm afresh."""
        self.age = 0.0
        self._keys.clear()
        self.button.pressed = self.button.hovered = False

    def update(self, dt: float) -> None:
        if self.app.top is self:
            self.age += dt

    @property
    def busy(self) -> bool:
        return self.age < 1.0

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> None:
        kind = event.type
        if kind == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.on_menu is not None:
                self.on_menu()
        elif kind == pygame.KEYDOWN and event.key in READY_KEYS:
            if self.armed:
                self._keys.add(event.key)
        elif kind == pygame.KEYUP and event.key in self._keys:
            self.ready()
        elif kind == pygame.MOUSEMOTION:
            self.button.handle_event(event)
        elif kind == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.armed:
                self.button.handle_event(event)
        elif kind == pygame.MOUSEBUTTONUP and event.button == 1:
            self.button.handle_event(event)  # lifts only if the press came once armed

    def ready(self) -> None:
        """The named player is at the screen: lift the curtain."""
        if self.done:
            return
        self.done = True
        if self.app.top is self:
            self.app.pop()
        self.on_ready()

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        if self._background is None or self._background.get_size() != surface.get_size():
            self._background = self._render(surface.get_size())
        surface.blit(self._background, (0, 0))
        self.button.primary = self.armed  # lit once it will answer
        self.button.draw(surface, theme.scale_for(surface.get_size()))

    def _render(self, size: tuple[int, int]) -> pygame.Surface:
        u = theme.scale_for(size)

        def px(value: float) -> int:
            return max(1, round(value * u))

        out = theme.felt(size).copy()
        out.blit(theme.rounded_rect(size, (4, 14, 11, 150), 0), (0, 0))
        panel = _panel(size, u, self.note)
        spread = px(12)
        out.blit(
            sprites.soft_shadow(panel.size, px(22), spread, 160),
            (panel.x - 2 * spread, panel.y - 2 * spread + spread // 2),
        )
        out.blit(
            theme.rounded_rect(panel.size, (12, 30, 25, 255), px(22), (*theme.GOLD, 150)), panel
        )
        art = card_art(px(54))
        step = px(26)
        left = panel.centerx - (art.width + step * 4) // 2
        for index in range(5):
            out.blit(art.back(), (left + index * step, panel.y + px(30) + abs(index - 2) * px(4)))
        y = panel.y + px(30) + art.height + px(26)
        points, room = max(16, px(34)), panel.width - px(60)
        words = sprites.fit_text(_("Pass to {name}").format(name=self.name), points, room, "bold")
        title = theme.text(words, points, theme.GOLD, "bold")
        out.blit(title, title.get_rect(midtop=(panel.centerx, y)))
        y += title.get_height() + px(6)
        sub = theme.text(_("Press Enter or the button when ready."), max(12, px(16)), theme.TEXT)
        out.blit(sub, sub.get_rect(midtop=(panel.centerx, y)))
        y += sub.get_height() + px(14)
        if self.note:
            for line in theme.wrap(self.note, max(11, px(14)), panel.width - px(60)):
                label = theme.text(line, max(11, px(14)), theme.TEXT_DIM)
                out.blit(label, label.get_rect(midtop=(panel.centerx, y)))
                y += label.get_height()
        hint = _("Every hand stays hidden until then.")
        label = theme.text(hint, max(11, px(13)), theme.TEXT_DIM)
        out.blit(label, label.get_rect(midbottom=(panel.centerx, panel.bottom - px(18))))
        return out


def _panel(size: tuple[int, int], u: float, note: str) -> pygame.Rect:
    """The curtain's centred panel (taller with a note)."""
    panel = pygame.Rect(0, 0, round(560 * u), round((380 if note else 350) * u))
    panel.center = (size[0] // 2, size[1] // 2)
    return panel
