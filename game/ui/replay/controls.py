"""The replay's controls: a row of buttons above the viewer's hand, the caption
saying what just happened, and a progress line through the game's hands."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import pygame

from game.i18n import _, pgettext
from game.play.replay import Moment, Replay
from game.rules.actions import Bid, Play
from game.rules.cards import RANK_SYMBOLS, Card
from game.rules.phase import Phase
from game.rules.record import Player
from game.ui.kit import layoutlog, theme
from game.ui.kit.widgets import Button
from game.ui.table.frame import Frame
from game.ui.table.layout import TableLayout
from game.ui.table.sprites import paint_button, pill
from game.ui.table.text import bid_words, called_you, suit_name


class Stepper(Protocol):
    """What the controls move: the replay scene."""

    playing: bool

    def step(self, by: int) -> None: ...
    def trick(self, forward: bool) -> None: ...
    def next_hand(self, forward: bool) -> None: ...
    def toggle_play(self) -> None: ...
    def turn_table(self) -> None: ...


def card_words(card: Card) -> str:
    """``Q of Spades``, ``10 of Hearts``."""
    rank = "10" if card.rank == 10 else RANK_SYMBOLS[card.rank - 2]
    return _("{rank} of {suit}").format(rank=rank, suit=suit_name(card.suit))


def caption(moment: Moment, players: Sequence[Player]) -> str:
    """What happened at ``moment``, in a line."""
    view, action = moment.view, moment.action

    def name(seat: int) -> str:
        return players[seat].name

    if moment.kind == "dealt":
        return _("Hand {n}: {size} cards, dealt by {dealer}").format(
            n=view.hand_number, size=view.hand_size, dealer=name(view.dealer)
        )
    if isinstance(action, Bid):
        if called_you(name(action.seat)):  # "You bid 2", never "You bids 2"
            if action.tricks == 0:
                return _("You bid none")
            return _("You bid {n}").format(n=action.tricks)
        return f"{name(action.seat)} {bid_words(action.tricks)}"
    assert isinstance(action, Play)
    card = card_words(action.card)
    if called_you(name(action.seat)):
        played = _("You play the {card}").format(card=card)
    else:
        played = _("{name} plays the {card}").format(name=name(action.seat), card=card)
    if view.phase is Phase.GAME_OVER:
        winners = " & ".join(name(seat) for seat in view.winners)
        return played + " · " + _("Game over: {names} won").format(names=winners)
    if moment.winner is not None:
        winner = name(moment.winner)
        if called_you(winner):
            return played + " · " + _("You take the trick")
        return played + " · " + _("{name} takes the trick").format(name=winner)
    return played


class Controls:
    """The buttons that step the replay, and what they draw."""

    def __init__(self, scene: Stepper) -> None:
        self.scene = scene
        entries = [
            (_("« Hand"), lambda: scene.next_hand(False)),
            (_("‹ Trick"), lambda: scene.trick(False)),
            (_("‹ Step"), lambda: scene.step(-1)),
            (pgettext("replay", "Play"), scene.toggle_play),
            (_("Step ›"), lambda: scene.step(1)),
            (_("Trick ›"), lambda: scene.trick(True)),
            (_("Hand »"), lambda: scene.next_hand(True)),
            (_("Turn"), scene.turn_table),
        ]
        self.buttons = [Button(pygame.Rect(0, 0, 1, 1), label, act) for label, act in entries]
        self._line: tuple[tuple[int, ...], pygame.Surface] | None = None
        """The progress line's picture and what it was drawn for."""
        self.play = self.buttons[3]
        self.bar = pygame.Rect(0, 0, 1, 1)

    def relayout(self, layout: TableLayout) -> None:
        """A row centred above the hand, where the table's status line goes."""
        width, height, gap = layout.px(86), layout.px(30), layout.px(6)
        count = len(self.buttons)
        total = count * width + (count - 1) * gap
        left = round(layout.status[0] - total / 2)
        top = round(layout.status[1] - height / 2 - layout.px(8))
        for index, button in enumerate(self.buttons):
            button.rect = pygame.Rect(left + index * (width + gap), top, width, height)
        self.bar = pygame.Rect(left, top, total, height)

    def draw(
        self, surface: pygame.Surface, frame: Frame, words: str, replay: Replay, index: int
    ) -> None:
        layout = frame.layout
        self.play.label = (
            pgettext("replay", "Pause") if self.scene.playing else pgettext("replay", "Play")
        )
        self.play.primary = True
        for button in self.buttons:
            paint_button(surface, button, layout.u)
        layoutlog.element("controls", self.bar)
        line = pill(words, layout.font(15), theme.TEXT, (6, 18, 15, 210))
        below = (self.bar.centerx, self.bar.bottom + layout.px(5))
        at = line.get_rect(midtop=below)
        surface.blit(line, at)
        layoutlog.element("controls:caption", at)
        self._progress(surface, layout, replay, index)

    def _progress(
        self, surface: pygame.Surface, layout: TableLayout, replay: Replay, index: int
    ) -> None:
        """A thin line under the top bar: how far through the game, a tick per hand.
        Drawn once per position into a picture of its own, since the table's canvas
        records blits only."""
        bar = layout.top_bar
        left, right = layout.margin, bar.right - layout.margin
        key = (left, right, layout.px(3), len(replay.moments), index)
        if self._line is None or self._line[0] != key:
            self._line = (key, progress_line(right - left, layout.px(3), replay, index))
        picture = self._line[1]
        surface.blit(picture, (left, bar.bottom + layout.px(3) - picture.get_height() // 2))


def progress_line(width: int, unit: int, replay: Replay, index: int) -> pygame.Surface:
    """The progress line's picture: the game's length, a tick where each hand was dealt,
    and the part already shown in the highlight colour."""
    unit = max(1, unit)
    picture = pygame.Surface((width + 1, 2 * unit + 1), pygame.SRCALPHA)
    y = unit
    pygame.draw.line(picture, theme.GOLD_DARK, (0, y), (width, y), max(1, unit * 2 // 3))
    last = max(1, len(replay.moments) - 1)
    for at, moment in enumerate(replay.moments):
        if moment.kind == "dealt":
            x = round(width * at / last)
            pygame.draw.line(picture, theme.GOLD_DARK, (x, 0), (x, 2 * unit))
    x = round(width * index / last)
    pygame.draw.line(picture, theme.HIGHLIGHT, (0, y), (x, y), unit)
    return picture
