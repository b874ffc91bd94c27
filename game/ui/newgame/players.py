"""The new game's Players page: how many seats, and for each a name and who plays it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
from pygame_gui.elements import UITextEntryLine

from game.i18n import _
from game.play.setup import NewGameSetup, level_name, offered_levels
from game.rules.names import NAME_LENGTH
from game.rules.record import PlayerKind
from game.rules.ruleset import MAX_PLAYERS, MIN_PLAYERS
from game.ui.kit import theme
from game.ui.kit.gui import Choice, GuiScene, set_visible, unfocus
from game.ui.newgame.page import CONTROL_WIDTH, CONTROL_X, LABEL_X, Changed
from game.ui.newgame.tips import OPTION_DELAY, Tip

COUNT_Y, SEATS_Y, SEAT_STEP = 150, 204, 46
"""Where the player count and the first seat go, and the distance between seats."""


def kind_choice_label(kind: PlayerKind) -> str:
    """The name of a seat's kind: Human, or the computer's level."""
    return _("Human") if kind == "human" else level_name(kind)


def kind_tip(kind: PlayerKind) -> str:
    """What playing against this kind of player is like."""
    tips = {
        "human": _("Played by a person at this computer (pass the mouse around)."),
        "easy": _("A beginner: bids by feel and plays the obvious card."),
        "medium": _("A steady club player who counts trumps and guards the bid."),
        "hard": _("A strong player who reads the table and plans the whole hand."),
        "expert": _("Thinks through many possible deals before every decision."),
    }
    return tips.get(kind, "")


def set_placeholder(entry: UITextEntryLine, text: str) -> None:
    """Show ``text`` in grey while ``entry`` is empty."""
    if entry.placeholder_text == text:
        return
    entry.placeholder_text = text
    if not entry.get_text() and not entry.is_focused:
        entry.set_text("")


class PlayersPage:
    """The player count, then a numbered line per seat: its name and its kind."""

    def __init__(self, gui: GuiScene, setup: NewGameSetup, changed: Changed) -> None:
        self.gui, self.setup, self.changed = gui, setup, changed
        self.count_choice = gui.choice(
            gui.rect(CONTROL_X, COUNT_Y, CONTROL_WIDTH, 36),
            [(n, str(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)],
            setup.count,
            self._set_count,
        )
        self.kinds: list[PlayerKind] = ["human", *offered_levels()]
        self.name_entries: list[UITextEntryLine] = []
        self.kind_choices: list[Choice[PlayerKind]] = []
        for index in range(MAX_PLAYERS):
            self._build_seat(index)
        self.elements: list[Any] = [*self.count_choice.buttons]
        for entry, kinds in zip(self.name_entries, self.kind_choices, strict=True):
            self.elements += [entry, *kinds.buttons]
        self.visible = False

    def _build_seat(self, index: int) -> None:
        y = SEATS_Y + index * SEAT_STEP
        entry = UITextEntryLine(
            self.gui.rect(510, y, 240, 38),
            self.gui.manager,
            initial_text=self.setup.seats[index].name,
            placeholder_text=self.setup.seated_name(index),
        )
        entry.set_text_length_limit(NAME_LENGTH)
        kinds = self.gui.choice(
            self.gui.rect(766, y + 1, 454, 36),
            [(kind, kind_choice_label(kind)) for kind in self.kinds],
            self.setup.seats[index].kind,
            self._kind_setter(index),
        )
        self.name_entries.append(entry)
        self.kind_choices.append(kinds)

    def _set_count(self, count: int) -> None:
        self.setup.set_count(count)
        self.changed()

    def _kind_setter(self, seat: int) -> Callable[[PlayerKind], None]:
        def chosen(kind: PlayerKind) -> None:
            self.setup.set_kind(seat, kind)
            self.changed()

        return chosen

    # ------------------------------------------------------------ the page
    def refresh(self) -> None:
        self.count_choice.set(self.setup.count)
        for index, (entry, kinds) in enumerate(
            zip(self.name_entries, self.kind_choices, strict=True)
        ):
            seat = self.setup.seats[index]
            kinds.set(seat.kind)
            if entry.get_text() != seat.name and not entry.is_focused:
                entry.set_text(seat.name)
            set_placeholder(entry, self.setup.seated_name(index))
        self.show(self.visible)

    def show(self, visible: bool) -> None:
        """Show the count and the seats in use (or hide them all)."""
        self.visible = visible
        for button in self.count_choice.buttons:
            set_visible(button, visible)
        for index, (entry, kinds) in enumerate(
            zip(self.name_entries, self.kind_choices, strict=True)
        ):
            for element in (entry, *kinds.buttons):
                set_visible(element, visible and index < self.setup.count)

    def poll(self) -> None:
        """Names typed since the last frame go into the setup (all of them before
        the widgets are brought up to date)."""
        typed = False
        for index, entry in enumerate(self.name_entries):
            if entry.get_text() != self.setup.seats[index].name:
                self.setup.set_name(index, entry.get_text())
                typed = True
        if typed:
            self.changed()

    @property
    def typing(self) -> bool:
        return any(entry.is_focused for entry in self.name_entries)

    def stop_typing(self) -> None:
        for entry in self.name_entries:
            unfocus(entry)

    def involved(self) -> bool:
        culprits = self.setup.culprits
        return "players" in culprits or any(c.startswith("seat:") for c in culprits)

    def tip_at(self, pos: tuple[int, int]) -> Tip | None:
        """What a kind of player is like, on its button."""
        for index, kinds in enumerate(self.kind_choices[: self.setup.count]):
            for kind, button in zip(kinds.values, kinds.buttons, strict=True):
                if button.rect.collidepoint(pos):
                    row = self.gui.rect(LABEL_X, SEATS_Y + index * SEAT_STEP, 738, 38)
                    return Tip(kind_tip(kind), row, kind_choice_label(kind), OPTION_DELAY)
        return None

    # ------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        """The count's label, a numbered disc in the seat's colour per seat, and a hint."""
        gui = self.gui
        colour = theme.BAD if "players" in self.setup.culprits else theme.TEXT
        room = gui.px(CONTROL_X - LABEL_X - 10)
        label = theme.fitted(_("Players at the table"), gui.tx(16), room, colour, "bold")
        surface.blit(label, label.get_rect(midleft=gui.rect(LABEL_X, COUNT_Y, 0, 36).midleft))
        for index in range(self.setup.count):
            self._draw_disc(surface, index)
        hint = _("A seat left without a name gets the name shown.")
        text = theme.text(hint, gui.tx(14), theme.TEXT_DIM, "italic")
        surface.blit(text, gui.rect(510, 578, 0, 0).topleft)

    def _draw_disc(self, surface: pygame.Surface, index: int) -> None:
        gui = self.gui
        centre = gui.rect(LABEL_X, SEATS_Y + index * SEAT_STEP, 24, 38).center
        radius = gui.px(13)
        pygame.draw.circle(
            surface, theme.SEAT_COLOURS[index % len(theme.SEAT_COLOURS)], centre, radius
        )
        if f"seat:{index}" in self.setup.culprits:
            pygame.draw.circle(surface, theme.BAD, centre, radius + gui.px(3), gui.px(3))
        number = theme.text(str(index + 1), gui.tx(14), theme.TEXT_DARK, "bold")
        surface.blit(number, number.get_rect(center=centre))
