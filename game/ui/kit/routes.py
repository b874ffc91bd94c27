"""Where a scene can send the player: one small value per screen.

A scene never imports another scene. It asks the app to open a route
(``self.app.open(routes.Pause(session))``) and the registry
(:mod:`game.ui.registry`) builds the screen. Routes are plain values, so a test can
check where a button leads without drawing anything.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # annotations only: the title screen need not load the session
    from game.play.analysis import GameAnalysis, Judged
    from game.play.contract import TableSession
    from game.rules.record import Player
    from game.rules.ruleset import RuleSet


@dataclass(frozen=True)
class Title:
    """The title screen."""


@dataclass(frozen=True)
class NewGame:
    """The new-game form (``asked``: the player already agreed to replace any saved
    game; otherwise the form asks before it deals)."""

    asked: bool = False


@dataclass(frozen=True)
class SettingsMenu:
    """The settings screen."""


@dataclass(frozen=True)
class Online:
    """Play with friends: host a table or join one (``rejoin``: take the seat kept
    last back at once)."""

    rejoin: bool = False


@dataclass(frozen=True)
class Rules:
    """The rules in plain words: of ``rules``, or of the chosen preset when None."""

    rules: RuleSet | None = None


@dataclass(frozen=True, eq=False)
class Table:
    """The card table playing ``session`` (``demo``: computer players only, dealt anew)."""

    session: TableSession
    demo: bool = False


@dataclass(frozen=True, eq=False)
class ScoreSheet:
    """The score sheet of ``session``, over the table; with ``pick``, a click on a
    finished hand's row calls it with the hand's number (a replay jumps there)."""

    session: TableSession
    pick: Callable[[int], None] | None = None


@dataclass(frozen=True, eq=False)
class Pause:
    """The pause menu over the table of ``session``."""

    session: TableSession


@dataclass(frozen=True)
class KeptGames:
    """The kept games: replays, same deals again, statistics."""


@dataclass(frozen=True)
class ReplayViewer:
    """The replay of the kept game ``name``, from hand ``hand``."""

    name: str
    hand: int = 1


@dataclass(frozen=True, eq=False)
class Analysis:
    """The costliest decisions of a replay's ``analysis``, over the replay; a click on
    one calls ``pick`` with it (the replay jumps there)."""

    analysis: GameAnalysis
    players: tuple[Player, ...]
    pick: Callable[[Judged], None]


@dataclass(frozen=True)
class Statistics:
    """Every player's statistics and charts."""


Route = (
    Title
    | NewGame
    | SettingsMenu
    | Online
    | Rules
    | Table
    | ScoreSheet
    | Pause
    | KeptGames
    | ReplayViewer
    | Analysis
    | Statistics
)
