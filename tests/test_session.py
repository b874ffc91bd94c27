"""The game session: autosave after every action, resume exactly, damaged saves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.play.contract import ClaimSession, CoachSession, KeptSession, TakeBackSession
from game.play.session import GameSession
from game.rules import PRESETS, IllegalAction, Phase, Player, RecordError
from tests.waits import wait_until

PLAYERS = [Player("Anna"), Player("Bot 1", "random"), Player("Bot 2", "random")]


def run_until_human(session: GameSession, limit: float = 5.0) -> None:
    wait_until(
        lambda: session.human_to_act() is not None or session.over,
        "the computer seats' turns",
        limit,
        step=lambda: session.tick(1.0),
        pause=0.001,
    )


def test_autosave_after_every_action_and_resume(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    session = GameSession(PRESETS["oh-hell"].rules(3), 5, PLAYERS, autosave=path)
    for _ in range(6):
        run_until_human(session)
        action = session.match.legal_actions(session.human_to_act())[0]
        session.act(action)
        assert session.flush_save()  # written in the background
        saved = json.loads(path.read_text())
        assert saved["actions"][-1] == action.to_json()
    resumed = GameSession.resume(path)
    assert resumed.match.actions == session.match.actions
    assert resumed.players == PLAYERS
    assert [resumed.match.hand(s) for s in range(3)] == [session.match.hand(s) for s in range(3)]
    session.close()
    resumed.close()


def test_illegal_human_action_changes_nothing(tmp_path: Path) -> None:
    session = GameSession(PRESETS["oh-hell"].rules(3), 9, PLAYERS, autosave=tmp_path / "a.json")
    run_until_human(session)
    before = session.record()
    seat = session.human_to_act()
    assert seat is not None
    from game.rules import Bid

    with pytest.raises(IllegalAction):
        session.act(Bid.of(seat, 99))
    assert session.record() == before
    with pytest.raises(ValueError, match="not played by a human"):
        session.act(Bid.of((seat + 1) % 3, 0))
    session.close()


def test_damaged_save_is_refused_with_a_record_error(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    record = '{"format": "ohhell-record", "version": 1, "seed": 1, "rules": {"players": 2}, '
    path.write_text(record + '"players": [{"name": "A"}, {"name": "B"}]}')
    with pytest.raises(RecordError, match="rules"):
        GameSession.resume(path)
    path.write_text("garbage")
    with pytest.raises(RecordError, match="not valid JSON"):
        GameSession.resume(path)


def test_a_finished_game_removes_its_autosave(tmp_path: Path) -> None:
    from game.rules import HandSequence, RuleSet

    rules = RuleSet(players=3, sequence=HandSequence.CONSTANT, largest_hand=1, max_hands=1)
    path = tmp_path / "autosave.json"
    session = GameSession(rules, 1, PLAYERS, autosave=path)
    while not session.over:
        run_until_human(session)
        if session.over:
            break
        session.act(session.match.legal_actions(session.human_to_act())[0])
        if session.match.phase is Phase.HAND_SCORED:
            session.continue_after_hand()
    assert session.over and session.flush_save()
    assert not path.exists()
    session.close()


def test_a_game_held_here_has_every_capability_the_table_may_offer() -> None:
    session = GameSession(PRESETS["oh-hell"].rules(3), 5, PLAYERS)
    for kind in (CoachSession, ClaimSession, TakeBackSession, KeptSession):
        assert isinstance(session, kind), kind.__name__
    session.close()
