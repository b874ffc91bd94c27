"""Pictures of the replay, kept-games and statistics screens (docs/screenshots).

    uv run python tools/replay_pictures.py [OUT_FOLDER] [--sizes 1280x720,1920x1080]

Plays a few games with medium computer players into a throw-away data folder, keeps
them as finished games are kept, then draws each new screen off-screen and saves it.
The replay's analysis is pictured while it runs and with its list, on a quarter of
the expert's budget in a thread (the pictures, not the figures, are the point).
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.ai import analysis as judging
from game.ai.expert import EXPERT
from game.play import thinker
from game.play.library import Library
from game.play.preview import played_session
from game.rules.record import Player
from game.settings import SettingsStore
from game.ui.app import App
from game.ui.kit import routes
from game.ui.replay.findings import AnalysisOverlay
from game.ui.replay.scene import ReplayScene
from game.ui.stats.scene import StatsScene

PLAYERS = [Player("You"), Player("Ada", "hard"), Player("Basil", "medium"), Player("Clara", "easy")]


def keep_games(library: Library, count: int) -> None:
    """Finished games of Oh Hell and Blob, kept as the app keeps them."""
    for index in range(count):
        variant = "blob" if index % 3 == 2 else "oh-hell"
        session = played_session(variant, PLAYERS, 40 + index, 10**6)
        library.keep(session.record(), take_backs=int(index % 4 == 1))


def picture(app: App, path: Path, frames: int = 3) -> None:
    for _ in range(frames):
        app.frame(0.1)
    pygame.image.save(app.screen, str(path))
    print(path)


def analysis_pictures(app: App, out: Path, size_text: str) -> None:
    """The replay while its analysis runs, then with the list of costly decisions, then
    at the costliest one."""
    name = Library.of_user().archive.names()[-2]
    app.open(routes.ReplayViewer(name, hand=2))
    scene = app.top
    assert isinstance(scene, ReplayScene) and scene.review is not None
    analysis = scene.review.analysis
    scene.review.press()
    while analysis.done < analysis.total * 37 // 100:
        app.frame(0.02)
    picture(app, out / f"replay-analysing-{size_text}.png")
    while analysis.running:
        app.frame(0.02)
    picture(app, out / f"replay-analysis-{size_text}.png")
    found = app.top
    assert isinstance(found, AnalysisOverlay) and found.rows
    found.close_list()
    scene.review.jump(found.rows[0].judged)
    picture(app, out / f"replay-analysis-jump-{size_text}.png", frames=30)
    analysis.stop()
    app.close_scenes()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("out", nargs="?", default="docs/screenshots")
    parser.add_argument("--sizes", default="1280x720,1920x1080")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    home = Path(tempfile.mkdtemp(prefix="ohhell-pictures-"))
    os.environ["OHHELL_HOME"] = str(home)
    keep_games(Library.of_user(), 6)
    judging.ANALYSIS = EXPERT.scaled(0.25)
    thinker.use_threads(True)
    pygame.display.init()
    pygame.font.init()
    for size_text in args.sizes.split(","):
        width, height = (int(n) for n in size_text.split("x"))
        store = SettingsStore(path=home / "settings.json")
        store.update(sound=False, window_size=[width, height])
        app = App(pygame.display.set_mode((width, height)), store)
        app.switch(routes.Title())
        app.open(routes.KeptGames())
        picture(app, out / f"games-{size_text}.png")
        app.open(routes.Statistics())
        picture(app, out / f"statistics-{size_text}.png")
        stats = app.top
        assert isinstance(stats, StatsScene)
        stats.show_bids()
        picture(app, out / f"statistics-by-bid-{size_text}.png")
        app.pop()
        name = Library.of_user().archive.names()[-1]
        app.open(routes.ReplayViewer(name, hand=3))
        scene = app.top
        assert isinstance(scene, ReplayScene)
        for _ in range(6):
            scene.step(1)
        picture(app, out / f"replay-{size_text}.png", frames=30)
        scene.trick(True)
        scene.score_sheet()
        picture(app, out / f"replay-scoresheet-{size_text}.png")
        app.close_scenes()
        game = Library.of_user().games()[-1]
        _match, players = game.replayed()
        again = played_session(game.record.variant, players, game.seed, 120)
        again.again_of = game.name
        app.switch(routes.Table(again))
        app.open(routes.ScoreSheet(again))
        picture(app, out / f"same-deals-{size_text}.png")
        app.close_scenes()
        for stale in Library.of_user().archive.folder.glob("*.analysis.json"):
            stale.unlink()
        app.switch(routes.Title())
        analysis_pictures(app, out, size_text)


if __name__ == "__main__":
    main()
