"""Statistics by variant and by opponent level; a computer's name is counted per level."""

from __future__ import annotations

import json
from pathlib import Path

from game.play.library import Library
from game.play.stats import StatsFile, tally, tally_by_variant, variant_key
from game.play.summary import GameSummary
from game.ui.app import App
from game.ui.kit import routes
from game.ui.stats.scene import StatsScene, display_name, figures
from tests.kept import summary_from


def record(variant: str, hands: int, kinds: tuple[str, ...], totals: list[int]) -> GameSummary:
    names = ("Ann", "Ada", "Bo")
    players = [{"name": name, "kind": kind} for name, kind in zip(names, kinds, strict=True)]
    hand = {"size": 1, "bids": [1, 0, 0], "taken": [1, 0, 0], "totals": [0, 0, 0]}
    return summary_from(
        {
            "variant": variant,
            "players": players,
            "winners": [totals.index(max(totals))],
            "totals": totals,
            "hands": [hand] * hands,
        }
    )


LONG = record("oh-hell", 19, ("human", "easy", "easy"), [120, 80, 60])
SHORT = record("custom", 3, ("human", "hard", "hard"), [12, 30, 20])


def test_a_long_game_and_a_short_custom_one_are_never_averaged_together() -> None:
    assert (variant_key(LONG), variant_key(SHORT)) == ("oh-hell", "custom:3")
    ann = tally([LONG, SHORT])["Ann"]
    assert ann.variants["oh-hell"].points == 120 and ann.variants["custom:3"].points == 12
    words = dict(figures(ann, mixed=True))
    assert words["Average score"] == "—"  # not (120 + 12) / 2
    by_variant = tally_by_variant([LONG, SHORT])
    assert by_variant["oh-hell"]["Ann"].average_score == 120.0
    assert by_variant["custom:3"]["Ann"].average_score == 12.0


def test_one_computer_name_at_two_levels_is_two_players() -> None:
    table = tally([LONG, SHORT])
    assert {"Ada [easy]", "Ada [hard]"} <= set(table) and "Ada" not in table
    assert display_name("Ada [hard]") == "Ada (Hard)" and display_name("Ann") == "Ann"


def test_a_persons_games_are_counted_by_the_level_played_against() -> None:
    mixed = record("oh-hell", 19, ("human", "easy", "hard"), [50, 40, 30])
    people = record("oh-hell", 19, ("human", "human", "human"), [5, 4, 3])
    ann = tally([LONG, SHORT, mixed, people])["Ann"]
    assert {key: games.games for key, games in ann.opponents.items()} == {
        "easy": 1,
        "hard": 1,
        "mixed": 1,
        "people": 1,
    }
    assert tally([LONG])["Ada [easy]"].opponents == {}  # computers are not counted so


def test_the_statistics_file_keeps_variants_and_reads_an_older_one(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    old = {"format": "ohhell-stats", "version": 1, "retired": {"Ann": {"games": 4}}}
    path.write_text(json.dumps(old))
    stats = StatsFile(path)
    assert stats.read()["Ann"].games == 4 and stats.read_by_variant() == {}
    stats.retire(SHORT)
    assert stats.read()["Ann"].games == 5
    assert stats.read_by_variant()["custom:3"]["Ann"].games == 1
    assert json.loads(path.read_text())["version"] == 2


def test_a_file_of_another_format_is_set_aside_not_counted(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    other = {"format": "ohhell-kept-game", "version": 1, "retired": {"Ann": {"games": 4}}}
    path.write_text(json.dumps(other))
    stats = StatsFile(path)
    assert stats.read() == {}
    assert stats.problem is not None and "set aside" in stats.problem
    assert not path.exists() and len(list(tmp_path.iterdir())) == 1


def test_the_statistics_screen_filters_by_variant(app: App) -> None:
    library = Library.of_user()
    for game in (LONG, SHORT):
        library.stats_file.retire(game)
    app.open(routes.Statistics())
    scene = app.top
    assert isinstance(scene, StatsScene)
    assert set(scene.variant_buttons) == {"", "oh-hell", "custom:3"}
    scene.show_variant("custom:3")
    assert scene.table["Ann"].games == 1 and "Ada [hard]" in scene.names
    assert "Ada [easy]" not in scene.names
    app.frame(1 / 60)
