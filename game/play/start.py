"""Where a game session begins: a new game, the saved game continued, a demo, a kept
game opened for its replay.

The window only asks for a session and puts it at the table; what a game takes from
the settings (take-backs, keeping its record) and from the files (its autosave, the
marks beside it) is decided here, in the play layer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from game.play.library import Library
from game.play.session import GameSession
from game.play.setup import default_table, new_seed
from game.play.takeback import take_backs_allowed
from game.rules.match import Match
from game.rules.presets import PRESETS
from game.rules.record import Level, Player
from game.rules.ruleset import RuleSet
from game.settings import TakeBackChoice


@dataclass(frozen=True)
class StartSettings:
    """What a played game takes from the settings and the files: where it is saved as
    it goes, whether its player may take actions back, how many finished games are
    kept."""

    autosave: Path
    take_backs: TakeBackChoice
    kept_games: int

    def prepare(self, session: GameSession) -> None:
        """Take-backs by the setting, and the record kept once the game is over."""
        session.take_backs_allowed = take_backs_allowed(self.take_backs, session.players)
        session.keep = Library.of_user(self.kept_games).keep_session


def new_game(
    rules: RuleSet,
    seed: int,
    players: Sequence[Player],
    start: StartSettings,
    again_of: str | None = None,
) -> GameSession:
    """A new game, saved at once in place of any saved game; ``again_of`` names the
    kept game whose deals it plays again (a failed save is told at the table)."""
    session = GameSession(rules, seed, players, autosave=start.autosave)
    session.again_of = again_of
    start.prepare(session)
    session.save()
    session.save_extras()
    return session


def continued_game(start: StartSettings) -> GameSession:
    """The saved game, where it was left; raises RecordError or OSError. A game that
    ended before it could be kept is kept now."""
    session = GameSession.resume(start.autosave)
    start.prepare(session)
    if session.over:
        session.save()
    return session


def demo_game(seed: int, seats: int = 4, quick: bool = False) -> GameSession:
    """Computer players in every seat (``quick``: all medium, which think fastest):
    Oh Hell, or Up and Down the River for 8. Nothing is saved or kept."""
    levels: tuple[Level, ...] = ("medium",) if quick else ("expert", "hard", "medium")
    table = default_table(seats, levels=levels)
    preset = PRESETS["up-and-down-the-river" if seats == 8 else "oh-hell"]
    return GameSession(preset.rules(seats), seed, table)


def demo_again(rules: RuleSet, players: Sequence[Player]) -> GameSession:
    """The next demo game: the same rules and computer players, new deals."""
    return GameSession(rules, new_seed(), players)


def replay_session(match: Match, players: Sequence[Player]) -> GameSession:
    """A kept game's match as a session, for its score sheet and its table's look."""
    return GameSession(match.rules, match.seed, players, match=match)
