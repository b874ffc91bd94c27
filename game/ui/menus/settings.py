"""Settings: how the game looks, sounds and plays. Every change applies at once
and is saved straight away; a preview shows the cards at the chosen size and
colour scheme. Back returns to wherever the settings were opened from (the
title or the pause menu).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UIDropDownMenu, UIHorizontalSlider, UILabel, UITextEntryLine

from game.i18n import _, available_languages
from game.rules.cards import Card
from game.ui.cards.art import card_art
from game.ui.kit import theme
from game.ui.kit.gui import Choice, GuiScene, object_id, set_enabled, unfocus

if TYPE_CHECKING:
    from game.ui.kit.scene import SceneHost

LANGUAGE_NAMES = {
    "en": "English",
    "cs": "Čeština",
    "da": "Dansk",
    "de": "Deutsch",
    "es": "Español",
    "fr": "Français",
    "it": "Italiano",
    "nl": "Nederlands",
    "pl": "Polski",
    "pt": "Português",
    "sv": "Svenska",
}
"""Each language in its own words."""

PREVIEW = ("AS", "KH", "QD", "JC", "TD")
TABLE_CARD_WIDTH = 90
"""The width of a card in the player's hand at 1280x720 and card size 100%."""
SPEED_RANGE = (-2.0, 2.0)
"""The animation speed slider, in doublings: 0.25x to 4x."""
COMPUTER_SPEEDS = (0.5, 1.0, 2.0, 4.0)
"""The computer speeds offered: how much shorter their pause before acting is."""


def computer_speeds() -> list[tuple[float, str]]:
    """The computer speeds offered, in words."""
    words = (_("Unhurried"), _("Normal"), _("Brisk"), _("Swift"))
    return list(zip(COMPUTER_SPEEDS, words, strict=True))


def language_name(code: str) -> str:
    return LANGUAGE_NAMES.get(code, code)


def speed_label(speed: float) -> str:
    if abs(speed - 1.0) < 0.01:
        return _("Normal")
    text = f"{speed:.2f}".rstrip("0").rstrip(".")
    return f"{text}\u00d7"


class SettingsScene(GuiScene):
    """The settings form with a live card preview."""

    def __init__(self, app: SceneHost) -> None:
        super().__init__(app)
        self.choices: dict[str, Choice[Any]] = {}
        self.time = 0.0

    @property
    def settings(self) -> Any:
        return self.app.settings

    # ------------------------------------------------------------- changes
    def change(self, **changes: Any) -> None:
        """Apply and save settings at once."""
        self.app.store.update(**changes)
        if "sound" in changes or "volume" in changes:
            self.app.sounds.configure(self.app.settings)
        if changes.get("sound"):
            self.app.sounds.play("click")
        if "sound" in changes and hasattr(self, "volume_slider"):
            set_enabled(self.volume_slider, self.app.settings.sound)

    def set_contrast(self, on: bool) -> None:
        """Switch the palette at once: every open scene is drawn anew with it."""
        self.change(high_contrast=on)
        if theme.use_contrast(on):
            for scene in list(self.app.scenes):
                scene.resize(self.app.size)

    def set_fullscreen(self, on: bool) -> None:
        if on != self.app.settings.fullscreen:
            self.app.toggle_fullscreen()  # resizes every scene, rebuilding this one

    def set_language(self, code: str) -> None:
        """Speak ``code`` from now on: every open scene (the table under the pause
        menu too) lays itself out again in the new words, no restart."""
        self.app.store.speak(code)
        for scene in list(self.app.scenes):
            scene.resize(self.app.size)
        if self not in self.app.scenes:
            self.rebuild()

    def set_name(self, name: str) -> None:
        name = name.strip()[:24]
        if name and name != self.settings.player_name:
            self.change(player_name=name)

    # -------------------------------------------------------------- layout
    def _label_rect(self, y: float) -> pygame.Rect:
        return self.rect(64, y, 270, 40)

    def build(self) -> None:
        s = self.settings
        self.rows: list[tuple[pygame.Rect, str]] = []
        self.headings: list[tuple[pygame.Rect, str]] = []
        self.choices = {}
        self.value_labels: dict[str, UILabel] = {}
        control_x, control_w = 340, 436
        off_on = [(False, _("Off")), (True, _("On"))]

        self.headings.append((self.rect(64, 104, 700, 24), _("You")))
        self.rows.append((self._label_rect(130), _("Your name")))
        self.name_entry = UITextEntryLine(
            self.rect(control_x, 130, control_w, 40), self.manager, initial_text=s.player_name
        )
        self.name_entry.set_text_length_limit(24)
        self.rows.append((self._label_rect(174), _("Language")))
        languages = available_languages()
        if len(languages) <= 4:
            self.choices["language"] = self.choice(
                self.rect(control_x, 176, control_w, 36),
                [(code, language_name(code)) for code in languages],
                s.language if s.language in languages else "en",
                self.set_language,
            )
        else:
            names: list[str | tuple[str, str]] = [language_name(code) for code in languages]
            current = language_name(s.language if s.language in languages else "en")
            self.language_menu = UIDropDownMenu(
                names, current, self.rect(control_x, 176, control_w, 36), self.manager
            )
            self._language_codes = {language_name(code): code for code in languages}

        self.headings.append((self.rect(64, 222, 700, 24), _("At the table")))
        self.rows.append((self._label_rect(248), _("Animation speed")))
        self.speed_slider = self._slider(
            "speed", 248, _speed_position(s.animation_speed), SPEED_RANGE
        )
        self.rows.append((self._label_rect(292), _("Computer speed")))
        self.choices["computer_speed"] = self.choice(
            self.rect(control_x, 294, control_w, 36),
            [(speed, words) for speed, words in computer_speeds()],
            s.computer_speed if s.computer_speed in COMPUTER_SPEEDS else None,
            lambda speed: self.change(computer_speed=speed),
            tooltips=[_("How long the computers pause before each bid or card.")] * 4,
        )
        self.rows.append((self._label_rect(336), _("Card size")))
        self.size_slider = self._slider("size", 336, s.card_scale, (0.7, 1.5))
        self.rows.append((self._label_rect(380), _("Confirm before playing")))
        self.choices["confirm_play"] = self.choice(
            self.rect(control_x, 382, control_w, 36),
            off_on,
            s.confirm_play,
            lambda on: self.change(confirm_play=on),
            tooltips=[
                _("A click plays the card."),
                _("The first click raises the card, a second click plays it."),
            ],
        )
        self.rows.append((self._label_rect(424), _("Play a lone card by itself")))
        self.choices["auto_play"] = self.choice(
            self.rect(control_x, 426, control_w, 36),
            off_on,
            s.auto_play,
            lambda on: self.change(auto_play=on),
            tooltips=[None, _("When only one of your cards may be played, it is played.")],
        )

        self.headings.append((self.rect(64, 470, 700, 24), _("Sound and screen")))
        self.rows.append((self._label_rect(496), _("Sound")))
        self.choices["sound"] = self.choice(
            self.rect(control_x, 498, control_w, 36),
            off_on,
            s.sound,
            lambda on: self.change(sound=on),
        )
        self.rows.append((self._label_rect(540), _("Volume")))
        self.volume_slider = self._slider("volume", 540, s.volume, (0.0, 1.0))
        set_enabled(self.volume_slider, s.sound)
        self.rows.append((self._label_rect(584), _("Full screen")))
        self.choices["fullscreen"] = self.choice(
            self.rect(control_x, 586, control_w, 36),
            [(False, _("Window")), (True, _("Full screen"))],
            s.fullscreen,
            self.set_fullscreen,
            tooltips=[None, _("F11 switches at any time.")],
        )
        self._games_rows(s)
        self.back_button = self.button(
            self.rect(40, 654, 150, 46), _("Back"), self.app.pop, style="primary"
        )
        self._slider_values: dict[str, float] = {}
        self.poll()

    def _side_row(self, y: float, label: str) -> pygame.Rect:
        """A row under the preview: its label, and where its control goes."""
        self.rows.append((self.rect(848, y, 140, 32), label))
        return self.rect(992, y, 224, 32)

    def _games_rows(self, s: Any) -> None:
        """How the table looks, then take-backs, the games kept, the coach and the
        guide, under the preview."""
        off_on = [(False, _("Off")), (True, _("On"))]
        self.headings.append((self.rect(848, 302, 368, 24), _("Seeing")))
        self.choices["four_colour"] = self.choice(
            self._side_row(326, _("Four-colour deck")),
            [(False, _("Red and black")), (True, _("Four colours"))],
            s.four_colour,
            lambda on: self.change(four_colour=on),
            tooltips=[
                _("Hearts and diamonds red, spades and clubs black."),
                _("Clubs green, diamonds blue, hearts red, spades black."),
            ],
        )
        self.choices["text_scale"] = self.choice(
            self._side_row(364, _("Text size")),
            [(1.0, _("Normal")), (1.15, _("Large")), (1.3, _("Larger"))],
            s.text_scale if s.text_scale in (1.0, 1.15, 1.3) else None,
            lambda scale: self.change(text_scale=scale),
            tooltips=[_("The size of the words at the table.")] * 3,
        )
        self.choices["high_contrast"] = self.choice(
            self._side_row(402, _("High contrast")),
            off_on,
            s.high_contrast,
            self.set_contrast,
            tooltips=[None, _("Brighter words on darker, solid grounds.")],
        )
        self.headings.append((self.rect(848, 442, 368, 24), _("Games")))
        self.choices["take_backs"] = self.choice(
            self._side_row(466, _("Take-backs")),
            [("auto", _("Easy")), ("always", _("Always")), ("never", _("Never"))],
            s.take_backs,
            lambda choice: self.change(take_backs=choice),
            tooltips=[
                _("In a game against easy and medium computers only."),
                _("In every game with one person at the screen."),
                None,
            ],
        )
        kept = [(count, str(count)) for count in (50, 200, 1000)]
        self.choices["kept_games"] = self.choice(
            self._side_row(505, _("Games kept")),
            kept,
            s.kept_games if s.kept_games in (50, 200, 1000) else None,
            lambda count: self.change(kept_games=count),
            tooltips=[_("The oldest games go first; their statistics stay.")] * 3,
        )
        self.choices["coach"] = self.choice(
            self._side_row(544, _("Coach")),
            off_on,
            s.coach,
            lambda on: self.change(coach=on),
            tooltips=[
                None,
                _(
                    "On your turns, your chance of making each bid, and your bid after each "
                    "card. C at the table turns it on or off."
                ),
            ],
        )
        self.choices["guide"] = self.choice(
            self._side_row(583, _("Guided first hand")),
            off_on,
            s.guide,
            lambda on: self.change(guide=on),
            tooltips=[None, _("A few words at each new kind of decision of the next hand.")],
        )

    def _slider(
        self, key: str, y: float, value: float, value_range: tuple[float, float]
    ) -> UIHorizontalSlider:
        slider = UIHorizontalSlider(
            self.rect(340, y + 4, 330, 32),
            value,
            value_range,
            self.manager,
            click_increment=(value_range[1] - value_range[0]) / 16,
        )
        label = UILabel(self.rect(680, y, 96, 40), "", self.manager, object_id=object_id("value"))
        self.value_labels[key] = label
        self.sliders.append(slider)
        return slider

    # -------------------------------------------------------------- events
    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.name_entry.is_focused:
                unfocus(self.name_entry)
            else:
                self.app.pop()

    def poll(self) -> None:
        if not hasattr(self, "speed_slider"):
            return
        sliders = {
            "speed": self.speed_slider,
            "size": self.size_slider,
            "volume": self.volume_slider,
        }
        for key, slider in sliders.items():
            value = float(slider.get_current_value())
            if self._slider_values.get(key) == value:
                continue
            first = key not in self._slider_values
            self._slider_values[key] = value
            if first:
                continue
            if key == "speed":
                self.change(animation_speed=round(2**value, 2))
            elif key == "size":
                self.change(card_scale=round(value, 2))
            else:
                self.change(volume=round(value, 2))
        self.set_name(self.name_entry.get_text())
        menu = getattr(self, "language_menu", None)
        if menu is not None:
            picked = self._language_codes.get(menu.selected_option[0])
            if picked and picked != self.settings.language:
                self.set_language(picked)
                return
        texts = {
            "speed": speed_label(self.settings.animation_speed),
            "size": f"{round(self.settings.card_scale * 100)}%",
            "volume": f"{round(self.settings.volume * 100)}%",
        }
        for key, label in self.value_labels.items():
            if label.text != texts[key]:
                label.set_text(texts[key])

    def update(self, dt: float) -> None:
        super().update(dt)
        self.time += dt

    # ------------------------------------------------------------- drawing
    def draw_back(self, surface: pygame.Surface) -> None:
        super().draw_back(surface)
        title = theme.text(_("Settings"), self.px(34), theme.TEXT, "bold")
        surface.blit(title, self.rect(40, 24, 0, 0).topleft)
        theme.panel(surface, self.rect(40, 88, 760, 556), theme.PANEL, self.px(16))
        theme.panel(surface, self.rect(824, 88, 416, 556), theme.PANEL, self.px(16))
        for rect, text in self.headings:
            label = theme.text(text.upper(), self.px(13), theme.GOLD, "bold")
            surface.blit(label, rect.topleft)
            y = rect.y + label.get_height() + self.px(2)
            pygame.draw.line(surface, (*theme.GOLD, 60), (rect.x, y), (rect.right, y))
        for rect, text in self.rows:
            label = theme.fitted(text, self.px(16), rect.width, theme.TEXT, "bold")
            surface.blit(label, label.get_rect(midleft=rect.midleft))
        self._draw_preview(surface)

    def _draw_preview(self, surface: pygame.Surface) -> None:
        """The cards at the size and in the colours chosen, and the size in words."""
        s = self.settings
        area = self.rect(824, 88, 416, 556)
        heading = theme.text(_("PREVIEW"), self.px(13), theme.GOLD, "bold")
        surface.blit(heading, (area.x + self.px(24), area.y + self.px(16)))
        width = max(8, round(TABLE_CARD_WIDTH * 0.72 * self.scale * s.card_scale))
        art = card_art(width, s.four_colour)
        cards = [art.face(Card.parse(code)) for code in PREVIEW]
        overlap = round(width * 0.42)
        total = width + overlap * (len(cards) - 1)
        x = area.centerx - total // 2
        y = area.y + self.px(44) + (self.px(140) - art.height) // 2
        for index, image in enumerate(cards):
            lift = self.px(10) if index == 2 else 0
            shadow = pygame.Rect(x + self.px(3), y - lift + self.px(4), width, art.height)
            theme.panel(surface, shadow, (0, 0, 0, 70), round(width * 0.06), None)
            surface.blit(image, (x, y - lift))
            x += overlap
        line = _("Cards in your hand: {percent}% of the normal size.").format(
            percent=round(s.card_scale * 100)
        )
        text = theme.fitted(line, self.px(14), area.width - self.px(48), theme.TEXT_DIM)
        surface.blit(text, text.get_rect(midtop=(area.centerx, area.y + self.px(178))))

    @property
    def busy(self) -> bool:
        return True


def _speed_position(speed: float) -> float:
    return max(SPEED_RANGE[0], min(SPEED_RANGE[1], math.log2(max(0.01, speed))))
