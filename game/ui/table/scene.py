"""The table: where a game of Oh Hell is played.

How the parts work together:

* The :class:`~game.play.session.GameSession` holds the match. Human actions go
  to ``session.act``; ``session.tick`` deals and lets computer seats act (they
  think in a worker thread, so the window never freezes). Every engine event
  lands in ``session.pending``.
* The table takes pending events one at a time, only when its
  :class:`~game.ui.table.animation.AnimationQueue` is idle, and the
  :class:`~game.ui.table.director.Director` turns each into a step: cards in
  flight and cues that move :class:`~game.ui.table.state.Shown` (what the
  table shows) on. Only when the queue and the pending events are both empty
  does the table let the session tick again, and bring ``Shown`` back in line
  with the engine's view.
* Everything is drawn from ``Shown``, the seat's view and the flights, by
  :class:`~game.ui.table.paint.TablePainter` and :mod:`game.ui.table.hud`.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from game.i18n import _, tr
from game.play.session import GameSession
from game.rules.actions import Bid, Play
from game.rules.cards import Card
from game.rules.errors import IllegalAction
from game.rules.phase import Phase
from game.rules.presets import preset_for
from game.rules.view import SeatView
from game.ui.kit import routes, theme
from game.ui.kit.scene import Scene
from game.ui.kit.widgets import Button
from game.ui.table.animation import AnimationQueue, Effect, Effects
from game.ui.table.bidpanel import BidPanel
from game.ui.table.curtain import CurtainOverlay
from game.ui.table.director import Director
from game.ui.table.hand import HandCard, arrange_hand, update_tooltip
from game.ui.table.hud import (
    draw_bid_panel,
    draw_effects,
    draw_hud,
    draw_last_trick,
    draw_status,
    draw_tip,
)
from game.ui.table.input import Drag, TableInput
from game.ui.table.layout import TableLayout, table_layout
from game.ui.table.paint import TablePainter
from game.ui.table.results import GameOverOverlay, HandResultOverlay
from game.ui.table.state import Shown

if TYPE_CHECKING:
    from game.ui.kit.scene import Host

Point = tuple[float, float]
DEMO_RESTART = 8.0


class TableScene(Scene):
    """The game table for one session; ``demo`` plays every seat by computer, forever."""

    def __init__(self, app: Host, session: GameSession, *, demo: bool = False) -> None:
        super().__init__(app)
        self.session = session
        self.demo = demo
        humans = session.humans
        self.hotseat = len(humans) >= 2 and not demo
        self.viewer = humans[0] if humans and not demo else 0
        self.confirmed = not self.hotseat
        self.shown = Shown.from_view(session.view(self.viewer))
        self.queue = AnimationQueue(play=self._sound)
        self.effects = Effects()
        self.director = Director(self)
        self.painter = TablePainter()
        self.clock = 0.0
        self.blocked = False
        self.fast = False
        self.highlight: Card | None = None
        self.hand: list[HandCard] = []
        self.drag: Drag | None = None
        self.mouse = (-1, -1)
        self.focus: Card | None = None
        self.selected: Card | None = None
        self.tooltip: tuple[str, tuple[int, int]] | None = None
        self.show_last_trick = False
        self.to_act: tuple[int, ...] = ()
        self.thinking: int | None = None
        self.bid_panel = BidPanel(self)
        self.input = TableInput(self)
        self.positions: dict[Card, list[float]] = {}
        self._origins: dict[Card, tuple[Point, float]] = {}
        self.easing = False
        self._turn_key: tuple[int, int] | None = None
        self._restart_in: float | None = None
        self._layout_key: tuple[object, ...] | None = None
        self._trusted = False
        self.view: SeatView = session.view(self.viewer)
        rules = session.match.rules
        preset = preset_for(rules)
        self.title = tr(preset.name) if preset else _("Custom game")
        self.layout: TableLayout = table_layout(app.size, rules.players, self.viewer, 1.0)
        self.hud_buttons: list[Button] = []
        self.last_trick_button = Button(
            pygame.Rect(0, 0, 1, 1), _("Last trick"), self.toggle_last_trick
        )
        self._relayout()

    # ------------------------------------------------------------ contract
    def close(self) -> None:
        self.session.close()

    def resize(self, size: tuple[int, int]) -> None:
        if not self.queue.idle:
            self.queue.skip()  # cards in flight were aimed at the old layout
        self._relayout()
        self.painter.presenter.invalidate()

    def enter(self) -> None:
        self.painter.presenter.invalidate()

    @property
    def four_colour(self) -> bool:
        return self.app.settings.four_colour

    @property
    def busy(self) -> bool:
        return bool(
            not self.queue.idle
            or self.session.pending
            or self.session.thinking is not None
            or len(self.effects)
            or self.easing
            or self.drag is not None
        )

    def _relayout(self) -> None:
        settings = self.app.settings
        key = (self.app.size, self.viewer, settings.card_scale)
        if key == self._layout_key:
            return
        self._layout_key = key
        players = self.session.match.players
        self.layout = table_layout(self.app.size, players, self.viewer, settings.card_scale)
        layout = self.layout
        self.hud_buttons = [
            Button(layout.score_button, _("Score (Tab)"), self.open_score_sheet),
            Button(layout.menu_button, _("Menu (Esc)"), self.open_menu),
        ]
        self.last_trick_button.rect = layout.last_trick_button
        self.bid_panel.close()
        self.positions.clear()

    # ------------------------------------------------------------ time
    def update(self, dt: float) -> None:
        self.clock += dt
        if not self.on_top:
            self._trusted = False
        self._relayout()
        if self._restart_in is not None:
            self._restart_in -= dt
            if self._restart_in <= 0 and isinstance(self.app.top, GameOverOverlay):
                self._restart_demo()
                return
        if not self.on_top:
            return
        speed = self.app.speed
        self.queue.update(dt, speed)
        self.effects.update(dt * speed)
        self._pump()
        if self.idle and not self.blocked:
            self._on_idle(dt, speed)
        self.view = self.session.view(self.viewer)
        self.thinking = self.session.thinking
        self.to_act = self._awaited()
        self.bid_panel.update()
        arrange_hand(self, dt * speed)
        update_tooltip(self)

    @property
    def idle(self) -> bool:
        """True when every event has been shown."""
        return self.queue.idle and not self.session.pending

    def _pump(self) -> None:
        """Start the next pending events while the queue is free."""
        pending = self.session.pending
        while self.queue.idle and pending and not self.blocked:
            self.queue.push(self.director.begin(pending.popleft()))
            if self.fast:
                self.queue.skip()
        if self.fast and self.idle:
            self.fast = False

    def _on_idle(self, dt: float, speed: float) -> None:
        session = self.session
        self.shown.sync(session.view(self.viewer))
        if self.hotseat:
            human = session.human_to_act()
            if not self.confirmed:
                self._curtain(human if human is not None else self.viewer)
                return
            if human is not None and human != self.viewer:
                self._curtain(human)
                return
        phase = session.match.phase
        if phase is Phase.HAND_SCORED:  # resumed between hands: show the result again
            self.open_hand_result(len(session.match.results))
            return
        if phase is Phase.GAME_OVER:
            self.open_game_over()
            return
        self._announce_turn()
        session.tick(dt, speed)
        self._pump()

    def _awaited(self) -> tuple[int, ...]:
        view = self.view
        if view.phase not in (Phase.BIDDING, Phase.PLAYING):
            return ()
        if self.idle:
            return view.awaiting
        if view.phase is Phase.BIDDING and view.rules.simultaneous_bidding:
            return view.awaiting
        return ()

    def _announce_turn(self) -> None:
        human = self.session.human_to_act()
        if human is None or human != self.viewer or self.demo:
            return
        match = self.session.match
        key = (match.hand_number, len(match.actions))
        if key != self._turn_key:
            self._turn_key = key
            self.app.sounds.play("turn")

    def _sound(self, name: str) -> None:
        self.app.sounds.play(name)

    # ------------------------------------------------------------ overlays
    def _curtain(self, seat: int) -> None:
        self.blocked = True
        view = self.session.view(seat)
        note = ""
        if view.phase is Phase.BIDDING and view.rules.simultaneous_bidding:
            note = _("Everyone bids in secret: the others should look away.")

        def ready() -> None:
            self.blocked = False
            self.confirmed = True
            self.set_viewer(seat)

        self.app.push(CurtainOverlay(self.app, self.session.players[seat].name, ready, note))

    def set_viewer(self, seat: int) -> None:
        """Show the table from ``seat``'s side (hotseat)."""
        self.viewer = seat
        self._relayout()
        self.positions.clear()
        self.focus = self.selected = None
        self.view = self.session.view(seat)
        if self.idle:
            self.shown.sync(self.view)
        self.to_act = self._awaited()
        self.bid_panel.update()
        arrange_hand(self, 0.0)

    def open_hand_result(self, number: int) -> None:
        result = self.session.match.results[number - 1]
        self.blocked, self.fast = True, False
        self.show_last_trick = False

        def closed() -> None:
            self.blocked = False
            self.session.continue_after_hand()

        auto = 4.5 / self.app.speed if self.demo else None
        self.app.push(HandResultOverlay(self.app, self.session, result, closed, auto_close=auto))

    def open_game_over(self) -> None:
        self.blocked, self.fast = True, False
        self.app.push(GameOverOverlay(self.app, self.session))
        if self.demo and not self.app.demo_over():
            self._restart_in = DEMO_RESTART

    def _restart_demo(self) -> None:
        self._restart_in = None
        session = GameSession(
            self.session.match.rules, random.randrange(1, 10**6), self.session.players
        )
        self.app.switch(routes.Table(session, demo=True))

    def open_score_sheet(self) -> None:
        self.app.open(routes.ScoreSheet(self.session))

    def open_menu(self) -> None:
        self.app.open(routes.Pause(self.session))

    def toggle_last_trick(self) -> None:
        self.show_last_trick = not self.show_last_trick and self.shown.last_trick is not None

    def skip(self) -> None:
        """Finish the animations now (a click during an animation)."""
        self.fast = True
        self.queue.skip()
        self.effects.clear("toast")
        self._pump()
        self.session.skip_wait()

    # ------------------------------------------------------------ reading
    def viewer_hand_now(self) -> list[Card]:
        return list(self.session.view(self.viewer).hand)

    def card_origin(self, card: Card) -> tuple[Point, float]:
        """Where the viewer's card left from, for its flight to the trick."""
        found = self._origins.pop(card, None)
        if found is not None:
            return found
        centre = self.layout.seats[self.viewer].origin
        return (float(centre[0]), float(centre[1])), float(self.layout.card[0])

    @property
    def human_viewer(self) -> bool:
        return not self.demo and self.viewer in self.session.humans and self.confirmed

    def my_turn(self) -> bool:
        """The viewer may play a card now."""
        view = self.view
        return (
            self.idle
            and not self.blocked
            and self.human_viewer
            and view.phase is Phase.PLAYING
            and self.viewer in view.awaiting
        )

    def my_bid(self) -> bool:
        view = self.view
        if not (self.human_viewer and not self.blocked and view.phase is Phase.BIDDING):
            return False
        if self.viewer not in view.awaiting:
            return False
        if self.idle:
            return True
        # Simultaneous bids may be made while the others' bids are still shown,
        # but not before the deal and the trump card have been seen.
        shown = self.shown
        return (
            view.rules.simultaneous_bidding
            and shown.trump_shown
            and shown.hand_number == view.hand_number
            and shown.counts[self.viewer] == view.hand_size
        )

    def status(self) -> tuple[str, tuple[int, int, int]]:
        """The line above the hand: whose turn it is."""
        view, players = self.view, self.session.players
        if view.phase not in (Phase.BIDDING, Phase.PLAYING) or not self.shown.trump_shown:
            return "", theme.TEXT
        if self.my_turn():
            if self.selected is not None:
                return _("Click the raised card again to play it"), theme.HIGHLIGHT
            return _("Your turn — play a card"), theme.HIGHLIGHT
        if self.my_bid():
            return "", theme.TEXT
        if self.thinking is not None:
            return _("{name} is thinking…").format(name=players[self.thinking].name), theme.TEXT
        if self.demo:
            return _("Demo game — click to hurry the animations"), theme.TEXT_DIM
        return "", theme.TEXT

    # ------------------------------------------------------------ the hand
    def card_under(self, pos: tuple[int, int]) -> Card | None:
        width, height = self.layout.card
        for item in reversed(self.hand):
            if pygame.Rect(round(item.x), round(item.y), width, height).collidepoint(pos):
                return item.card
        return None

    def item(self, card: Card | None) -> HandCard | None:
        return next((item for item in self.hand if item.card == card), None)

    def reason(self, card: Card) -> str | None:
        """Why the viewer may not play ``card`` now (the engine's words), or None."""
        return self.session.match.explain(Play.of(self.viewer, card))

    def _hint(self, text: str, anchor: tuple[int, int]) -> None:
        self.effects.add(Effect("hint", text, anchor, 2.4))

    def click_card(self, card: Card) -> None:
        item = self.item(card)
        anchor = (
            (round(item.x) + self.layout.card[0] // 2, round(item.y))
            if item
            else self.layout.status
        )
        if not self.my_turn() or item is None or not item.legal:
            text = self.reason(card)
            if text and self.human_viewer:
                self._hint(text, anchor)
            return
        if self.app.settings.confirm_play and self.selected != card:
            self.selected = card
            self.app.sounds.play("click")
            return
        self.play(card)

    def play(self, card: Card, at: Point | None = None) -> bool:
        """Play ``card`` for the viewer; False (with the reason shown) if it is not allowed."""
        item = self.item(card)
        try:
            self.session.act(Play.of(self.viewer, card))
        except (IllegalAction, ValueError) as error:
            self._hint(str(error), self.layout.status)
            return False
        width = float(self.layout.card[0])
        if at is None and item is not None:
            at = (item.x + width / 2, item.y + self.layout.card[1] / 2)
        if at is not None:
            self._origins[card] = (at, width)
        self.selected = None
        self._pump()
        return True

    # ------------------------------------------------------------ bidding
    def bid(self, number: int) -> bool:
        """Bid ``number`` for the viewer; False (with the reason shown) if not allowed."""
        panel = self.bid_panel
        panel.digits = ""
        if not self.my_bid():
            return False
        try:
            self.session.act(Bid.of(self.viewer, number))
        except (IllegalAction, ValueError) as error:
            anchor = panel.geometry.panel.midtop if panel.geometry else self.layout.status
            self._hint(str(error), anchor)
            return False
        panel.focus = None
        self._pump()
        return True

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> None:
        self.input.handle(event)

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        canvas = self.painter.begin(surface, self)
        self.painter.draw(canvas, self)
        draw_effects(canvas, self)
        draw_status(canvas, self)
        draw_bid_panel(canvas, self)
        draw_hud(canvas, self)
        draw_last_trick(canvas, self, self.painter)
        draw_tip(canvas, self)
        on_top = self.on_top
        self.painter.finish(surface, self._trusted and on_top)
        self._trusted = on_top

    @property
    def on_top(self) -> bool:
        """Whether no other scene is drawn over the table."""
        scenes = self.app.scenes
        return self not in scenes or scenes[-1] is self
