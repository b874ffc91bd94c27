"""The score sheet: a paper score pad over the dimmed table, drawn by us.

One row per hand (number, cards, trump, dealer), and per player the bid, the
tricks taken and the running total. As players mark them on paper, a made
bid gets a pen tick and a failed one is scribbled over into a blob (a
procedural scribble, the same every time for the same cell). The hand in
play is highlighted with its bids and tricks so far; hands still to come are
faintly ruled with only their size. Totals are at the foot, the leader ringed.
Tab, Esc or a click outside the pad closes it; the hands scroll with the
wheel, the arrow keys and Page Up/Page Down.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.i18n import _, tr
from game.rules.cards import Card, Suit
from game.rules.match import Phase
from game.rules.presets import preset_for
from game.ui import theme
from game.ui.cardart import suit_colour, suit_symbol
from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.session import GameSession

RULED = (168, 196, 222)
MARGIN_RED = (214, 120, 112)
PENCIL = (122, 124, 132)
FAINT = (196, 196, 190)
TICK = (34, 120, 74)
BLOB_INK = (24, 28, 48)
BLOB_GHOST = (120, 126, 150)
"""The failed bid still faintly legible through its blob."""
RING = (196, 52, 46)
HIGHLIGHTER = (255, 226, 110, 120)
BINDING = (34, 58, 50)

DIM = 140
"""How dark the table goes under the sheet (alpha)."""

DONE, CURRENT, FUTURE = "done", "current", "future"


@dataclass(frozen=True)
class SheetRow:
    """One line of the sheet. Per-player lists hold None where nothing is written."""

    number: int
    size: int
    state: str
    trump_card: Card | None
    trump: Suit | None
    dealer: int | None
    bids: tuple[int | None, ...]
    taken: tuple[int | None, ...]
    points: tuple[int | None, ...]
    totals: tuple[int | None, ...]
    made: tuple[bool | None, ...]
    secret: tuple[bool, ...] = ()
    """During simultaneous bidding: which seats have bid (the bids stay hidden)."""


def sheet_rows(session: GameSession) -> list[SheetRow]:
    """Every row of the sheet: finished hands, the hand in play, hands to come."""
    match = session.match
    rules = match.rules
    players = match.players
    blank: tuple[None, ...] = (None,) * players
    rows = [
        SheetRow(
            number=result.number,
            size=result.size,
            state=DONE,
            trump_card=result.trump_card,
            trump=result.trump,
            dealer=result.dealer,
            bids=result.bids,
            taken=result.taken,
            points=result.points,
            totals=result.totals,
            made=result.made,
        )
        for result in match.results
    ]
    last = rows[-1].number if rows else 0
    if match.phase in (Phase.BIDDING, Phase.PLAYING):
        revealed = match.bids_revealed
        bids = match.bids if revealed else blank
        secret = tuple(bid is not None for bid in match.bids) if not revealed else ()
        taken: tuple[int | None, ...] = match.taken if match.phase is Phase.PLAYING else blank
        rows.append(
            SheetRow(
                number=match.hand_number,
                size=match.hand_size,
                state=CURRENT,
                trump_card=match.trump_card,
                trump=match.trump,
                dealer=match.dealer,
                bids=bids,
                taken=taken,
                points=blank,
                totals=blank,
                made=blank,
                secret=secret,
            )
        )
        last = match.hand_number
    count = rules.hand_count()
    if count is not None and match.phase is not Phase.GAME_OVER:
        for number in range(last + 1, count + 1):
            rows.append(
                SheetRow(
                    number=number,
                    size=rules.hand_size(number),
                    state=FUTURE,
                    trump_card=None,
                    trump=None,
                    dealer=None,
                    bids=blank,
                    taken=blank,
                    points=blank,
                    totals=blank,
                    made=blank,
                )
            )
    return rows


def leaders(totals: tuple[int, ...]) -> set[int]:
    """The seats with the highest total (none before anyone has scored)."""
    if not totals or (max(totals) <= 0 and min(totals) == max(totals)):
        return set()
    top = max(totals)
    return {seat for seat, total in enumerate(totals) if total == top}


def scribble(width: int, height: int, seed: int, stroke: int) -> pygame.Surface:
    """A pen scribbled round and round over a cell until it is a black blob.

    Drawn at twice the size and smoothed down; deterministic for a given
    ``seed``, so the same cell always gets the same blob.
    """
    rng = random.Random(seed)
    big_w, big_h = width * 2, height * 2
    image = pygame.Surface((big_w, big_h), pygame.SRCALPHA)
    cx, cy = big_w / 2, big_h / 2
    rx, ry = big_w * 0.36, big_h * 0.3
    core = pygame.Rect(0, 0, round(rx * 1.5), round(ry * 1.35))
    core.center = (round(cx + rng.uniform(-2, 2)), round(cy + rng.uniform(-1, 1)))
    pygame.draw.ellipse(image, (*BLOB_INK, 240), core)
    # loops travelling back and forth across the cell, like a pen scribbling
    points = []
    travel = rng.uniform(0, math.tau)
    for step in range(90):
        t = step / 89
        sweep = math.sin(travel + t * math.tau * 2.5)
        centre_x = cx + sweep * rx * 0.55
        centre_y = cy + math.cos(travel * 0.7 + t * math.tau * 1.7) * ry * 0.35
        loop = t * math.tau * 11 + rng.uniform(-0.2, 0.2)
        radius = rng.uniform(0.45, 0.75)
        points.append(
            (
                centre_x + math.cos(loop) * rx * radius * 0.8,
                centre_y + math.sin(loop) * ry * radius * 1.25,
            )
        )
    pygame.draw.lines(image, (*BLOB_INK, 235), False, points, stroke * 2)
    # a stroke or two escaping the blob, as a real pen leaves them
    for _tail in range(2):
        a = rng.uniform(0, math.tau)
        inner = (cx + math.cos(a) * rx * 0.6, cy + math.sin(a) * ry * 0.6)
        outer = (cx + math.cos(a) * rx * 1.25, cy + math.sin(a) * ry * 1.3)
        pygame.draw.line(image, (*BLOB_INK, 210), inner, outer, max(2, stroke * 2 - 1))
    return pygame.transform.smoothscale(image, (width, height))


class ScoreSheetOverlay(Scene):
    """The paper score pad (Tab)."""

    opaque = False

    def __init__(self, app: App, session: GameSession) -> None:
        super().__init__(app)
        self.session = session
        self.scroll = 0
        self.max_scroll = 0
        self.size = (0, 0)
        self.scale = 1.0
        self._blobs: dict[tuple[int, int, int, int], pygame.Surface] = {}
        self._placed = False
        self._key: tuple[object, ...] | None = None
        self._canvas: pygame.Surface | None = None

    # ------------------------------------------------------------- layout
    @property
    def rows(self) -> list[SheetRow]:
        return sheet_rows(self.session)

    def px(self, value: float) -> int:
        return round(value * self.scale)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.scale = theme.scale_for(size)
        self._layout()
        if not self._placed:
            self._show_current()
            self._placed = True

    def _layout(self) -> None:
        width, height = self.size
        players = self.session.match.players
        px = self.px
        self.info_widths = [px(40), px(50), px(58), px(58)]
        info = sum(self.info_widths)
        margin = px(26)
        room = min(round(width * 0.94), px(1180)) - 2 * margin - info
        self.player_width = max(px(84), min(px(168), room // players))
        pad_width = info + self.player_width * players + 2 * margin
        # binding, header, sub-header, totals and footer around the hand rows
        chrome = px(44) + px(12) + px(34) + px(4) + px(20) + px(4) + px(4) + px(46) + px(30)
        room_height = min(round(height * 0.93), px(860)) - chrome
        count = max(1, len(self.rows))
        self.row_height = max(px(24), min(px(30), room_height // count))
        body_height = min(room_height, count * self.row_height)
        self.pad = pygame.Rect(0, 0, pad_width, chrome + body_height)
        self.pad.center = (width // 2, height // 2 + px(4))
        self.left = self.pad.x + margin
        self.binding = pygame.Rect(self.pad.x, self.pad.y, self.pad.width, px(44))
        self.header = pygame.Rect(self.left, self.binding.bottom + px(12), 0, px(34))
        self.subheader = pygame.Rect(self.left, self.header.bottom + px(4), 0, px(20))
        top = self.subheader.bottom + px(4)
        self.body = pygame.Rect(self.left, top, self.pad.width - 2 * margin, body_height)
        self.totals = pygame.Rect(self.left, self.body.bottom + px(4), 0, px(46))
        self.footer = pygame.Rect(self.pad.x, self.totals.bottom, self.pad.width, px(30))
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

    def _show_current(self) -> None:
        """Scroll so the hand in play (or the last one played) is in view."""
        rows = self.rows
        index = next((i for i, row in enumerate(rows) if row.state != DONE), len(rows)) - 1
        index = max(0, index)
        target = (index + 2) * self.row_height - self.body.height
        self.scroll = max(0, min(self.max_scroll, target))

    def scroll_by(self, amount: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + amount))

    # ------------------------------------------------------------- events
    def close(self) -> None:
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
                self.close()
            elif event.key in moves:
                self.scroll_by(moves[event.key])
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * self.row_height * 2)
        elif (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and not self.pad.collidepoint(event.pos)
        ):
            self.close()

    # ------------------------------------------------------------ drawing
    def invalidate(self) -> None:
        """Draw the pad afresh next frame."""
        self._key = None

    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self.size:
            self.resize(surface.get_size())
        match = self.session.match
        key = (
            surface.get_size(),
            self.scroll,
            len(match.actions),
            match.phase,
            match.hand_number,
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

    def _render(self, surface: pygame.Surface) -> None:
        """The pad, onto the dimming layer the size of the window."""
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
        self._draw_totals(surface)
        self._draw_footer(surface)

    def _draw_pad(self, surface: pygame.Surface) -> None:
        px = self.px
        shadow = self.pad.move(px(6), px(10))
        theme.panel(surface, shadow, (0, 0, 0, 110), px(10), None)
        pygame.draw.rect(surface, theme.PAPER, self.pad, border_radius=px(8))
        # the binding across the top, with its perforation
        pygame.draw.rect(
            surface,
            BINDING,
            self.binding,
            border_top_left_radius=px(8),
            border_top_right_radius=px(8),
        )
        pygame.draw.line(
            surface,
            theme.GOLD_DARK,
            (self.binding.x, self.binding.bottom - 1),
            (self.binding.right, self.binding.bottom - 1),
            max(1, px(2)),
        )
        for x in range(self.pad.x + px(18), self.pad.right - px(10), px(22)):
            pygame.draw.circle(surface, (226, 220, 200), (x, self.binding.bottom + px(6)), px(2))
        match = self.session.match
        preset = preset_for(match.rules)
        name = tr(preset.name) if preset else _("Custom rules")
        title = theme.text(_("Score sheet"), px(20), theme.HIGHLIGHT, "bold")
        surface.blit(title, title.get_rect(midleft=(self.pad.x + px(22), self.binding.centery)))
        info = f"{name}  \u00b7  " + _("Deal #{seed}").format(seed=match.seed)
        text = theme.text(info, px(14), theme.TEXT_DIM, "italic")
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
            text = theme.text(label, px(12), theme.INK, "bold")
            surface.blit(
                text, text.get_rect(midbottom=(x + width // 2, self.subheader.bottom - px(2)))
            )
            x += width
        for seat, player in enumerate(self.session.players):
            left = self.column_x(seat)
            tab = pygame.Rect(left + px(4), self.header.y, self.player_width - px(8), px(30))
            colour = theme.SEAT_COLOURS[seat % len(theme.SEAT_COLOURS)]
            pygame.draw.rect(surface, colour, tab, border_radius=px(6))
            pygame.draw.rect(surface, _darker(colour), tab, max(1, px(1)), border_radius=px(6))
            name = _fit(player.name, px(15), tab.width - px(12), "bold")
            text = theme.text(name, px(15), theme.TEXT_DARK, "bold")
            surface.blit(text, text.get_rect(center=tab.center))
            for column, label in zip(
                self.sub_columns(seat), (_("bid"), _("took"), _("score")), strict=True
            ):
                text = theme.text(label, px(11), PENCIL, "italic")
                surface.blit(
                    text,
                    text.get_rect(midbottom=(column.centerx, self.subheader.bottom - px(2))),
                )
        pygame.draw.line(
            surface,
            theme.INK,
            (self.left, self.subheader.bottom + px(1)),
            (self.body.right, self.subheader.bottom + px(1)),
            max(1, px(2)),
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
        for seat in range(1, self.session.match.players):
            x = self.column_x(seat)
            pygame.draw.line(
                surface, (120, 130, 150), (x, self.header.y), (x, self.totals.bottom), px(1)
            )
        for seat in range(self.session.match.players):
            for column in self.sub_columns(seat)[1:]:
                pygame.draw.line(
                    surface, (216, 222, 226), (column.x, self.body.y), (column.x, bottom)
                )

    def _draw_row(self, surface: pygame.Surface, row: SheetRow, y: int) -> None:
        px = self.px
        height = self.row_height
        middle = y + height // 2
        if row.state == CURRENT:
            band = pygame.Rect(
                self.left - px(6), y + px(2), self.body.width + px(12), height - px(3)
            )
            layer = pygame.Surface(band.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, HIGHLIGHTER, layer.get_rect(), border_radius=px(5))
            surface.blit(layer, band)
        future = row.state == FUTURE
        ink = FAINT if future else theme.INK
        size = px(15)
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
            text = theme.text(_("NT"), px(12), PENCIL, "bold")
            surface.blit(text, text.get_rect(center=centre))
            return
        colour = suit_colour(row.trump, self.app.settings.four_colour)
        if row.trump_card is not None:
            rank = theme.text(row.trump_card.rank.label, px(13), colour, "bold")
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
        pygame.draw.circle(surface, _darker(colour), centre, px(9), max(1, px(1)))
        name = self.session.players[dealer].name
        initial = theme.text(name[:1].upper(), px(11), theme.TEXT_DARK, "bold")
        surface.blit(initial, initial.get_rect(center=centre))

    def _draw_cells(self, surface: pygame.Surface, row: SheetRow, seat: int, y: int) -> None:
        px = self.px
        middle = y + self.row_height // 2
        bid_col, took_col, score_col = self.sub_columns(seat)
        size = px(15)
        current = row.state == CURRENT
        bid = row.bids[seat]
        if bid is not None:
            colour = PENCIL if current else theme.INK
            text = theme.text(str(bid), size, colour, "bold")
            rect = text.get_rect(center=(bid_col.centerx - px(4), middle))
            surface.blit(text, rect)
            made = row.made[seat]
            if made is True:
                self._draw_tick(surface, (rect.right + px(3), middle))
            elif made is False:
                self._draw_blob(surface, row.number, seat, bid_col, y)
                ghost = theme.text(str(bid), px(12), BLOB_GHOST, "bold")
                surface.blit(ghost, ghost.get_rect(center=(bid_col.centerx, middle)))
        elif row.secret and row.secret[seat]:
            text = theme.text("?", size, PENCIL, "bold")
            surface.blit(text, text.get_rect(center=(bid_col.centerx, middle)))
        took = row.taken[seat]
        if took is not None:
            colour = PENCIL if current else theme.INK
            text = theme.text(str(took), size, colour)
            surface.blit(text, text.get_rect(center=(took_col.centerx, middle)))
        total = row.totals[seat]
        points = row.points[seat]
        if total is not None:
            text = theme.text(str(total), px(16), theme.INK, "bold")
            rect = text.get_rect(midright=(score_col.right - px(6), middle))
            surface.blit(text, rect)
            if points is not None and score_col.width > px(44):
                gained = f"+{points}" if points > 0 else str(points)
                small = theme.text(gained, px(11), TICK if points > 0 else PENCIL, "italic")
                surface.blit(
                    small, small.get_rect(bottomright=(rect.left - px(4), rect.bottom - px(2)))
                )

    def _draw_tick(self, surface: pygame.Surface, start: tuple[int, int]) -> None:
        """A quick pen tick: short stroke down, long stroke up."""
        px = self.px
        x, y = start
        points = [(x, y), (x + px(4), y + px(5)), (x + px(12), y - px(7))]
        pygame.draw.lines(surface, TICK, False, points, max(2, px(2.4)))

    def _draw_blob(
        self, surface: pygame.Surface, number: int, seat: int, column: pygame.Rect, y: int
    ) -> None:
        width = column.width - self.px(2)
        height = self.row_height - self.px(2)
        key = (number, seat, width, height)
        blob = self._blobs.get(key)
        if blob is None:
            seed = self.session.match.seed * 1009 + number * 31 + seat
            blob = scribble(width, height, seed, max(1, self.px(1.8)))
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

    def _draw_totals(self, surface: pygame.Surface) -> None:
        px = self.px
        match = self.session.match
        totals = match.scores
        top = self.totals.y
        pygame.draw.line(surface, theme.INK, (self.left, top), (self.body.right, top), px(2))
        pygame.draw.line(
            surface, theme.INK, (self.left, top + px(4)), (self.body.right, top + px(4)), px(1)
        )
        over = match.phase is Phase.GAME_OVER
        label = _("Final") if over else _("Total")
        text = theme.text(label, px(17), theme.INK, "bold")
        middle = top + px(4) + (self.totals.height - px(4)) // 2
        surface.blit(text, text.get_rect(midleft=(self.left + px(4), middle)))
        best = leaders(totals)
        for seat, total in enumerate(totals):
            centre = (self.column_x(seat) + self.player_width // 2, middle)
            number = theme.text(str(total), px(22), theme.INK, "bold")
            rect = number.get_rect(center=centre)
            surface.blit(number, rect)
            if seat in best:
                self._draw_ring(surface, rect.inflate(px(26), px(8)), seat)

    def _draw_ring(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        """The leader's total, ringed by hand in red pen (a loop that overshoots)."""
        rng = random.Random(seat * 7 + 3)
        cx, cy = rect.center
        rx, ry = rect.width / 2, rect.height / 2
        start = rng.uniform(-2.4, -1.8)
        points = []
        steps = 40
        for step in range(steps + 1):
            a = start + (math.tau + 0.5) * step / steps
            grow = 1 + 0.07 * step / steps
            points.append((cx + math.cos(a) * rx * grow, cy + math.sin(a) * ry * grow))
        pygame.draw.lines(surface, RING, False, points, max(2, self.px(2)))

    def _draw_footer(self, surface: pygame.Surface) -> None:
        px = self.px
        y = self.footer.centery
        x = self.pad.x + px(22)
        self._draw_tick(surface, (x, y))
        text = theme.text(_("made"), px(12), PENCIL, "italic")
        surface.blit(text, text.get_rect(midleft=(x + px(18), y)))
        x += px(18) + text.get_width() + px(16)
        blob = scribble(px(22), px(14), 5, max(1, px(1.5)))
        surface.blit(blob, blob.get_rect(midleft=(x, y)))
        text = theme.text(_("missed"), px(12), PENCIL, "italic")
        surface.blit(text, text.get_rect(midleft=(x + px(26), y)))
        x += px(26) + text.get_width() + px(16)
        match = self.session.match
        notes = []
        if match.phase is Phase.GAME_OVER and match.results:
            last = match.results[-1].totals
            bonus = [final - running for final, running in zip(match.scores, last, strict=True)]
            if any(bonus):
                notes.append(_("Final totals include the winner's bonus."))
        if match.rules.target_score is not None:
            notes.append(_("First to {target} points.").format(target=match.rules.target_score))
        if notes:
            text = theme.text("  ".join(notes), px(12), PENCIL, "italic")
            surface.blit(text, text.get_rect(midleft=(x, y)))
        hint = _("Tab or Esc to close")
        if self.max_scroll:
            hint = _("Scroll for more hands  \u00b7  Tab or Esc to close")
        text = theme.text(hint, px(12), PENCIL, "italic")
        surface.blit(text, text.get_rect(midright=(self.pad.right - px(22), y)))


def _darker(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    r, g, b = colour[:3]
    return (round(r * 0.6), round(g * 0.6), round(b * 0.6))


def _fit(name: str, size: int, width: int, weight: str) -> str:
    """``name``, shortened with an ellipsis to fit ``width`` pixels."""
    face = theme.font(size, weight)
    if face.size(name)[0] <= width:
        return name
    while name and face.size(name + "\u2026")[0] > width:
        name = name[:-1]
    return name + "\u2026"
