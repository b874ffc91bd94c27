"""The replay viewer: a finished game stepped through with every hand face up.

The viewer draws with the table's own painter from a :class:`~game.ui.table.frame.Frame`
built from the replay's moment (:mod:`game.play.replay`): the spectator's view made
the viewer seat's, the table's picture of it with the trick on the cloth, and every
seat's cards. Arrows step a card or a bid at a time, Up and Down (or Page keys) a
trick, Home and End a hand; Space plays the game on by itself; Tab opens the score
sheet, where a click on a hand jumps to it; Esc goes back. A game a person played has
an Analyse button (:mod:`game.ui.replay.review`).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.play.analysis import GameAnalysis, human_seats
from game.play.archive import KeptGame
from game.play.library import Library
from game.play.replay import Moment, Replay
from game.play.session import GameSession
from game.play.start import replay_session
from game.rules.errors import RecordError
from game.rules.record import Player
from game.ui.kit import routes, theme
from game.ui.kit.scene import Scene
from game.ui.kit.widgets import Button
from game.ui.menus.summary import variant_name
from game.ui.replay.controls import Controls, caption
from game.ui.replay.review import Review
from game.ui.table.frame import Frame, Seating
from game.ui.table.hand import Hand
from game.ui.table.hud import Hud, draw_top_bar
from game.ui.table.layout import TableLayout, table_layout
from game.ui.table.paint import TablePainter
from game.ui.table.sprites import paint_button, pill
from game.ui.table.state import Shown

if TYPE_CHECKING:
    from game.ui.kit.scene import SceneHost

PLAY_STEP = 0.9
"""Seconds between two moments while the replay plays on by itself (at speed 1)."""


def load_replay(name: str, limit: int) -> tuple[KeptGame, Replay, list[Player], GameSession]:
    """The kept game ``name`` replayed; raises RecordError or LookupError."""
    game = Library.of_user(limit).archive.load(name)
    if game is None:
        raise LookupError(name)
    match, players = game.replayed()
    session = replay_session(match, players)
    return game, Replay.of(match), players, session


class ReplayScene(Scene):
    """Steps through a kept game, forward and back, all cards face up."""

    def __init__(self, app: SceneHost, name: str, hand: int = 1) -> None:
        super().__init__(app)
        self.name = name
        self.problem: str | None = None
        self.replay: Replay | None = None
        self.players: list[Player] = []
        self.session: GameSession | None = None
        try:
            self.game, self.replay, self.players, self.session = load_replay(
                name, app.settings.kept_games
            )
        except (RecordError, LookupError, OSError) as error:
            self.problem = _("This game cannot be replayed ({reason}).").format(
                reason=str(error)[:120]
            )
        humans = human_seats([player.kind for player in self.players])
        self.viewer = humans[0] if humans else 0
        self.review: Review | None = None
        if humans and self.replay is not None:
            path = Library.of_user(app.settings.kept_games).archive.analysis_path(name)
            analysis = GameAnalysis(self.replay, humans, path)
            self.review = Review(self, analysis, self.players, self.show_analysis)
        self.index = self.replay.hand_start(hand) if self.replay else 0
        self.playing = False
        self._wait = 0.0
        self.clock = 0.0
        self.painter = TablePainter()
        self.hand, self.hud = Hand(), Hud()
        self.controls = Controls(self)
        self.layout: TableLayout | None = None
        self.back = Button(pygame.Rect(0, 0, 1, 1), _("Back (Esc)"), self.leave)
        self.sheet = Button(pygame.Rect(0, 0, 1, 1), _("Score (Tab)"), self.score_sheet)
        self.mouse = (-1, -1)

    # ------------------------------------------------------------ contract
    def resize(self, size: tuple[int, int]) -> None:
        players = len(self.players) or 3
        settings = self.app.settings
        self.layout = table_layout(
            size, players, self.viewer, settings.card_scale, settings.text_scale
        )
        self.back.rect, self.sheet.rect = self.layout.menu_button, self.layout.score_button
        self.hud.buttons = [self.sheet, self.back]
        if self.review is not None:
            self.review.relayout(self.layout)
            self.hud.buttons.insert(0, self.review.button)
        self.controls.relayout(self.layout)
        self.hand.relayout()
        self.painter.presenter.invalidate()

    def enter(self) -> None:
        self.painter.presenter.invalidate()

    def close(self) -> None:
        if self.review is not None:
            self.review.close()
        if self.session is not None:
            self.session.close()

    # ------------------------------------------------------------ moving
    @property
    def moment(self) -> Moment | None:
        return self.replay.moments[self.index] if self.replay else None

    def go(self, index: int) -> None:
        """Show moment ``index``."""
        if self.replay is not None:
            self.index = self.replay.step(index, 0)

    def step(self, by: int) -> None:
        if self.replay is not None:
            self.go(self.replay.step(self.index, by))

    def trick(self, forward: bool) -> None:
        if self.replay is not None:
            self.go(self.replay.next_trick(self.index, forward))

    def next_hand(self, forward: bool) -> None:
        if self.replay is not None:
            self.go(self.replay.next_hand(self.index, forward))

    def jump_to_hand(self, number: int) -> None:
        """Show hand ``number`` from its deal (the score sheet's rows)."""
        if self.replay is not None:
            self.playing = False
            self.go(self.replay.hand_start(number))

    def toggle_play(self) -> None:
        at_end = self.replay is not None and self.index >= len(self.replay.moments) - 1
        if at_end and not self.playing:
            self.go(0)
        self.playing = not self.playing
        self._wait = 0.0

    def turn_table(self) -> None:
        """Watch from the next seat (its hand at the bottom)."""
        if self.players:
            self.watch_from((self.viewer + 1) % len(self.players))

    def watch_from(self, seat: int) -> None:
        """Watch from ``seat`` (its hand at the bottom)."""
        if seat != self.viewer:
            self.viewer = seat
            self.hand.forget()
            self.resize(self.app.size)

    def show_decision(self, index: int, seat: int) -> None:
        """Show moment ``index`` from ``seat``: where that seat made a decision."""
        self.playing = False
        self.watch_from(seat)
        self.go(index)

    def leave(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def show_analysis(self) -> None:
        """The list of the costliest decisions, over the replay."""
        if self.review is not None:
            analysis, pick = self.review.analysis, self.review.jump
            self.app.open(routes.Analysis(analysis, tuple(self.players), pick))

    def score_sheet(self) -> None:
        if self.session is not None:
            self.app.open(routes.ScoreSheet(self.session, pick=self.jump_to_hand))

    # ------------------------------------------------------------ time
    def update(self, dt: float) -> None:
        self.clock += dt
        if self.review is not None and self.review.update():
            self.resize(self.app.size)
        if self.playing and self.replay is not None:
            self._wait += dt * self.app.speed
            if self._wait >= PLAY_STEP:
                self._wait = 0.0
                self.step(1)
                self.playing = self.index < len(self.replay.moments) - 1
        frame = self.frame()
        if frame is not None:
            self.hand.arrange(frame, dt * self.app.speed, self.mouse)

    def frame(self) -> Frame | None:
        """The table at the moment shown, from the viewer's seat, every hand face up."""
        moment, layout = self.moment, self.layout
        if moment is None or layout is None or self.session is None:
            return None
        seat = self.viewer
        view = dataclasses.replace(moment.view, seat=seat, hand=moment.hands[seat], legal=())
        shown = Shown.from_view(view)
        shown.trick = list(moment.cloth)
        if moment.winner is not None:
            shown.winning = next(card for s, card in moment.cloth if s == moment.winner)
        return Frame(
            view=view,
            shown=shown,
            layout=layout,
            players=tuple(self.players),
            seating=Seating(seat, human=False, idle=True, blocked=True),
            clock=self.clock,
            title=_("Replay") + " · " + variant_name(view.rules),
            hotseat=False,
            demo=False,
            solo=sum(player.kind == "human" for player in self.players) == 1,
            thinking=None,
            four_colour=self.app.settings.four_colour,
            confirm_play=False,
            explain=lambda _action: None,
            open_hands=moment.hands,
        )

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if self.review is not None and self.review.handle_event(event):
            return
        for button in (self.back, self.sheet, *self.controls.buttons):
            if button.handle_event(event):
                return
        if event.type == pygame.KEYDOWN:
            self._key(event.key)

    def _key(self, key: int) -> None:
        keys = {
            pygame.K_ESCAPE: self.leave,
            pygame.K_TAB: self.score_sheet,
            pygame.K_SPACE: self.toggle_play,
            pygame.K_RIGHT: lambda: self.step(1),
            pygame.K_LEFT: lambda: self.step(-1),
            pygame.K_DOWN: lambda: self.trick(True),
            pygame.K_UP: lambda: self.trick(False),
            pygame.K_PAGEDOWN: lambda: self.next_hand(True),
            pygame.K_PAGEUP: lambda: self.next_hand(False),
            pygame.K_END: lambda: self.next_hand(True),
            pygame.K_HOME: lambda: self.next_hand(False),
            pygame.K_v: self.turn_table,
        }
        action = keys.get(key)
        if action is not None:
            if key != pygame.K_SPACE:
                self.playing = False
            action()

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        frame = self.frame()
        if frame is None:
            self._draw_problem(surface)
            return
        canvas = self.painter.begin(surface, frame)
        last = Button(pygame.Rect(0, 0, 0, 0), "", lambda: None)
        self.painter.draw(canvas, frame, self.hand, (), last)
        draw_top_bar(canvas, frame, self.hud)
        moment = self.moment
        assert moment is not None and self.replay is not None
        words = caption(moment, self.players)
        if self.review is not None:
            words = self.review.caption(self.index) or words
        self.controls.draw(canvas, frame, words, self.replay, self.index)
        if self.review is not None:
            self.review.draw(canvas, frame.layout, self.hand, self.index)
        self.painter.finish(surface, False)

    def _draw_problem(self, surface: pygame.Surface) -> None:
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        scale = theme.scale_for(surface.get_size())
        text = pill(self.problem or "", round(17 * scale), theme.TEXT, (6, 18, 15, 225))
        centre = surface.get_rect().center
        surface.blit(text, text.get_rect(center=centre))
        self.back.rect = pygame.Rect(0, 0, round(200 * scale), round(40 * scale))
        self.back.rect.midtop = (centre[0], centre[1] + round(40 * scale))
        paint_button(surface, self.back, scale)
