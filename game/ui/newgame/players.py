"""The new game's Players page: how many seats, and for each a name and who plays it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
from pygame_gui.elements import UITextEntryLine

from game.i18n import _
from game.play.setup import NAME_LENGTH, offered_levels
from game.rules.ruleset import MAX_PLAYERS, MIN_PLAYERS
from game.ui.kit import theme
from game.ui.kit.gui import Choice
from game.ui.newgame.form import NewGameForm
from game.ui.table.text import level_name


def kind_label(kind: str) -> str:
    """The name of a seat's kind: Human, or the computer's level."""
    return _("Human") if kind == "human" else level_name(kind)


def kind_tip(kind: str) -> str:
    """What playing against this kind of player is like."""
    tips = {
        "human": _("Played by a person at this computer (pass the mouse around)."),
        "easy": _("A beginner: bids by feel and plays the obvious card."),
        "medium": _("A steady club player who counts trumps and guards the bid."),
        "hard": _("A strong player who reads the table and plans the whole hand."),
        "expert": _("Thinks through many possible deals before every decision."),
    }
    return tips.get(kind, "")


class SeatsPage(NewGameForm):
    """Builds and draws the Players page: a numbered row per seat."""

    def _build_players(self) -> None:
        page = self.page_elements["players"]
        self.count_choice = self.choice(
            self.rect(700, 150, 520, 36),
            [(n, str(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)],
            self.setup.count,
            self.set_count,
        )
        page.extend(self.count_choice.buttons)
        self.name_entries = []
        self.kind_choices: list[Choice[str]] = []
        self.seat_elements: list[list[Any]] = []
        kinds = ["human", *offered_levels()]
        for index in range(MAX_PLAYERS):
            y = 204 + index * 46
            entry = UITextEntryLine(
                self.rect(510, y, 240, 38),
                self.manager,
                initial_text=self.seats[index].name,
                placeholder_text=_("Computer"),
            )
            entry.set_text_length_limit(NAME_LENGTH)
            kind = self.choice(
                self.rect(766, y + 1, 454, 36),
                [(k, kind_label(k)) for k in kinds],
                self.seats[index].kind,
                self._kind_setter(index),
                tooltips=[kind_tip(k) for k in kinds],
            )
            self.name_entries.append(entry)
            self.kind_choices.append(kind)
            self.seat_elements.append([entry, *kind.buttons])
            page.extend([entry, *kind.buttons])

    def _kind_setter(self, seat: int) -> Callable[[str], None]:
        return lambda kind: self.set_kind(seat, kind)

    def _draw_seats(self, surface: pygame.Surface) -> None:
        """The page's heading, a numbered disc in the seat's colour per seat, and a hint."""
        colour = theme.BAD if "players" in self.culprits else theme.TEXT
        label = theme.text(_("Players at the table"), self.px(16), colour, "bold")
        surface.blit(label, label.get_rect(midleft=self.rect(482, 150, 0, 36).midleft))
        for index in range(self.setup.count):
            row = self.rect(482, 204 + index * 46, 24, 38)
            colour = theme.SEAT_COLOURS[index % len(theme.SEAT_COLOURS)]
            centre = row.center
            radius = self.px(13)
            pygame.draw.circle(surface, colour, centre, radius)
            if f"seat:{index}" in self.culprits:
                pygame.draw.circle(surface, theme.BAD, centre, radius + self.px(3), self.px(3))
            number = theme.text(str(index + 1), self.px(14), theme.TEXT_DARK, "bold")
            surface.blit(number, number.get_rect(center=centre))
        hint = _("A seat left without a name is played by the computer.")
        text = theme.text(hint, self.px(14), theme.TEXT_DIM, "italic")
        surface.blit(text, self.rect(510, 578, 0, 0).topleft)
