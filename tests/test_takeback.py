"""Take-backs: the log cut at the human's last action of the hand and replayed."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from game.ai.base import RandomAgent
from game.play.session import GameSession
from game.play.takeback import take_back_point, take_backs_allowed
from game.rules import PRESETS, Phase, Player
from game.rules.actions import Play
from game.ui.app import App
from game.ui.table.scene import TableScene
from tests.kept import play_on
from tests.waits import wait_until

PLAYERS = [Player("Anna"), Player("Bot 1", "easy"), Player("Bot 2", "random")]


def run_until_human(session: GameSession, limit: float = 10.0) -> None:
    wait_until(
        lambda: session.human_to_act() is not None or session.over,
        "the computer seats' turns",
        limit,
        step=lambda: session.tick(1.0),
        pause=0.001,
    )


def new_session(tmp_path: Path, seed: int = 5) -> GameSession:
    session = GameSession(PRESETS["oh-hell"].rules(3), seed, PLAYERS, tmp_path / "a.json")
    session.take_backs_allowed = True
    return session


def test_take_back_round_trip_restores_the_state_before_the_human_acted(
    tmp_path: Path,
) -> None:
    session = new_session(tmp_path)
    run_until_human(session)
    session.act(session.match.legal_actions(0)[0])  # the human's bid
    run_until_human(session)
    before = session.record()
    log_before = list(session.match.actions)
    hand_before = session.view(0).hand
    played = session.match.legal_actions(0)[-1]
    session.act(played)
    run_until_human(session)  # the computers answer
    assert len(session.match.actions) > len(log_before) + 1
    assert session.take_back()
    assert session.record() == before
    assert session.match.actions == log_before
    assert session.view(0).hand == hand_before
    assert session.take_backs == 1 and not session.pending
    session.act(played)  # the same card again: the computers decide as before
    session.close()


def test_nothing_to_take_back_at_the_start_of_a_hand_or_when_off(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    run_until_human(session)
    if session.match.phase is Phase.BIDDING and not session.can_take_back():
        assert not session.take_back() and session.take_backs == 0
    session.act(session.match.legal_actions(0)[0])
    session.take_backs_allowed = False
    before = session.record()
    assert not session.can_take_back() and not session.take_back()
    assert session.record() == before
    session.close()


def test_take_back_stays_within_the_hand(tmp_path: Path) -> None:
    session = new_session(tmp_path, seed=8)
    wait_until(
        lambda: session.match.hand_number >= 2 and not session.match.phase.automatic,
        "the second hand",
        20,
        step=lambda: play_on(session),
        pause=0.001,
    )
    # A new hand was dealt: nothing before it can be taken back.
    view = session.public()
    first_of_hand = len(session.match.actions) - sum(view.has_bid) - len(view.trick)
    cut = take_back_point(session.match, [0])
    assert cut is None or cut >= first_of_hand
    if cut is not None:
        assert session.take_back()
        assert session.match.hand_number == 2 and len(session.results) == 1
    session.close()


def test_who_may_take_back() -> None:
    gentle = [Player("You"), Player("A", "easy"), Player("B", "medium")]
    assert take_backs_allowed("auto", gentle)
    assert not take_backs_allowed("auto", [*gentle, Player("C", "expert")])
    assert take_backs_allowed("always", [*gentle, Player("C", "expert")])
    assert not take_backs_allowed("never", gentle)
    assert not take_backs_allowed("always", [Player("You"), Player("Me"), Player("A", "easy")])


def test_the_table_takes_back_on_backspace(app: App) -> None:
    app.store.update(take_backs="always")
    app.start_game(PRESETS["oh-hell"].rules(3), 5, PLAYERS)
    scene = next(s for s in app.scenes if isinstance(s, TableScene))
    assert scene.extras.take_backs is not None and scene.extras.take_backs.take_backs_allowed
    for _ in range(4000):
        if scene.my_bid():
            break
        app.frame(0.05)
        time.sleep(0.001)
    assert scene.bid(scene.session.view(0).legal[0].tricks)  # type: ignore[union-attr]
    for _ in range(4000):
        if scene.my_turn():
            break
        app.frame(0.05)
        time.sleep(0.001)
    card = scene.session.view(0).legal[0]
    assert isinstance(card, Play)
    hand = scene.session.view(0).hand
    assert scene.play(card.card)
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode=""))
    app.frame(0.05)
    assert scene.extras.taken_back() == 1
    assert scene.session.view(0).hand == hand
    assert sorted(item.card for item in scene.hand.items) == sorted(hand)
    assert scene.shown.counts[0] == len(hand)
    # The same again with the Undo button in the top bar.
    assert scene.play(card.card)
    for _ in range(4000):
        if scene.my_turn():
            break
        app.frame(0.05)
        time.sleep(0.001)
    app.frame(0.05)
    assert scene.hud.undo in scene.hud.buttons and scene.hud.undo.enabled
    pos = scene.hud.undo.rect.center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.handle(pygame.event.Event(kind, pos=pos, button=1))
    app.frame(0.05)
    assert scene.extras.taken_back() == 2
    assert scene.session.view(0).hand == hand


def test_no_undo_button_without_take_backs(app: App) -> None:
    app.store.update(take_backs="never")
    app.start_game(PRESETS["oh-hell"].rules(3), 5, PLAYERS)
    scene = next(s for s in app.scenes if isinstance(s, TableScene))
    app.frame(0.05)
    assert scene.hud.undo not in scene.hud.buttons
    assert scene.extras.take_backs is not None
    assert not scene.take_back() and scene.extras.taken_back() == 0


def test_take_backs_and_the_game_played_again_survive_a_resume(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    session.again_of = "game-20261202-071500-123456"
    run_until_human(session)
    session.act(session.match.legal_actions(0)[0])
    assert session.take_back()
    assert session.flush_save()
    session.close()
    resumed = GameSession.resume(tmp_path / "a.json")
    assert resumed.take_backs == 1 and resumed.again_of == session.again_of
    resumed.close()
    other = GameSession(PRESETS["oh-hell"].rules(3), 99, PLAYERS, tmp_path / "a.json")
    other.save()
    assert other.flush_save()
    other.close()
    fresh = GameSession.resume(tmp_path / "a.json")  # the marks were another game's
    assert fresh.take_backs == 0 and fresh.again_of is None
    fresh.close()
    (tmp_path / "a.extras.json").write_text("{damaged")
    damaged = GameSession.resume(tmp_path / "a.json")
    assert damaged.take_backs == 0
    damaged.close()


def _saved_between_tricks(app: App, cards_in_trick: int) -> GameSession:
    """A game saved in the first hand with ``cards_in_trick`` cards on the table (0:
    just after a trick was won), the person's turn next."""
    players = [Player("You"), Player("Ada", "easy"), Player("Basil", "easy")]
    session = GameSession(PRESETS["oh-hell"].rules(3), 5, players, autosave=app.autosave_path)
    match, agent = session.match, RandomAgent(2)
    while True:
        if match.phase.automatic:
            match.advance()
            continue
        view = match.view(None)
        if match.phase is Phase.PLAYING and view.tricks and len(view.trick) == cards_in_trick:
            break
        match.apply(agent.choose(match.view(match.awaiting[0])))
    session.save()
    assert session.flush_save()
    session.close()
    return session


@pytest.mark.parametrize("cards", [0, 2])
def test_a_game_resumed_mid_hand_shows_its_last_cards_again(app: App, cards: int) -> None:
    saved = _saved_between_tricks(app, cards)
    assert app.continue_game() is None
    table = app.top
    assert isinstance(table, TableScene) and isinstance(table.session, GameSession)
    assert table.session.match.actions == saved.match.actions  # the log is unchanged
    shown = table.shown
    assert len(shown.trick) < max(cards, 1) and table.session.pending
    most = 0
    for _ in range(240):
        app.frame(1 / 60)
        most = max(most, len(shown.trick))
        if table.idle:
            break
    assert most == (cards or 3)  # every card of it seen on the cloth
    assert table.idle and [c for _, c in shown.trick] == list(table.session.view(0).trick)


def test_a_quick_ctrl_z_is_read_from_its_own_event(app: App) -> None:
    from game.ui.table.requests import TakeBack

    players = [Player("You"), Player("Ada", "easy"), Player("Basil", "easy")]
    session = GameSession(PRESETS["oh-hell"].rules(3), 5, players)
    scene = TableScene(app, session)
    app.push(scene)
    assert pygame.key.get_mods() == 0  # Ctrl already let go when the key is handled
    event = pygame.event.Event(
        pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="z", scancode=0
    )
    assert scene.input.handle(event, scene.frame()) == [TakeBack()]
    plain = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=0, unicode="z", scancode=0)
    assert scene.input.handle(plain, scene.frame()) == []
