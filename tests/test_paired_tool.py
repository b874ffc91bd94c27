"""tools/paired.py, the paired measurement of issue 30: it plays the tournament's very
games, pairs two variants on the deals both played, and refuses kept games it cannot read."""

from __future__ import annotations

import json
import types
from pathlib import Path

import pytest

from game.bench import tournament
from game.rules.phase import Phase
from tests.test_lookahead import one_hand
from tests.tool_module import load_tool


@pytest.fixture(scope="module")
def paired() -> types.ModuleType:
    return load_tool("paired.py")


@pytest.mark.slow  # a whole small tournament
def test_a_level_plays_the_tournaments_games(paired: types.ModuleType) -> None:
    games = paired.play_all(["hard"], 4, 3, 2, 1, 1)
    rules = paired.single_hand_rules(4, 3)
    tasks = tournament.tasks_for(rules, ["hard", "ismcts", "ismcts", "ismcts"], 2, 1, True)
    outcomes = tournament.run_tasks(tasks, 1)
    assert [(g.deal, g.rotation) for g in games] == [(t.seed, t.rotation) for t in tasks]
    assert [g.scores for g in games] == [o.scores for o in outcomes]
    assert [o.levels[g.seat] for g, o in zip(games, outcomes, strict=True)] == ["hard"] * 8
    _stats, pairs = tournament.summarize(outcomes)
    edge = paired.edges(games)["hard"]
    low, high, estimate = pairs[0]
    assert (low, high) == ("hard", "ismcts")
    mean = sum(row[0] for row in edge.values()) / len(edge)
    assert mean == pytest.approx(estimate.mean)


def _game(paired: types.ModuleType, variant: str, deal: int, seat: int, own: int) -> object:
    scores = [5, 5, 5, 5]
    scores[seat] = own
    return paired.Game(
        variant, 4, 3, deal, (4 - seat) % 4, seat, tuple(scores), (True,) * 4, 3, 0.3
    )


def test_variants_are_paired_on_the_deals_both_played(paired: types.ModuleType) -> None:
    games = [
        _game(paired, "expert", 1, 0, 9),
        _game(paired, "expert", 2, 0, 1),
        _game(paired, "hard", 2, 0, 3),
        _game(paired, "hard", 3, 0, 20),
    ]
    edges = paired.edges(games)
    assert edges["expert"] == {1: (4.0, 1.0, 1.0), 2: (-4.0, 1.0, 1.0)}
    text = paired.report(games)
    assert "expert - hard: -2.00" in text  # deal 2 alone: -4 - (-2)
    assert "over 1 deals" in text
    assert "0.100" in text  # seconds a decision: 0.3 s over 3 decisions


def test_kept_games_read_back_and_bad_lines_are_refused(
    paired: types.ModuleType, tmp_path: Path
) -> None:
    kept = tmp_path / "games.jsonl"
    games = [_game(paired, "expert", 1, 2, 9)]
    paired.write(str(kept), games)
    assert paired.read([str(kept)]) == games
    line = json.loads(kept.read_text())
    for bad in ({**line, "variant": "oracle"}, {**line, "seat": 7}, {**line, "extra": 1}, [1]):
        broken = tmp_path / "broken.jsonl"
        broken.write_text(json.dumps(bad) + "\n")
        with pytest.raises(ValueError):
            paired.read([str(broken)])
    assert paired.main(["--records", str(tmp_path / "missing.jsonl")]) == 2


def test_variants_can_meet_another_level(paired: types.ModuleType, tmp_path: Path) -> None:
    """``--against medium``: medium in the other seats, named in the kept games."""
    games = paired.play_all(["medium-learned"], 4, 3, 2, 1, 1, "medium")
    assert {game.variant for game in games} == {"medium-learned@medium"}
    kept = tmp_path / "games.jsonl"
    paired.write(str(kept), games)
    assert paired.read([str(kept)]) == games
    assert "medium-learned@medium" in paired.report(games)
    with pytest.raises(SystemExit):
        paired.main(["--against", "oracle", "--deals", "1"])


def test_a_candidate_model_plays_under_its_label(
    paired: types.ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--weights FILE --label NAME``: the learned variants bid from FILE (the
    game's own lookup finds it) and their games are kept as ``VARIANT#NAME``."""
    from game.ai.trickmodel import MODEL_VARIABLE, shipped_model
    from tests.models import random_model, write_model

    monkeypatch.setenv(MODEL_VARIABLE, "")
    candidate, kept = tmp_path / "candidate.json", tmp_path / "games.jsonl"
    write_model(random_model(5), candidate)
    try:
        args = ["--variants", "medium-learned", "--against", "medium", "--hand-size", "3"]
        args += ["--deals", "1", "--jobs", "1", "--out", str(kept)]
        assert paired.main([*args, "--weights", str(candidate), "--label", "r2"]) == 0
        model = shipped_model()
        assert model is not None and model.header["rule_space"] == "tests"
    finally:
        shipped_model.cache_clear()
    games = paired.read([str(kept)])
    assert {game.variant for game in games} == {"medium-learned#r2@medium"}
    assert "medium-learned#r2@medium" in paired.report(games)
    with pytest.raises(SystemExit):
        paired.main(["--weights", str(candidate), "--deals", "1"])
    assert paired.main([*args, "--weights", str(tmp_path / "none.json"), "--label", "x"]) == 2


def test_whole_games_keep_the_share_of_bids_made(paired: types.ModuleType, tmp_path: Path) -> None:
    """``--hand-size 0``: whole oh-hell games, each seat's share of bids made over
    its hands; kept games of different hand sizes are not pooled."""
    games = paired.play_all(["medium"], 3, 0, 1, 1, 1, "easy")
    assert [game.hand_size for game in games] == [0, 0, 0]
    assert all(0 <= share <= 1 for game in games for share in game.made)
    assert any(0 < share < 1 for game in games for share in game.made)
    assert all(max(game.scores) > 20 for game in games)  # many hands, not one
    kept = tmp_path / "games.jsonl"
    paired.write(str(kept), games)
    assert paired.read([str(kept)]) == games
    assert "edge a game" in paired.report(games)
    paired.write(str(kept), [_game(paired, "medium", 1, 0, 9)])
    with pytest.raises(ValueError, match="different games"):
        paired.read([str(kept)])


def test_another_presets_games_are_kept_apart(paired: types.ModuleType, tmp_path: Path) -> None:
    """``--preset blob``: the hand is played under blob's rules (exact bids only), the
    preset is kept with each game, records kept before it read as oh-hell, and the two
    are not pooled."""
    rules = paired.single_hand_rules(4, 3, "blob")
    assert rules.largest_hand == 3 and rules.max_hands == 1
    assert rules.trick_points != paired.single_hand_rules(4, 3).trick_points
    games = paired.play_all(["medium"], 4, 3, 1, 1, 1, "easy", "", "blob")
    assert {game.preset for game in games} == {"blob"}
    kept = tmp_path / "games.jsonl"
    paired.write(str(kept), games)
    assert paired.read([str(kept)]) == games
    older = json.loads(json.dumps(_game(paired, "medium", 1, 0, 9).__dict__))
    del older["preset"]
    old = tmp_path / "old.jsonl"
    old.write_text(json.dumps(older) + "\n", encoding="utf-8")
    assert [game.preset for game in paired.read([str(old)])] == ["oh-hell"]
    with pytest.raises(ValueError, match="different games"):
        paired.read([str(kept), str(old)])
    for hostile in ("no-such-rules", ["blob"], {"id": "blob"}, 7):
        older["preset"] = hostile
        old.write_text(json.dumps(older) + "\n", encoding="utf-8")
        with pytest.raises(ValueError, match="unknown preset"):
            paired.read([str(old)])


def test_a_split_variant_bids_as_one_player_and_plays_as_another(
    paired: types.ModuleType,
) -> None:
    """``lookahead-tree-bid``: the tree search's bid, the look-ahead's cards."""
    split = paired.VARIANTS["lookahead-tree-bid"]
    tree, lookahead = paired.VARIANTS["tree"], paired.VARIANTS["lookahead"]
    match = one_hand("oh-hell", 4, 2, 3)
    match.advance_until_decision()
    seen = set()
    while match.phase in (Phase.BIDDING, Phase.PLAYING):
        view = match.view(match.awaiting[0])
        source = tree if match.phase is Phase.BIDDING else lookahead
        action = split(5).choose(view)
        assert action == source(5).choose(view)
        seen.add(match.phase)
        match.apply(action)
        match.advance_until_decision()
    assert seen == {Phase.BIDDING, Phase.PLAYING}
