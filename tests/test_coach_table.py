"""The coach at the table (issue 18): its figures are the engine's for the view and
seed, C and the setting toggle it, several humans must all wish it, and it never
holds up play or shows figures for a position that has moved on."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import pygame
import pytest

from game.ai.advice import Advice
from game.ai.coach import advise
from game.play import thinker
from game.play.coaching import Coach, coach_seed
from game.play.contract import CoachSession
from game.play.preview import played_session, played_until_bid
from game.play.session import GameSession
from game.rules.actions import Bid, Play
from game.rules.phase import Phase
from game.rules.presets import PRESETS
from game.rules.record import Player
from game.rules.view import SeatView
from game.ui.app import App
from game.ui.table.coachview import bid_figures
from game.ui.table.curtain import ARM_DELAY, CurtainOverlay
from game.ui.table.frame import Coaching, chance_percent
from game.ui.table.scene import TableScene
from tests.waits import wait_until

SEATS = [Player("You"), Player("Basil", "medium"), Player("Clara", "medium")]


def open_table(app: App, session: GameSession) -> TableScene:
    scene = TableScene(app, session)
    app.push(scene)
    return scene


def run_until(app: App, condition: Callable[[], object], seconds: float = 120) -> None:
    wait_until(condition, "the table's state", seconds, step=lambda: app.frame(0.05))


def press_c(app: App) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode="c"))
    app.frame(0.01)


def figures_shown(scene: TableScene) -> bool:
    coach = scene.frame().coach
    return coach is not None and coach.advice is not None


def at_play(seed: int = 5) -> GameSession:
    """A solo game at the moment You play a card."""
    for actions in range(3, 12):
        session = played_session("oh-hell", SEATS, seed, actions)
        if session.view(0).phase is Phase.PLAYING and session.human_to_act() == 0:
            return session
        session.close()
    raise AssertionError("You never play")


# ------------------------------------------------------------------ the figures
def test_the_bid_figures_on_screen_are_the_engines_for_the_view_and_seed(app: App) -> None:
    app.store.update(coach=True)
    session = played_until_bid("oh-hell", SEATS, 4)
    scene = open_table(app, session)
    run_until(app, lambda: figures_shown(scene))
    view = session.view(0)
    expected = advise(view, coach_seed(session.match.seed, 0))
    frame = scene.frame()
    assert frame.coach is not None and frame.coach.advice == expected
    shown = bid_figures(scene.bid_panel, frame)
    wanted = {o.action: o.chance for o in expected.options}
    assert [(number, text) for number, text, _ in shown] == [
        (n, chance_percent(wanted[Bid.of(0, n)]))
        for n in range(view.hand_size + 1)
        if Bid.of(0, n) in wanted
    ]
    assert [Bid.of(0, n) for n, _, best in shown if best] == [Coaching(expected).marked]


def test_the_card_badges_and_the_choice_are_the_engines(app: App) -> None:
    app.store.update(coach=True)
    session = at_play()
    scene = open_table(app, session)
    run_until(app, lambda: figures_shown(scene) and scene.hand.items)
    app.frame(0.01)  # the hand takes the figures as it is laid out
    expected = advise(session.view(0), coach_seed(session.match.seed, 0))
    chances = {o.action: o.chance for o in expected.options}
    legal = [item for item in scene.hand.items if item.legal]
    assert legal and all(item.chance == chances[Play.of(0, item.card)] for item in legal)
    assert all(item.chance is None for item in scene.hand.items if not item.legal)
    marked = Coaching(expected).marked  # the best figure shown (the choice among ties)
    assert [Play.of(0, item.card) for item in scene.hand.items if item.advised] == [marked]


def test_asking_twice_gives_the_same_figures() -> None:
    session = at_play()
    first = thinker.coach(coach_seed(session.match.seed, 0), session.view(0))
    again = thinker.coach(coach_seed(session.match.seed, 0), session.view(0))
    assert first.wait(120) and again.wait(120)
    assert first.advice == again.advice
    session.close()


# ------------------------------------------------------------------ toggling
def test_c_and_the_setting_turn_the_solo_coach_on_and_off(app: App) -> None:
    session = played_until_bid("oh-hell", SEATS, 4)
    scene = open_table(app, session)
    run_until(app, scene.my_bid)
    assert scene.frame().coach is None and not session.coach_on
    press_c(app)
    assert app.settings.coach and session.coach_on  # kept for the next games too
    run_until(app, lambda: figures_shown(scene))
    assert scene.bid_panel.geometry is not None and scene.bid_panel.geometry.figures
    press_c(app)
    assert not app.settings.coach and scene.frame().coach is None
    app.store.update(coach=True)  # the Settings screen: takes effect at once
    app.frame(0.01)
    assert session.coach_on and scene.frame().coach is not None


def test_the_demo_is_never_coached(app: App) -> None:
    app.store.update(coach=True)
    session = played_session("oh-hell", [Player("A", "medium")] * 3, 4, 0)
    scene = TableScene(app, session, demo=True)
    app.push(scene)
    for _ in range(40):
        press_c(app)
        assert scene.frame().coach is None and not session.coach_on
    assert app.settings.coach  # C does nothing in a demo


def test_with_two_humans_the_coach_needs_both_wishes() -> None:
    two = [Player("Anna"), Player("Basil", "medium"), Player("Clara")]
    session = GameSession(PRESETS["oh-hell"].rules(3), 4, two)
    assert not session.coach_on
    session.wish_coach(0, True)
    assert not session.coach_on and session.coach_advice(0) is None
    session.wish_coach(2, True)
    assert session.coach_on
    session.wish_coach(0, False)
    assert not session.coach_on
    session.close()


def next_turn(app: App, scene: TableScene) -> None:
    """On to the next human's bid or play, past the curtain."""
    while True:
        run_until(app, lambda: scene.my_bid() or scene.my_turn() or app.top is not scene)
        curtain = app.top
        if not isinstance(curtain, CurtainOverlay):
            return
        for _ in range(round(ARM_DELAY / 0.05) * 2):
            app.frame(0.05)
        curtain.ready()
        app.frame(0.05)


def test_hotseat_each_player_turns_their_own_wish_on_their_turn(app: App) -> None:
    app.store.update(coach=True)  # the setting alone coaches no hotseat game
    two = [Player("Anna"), Player("Basil", "medium"), Player("Clara")]
    app.start_game(PRESETS["oh-hell"].rules(3), 4, two)
    scene = app.scenes[0]
    assert isinstance(scene, TableScene)
    session = scene.extras.coach
    assert session is not None
    next_turn(app, scene)
    first = scene.viewer
    assert scene.frame().coach is None
    press_c(app)
    assert session.coach_wished(first) and not session.coach_on
    assert scene.frame().coach is None
    while scene.viewer == first:
        action = scene.view.legal[0]
        assert isinstance(action, Bid)
        scene.bid(action.tricks)
        next_turn(app, scene)
    press_c(app)
    assert session.coach_on and scene.frame().coach is not None
    run_until(app, lambda: figures_shown(scene))


# ------------------------------------------------------------------ never in the way
@dataclass
class SlowThought:
    """A question the worker never answers, that records being cancelled."""

    view: SeatView
    cancelled: bool = False
    advice: Advice | None = field(default=None)

    def done(self) -> bool:
        return self.advice is not None

    def cancel(self) -> None:
        self.cancelled = True


@pytest.fixture
def slow_coach(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[SlowThought]]:
    asked: list[SlowThought] = []

    def ask(seed: int, view: SeatView) -> SlowThought:
        asked.append(SlowThought(view))
        return asked[-1]

    monkeypatch.setattr(thinker, "coach", ask)  # what game.play.coaching asks
    yield asked


def test_a_human_plays_while_the_coach_thinks_and_the_question_is_dropped(
    app: App, slow_coach: list[SlowThought]
) -> None:
    app.store.update(coach=True)
    session = at_play()
    scene = open_table(app, session)
    run_until(app, scene.my_turn, seconds=30)
    coach = scene.frame().coach
    assert coach is not None and coach.advice is None  # "Coach is thinking…"
    assert len(slow_coach) == 1 and slow_coach[0].view.seat == 0
    card = next(a.card for a in session.view(0).legal if isinstance(a, Play))
    assert scene.play(card)
    assert slow_coach[0].cancelled


def test_an_answer_for_an_old_position_is_never_shown(slow_coach: list[SlowThought]) -> None:
    session = at_play()
    session.wish_coach(0, True)
    old = slow_coach[-1]
    card = next(a.card for a in session.view(0).legal if isinstance(a, Play))
    session.act(Play.of(0, card))
    old.advice = advise(old.view, 1)  # arrives late
    assert old.cancelled and session.coach_advice(0) is None
    coach = Coach([0])
    coach.wish(0, True)
    coach.follow(session.match, 0)
    assert coach.advice(session.match, 1) is None  # another seat's position
    session.close()


def test_a_take_back_drops_the_question_and_asks_again(slow_coach: list[SlowThought]) -> None:
    session = at_play()
    session.take_backs_allowed = True
    session.wish_coach(0, True)
    card = next(a.card for a in session.view(0).legal if isinstance(a, Play))
    session.act(Play.of(0, card))
    asked = len(slow_coach)
    assert asked == 1 and slow_coach[0].cancelled  # a computer is to play: no question
    assert session.take_back()
    assert len(slow_coach) == 2
    assert slow_coach[-1].view.seat == 0 and not slow_coach[-1].cancelled
    assert session.view(0) == slow_coach[-1].view
    session.close()
    assert slow_coach[-1].cancelled


def test_c_says_why_the_coach_does_not_come(app: App) -> None:
    """Not on your own turn in a hotseat game, and never in a network game."""
    from game.net.remote import RemoteSession
    from game.ui.table.coachview import toggle_coach

    two = [Player("Anna"), Player("Basil", "medium"), Player("Clara")]
    session = GameSession(PRESETS["oh-hell"].rules(3), 4, two)
    word = toggle_coach(session, app.store, 0, may_wish=False)
    assert word == "Each player turns the coach on or off on their own turn."
    assert not session.coach_wished(0)
    assert toggle_coach(session, app.store, 0, may_wish=True).startswith("Coach on for you")
    session.close()
    remote = RemoteSession.__new__(RemoteSession)  # no connection needed: class-level rule
    assert not isinstance(remote, CoachSession)  # so the table holds no coach for it
    assert toggle_coach(None, app.store, 0, may_wish=True) == (
        "The coach is not available in network games."
    )
    assert not app.settings.coach
