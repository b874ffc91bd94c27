"""More groups of ``tools/fuzz.py`` (issues 33 and 35): hostile names, pipes and
links planted where the game reads and writes, kills at a game's end, idle floods
of a host, and command lines that once ended in "internal error".

Each group takes a tally (``fuzz.Tally``: ``check(ok, what)``) and reuses the checks
of the test suite, so the long run and the tests agree on what "held" means.
"""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
import sys
import tempfile
import unicodedata
from pathlib import Path
from typing import Protocol

ROOT = Path(__file__).resolve().parent.parent


class Tally(Protocol):
    def check(self, ok: bool, what: str) -> None: ...


# ------------------------------------------------------------------ names
def _hostile_text(rng: random.Random) -> str:
    """Text from every corner of Unicode, format and control characters included."""
    pools = [
        "\u200b\u200c\u200d\u2060\ufeff\u202a\u202b\u202c\u202d\u202e\u2066\u2069\u00ad",
        "\x00\x07\x1b\n\t\x7f\x85",
        "".join(chr(0xE0000 + n) for n in range(0x20, 0x7F)),
        "AbcÉßĳǅ𝕏ﷺ漢字한글עבריתالعربية😀👨‍👩‍👧\u0301",
    ]
    chars = []
    for _ in range(rng.randrange(0, 30)):
        if rng.random() < 0.15:
            chars.append(
                chr(rng.choice([0xD800, 0xDFFF, 0xFFFE, 0x10FFFF, rng.randrange(0x110000)]))
            )
        else:
            chars.append(rng.choice(rng.choice(pools)))
    return "".join(chars)


def names(tally: Tally, count: int, seed: int) -> None:
    """Held when the name rule keeps only what can be seen, a Player takes what it
    gives, and every text function draws the raw text and the name."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game.rules.names import MAX_NAME, clean_name
    from game.rules.record import Player
    from game.ui.kit import theme
    from game.ui.table.sprites import fit_text
    from game.ui.table.text import initial

    pygame.font.init()
    rng = random.Random(seed)
    dropped = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
    for _ in range(count):
        text = _hostile_text(rng)
        try:
            name = clean_name(text)
            ok = len(name) <= MAX_NAME and clean_name(name) == name
            ok = ok and not any(unicodedata.category(char) in dropped for char in name)
            if name:
                Player(name)
            for shown in (text, name):
                theme.text(shown, 16)
                theme.fitted(shown, 16, 80)
                theme.wrap(shown, 14, 100)
                fit_text(shown, 14, 60)
                ok = ok and len(initial(shown)) == 1
            tally.check(ok, f"{text!r}: {name!r}")
        except Exception as error:
            tally.check(False, f"{text!r}: {type(error).__name__}: {error}")


# ------------------------------------------------------------------ pipes
def pipes(tally: Tally) -> None:
    """A named pipe, a socket or a folder at every path the game reads: held when
    every read returns (or refuses) within five seconds."""
    import pytest

    from tests import test_fifo as fifo

    cases = [
        name
        for name in dir(fifo)
        if name.startswith("test_") and name != "test_serve_with_a_pipe_as_its_save_says_so"
    ]
    for name in cases:
        test = getattr(fifo, name)
        kinds = fifo.KINDS if "kind" in test.__code__.co_varnames else [None]
        for kind in kinds:
            with tempfile.TemporaryDirectory() as folder:
                home = Path(folder)
                os.environ["OHHELL_HOME"] = str(home / "home")
                arguments = {"tmp_path": home, "own_home": home / "home", "kind": kind}
                wanted = test.__code__.co_varnames[: test.__code__.co_argcount]
                try:
                    test(**{key: arguments[key] for key in wanted})
                    tally.check(True, name)
                except (AssertionError, pytest.fail.Exception) as error:
                    tally.check(False, f"{name} {kind}: {error}")


# ------------------------------------------------------------------ links
def links(tally: Tally) -> None:
    """A link at every path the game writes: held when the file it points at is
    unchanged and the path holds the game's own private file."""
    from tests import test_links

    for name, (filename, write) in test_links.WRITERS.items():
        with tempfile.TemporaryDirectory() as folder:
            home = Path(folder)
            os.environ["OHHELL_HOME"] = str(home / "home")
            path = home / "folder" / filename
            target = test_links.planted(path, home)
            try:
                write(path)
                ok = target.read_text() == test_links.PRECIOUS and not path.is_symlink()
                tally.check(ok, f"{name}: the planted link was followed")
            except Exception as error:
                tally.check(False, f"{name}: {type(error).__name__}: {error}")


# ------------------------------------------------------------------ a game's end
def end_kills(tally: Tally, count: int, seed: int) -> None:
    """The last action of a game in a process killed at a random file step: held
    when the game is kept or still resumable, never neither."""
    import pytest

    from tests import test_game_end_kills as ends

    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        whole = ends.run_end(Path(folder) / "whole", 0)
        steps = int(whole.stdout.split()[-1])
        monkeypatch = pytest.MonkeyPatch()
        for attempt in range(count):
            home = Path(folder) / f"kill-{attempt}"
            at = rng.randrange(1, steps + 1)
            ends.run_end(home, at)
            try:
                seen = ends.outcome(home, monkeypatch)
            except AssertionError as error:
                seen = f"broken: {error}"
            tally.check(seen in ("kept", "resumable", "kept+resumable"), f"step {at}: {seen}")
        monkeypatch.undo()


# ------------------------------------------------------------------ the host's door
def floods(tally: Tally, rounds: int) -> None:
    """Idle connections that never say hello, from many addresses, held at the door
    while an honest player joins and takes the seat back: held for each join."""
    from game.bench.flood import Flood, FloodFigures, flooding, loopback
    from game.net.client import Client
    from tests.nethelp import hosting, table_of
    from tests.test_net_load import bounded

    async def scenario() -> None:
        table = table_of(["human", "human", "random"])
        async with hosting(table) as (host, address):
            port = int(address.rsplit(":", 1)[1])
            stop, opened = asyncio.Event(), FloodFigures()
            idle = Flood("idle", loopback(12), 20)
            flood = asyncio.create_task(flooding(port, idle, stop, opened))
            await asyncio.sleep(0.5)
            for attempt in range(rounds):
                try:
                    client = await Client.join(address, f"P{attempt}", token=None)
                    token, seat = client.token, client.seat
                    await client.close()
                    back = await Client.join(address, "again", token=token)
                    tally.check(back.seat == seat and bounded(host), f"round {attempt}")
                    await back.close()
                except Exception as error:
                    tally.check(False, f"round {attempt}: {type(error).__name__}: {error}")
                    break
                table.seats[0].open, table.seats[0].token = True, None  # free it again
                await asyncio.sleep(0.05)
            stop.set()
            await flood

    asyncio.run(asyncio.wait_for(scenario(), 120))


# ------------------------------------------------------------------ command lines
ONE_LINE_COMMANDS = [
    ["serve", "--host", "999.1.1.1"],
    ["serve", "--host", "[::1]x"],
    ["serve", "--host", "127.0.0.1:80"],
    ["serve", "--host", "a" * 5000],
    ["serve", "--host", "\udcff"],
    ["--screenshot", "a" * 300 + ".png"],
    ["bench", "analysis", "--cores", "nan"],
    ["bench", "analysis", "--cores", "inf"],
    ["bench", "startup", "--after", "99999999999"],
]
"""Command lines that ended in "internal error" or a traceback before issue 35."""


def commands(tally: Tally) -> None:
    """Held when each ends in one line on stderr and a non-zero exit, never
    "internal error"; the output to a full disk and a port in use too."""
    import socket

    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    with tempfile.TemporaryDirectory() as folder, socket.socket() as taken:
        env["OHHELL_HOME"] = folder
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        cases: list[tuple[list[str], str | None]] = [(argv, None) for argv in ONE_LINE_COMMANDS]
        cases.append((["serve", "--host", "127.0.0.1", "--port", port], None))
        if os.path.exists("/dev/full"):
            for argv in (["variants"], ["rules", "blob"], ["--help"]):
                cases.append((argv, "/dev/full"))
        for argv, output in cases:
            with open(output or os.devnull, "w") as stdout:
                done = subprocess.run(
                    [sys.executable, "-m", "game", *argv],
                    cwd=folder,
                    env={**env, "PYTHONPATH": str(ROOT)},
                    stdout=stdout,
                    stderr=subprocess.PIPE,
                    text=True,
                    errors="replace",
                    timeout=60,
                )
            lines = done.stderr.strip().splitlines()
            ok = done.returncode not in (0, 70) and len(lines) == 1
            ok = ok and "internal error" not in done.stderr and "Traceback" not in done.stderr
            tally.check(ok, f"{[a[:30] for a in argv]} -> {done.returncode}: {lines[-1:]}")
