"""Golden playthroughs: seeded games stored as files and replayed exactly.

If a change to the engine alters these on purpose, regenerate them with
``OHHELL_REGENERATE_GOLDEN=1 uv run pytest tests/test_golden.py`` and review
the diff of ``tests/golden/`` like any other change.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.ai import RandomAgent, play_match
from game.rules import PRESETS, Player, to_record
from game.saves import read_record

GOLDEN = Path(__file__).with_name("golden")
GAMES = [
    ("oh-hell", 4, 2026),
    ("nomination-whist", 5, 7),
    ("oh-well", 3, 100),
    ("oh-pshaw", 4, 31),
    ("up-and-down-the-river", 8, 8),
]


def play(variant: str, players: int, seed: int) -> dict[str, object]:
    rules = PRESETS[variant].rules(players)
    match = play_match(rules, seed, [RandomAgent(seed * 10 + s) for s in range(players)])
    return to_record(match, [Player(f"Player {s + 1}", "random") for s in range(players)]).to_json()


@pytest.mark.parametrize(("variant", "players", "seed"), GAMES)
def test_golden_playthrough(variant: str, players: int, seed: int) -> None:
    path = GOLDEN / f"{variant}-{players}p-seed{seed}.json"
    record = play(variant, players, seed)
    if os.environ.get("OHHELL_REGENERATE_GOLDEN"):
        path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    stored = json.loads(path.read_text(encoding="utf-8"))
    assert record == stored
    match, _ = read_record(json.dumps(stored))
    assert list(match.scores) == stored["totals"]
