"""The replay's Analyse button, its progress, and the decision jumped to.

The button (in the top bar, for a game a person played) starts the analysis of the
human seats' decisions (:class:`~game.play.analysis.GameAnalysis`) in the worker;
while it runs, the button's place shows a progress bar and the viewer stays usable.
When it ends, the list of marked decisions opens (:mod:`game.ui.replay.findings`;
the button, now Analysis, opens it again). A click on one jumps to the moment of
the decision, from that seat, with the card played and the expert's card outlined
and the caption saying what the expert preferred and the estimated cost.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import pygame

from game.i18n import _, ngettext
from game.play.analysis import GameAnalysis, Judged
from game.rules.actions import Action, Bid, Play
from game.rules.record import Player
from game.ui.kit import theme
from game.ui.kit.widgets import Button
from game.ui.replay.controls import card_words
from game.ui.table.hand import Hand
from game.ui.table.layout import TableLayout
from game.ui.table.sprites import outline, pill


class Viewer(Protocol):
    """What a jump moves: the replay scene."""

    def show_decision(self, index: int, seat: int) -> None: ...


def action_words(action: Action) -> str:
    """A bid's number, or a card's words (``Q of Spades``)."""
    if isinstance(action, Bid):
        return str(action.tricks)
    assert isinstance(action, Play)
    return card_words(action.card)


def cost_words(cost: float) -> str:
    """``−1.8 points``."""
    return _("−{cost} points").format(cost=f"{cost:.1f}")


def decision_caption(judged: Judged, players: Sequence[Player]) -> str:
    """The line under the controls at a decision from the list."""
    name, cost = players[judged.seat].name, cost_words(judged.cost)
    action, choice = action_words(judged.action), action_words(judged.choice)
    if isinstance(judged.action, Bid):
        words = _("{name} bid {n}; the expert preferred {choice} ({cost})")
        return words.format(name=name, n=action, choice=choice, cost=cost)
    words = _("{name} played the {card}; the expert preferred the {choice} ({cost})")
    return words.format(name=name, card=action, choice=choice, cost=cost)


class Review:
    """The Analyse button, the progress bar and the decision jumped to."""

    def __init__(
        self,
        viewer: Viewer,
        analysis: GameAnalysis,
        players: Sequence[Player],
        show_list: Callable[[], None],
    ) -> None:
        self.viewer = viewer
        self.analysis = analysis
        self.players = list(players)
        self.show_list = show_list
        """Opens the list of costly decisions (over the replay)."""
        self.button = Button(pygame.Rect(0, 0, 1, 1), _("Analyse"), self.press)
        self.focus: Judged | None = None
        """The decision jumped to from the list (outlined while it is shown)."""
        self.layout: TableLayout | None = None
        self.stopped: tuple[int | None] | None = None
        """Set when the analysis stopped on an error: the caption says so at the
        moment shown then (its index, filled in at the first caption), until the
        player moves on or presses the button again."""

    # ------------------------------------------------------------ state
    def press(self) -> None:
        """Analyse; once done, show the list."""
        self.stopped = None
        if self.analysis.complete:
            self.show_list()
        else:
            self.analysis.start()

    def update(self) -> bool:
        """Take the analysis's news (the list opens when it ends); True when the
        button changes size (the scene lays it out again)."""
        was_running = self.analysis.running
        self.analysis.update()
        if was_running and self.analysis.complete:
            self.show_list()
        elif was_running and self.analysis.error is not None:
            self.stopped = (None,)
        label = _("Analysis") if self.analysis.complete else _("Analyse")
        self.button.label = "" if self.analysis.running else label  # the bar says it
        return self.analysis.running != self._wide

    @property
    def _wide(self) -> bool:
        """The button's place is laid out for the progress bar."""
        return self.layout is not None and self.button.rect.width > self.layout.score_button.w

    def close(self) -> None:
        """Stop the analysis under way (what was judged is kept)."""
        self.analysis.stop()

    def caption(self, index: int) -> str | None:
        """The caption at the decision jumped to, while it is shown, or why the
        analysis stopped."""
        if self.stopped is not None:
            if self.stopped[0] is None:
                self.stopped = (index,)
            if self.stopped[0] == index:
                return _("The analysis stopped before the end. Press Analyse to go on.")
            self.stopped = None
        focus = self.focus
        if focus is None or index != focus.index - 1:
            return None
        return decision_caption(focus, self.players)

    # ------------------------------------------------------------ layout
    def relayout(self, layout: TableLayout) -> None:
        """The button left of the score button, wider while the progress bar shows."""
        self.layout = layout
        score = layout.score_button
        self.button.rect = score.move(-(score.width + layout.px(10)), 0)
        if self.analysis.running:
            width = layout.px(270)
            self.button.rect = pygame.Rect(score.x - layout.px(10) - width, score.y, width, score.h)

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the event was the button's."""
        return self.button.handle_event(event)

    def jump(self, judged: Judged) -> None:
        """Show the moment ``judged`` was decided, from its seat."""
        self.focus = judged
        self.viewer.show_decision(judged.index - 1, judged.seat)

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, layout: TableLayout, hand: Hand, index: int) -> None:
        """The progress bar and the outlines at the decision jumped to (the top bar
        draws the button itself, among its buttons)."""
        if self.analysis.running and self._wide:
            self._draw_progress(surface, layout)  # over the button the top bar drew
        focus = self.focus
        if focus is not None and index == focus.index - 1:
            self._draw_outlines(surface, layout, hand, focus)

    def _draw_progress(self, surface: pygame.Surface, layout: TableLayout) -> None:
        rect = self.button.rect
        radius = rect.height // 2
        theme.panel(surface, rect, (6, 18, 15, 255), radius, (*theme.GOLD_DARK, 255))
        done, total = self.analysis.done, max(1, self.analysis.total)
        filled = round(rect.width * min(1.0, done / total))
        if filled >= 2 * radius:
            bar = pygame.Rect(rect.x, rect.y, filled, rect.height)
            theme.panel(surface, bar, (*theme.GOLD_DARK, 170), radius, None)
        words = ngettext(
            "Analysing… {done} of {total} decision",
            "Analysing… {done} of {total} decisions",
            total,
        ).format(done=done, total=total)
        label = theme.fitted(words, layout.font(13), rect.width - layout.px(16), theme.TEXT)
        surface.blit(label, label.get_rect(center=rect.center))

    def _draw_outlines(
        self, surface: pygame.Surface, layout: TableLayout, hand: Hand, focus: Judged
    ) -> None:
        """The card played outlined in red, the expert's in green, each named on it."""
        marks = []
        if isinstance(focus.action, Play) and isinstance(focus.choice, Play):
            marks = [
                (focus.action.card, theme.BAD, _("Played")),
                (focus.choice.card, theme.GOOD, _("Expert")),
            ]
        width, height = layout.card
        radius = max(2, round(width * 0.06))
        for card, colour, word in marks:
            item = hand.item(card)
            if item is None:
                continue
            rect = pygame.Rect(round(item.x), round(item.y), width, height)
            edge = outline((width, height), radius, (*colour, 255), layout.px(4))
            surface.blit(edge, rect)
            tag = pill(word, layout.font(12), theme.TEXT_DARK, (*colour, 240))
            surface.blit(tag, tag.get_rect(midbottom=(rect.centerx, rect.bottom - layout.px(8))))
