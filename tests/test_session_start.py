"""Where a game session begins: the play layer builds it, the screens only show it."""

from __future__ import annotations

import ast
from pathlib import Path

from game.net.remote import RemoteSession
from game.play.start import StartSettings, continued_game, demo_game, new_game
from game.rules import PRESETS, Player

ROOT = Path(__file__).resolve().parent.parent
KEPT = "game-20260101-120000-000001"
"""A kept game's name, whose deals a new game plays again."""
PLAYERS = [Player("Anna"), Player("Bot 1", "random"), Player("Bot 2", "random")]


def test_no_screen_builds_a_game_session() -> None:
    """A new game, a continued one, a demo, a replay: all start in game/play/start.py."""
    builders = []
    for path in sorted((ROOT / "game" / "ui").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            called = node.func if isinstance(node, ast.Call) else None
            if isinstance(called, ast.Name) and called.id == "GameSession":
                builders.append(f"{path.relative_to(ROOT)}:{called.lineno}")
    assert builders == []


def test_a_joined_seat_carries_no_stubs_for_what_it_cannot_do() -> None:
    """The coach, claims, take-backs and saving are capabilities a RemoteSession lacks."""
    for name in ("coach_advice", "wish_coach", "claim", "can_claim", "take_back", "save"):
        assert not hasattr(RemoteSession, name), name


def test_a_new_game_is_saved_at_once_and_continues_as_it_was(tmp_path: Path) -> None:
    start = StartSettings(tmp_path / "autosave.json", "always", 10)
    session = new_game(PRESETS["oh-hell"].rules(3), 5, PLAYERS, start, again_of=KEPT)
    assert session.take_backs_allowed and session.keeping and session.again_of == KEPT
    assert session.flush_save() and start.autosave.is_file()
    session.close()
    again = continued_game(start)
    assert again.match.seed == 5 and again.players == PLAYERS and again.resumed
    assert again.again_of == KEPT and again.take_backs_allowed and again.keeping
    again.close()


def test_take_backs_follow_the_setting(tmp_path: Path) -> None:
    start = StartSettings(tmp_path / "autosave.json", "never", 10)
    session = new_game(PRESETS["oh-hell"].rules(3), 5, PLAYERS, start)
    assert not session.take_backs_allowed
    session.close()


def test_a_demo_is_computers_only_and_eight_play_up_and_down_the_river() -> None:
    session = demo_game(3, 8, quick=True)
    assert session.humans == [] and session.rules.players == 8 and not session.keeping
    assert session.autosave is None
    assert session.rules == PRESETS["up-and-down-the-river"].rules(8)
    session.close()
