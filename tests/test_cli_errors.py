"""Every bad command line ends in one line on stderr and exit 2, never a traceback,
and nothing is played or written before its outputs are known to be writable."""

from __future__ import annotations

import doctest
import os
import subprocess
import sys
from pathlib import Path
from typing import IO, Any

import pytest

import game.bench.ai
import game.bench.engine
import game.bench.tournament
import game.cli
import game.simulate
import game.ui.main
import game.ui.screenshot
from game import cliargs
from game.__main__ import main

ROOT = Path(__file__).resolve().parent.parent
FOUR = "easy,easy,easy,easy"


class Played(Exception):
    """Raised by the patched game, bench and window functions: bad input got that far."""


def _played(*args: object, **kwargs: object) -> None:
    raise Played


@pytest.fixture(autouse=True)
def nothing_is_played(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("OHHELL_HOME", str(tmp_path / "home"))
    for module, name in (
        (game.simulate, "play_games"),
        (game.bench.tournament, "run_tasks"),
        (game.bench.ai, "positions"),
        (game.bench.engine, "_rate"),
        (game.ui.screenshot, "take_screenshot"),
        (game.ui.main, "_play"),
        (game.ui.main, "App"),
    ):
        monkeypatch.setattr(module, name, _played)


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Files and folders the cases name, by placeholder."""
    folder = tmp_path_factory.mktemp("inputs")
    (folder / "binary.jsonl").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4)
    (folder / "deep.jsonl").write_text("[" * 100_000 + "\n")
    (folder / "deepobj.jsonl").write_text('{"a":' * 100_000 + "\n")
    (folder / "longline.jsonl").write_text(" " * (50 * 2**20) + "1\n")
    with open(folder / "huge.jsonl", "wb") as stream:  # 200 MiB, sparse
        stream.truncate(200 * 2**20)
    (folder / "blank.jsonl").write_text("\n \n")
    (folder / "notjson.jsonl").write_text("{oops\n")
    (folder / "shots.png").mkdir()
    target = folder / "target.txt"
    target.write_text("keep me")
    (folder / "link.png").symlink_to(target)
    (folder / "link.jsonl").symlink_to(target)
    (folder / "person.jsonl").write_text(_record_with_a_person() + "\n")
    (folder / "games.jsonl").mkdir()
    return {"in": str(folder), "ro": _read_only_folder(folder)}


def _record_with_a_person() -> str:
    """A finished game's record in which seat 0 is a person."""
    from game.rules.match import Match
    from game.rules.phase import Phase
    from game.rules.record import Player, dumps, to_record
    from game.rules.ruleset import RuleSet

    match = Match(RuleSet(players=3, max_hands=1), 5)
    while match.phase is not Phase.GAME_OVER:
        match.advance_until_decision()
        if match.legal_actions():
            match.apply(match.legal_actions()[0])
    return dumps(to_record(match, [Player("Ann"), Player("Bo", "easy"), Player("Cy", "easy")]))


def _read_only_folder(parent: Path) -> str:
    """A folder no file can be made in: a read-only one, or /sys for root; "" if none."""
    folder = parent / "read-only"
    folder.mkdir()
    folder.chmod(0o500)
    for candidate in (folder, Path("/sys")):
        try:
            (candidate / "probe").touch()
        except OSError:
            return str(candidate)
        (candidate / "probe").unlink()
    return ""


TOURNAMENT = ["tournament", "--seats", FOUR, "--games", "2", "--jobs", "1"]
SCREENSHOT = ["--screenshot", "{tmp}/x.png"]
SIMULATE = ["simulate", "--variant", "blob", "--games", "2"]

CASES: list[tuple[str, list[str], str]] = [
    # player counts
    ("demo-9-players", ["--demo", "--players", "9"], "from 3 to 8, not '9'"),
    ("demo-0-players", ["--demo", "--players", "0"], "from 3 to 8"),
    ("screenshot-9-players", [*SCREENSHOT, "--players", "9"], "from 3 to 8"),
    ("screenshot-blob-8", [*SCREENSHOT, "--variant", "blob", "--players", "8"], "3 to 7 players"),
    ("screenshot-no-variant", [*SCREENSHOT, "--variant", "whist"], "no variant called 'whist'"),
    ("screenshot-empty-variant", [*SCREENSHOT, "--variant", ""], "no variant called ''"),
    ("simulate-oh-hell-8", ["simulate", "--variant", "oh-hell", "--players", "8"], "3 to 7"),
    ("simulate-huge-players", [*SIMULATE, "--players", "1000000000"], "from 3 to 8"),
    ("tournament-huge-players", [*TOURNAMENT, "--players", "1000000000"], "from 3 to 8"),
    ("tournament-oh-hell-8", [*TOURNAMENT, "--players", "8"], "3 to 7 players"),
    ("rules-0-players", ["rules", "oh-hell", "--players", "0"], "from 3 to 8, not '0'"),
    ("rules-8-players", ["rules", "oh-hell", "--players", "8"], "3 to 7 players, not 8"),
    ("rules-text-players", ["rules", "oh-hell", "--players", "four"], "whole number"),
    ("bench-ai-9-players", ["bench", "ai", "--players", "9"], "from 3 to 8"),
    ("bench-render-9-players", ["bench", "render", "--players", "9"], "from 3 to 8"),
    # counts
    ("simulate-games-1e9", [*SIMULATE, "--games", "1e9"], "from 1 to 100000, not '1e9'"),
    ("simulate-games-10M", [*SIMULATE, "--games", "10000000"], "from 1 to 100000"),
    ("simulate-games-0", [*SIMULATE, "--games", "0"], "from 1 to 100000"),
    ("simulate-games-negative", [*SIMULATE, "--games", "-5"], "from 1 to 100000"),
    ("simulate-games-empty", [*SIMULATE, "--games", ""], "from 1 to 100000, not ''"),
    ("simulate-seed-huge", [*SIMULATE, "--seed", "9" * 5000], "from 0 to 1000000000000000000"),
    ("simulate-seed-negative", [*SIMULATE, "--seed", "-1"], "from 0 to"),
    ("tournament-games-1e9", [*TOURNAMENT, "--games", "1e9"], "from 1 to 100000"),
    ("tournament-seed-huge", [*TOURNAMENT, "--seed", str(2**64)], "from 0 to"),
    ("tournament-hands-0", [*TOURNAMENT, "--hands", "0"], "from 1 to 1000, not '0'"),
    ("tournament-hands-huge", [*TOURNAMENT, "--hands", "1001"], "from 1 to 1000"),
    ("tournament-hand-size-0", [*TOURNAMENT, "--hand-size", "0"], "from 1 to 52, not '0'"),
    ("tournament-hand-size-14", [*TOURNAMENT, "--hand-size", "14"], "13"),
    ("tournament-jobs-0", [*TOURNAMENT, "--jobs", "0"], "from 1 to 64"),
    ("tournament-jobs-huge", [*TOURNAMENT, "--jobs", "65"], "from 1 to 64"),
    ("screenshot-after-huge", [*SCREENSHOT, "--after", "10001"], "from 0 to 10000"),
    ("screenshot-after-negative", [*SCREENSHOT, "--after", "-1"], "from 0 to 10000"),
    ("screenshot-seed-empty", [*SCREENSHOT, "--seed", ""], "whole number"),
    ("bench-ai-hands-0", ["bench", "ai", "--hands", "0"], "from 1 to 100"),
    ("bench-ai-cards-99", ["bench", "ai", "--size", "99"], "from 1 to 17"),
    ("bench-engine-hands-1", ["bench", "engine", "--hands", "1"], "from 20 to 1000000"),
    ("bench-engine-repeat-0", ["bench", "engine", "--repeat", "0"], "from 1 to 100"),
    # budgets and times
    ("tournament-budget-nan", [*TOURNAMENT, "--budget", "nan"], "from 0.01 to 100, not 'nan'"),
    ("tournament-budget-inf", [*TOURNAMENT, "--budget", "inf"], "from 0.01 to 100"),
    ("tournament-budget-negative", [*TOURNAMENT, "--budget", "-1"], "from 0.01 to 100"),
    ("tournament-budget-huge", [*TOURNAMENT, "--budget", "1e300"], "from 0.01 to 100"),
    ("tournament-seat-budget-inf", ["tournament", "--seats", "hard@inf,easy,easy,easy"], "'inf'"),
    ("tournament-seat-budget-nan", ["tournament", "--seats", "hard@nan,easy,easy,easy"], "'nan'"),
    ("tournament-seat-budget-0", ["tournament", "--seats", "hard@0,easy,easy,easy"], "0.01"),
    ("bench-ai-budget-nan", ["bench", "ai", "--budget", "nan"], "from 0.01 to 100"),
    ("bench-ai-budget-negative", ["bench", "ai", "--budget", "-1"], "from 0.01 to 100"),
    ("bench-render-seconds-inf", ["bench", "render", "--seconds", "inf"], "from 0.1 to 3600"),
    # window sizes
    ("size-text", [*SCREENSHOT, "--size", "abc"], "width from 320 to 7680"),
    ("size-zero", [*SCREENSHOT, "--size", "0x0"], "height from 240 to 4320, not '0x0'"),
    ("size-huge", [*SCREENSHOT, "--size", "99999x99999"], "WIDTHxHEIGHT"),
    ("size-empty", [*SCREENSHOT, "--size", ""], "WIDTHxHEIGHT"),
    ("size-one-number", [*SCREENSHOT, "--size", "1920"], "WIDTHxHEIGHT"),
    ("bench-render-size", ["bench", "render", "--size", "10x10"], "WIDTHxHEIGHT"),
    # output files
    ("screenshot-txt", ["--screenshot", "{tmp}/x.txt"], "must end in .png"),
    ("screenshot-empty", ["--screenshot", ""], "must name a file"),
    ("screenshot-folder", ["--screenshot", "{in}/shots.png"], "it is a folder"),
    ("screenshot-no-folder", ["--screenshot", "{tmp}/missing/x.png"], "there is no folder"),
    ("screenshot-read-only", ["--screenshot", "{ro}/x.png"], "cannot write"),
    ("demo-screenshot-folder", ["--demo", "--screenshot", "{in}/shots.png"], "it is a folder"),
    ("simulate-out-folder", [*SIMULATE, "--out", "{in}/games.jsonl"], "it is a folder"),
    ("simulate-out-no-folder", [*SIMULATE, "--out", "{tmp}/missing/g.jsonl"], "no folder"),
    ("simulate-out-read-only", [*SIMULATE, "--out", "{ro}/g.jsonl"], "cannot write"),
    ("tournament-out-folder", [*TOURNAMENT, "--out", "{in}/games.jsonl"], "it is a folder"),
    ("tournament-out-no-folder", [*TOURNAMENT, "--out", "{tmp}/no/g.jsonl"], "no folder"),
    ("tournament-out-read-only", [*TOURNAMENT, "--out", "{ro}/g.jsonl"], "cannot write"),
    ("simulate-out-device", [*SIMULATE, "--out", os.devnull], "not a plain file"),
    # record files
    ("records-binary", ["tournament", "--records", "{in}/binary.jsonl"], "not text (UTF-8)"),
    ("records-deep-array", ["tournament", "--records", "{in}/deep.jsonl"], "line 1"),
    ("records-deep-object", ["tournament", "--records", "{in}/deepobj.jsonl"], "line 1"),
    ("records-long-line", ["tournament", "--records", "{in}/longline.jsonl"], "longer than 4"),
    ("records-huge-file", ["tournament", "--records", "{in}/huge.jsonl"], "larger than 64 MiB"),
    ("records-blank", ["tournament", "--records", "{in}/blank.jsonl"], "hold no games"),
    ("records-not-json", ["tournament", "--records", "{in}/notjson.jsonl"], "line 1"),
    ("records-folder", ["tournament", "--records", "{in}"], "is not a file"),
    ("records-missing", ["tournament", "--records", "{tmp}/none.jsonl"], "there is no file"),
    # names and choices
    ("simulate-no-variant", ["simulate", "--variant", "whist"], "no variant called 'whist'"),
    ("simulate-variant-missing", ["simulate"], "--variant"),
    ("simulate-unknown-level", [*SIMULATE, "--seats", "easy,genius,easy,easy"], "'genius'"),
    ("simulate-seat-count", [*SIMULATE, "--seats", "easy,easy"], "2 seats for 4 players"),
    ("simulate-seats-empty", [*SIMULATE, "--seats", ""], "for 4 players"),
    ("tournament-no-variant", [*TOURNAMENT, "--variant", "whist"], "no variant called"),
    ("tournament-unknown-level", ["tournament", "--seats", "easy,genius,easy,easy"], "'genius'"),
    ("tournament-seat-count", ["tournament", "--seats", "easy,easy"], "2 levels for 4 players"),
    ("tournament-no-seats", ["tournament"], "--seats is required"),
    ("bench-ai-unknown-level", ["bench", "ai", "--levels", "genius"], "unknown level"),
    ("bench-ai-no-levels", ["bench", "ai", "--levels", ","], "names no level"),
    ("bench-unknown", ["bench", "foo"], "no benchmark 'foo'"),
    ("bench-nothing", ["bench"], "name a benchmark"),
    ("rules-unknown", ["rules", "whist"], "no variant called 'whist'"),
    ("rules-nothing", ["rules"], "required: id"),
    ("variants-extra", ["variants", "extra"], "unrecognized arguments"),
    ("scene-unknown", [*SCREENSHOT, "--scene", "lobby"], "invalid choice: 'lobby'"),
    ("unknown-option", ["--bogus"], "unrecognized arguments: --bogus"),
    ("misspelt-subcommand", ["variant"], "unrecognized arguments: variant"),
    ("help-misspelt", ["--hepl"], "unrecognized arguments: --hepl"),
    # issue 35: what once ended in "internal error"
    ("serve-host-not-an-ip", ["serve", "--host", "999.1.1.1"], "not an IP address"),
    ("serve-host-with-port", ["serve", "--host", "127.0.0.1:80"], "give the port with --port"),
    ("serve-host-huge", ["serve", "--host", "a" * 5000], "neither an IP address nor a host"),
    ("serve-host-not-utf8", ["serve", "--host", "\udcff"], "neither an IP address nor a host"),
    ("screenshot-long-name", ["--screenshot", "{tmp}/" + "a" * 300 + ".png"], "longer than 255"),
    ("screenshot-link", ["--screenshot", "{in}/link.png"], "it is a link"),
    ("simulate-out-link", [*SIMULATE, "--out", "{in}/link.jsonl"], "it is a link"),
    ("records-with-a-person", ["tournament", "--records", "{in}/person.jsonl"], "a person played"),
    ("bench-analysis-cores-nan", ["bench", "analysis", "--cores", "nan"], "whole numbers from 1"),
    ("bench-analysis-cores-0", ["bench", "analysis", "--cores", "0,1"], "whole numbers from 1"),
    ("bench-startup-after-huge", ["bench", "startup", "--after", "99999999999"], "0 to 10000"),
]


def run_main(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[object, str, str]:
    """Exit status, stdout and stderr of the real entry point."""
    try:
        status: object = main(argv)
    except SystemExit as leaving:
        status = leaving.code
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(("argv", "fragment"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_bad_input_is_one_line_and_exit_2(
    argv: list[str],
    fragment: str,
    files: dict[str, str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    if any("{ro}" in arg for arg in argv) and not files["ro"]:
        pytest.skip("no read-only folder here")
    argv = [arg.format(tmp=tmp_path, **files) for arg in argv]
    status, out, err = run_main(argv, capsys)
    assert status == 2, err
    assert "Traceback" not in err and "internal error" not in err
    assert len(err.splitlines()) == 1 and err.startswith("ohhell"), err
    assert fragment in err
    assert out == ""  # nothing played, nothing reported
    assert not list(tmp_path.glob("*.*")) and not (tmp_path / "missing").exists()


def test_unexpected_errors_are_one_line_with_a_log(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(argv: list[str]) -> int:
        raise RuntimeError("boom\n" + "x" * 500)

    monkeypatch.setattr(game.cli, "run", broken)
    status, _, err = run_main(["variants"], capsys)
    log = tmp_path / "home" / "data" / "error.log"
    assert status == 70
    assert err.startswith("ohhell: internal error: RuntimeError: boom xxx")
    assert err.rstrip().endswith(f"; details in {log}") and len(err.splitlines()) == 1
    assert len(err) < 200 + 100 + len(str(log))
    assert "Traceback" in log.read_text() and "RuntimeError: boom" in log.read_text()


def test_the_log_falls_back_to_the_temporary_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    home = tmp_path / "home-is-a-file"
    home.write_text("")
    monkeypatch.setenv("OHHELL_HOME", str(home))
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr("tempfile.tempdir", None)
    monkeypatch.setattr(game.cli, "run", lambda argv: 1 // 0)
    status, _, err = run_main(["variants"], capsys)
    assert status == 70 and "ZeroDivisionError" in err
    (log,) = tmp_path.glob("ohhell-error-*.log")
    assert err.rstrip().endswith(str(log)) and "Traceback" in log.read_text()


def test_interrupt_exits_130_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(argv: list[str]) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(game.cli, "run", interrupted)
    assert run_main(["variants"], capsys) == (130, "", "")


def test_the_output_check_changes_nothing(tmp_path: Path) -> None:
    kept = tmp_path / "kept.jsonl"
    kept.write_text("old\n")
    check = cliargs.output_file(".jsonl")
    assert check(str(kept)) == str(kept) and kept.read_text() == "old\n"
    assert check(str(tmp_path / "new.jsonl")) == str(tmp_path / "new.jsonl")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["kept.jsonl"]


def test_cliargs_doctests() -> None:
    result = doctest.testmod(cliargs, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 10 and result.failed == 0


@pytest.mark.parametrize(
    "argv",
    [
        ["--demo", "--players", "9"],
        ["simulate", "--variant", "blob", "--games", "1e9"],
        ["tournament", "--records", "{in}/binary.jsonl"],
    ],
    ids=["demo-players", "simulate-games", "records-binary"],
)
def test_no_traceback_reaches_a_terminal(
    argv: list[str], files: dict[str, str], tmp_path: Path
) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env["OHHELL_HOME"] = str(tmp_path)
    command = [sys.executable, "-m", "game", *(arg.format(**files) for arg in argv)]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, env=env, timeout=60)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and len(done.stderr.splitlines()) == 1
    assert done.stderr.startswith("ohhell") and done.stdout == ""


def _ohhell(
    argv: list[str], home: Path, stdout: int | IO[Any] = subprocess.PIPE
) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env["OHHELL_HOME"] = str(home)
    command = [sys.executable, "-m", "game", *argv]
    return subprocess.run(
        command,
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
    )


def _one_clear_line(done: subprocess.CompletedProcess[str]) -> None:
    assert done.returncode not in (0, 70), done.stderr
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr


def test_serve_on_a_port_in_use_says_so(tmp_path: Path) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = _ohhell(["serve", "--host", "127.0.0.1", "--port", str(port)], tmp_path)
    _one_clear_line(done)
    assert "another program uses that port" in done.stderr


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("argv", [["variants"], ["rules", "blob"], ["--help"], ["--version"]])
def test_an_output_that_cannot_be_written_is_one_line(argv: list[str], tmp_path: Path) -> None:
    with open("/dev/full", "w") as full:
        done = _ohhell(argv, tmp_path, stdout=full)
    _one_clear_line(done)
    assert done.returncode == 74 and "No space left on device" in done.stderr


def test_the_error_log_never_follows_a_planted_link(tmp_path: Path) -> None:
    """A link at ``error.log`` is refused; the log goes to a new private file."""
    home = tmp_path / "home"
    (home / "data").mkdir(parents=True)
    target = tmp_path / "precious.txt"
    target.write_text("mine\n")
    (home / "data" / "error.log").symlink_to(target)
    env = {**os.environ, "OHHELL_HOME": str(home), "TMPDIR": str(tmp_path)}
    code = "import game.cli, game.__main__ as m; game.cli.run = lambda a: 1 // 0; print(m.main([]))"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env, timeout=60
    )
    assert target.read_text() == "mine\n"
    (log,) = tmp_path.glob("ohhell-error-*.log")
    assert "ZeroDivisionError" in log.read_text() and str(log) in done.stderr


def test_the_error_log_takes_any_text(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(game.cli, "run", lambda argv: 1 // 0)
    status, _, err = run_main(["serve", "--host", "\udcff\ud800"], capsys)
    log = tmp_path / "home" / "data" / "error.log"
    assert status == 70 and str(log) in err
    assert "\\udcff" in log.read_text() and (log.stat().st_mode & 0o777) == 0o600
