"""The score sheet of a game played on the same deals as a kept one: the two games
side by side, hand by hand, each player's bid, tricks and running total (a made bid
in green, a missed one in red), and at the foot each player's final totals and how
much better or worse this game went.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.play.archive import KeptGame
from game.play.library import Library
from game.play.summary import GameSummary
from game.rules.results import HandResult
from game.ui.kit import theme
from game.ui.kit.gui import veil
from game.ui.kit.layers import Layer
from game.ui.kit.scene import Scene
from game.ui.scoresheet.ink import darker
from game.ui.table.sprites import fit_text

if TYPE_CHECKING:
    from game.play.contract import KeptSession
    from game.ui.kit.scene import SceneHost

MADE_INK, MISSED_INK = (34, 128, 60), (188, 52, 40)


@dataclass(frozen=True)
class ComparedLine:
    """One hand of one game: its number and size, and per seat the bid, the tricks
    taken, whether the bid was made and the running total."""

    number: int
    size: int
    bids: tuple[int | None, ...]
    taken: tuple[int, ...]
    made: tuple[bool, ...]
    totals: tuple[int, ...]


def lines_of_record(game: GameSummary) -> list[ComparedLine]:
    """The finished hands of a kept game."""
    return [
        ComparedLine(
            hand.number or index + 1,
            hand.size,
            tuple(hand.bids),
            tuple(hand.taken),
            hand.made,
            tuple(hand.totals),
        )
        for index, hand in enumerate(game.hands)
        if hand.totals is not None
    ]


def _bid_text(bid: int | None) -> str:
    return "–" if bid is None else str(bid)


def lines_of_results(results: Sequence[HandResult]) -> list[ComparedLine]:
    """The finished hands of a game in play."""
    return [ComparedLine(r.number, r.size, r.bids, r.taken, r.made, r.totals) for r in results]


class CompareSheet(Scene):
    """Two games on the same deals, side by side (Tab at the table of such a game)."""

    opaque = False
    layer = Layer.DIALOG

    def __init__(self, app: SceneHost, session: KeptSession) -> None:
        super().__init__(app)
        self.session = session
        name = session.again_of
        self.earlier: KeptGame | None = None
        if name is not None:
            self.earlier = Library.of_user(app.settings.kept_games).archive.load(name)
        self.scroll = 0
        self.scale = 1.0
        self.size = (0, 0)

    def px(self, value: float) -> int:
        return round(value * self.scale)

    def resize(self, size: tuple[int, int]) -> None:
        self.size, self.scale = size, theme.scale_for(size)

    # ------------------------------------------------------------ events
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_TAB, pygame.K_ESCAPE):
                self.app.pop()
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                self.scroll = max(0, self.scroll + (1 if event.key == pygame.K_DOWN else -1))
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.app.pop()

    # ------------------------------------------------------------ drawing
    def games(self) -> tuple[list[ComparedLine], list[ComparedLine]]:
        earlier = lines_of_record(self.earlier.record) if self.earlier else []
        return earlier, lines_of_results(self.session.results)

    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self.size:
            self.resize(surface.get_size())
        surface.blit(veil(surface.get_size(), 150), (0, 0))
        width, height = self.size
        pad = pygame.Rect(0, 0, min(width - self.px(40), self.px(1200)), height - self.px(40))
        pad.center = (width // 2, height // 2)
        theme.panel(surface, pad, (*theme.PAPER, 255), self.px(14), (*theme.GOLD, 160))
        title = theme.text(_("Same deals, two games"), self.px(24), theme.INK, "bold")
        surface.blit(title, (pad.x + self.px(24), pad.y + self.px(14)))
        deal = _("Deal #{seed}").format(seed=self.session.deal_number)
        sub = theme.text(deal, self.px(15), theme.INK)
        surface.blit(sub, sub.get_rect(topright=(pad.right - self.px(24), pad.y + self.px(20))))
        earlier, now = self.games()
        gap = self.px(24)
        half = (pad.width - 3 * gap) // 2
        top = pad.y + self.px(58)
        bottom = pad.bottom - self.px(30)
        when = self.earlier.finished.replace("T", " ")[:16] if self.earlier else ""
        headings = (_("Before ({when})").format(when=when), _("This game"))
        rows = max(len(earlier), len(now), 1)
        for index, (heading, lines) in enumerate(zip(headings, (earlier, now), strict=True)):
            area = pygame.Rect(pad.x + gap + index * (half + gap), top, half, bottom - top)
            self._game(surface, area, heading, lines, rows, earlier if index else [])
        hint = _("Tab or Esc to close")
        text = theme.text(hint, self.px(12), theme.INK, "italic")
        surface.blit(
            text, text.get_rect(bottomright=(pad.right - self.px(24), pad.bottom - self.px(8)))
        )

    def _game(
        self,
        surface: pygame.Surface,
        area: pygame.Rect,
        heading: str,
        lines: list[ComparedLine],
        rows: int,
        against: list[ComparedLine],
    ) -> None:
        """One game's columns: the hands down, the players across, the totals below."""
        players = self.session.players
        label = theme.text(heading, self.px(16), theme.INK, "bold")
        surface.blit(label, (area.x, area.y))
        hand_w = self.px(48)
        col = (area.width - hand_w) // len(players)
        y = area.y + self.px(26)
        for seat, player in enumerate(players):
            name = fit_text(player.name, self.px(13), col - self.px(6), "bold")
            text = theme.text(name, self.px(13), darker(theme.SEAT_COLOURS[seat % 8]), "bold")
            surface.blit(text, text.get_rect(midtop=(area.x + hand_w + col * seat + col // 2, y)))
        hands = theme.text(_("Hand · cards"), self.px(12), theme.INK, "italic")
        surface.blit(hands, (area.x + self.px(4), y + self.px(1)))
        y += self.px(22)
        pygame.draw.line(surface, theme.INK, (area.x, y), (area.right, y))
        room = area.bottom - y - self.px(40)
        row_h = max(self.px(17), min(self.px(26), room // rows))
        fit = max(1, room // row_h)
        first = min(self.scroll, max(0, rows - fit))
        for offset, line in enumerate(lines[first : first + fit]):
            self._line(surface, area.x, y + offset * row_h, hand_w, col, row_h, line)
        self._totals(surface, area, lines, hand_w, col, against)

    def _line(
        self,
        surface: pygame.Surface,
        x: int,
        y: int,
        hand_w: int,
        col: int,
        row_h: int,
        line: ComparedLine,
    ) -> None:
        size = max(10, min(self.px(14), row_h - self.px(6)))
        number = theme.text(f"{line.number}·{line.size}", size, theme.INK)
        surface.blit(number, number.get_rect(midleft=(x + self.px(4), y + row_h // 2)))
        for seat, total in enumerate(line.totals):
            made = line.made[seat]
            centre = x + hand_w + col * seat + col // 2
            small = theme.text(
                f"{_bid_text(line.bids[seat])}/{line.taken[seat]}",
                size - 2,
                MADE_INK if made else MISSED_INK,
            )
            surface.blit(small, small.get_rect(midright=(centre - self.px(2), y + row_h // 2)))
            score = theme.text(str(total), size, theme.INK, "bold")
            surface.blit(score, score.get_rect(midleft=(centre + self.px(4), y + row_h // 2)))

    def _totals(
        self,
        surface: pygame.Surface,
        area: pygame.Rect,
        lines: list[ComparedLine],
        hand_w: int,
        col: int,
        against: list[ComparedLine],
    ) -> None:
        """The totals after the last hand; beside them, against the earlier game after
        as many hands, how much better (green) or worse (red) this game stands."""
        y = area.bottom - self.px(30)
        pygame.draw.line(surface, theme.INK, (area.x, y), (area.right, y), 2)
        if not lines:
            return
        then = against[len(lines) - 1].totals if len(against) >= len(lines) else None
        for seat, total in enumerate(lines[-1].totals):
            centre = area.x + hand_w + col * seat + col // 2
            text = theme.text(str(total), self.px(18), theme.INK, "bold")
            surface.blit(text, text.get_rect(midtop=(centre, y + self.px(4))))
            if then is not None and total != then[seat]:
                diff = total - then[seat]
                ink = MADE_INK if diff > 0 else MISSED_INK
                mark = theme.text(f"{diff:+d}".replace("-", "−"), self.px(12), ink, "bold")
                at = (centre + text.get_width() // 2 + self.px(4), y + self.px(8))
                surface.blit(mark, at)
