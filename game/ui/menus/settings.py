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

from game.i18n import N_, _, available_languages, tr
from game.rules.cards import Card
from game.rules.names import NAME_LENGTH
from game.settings import Place, SectionId, bounds, form_rows, setting_label
from game.ui.cards.art import card_art
from game.ui.kit import theme
from game.ui.kit.form import Box, Column, FormRow, FormSection, RowKind, lay_out
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
SPEED_STEPS = (0.25, 0.5, 1.0, 2.0, 4.0)
"""The animation speeds the slider stops at (named by :func:`speed_steps`)."""
SPEED_RANGE = (math.log2(bounds("animation_speed")[0]), math.log2(bounds("animation_speed")[1]))
"""The animation speed slider, in doublings: 0.25x to 4x."""
MAIN_SECTIONS: tuple[tuple[SectionId, str], ...] = (
    ("you", N_("You")),
    ("table", N_("At the table")),
    ("screen", N_("Sound and screen")),
)
SIDE_SECTIONS: tuple[tuple[SectionId, str], ...] = (
    ("seeing", N_("Seeing")),
    ("games", N_("Games")),
)
"""The sections under the preview."""


def language_name(code: str) -> str:
    return LANGUAGE_NAMES.get(code, code)


def speed_steps() -> list[tuple[float, str]]:
    """The animation speeds offered, one doubling apart, each with its name."""
    words = (_("Very slow"), _("Slow"), _("Normal"), _("Fast"), _("Very fast"))
    return list(zip(SPEED_STEPS, words, strict=True))


def value_width(setting: str, text: float = 1.0) -> int:
    """The width kept for the words beside ``setting``'s slider: its widest value in
    this language (the speeds' names are words) at text size ``text``, and never less
    than the form's."""
    if setting != "animation_speed":
        return theme.FORM.value
    face = theme.font(round(theme.FORM.value_size * text), "bold")
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
    """The settings as data, in the player's words, as :class:`game.settings.Settings`
    declares them: the main panel's sections, then those under the preview."""
    rows = form_rows()

    def panel(sections: tuple[tuple[SectionId, str], ...]) -> tuple[FormSection, ...]:
        return tuple(
            FormSection(tr(heading), tuple(_row(name, place) for name, place in rows[section]))
            for section, heading in sections
        )

    return panel(MAIN_SECTIONS), panel(SIDE_SECTIONS)


def _row(setting: str, place: Place) -> FormRow:
    """The row of one declared setting (a toggle is a choice of two)."""
    kind: RowKind = "choice" if place.kind == "toggle" else place.kind
    return FormRow(
        setting_label(setting),
        setting,
        kind,
        options=tuple((value, tr(words)) for value, words in place.choices),
        tips=tuple(tr(tip) if tip else None for tip in place.tips),
        span=_slider_span(setting) if kind == "slider" else (0.0, 1.0),
    )


def _slider_span(setting: str) -> tuple[float, float]:
    """A slider's ends: the setting's bounds (the animation speed's in doublings)."""
    return SPEED_RANGE if setting == "animation_speed" else bounds(setting)


MAIN_PANEL = Column(
    theme.PAGE_MARGIN, theme.PAGE.top, theme.SETTINGS.main_width, theme.SETTINGS.main_labels
)
SIDE_PANEL = Column(
    theme.PAGE_MARGIN + MAIN_PANEL.width + theme.PAGE_GUTTER,
    theme.PAGE.top,
    theme.BASE_SIZE[0] - 2 * theme.PAGE_MARGIN - theme.PAGE_GUTTER - MAIN_PANEL.width,
    theme.SETTINGS.side_labels,
    compact=True,
)


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
        name = name.strip()[:NAME_LENGTH]
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
        side_panel = replace(SIDE_PANEL, y=SIDE_PANEL.y + theme.SETTINGS.preview)
        for column, sections in ((MAIN_PANEL, main), (side_panel, side)):
            placed = lay_out(column, sections)
            self.headings += [(self.rect(*h.box), h.text) for h in placed.headings]
            for row in placed.rows:
                self.labels.append((self.rect(*row.label_box), row.row.label))
                self._control(row.row, row.control_box)
        if "volume" in self.sliders_of:
            set_enabled(self.sliders_of["volume"], self.settings.sound)
        bottom = theme.PAGE.top + theme.PAGE.panel_height + theme.FORM.pad // 2
        self.back_button = self.button(
            self.rect(theme.PAGE_MARGIN, bottom, *theme.PAGE.button),
            _("Back"),
            self.app.pop,
            style="primary",
        )
        self.poll()

    def _control(self, row: FormRow, box: Box) -> None:
        """The control of one row, showing its setting's current value."""
        value = getattr(self.settings, row.setting)
        if row.kind == "text":
            x, y, w, h = box
            bleed = theme.FORM.bleed
            entry = UITextEntryLine(
                self.rect(x, y - bleed, w, h + 2 * bleed), self.manager, initial_text=value
            )
            entry.set_text_length_limit(NAME_LENGTH)
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
        inset, bleed = theme.FORM.slider_inset, theme.FORM.bleed
        low, high = row.span
        slider = UIHorizontalSlider(
            self.rect(x, y, w - words - theme.FORM.gap - inset, h - inset),
            position,
            row.span,
            self.manager,
            click_increment=1.0 if row.setting == "animation_speed" else (high - low) / 16,
        )
        label = UILabel(
            self.rect(x + w - words, y - bleed, words, h + 2 * bleed),
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
        page = theme.PAGE
        title = theme.text(_("Settings"), self.tx(page.title_size), theme.TEXT, "bold")
        surface.blit(title, self.rect(theme.PAGE_MARGIN, page.title_top, 0, 0).topleft)
        for panel in (MAIN_PANEL, SIDE_PANEL):
            area = self.rect(panel.x, panel.y, panel.width, page.panel_height)
            theme.panel(surface, area, theme.PANEL, self.px(page.corner))
        for rect, text in self.headings:
            label = theme.text(text.upper(), self.tx(theme.FORM.heading_size), theme.GOLD, "bold")
            surface.blit(label, rect.topleft)
            y = rect.y + label.get_height() + self.px(theme.FORM.rule)
            pygame.draw.line(surface, (*theme.GOLD, 60), (rect.x, y), (rect.right, y))
        for rect, text in self.labels:
            self._draw_label(surface, rect, text)
        self._draw_preview(surface)

    def _draw_label(self, surface: pygame.Surface, rect: pygame.Rect, text: str) -> None:
        """A row's label in its box: on one line, a little smaller if need be, else on
        two lines (a long language's words in a narrow column)."""
        size = self.tx(theme.FORM.label_size)
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
        s, look = self.settings, theme.SETTINGS
        area = self.rect(SIDE_PANEL.x, SIDE_PANEL.y, SIDE_PANEL.width, theme.PAGE.panel_height)
        inset, apart = self.px(look.cloth_inset), self.px(look.apart)
        cloth = pygame.Rect(
            area.x + inset, area.y + inset, area.width - 2 * inset, self.px(look.cloth)
        )
        swatch = theme.felt(cloth.size).copy()
        surface.blit(swatch, cloth)
        theme.panel(surface, cloth, (0, 0, 0, 0), self.px(look.cloth_corner))
        width = max(look.least_card, round(look.card * self.scale * s.card_scale))
        art = card_art(width, s.four_colour)
        cards = [art.back(), *(art.face(Card.parse(code)) for code in PREVIEW)]
        overlap = round(width * 0.42)
        total = width + overlap * (len(cards) - 1) + apart
        x = cloth.centerx - total // 2 + apart
        y = cloth.centery - art.height // 2 + self.px(look.drop)
        across, down = (self.px(offset) for offset in look.shadow)
        for index, image in enumerate(cards):
            left = x - apart if index == 0 else x  # the back lies apart
            lift = self.px(look.lift) if index == 3 else 0
            shadow = pygame.Rect(left + across, y - lift + down, width, art.height)
            theme.panel(surface, shadow, (0, 0, 0, 70), round(width * 0.06), None)
            surface.blit(image, (left, y - lift))
            x += overlap + (apart if index == 0 else 0)

    @property
    def busy(self) -> bool:
        return True


def _speed_position(speed: float) -> float:
    return max(SPEED_RANGE[0], min(SPEED_RANGE[1], math.log2(max(0.01, speed))))
