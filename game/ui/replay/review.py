"""The replay's Analyse button, its progress and the list of costly decisions.

The button (in the top bar, for a game a person played) starts the analysis of the
human seats' decisions (:class:`~game.play.analysis.GameAnalysis`) in the worker;
while it runs, the button's place shows a progress bar and the viewer stays usable.
When it ends, a panel lists the marked decisions, costliest first: the hand and
trick, who decided (in a game of several people), what they did, what the expert
preferred and the estimated cost. A click on one jumps to the moment of the
decision, from that seat, with the card played and the expert's card outlined.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import pygame

from game.i18n import _, ngettext
from game.play.analysis import GameAnalysis, Judged
from game.play.replay import Replay
from game.rules.actions import Action, Bid, Play
from game.rules.record import Player
from game.ui.kit import theme
from game.ui.kit.widgets import Button
from game.ui.replay.controls import card_words
from game.ui.table.hand import Hand
from game.ui.table.layout import TableLayout
from game.ui.table.sprites import fit_text, outline, pill

ROWS_AT_MOST = 8
"""Decisions the panel shows at once (the wheel scrolls the rest)."""


class Viewer(Protocol):
    """What the panel moves: the replay scene."""

    index: int
    playing: bool

    def show_decision(self, index: int, seat: int) -> None: ...


def _words(action: Action) -> str:
    """A bid's number, or a card's words (``Q of Spades``)."""
    if isinstance(action, Bid):
        return str(action.tricks)
    assert isinstance(action, Play)
    return card_words(action.card)


def cost_words(cost: float) -> str:
    """``−1.8 points``."""
    return _("−{cost} points").format(cost=f"{cost:.1f}")


def where_words(replay: Replay, judged: Judged) -> str:
    """``Hand 4 · trick 2`` (or ``· bidding``)."""
    before = replay.moments[judged.index - 1].view
    hand = _("Hand {n}").format(n=before.hand_number)
    if isinstance(judged.action, Bid):
        return f"{hand} · {_('bidding')}"
    trick = _("trick {n}").format(n=len(before.tricks) + 1)
    return f"{hand} · {trick}"


def decision_caption(judged: Judged, players: Sequence[Player]) -> str:
    """The line under the controls at a decision from the list."""
    name, cost = players[judged.seat].name, cost_words(judged.cost)
    action, choice = _words(judged.action), _words(judged.choice)
    if isinstance(judged.action, Bid):
        words = _("{name} bid {n}; the expert preferred {choice} ({cost})")
        return words.format(name=name, n=action, choice=choice, cost=cost)
    words = _("{name} played the {card}; the expert preferred the {choice} ({cost})")
    return words.format(name=name, card=action, choice=choice, cost=cost)


def row_words(judged: Judged) -> str:
    """What was done and what the expert preferred, in a line of the list."""
    action, choice = _words(judged.action), _words(judged.choice)
    if isinstance(judged.action, Bid):
        return _("Bid {n} · expert: {choice}").format(n=action, choice=choice)
    return _("Played {card} · expert: {choice}").format(card=action, choice=choice)


@dataclass
class Row:
    """One marked decision as listed."""

    judged: Judged
    rect: pygame.Rect


class Review:
    """The Analyse button, the progress bar and the panel of costly decisions."""

    def __init__(
        self, viewer: Viewer, analysis: GameAnalysis, replay: Replay, players: Sequence[Player]
    ) -> None:
        self.viewer = viewer
        self.analysis = analysis
        self.replay = replay
        self.players = list(players)
        self.button = Button(pygame.Rect(0, 0, 1, 1), _("Analyse"), self.press)
        self.open = False
        """The panel of costly decisions is shown."""
        self.focus: Judged | None = None
        """The decision jumped to from the list (outlined while it is shown)."""
        self.scroll = 0
        self.rows: list[Row] = []
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.layout: TableLayout | None = None
        self.mouse = (-1, -1)
        self.several = sum(player.kind == "human" for player in players) > 1

    # ------------------------------------------------------------ state
    def press(self) -> None:
        """Analyse; once done, show or hide the list."""
        if self.analysis.complete:
            self.open = not self.open
        else:
            self.analysis.start()

    def update(self) -> bool:
        """Take the analysis's news; True when the button changes size (relayout)."""
        was_running = self.analysis.running
        self.analysis.update()
        if was_running and self.analysis.complete:
            self.open = True
        self.button.label = _("Analysis") if self.analysis.complete else _("Analyse")
        self.button.selected = self.open
        return self.analysis.running != self._wide

    @property
    def _wide(self) -> bool:
        """The button's place is laid out for the progress bar."""
        return self.layout is not None and self.button.rect.width > self.layout.score_button.w

    def close(self) -> None:
        """Stop the analysis under way (what was judged is kept)."""
        self.analysis.stop()

    def caption(self, index: int) -> str | None:
        """The caption at the decision jumped to, while it is shown."""
        focus = self.focus
        if focus is None or index != focus.index - 1:
            return None
        return decision_caption(focus, self.players)

    # ------------------------------------------------------------ layout
    def relayout(self, layout: TableLayout) -> None:
        """The button left of the score button; the panel under it, at the right."""
        self.layout = layout
        score = layout.score_button
        self.button.rect = score.move(-(score.width + layout.px(10)), 0)
        if self.analysis.running:
            width = layout.px(270)
            self.button.rect = pygame.Rect(score.x - layout.px(10) - width, score.y, width, score.h)
        width = min(max(layout.px(440), 380), layout.size[0] - 2 * layout.margin)
        top = layout.top_bar.bottom + layout.px(10)
        self.panel = pygame.Rect(layout.size[0] - layout.margin - width, top, width, 0)

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to the button and the panel; True when the event was theirs."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if self.button.handle_event(event):
            return True
        if not self.open:
            return False
        if event.type == pygame.MOUSEWHEEL:
            if self.panel.collidepoint(self.mouse):
                self.scroll_by(-event.y)
                return True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.panel.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for row in self.rows:
                if row.rect.collidepoint(event.pos):
                    self.jump(row.judged)
                    return True
            return self.panel.collidepoint(event.pos)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.open = False
            return True
        return False

    def scroll_by(self, rows: int) -> None:
        most = max(0, len(self.analysis.marked()) - ROWS_AT_MOST)
        self.scroll = max(0, min(most, self.scroll + rows))

    def jump(self, judged: Judged) -> None:
        """Show the moment ``judged`` was decided, from its seat; the list closes."""
        self.focus = judged
        self.open = False
        self.viewer.show_decision(judged.index - 1, judged.seat)

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, layout: TableLayout, hand: Hand, index: int) -> None:
        """The progress bar, the outlines at the decision jumped to, the panel (the top
        bar draws the button itself, among its buttons)."""
        if self.analysis.running and self._wide:
            self._draw_progress(surface, layout)  # over the button the top bar drew
        focus = self.focus
        if focus is not None and index == focus.index - 1:
            self._draw_outlines(surface, layout, hand, focus)
        if self.open:
            self._draw_panel(surface, layout)
        else:
            self.rows = []

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

    def _draw_panel(self, surface: pygame.Surface, layout: TableLayout) -> None:
        marked = self.analysis.marked()
        pad, row_h = layout.px(14), layout.px(52)
        shown = marked[self.scroll : self.scroll + ROWS_AT_MOST]
        head = layout.px(58)
        room = max(row_h, layout.status[1] - layout.px(40) - self.panel.y - head - pad)
        shown = shown[: max(1, room // row_h)]
        height = head + max(1, len(shown)) * row_h + pad
        self.panel.height = height
        theme.panel(surface, self.panel, (8, 20, 17, 238), layout.px(12), (*theme.GOLD, 120))
        inner = self.panel.width - 2 * pad
        title = theme.fitted(_("Costliest decisions"), layout.font(17), inner, theme.GOLD, "bold")
        surface.blit(title, (self.panel.x + pad, self.panel.y + pad))
        summary = ngettext(
            "{marked} of {total} decision cost half a point or more",
            "{marked} of {total} decisions cost half a point or more",
            self.analysis.total,
        ).format(marked=len(marked), total=self.analysis.total)
        line = theme.fitted(summary, layout.font(12.5), inner, theme.TEXT_DIM)
        surface.blit(line, (self.panel.x + pad, self.panel.y + pad + layout.px(24)))
        top = self.panel.y + head
        self.rows = []
        if not shown:
            words = _("No decision cost half a point or more.")
            label = theme.fitted(words, layout.font(14), inner, theme.TEXT)
            surface.blit(label, label.get_rect(midleft=(self.panel.x + pad, top + row_h // 2)))
        for number, judged in enumerate(shown):
            rect = pygame.Rect(self.panel.x + pad // 2, top + number * row_h, inner + pad, row_h)
            self.rows.append(Row(judged, rect))
            self._draw_row(surface, layout, rect, judged, rect.collidepoint(self.mouse))

    def _draw_row(
        self,
        surface: pygame.Surface,
        layout: TableLayout,
        rect: pygame.Rect,
        judged: Judged,
        hovered: bool,
    ) -> None:
        fill = (70, 96, 86, 200) if hovered else (34, 58, 50, 150)
        inner = rect.inflate(0, -layout.px(6))
        theme.panel(surface, inner, fill, layout.px(8), (255, 255, 255, 40))
        pad = layout.px(10)
        cost = theme.text(cost_words(judged.cost), layout.font(15), theme.BAD, "bold")
        surface.blit(cost, cost.get_rect(midright=(inner.right - pad, inner.centery)))
        room = inner.width - cost.get_width() - 3 * pad
        where = where_words(self.replay, judged)
        if self.several:
            where = f"{where} · {self.players[judged.seat].name}"
        first_size, second_size = layout.font(13.5), layout.font(12.5)
        where = fit_text(where, first_size, room, "bold")
        first = theme.text(where, first_size, theme.TEXT, "bold")
        what = row_words(judged)
        second = theme.text(fit_text(what, second_size, room), second_size, theme.TEXT_DIM)
        x = inner.x + pad
        surface.blit(first, (x, inner.y + layout.px(4)))
        surface.blit(second, (x, inner.bottom - layout.px(4) - second.get_height()))
