"""Settings: how the game looks, sounds and plays. Every change applies at once
and is saved straight away; a preview shows the cards at the chosen size and
colour scheme. Back returns to wherever the settings were opened from (the
title or the pause menu).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UIDropDownMenu, UIHorizontalSlider, UILabel, UITextEntryLine

from game.i18n import _, available_languages
from game.rules.cards import Card
from game.ui.cards.art import card_art
from game.ui.kit import theme
from game.ui.kit.form import Box, Column, FormRow, FormSection, lay_out
from game.ui.kit.gui import Choice, GuiScene, object_id, set_enabled, unfocus

if TYPE_CHECKING:
    from game.settings import Settings
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
SPEED_STEPS = (0.25, 0.5, 1.0, 2.0, 4.0)
"""The animation speeds the slider stops at (named by :func:`speed_steps`)."""
PANEL_TOP = 88
"""Where the panels start, under the title."""
COMPUTER_SPEEDS = (0.5, 1.0, 2.0, 4.0)
"""The computer speeds offered: how much shorter their pause before acting is."""


def computer_speeds() -> list[tuple[float, str]]:
    """The computer speeds offered, in words."""
    words = (_("Unhurried"), _("Normal"), _("Brisk"), _("Swift"))
    return list(zip(COMPUTER_SPEEDS, words, strict=True))


def language_name(code: str) -> str:
    return LANGUAGE_NAMES.get(code, code)


def speed_steps() -> list[tuple[float, str]]:
    """The animation speeds offered, one doubling apart, each with its name."""
    words = (_("Very slow"), _("Slow"), _("Normal"), _("Fast"), _("Very fast"))
    return list(zip(SPEED_STEPS, words, strict=True))


VALUE_FONT = 18
"""The size of the words beside a slider, as the theme's ``@value`` gives it."""


def value_width(setting: str, text: float = 1.0) -> int:
    """The width kept for the words beside ``setting``'s slider: its widest value in
    this language (the speeds' names are words) at text size ``text``, and never less
    than the form's."""
    if setting != "animation_speed":
        return theme.FORM.value
    face = theme.font(round(VALUE_FONT * text), "bold")
    widest = max(face.size(name)[0] for _, name in speed_steps())
    return max(theme.FORM.value, widest + 2 * theme.FORM.gap)


def speed_label(speed: float) -> str:
    """The name of the step nearest ``speed`` (a speed saved by an older version, between
    two steps, reads as the nearer one)."""
    return speed_steps()[_speed_step(speed)][1]


def _speed_step(speed: float) -> int:
    """The index of the step nearest ``speed`` (nearest in doublings)."""
    return min(
        range(len(SPEED_STEPS)),
        key=lambda index: abs(math.log2(SPEED_STEPS[index]) - math.log2(max(0.01, speed))),
    )


def settings_sections() -> tuple[tuple[FormSection, ...], tuple[FormSection, ...]]:
    """The settings as data, in the player's words: the main panel's sections, then
    those under the preview."""
    off_on = ((False, _("Off")), (True, _("On")))
    return _main_sections(off_on), _side_sections(off_on)


OffOn = tuple[tuple[bool, str], tuple[bool, str]]


def _main_sections(off_on: OffOn) -> tuple[FormSection, ...]:
    """You, at the table, sound and screen."""
    return (
        FormSection(
            _("You"),
            (
                FormRow(_("Your name"), "player_name", "text"),
                FormRow(_("Language"), "language", "language"),
            ),
        ),
        FormSection(
            _("At the table"),
            (
                FormRow(_("Animation speed"), "animation_speed", "slider", span=SPEED_RANGE),
                FormRow(
                    _("Computer speed"),
                    "computer_speed",
                    options=tuple(computer_speeds()),
                    tips=(_("How long the computers pause before each bid or card."),) * 4,
                ),
                FormRow(_("Card size"), "card_scale", "slider", span=(0.7, 1.5)),
                FormRow(
                    _("Confirm before playing"),
                    "confirm_play",
                    options=off_on,
                    tips=(
                        _("A click plays the card."),
                        _("The first click raises the card, a second click plays it."),
                    ),
                ),
                FormRow(
                    _("Play a lone card by itself"),
                    "auto_play",
                    options=off_on,
                    tips=(None, _("When only one of your cards may be played, it is played.")),
                ),
            ),
        ),
        FormSection(
            _("Sound and screen"),
            (
                FormRow(_("Sound"), "sound", options=off_on),
                FormRow(_("Volume"), "volume", "slider"),
                FormRow(
                    _("Full screen"),
                    "fullscreen",
                    options=((False, _("Window")), (True, _("Full screen"))),
                    tips=(None, _("F11 switches at any time.")),
                ),
            ),
        ),
    )


def _side_sections(off_on: OffOn) -> tuple[FormSection, ...]:
    """Seeing, and the games: under the preview."""
    return (
        FormSection(
            _("Seeing"),
            (
                FormRow(
                    _("Four-colour deck"),
                    "four_colour",
                    options=((False, _("Red and black")), (True, _("Four colours"))),
                    tips=(
                        _("Hearts and diamonds red, spades and clubs black."),
                        _("Clubs green, diamonds blue, hearts red, spades black."),
                    ),
                ),
                FormRow(
                    _("Card back"),
                    "card_back",
                    options=(("blue", _("Blue")), ("red", _("Red")), ("green", _("Tartan"))),
                    tips=(
                        _("A blue lattice with a gold medallion."),
                        _("A red lattice with a gold medallion."),
                        _("A green tartan with a gold medallion."),
                    ),
                ),
                FormRow(
                    _("Table colour"),
                    "table_colour",
                    options=(("green", _("Green")), ("blue", _("Blue")), ("red", _("Red"))),
                    tips=(_("The colour of the cloth on the table."),) * 3,
                ),
                FormRow(
                    _("Text size"),
                    "text_scale",
                    options=((1.0, _("Normal")), (1.15, _("Large")), (1.3, _("Larger"))),
                    tips=(_("The size of the words at the table."),) * 3,
                ),
                FormRow(
                    _("High contrast"),
                    "high_contrast",
                    options=off_on,
                    tips=(None, _("Brighter words on darker, solid grounds.")),
                ),
            ),
        ),
        FormSection(
            _("Games"),
            (
                FormRow(
                    _("Take-backs"),
                    "take_backs",
                    options=(("auto", _("Easy")), ("always", _("Always")), ("never", _("Never"))),
                    tips=(
                        _("In a game against easy and medium computers only."),
                        _("In every game with one person at the screen."),
                        None,
                    ),
                ),
                FormRow(
                    _("Games kept"),
                    "kept_games",
                    options=tuple((count, str(count)) for count in (50, 200, 1000)),
                    tips=(_("The oldest games go first; their statistics stay."),) * 3,
                ),
                FormRow(
                    _("Coach"),
                    "coach",
                    options=off_on,
                    tips=(
                        None,
                        _(
                            "On your turns, your chance of making each bid, and your bid "
                            "after each card. C at the table turns it on or off."
                        ),
                    ),
                ),
                FormRow(
                    _("Guided first hand"),
                    "guide",
                    options=off_on,
                    tips=(None, _("A few words at each new kind of decision of the next hand.")),
                ),
            ),
        ),
    )


MAIN_PANEL = Column(theme.PAGE_MARGIN, PANEL_TOP, 760, 270)
SIDE_PANEL = Column(
    theme.PAGE_MARGIN + MAIN_PANEL.width + theme.PAGE_GUTTER,
    PANEL_TOP,
    theme.BASE_SIZE[0] - 2 * theme.PAGE_MARGIN - theme.PAGE_GUTTER - MAIN_PANEL.width,
    140,
    compact=True,
)
PANEL_HEIGHT = 556
PREVIEW_HEIGHT = 122
"""The preview at the top of the side panel, over its rows."""


def _slider_position(setting: str, value: float) -> float:
    """Where a setting's value sits on its slider (speed in doublings)."""
    return _speed_position(value) if setting == "animation_speed" else value


def _slider_value(setting: str, position: float) -> float:
    if setting == "animation_speed":
        return SPEED_STEPS[_speed_step(2**position)]
    return round(position, 2)


def _value_words(setting: str, value: float) -> str:
    return speed_label(value) if setting == "animation_speed" else f"{round(value * 100)}%"


class SettingsScene(GuiScene):
    """The settings form with a live card preview."""

    def __init__(self, app: SceneHost) -> None:
        super().__init__(app)
        self.choices: dict[str, Choice[Any]] = {}
        self.sliders_of: dict[str, UIHorizontalSlider] = {}
        self.value_labels: dict[str, UILabel] = {}
        self.labels: list[tuple[pygame.Rect, str]] = []
        self.headings: list[tuple[pygame.Rect, str]] = []
        self.name_entry: UITextEntryLine | None = None
        self.language_menu: UIDropDownMenu | None = None
        self._language_codes: dict[str, str] = {}
        self._slider_values: dict[str, float] = {}
        self.time = 0.0

    @property
    def settings(self) -> Settings:
        return self.app.settings

    # ------------------------------------------------------------- changes
    def change(self, **changes: Any) -> None:
        """Apply and save settings at once."""
        self.app.store.update(**changes)
        if "sound" in changes or "volume" in changes:
            self.app.sounds.configure(self.app.settings)
        if changes.get("sound"):
            self.app.sounds.play("click")
        if "sound" in changes and "volume" in self.sliders_of:
            set_enabled(self.sliders_of["volume"], self.app.settings.sound)

    def set_contrast(self, on: bool) -> None:
        """Switch the palette at once: every open scene is drawn anew with it."""
        self.change(high_contrast=on)
        if theme.use_contrast(on):
            for scene in list(self.app.scenes):
                scene.resize(self.app.size)

    def set_look(self, **change: str) -> None:
        """Lay the cloth and deal the backs chosen: every open scene is drawn anew."""
        self.change(**change)
        settings = self.app.settings
        if theme.use_look(settings.table_colour, settings.card_back):
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

    def _setter(self, setting: str) -> Callable[[Any], None]:
        """What choosing a value of ``setting`` does."""
        special: dict[str, Callable[[Any], None]] = {
            "language": self.set_language,
            "fullscreen": self.set_fullscreen,
            "high_contrast": self.set_contrast,
            "card_back": lambda back: self.set_look(card_back=back),
            "table_colour": lambda colour: self.set_look(table_colour=colour),
        }
        return special.get(setting, lambda value: self.change(**{setting: value}))

    # -------------------------------------------------------------- layout
    def build(self) -> None:
        self.labels, self.headings = [], []
        self.choices, self.sliders_of, self.value_labels = {}, {}, {}
        self.language_menu, self._slider_values = None, {}
        main, side = settings_sections()
        side_panel = replace(SIDE_PANEL, y=SIDE_PANEL.y + PREVIEW_HEIGHT)
        for column, sections in ((MAIN_PANEL, main), (side_panel, side)):
            placed = lay_out(column, sections)
            self.headings += [(self.rect(*h.box), h.text) for h in placed.headings]
            for row in placed.rows:
                self.labels.append((self.rect(*row.label_box), row.row.label))
                self._control(row.row, row.control_box)
        if "volume" in self.sliders_of:
            set_enabled(self.sliders_of["volume"], self.settings.sound)
        bottom = PANEL_TOP + PANEL_HEIGHT + theme.FORM.pad // 2
        self.back_button = self.button(
            self.rect(theme.PAGE_MARGIN, bottom, 150, 46), _("Back"), self.app.pop, style="primary"
        )
        self.poll()

    def _control(self, row: FormRow, box: Box) -> None:
        """The control of one row, showing its setting's current value."""
        value = getattr(self.settings, row.setting)
        if row.kind == "text":
            x, y, w, h = box
            entry = UITextEntryLine(self.rect(x, y - 2, w, h + 4), self.manager, initial_text=value)
            entry.set_text_length_limit(24)
            self.name_entry = entry
        elif row.kind == "slider":
            self._slider(row, box, _slider_position(row.setting, value))
        elif row.kind == "language":
            self._languages(box)
        else:
            known = [option for option, _words in row.options]
            self.choices[row.setting] = self.choice(
                self.rect(*box),
                list(row.options),
                value if value in known else None,
                self._setter(row.setting),
                tooltips=list(row.tips) or None,
            )

    def _languages(self, box: Box) -> None:
        """A button per language when few are installed, else a list."""
        languages = available_languages()
        current = self.settings.language if self.settings.language in languages else "en"
        if len(languages) <= 4:
            options = [(code, language_name(code)) for code in languages]
            self.choices["language"] = self.choice(
                self.rect(*box), options, current, self.set_language
            )
            return
        names: list[str | tuple[str, str]] = [language_name(code) for code in languages]
        self.language_menu = UIDropDownMenu(
            names, language_name(current), self.rect(*box), self.manager
        )
        self._language_codes = {language_name(code): code for code in languages}

    def _slider(self, row: FormRow, box: Box, position: float) -> None:
        """A slider over ``row.span`` with its value in words beside it."""
        x, y, w, h = box
        words = value_width(row.setting, self.text)
        low, high = row.span
        slider = UIHorizontalSlider(
            self.rect(x, y, w - words - theme.FORM.gap - 4, h - 4),
            position,
            row.span,
            self.manager,
            click_increment=1.0 if row.setting == "animation_speed" else (high - low) / 16,
        )
        label = UILabel(
            self.rect(x + w - words, y - 2, words, h + 4),
            "",
            self.manager,
            object_id=object_id("value"),
        )
        self.value_labels[row.setting] = label
        self.sliders_of[row.setting] = slider
        self.sliders.append(slider)

    # -------------------------------------------------------------- events
    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.name_entry is not None and self.name_entry.is_focused:
                unfocus(self.name_entry)
            else:
                self.app.pop()

    def poll(self) -> None:
        for setting, slider in self.sliders_of.items():
            position = float(slider.get_current_value())
            if self._slider_values.get(setting) == position:
                continue
            first = setting not in self._slider_values
            self._slider_values[setting] = position
            if not first:
                self.change(**{setting: _slider_value(setting, position)})
        if self.name_entry is not None:
            self.set_name(self.name_entry.get_text())
        if self.language_menu is not None:
            picked = self._language_codes.get(self.language_menu.selected_option[0])
            if picked and picked != self.settings.language:
                self.set_language(picked)
                return
        for setting, label in self.value_labels.items():
            text = _value_words(setting, getattr(self.settings, setting))
            if label.text != text:
                label.set_text(text)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.time += dt

    # ------------------------------------------------------------- drawing
    def draw_back(self, surface: pygame.Surface) -> None:
        super().draw_back(surface)
        title = theme.text(_("Settings"), self.tx(34), theme.TEXT, "bold")
        surface.blit(title, self.rect(40, 24, 0, 0).topleft)
        for panel in (MAIN_PANEL, SIDE_PANEL):
            area = self.rect(panel.x, panel.y, panel.width, PANEL_HEIGHT)
            theme.panel(surface, area, theme.PANEL, self.px(16))
        for rect, text in self.headings:
            label = theme.text(text.upper(), self.tx(13), theme.GOLD, "bold")
            surface.blit(label, rect.topleft)
            y = rect.y + label.get_height() + self.px(2)
            pygame.draw.line(surface, (*theme.GOLD, 60), (rect.x, y), (rect.right, y))
        for rect, text in self.labels:
            self._draw_label(surface, rect, text)
        self._draw_preview(surface)

    def _draw_label(self, surface: pygame.Surface, rect: pygame.Rect, text: str) -> None:
        """A row's label in its box: on one line, a little smaller if need be, else on
        two lines (a long language's words in a narrow column)."""
        size = self.tx(16)
        face = theme.font(round(size * 0.85), "bold")
        if face.size(text)[0] <= rect.width:
            label = theme.fitted(text, size, rect.width, theme.TEXT, "bold", smallest=0.85)
            surface.blit(label, label.get_rect(midleft=rect.midleft))
            return
        small = round(size * 0.8)  # and smaller still where two lines overrun the row
        lines = theme.wrap(text, small, rect.width, "bold")[:2]
        height = theme.font(small, "bold").get_linesize()
        while height * len(lines) > rect.height + self.px(6) and small > self.px(11):
            small -= 1
            lines = theme.wrap(text, small, rect.width, "bold")[:2]
            height = theme.font(small, "bold").get_linesize()
        y = rect.centery - height * len(lines) // 2
        for line in lines:
            label = theme.fitted(line, small, rect.width, theme.TEXT, "bold", smallest=0.85)
            surface.blit(label, (rect.x, y))
            y += height

    def _draw_preview(self, surface: pygame.Surface) -> None:
        """The cards at the size, in the colours and with the back chosen, on a piece of
        the table's cloth (the card size in words is beside its slider)."""
        s = self.settings
        area = self.rect(SIDE_PANEL.x, SIDE_PANEL.y, SIDE_PANEL.width, PANEL_HEIGHT)
        pad = self.px(16)
        cloth = pygame.Rect(area.x + pad, area.y + pad, area.width - 2 * pad, self.px(100))
        swatch = theme.felt(cloth.size).copy()
        surface.blit(swatch, cloth)
        theme.panel(surface, cloth, (0, 0, 0, 0), self.px(10))
        width = max(8, round(TABLE_CARD_WIDTH * 0.5 * self.scale * s.card_scale))
        art = card_art(width, s.four_colour)
        cards = [art.back(), *(art.face(Card.parse(code)) for code in PREVIEW)]
        overlap = round(width * 0.42)
        total = width + overlap * (len(cards) - 1) + self.px(24)
        x = cloth.centerx - total // 2 + self.px(24)
        y = cloth.centery - art.height // 2 + self.px(4)
        for index, image in enumerate(cards):
            left = x - self.px(24) if index == 0 else x  # the back lies apart
            lift = self.px(8) if index == 3 else 0
            shadow = pygame.Rect(left + self.px(3), y - lift + self.px(4), width, art.height)
            theme.panel(surface, shadow, (0, 0, 0, 70), round(width * 0.06), None)
            surface.blit(image, (left, y - lift))
            x += overlap + (self.px(24) if index == 0 else 0)

    @property
    def busy(self) -> bool:
        return True


def _speed_position(speed: float) -> float:
    return max(SPEED_RANGE[0], min(SPEED_RANGE[1], math.log2(max(0.01, speed))))
