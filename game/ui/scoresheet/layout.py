"""Where everything on the score sheet goes, for the window's size and the number of hands."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.kit.scene import Scene
from game.ui.scoresheet.rows import SheetRow, sheet_rows

if TYPE_CHECKING:
    from game.play.contract import TableSession
    from game.ui.kit.scene import SceneHost


class SheetLayout(Scene):
    """The pad's rectangles: binding, headers, the hand rows, totals and footer.

    The hand columns (number, cards, trump, dealer) come first, then per
    player three columns: bid, tricks taken and score.
    """

    def __init__(self, app: SceneHost, session: TableSession) -> None:
        super().__init__(app)
        self.session = session
        self.scroll = 0
        self.max_scroll = 0
        self.size = (0, 0)
        self.scale = 1.0
        self.text = 1.0
        """The Text size setting: letters, and the rows and bands that hold them, grow by it."""

    @property
    def rows(self) -> list[SheetRow]:
        return sheet_rows(self.session)

    def px(self, value: float) -> int:
        """``value`` pixels at 1280x720, in this window."""
        return round(value * self.scale)

    def tx(self, value: float) -> int:
        """``value`` pixels at 1280x720 and the normal text size, in this window at the
        chosen text size (letters and the heights of what holds them)."""
        return round(value * self.scale * self.text)

    def _layout(self) -> None:
        width, height = self.size
        players = self.session.rules.players
        px, tx = self.px, self.tx
        self.info_widths = [px(40), px(50), px(58), px(58)]
        info = sum(self.info_widths)
        margin = px(26)
        room = min(round(width * 0.94), px(1180)) - 2 * margin - info
        self.player_width = max(px(84), min(px(168), room // players))
        pad_width = info + self.player_width * players + 2 * margin
        # binding, header, sub-header, totals and footer around the hand rows
        chrome = tx(44) + px(12) + tx(34) + px(4) + tx(20) + px(4) + px(4) + tx(46) + tx(30)
        room_height = min(round(height * 0.93), px(860)) - chrome
        count = max(1, len(self.rows))
        self.row_height = max(tx(24), min(tx(30), room_height // count))
        body_height = min(room_height, count * self.row_height)
        self.pad = pygame.Rect(0, 0, pad_width, chrome + body_height)
        self.pad.center = (width // 2, height // 2 + px(4))
        self.left = self.pad.x + margin
        self.binding = pygame.Rect(self.pad.x, self.pad.y, self.pad.width, tx(44))
        self.header = pygame.Rect(self.left, self.binding.bottom + px(12), 0, tx(34))
        self.subheader = pygame.Rect(self.left, self.header.bottom + px(4), 0, tx(20))
        top = self.subheader.bottom + px(4)
        self.body = pygame.Rect(self.left, top, self.pad.width - 2 * margin, body_height)
        self.totals = pygame.Rect(self.left, self.body.bottom + px(4), 0, tx(46))
        self.footer = pygame.Rect(self.pad.x, self.totals.bottom, self.pad.width, tx(30))
        self.max_scroll = max(0, count * self.row_height - self.body.height)
        self.scroll = min(self.scroll, self.max_scroll)

    def column_x(self, seat: int) -> int:
        """The left edge of ``seat``'s columns."""
        return self.left + sum(self.info_widths) + seat * self.player_width

    def sub_columns(self, seat: int) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """Bid, tricks and score columns of ``seat`` (full body height, x only matters)."""
        x = self.column_x(seat)
        w = self.player_width
        bid = round(w * 0.3)
        took = round(w * 0.26)
        return (
            pygame.Rect(x, 0, bid, 0),
            pygame.Rect(x + bid, 0, took, 0),
            pygame.Rect(x + bid + took, 0, w - bid - took, 0),
        )
