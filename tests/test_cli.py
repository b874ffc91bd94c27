"""The headless command line."""

from __future__ import annotations

import json

from game.cli import run
from game.rules import from_record
from tests.record_checker import check_record


def test_variants_lists_every_preset(capsys):
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


def test_rules_in_plain_words(capsys):
    assert run(["rules", "up-and-down-the-river", "--players", "7"]) == 0
    out = capsys.readouterr().out
    assert "7 cards each in the first hand" in out
    assert "capped at 8, 7 and 6 cards" in out


def test_rules_of_unknown_variant_is_a_clear_error(capsys):
    assert run(["rules", "whist"]) == 2
    assert "no variant called 'whist'" in capsys.readouterr().err


def test_rules_with_unsupported_players_is_a_clear_error(capsys):
    assert run(["rules", "oh-hell", "--players", "8"]) == 2
    assert "3 to 7 players, not 8" in capsys.readouterr().err


def test_simulate_prints_a_summary_and_writes_records(tmp_path, capsys):
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
        from_record(record)


def test_bench_engine_prints_figures(capsys):
    assert run(["bench", "engine", "--hands", "40", "--repeat", "1"]) == 0
    out = capsys.readouterr().out
    assert "kernel, 4 players, 10-card hands" in out
    assert "Peak memory" in out
