"""Where a scene can send the player: one small value per screen.

A scene never imports another scene. It asks the app to open a route
(``self.app.open(routes.Pause(session))``) and the registry
(:mod:`game.ui.registry`) builds the screen. Routes are plain values, so a test can
check where a button leads without drawing anything.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.play.contract import TableSession
from game.rules.ruleset import RuleSet


@dataclass(frozen=True)
class Title:
    """The title screen."""


@dataclass(frozen=True)
class NewGame:
    """The new-game form."""


@dataclass(frozen=True)
class Settings:
    """The settings screen."""


@dataclass(frozen=True)
class Online:
    """Play with friends: host a table or join one."""


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
    """The score sheet of ``session``, over the table."""

    session: TableSession


@dataclass(frozen=True, eq=False)
class Pause:
    """The pause menu over the table of ``session``."""

    session: TableSession


Route = Title | NewGame | Settings | Online | Rules | Table | ScoreSheet | Pause
