"""Behind the title screen's menu: cards drifting across the felt, a fan of cards
breathing gently, and the name of the game in gold.

The cards' pictures (up to 17 faces, backs and the fan's outline, ~40 ms) are not
drawn for the first frame, which shows the felt, the title and the menu at once: they
are rendered a few at a time in the frames after it, and each card fades in when its
picture is ready.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

import pygame

from game.i18n import _
from game.rules.cards import PACK, Card
from game.ui.cards.art import card_art
from game.ui.kit import theme
from game.ui.kit.gui import GuiScene

FAN = ("TD", "JC", "QH", "KS", "AH")
"""The cards fanned above the title, left to right."""

DRIFTERS = 11
PREPARE_BUDGET = 0.004
"""Seconds a frame may spend rendering the cards' pictures (at least one is rendered)."""
CARD_FADE_IN = 0.4
"""Seconds a card takes to fade in once its picture is ready."""

Picture = tuple[int, bool, str]
"""A card picture the backdrop needs: art width, four colours, and a card's code,
``back`` or ``blank``."""


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


class Backdrop:
    """The moving picture behind ``scene``'s menu (laid out on its design canvas)."""

    def __init__(self, scene: GuiScene) -> None:
        self.scene = scene
        self.time = 0.0
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
        self._drifter_cache: dict[int, tuple[tuple[int, int, int, bool], pygame.Surface]] = {}
        self._fan_cache: tuple[tuple[int, int, bool], pygame.Surface, tuple[int, int]] | None = None
        self._look = theme.generation
        self._drawn = False
        """Whether a frame has been drawn (the first is drawn without the cards)."""
        self._shown: dict[Picture, float] = {}
        """Each picture rendered, with the seconds since it was (its fade-in)."""

    def update(self, dt: float) -> None:
        """Drift the cards on (and round again once they leave the window)."""
        self.time += dt
        for picture in self._shown:
            self._shown[picture] += dt
        for card in self.drifters:
            card.x += card.speed * dt
            card.y -= card.speed * 0.6 * dt
            card.angle += card.spin * dt
            if card.x > 1.15 or card.y < -0.15:
                card.x -= 1.3
                card.y += 1.3 * 0.6
                card.y %= 1.3

    def draw(self, surface: pygame.Surface) -> None:
        """The drifting cards, the fan and the title, over the felt."""
        if self._drawn:
            self._prepare(time.perf_counter() + PREPARE_BUDGET)
        self._drawn = True
        if self._look != theme.generation:  # another back or palette: draw them anew
            self._look = theme.generation
            self._drifter_cache.clear()
        self._draw_drifters(surface)
        self._draw_fan(surface)
        self.draw_title(surface)

    # ------------------------------------------------------ the card pictures
    def _fan_pictures(self) -> list[Picture]:
        width, four = self.scene.px(118), self.scene.app.settings.four_colour
        return [(width, four, code) for code in (*FAN, "blank")]

    def _drifter_picture(self, drifter: Drifter) -> Picture:
        width = max(8, self.scene.px(96 * drifter.size))
        code = str(drifter.card) if drifter.face_up else "back"
        return (width, self.scene.app.settings.four_colour, code)

    def _pictures(self) -> list[Picture]:
        """Every picture the backdrop needs, the fan's first."""
        return self._fan_pictures() + [self._drifter_picture(d) for d in self.drifters]

    def _prepare(self, deadline: float) -> None:
        """Render the pictures not yet shown, the fan's first, until ``deadline``."""
        for picture in self._pictures():
            if picture in self._shown:
                continue
            width, four, code = picture
            art = card_art(width, four)
            if code == "back":
                art.back()
            elif code == "blank":
                art.blank()
            else:
                art.face(Card.parse(code))
            self._shown[picture] = 0.0
            if time.perf_counter() >= deadline:
                return

    def settled(self) -> bool:
        """Whether every card's picture is drawn and faded in."""
        return self._fade(self._pictures()) >= 1.0

    def _fade(self, pictures: list[Picture]) -> float:
        """How far faded in (0 to 1) the card needing ``pictures`` is."""
        shown = min((self._shown.get(picture, -1.0) for picture in pictures), default=0.0)
        return max(0.0, min(1.0, shown / CARD_FADE_IN)) if shown >= 0 else 0.0

    def _drifter_image(self, index: int, drifter: Drifter) -> pygame.Surface:
        """The drifter turned to its angle (re-rendered only every couple of degrees),
        at its own transparency."""
        step = round(drifter.angle / 2.0) % 180
        key = (index, step, self.scene.px(96 * drifter.size), self.scene.app.settings.four_colour)
        cached = self._drifter_cache.get(index)
        if cached is not None and cached[0] == key:
            return cached[1]
        art = card_art(max(8, key[2]), key[3])
        image = art.face(drifter.card) if drifter.face_up else art.back()
        image = pygame.transform.rotozoom(image, step * 2.0, 1.0)
        self._drifter_cache[index] = (key, image)
        return image

    def _draw_drifters(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        for index, drifter in enumerate(self.drifters):
            fade = self._fade([self._drifter_picture(drifter)])
            if fade <= 0:
                continue
            image = self._drifter_image(index, drifter)
            image.set_alpha(round((46 + (index % 3) * 12) * fade))
            x = (drifter.x * 1.3 - 0.15) * width
            y = (drifter.y - 0.15) * height
            surface.blit(image, image.get_rect(center=(round(x), round(y))))

    def _draw_fan(self, surface: pygame.Surface) -> None:
        """The fan of cards above the title, breathing gently (rendered in steps)."""
        fade = self._fade(self._fan_pictures())
        if fade <= 0:
            return
        phase = round((math.sin(self.time * 0.9) + 1) * 8)
        key = (phase, self.scene.px(118), self.scene.app.settings.four_colour)
        if self._fan_cache is None or self._fan_cache[0] != key:
            image, pivot = self._render_fan(1.0 + 0.05 * (phase / 8 - 1), key[1], key[2])
            self._fan_cache = (key, image, pivot)
        _, image, pivot = self._fan_cache
        image.set_alpha(round(255 * fade))
        anchor = self.scene.rect(420, 398, 0, 0).topleft
        surface.blit(image, (anchor[0] - pivot[0], anchor[1] - pivot[1]))

    def _render_fan(
        self, breath: float, width: int, four_colour: bool
    ) -> tuple[pygame.Surface, tuple[int, int]]:
        art = card_art(width, four_colour)
        size = self.scene.px(620)
        canvas = pygame.Surface((size, size), pygame.SRCALPHA)
        pivot = (size // 2, size - self.scene.px(40))
        count = len(FAN)
        radius = self.scene.px(250)
        offset = self.scene.px(6)
        for index, code in enumerate(FAN):
            spread = (index - (count - 1) / 2) * 14.0 * breath
            image = pygame.transform.rotozoom(art.face(Card.parse(code)), -spread, 1.0)
            shadow = pygame.transform.rotozoom(art.blank(), -spread, 1.0)
            shadow.fill((0, 0, 0, 80), special_flags=pygame.BLEND_RGBA_MIN)
            angle = math.radians(spread)
            centre = (
                pivot[0] + radius * math.sin(angle),
                pivot[1] - radius * math.cos(angle) + self.scene.px(5) * abs(index - 2),
            )
            canvas.blit(shadow, shadow.get_rect(center=(centre[0] + offset, centre[1] + offset)))
            canvas.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))
        return canvas, pivot

    def draw_title(self, surface: pygame.Surface) -> None:
        centre_x = self.scene.rect(420, 0, 0, 0).x
        y = self.scene.rect(0, 372, 0, 0).y
        size = self.scene.px(112)
        title = _("Oh Hell")
        for dx, dy, colour in (
            (0, self.scene.px(6), (0, 0, 0, 110)),
            (0, self.scene.px(3), theme.GOLD_DARK),
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
        line = theme.text(tagline, self.scene.tx(21), theme.TEXT_DIM, "italic")
        surface.blit(line, line.get_rect(midtop=(centre_x, rect.bottom - self.scene.px(8))))
        rule_y = rect.bottom + line.get_height() + self.scene.px(6)
        half = self.scene.px(150)
        pygame.draw.line(
            surface,
            (*theme.GOLD, 120),
            (centre_x - half, rule_y),
            (centre_x + half, rule_y),
            max(1, self.scene.px(1.5)),
        )
        for dx in (-half, half):
            pygame.draw.circle(surface, theme.GOLD, (centre_x + dx, rule_y), self.scene.px(3))
