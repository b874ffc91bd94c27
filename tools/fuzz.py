"""Faults and hostile input, at length: prints how many cases of each group held.

    uv run python tools/fuzz.py                 # every group, a few minutes
    uv run python tools/fuzz.py --quick         # a few seconds (the test suite runs this)
    uv run python tools/fuzz.py --only kills

Groups:
- illegal actions: at every decision of random games of every preset, random actions
  (wrong seat, bid out of range, card not held, float/bool/str fields, not an action);
  held when the engine refuses with IllegalAction and the state, log included, is unchanged.
- damaged saves: a real save mutated (bytes flipped, cut, spliced, values replaced by
  huge, deep, typed-wrong or control-character ones); held when reading gives a
  RecordError or a game that saves and loads again, and nothing else.
- damaged settings: the same damage to a settings file; held when the settings load, the
  damaged file is kept aside and a second load reports nothing.
- kills: a process saving after every step of computer games is killed at a random
  moment; held when the save loads and no temporary file outlives the next start.
- bad command lines: every argument a user could mistype; held when the exit is non-zero
  with a short message and no traceback.
- names, pipes, links, end kills, floods, one-line commands (``tools/faults.py``):
  hostile names drawn; pipes, sockets and folders where the game reads; links where it
  writes; kills at a game's very end; idle floods of a host while a player joins; the
  command lines that once ended in "internal error".
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.rules import PRESET_LIST, IllegalAction, Match, Phase, Player, RecordError  # noqa: E402
from game.rules.actions import Bid, Play  # noqa: E402
from game.rules.cards import PACK  # noqa: E402
from game.rules.record import dumps, to_record  # noqa: E402
from game.saves import load_record_file, read_record  # noqa: E402
from tools import faults  # noqa: E402


@dataclass
class Tally:
    """Cases tried and held for one group, with the first few failures."""

    name: str
    tried: int = 0
    held: int = 0
    failures: list[str] = field(default_factory=list)

    def check(self, ok: bool, what: str) -> None:
        self.tried += 1
        self.held += ok
        if not ok and len(self.failures) < 5:
            self.failures.append(what[:300])


def state(match: Match) -> tuple[object, ...]:
    seats = range(match.players)
    return (
        match.phase,
        match.awaiting,
        tuple(match.hand(seat) for seat in seats),
        match.bids,
        match.trick,
        match.tricks,
        match.scores,
        tuple(match.actions),
    )


# ------------------------------------------------------------ illegal actions
def garbage_action(match: Match, rng: random.Random) -> object:
    """An action that is most likely illegal, of every kind the tester tried."""
    seat = rng.choice([*range(-2, 10), 0.5, 1.0, True, False, "1", None])
    card = rng.choice([*PACK, "AS", 5, None])
    tricks = rng.choice([*range(-3, 20), 60, 0.5, 2.0, True, "2", None])
    return rng.choice([Bid(seat, tricks), Play(seat, card), (seat, tricks), None])  # type: ignore[arg-type]


def illegal_actions(tally: Tally, games: int, tries: int, seed: int) -> None:
    rng = random.Random(seed)
    for game in range(games):
        preset = PRESET_LIST[game % len(PRESET_LIST)]
        players = rng.randint(preset.min_players, preset.max_players)
        match = Match(preset.rules(players), seed + game)
        while True:
            match.advance_until_decision()
            if match.phase is Phase.GAME_OVER:
                break
            legal = list(match.legal_actions())
            for _ in range(tries):
                action = garbage_action(match, rng)
                if action in legal:
                    continue
                before = state(match)
                try:
                    match.apply(action)  # type: ignore[arg-type]
                    ok = False
                except IllegalAction as error:
                    ok = bool(str(error)) and state(match) == before
                except Exception as error:  # the failure being counted
                    ok, action = False, f"{action!r}: {error!r}"
                tally.check(ok, f"{preset.id}: {action!r} was not refused cleanly")
            match.apply(rng.choice(legal))


# ---------------------------------------------------------------- damaged text
HOSTILE = [
    "9" * 400,
    "1e999",
    "-1",
    "NaN",
    "true",
    "null",
    "[]",
    "{}",
    '"' + "A" * 1_000_000 + '"',
    '"A\\u0000B"',
    '"\\ud800"',
    "[" * 50_000 + "]" * 50_000,
    "1000000000",
    "0.5",
]


def mutations(text: str, rng: random.Random) -> Iterator[str | bytes]:
    """Ways a file gets damaged: flipped bytes, a cut, a splice, a hostile value."""
    data = text.encode()
    cut = rng.randrange(len(data))
    yield data[:cut]
    flipped = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        flipped[rng.randrange(len(flipped))] = rng.randrange(256)
    yield bytes(flipped)
    start = rng.randrange(len(data))
    yield data[:start] + data[start : start + rng.randint(1, 200)] + data[start:]
    yield _replace_a_value(text, rng, rng.choice(HOSTILE))


def _replace_a_value(text: str, rng: random.Random, value: str) -> str:
    """``text`` with the value after one of its colons replaced by ``value``."""
    colons = [index for index, char in enumerate(text) if char == ":"]
    at = rng.choice(colons) + 1
    end = at
    depth = 0
    while end < len(text):
        char = text[end]
        if char in "[{":
            depth += 1
        elif char in "]}":
            if depth == 0:
                break
            depth -= 1
        elif char == "," and depth == 0:
            break
        end += 1
    return text[:at] + value + text[end:]


def sample_saves(rng: random.Random, count: int) -> list[str]:
    """Saves of games stopped at random moments, of random presets."""
    saves = []
    for index in range(count):
        preset = rng.choice(PRESET_LIST)
        players = rng.randint(preset.min_players, preset.max_players)
        match = Match(preset.rules(players), index)
        for _ in range(rng.randint(0, 120)):
            if match.phase is Phase.GAME_OVER:
                break
            if match.phase.automatic:
                match.advance()
            else:
                match.apply(rng.choice(list(match.legal_actions())))
        table = [Player(f"P{seat}", "human") for seat in range(players)]
        saves.append(dumps(to_record(match, table)))
    return saves


def damaged_saves(tally: Tally, cases: int, seed: int) -> None:
    rng = random.Random(seed)
    saves = sample_saves(rng, 12)
    while tally.tried < cases:
        for damaged in mutations(rng.choice(saves), rng):
            try:
                match, players = read_record(damaged)
                again, _ = read_record(dumps(to_record(match, players)))
                ok = again.phase is match.phase
            except RecordError as error:
                ok = 0 < len(str(error)) < 1000
            except Exception as error:  # the failure being counted
                ok = False
                damaged = f"{error!r} on {damaged[:120]!r}"
            tally.check(ok, str(damaged)[:300])


def damaged_settings(tally: Tally, cases: int, seed: int) -> None:
    from game.settings import Settings, SettingsStore

    rng = random.Random(seed)
    clean = json.dumps(Settings().to_json(), indent=2)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "settings.json"
        while tally.tried < cases:
            for damaged in mutations(clean, rng):
                path.write_bytes(damaged if isinstance(damaged, bytes) else damaged.encode())
                try:
                    SettingsStore(path)
                    ok = SettingsStore(path).problem is None
                except Exception as error:  # the failure being counted
                    ok, damaged = False, f"{error!r} on {damaged[:120]!r}"
                tally.check(ok, str(damaged)[:300])


# ----------------------------------------------------------------------- kills
SAVER = """
import random, sys
from pathlib import Path
from game.rules import PRESET_LIST, Match, Phase, Player
from game.rules.record import dumps, to_record
from game.storage import atomic_write_text
from game.play.lifeline import Tie, follow
follow(Tie(int(sys.argv[3]), kernel=True))  # it never ends by itself: it ends with fuzz.py
path, seed = Path(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
while True:
    preset = rng.choice(PRESET_LIST)
    match = Match(preset.rules(preset.min_players), rng.randrange(10**6))
    table = [Player(f"P{s}") for s in range(match.players)]
    while match.phase is not Phase.GAME_OVER:
        if match.phase.automatic:
            match.advance()
        else:
            match.apply(rng.choice(list(match.legal_actions())))
        atomic_write_text(path, dumps(to_record(match, table)))
        print("saved", flush=True)
"""


def kills(tally: Tally, count: int, seed: int) -> None:
    from game import storage

    clean_up: Callable[[Path], object] | None = getattr(storage, "remove_stale_temps", None)
    storage.TEMP_AGE = 0.0  # the killed writer is gone: its temporary file is stale at once
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "autosave.json"
        for kill in range(count):
            child = subprocess.Popen(
                [sys.executable, "-c", SAVER, str(path), str(seed + kill), str(os.getpid())],
                cwd=ROOT,
                stdout=subprocess.PIPE,
            )
            assert child.stdout is not None
            child.stdout.readline()  # the first save is written
            time.sleep(rng.uniform(0.0, 0.3))
            child.send_signal(signal.SIGKILL)
            child.wait()
            child.stdout.close()
            problem = ""
            try:
                load_record_file(path)
            except (RecordError, OSError) as error:
                problem = f"the save did not load: {error}"
            if clean_up is not None:
                time.sleep(0.05)
                clean_up(Path(folder))
            left = [name for name in os.listdir(folder) if name != "autosave.json"]
            if left and clean_up is not None:
                problem = problem or f"temporary files left: {left}"
            tally.check(not problem, problem)


# ----------------------------------------------------------- bad command lines
BAD_COMMAND_LINES = [
    ["--demo", "--players", "9"],
    ["--demo", "--players", "0"],
    ["--demo", "--players", "1000000000"],
    ["--demo", "--players", "x"],
    ["--screenshot", "x.png", "--players", "9", "--seed", "1"],
    ["--screenshot", "x.txt", "--seed", "1"],
    ["--screenshot", "/nonexistent/folder/x.png", "--seed", "1"],
    ["--screenshot", "/", "--seed", "1"],
    ["--screenshot", "x.png", "--size", "abc"],
    ["--screenshot", "x.png", "--size", "0x0"],
    ["--screenshot", "x.png", "--size", "99999x99999"],
    ["--screenshot", "x.png", "--size", "-5x100"],
    ["--screenshot", "x.png", "--after", "-1"],
    ["--screenshot", "x.png", "--after", "10000000000"],
    ["--screenshot", "x.png", "--seed", "1e9"],
    ["--screenshot", "x.png", "--variant", "whist"],
    ["--screenshot", "x.png", "--variant", "up-and-down-the-river", "--players", "3"],
    ["--screenshot", "x.png", "--scene", "nowhere"],
    ["rules"],
    ["rules", "whist"],
    ["rules", "oh-hell", "--players", "0"],
    ["rules", "oh-hell", "--players", "-3"],
    ["rules", "oh-hell", "--players", "8"],
    ["rules", "oh-hell", "--players", "1000000000"],
    ["rules", "oh-hell", "--players", "four"],
    ["variants", "extra"],
    ["simulate"],
    ["simulate", "--variant", "whist"],
    ["simulate", "--variant", "oh-hell", "--players", "9"],
    ["simulate", "--variant", "oh-hell", "--players", "1000000000"],
    ["simulate", "--variant", "oh-hell", "--games", "1e9"],
    ["simulate", "--variant", "oh-hell", "--games", "1000000000"],
    ["simulate", "--variant", "oh-hell", "--games", "0"],
    ["simulate", "--variant", "oh-hell", "--games", "-1"],
    ["simulate", "--variant", "oh-hell", "--seed", "x"],
    ["simulate", "--variant", "oh-hell", "--seats", "a,b,c,d"],
    ["simulate", "--variant", "oh-hell", "--seats", "easy,easy"],
    ["simulate", "--variant", "oh-hell", "--out", "/"],
    ["simulate", "--variant", "oh-hell", "--out", "/nonexistent/x.jsonl"],
    ["tournament"],
    [
        "tournament",
        "--variant",
        "oh-hell",
        "--players",
        "4",
        "--seats",
        "easy,easy,easy,easy",
        "--out",
        "/",
    ],
    ["tournament", "--variant", "oh-hell", "--players", "9", "--seats", "easy"],
    ["tournament", "--records", "/nonexistent.jsonl"],
    ["tournament", "--records", "/"],
    ["bench"],
    ["bench", "nothing"],
    ["bench", "ai", "--budget", "nan"],
    ["--no-such-flag"],
]


BAD_NUMBERS = ["-1", "0", "1e9", "nan", "inf", "", "x", "9" * 40]
NUMERIC_OPTIONS = {
    ("--demo",): ["--players", "--seed"],
    ("--screenshot", "x.png"): ["--players", "--seed", "--after", "--size"],
    ("rules", "oh-hell"): ["--players"],
    ("simulate", "--variant", "oh-hell"): ["--players", "--games", "--seed"],
    ("tournament", "--variant", "oh-hell", "--players", "4", "--seats", "easy,easy,easy,easy"): [
        "--games",
        "--seed",
        "--budget",
        "--hands",
        "--jobs",
    ],
}


def bad_numbers() -> list[list[str]]:
    """Every numeric option of every command given every kind of bad number (a few,
    such as seed 0, are fine and left out)."""
    commands = []
    for command, options in NUMERIC_OPTIONS.items():
        for option in options:
            for value in BAD_NUMBERS:
                if value == "0" and option in ("--seed", "--after"):
                    continue
                commands.append([*command, option, value])
    return commands


def hostile_record_files(folder: Path) -> list[list[str]]:
    """``tournament --records`` on binary, deep, huge and damaged files."""
    files = {
        "binary.jsonl": bytes(range(256)) * 64,
        "deep.jsonl": b"[" * 200_000 + b"\n",
        "huge-line.jsonl": b'{"format": "' + b"A" * 20_000_000 + b'"}\n',
        "nul.jsonl": b"\x00" * 4096,
        "empty.jsonl": b"",
    }
    commands = []
    for name, data in files.items():
        (folder / name).write_bytes(data)
        commands.append(["tournament", "--records", str(folder / name)])
    return commands


def bad_command_lines(tally: Tally, limit: int | None) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    with tempfile.TemporaryDirectory() as folder:
        env["OHHELL_HOME"] = folder
        hostile = hostile_record_files(Path(folder))
        commands = [*BAD_COMMAND_LINES, *hostile, *bad_numbers()][:limit]
        for argv in commands:
            try:
                done = subprocess.run(
                    [sys.executable, "-m", "game", *argv],
                    cwd=folder,
                    env={**env, "PYTHONPATH": str(ROOT)},
                    capture_output=True,
                    text=True,
                    timeout=60,
                    errors="replace",
                )
                lines = done.stderr.strip().splitlines()
                ok = done.returncode != 0 and "Traceback" not in done.stderr and 0 < len(lines) <= 3
                what = f"{argv[:6]} -> {done.returncode}: {done.stderr.strip()[-200:]}"
            except subprocess.TimeoutExpired:
                ok, what = False, f"{argv[:6]} did not finish in 60 s"
            tally.check(ok, what)


# ---------------------------------------------------------------------- report
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a few cases of each group")
    parser.add_argument(
        "--only",
        choices=[
            "actions",
            "saves",
            "settings",
            "kills",
            "commands",
            "names",
            "pipes",
            "links",
            "ends",
            "floods",
            "one-line",
        ],
        action="append",
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    quick, seed = args.quick, args.seed
    groups: dict[str, Callable[[Tally], None]] = {
        "actions": lambda t: illegal_actions(t, 2 if quick else 40, 3 if quick else 8, seed),
        "saves": lambda t: damaged_saves(t, 40 if quick else 4000, seed),
        "settings": lambda t: damaged_settings(t, 20 if quick else 1000, seed),
        "kills": lambda t: kills(t, 2 if quick else 60, seed),
        "commands": lambda t: bad_command_lines(t, 3 if quick else None),
        "names": lambda t: faults.names(t, 200 if quick else 20_000, seed),
        "pipes": faults.pipes,
        "links": faults.links,
        "ends": lambda t: faults.end_kills(t, 2 if quick else 60, seed),
        "floods": lambda t: faults.floods(t, 2 if quick else 30),
        "one-line": faults.commands,
    }
    failed = 0
    print(f"{'group':<12}{'tried':>8}{'held':>8}{'seconds':>9}")
    for name, run in groups.items():
        if args.only and name not in args.only:
            continue
        tally, start = Tally(name), time.perf_counter()
        run(tally)
        print(f"{name:<12}{tally.tried:>8}{tally.held:>8}{time.perf_counter() - start:>9.1f}")
        for failure in tally.failures:
            print(f"    failed: {failure}")
        failed += tally.tried - tally.held
    print(f"cases that did not hold: {failed}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
