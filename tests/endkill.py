"""A game's last action in a process that is killed at its N-th file step
(``python -m tests.endkill N``, with ``OHHELL_HOME`` set): for
``tests/test_game_end_kills.py``.

The game (three people at one screen, one short hand, kept in a library already
at its limit, so keeping it also retires the oldest game into the statistics) is
played to its last action and its autosave flushed. Then every file step the game
takes (``os.open``, ``os.fsync``, ``os.replace``, ``os.rename``, ``os.unlink``,
``os.link``, ``os.ftruncate``, in any thread) is counted, and the process dies at
once (``os._exit``, like a kill) just before step N. With N = 0 it lives, and
prints how many steps the end of the game took.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any

from game.play.library import Library
from game.play.session import GameSession
from game.resources import data_dir
from game.rules.record import Player
from game.rules.ruleset import HandSequence, RuleSet

RULES = RuleSet(players=3, sequence=HandSequence.CONSTANT, largest_hand=3, max_hands=1)
PLAYERS = [Player("Ann"), Player("Bo"), Player("Cy")]
SEED = 5
LIMIT = 2
STEPS = ("open", "fsync", "replace", "rename", "unlink", "link", "ftruncate")
KILLED = 137


def play(seed: int = SEED, until_last: bool = True) -> GameSession:
    """The game with every action but the last (or all of them) taken."""
    session = GameSession(RULES, seed, PLAYERS, autosave=data_dir() / "autosave.json")
    session.keep = Library(data_dir(), LIMIT).keep_session
    while True:
        session.tick(0.0)
        seat = session.human_to_act()
        if seat is None:
            continue
        legal = session.match.legal_actions(seat)
        if until_last and _last(session):
            return session
        session.act(legal[0])
        if session.over:
            return session


def _last(session: GameSession) -> bool:
    """Whether the next action ends the game (one card left, in the last trick)."""
    view = session.view(None)
    return sum(view.hand_counts) == 1


def count_steps(kill_at: int) -> list[int]:
    """Count every file step from now on; die just before step ``kill_at`` (if > 0)."""
    done = [0]
    for name in STEPS:
        original: Callable[..., Any] = getattr(os, name)

        def step(*args: Any, _original: Callable[..., Any] = original, **kwargs: Any) -> Any:
            done[0] += 1
            if done[0] == kill_at:
                os._exit(KILLED)
            return _original(*args, **kwargs)

        setattr(os, name, step)
    return done


def main(kill_at: int) -> int:
    for seed in (101, 102):  # the library at its limit: two older games kept
        play(seed, until_last=False).close()
    session = play()
    assert session.flush_save()
    done = count_steps(kill_at)
    legal = session.match.legal_actions()
    session.act(legal[0])
    assert session.over
    session.flush_save()
    session.close()
    print(f"steps {done[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1])))
