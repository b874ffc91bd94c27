"""Drawing the score sheet: the pad, its headings, the hand rows, totals and footer."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import _, ngettext, tr
from game.i18n.describe import custom_name
from game.rules.phase import Phase
from game.rules.presets import preset_for
from game.ui.cards.art import suit_colour, suit_symbol
from game.ui.kit import theme
from game.ui.kit.widgets import draw_badge
from game.ui.scoresheet.ink import (
    FAINT,
    HIGHLIGHTER,
    MADE_ONE,
    MARGIN_RED,
    PENCIL,
    RULED,
    TICK_INK,
    darker,
    draw_paper,
    ink_blob,
    missed_mark,
    pen_ring,
    pen_tick,
)
from game.ui.scoresheet.layout import SheetLayout
from game.ui.scoresheet.rows import (
    BLOB_PREFIX,
    BidMark,
    RowState,
    SheetRow,
    blob_marks,
    leaders,
)
from game.ui.table.sprites import fit_text

if TYPE_CHECKING:
    from game.play.contract import TableSession
    from game.rules.view import SeatView
    from game.ui.kit.scene import SceneHost


class SheetPainter(SheetLayout):
    """Draws the pad as laid out; each part of it has its own method."""

    pick: Callable[[int], None] | None = None
    """What a click on a finished hand does (a replay jumps there), if anything."""

    def __init__(self, app: SceneHost, session: TableSession) -> None:
        super().__init__(app, session)
        self._blobs: dict[tuple[int, int, int, int, bool], pygame.Surface] = {}

    @property
    def blob_marks(self) -> bool:
        """Whether the sheet uses Blob's marks (a 1 before a made bid, a blob over a
        failed one): when only exact bids score."""
        return blob_marks(self.session.public().rules)

    def _render(self, surface: pygame.Surface) -> None:
        """The pad, onto the dimming layer the size of the window."""
        view = self.session.public()
        rows = self.rows
        self._draw_pad(surface)
        self._draw_header(surface)
        clip = surface.get_clip()
        surface.set_clip(self.body.inflate(self.px(8), 0).clip(self.pad))
        for index, row in enumerate(rows):
            y = self.body.y + index * self.row_height - self.scroll
            if y + self.row_height < self.body.y or y > self.body.bottom:
                continue
            self._draw_row(surface, row, y)
        self._draw_lines(surface)
        surface.set_clip(clip)
        self._draw_scroll_marks(surface)
        self._draw_totals(surface, view)
        self._draw_footer(surface, view)

    # --------------------------------------------------------- the pad
    def _draw_pad(self, surface: pygame.Surface) -> None:
        px = self.px
        draw_paper(surface, self.pad, self.binding, px)
        preset = preset_for(self.session.rules)
        name = tr(preset.name) if preset else custom_name()
        title = theme.text(_("Score sheet"), self.tx(20), theme.HIGHLIGHT, "bold")
        surface.blit(title, title.get_rect(midleft=(self.pad.x + px(22), self.binding.centery)))
        seed = self.session.deal_number
        info = name if seed is None else f"{name}  \u00b7  " + _("Deal #{seed}").format(seed=seed)
        text = theme.text(info, self.tx(14), theme.TEXT_DIM, "italic")
        surface.blit(text, text.get_rect(midright=(self.pad.right - px(22), self.binding.centery)))
        # the red margin after the hand columns, as on a ledger
        x = self.column_x(0) - px(5)
        for offset in (0, px(3)):
            pygame.draw.line(
                surface,
                MARGIN_RED,
                (x + offset, self.binding.bottom + px(10)),
                (x + offset, self.footer.y - px(2)),
                max(1, px(1)),
            )

    def _draw_header(self, surface: pygame.Surface) -> None:
        px = self.px
        labels = [_("Hand"), _("Cards"), _("Trump"), _("Dealer")]
        x = self.left
        for width, label in zip(self.info_widths, labels, strict=True):
            text = theme.fitted(label, self.tx(12), width - px(4), theme.INK, "bold")
            surface.blit(
                text, text.get_rect(midbottom=(x + width // 2, self.subheader.bottom - px(2)))
            )
            x += width
        for seat, player in enumerate(self.session.players):
            self._draw_player_heading(surface, seat, player.name)
        pygame.draw.line(
            surface,
            theme.INK,
            (self.left, self.subheader.bottom + px(1)),
            (self.body.right, self.subheader.bottom + px(1)),
            max(1, px(2)),
        )

    def _draw_player_heading(self, surface: pygame.Surface, seat: int, name: str) -> None:
        """The player's name on a tab in the seat's colour, and the column labels under it."""
        px = self.px
        left = self.column_x(seat)
        tab = pygame.Rect(left + px(4), self.header.y, self.player_width - px(8), self.tx(30))
        colour = theme.SEAT_COLOURS[seat % len(theme.SEAT_COLOURS)]
        pygame.draw.rect(surface, colour, tab, border_radius=px(6))
        pygame.draw.rect(surface, darker(colour), tab, max(1, px(1)), border_radius=px(6))
        away = self.session.absent.get(seat)
        room = tab.width - px(12) - (px(20) if away else 0)
        name = fit_text(name, self.tx(15), room, "bold", strip=False)
        text = theme.text(name, self.tx(15), theme.TEXT_DARK, "bold")
        centre = (tab.centerx - (px(10) if away else 0), tab.centery)
        surface.blit(text, text.get_rect(center=centre))
        if away is not None:  # away from a network table: a mark on the tab
            ink = theme.BAD if away == "disconnected" else theme.GOLD_DARK
            at = (tab.right - px(13), tab.centery)
            draw_badge(
                surface, at, px(8), ink, "!" if away == "disconnected" else "C", px(11), theme.TEXT
            )
        for column, label in zip(
            self.sub_columns(seat), (_("bid"), _("took"), _("score")), strict=True
        ):
            room = column.width - px(2)  # a narrow column: smaller letters, then cut
            label = fit_text(label, max(6, round(self.tx(11) * 0.75)), room, "italic")
            text = theme.fitted(label, self.tx(11), room, PENCIL, "italic", smallest=0.75)
            surface.blit(
                text,
                text.get_rect(midbottom=(column.centerx, self.subheader.bottom - px(2))),
            )

    def _draw_lines(self, surface: pygame.Surface) -> None:
        """The ruling: a line under every row and between the players."""
        px = self.px
        rows = len(self.rows)
        for index in range(1, rows + 1):
            y = self.body.y + index * self.row_height - self.scroll
            if self.body.y <= y <= self.body.bottom:
                pygame.draw.line(surface, RULED, (self.left, y), (self.body.right, y))
        bottom = min(self.body.bottom, self.body.y + rows * self.row_height - self.scroll)
        players = self.session.rules.players
        for seat in range(1, players):
            x = self.column_x(seat)
            pygame.draw.line(
                surface, (120, 130, 150), (x, self.header.y), (x, self.totals.bottom), px(1)
            )
        for seat in range(players):
            for column in self.sub_columns(seat)[1:]:
                pygame.draw.line(
                    surface, (216, 222, 226), (column.x, self.body.y), (column.x, bottom)
                )

    # --------------------------------------------------------- the hands
    def _draw_row(self, surface: pygame.Surface, row: SheetRow, y: int) -> None:
        px = self.px
        height = self.row_height
        middle = y + height // 2
        if row.state is RowState.CURRENT:
            band = pygame.Rect(
                self.left - px(6), y + px(2), self.body.width + px(12), height - px(3)
            )
            layer = pygame.Surface(band.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, HIGHLIGHTER, layer.get_rect(), border_radius=px(5))
            surface.blit(layer, band)
        future = row.state is RowState.FUTURE
        ink = FAINT if future else theme.INK
        size = self.tx(15)
        x = self.left
        widths = self.info_widths
        number = theme.text(str(row.number), size, ink, "bold")
        surface.blit(number, number.get_rect(center=(x + widths[0] // 2, middle)))
        x += widths[0]
        cards = theme.text(str(row.size), size, ink)
        surface.blit(cards, cards.get_rect(center=(x + widths[1] // 2, middle)))
        x += widths[1]
        if not future:
            self._draw_trump(surface, row, (x + widths[2] // 2, middle))
        x += widths[2]
        if row.dealer is not None:
            self._draw_dealer(surface, row.dealer, (x + widths[3] // 2, middle))
        if future:
            return
        for seat in range(len(row.bids)):
            self._draw_cells(surface, row, seat, y)

    def _draw_trump(self, surface: pygame.Surface, row: SheetRow, centre: tuple[int, int]) -> None:
        px = self.px
        if row.trump is None:
            text = theme.text(_("NT"), self.tx(12), PENCIL, "bold")
            surface.blit(text, text.get_rect(center=centre))
            return
        colour = suit_colour(row.trump, self.app.settings.four_colour)
        if row.trump_card is not None:
            rank = theme.text(row.trump_card.rank.label, self.tx(13), colour, "bold")
            total = rank.get_width() + px(14)
            left = centre[0] - total // 2
            surface.blit(rank, rank.get_rect(midleft=(left, centre[1])))
            suit_symbol(
                surface, row.trump, (left + rank.get_width() + px(8), centre[1]), px(13), colour
            )
        else:
            suit_symbol(surface, row.trump, centre, px(14), colour)

    def _draw_dealer(self, surface: pygame.Surface, dealer: int, centre: tuple[int, int]) -> None:
        px = self.px
        colour = theme.SEAT_COLOURS[dealer % len(theme.SEAT_COLOURS)]
        pygame.draw.circle(surface, colour, centre, px(9))
        pygame.draw.circle(surface, darker(colour), centre, px(9), max(1, px(1)))
        name = self.session.players[dealer].name
        initial = theme.text(name[:1].upper(), self.tx(11), theme.TEXT_DARK, "bold")
        surface.blit(initial, initial.get_rect(center=centre))

    def _draw_cells(self, surface: pygame.Surface, row: SheetRow, seat: int, y: int) -> None:
        """One player's bid (ticked or blobbed once the hand is over), tricks and score."""
        px = self.px
        middle = y + self.row_height // 2
        took_col, score_col = self.sub_columns(seat)[1:]
        size = self.tx(15)
        current = row.state is RowState.CURRENT
        self._draw_bid(surface, row, seat, y)
        took = row.taken[seat]
        if took is not None:
            colour = PENCIL if current else theme.INK
            text = theme.text(str(took), size, colour)
            surface.blit(text, text.get_rect(center=(took_col.centerx, middle)))
        total = row.totals[seat]
        points = row.points[seat]
        if total is not None:
            text = theme.text(str(total), self.tx(16), theme.INK, "bold")
            rect = text.get_rect(midright=(score_col.right - px(6), middle))
            surface.blit(text, rect)
            if points is not None:
                gained = f"+{points}" if points > 0 else str(points)
                small = theme.text(
                    gained, self.tx(11), TICK_INK if points > 0 else PENCIL, "italic"
                )
                place = small.get_rect(bottomright=(rect.left - px(4), rect.bottom - px(2)))
                if place.left >= score_col.left + px(2):  # only where it has room
                    surface.blit(small, place)

    def _draw_bid(self, surface: pygame.Surface, row: SheetRow, seat: int, y: int) -> None:
        """The bid in pencil while the hand is played, in ink once it is scored, with the
        scorer's mark: a tick, or a grey bid with a small ring when missed, or under
        Blob's marks a 1 in front of a made bid and a blob over a failed one."""
        px = self.px
        middle = y + self.row_height // 2
        bid_col = self.sub_columns(seat)[0]
        size = self.tx(15)
        bid = row.bids[seat]
        if bid is not None:
            colour = PENCIL if row.state is RowState.CURRENT else theme.INK
            text = theme.text(str(bid), size, colour, "bold")
            mark = row.mark(seat)
            if mark is BidMark.ONE:
                self._draw_made_one(surface, text, (bid_col.centerx, middle))
                return
            rect = text.get_rect(center=(bid_col.centerx - px(4), middle))
            if mark is BidMark.BLOB:
                rect.centerx = bid_col.centerx
            if mark is BidMark.SCRIBBLE:  # missed: the bid in pencil grey, a ring beside it
                text = theme.text(str(bid), size, PENCIL, "bold")
                surface.blit(text, rect)
                missed_mark(surface, rect, px)
                return
            surface.blit(text, rect)
            if mark is BidMark.TICK:
                self._draw_tick(surface, (rect.right + px(3), middle))
            elif mark is BidMark.BLOB:  # Blob's own mark: inked out, the bid still shown
                self._draw_blob(surface, row.number, seat, bid_col, y)
                ghost = theme.text(str(bid), self.tx(14), theme.PAPER, "bold")
                surface.blit(ghost, ghost.get_rect(center=(bid_col.centerx, middle)))
        elif row.secret and row.secret[seat]:
            text = theme.text("?", size, PENCIL, "bold")
            surface.blit(text, text.get_rect(center=(bid_col.centerx, middle)))

    def _draw_made_one(
        self, surface: pygame.Surface, bid: pygame.Surface, centre: tuple[int, int]
    ) -> None:
        """A made bid under Blob's marks: a smaller green "1" written in front of it
        (a made 3 reads "13"), the pair centred on ``centre``."""
        px = self.px
        one = theme.text(BLOB_PREFIX, self.tx(12), MADE_ONE, "bold")
        gap = px(1)
        left = centre[0] - (one.get_width() + gap + bid.get_width()) // 2
        rect = bid.get_rect(midleft=(left + one.get_width() + gap, centre[1]))
        surface.blit(one, one.get_rect(bottomleft=(left, rect.bottom - px(1))))
        surface.blit(bid, rect)

    def _draw_tick(self, surface: pygame.Surface, start: tuple[int, int]) -> None:
        """A quick pen tick: short stroke down, long stroke up."""
        pen_tick(surface, start, self.px)

    def _draw_blob(
        self, surface: pygame.Surface, number: int, seat: int, column: pygame.Rect, y: int
    ) -> None:
        """The failed bid of ``seat`` in hand ``number`` under Blob's marks: inked out
        with a solid blob (kept per cell), the bid shown light on it."""
        width = column.width - self.px(2)
        height = self.row_height - self.px(2)
        key = (number, seat, width, height, True)
        blob = self._blobs.get(key)
        if blob is None:
            seed = number * 31 + seat  # never the deal number: it may be a secret
            blob = ink_blob(width, height, seed)
            self._blobs[key] = blob
        surface.blit(blob, (column.x + self.px(1), y + self.px(1)))

    def _draw_scroll_marks(self, surface: pygame.Surface) -> None:
        """Little arrows when more hands are above or below."""
        if not self.max_scroll:
            return
        px = self.px
        x = self.pad.right - px(12)
        if self.scroll > 0:
            top = self.body.y + px(4)
            pygame.draw.polygon(
                surface, PENCIL, [(x - px(5), top + px(6)), (x + px(5), top + px(6)), (x, top)]
            )
        if self.scroll < self.max_scroll:
            bottom = self.body.bottom - px(4)
            pygame.draw.polygon(
                surface,
                PENCIL,
                [(x - px(5), bottom - px(6)), (x + px(5), bottom - px(6)), (x, bottom)],
            )
        track = pygame.Rect(x - px(1), self.body.y + px(14), px(3), self.body.height - px(28))
        pygame.draw.rect(surface, (226, 222, 206), track, border_radius=px(1))
        total = self.body.height + self.max_scroll
        length = max(px(18), round(track.height * self.body.height / total))
        top = track.y + round((track.height - length) * self.scroll / self.max_scroll)
        pygame.draw.rect(surface, PENCIL, (track.x, top, track.width, length), border_radius=px(1))

    # --------------------------------------------------------- the foot
    def _draw_totals(self, surface: pygame.Surface, view: SeatView) -> None:
        px = self.px
        totals = view.scores
        top = self.totals.y
        pygame.draw.line(surface, theme.INK, (self.left, top), (self.body.right, top), px(2))
        pygame.draw.line(
            surface, theme.INK, (self.left, top + px(4)), (self.body.right, top + px(4)), px(1)
        )
        label = _("Final") if view.phase is Phase.GAME_OVER else _("Total")
        text = theme.text(label, self.tx(17), theme.INK, "bold")
        middle = top + px(4) + (self.totals.height - px(4)) // 2
        surface.blit(text, text.get_rect(midleft=(self.left + px(4), middle)))
        best = leaders(totals)
        for seat, total in enumerate(totals):
            centre = (self.column_x(seat) + self.player_width // 2, middle)
            number = theme.text(str(total), self.tx(22), theme.INK, "bold")
            rect = number.get_rect(center=centre)
            surface.blit(number, rect)
            if seat in best:
                self._draw_ring(surface, rect.inflate(px(26), px(8)), seat)

    def _draw_ring(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        """The leader's total, ringed by hand in red pen (a loop that overshoots)."""
        pen_ring(surface, rect, seat, max(2, self.px(2)))

    def _draw_footer(self, surface: pygame.Surface, view: SeatView) -> None:
        """The key to the marks, notes on the game's end, and how to close the sheet."""
        px = self.px
        y = self.footer.centery
        x = self._draw_key(surface, self.pad.x + px(22), y)
        notes = []
        absent = set(self.session.absent.values())
        if "disconnected" in absent:
            notes.append(_("! disconnected"))
        if "computer" in absent:
            notes.append(_("C a computer plays for them"))
        if view.phase is Phase.GAME_OVER and view.results:
            last = view.results[-1].totals
            bonus = [final - running for final, running in zip(view.scores, last, strict=True)]
            if any(bonus):
                notes.append(_("Final totals include the winner's bonus."))
        target = view.rules.target_score
        if target is not None:
            notes.append(
                ngettext("First to {target} point.", "First to {target} points.", target).format(
                    target=target
                )
            )
        if notes:
            text = theme.text("  ".join(notes), self.tx(12), PENCIL, "italic")
            surface.blit(text, text.get_rect(midleft=(x, y)))
        hint = _("Tab or Esc to close")
        if self.pick is not None:
            hint = _("Click a hand to watch it  \u00b7  Tab or Esc to close")
        elif self.max_scroll:
            hint = _("Scroll for more hands  \u00b7  Tab or Esc to close")
        text = theme.text(hint, self.tx(12), PENCIL, "italic")
        surface.blit(text, text.get_rect(midright=(self.pad.right - px(22), y)))

    def _draw_key(self, surface: pygame.Surface, x: int, y: int) -> int:
        """The key to the marks from ``x`` (a tick for "made" and a ringed grey bid for "missed",
        or Blob's 1 and blob); returns where it ends."""
        px = self.px
        if self.blob_marks:
            sample = theme.text("3", self.tx(14), theme.INK, "bold")
            width = px(12) // 2 + px(1) + sample.get_width()
            self._draw_made_one(surface, sample, (x + width // 2, y))
            made = _("made (a 1 before the bid)")
            blob = ink_blob(px(22), px(16), 5)
        else:
            self._draw_tick(surface, (x, y))
            width = px(12)
            made = _("made")
            blob = pygame.Surface((self.tx(24), self.tx(16)), pygame.SRCALPHA)
            sample = theme.text("2", self.tx(14), PENCIL, "bold")
            area = sample.get_rect(midleft=(0, self.tx(8)))
            blob.blit(sample, area)
            missed_mark(blob, area, px)
        text = theme.text(made, self.tx(12), PENCIL, "italic")
        surface.blit(text, text.get_rect(midleft=(x + width + px(6), y)))
        x += width + px(6) + text.get_width() + px(16)
        surface.blit(blob, blob.get_rect(midleft=(x, y)))
        text = theme.text(_("missed"), self.tx(12), PENCIL, "italic")
        surface.blit(text, text.get_rect(midleft=(x + blob.get_width() + px(2), y)))
        return x + blob.get_width() + px(2) + text.get_width() + px(16)
