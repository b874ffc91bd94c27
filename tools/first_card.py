"""Clicks and seconds from the first launch to the first card, for a new player.

    uv run python tools/first_card.py [--size 1280x720]

Starts the real app in a home of its own (no settings: a new player), clicks Quick game
on the title, bids when asked (the first bid button the guide's hand allows) and plays
the first card it may, counting the clicks and the seconds of the game's own time (the
deal, the computers' bids and cards, at the default speeds; the player's own thinking is
not counted). Frames run at 60 a second in real time, so the computers think as at play.
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

from game.settings import SettingsStore  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.kit import routes  # noqa: E402
from game.ui.kit.gui import clicked_at  # noqa: E402
from game.ui.menus.title import TitleScene  # noqa: E402
from game.ui.table.scene import TableScene  # noqa: E402

STEP = 1 / 60


def run(size: tuple[int, int]) -> dict[str, float]:
    """Launch, Quick game, bid, first card: the figures."""
    with tempfile.TemporaryDirectory() as home:
        os.environ["OHHELL_HOME"] = home
        pygame.display.init()
        pygame.font.init()
        app = App(pygame.display.set_mode(size), SettingsStore())
        app.switch(routes.Title())
        app.frame(STEP)
        title = app.top
        assert isinstance(title, TitleScene)
        clicks = 1
        clicked_at(title, title.buttons["quick"].rect.center)  # Quick game
        table = app.top
        assert isinstance(table, TableScene)
        game_time = 0.0
        wall = time.monotonic()
        while not table.my_bid():
            game_time += _frame(app)
        to_bid = game_time
        button = next(b for b in table.bid_panel.buttons if b.enabled)
        clicks += 1
        clicked_at(table, button.rect.center)
        while not table.my_turn():
            game_time += _frame(app)
        card = next(item for item in table.hand.items if item.legal)
        clicks += 1
        table.play(card.card)
        seconds = time.monotonic() - wall
        app.close_scenes()
        pygame.quit()
    return {
        "clicks": clicks,
        "seconds_to_first_bid": round(to_bid, 1),
        "seconds_to_first_card": round(game_time, 1),
        "wall_seconds": round(seconds, 1),
    }


def _frame(app: App) -> float:
    app.frame(STEP)
    time.sleep(STEP)
    return STEP


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1280x720", help="WIDTHxHEIGHT")
    args = parser.parse_args(argv)
    width, height = (int(part) for part in args.size.lower().split("x"))
    figures = run((width, height))
    for name, value in figures.items():
        print(f"{name}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
