"""The tournament and benchmark commands of the computer players."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.ai import bench, tournament
from game.ai.stats import mean_ci
from game.rules.record import loads


def test_tournament_json_and_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "games.jsonl"
    code = tournament.main(
        [
            "--variant",
            "oh-hell",
            "--players",
            "3",
            "--seats",
            "random,easy,medium",
            "--games",
            "2",
            "--seed",
            "5",
            "--duplicate",
            "--json",
            "--hands",
            "3",
            "--jobs",
            "1",
            "--out",
            str(out),
        ]
    )
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games_played"] == 6 and report["duplicate"] is True
    assert set(report["levels"]) == {"random", "easy", "medium"}
    for row in report["levels"].values():
        assert row["seat_games"] == 6
        low, high = row["score"]["ci95"]
        assert low <= row["score"]["mean"] <= high
        assert 0 <= row["made_pct"]["mean"] <= 100
    firsts = sum(row["first_pct"]["mean"] for row in report["levels"].values())
    assert firsts == pytest.approx(100.0, abs=0.01)  # one first place per game, shared on ties
    pairs = {(pair["a"], pair["b"]) for pair in report["pairs"]}
    assert pairs == {("medium", "easy"), ("medium", "random"), ("easy", "random")}
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 6
    match, players = loads(lines[0])
    assert len(match.results) == 3 and {player.kind for player in players} == {
        "random",
        "easy",
        "medium",
    }
    assert not list(tmp_path.glob(".tournament-*"))


def test_tournament_text_in_parallel(capsys: pytest.CaptureFixture[str]) -> None:
    code = tournament.main(
        [
            "--variant",
            "blob",
            "--players",
            "4",
            "--seats",
            "hard,easy,easy,easy",
            "--games",
            "2",
            "--hands",
            "2",
            "--budget",
            "0.02",
            "--jobs",
            "2",
        ]
    )
    assert code == 0
    text = capsys.readouterr().out
    assert "hard - easy" in text and "bids made %" in text


def test_tournament_refuses_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        tournament.main(["--seats", "easy,easy,easy", "--players", "4"])
    with pytest.raises(SystemExit):
        tournament.main(["--seats", "easy,easy,wizard", "--players", "3"])
    assert "wizard" in capsys.readouterr().err


def test_confidence_interval() -> None:
    estimate = mean_ci([10.0, 12.0, 14.0])
    assert estimate.mean == 12.0
    assert estimate.low < 12.0 < estimate.high
    assert mean_ci([3.0]).count == 1


def test_bench_prints_every_level(capsys: pytest.CaptureFixture[str]) -> None:
    code = bench.main(["--levels", "random,easy,medium,hard", "--hands", "1", "--budget", "0.02"])
    text = capsys.readouterr().out
    assert code == 0
    for level in ("random", "easy", "medium", "hard"):
        assert f"{level} " in text
    assert "bids" in text and "plays" in text and "median" in text
