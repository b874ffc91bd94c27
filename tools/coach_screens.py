"""Pictures of the coach at the table (issue 18), for the docs and for looking.

    uv run python tools/coach_screens.py                        # the four docs pictures (4 seats)
    uv run python tools/coach_screens.py --out /tmp/coach --sizes 960x540 --seats 3 8

Writes ``coach-{bidding,playing}-WxH.png`` (with ``-Nseats`` when several seat
counts are asked): you in seat 0 with the coach on, computers in the others,
once the coach's figures are on the table.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.play.preview import played_session, played_until_bid  # noqa: E402
from game.play.session import GameSession  # noqa: E402
from game.rules.phase import Phase  # noqa: E402
from game.rules.record import Player  # noqa: E402
from game.settings import SettingsStore  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.screenshot import KINDS, picture_names  # noqa: E402
from game.ui.table.scene import TableScene  # noqa: E402

OUT = ROOT / "docs" / "screenshots"


def variant_for(seats: int) -> str:
    return "up-and-down-the-river" if seats > 7 else "oh-hell"


def playing_session(players: list[Player], seed: int, after: int) -> GameSession:
    """The first moment from ``after`` actions on where seat 0 plays a card and has a
    choice of four or more (so the picture shows several figures)."""
    for actions in range(after, after + 12 * len(players)):
        session = played_session(variant_for(len(players)), players, seed, actions)
        view = session.view(0)
        if view.phase is Phase.PLAYING and session.human_to_act() == 0 and len(view.legal) >= 4:
            return session
        session.close()
    raise ValueError("seat 0 never plays with a choice")


def picture(
    kind: str, size: tuple[int, int], seats: int, seed: int, path: Path, text: float = 1.0
) -> None:
    folder = Path(tempfile.mkdtemp())
    store = SettingsStore(path=folder / "settings.json")
    store.update(coach=True, text_scale=text)
    app = App(pygame.display.set_mode(size), store)
    players = [Player(picture_names()[seat], KINDS[seat]) for seat in range(seats)]
    if kind == "bidding":
        session = played_until_bid(variant_for(seats), players, seed)
    else:
        session = playing_session(players, seed, after=seats + seats)
    scene = TableScene(app, session)
    app.push(scene)
    end = time.monotonic() + 60
    while time.monotonic() < end:
        app.frame(1 / 30)
        coach = scene.frame().coach
        if coach is not None and coach.advice is not None:
            break
        time.sleep(0.02)
    for _frame in range(30):
        app.frame(1 / 30)
    pygame.image.save(app.screen, str(path))
    app.close_scenes()
    print(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--sizes", nargs="+", default=["1280x720", "1920x1080"])
    parser.add_argument("--seats", nargs="+", type=int, default=[4])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--text", type=float, default=1.0, help="the text size (1.0 to 1.3)")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    pygame.display.init()
    pygame.font.init()
    for text in args.sizes:
        width, height = (int(part) for part in text.split("x"))
        for seats in args.seats:
            for kind in ("bidding", "playing"):
                suffix = f"-{seats}seats" if len(args.seats) > 1 else ""
                name = f"coach-{kind}-{width}x{height}{suffix}.png"
                picture(kind, (width, height), seats, args.seed, args.out / name, args.text)
    pygame.quit()


if __name__ == "__main__":
    main()
