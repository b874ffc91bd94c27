"""Pictures of the screens issue 31 changed, at 960x540, 1280x720 and 1920x1080.

    uv run python tools/pictures.py [--size 1280x720 ...] [--only NAME ...]

Writes ``docs/screenshots/<name>-WxH.png``: the title (Continue, Rejoin your table, Quick
game with its levels), the guided first hand (4 and 8 seats), the table while playing
with each seat's bid cue (4 and 8 seats), Claim the rest, the last trick, the score sheet,
seats away from a network table, the pause menu over the hotseat curtain, the settings,
the statistics, the high-contrast table with larger words, and the host's lobby.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("OHHELL_LAN_INTERFACES", "127.0.0.1")

import pygame  # noqa: E402

from game.ai import make_agent  # noqa: E402
from game.i18n import set_language  # noqa: E402
from game.net.seatkeys import SeatKeys, kept_seat  # noqa: E402
from game.play.guide import guide_step  # noqa: E402
from game.play.library import Library  # noqa: E402
from game.play.preview import played_session, played_until_bid  # noqa: E402
from game.play.session import GameSession  # noqa: E402
from game.rules.match import Match  # noqa: E402
from game.rules.phase import Phase  # noqa: E402
from game.rules.presets import PRESETS  # noqa: E402
from game.rules.record import Player, to_record  # noqa: E402
from game.settings import SettingsStore  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.kit import routes  # noqa: E402
from game.ui.screenshot import KINDS, picture_names  # noqa: E402
from game.ui.table.curtain import CurtainOverlay  # noqa: E402
from game.ui.table.scene import TableScene  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
SIZES = ((960, 540), (1280, 720), (1920, 1080))
FRAMES = 45


def seats(count: int) -> list[Player]:
    return [Player(picture_names()[seat], KINDS[seat]) for seat in range(count)]


def variant(count: int) -> str:
    return "up-and-down-the-river" if count == 8 else "oh-hell"


def at_step(count: int, step: str, seed: int = 3) -> GameSession:
    """A game at the person's decision the guide names ``step``."""
    for actions in range(count, 300):
        session = played_session(variant(count), seats(count), seed, actions)
        if session.human_to_act() == 0 and guide_step(session.view(0)) == step:
            return session
        session.close()
    raise ValueError(step)


def at_claim() -> GameSession:
    for seed in range(1, 300):
        for actions in range(4, 200):
            session = played_session("oh-pshaw", seats(4), seed, actions)
            if session.human_to_act() == 0 and session.can_claim():
                return session
            session.close()
    raise ValueError("no claim")


def table(app: App, session: GameSession) -> TableScene:
    scene = TableScene(app, session)
    app.push(scene)
    return scene


def keep_games() -> None:
    library = Library.of_user()
    four = [Player("You"), Player("Ada", "easy"), Player("Basil", "medium"), Player("Clara")]
    short = dataclasses.replace(PRESETS["oh-hell"].rules(3), max_hands=3)
    table_of = [
        (PRESETS["oh-hell"].rules(4), [*four[:3], Player("Clara", "medium")]),
        (short, [Player("You"), Player("Ada", "hard"), Player("Basil", "hard")]),
        (PRESETS["blob"].rules(3), [Player("You"), Player("Ada", "easy"), Player("Basil", "easy")]),
    ]
    for seed in range(5):
        rules, players = table_of[seed % len(table_of)]
        match = Match(rules, seed)
        agents = [make_agent("medium", seed * 16 + seat) for seat in range(rules.players)]
        while match.phase is not Phase.GAME_OVER:
            if match.phase.automatic or match.phase is Phase.HAND_SCORED:
                match.advance()
                continue
            seat = match.awaiting[0]
            match.apply(agents[seat].choose(match.view(seat)))
        library.keep(to_record(match, players))


def title(app: App) -> None:
    session = played_session("oh-hell", seats(4), 5, 30)
    session.autosave = app.autosave_path
    session.save()
    session.close()
    kept = kept_seat("192.168.1.5:47317", "K7MQ2", 1, "k" * 24, "You", "blob", "Ann")
    SeatKeys.of_user().keep(kept)
    app.switch(routes.Title())


def guide(count: int) -> Callable[[App], None]:
    def build(app: App) -> None:
        table(app, played_until_bid(variant(count), seats(count), 3))

    return build


def playing(count: int) -> Callable[[App], None]:
    def build(app: App) -> None:
        app.store.update(guide=False)
        table(app, at_step(count, "follow"))

    return build


def bidding(count: int) -> Callable[[App], None]:
    def build(app: App) -> None:
        app.store.update(guide=False)
        table(app, played_until_bid(variant(count), seats(count), 3))

    return build


def result(count: int) -> Callable[[App], None]:
    """The hand's result over the table."""

    def build(app: App) -> None:
        app.store.update(guide=False)
        for actions in range(count, 400):
            session = played_session(variant(count), seats(count), 3, actions, True)
            if session.match.phase is Phase.HAND_SCORED:
                table(app, session)
                return
            session.close()
        raise ValueError("no hand scored")

    return build


def replay(app: App) -> None:
    """A kept game's replay."""
    keep_games()
    name = Library.of_user().games()[-1].name
    app.open(routes.ReplayViewer(name, 2))


def analysis(count: int) -> Callable[[App], None]:
    """A replay of ``count`` seats with the list of its costliest decisions over it."""

    def build(app: App) -> None:
        from tests.layoutmatrix import kept_game, scene_stack

        for scene in scene_stack(app, "replay-analysis", count, lambda seats: kept_game(seats)):
            app.push(scene)

    return build


def claim(app: App) -> None:
    app.store.update(guide=False)
    table(app, at_claim())


def last_trick(app: App) -> None:
    app.store.update(guide=False)
    scene = table(app, at_step(4, "follow"))
    for _ in range(10):
        app.frame(1 / 30)
    scene.trick.toggle(scene.shown)


def away(app: App) -> None:
    app.store.update(guide=False)
    session = at_step(4, "follow")
    session.absent = {1: "disconnected", 3: "computer"}
    table(app, session)


def away_sheet(app: App) -> None:
    away(app)
    session = app.top.session  # type: ignore[union-attr]
    app.open(routes.ScoreSheet(session))


def scoresheet(app: App) -> None:
    app.store.update(guide=False)
    session = played_session("oh-hell", seats(4), 3, 200)
    table(app, session)
    app.open(routes.ScoreSheet(session))


def sheet(count: int) -> Callable[[App], None]:
    """The score sheet of a game of ``count`` seats some hands in."""

    def build(app: App) -> None:
        app.store.update(guide=False)
        session = played_session(variant(count), seats(count), 3, 25 * count)
        table(app, session)
        app.open(routes.ScoreSheet(session))

    return build


def paused(count: int) -> Callable[[App], None]:
    """The pause menu over a table of ``count`` seats."""

    def build(app: App) -> None:
        app.store.update(guide=False)
        session = at_step(count, "follow")
        table(app, session)
        app.open(routes.Pause(session))

    return build


def new_game(app: App) -> None:
    app.open(routes.NewGame())


def pause(app: App) -> None:
    session = played_session("oh-hell", [Player("Al"), Player("Bea"), Player("Cy", "easy")], 3, 0)
    table(app, session)
    app.push(CurtainOverlay(app, "Al", lambda: None))
    app.open(routes.Pause(session))


def settings(app: App) -> None:
    app.open(routes.SettingsMenu())


def statistics(app: App) -> None:
    keep_games()
    app.open(routes.Statistics())


def contrast(app: App) -> None:
    app.store.update(guide=False, high_contrast=True, text_scale=1.3)
    from game.ui.kit import theme

    theme.use_contrast(True)
    table(app, at_step(4, "follow"))


def lobby(app: App) -> None:
    app.open(routes.Online())
    scene = app.top
    scene.host()  # type: ignore[union-attr]
    scene.copied = scene.copied or ""  # type: ignore[union-attr]


PICTURES: dict[str, Callable[[App], None]] = {
    "title": title,
    "guide": guide(4),
    "guide-8": guide(8),
    "playing": playing(4),
    "playing-8": playing(8),
    "bidding-3": bidding(3),
    "bidding-8": bidding(8),
    "playing-3": playing(3),
    "result-3": result(3),
    "result-8": result(8),
    "replay": replay,
    "analysis-3": analysis(3),
    "analysis-8": analysis(8),
    "claim": claim,
    "last-trick": last_trick,
    "away": away,
    "away-sheet": away_sheet,
    "scoresheet": scoresheet,
    "pause": pause,
    "pause-3": paused(3),
    "pause-8": paused(8),
    "scoresheet-3": sheet(3),
    "scoresheet-8": sheet(8),
    "newgame": new_game,
    "settings": settings,
    "statistics": statistics,
    "contrast": contrast,
    "lobby": lobby,
}


def picture(
    name: str, size: tuple[int, int], out: Path = OUT, look: dict[str, object] | None = None
) -> Path:
    """Save picture ``name`` at ``size`` under ``out``, with the settings in ``look``
    (text size, card back, table colour, language) as the player would set them."""
    look = look or {}
    with tempfile.TemporaryDirectory() as home:
        os.environ["OHHELL_HOME"] = home
        store = SettingsStore()
        store.update(sound=False, player_name="You", **look)
        if look.get("language"):
            set_language(str(look["language"]))
        app = App(pygame.display.set_mode(size), store)
        try:
            PICTURES[name](app)
            for _ in range(FRAMES):
                app.frame(1 / 30)
            tags = "".join(f"-{value}" for value in look.values())
            path = out / f"{name}-{size[0]}x{size[1]}{tags}.png"
            pygame.image.save(app.screen, str(path))
            return path
        finally:
            app.close_scenes()
            from game.ui.kit import theme

            theme.use_contrast(False)
            theme.use_look("green", "blue")
            set_language("en")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", nargs="*", help="WIDTHxHEIGHT (default: the three sizes)")
    parser.add_argument("--only", nargs="*", choices=sorted(PICTURES), help="some pictures")
    parser.add_argument("--out", type=Path, default=OUT, help="the folder to write to")
    parser.add_argument("--text", type=float, help="the text size (1.0, 1.15 or 1.3)")
    parser.add_argument("--lang", help="a language code (en, es, pt, nl, cs)")
    parser.add_argument("--back", choices=("blue", "red", "green"), help="the card back")
    parser.add_argument("--cloth", choices=("green", "blue", "red"), help="the table colour")
    args = parser.parse_args(argv)
    look: dict[str, object] = {}
    if args.text:
        look["text_scale"] = args.text
    if args.lang:
        look["language"] = args.lang
    if args.back:
        look["card_back"] = args.back
    if args.cloth:
        look["table_colour"] = args.cloth
    sizes = [tuple(int(p) for p in s.split("x")) for s in args.size] if args.size else SIZES
    pygame.display.init()
    pygame.font.init()
    for name in args.only or PICTURES:
        for width, height in sizes:
            print(picture(name, (width, height), args.out, look), flush=True)
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
