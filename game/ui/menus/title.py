"""The title screen: the name of the game over a fan of cards, and the main menu.

Continue (when a readable game is saved), New game, Quick game (the last setup
in one click), Settings, Rules and Quit. Cards drift slowly across the felt
behind everything. A problem with the player's files (settings reset, a saved
game that cannot be read, folders that cannot be written) is shown once in a
banner at the bottom.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game import __version__
from game.i18n import _, clip, ngettext, tr
from game.rules.cards import PACK, Card
from game.rules.errors import RecordError
from game.rules.presets import preset_for
from game.saves import load_record_file
from game.ui.cards.art import card_art
from game.ui.kit import routes, theme
from game.ui.kit.gui import GuiScene, draw_wrapped, wrapped_height
from game.ui.kit.widgets import draw_badge

if TYPE_CHECKING:
    from game.ui.kit.scene import Host

FAN = ("TD", "JC", "QH", "KS", "AH")
"""The cards fanned above the title, left to right."""

DRIFTERS = 11
MAX_MESSAGE = 900
"""The longest banner message (each part is already cut shorter)."""


@dataclass
class Drifter:
    """A card floating slowly across the table."""

    card: Card
    face_up: bool
    x: float
    y: float
    angle: float
    speed: float
    spin: float
    size: float


class TitleScene(GuiScene):
    """The main menu."""

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.time = 0.0
        problems = [app.store.problem, self._check_save()]
        app.store.problem = None  # shown once
        self.message: str | None = clip("\n".join(p for p in problems if p), MAX_MESSAGE) or None
        rng = random.Random(11)
        self.drifters = [
            Drifter(
                card=rng.choice(PACK),
                face_up=rng.random() < 0.6,
                x=rng.random(),
                y=rng.random(),
                angle=rng.uniform(0, 360),
                speed=rng.uniform(0.008, 0.02),
                spin=rng.uniform(-9, 9),
                size=rng.choice((0.6, 0.72, 0.85)),
            )
            for _ in range(DRIFTERS)
        ]
        self.buttons: dict[str, object] = {}
        self._built_for: tuple[object, ...] = ()
        self._drifter_cache: dict[int, tuple[tuple[int, int, int, bool], pygame.Surface]] = {}
        self._fan_cache: tuple[tuple[int, int, bool], pygame.Surface, tuple[int, int]] | None = None

    def _check_save(self) -> str | None:
        """Read the saved game once; if it cannot be read, it is kept aside (and no
        longer offered) and the returned message says so."""
        if not self.app.has_saved_game():
            return None
        try:
            load_record_file(self.app.autosave_path)
        except (OSError, RecordError) as error:
            return self.app.set_aside_save(error)
        return None

    # ------------------------------------------------------------- actions
    def continue_game(self) -> None:
        problem = self.app.continue_game()
        if problem:
            self.message = clip(problem, MAX_MESSAGE)
            self.rebuild()

    def new_game(self) -> None:
        self.app.open(routes.NewGame())

    def quick_game(self) -> None:
        from game.play.setup import new_seed, quick_setup

        rules, players = quick_setup(self.app.settings)
        self.app.start_game(rules, new_seed(), players)

    def settings(self) -> None:
        self.app.open(routes.Settings())

    def rules(self) -> None:
        self.app.open(routes.Rules())

    def dismiss(self) -> None:
        self.message = None
        self.rebuild()

    def _menu_state(self) -> tuple[object, ...]:
        settings = self.app.settings
        return (self.app.has_saved_game(), settings.language, repr(settings.last_setup))

    def enter(self) -> None:
        # Coming back (from settings or a new game): the menu may have changed.
        if self.manager is not None and self._built_for != self._menu_state():
            self.rebuild()

    # -------------------------------------------------------------- layout
    def quick_summary(self) -> str:
        from game.play.setup import quick_setup

        rules, players = quick_setup(self.app.settings)
        preset = preset_for(rules)
        name = tr(preset.name) if preset else _("Custom rules")
        computers = sum(1 for player in players if player.kind != "human")
        return ngettext(
            "{name}: {players} players, {computers} of them a computer.",
            "{name}: {players} players, {computers} of them computers.",
            computers,
        ).format(name=name, players=rules.players, computers=computers)

    def build(self) -> None:
        self._built_for = self._menu_state()
        saved = self.app.has_saved_game()
        entries = []
        if saved:
            entries.append(("continue", _("Continue"), self.continue_game, "primary"))
        entries += [
            ("new", _("New game"), self.new_game, "menu" if saved else "primary"),
            ("quick", _("Quick game"), self.quick_game, "menu"),
            ("settings", _("Settings"), self.settings, "menu"),
            ("rules", _("Rules"), self.rules, "menu"),
            ("quit", _("Quit"), self.app.quit, "menu"),
        ]
        height, gap = 52, 14
        top = 360 - (len(entries) * (height + gap) - gap) // 2 + 20
        self.menu_panel = self.rect(820, top - 30, 360, len(entries) * (height + gap) - gap + 60)
        self.buttons = {}
        for index, (key, label, action, style) in enumerate(entries):
            tip = self.quick_summary() if key == "quick" else None
            self.buttons[key] = self.button(
                self.rect(850, top + index * (height + gap), 300, height),
                label,
                action,
                style=style,
                tooltip=tip,
            )
        self.banner: pygame.Rect | None = None
        if self.message:
            area = self.rect(100, 0, 1080, 0)
            height = wrapped_height(self.message, self.px(15), self._banner_width(area))
            area.height = max(height + self.px(24), self.px(52))
            area.bottom = self.rect(0, 700, 0, 0).y
            self.banner = area
            self.buttons["dismiss"] = self.button(
                pygame.Rect(
                    area.right - self.px(90), area.centery - self.px(17), self.px(76), self.px(34)
                ),
                _("OK"),
                self.dismiss,
                style="ghost",
            )

    def _banner_width(self, area: pygame.Rect) -> int:
        return area.width - self.px(150)

    # -------------------------------------------------------------- events
    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.message:
                self.dismiss()
            elif self.app.has_saved_game():
                self.continue_game()
            else:
                self.new_game()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.time += dt
        for card in self.drifters:
            card.x += card.speed * dt
            card.y -= card.speed * 0.6 * dt
            card.angle += card.spin * dt
            if card.x > 1.15 or card.y < -0.15:
                card.x -= 1.3
                card.y += 1.3 * 0.6
                card.y %= 1.3

    # ------------------------------------------------------------- drawing
    def draw_back(self, surface: pygame.Surface) -> None:
        super().draw_back(surface)
        self._draw_drifters(surface)
        self._draw_fan(surface)
        self._draw_title(surface)
        theme.panel(surface, self.menu_panel, (8, 20, 17, 190), self.px(20))
        self._draw_banner(surface)

    def _drifter_image(self, index: int, drifter: Drifter) -> pygame.Surface:
        """The drifter turned to its angle (re-rendered only every couple of degrees)."""
        step = round(drifter.angle / 2.0) % 180
        key = (index, step, self.px(96 * drifter.size), self.app.settings.four_colour)
        cached = self._drifter_cache.get(index)
        if cached is not None and cached[0] == key:
            return cached[1]
        art = card_art(max(8, key[2]), key[3])
        image = art.face(drifter.card) if drifter.face_up else art.back()
        image = pygame.transform.rotozoom(image, step * 2.0, 1.0)
        image.set_alpha(46 + (index % 3) * 12)
        self._drifter_cache[index] = (key, image)
        return image

    def _draw_drifters(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        for index, drifter in enumerate(self.drifters):
            image = self._drifter_image(index, drifter)
            x = (drifter.x * 1.3 - 0.15) * width
            y = (drifter.y - 0.15) * height
            surface.blit(image, image.get_rect(center=(round(x), round(y))))

    def _draw_fan(self, surface: pygame.Surface) -> None:
        """The fan of cards above the title, breathing gently (rendered in steps)."""
        phase = round((math.sin(self.time * 0.9) + 1) * 8)
        key = (phase, self.px(118), self.app.settings.four_colour)
        if self._fan_cache is None or self._fan_cache[0] != key:
            image, pivot = self._render_fan(1.0 + 0.05 * (phase / 8 - 1), key[1], key[2])
            self._fan_cache = (key, image, pivot)
        _, image, pivot = self._fan_cache
        anchor = self.rect(420, 398, 0, 0).topleft
        surface.blit(image, (anchor[0] - pivot[0], anchor[1] - pivot[1]))

    def _render_fan(
        self, breath: float, width: int, four_colour: bool
    ) -> tuple[pygame.Surface, tuple[int, int]]:
        art = card_art(width, four_colour)
        size = self.px(620)
        canvas = pygame.Surface((size, size), pygame.SRCALPHA)
        pivot = (size // 2, size - self.px(40))
        count = len(FAN)
        radius = self.px(250)
        offset = self.px(6)
        for index, code in enumerate(FAN):
            spread = (index - (count - 1) / 2) * 14.0 * breath
            image = pygame.transform.rotozoom(art.face(Card.parse(code)), -spread, 1.0)
            shadow = pygame.transform.rotozoom(art.blank(), -spread, 1.0)
            shadow.fill((0, 0, 0, 80), special_flags=pygame.BLEND_RGBA_MIN)
            angle = math.radians(spread)
            centre = (
                pivot[0] + radius * math.sin(angle),
                pivot[1] - radius * math.cos(angle) + self.px(5) * abs(index - 2),
            )
            canvas.blit(shadow, shadow.get_rect(center=(centre[0] + offset, centre[1] + offset)))
            canvas.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))
        return canvas, pivot

    def _draw_title(self, surface: pygame.Surface) -> None:
        centre_x = self.rect(420, 0, 0, 0).x
        y = self.rect(0, 372, 0, 0).y
        size = self.px(112)
        title = _("Oh Hell")
        for dx, dy, colour in (
            (0, self.px(6), (0, 0, 0, 110)),
            (0, self.px(3), theme.GOLD_DARK),
        ):
            shade = theme.text(title, size, colour[:3], "bold")
            if len(colour) == 4:
                shade = shade.copy()
                shade.set_alpha(colour[3])
            surface.blit(shade, shade.get_rect(midtop=(centre_x + dx, y + dy)))
        face = theme.text(title, size, theme.GOLD, "bold")
        rect = face.get_rect(midtop=(centre_x, y))
        surface.blit(face, rect)
        shine = theme.text(title, size, theme.HIGHLIGHT, "bold").copy()
        mask = pygame.Surface(shine.get_size(), pygame.SRCALPHA)
        band = shine.get_height() * 0.48
        pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, shine.get_width(), band))
        shine.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surface.blit(shine, rect)
        tagline = _("and the whole family of trick-taking games")
        line = theme.text(tagline, self.px(21), theme.TEXT_DIM, "italic")
        surface.blit(line, line.get_rect(midtop=(centre_x, rect.bottom - self.px(8))))
        rule_y = rect.bottom + line.get_height() + self.px(6)
        half = self.px(150)
        pygame.draw.line(
            surface,
            (*theme.GOLD, 120),
            (centre_x - half, rule_y),
            (centre_x + half, rule_y),
            max(1, self.px(1.5)),
        )
        for dx in (-half, half):
            pygame.draw.circle(surface, theme.GOLD, (centre_x + dx, rule_y), self.px(3))

    def draw_front(self, surface: pygame.Surface) -> None:
        version = theme.text(f"v{__version__}", self.px(14), theme.TEXT_DIM)
        surface.blit(
            version,
            version.get_rect(
                bottomright=(surface.get_width() - self.px(16), surface.get_height() - self.px(12))
            ),
        )

    def _draw_banner(self, surface: pygame.Surface) -> None:
        if self.banner is None or self.message is None:
            return
        area = self.banner
        theme.panel(surface, area, (52, 20, 16, 235), self.px(12), (*theme.BAD, 200))
        icon = (area.x + self.px(24), area.centery)
        draw_badge(surface, icon, self.px(11), theme.BAD, "!", self.px(16), theme.TEXT)
        size = self.px(15)
        width = self._banner_width(area)
        height = wrapped_height(self.message, size, width)
        draw_wrapped(
            surface, self.message, (area.x + self.px(48), area.centery - height // 2), width, size
        )
