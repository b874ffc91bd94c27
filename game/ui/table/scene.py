"""The table: where a game of Oh Hell is played.

How the parts work together:

* The :class:`~game.play.session.GameSession` holds the match. Human actions go
  to ``session.act``; ``session.tick`` deals and lets computer seats act (they
  think in a worker thread, so the window never freezes). Every engine event
  lands in ``session.pending``.
* The table's :class:`~game.ui.table.pacing.Pacer` takes pending events one at
  a time, only when its :class:`~game.ui.table.animation.AnimationQueue` is idle
  and no dialog blocks the table, and the
  :class:`~game.ui.table.director.Director` turns each into a step: cards in
  flight and cues that move :class:`~game.ui.table.state.Shown` (what the
  table shows) on. Only when the queue and the pending events are both empty
  does the table let the session tick again, and bring ``Shown`` back in line
  with the engine's view.
* The parts (the :class:`~game.ui.table.hand.Hand`, the
  :class:`~game.ui.table.bidpanel.BidPanel`, the :class:`~game.ui.table.hud.Hud`,
  the :class:`~game.ui.table.trick.TrickArea`, the
  :class:`~game.ui.table.input.TableInput` and the director) read a
  :class:`~game.ui.table.frame.Frame` of views and hand back
  :mod:`~game.ui.table.requests`, which the scene carries out. It is the only
  part that acts on the session or opens other screens.
* What the session can do besides the game (the coach, claims, take-backs, words
  said to the table) is looked up once, in :class:`~game.ui.table.extras.Extras`;
  the table offers only what it has.
* Everything is drawn from the frame, the hand and the flights, layer by layer,
  by :class:`~game.ui.table.drawing.TableDrawing` (with the
  :class:`~game.ui.table.paint.TablePainter` and :mod:`game.ui.table.hud`).
* :class:`~game.ui.table.turns.TurnCues` marks the viewer's turn and plays a
  lone card by itself; :class:`~game.ui.table.dialogs.TableDialogs` opens the
  dialogs that stop the table (the curtain, a hand's result, the game's end).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.i18n import _, language, tr
from game.i18n.describe import custom_name
from game.i18n.reasons import error_words
from game.play.contract import TableSession
from game.play.guide import guide_step, guide_words
from game.play.notices import Notice, Tone, reading_time
from game.rules.actions import Bid, Play
from game.rules.cards import Card
from game.rules.errors import IllegalAction
from game.rules.phase import Phase
from game.rules.presets import preset_for
from game.rules.view import SeatView
from game.ui.cards.geometry import Point
from game.ui.kit import routes
from game.ui.kit.layers import LayerStack
from game.ui.kit.never import unreachable
from game.ui.kit.scene import Scene
from game.ui.table import requests as ask
from game.ui.table.animation import AnimationQueue, Effect, Effects
from game.ui.table.bidpanel import BidPanel
from game.ui.table.curtain import Hotseat
from game.ui.table.dialogs import TableDialogs
from game.ui.table.director import Director
from game.ui.table.drawing import TableDrawing
from game.ui.table.extras import Extras
from game.ui.table.frame import Frame, Seating, may_bid, may_play
from game.ui.table.hand import Hand
from game.ui.table.hud import Hud
from game.ui.table.input import TableInput
from game.ui.table.layout import TableLayout, table_layout
from game.ui.table.notices import NoticeBoard
from game.ui.table.pacing import Pacer
from game.ui.table.paint import TablePainter
from game.ui.table.plates import plate_tip
from game.ui.table.stage import Scenery
from game.ui.table.state import Shown
from game.ui.table.text import emote_words
from game.ui.table.trick import TrickArea
from game.ui.table.turns import TurnCues

if TYPE_CHECKING:
    from game.ui.kit.scene import SceneHost


class TableScene(Scene):
    """The game table for one session; ``demo`` plays every seat by computer, forever."""

    def __init__(self, app: SceneHost, session: TableSession, *, demo: bool = False) -> None:
        super().__init__(app)
        self.session, self.demo = session, demo
        self.extras = Extras(session, demo)
        """The coach, claims, take-backs and words, as far as the session has them."""
        humans = session.humans
        self.hotseat = Hotseat.for_humans(0 if demo else len(humans))
        self.viewer = humans[0] if humans and not demo else 0
        self.view: SeatView = session.view(self.viewer)
        self.shown = Shown.from_view(session.opening_view(self.viewer))
        self.effects = Effects()
        self.notices = NoticeBoard()
        director = Director(self.shown, self.effects, self.notices)
        self.queue = AnimationQueue(play=self._sound)
        self.pacer = Pacer(session, director, self.queue, self._carry_out, self._scenery)
        self.dialogs = TableDialogs(app, session, self.pacer, demo, self.open_menu)
        self.painter = TablePainter()
        self.hand, self.bid_panel, self.hud, self.trick = Hand(), BidPanel(), Hud(), TrickArea()
        self.input = TableInput(self.hud, self.trick, self.bid_panel, self.hand)
        parts = (self.hand, self.bid_panel, self.hud, self.trick)
        self.drawing = TableDrawing(self.painter, *parts, self.effects, self.notices)
        self.clock = 0.0
        self.turns = TurnCues()
        self._layout_key: tuple[object, ...] | None = None
        self.title = ""
        self.layout: TableLayout = table_layout(app.size, session.rules.players, self.viewer)
        self._follow_coach_setting()
        self._relayout()
        self.hud.follow(self.frame())

    # ------------------------------------------------------------ contract
    def close(self) -> None:
        self.session.close()

    def resize(self, size: tuple[int, int]) -> None:
        self.pacer.finish()
        self._relayout()
        self.hud.follow(self.frame())
        self.painter.presenter.invalidate()

    def enter(self) -> None:
        """On top again (a menu or the settings closed): the pointer is wherever it went
        meanwhile, so no card stays raised or explained for where it was."""
        self.painter.presenter.invalidate()
        focused = pygame.display.get_init() and pygame.mouse.get_focused()
        self.input.mouse = pygame.mouse.get_pos() if focused else (-1, -1)
        self.hand.drag = None
        self.hud.tooltip = None
        self.notices.restart()  # what waited under a dialog gets its full time now
        for button in (*self.hud.buttons, *self.hud.corner, self.hud.last_trick):
            button.hovered = button.pressed = False

    @property
    def busy(self) -> bool:
        return bool(
            not self.queue.idle
            or self.session.pending
            or self.session.thinking is not None
            or len(self.effects)
            or self.hand.easing
            or self.hand.drag is not None
        )

    @property
    def stack(self) -> LayerStack:
        """What the last frame drew over the table, layer by layer (see :mod:`regions`)."""
        return self.drawing.stack

    @property
    def on_top(self) -> bool:
        """Whether no other scene is drawn over the table."""
        scenes = self.app.scenes
        return self not in scenes or scenes[-1] is self

    def _relayout(self) -> None:
        settings = self.app.settings
        key = (
            self.app.size,
            self.viewer,
            settings.card_scale,
            settings.text_scale,
            settings.high_contrast,
            language(),
        )
        if key == self._layout_key:
            return
        self._layout_key = key
        preset = preset_for(self.session.rules)
        self.title = tr(preset.name) if preset else custom_name()
        players = self.session.rules.players
        self.layout = table_layout(
            self.app.size, players, self.viewer, settings.card_scale, settings.text_scale
        )
        self.hud.relayout(self.layout)
        self.bid_panel.close()
        self.hand.relayout()

    # ------------------------------------------------------------ reading
    @property
    def idle(self) -> bool:
        """True when every event has been shown."""
        return self.pacer.idle

    @property
    def blocked(self) -> bool:
        """A dialog (a curtain, a hand's result) stops the table."""
        return self.pacer.blocked

    @property
    def human_viewer(self) -> bool:
        humans = self.session.humans
        return not self.demo and self.viewer in humans and self.hotseat.confirmed

    def _seating(self) -> Seating:
        return Seating(self.viewer, self.human_viewer, self.idle, self.blocked)

    def my_turn(self) -> bool:
        """The viewer may play a card now."""
        return may_play(self.view, self._seating())

    def my_bid(self) -> bool:
        """The viewer may bid now."""
        return may_bid(self.view, self.shown, self._seating())

    def frame(self) -> Frame:
        """What the parts read now."""
        session, settings = self.session, self.app.settings
        return Frame(
            view=self.view,
            shown=self.shown,
            layout=self.layout,
            players=tuple(session.players),
            seating=self._seating(),
            clock=self.clock,
            title=self.title,
            hotseat=self.hotseat.on,
            demo=self.demo,
            solo=len(session.humans) == 1,
            thinking=session.thinking,
            four_colour=settings.four_colour,
            confirm_play=settings.confirm_play,
            explain=session.explain,
            take_backs=self.extras.undo_state(self.blocked),
            coach=self.extras.coaching(self.viewer) if self.my_bid() or self.my_turn() else None,
            absent=dict(session.absent),
            guide=self._guide(),
            can_claim=self.my_turn() and self.extras.may_claim(),
            emotes=self.extras.may_talk,
        )

    def _guide(self) -> str | None:
        """The guided first hand's words for the viewer's decision now (while the
        setting is on, at a person's own turn)."""
        if self.demo or not self.app.settings.guide or not self.human_viewer:
            return None
        if not self.idle or self.blocked:
            return None
        step = guide_step(self.view)
        return guide_words(step) if step is not None else None

    def _scenery(self) -> Scenery:
        """What the director reads as it begins an event."""
        session = self.session
        view = session.view(self.viewer)
        return Scenery(
            layout=self.layout,
            viewer=self.viewer,
            names=tuple(player.name for player in session.players),
            hand=view.hand,
            verdict=view.verdict,
            results=session.results,
            cheer=self.viewer in session.humans,
            origin=self.hand.origin,
        )

    # ------------------------------------------------------------ time
    def update(self, dt: float) -> None:
        self.clock += dt
        self._follow_coach_setting()
        on_top = self.on_top
        if not on_top:
            self.drawing.trusted = False
        self._relayout()
        if self.dialogs.restart_demo(dt):
            return
        if not on_top:
            return
        if self.extras.taken_back_since():  # from the pause menu
            self._taken_back()
        speed = self.app.speed
        self.pacer.advance(dt, speed)
        self.effects.update(dt)  # words are read in real time, whatever the speed
        self._signal()
        self.notices.update(dt)
        self.pacer.pump()
        if self.idle and not self.blocked:
            self._on_idle(dt, speed)
        self._follow(dt * speed)
        self._auto_play(dt)

    def _auto_play(self, dt: float) -> None:
        """With the setting on, the viewer's only playable card is played by itself,
        after a moment to see it (never the last card: that one is plain)."""
        allowed = self.app.settings.auto_play and self.my_turn()
        card = self.turns.lone_card(self.view, allowed, dt)
        if card is not None:
            self.play(card)

    def _follow(self, dt: float) -> None:
        """Bring the parts in line with the viewer's view."""
        self.view = self.session.view(self.viewer)
        frame = self.frame()
        bid = self.bid_panel.update(frame)
        if bid is not None:
            self.bid(bid.tricks)
            frame = self.frame()
        mouse = self.input.mouse
        beneath = (-1, -1) if self.stack.top_at(mouse) is not None else mouse
        self.hand.arrange(frame, dt, beneath)  # a card under a panel is not pointed at
        self.hud.follow(frame)
        self.hud.point_out(frame, self.hand, mouse, beneath)
        if self.hud.tooltip is None:  # a name cut to fit its plate, whole
            self.hud.tooltip = plate_tip(self.painter.plates.cut, frame.layout, beneath)

    def _on_idle(self, dt: float, speed: float) -> None:
        session = self.session
        view = session.view(self.viewer)
        self.shown.sync(view)
        seat = self.hotseat.pass_to(session.human_to_act(), self.viewer)
        if seat is not None:
            self.dialogs.curtain(seat, partial(self._lifted, seat))
        elif view.phase is Phase.HAND_SCORED:  # resumed between hands: show the result again
            self.open_hand_result(len(session.results))
        elif view.phase is Phase.GAME_OVER:
            self.open_game_over()
        else:
            self._announce_turn(view)
            session.tick(dt, self.app.computer_speed)  # their pace, not the animations'
            self.pacer.pump()

    def _announce_turn(self, view: SeatView) -> None:
        human = self.session.human_to_act()
        if human is None or human != self.viewer or self.demo:
            return
        if self.turns.is_new((view.hand_number, self.session.moves)):
            self.app.sounds.play("turn")

    def _sound(self, name: str) -> None:
        self.app.sounds.play(name)

    # ------------------------------------------------------------ requests
    def _carry_out(self, requests: Iterable[ask.Request]) -> None:
        for request in requests:
            self.carry_out(request)

    def carry_out(self, request: ask.Request) -> None:
        """Do what a part of the table asked for."""
        match request:
            case ask.PlayCard():
                self.play(request.card, request.at)
            case ask.PlaceBid():
                self.bid(request.tricks)
            case ask.ExplainCard():
                self._explain(request.card, request.anchor)
            case ask.PlaySound():
                self.app.sounds.play(request.name)
            case ask.OpenMenu():
                self.open_menu()
            case ask.OpenScoreSheet():
                self.app.open(routes.ScoreSheet(self.session))
            case ask.ToggleLastTrick():
                self.trick.toggle(self.shown)
            case ask.CloseLastTrick():
                self.trick.close()
            case ask.SkipAnimations():
                self.skip()
            case ask.Hurry():
                self.session.skip_wait()
            case ask.ShowHandResult():
                self.open_hand_result(request.number)
            case ask.ShowGameOver():
                self.open_game_over()
            case ask.TakeBack():
                self.take_back()
            case ask.ToggleCoach():
                self.toggle_coach()
            case ask.HideGuide():
                self.hide_guide()
            case ask.ClaimRest():
                self.claim()
            case ask.ToggleEmotes():
                self.hud.saying = not self.hud.saying
            case ask.SendEmote():
                self.hud.saying = False
                self.extras.say(request.word)
            case _:
                unreachable(request)

    def play(self, card: Card, at: Point | None = None) -> bool:
        """Play ``card`` for the viewer; False (with the reason shown) if it is not allowed."""
        try:
            self.session.act(Play.of(self.viewer, card))
        except (IllegalAction, ValueError) as error:
            self._hint(error_words(error), self.layout.status)
            return False
        self.hand.played(card, at, self.layout)
        self.pacer.pump()
        return True

    def bid(self, number: int) -> bool:
        """Bid ``number`` for the viewer; False (with the reason shown) if not allowed."""
        panel = self.bid_panel
        panel.forget_digits()
        if not self.my_bid():
            return False
        try:
            self.session.act(Bid.of(self.viewer, number))
        except (IllegalAction, ValueError) as error:
            if not panel.flash():  # the hook's note lights up in the panel, covering nothing
                self._hint(error_words(error), self.layout.status)
            return False
        panel.placed()
        self.pacer.pump()
        return True

    def _explain(self, card: Card, anchor: tuple[int, int]) -> None:
        text = self.session.explain(Play.of(self.viewer, card))
        if text and self.human_viewer:
            self._hint(text, anchor)

    def _signal(self) -> None:
        """Queue the session's notices (a player dropped, whom the table waits for, a
        save that failed) on the notice board."""
        signals = self.session.signals
        while signals:
            self.notices.post(signals.popleft())
        for seat, word in self.extras.said():
            if 0 <= seat < len(self.layout.seats):
                spot = self.layout.seats[seat].bubble
                self.effects.add(Effect("bubble", emote_words(word), spot, 3.5, seat=seat))

    def notify(self, text: str, tone: Tone = "info") -> None:
        """A notice of the table's own (the coach turned on) on the notice board."""
        self.notices.post(Notice(text, tone))

    def _hint(self, text: str, anchor: tuple[int, int]) -> None:
        """A word by what the player just tried (in place of the last one), long
        enough to be read."""
        self.effects.add(Effect("hint", text, anchor, reading_time(text)))

    def skip(self) -> None:
        """Finish the animations now (a click during an animation)."""
        self.pacer.skip()
        self.session.skip_wait()

    def take_back(self) -> bool:
        """Take back the viewer's last action of this hand (with the computers' after
        it); False, with a word why, when there is none or take-backs are off."""
        word = self.extras.take_back(self.blocked)
        if word is not None:
            if not self.demo:
                self._hint(word, self.layout.status)
            return False
        self._taken_back()
        return True

    def _taken_back(self) -> None:
        """Show the game as the take-back left it: no animation, the hand as dealt back."""
        self.pacer.drop()
        self.notices.clear("game")  # what was announced may not stand any more
        self.trick.close()
        self.view = view = self.session.view(self.viewer)
        self.shown.new_hand(view.hand_number, view.dealer, view.hand_size)
        self.shown.sync(view)
        self.hand.forget()
        self._follow(0.0)

    # ------------------------------------------------------------ the guide
    def hide_guide(self) -> None:
        """The player needs no guide: it never shows again (Settings can bring it back)."""
        self.app.store.update(guide=False)

    def _guide_done(self) -> None:
        """A hand is over: the guide has said its piece."""
        if self.app.settings.guide and not self.demo and self.session.humans:
            self.app.store.update(guide=False)
            self.notify(_("That was the guided hand; Settings can turn the guide on again."))

    def claim(self) -> bool:
        """Claim the rest of the tricks (certain, see :mod:`game.rules.claims`): the
        session plays them out."""
        return not self.blocked and self.my_turn() and self.extras.claim()

    # ------------------------------------------------------------ the coach
    def _follow_coach_setting(self) -> None:
        self.extras.follow_coach_setting(self.app.settings.coach)

    def toggle_coach(self) -> None:
        """C: solo, the coach setting; hotseat, the wish of the player whose turn it is."""
        if self.demo:
            return
        may_wish = self.human_viewer and self.session.human_to_act() == self.viewer
        self.notify(self.extras.toggle_coach(self.app.store, self.viewer, may_wish))

    def open_menu(self) -> None:
        self.app.open(routes.Pause(self.session))

    # ------------------------------------------------------------ overlays
    def _lifted(self, seat: int) -> None:
        self.hotseat.passed()
        self.set_viewer(seat)

    def set_viewer(self, seat: int) -> None:
        """Show the table from ``seat``'s side (hotseat)."""
        self.viewer = seat
        self._relayout()
        self.hand.forget()
        if self.idle:
            self.shown.sync(self.session.view(seat))
        self._follow(0.0)

    def open_hand_result(self, number: int) -> None:
        self._guide_done()
        self.trick.close()
        self.dialogs.hand_result(number)

    def open_game_over(self) -> None:
        self.dialogs.game_over()

    # ------------------------------------------------------------ input and drawing
    def handle_event(self, event: pygame.event.Event) -> None:
        self._carry_out(self.input.handle(event, self.frame()))

    def draw(self, surface: pygame.Surface) -> None:
        self.drawing.draw(surface, self.frame(), self.queue.flights(), self.on_top)

    def damage(self) -> list[pygame.Rect] | None:
        return self.painter.presenter.damage
