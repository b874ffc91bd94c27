"""The kept games: a list, newest first, to replay one, play its deals again, or see
every player's statistics.

Each row says when the game ended, the variant and deal number, who played and
scored what (the winners in gold), and marks a game with take-backs and a game that
replayed another's deals. Click a row (or use the arrows) to choose it; Enter
replays it.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.i18n import _, ngettext, tr
from game.i18n.describe import custom_name
from game.play.archive import KeptGame
from game.play.library import Library
from game.rules.errors import RecordError
from game.rules.presets import PRESETS
from game.ui.kit import routes, theme
from game.ui.kit.gui import GuiScene
from game.ui.kit.widgets import Button
from game.ui.table.sprites import fit_text

if TYPE_CHECKING:
    from game.ui.kit.scene import SceneHost

ROWS = 9
"""Games shown at once (the list scrolls)."""
ROW_HEIGHT = 52


def variant_label(game: KeptGame) -> str:
    """The preset's name, or Custom rules."""
    preset = PRESETS.get(game.record.variant)
    return tr(preset.name) if preset is not None else custom_name()


def when(game: KeptGame) -> str:
    """``2026-12-02 07:15`` (UTC, as kept)."""
    return game.finished.replace("T", " ")[:16]


class GamesScene(GuiScene):
    """The list of kept games."""

    uses_manager = False

    def __init__(self, app: SceneHost) -> None:
        super().__init__(app)
        library = Library.of_user(app.settings.kept_games)
        self.games = list(reversed(library.games()))
        self.problem = library.problem
        self.selected = 0
        self.top = 0
        self.buttons: list[Button] = []
        self.rows: list[pygame.Rect] = []

    # ------------------------------------------------------------ actions
    @property
    def chosen(self) -> KeptGame | None:
        return self.games[self.selected] if self.games else None

    def replay(self) -> None:
        game = self.chosen
        if game is not None:
            self.app.open(routes.ReplayViewer(game.name))

    def play_again(self) -> None:
        """The same deals and seats again, as a new game."""
        game = self.chosen
        if game is None:
            return
        try:
            match, players = game.replayed()
        except RecordError as error:
            self.problem = str(error)
            return
        start = partial(self.app.start_game, match.rules, match.seed, players, game.name)
        self.app.ask_before_replacing(start)

    def statistics(self) -> None:
        self.app.open(routes.Statistics())

    def leave(self) -> None:
        self.app.pop()

    def choose(self, index: int) -> None:
        if not self.games:
            return
        self.selected = max(0, min(len(self.games) - 1, index))
        self.top = min(self.top, self.selected)
        self.top = max(self.top, self.selected - ROWS + 1)

    # ------------------------------------------------------------ layout
    def build(self) -> None:
        entries = [
            (_("Replay"), self.replay, True),
            (_("Same deals again"), self.play_again, False),
            (_("Statistics"), self.statistics, False),
            (_("Back"), self.leave, False),
        ]
        self.buttons = []
        for index, (label, action, primary) in enumerate(entries):
            rect = self.rect(120 + index * 265, 636, 245, 46)
            self.buttons.append(Button(rect, label, action, primary=primary))
        enabled = bool(self.games)
        self.buttons[0].enabled = self.buttons[1].enabled = enabled
        self.rows = [
            self.rect(120, 120 + i * ROW_HEIGHT, 1040, ROW_HEIGHT - 6) for i in range(ROWS)
        ]

    # ------------------------------------------------------------ events
    def on_event(self, event: pygame.event.Event) -> None:
        for button in self.buttons:
            if button.handle_event(event):
                return
        if event.type == pygame.KEYDOWN:
            moves = {
                pygame.K_UP: -1,
                pygame.K_DOWN: 1,
                pygame.K_PAGEUP: -ROWS,
                pygame.K_PAGEDOWN: ROWS,
            }
            if event.key == pygame.K_ESCAPE:
                self.leave()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.replay()
            elif event.key in moves:
                self.choose(self.selected + moves[event.key])
        elif event.type == pygame.MOUSEWHEEL:
            self.top = max(0, min(max(0, len(self.games) - ROWS), self.top - event.y))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for offset, rect in enumerate(self.rows):
                if rect.collidepoint(event.pos) and self.top + offset < len(self.games):
                    if self.selected == self.top + offset and event.__dict__.get("clicks", 1) > 1:
                        self.replay()
                    self.selected = self.top + offset

    # ------------------------------------------------------------ drawing
    def draw_front(self, surface: pygame.Surface) -> None:
        title = theme.text(_("Kept games"), self.px(34), theme.TEXT, "bold")
        surface.blit(title, self.rect(120, 30, 0, 0).topleft)
        count = ngettext("{n} game kept", "{n} games kept", len(self.games)).format(
            n=len(self.games)
        )
        note = theme.text(count, self.px(15), theme.TEXT_DIM)
        surface.blit(note, note.get_rect(bottomright=self.rect(1160, 30, 0, 44).bottomright))
        if not self.games:
            empty = _("Finished games are kept here, to watch again and to count in statistics.")
            text = theme.text(empty, self.px(17), theme.TEXT_DIM)
            surface.blit(text, text.get_rect(center=self.rect(120, 300, 1040, 40).center))
        for offset, rect in enumerate(self.rows):
            index = self.top + offset
            if index < len(self.games):
                self._row(surface, rect, self.games[index], index == self.selected)
        if self.problem:
            line = fit_text(self.problem, self.px(13), self.px(1040))
            text = theme.text(line, self.px(13), theme.BAD)
            surface.blit(text, self.rect(120, 600, 0, 0).topleft)
        for button in self.buttons:
            button.draw(surface, self.scale)

    def _row(
        self, surface: pygame.Surface, rect: pygame.Rect, game: KeptGame, chosen: bool
    ) -> None:
        fill = (*theme.GOLD, 60) if chosen else (8, 20, 17, 170)
        border = (*theme.GOLD, 200) if chosen else (255, 255, 255, 30)
        theme.panel(surface, rect, fill, self.px(10), border)
        small, size = self.px(13), self.px(16)
        x, middle = rect.x + self.px(16), rect.centery
        head = theme.text(variant_label(game), size, theme.TEXT, "bold")
        surface.blit(head, head.get_rect(bottomleft=(x, middle + self.px(2))))
        marks = [when(game), _("Deal #{seed}").format(seed=game.seed)]
        if game.take_backs:
            marks.append(_("take-backs"))
        if game.again_of:
            marks.append(_("same deals again"))
        sub = theme.text("  ·  ".join(marks), small, theme.TEXT_DIM)
        surface.blit(sub, (x, middle + self.px(3)))
        self._scores(surface, rect, game)

    def _scores(self, surface: pygame.Surface, rect: pygame.Rect, game: KeptGame) -> None:
        """Each player's name and final score, the winners in gold."""
        totals, winners = game.record.totals, set(game.record.winners)
        names = game.names
        left = rect.x + self.px(330)
        width = (rect.right - self.px(12) - left) // max(1, len(names))
        size = self.px(14)
        for seat, name in enumerate(names):
            ink = theme.GOLD if seat in winners else theme.TEXT
            cell = pygame.Rect(left + seat * width, rect.y, width, rect.height)
            label = theme.text(fit_text(name, size, width - self.px(8)), size, ink)
            surface.blit(label, label.get_rect(midbottom=(cell.centerx, cell.centery + self.px(1))))
            score = theme.text(str(totals[seat]), self.px(16), ink, "bold")
            surface.blit(score, score.get_rect(midtop=(cell.centerx, cell.centery + self.px(1))))
