"""``ohhell bench memory``: does the memory stay flat over many demo games?

It plays ``--games`` fast demo games in one process, the way
``ohhell --demo --fast`` does (the same App, TableScene and GameSession, and
the table deals the next demo game itself), off-screen and without sleeping
between frames (except 4 ms while a computer player thinks, which its thread
needs): each frame advances the game clock by what the real loop's
``clock.tick`` would report (at least one ``--fast`` frame, at most 0.1 s).
A game takes about 10 s on a 2-core machine, most of it the 8 s the game-over
panel stays up.

After each game it prints the resident memory (RSS), the live Python objects
(tracked by the garbage collector), the allocated memory blocks, the pygame
surfaces referenced, the memory of the picture caches and the entries in every
cache of the game's own modules; at the end, a table of the caches and the
RSS after game 5 and after the last game with the mean growth per game.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.ui.app import App

THINK_PAUSE = 0.004
"""The wait after a frame while a computer player thinks (a ``--fast`` frame)."""

WARM_UP = 5
"""Games before growth is counted (fonts, card art and caches fill first)."""


def rss_mb() -> float:
    """The process's resident memory in MB (peak RSS where /proc is missing)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as handle:
            pages = int(handle.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError, AttributeError):
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / 2**20 if sys.platform == "darwin" else peak / 2**10


def _game_modules() -> Iterator[ModuleType]:
    for name, module in sorted(sys.modules.items()):
        if module is not None and name.startswith(("game.ai.", "game.ui.", "game.rules.")):
            yield module


def caches() -> dict[str, Any]:
    """Every module-level cache of the game by ``module.function``: the ``lru_cache``
    functions and the picture caches of :mod:`game.ui.kit.theme` (anything that answers
    ``cache_info()``)."""
    found: dict[str, Any] = {}
    for module in _game_modules():
        short = module.__name__.removeprefix("game.ui.").removeprefix("game.")
        for name, value in vars(module).items():
            info = getattr(value, "cache_info", None)
            mine = getattr(value, "__module__", None) == module.__name__
            if callable(info) and mine and not isinstance(value, type):
                found[f"{short}.{name.lstrip('_')}"] = value
    return found


def cache_table() -> list[str]:
    """One line per non-empty cache: entries and bound, hit rate, picture memory."""
    lines = [f"{'cache':<32}{'entries':>8}{'bound':>7}{'hits':>8}{'MB':>7}{'MB bound':>9}"]
    for name, cache in caches().items():
        info = cache.cache_info()
        if not info.currsize:
            continue
        calls = info.hits + info.misses
        rate = f"{100 * info.hits / calls:.1f}%" if calls else "-"
        mb = f"{info.bytes / 2**20:.1f}" if hasattr(info, "bytes") else "-"
        bound = f"{info.max_bytes / 2**20:.1f}" if hasattr(info, "max_bytes") else "-"
        lines.append(f"{name:<32}{info.currsize:>8}{info.maxsize:>7}{rate:>8}{mb:>7}{bound:>9}")
    return lines


def surface_count() -> int:
    """Pygame surfaces referenced from live Python objects. Neither surfaces nor tuples
    holding only surfaces and numbers are tracked by the garbage collector, so tuples
    are looked into."""
    import pygame

    seen: set[int] = set()
    stack = [item for holder in gc.get_objects() for item in gc.get_referents(holder)]
    while stack:
        item = stack.pop()
        if isinstance(item, pygame.Surface):
            seen.add(id(item))
        elif isinstance(item, tuple) and not gc.is_tracked(item):
            stack.extend(item)
    return len(seen)


def _frames(app: App, fast_frame: float) -> Iterator[None]:
    """Run the app's frames as :meth:`App.run` does, sleeping only while a computer
    player thinks (a spinning loop would starve its thread of the GIL)."""
    import pygame

    last = time.perf_counter()
    while app.running and app.scenes:
        now = time.perf_counter()
        dt = min(0.1, max(fast_frame, now - last))
        last = now
        for event in pygame.event.get():
            app.handle(event)
        app.frame(dt)
        pygame.display.flip()
        if _thinking(app):
            time.sleep(THINK_PAUSE)  # as the real loop does: the worker needs the time
        yield


def _thinking(app: App) -> bool:
    """Whether a computer player is deciding in the background."""
    return any(
        getattr(getattr(s, "session", None), "thinking", None) is not None for s in app.scenes
    )


def play_demo_games(
    app: App, games: int, after: Callable[[int], None], shortest: float | None = None
) -> None:
    """Let the demo deal ``games`` games; ``after(n)`` runs once game ``n`` is over
    and the next one is on the table. A frame counts at least ``shortest`` seconds
    (default: one frame at the ``--fast`` rate)."""
    from game.ui.app import FPS_FAST

    table = app.scenes[0]
    played = 0
    for _ in _frames(app, shortest or 1 / FPS_FAST):
        if app.scenes and app.scenes[0] is not table:
            table = app.scenes[0]
            played += 1
            after(played)
            if played >= games:
                return


COLUMNS = (
    f"{'game':>4}{'RSS MB':>8}{'objects':>9}{'blocks':>9}{'surfaces':>9}{'pics MB':>8}"
    f"{'seconds':>8}  cache entries"
)


def report_line(number: int, rss: float, seconds: float) -> str:
    """The figures after one game: RSS, live objects (gc-tracked), allocated blocks,
    surfaces, picture-cache memory, time so far and every non-empty cache's size."""
    found = caches()
    infos = {name: cache.cache_info() for name, cache in found.items()}
    pictures = sum(getattr(info, "bytes", 0) for info in infos.values()) / 2**20
    listed = " ".join(
        f"{name.split('.')[-1]}={info.currsize}" for name, info in infos.items() if info.currsize
    )
    return (
        f"{number:>4}{rss:>8.1f}{len(gc.get_objects()):>9}{sys.getallocatedblocks():>9}"
        f"{surface_count():>9}{pictures:>8.1f}{seconds:>8.0f}  {listed}"
    )


def growth(rss: list[float], first: int) -> float:
    """The mean RSS growth per game from game ``first`` to the last (1-based)."""
    return (rss[-1] - rss[first - 1]) / (len(rss) - first)


def memory_summary(rss: list[float], warm_up: int = WARM_UP) -> list[str]:
    """RSS after the warm-up game and the last, the mean growth per game from the
    warm-up on, and over the second half of the run (is it levelling off?)."""
    count = len(rss)
    if count <= warm_up:
        return [f"RSS after game {count}: {rss[-1]:.1f} MB (too few games for a trend)"]
    lines = [
        f"RSS after game {warm_up}: {rss[warm_up - 1]:.1f} MB, after game {count}: "
        f"{rss[-1]:.1f} MB",
        f"growth over games {warm_up}..{count}: {growth(rss, warm_up):+.2f} MB/game",
    ]
    half = count // 2
    if half > warm_up:
        lines.append(f"growth over games {half}..{count}: {growth(rss, half):+.2f} MB/game")
    return lines


def _parse(argv: list[str]) -> argparse.Namespace:
    from game import cliargs

    parser = cliargs.Parser(
        prog="ohhell bench memory",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--games", type=cliargs.game_count, default=30, help="demo games (about 10 s each)"
    )
    parser.add_argument(
        "--seed", type=cliargs.deal_seed, default=1, help="the first deal and the later ones"
    )
    parser.add_argument("--players", type=cliargs.player_count, default=4, help="seats (3-8)")
    parser.add_argument(
        "--size", type=cliargs.window_size, default=(1280, 720), help="window, e.g. 1920x1080"
    )
    return parser.parse_args(argv)


def _open_app(args: argparse.Namespace) -> App:
    import pygame

    from game.settings import SettingsStore
    from game.ui.app import App

    pygame.display.init()
    pygame.font.init()
    app = App(pygame.display.set_mode(args.size), SettingsStore())
    app.fast = True
    return app


def main(argv: list[str]) -> int:
    """Play the games and print the figures; returns the exit status."""
    args = _parse(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory(prefix="ohhell-membench-") as home:
        os.environ["OHHELL_HOME"] = home  # settings and autosaves stay out of the user's
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    import pygame

    random.seed(args.seed)  # the demo draws each next deal from ``random``
    app = _open_app(args)
    app.start_demo(args.seed, args.players)
    started = time.perf_counter()
    rss: list[float] = []
    width, height = args.size
    print(f"{args.games} fast demo games, {args.players} seats, {width}x{height}, seed {args.seed}")
    print(COLUMNS)

    def after(number: int) -> None:
        rss.append(rss_mb())  # no gc.collect(): the garbage left is part of the figure
        print(report_line(number, rss[-1], time.perf_counter() - started), flush=True)

    try:
        play_demo_games(app, args.games, after)
        print("\n".join(cache_table()))
    finally:
        app.close_scenes()
        pygame.quit()
    if not rss:
        print("no game was finished", file=sys.stderr)
        return 1
    print("\n".join(memory_summary(rss)))
    print(f"{time.perf_counter() - started:.0f} s for {len(rss)} games")
    return 0
