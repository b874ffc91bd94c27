"""The list of a replay's costliest decisions, over the replay.

A dialog between the plates, over the dimmed replay, lists the marked decisions,
costliest first: the hand and trick, who decided (in a game of several people), what
they did, what the expert preferred and the estimated cost. A click on one jumps the replay there
and closes the list; so does Enter on the one chosen with the arrow keys. A click
beside the panel or Esc closes it. The mouse wheel scrolls a long list.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.i18n import _, ngettext
from game.play.analysis import GameAnalysis, Judged
from game.rules.actions import Bid
from game.rules.record import Player
from game.ui.kit import layoutlog, theme
from game.ui.kit.gui import veil
from game.ui.kit.layers import Layer
from game.ui.kit.scene import Scene
from game.ui.replay.review import action_words, cost_words
from game.ui.table.layout import TableLayout, table_layout
from game.ui.table.sprites import fit_text

if TYPE_CHECKING:
    from game.ui.kit.scene import SceneHost

ROWS_AT_MOST = 8
"""Decisions the panel shows at once (the wheel scrolls the rest)."""


def where_words(analysis: GameAnalysis, judged: Judged) -> str:
    """``Hand 4 · trick 2`` (or ``Hand 4 · bidding``)."""
    before = analysis.replay.moments[judged.index - 1].view
    if isinstance(judged.action, Bid):
        return _("Hand {n} · bidding").format(n=before.hand_number)
    trick = len(before.tricks) + 1
    return _("Hand {n} · trick {trick}").format(n=before.hand_number, trick=trick)


def row_words(judged: Judged) -> str:
    """What was done and what the expert preferred, in a line of the list."""
    action, choice = action_words(judged.action), action_words(judged.choice)
    if isinstance(judged.action, Bid):
        return _("Bid {n} · expert: {choice}").format(n=action, choice=choice)
    return _("Played {card} · expert: {choice}").format(card=action, choice=choice)


@dataclass
class FindingRow:
    """One marked decision as listed."""

    judged: Judged
    rect: pygame.Rect


class AnalysisOverlay(Scene):
    """The costliest decisions; a click on one calls ``pick`` with it."""

    opaque = False
    layer = Layer.DIALOG

    def __init__(
        self,
        app: SceneHost,
        analysis: GameAnalysis,
        players: Sequence[Player],
        pick: Callable[[Judged], None],
    ) -> None:
        super().__init__(app)
        self.analysis = analysis
        self.players = list(players)
        self.pick = pick
        self.marked = analysis.marked()
        self.several = sum(player.kind == "human" for player in players) > 1
        self.scroll = 0
        self.chosen: int | None = None
        """The decision chosen with the arrow keys (its place in the list)."""
        self.visible = ROWS_AT_MOST
        """Rows the panel has room for (the wheel scrolls the rest)."""
        self.rows: list[FindingRow] = []
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.layout: TableLayout | None = None
        self.mouse = (-1, -1)

    def resize(self, size: tuple[int, int]) -> None:
        players = max(3, len(self.players))
        settings = self.app.settings
        layout = self.layout = table_layout(
            size, players, 0, settings.card_scale, settings.text_scale
        )
        zone = layout.trick_zone  # between the plates: the panel covers none of them
        width = min(max(layout.px(440), 380), zone.width)
        top = max(zone.top, layout.top_bar.bottom + layout.px(10))
        self.panel = pygame.Rect(zone.centerx - width // 2, top, width, 0)

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            row = next((row for row in self.rows if row.rect.collidepoint(event.pos)), None)
            if row is not None:
                self.close_list()
                self.pick(row.judged)
            elif not self.panel.collidepoint(event.pos):
                self.close_list()
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)

    def _key(self, key: int) -> None:
        if key in (pygame.K_ESCAPE, pygame.K_TAB):
            self.close_list()
        elif key in (pygame.K_DOWN, pygame.K_UP) and self.marked:
            step = 1 if key == pygame.K_DOWN else -1
            start = -1 if step == 1 else len(self.marked)
            chosen = self.chosen if self.chosen is not None else start
            self.chosen = max(0, min(len(self.marked) - 1, chosen + step))
            if self.chosen < self.scroll:
                self.scroll = self.chosen
            elif self.chosen >= self.scroll + self.visible:
                self.scroll = self.chosen - self.visible + 1
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.chosen is not None:
            self.close_list()
            self.pick(self.marked[self.chosen])

    def title_of(self, judged: Judged) -> str:
        """A row's first line: where, and who when several people played."""
        where = where_words(self.analysis, judged)
        if self.several:
            return f"{where} · {self.players[judged.seat].name}"
        return where

    def scroll_by(self, rows: int) -> None:
        most = max(0, len(self.marked) - self.visible)
        self.scroll = max(0, min(most, self.scroll + rows))

    def close_list(self) -> None:
        if self.app.top is self:
            self.app.pop()

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout
        if layout is None:
            return
        grow = layout.text  # the rows and the heading make room for larger words
        pad, row_h, head = layout.px(14), layout.px(52 * grow), layout.px(58 * grow)
        room = max(row_h, layout.status[1] - layout.px(40) - self.panel.y - head - pad)
        self.visible = max(1, min(ROWS_AT_MOST, room // row_h))
        self.scroll = max(0, min(self.scroll, len(self.marked) - self.visible))
        shown = self.marked[self.scroll : self.scroll + self.visible]
        self.panel.height = head + max(1, len(shown)) * row_h + pad
        surface.blit(veil(surface.get_size(), 120), (0, 0))
        theme.panel(surface, self.panel, (8, 20, 17, 255), layout.px(12), (*theme.GOLD, 120))
        layoutlog.element("analysis", self.panel)
        inner = self.panel.width - 2 * pad
        left, top = self.panel.x + pad, self.panel.y + pad
        title = theme.fitted(_("Costliest decisions"), layout.font(17), inner, theme.GOLD, "bold")
        surface.blit(title, (left, top))
        total = self.analysis.total
        summary = ngettext(
            "{marked} of {total} decision cost half a point or more",
            "{marked} of {total} decisions cost half a point or more",
            total,
        ).format(marked=len(self.marked), total=total)
        line = theme.fitted(summary, layout.font(12.5), inner, theme.TEXT_DIM)
        surface.blit(line, (left, top + layout.px(24 * grow)))
        top = self.panel.y + head
        self.rows = []
        if not shown:
            words = _("No decision cost half a point or more.")
            label = theme.fitted(words, layout.font(14), inner, theme.TEXT)
            surface.blit(label, label.get_rect(midleft=(left, top + row_h // 2)))
        for number, judged in enumerate(shown):
            rect = pygame.Rect(self.panel.x + pad // 2, top + number * row_h, inner + pad, row_h)
            self.rows.append(FindingRow(judged, rect))
            lit = rect.collidepoint(self.mouse) or self.chosen == self.scroll + number
            self._draw_row(surface, layout, rect, judged, lit)
        if len(self.marked) > len(shown):
            track = pygame.Rect(
                self.panel.right - layout.px(5.5), top, layout.px(3), len(shown) * row_h
            )
            self._draw_scrollbar(surface, track)

    def _draw_scrollbar(self, surface: pygame.Surface, track: pygame.Rect) -> None:
        """Where the rows shown are in the whole list (the wheel scrolls it)."""
        total = len(self.marked)
        theme.panel(surface, track, (255, 255, 255, 40), track.width // 2, None)
        length = max(track.width * 3, track.height * self.visible // total)
        offset = (track.height - length) * self.scroll // max(1, total - self.visible)
        thumb = pygame.Rect(track.x, track.y + offset, track.width, length)
        theme.panel(surface, thumb, (*theme.GOLD, 220), track.width // 2, None)

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
        where = self.title_of(judged)
        first_size, second_size = layout.font(13.5), layout.font(12.5)
        where = fit_text(where, first_size, room, "bold")
        first = theme.text(where, first_size, theme.TEXT, "bold")
        what = fit_text(row_words(judged), second_size, room)
        second = theme.text(what, second_size, theme.TEXT_DIM)
        x = inner.x + pad
        surface.blit(first, (x, inner.y + layout.px(4)))
        surface.blit(second, (x, inner.bottom - layout.px(4) - second.get_height()))
