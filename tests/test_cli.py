"""The headless command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import game.bench.engine
from game.cli import SUBCOMMANDS, run
from game.saves import read_record
from game.ui.options import SCENES, play_parser
from tests.record_checker import check_record


def test_variants_lists_every_preset(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["variants"]) == 0
    out = capsys.readouterr().out
    for preset_id in (
        "oh-well",
        "nomination-whist",
        "up-and-down-the-river",
        "oh-pshaw",
        "british-oh-hell",
        "oh-hell",
        "blob",
        "oh-hell-classic",
    ):
        assert preset_id in out
    assert "19/19/15/13/11" in out  # up and down the river, 4 to 8 players


def test_rules_in_plain_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["rules", "up-and-down-the-river", "--players", "7"]) == 0
    out = capsys.readouterr().out
    assert "7 cards each in the first hand" in out
    assert "capped at 8, 7 and 6 cards" in out


def test_rules_of_unknown_variant_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["rules", "whist"]) == 2
    assert "no variant called 'whist'" in capsys.readouterr().err


def test_rules_with_unsupported_players_is_a_clear_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run(["rules", "oh-hell", "--players", "8"]) == 2
    assert "3 to 7 players, not 8" in capsys.readouterr().err


def test_simulate_prints_a_summary_and_writes_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "games.jsonl"
    status = run(
        [
            "simulate",
            "--variant",
            "blob",
            "--players",
            "5",
            "--games",
            "3",
            "--seed",
            "9",
            "--out",
            str(out),
        ]
    )
    assert status == 0
    summary = capsys.readouterr().out
    assert "Blob, 5 players, 3 games from seed 9" in summary
    assert summary.count("random") == 5
    lines = out.read_text().splitlines()
    assert len(lines) == 3
    for number, line in enumerate(lines):
        record = json.loads(line)
        assert record["seed"] == 9 + number
        check_record(record)
        read_record(line)


def test_bench_engine_prints_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["bench", "engine", "--hands", "40", "--repeat", "1", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "kernel, 4 players, 10-card hands" in out
    assert "Peak memory" in out
    assert "checked match loop" in out and "simulate, random seats" in out
    assert "OpenSpiel oh_hell" in out or "open_spiel is not installed" in out


def test_bench_engine_says_when_openspiel_is_absent(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(game.bench.engine, "_openspiel_hands", lambda sizes: None)
    assert run(["bench", "engine", "--hands", "20", "--repeat", "1", "--games", "1"]) == 0
    out = capsys.readouterr().out
    assert "OpenSpiel: not measured, open_spiel is not installed" in out
    assert "OpenSpiel oh_hell" not in out


def test_bench_engine_parts_splits_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["bench", "engine", "--parts", "--games", "1", "--repeat", "1"]) == 0
    out = capsys.readouterr().out
    figures = {}
    for line in out.splitlines()[1:]:
        name, _, rest = line.rpartition("  ")
        figures[name.strip()] = float(rest.replace(",", "").removesuffix(" us a game"))
    assert len(figures) == 7 and all(micros > 0 for micros in figures.values())
    assert (
        figures["advance alone (the deals), timed inside the replay"]
        < figures["apply and advance alone (replayed log)"]
    )
    assert "Peak memory" not in out and "kernel" not in out


# ------------------------------------------------------------------ --help
PLAY_OPTIONS = (
    "--version", "--windowed", "--demo", "--fast", "--exit-at-end", "--first-frame",
    "--screenshot", "--seed", "--after", "--scene", "--size", "--players", "--variant",
)  # fmt: skip


def _help(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as leaving:
        run(argv)
    assert leaving.value.code == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


def test_help_lists_every_subcommand_and_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    out = _help(["--help"], capsys)
    for name, summary in SUBCOMMANDS.items():
        assert f"  {name:<12}{summary}\n" in out, name
    for option in PLAY_OPTIONS:
        assert option in out, option
    for action in play_parser()._actions:  # none added later and left out of the help
        assert all(flag in out for flag in action.option_strings)
    assert _help(["-h"], capsys) == out


@pytest.mark.parametrize("command", ["variants", "rules", "simulate", "tournament"])
def test_a_subcommand_s_help_is_its_own(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    out = _help([command, "--help"], capsys)
    assert out.startswith(f"usage: ohhell {command}")
    assert "--windowed" not in out


def test_bench_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["bench", "--help"]) == 0
    assert capsys.readouterr().out.startswith("usage: ohhell bench")


def test_help_and_version_load_no_pygame() -> None:
    code = (
        "import sys\nfrom game.cli import run\n"
        "for argv in (['--help'], ['--version']):\n"
        "    try:\n        run(argv)\n    except SystemExit:\n        pass\n"
        "print('pygame' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.splitlines()[-1] == "False", done.stderr
    assert "Oh Hell " in done.stdout and "subcommands" in done.stdout


def test_the_scenes_offered_are_the_scenes_drawn() -> None:
    """Each name ``--scene`` offers is one ``build_scene`` pictures (read from its code)."""
    import inspect
    import re

    from game.ui import screenshot

    drawn = set(re.findall(r'"(\w+)"', inspect.getsource(screenshot.build_scene)))
    assert set(SCENES) - drawn == set()


def test_bench_coach_prints_the_coach_and_the_expert(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["bench", "coach", "--hands", "1", "--size", "3", "--budget", "0.02"]) == 0
    out = capsys.readouterr().out
    assert "hands of 3 cards, 4 players" in out
    for asked in ("coach", "expert"):
        assert f"{asked:<7} all       wall" in out and f"{asked:<7} plays     cpu" in out


def test_bench_analysis_prints_a_whole_games_figures(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["bench", "analysis", "--budget", "0.02", "--limit", "6", "--cores", "1", "--seeds", "2"]
    assert run(argv) == 0
    out = capsys.readouterr().out
    assert "19 hands" in out and "6 decisions with a choice" in out
    assert out.splitlines()[2].split()[0] == "1"  # the one-core row
    assert "another seed: |cost difference| mean" in out
