"""The one place that knows every screen: it turns a route into a scene.

Scenes name where to go with a :mod:`~game.ui.kit.routes` value and the app asks
:func:`build` for the scene, so no scene imports another and adding a screen means
one route and one case here (mypy checks that every route has one).

Only the title screen is imported with this module; the others (and pygame_gui,
which their forms use) load when first opened, so the first picture after launch does
not wait for them. The table, the screen a player opens first, is loaded by
:func:`preload` once the title is showing.
"""

from __future__ import annotations

from game.ui.kit import routes
from game.ui.kit.never import unreachable
from game.ui.kit.scene import Scene, SceneHost
from game.ui.menus.title import TitleScene


def preload() -> None:
    """Import the table's modules now (after the title's first frame), so starting a
    game does not wait for them."""
    import game.ui.table.scene  # noqa: F401


def build(host: SceneHost, route: routes.Route) -> Scene:
    """The scene ``route`` names, ready to be pushed."""
    match route:
        case routes.Title():
            return TitleScene(host)
        case routes.NewGame(asked=asked):
            from game.ui.newgame.scene import NewGameScene

            return NewGameScene(host, asked)
        case routes.SettingsMenu():
            from game.ui.menus.settings import SettingsScene

            return SettingsScene(host)
        case routes.Online(rejoin=rejoin):
            from game.ui.net.lobby import LobbyScene

            return LobbyScene(host, rejoin)
        case routes.Rules(rules=rules):
            from game.ui.menus.rules import RulesScene

            return RulesScene(host, rules)
        case routes.Table(session=session, demo=demo):
            from game.ui.table.scene import TableScene

            return TableScene(host, session, demo=demo)
        case routes.ScoreSheet(session=session, pick=pick):
            from game.play.contract import KeptSession
            from game.ui.scoresheet.overlay import ScoreSheetOverlay

            if isinstance(session, KeptSession) and session.again_of is not None and pick is None:
                from game.ui.replay.compare import CompareSheet

                return CompareSheet(host, session)
            return ScoreSheetOverlay(host, session, pick)
        case routes.Pause(session=session):
            from game.ui.menus.pause import PauseOverlay

            return PauseOverlay(host, session)
        case routes.KeptGames():
            from game.ui.replay.games import GamesScene

            return GamesScene(host)
        case routes.ReplayViewer(name=name, hand=hand):
            from game.ui.replay.scene import ReplayScene

            return ReplayScene(host, name, hand)
        case routes.Analysis(analysis=analysis, players=players, pick=pick):
            from game.ui.replay.findings import AnalysisOverlay

            return AnalysisOverlay(host, analysis, players, pick)
        case routes.Statistics():
            from game.ui.stats.scene import StatsScene

            return StatsScene(host)
        case _:
            return unreachable(route)
