"""The score sheet: a paper score pad over the dimmed table, drawn by us.

One row per hand (number, cards, trump, dealer), and per player the bid, the
tricks taken and the running total. As players mark them on paper, a made
bid gets a pen tick and a missed one is written in pencil grey with a small
muted ring beside it (plain, not alarming); when only exact
bids score (Blob), a made bid gets a "1" written in front of it and a failed
one a solid blob of ink instead. The hand in
play is highlighted with its bids and tricks so far; hands still to come are
faintly ruled with only their size. Totals are at the foot, the leader ringed.
Tab, Esc or a click outside the pad closes it; the hands scroll with the
wheel, the arrow keys and Page Up/Page Down.

What the rows say is in ``rows`` (read from the session's public view), where
things go in ``layout``, the drawing in ``paint`` and the pen marks in
``ink``; this module is the overlay scene itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.ui.kit import theme
from game.ui.kit.layers import Layer
from game.ui.scoresheet.ink import missed_mark
from game.ui.scoresheet.paint import SheetPainter
from game.ui.scoresheet.rows import RowState, SheetRow, leaders, sheet_rows

if TYPE_CHECKING:
    from game.play.contract import TableSession
    from game.ui.kit.scene import SceneHost

DIM = 140
"""How dark the table goes under the sheet (alpha)."""


class ScoreSheetOverlay(SheetPainter):
    """The paper score pad (Tab)."""

    opaque = False
    layer = Layer.DIALOG

    def __init__(
        self, app: SceneHost, session: TableSession, pick: Callable[[int], None] | None = None
    ) -> None:
        super().__init__(app, session)
        self.pick = pick
        """Called with a finished hand's number when its row is clicked (a replay)."""
        self._placed = False
        self._key: tuple[object, ...] | None = None
        self._canvas: pygame.Surface | None = None

    # ------------------------------------------------------------- layout
    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.scale = theme.scale_for(size)
        self.text = self.app.settings.text_scale
        self._layout()
        if not self._placed:
            self._show_current()
            self._placed = True

    def _show_current(self) -> None:
        """Scroll so the hand in play (or the last one played) is in view."""
        rows = self.rows
        unscored = (i for i, row in enumerate(rows) if row.state is not RowState.DONE)
        index = max(0, next(unscored, len(rows)) - 1)
        target = (index + 2) * self.row_height - self.body.height
        self.scroll = max(0, min(self.max_scroll, target))

    def scroll_by(self, amount: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + amount))

    # ------------------------------------------------------------- events
    def dismiss(self) -> None:
        """Take the sheet away (back to the table)."""
        if self.app.top is self:
            self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            page = max(self.row_height, self.body.height - self.row_height)
            moves = {
                pygame.K_DOWN: self.row_height,
                pygame.K_UP: -self.row_height,
                pygame.K_PAGEDOWN: page,
                pygame.K_PAGEUP: -page,
                pygame.K_HOME: -(10**9),
                pygame.K_END: 10**9,
            }
            if event.key in (pygame.K_TAB, pygame.K_ESCAPE):
                self.dismiss()
            elif event.key in moves:
                self.scroll_by(moves[event.key])
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * self.row_height * 2)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if not self.pad.collidepoint(event.pos):
                self.dismiss()
            elif self.pick is not None:
                self._pick_row(event.pos)

    def row_at(self, pos: tuple[int, int]) -> SheetRow | None:
        """The hand's row under ``pos``, if any."""
        if not self.body.collidepoint(pos):
            return None
        index = (pos[1] - self.body.y + self.scroll) // self.row_height
        rows = self.rows
        return rows[index] if 0 <= index < len(rows) else None

    def _pick_row(self, pos: tuple[int, int]) -> None:
        row = self.row_at(pos)
        if row is not None and row.state is RowState.DONE and self.pick is not None:
            self.dismiss()
            self.pick(row.number)

    # ------------------------------------------------------------ drawing
    def invalidate(self) -> None:
        """Draw the pad afresh next frame."""
        self._key = None

    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self.size:
            self.resize(surface.get_size())
        view = self.session.public()
        key = (
            surface.get_size(),
            self.scroll,
            self.session.moves,
            view.phase,
            view.hand_number,
            self.app.settings.four_colour,
        )
        if key != self._key or self._canvas is None:
            self._layout()
            if self._canvas is None or self._canvas.get_size() != surface.get_size():
                self._canvas = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._canvas.fill((0, 0, 0, DIM))
            self._render(self._canvas)
            self._key = key
        surface.blit(self._canvas, (0, 0))


__all__ = [
    "RowState",
    "ScoreSheetOverlay",
    "SheetRow",
    "leaders",
    "missed_mark",
    "sheet_rows",
]
