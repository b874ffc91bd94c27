"""The tournament and benchmark commands of the computer players."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.bench import ai as bench
from game.bench import tournament
from game.bench.stats import mean_ci
from game.saves import read_record


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
    match, players = read_record(lines[0])
    assert len(match.results) == 3 and {player.kind for player in players} == {
        "random",
        "easy",
        "medium",
    }
    assert not list(tmp_path.glob(".tournament-*"))

    assert tournament.main(["--records", str(out), "--json"]) == 0
    pooled = json.loads(capsys.readouterr().out)
    assert pooled["games_played"] == 6
    assert pooled["levels"] == report["levels"] and pooled["pairs"] == report["pairs"]


def _records(tmp_path: Path, name: str, variant: str, seed: int) -> Path:
    out = tmp_path / name
    args = ["--variant", variant, "--players", "3", "--seats", "easy,random,random"]
    args += ["--games", "2", "--seed", str(seed), "--hands", "2", "--jobs", "1"]
    assert tournament.main([*args, "--json", "--out", str(out)]) == 0
    return out


def test_records_pool_runs_and_refuse_what_does_not_pool(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = _records(tmp_path, "a.jsonl", "oh-hell", 1)
    second = _records(tmp_path, "b.jsonl", "oh-hell", 3)
    capsys.readouterr()
    assert tournament.main(["--records", str(first), str(second)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("4 recorded games over 4 deals, from 2 files")
    assert "easy - random" in text and "over 4 paired units" in text

    other = _records(tmp_path, "c.jsonl", "blob", 1)
    broken = tmp_path / "broken.jsonl"
    broken.write_text(first.read_text(encoding="utf-8")[:-40] + "\n", encoding="utf-8")
    for files, message in (
        ([first, other], "the records mix rule sets"),
        ([broken], "broken.jsonl, line 2"),
        ([tmp_path / "missing.jsonl"], "missing.jsonl"),
    ):
        with pytest.raises(SystemExit):
            tournament.main(["--records", *map(str, files)])
        assert message in capsys.readouterr().err


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
    with pytest.raises(SystemExit):
        tournament.main(["--players", "3"])
    assert "--seats is required" in capsys.readouterr().err


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


def test_bench_verdict_checks_the_median_and_the_p90() -> None:
    assert bench.verdict("expert", {"median": 900.0, "p90": 1400.0}) == (
        "median < 1000 ms, p90 < 1500 ms: ok",
        True,
    )
    assert bench.verdict("expert", {"median": 900.0, "p90": 1600.0})[1] is False
    assert bench.verdict("hard", {"median": 120.0, "p90": 130.0}) == (
        "median < 100 ms: MISSED",
        False,
    )
    assert bench.verdict("ismcts", {"median": 40.0, "p90": 50.0}) == ("", True)


def test_tournament_plays_single_hands_against_the_yardstick(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    seats = "medium,ismcts@0.02,ismcts@0.02"
    args = ["--players", "3", "--seats", seats, "--hand-size", "4", "--games", "2"]
    code = tournament.main([*args, "--duplicate", "--json", "--jobs", "1"])
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["hand_size"] == 4 and report["games_played"] == 6
    rows = report["levels"]
    assert rows["medium"]["seat_games"] == 6 and rows["ismcts@0.02"]["seat_games"] == 12
    for row in rows.values():  # one hand of four cards: at most 4 + 10 points
        low, high = row["score"]["ci95"]
        assert 0 <= row["score"]["mean"] <= 14 and low <= high
    pairs = [(pair["a"], pair["b"]) for pair in report["pairs"]]
    assert pairs == [("medium", "ismcts@0.02")]  # differences read level - yardstick
    with pytest.raises(SystemExit):
        tournament.main([*args, "--out", str(tmp_path / "games.jsonl")])
    assert "cannot be recorded" in capsys.readouterr().err
    assert not (tmp_path / "games.jsonl").exists()


def test_json_reports_are_strict_json_even_over_one_deal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """One deal gives no interval: ``null``, not ``Infinity`` (issue 29, item 6)."""

    def refuse(constant: str) -> object:
        raise ValueError(f"not JSON: {constant}")

    args = ["--seats", "random,easy,easy", "--players", "3", "--games", "1", "--hands", "1"]
    assert tournament.main([*args, "--jobs", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out, parse_constant=refuse)
    assert "null" in json.dumps(report)
