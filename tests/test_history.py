"""Kept games, replays and statistics: the pygame-free half (game/play)."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import random
from pathlib import Path
from typing import Any

from game.play.library import Library
from game.play.replay import Replay
from game.play.stats import PlayerStats, merged_tables, tally, to_csv
from game.play.summary import summary_of
from game.rules.match import Match
from game.rules.phase import Phase
from game.rules.presets import PRESETS
from game.rules.record import Player, to_record
from tests.kept import summary_from

PLAYERS = [Player("Anna"), Player("Basil", "easy"), Player("Clara", "hard")]


def played(seed: int, hands: int = 3, players: int = 3) -> tuple[Match, list[Any]]:
    """A whole game with random choices, and the table after every step: each
    seat's cards, the public view and the trick on the cloth."""
    rules = dataclasses.replace(PRESETS["oh-hell"].rules(players), max_hands=hands)
    match, rng = Match(rules, seed), random.Random(seed)
    states: list[Any] = []
    while match.phase is not Phase.GAME_OVER:
        match.advance_until_decision()
        if not match.actions or states[-1][1].hand_number != match.hand_number:
            states.append(state_of(match))
        match.apply(rng.choice(list(match.legal_actions())))
        states.append(state_of(match))
    return match, states


def state_of(match: Match) -> tuple[Any, ...]:
    view = match.view(None)
    hands = tuple(match.hand(seat) for seat in range(match.players))
    return (hands, view, view.bids, view.taken, view.scores, view.trick, len(view.tricks))


def test_a_replay_reproduces_every_state_of_the_game(tmp_path: Path) -> None:
    match, states = played(seed=21, hands=4)
    library = Library(tmp_path)
    name = library.keep(to_record(match, PLAYERS))
    assert name is not None
    (kept,) = library.games()
    loaded, players = kept.replayed()
    replay = Replay.of(loaded)
    assert players == PLAYERS
    assert len(replay.moments) == len(states)
    for moment, (hands, view, bids, taken, scores, trick, tricks) in zip(
        replay.moments, states, strict=True
    ):
        assert moment.hands == hands
        assert (moment.view.bids, moment.view.taken, moment.view.scores) == (bids, taken, scores)
        assert moment.view.trick == trick and len(moment.view.tricks) == tricks
        assert moment.view.hand_number == view.hand_number
        if moment.kind == "trick":
            assert len(moment.cloth) == 3 and moment.winner is not None
            assert moment.cloth[[s for s, _ in moment.cloth].index(moment.winner)]
        else:
            assert [card for _, card in moment.cloth] == list(trick)


def test_stepping_by_trick_and_by_hand() -> None:
    match, _ = played(seed=4, hands=3)
    replay = Replay.of(match)
    starts = [i for i, m in enumerate(replay.moments) if m.kind == "dealt"]
    assert len(starts) == 3 and starts[0] == 0
    assert replay.next_hand(0) == starts[1] and replay.next_hand(starts[1], False) == 0
    assert replay.hand_start(2) == starts[1]
    index, seen = 0, 0
    while (after := replay.next_trick(index)) != index:
        index, seen = after, seen + 1
    assert seen == len(starts) - 1 + sum(len(r.tricks) for r in match.results)
    assert replay.next_trick(index, False) < index
    assert replay.step(0, -1) == 0 and replay.step(len(replay.moments) - 1, 5) == index


def test_kept_games_are_bounded_and_the_oldest_fold_into_the_statistics(
    tmp_path: Path,
) -> None:
    library = Library(tmp_path, limit=3)
    records = [to_record(played(seed)[0], PLAYERS) for seed in range(5)]
    for index, record in enumerate(records):
        assert library.keep(record, take_backs=index % 2) is not None
    kept = library.games()
    assert len(kept) == 3
    assert [game.seed for game in kept] == [2, 3, 4]
    games = [summary_of(record) for record in records]
    everything = tally(games, [index % 2 for index in range(5)])
    assert _plain(library.statistics()) == _plain(everything)
    assert library.statistics()["Anna"].take_back_games == 2


def test_a_damaged_kept_game_and_statistics_file_are_set_aside(tmp_path: Path) -> None:
    library = Library(tmp_path)
    library.keep(to_record(played(3)[0], PLAYERS))
    library.keep(to_record(played(4)[0], PLAYERS))
    first, second = library.archive.names()
    text = json.loads(library.archive.path(first).read_text())
    text["record"]["totals"] = [1, 2]  # a seat short
    library.archive.path(first).write_text(json.dumps(text))
    library.stats_file.path.write_text("{not json")
    games = library.games()
    assert [game.name for game in games] == [second]
    assert library.statistics()["Anna"].games == 1
    names = sorted(path.name for path in (tmp_path / "games").iterdir())
    assert any(".damaged-" in name for name in names)
    assert any(".damaged-" in path.name for path in tmp_path.iterdir())
    assert library.problem is not None


def _hand(size: int, bids: list[int], taken: list[int]) -> dict[str, Any]:
    return {"size": size, "bids": bids, "taken": taken}


KNOWN = [
    summary_from(record)
    for record in [
        {
            "variant": "oh-hell",
            "players": [{"name": "Ann"}, {"name": "Bo"}, {"name": "Cy"}],
            "winners": [0],
            "totals": [42, 17, 30],
            "hands": [_hand(3, [1, 0, 1], [1, 1, 1]), _hand(2, [0, 2, 0], [0, 1, 1])],
        },
        {
            "variant": "blob",
            "players": [{"name": "Cy"}, {"name": "Ann"}, {"name": "Di"}],
            "winners": [0, 2],
            "totals": [20, 11, 20],
            "hands": [_hand(1, [0, 0, 1], [0, 0, 1])],
        },
    ]
]


def test_statistics_from_a_known_set_of_records() -> None:
    table = tally(KNOWN, [0, 1])
    ann, cy = table["Ann"], table["Cy"]
    assert (ann.games, ann.wins, ann.points, ann.best) == (2, 1, 53, 42)
    assert ann.average_score == 26.5
    assert (ann.bids.made, ann.bids.count) == (3, 3)
    assert ann.by_size[3].made == 1 and ann.by_bid[0].count == 2
    assert (cy.wins, cy.bids.made, cy.bids.count, cy.over_under) == (1, 2, 3, 1)
    assert cy.by_size[2].made == 0 and cy.by_bid[0].made == 1
    assert cy.variants["blob"].wins == 1 and cy.variants["oh-hell"].points == 30
    assert table["Bo"].average_over_under == 0.0 and table["Bo"].missed_by == 2
    assert table["Di"].take_back_games == 1 and ann.take_back_games == 1
    assert _plain(merged_tables(tally(KNOWN[:1]), tally(KNOWN[1:], [1]))) == _plain(table)


def test_statistics_export_as_csv() -> None:
    table = tally(KNOWN)
    table["=cmd()"] = PlayerStats(games=1)
    rows = list(csv.reader(io.StringIO(to_csv(table))))
    assert rows[0][:4] == ["player", "scope", "games", "wins"]
    overall = {row[0]: row for row in rows if row[1] == "overall"}
    assert overall["Ann"][2:5] == ["2", "1", "26.5000"]
    assert ["Ann", "hand_size:3", "", "", "", "", "1", "1", "1.0000", "", ""] in rows
    assert "'=cmd()" in overall


def _plain(table: dict[str, PlayerStats]) -> dict[str, Any]:
    import msgspec

    return {name: msgspec.to_builtins(stats) for name, stats in table.items()}


def test_bench_history_prints_figures(capsys: Any) -> None:
    from game.cli import run

    assert run(["bench", "history", "--games", "3", "--runs", "1"]) == 0
    out = capsys.readouterr().out
    for label in ("keep a game", "open a replay", "statistics, cold", "statistics, warm"):
        assert label in out
