"""Random-simulation conformance: every preset, every player count, many seeds,
plus custom rule sets drawn by hypothesis. Every finished game's record is
checked by the independent referee in ``record_checker`` and loads back to
the same record."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai import RandomAgent, play_match
from game.rules import (
    PRESET_LIST,
    Player,
    Preset,
    RuleSet,
    from_record,
    to_record,
)
from game.rules.reasons import Conflict
from tests.record_checker import check_record
from tests.refusals import rules_refused
from tests.strategies import valid_rule_sets

SEEDS = range(16)
CASES = [(preset, players) for preset in PRESET_LIST for players in preset.player_range]


def play_and_check(rules: RuleSet, seed: int) -> dict[str, Any]:
    agents = [RandomAgent(seed * 31 + seat) for seat in range(rules.players)]
    match = play_match(rules, seed, agents)
    players = [Player(f"P{seat}", "random") for seat in range(rules.players)]
    record = to_record(match, players)
    check_record(record.to_json())
    reloaded, _ = from_record(record)
    assert to_record(reloaded, players) == record
    return record.to_json()


@pytest.mark.parametrize(("preset", "players"), CASES, ids=lambda v: getattr(v, "id", str(v)))
def test_every_preset_and_player_count(preset: Preset, players: int) -> None:
    rules = preset.rules(players)
    for seed in SEEDS:
        record = play_and_check(rules, seed)
        assert record["variant"] == preset.id


def test_seeds_give_different_deals() -> None:
    rules = PRESET_LIST[0].rules(4)
    first = [play_and_check(rules, seed)["hands"][0]["cards"] for seed in (1, 2)]
    assert first[0] != first[1]


@pytest.mark.slow  # every preset at every table size is the quick run's
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(rules=valid_rule_sets(), seed=st.integers(0, 10_000))
def test_custom_rule_sets(rules: RuleSet, seed: int) -> None:
    record = play_and_check(rules, seed)
    assert record["variant"] in {"custom"} | {p.id for p in PRESET_LIST}


def test_replace_revalidates() -> None:
    rules = PRESET_LIST[0].rules(4)
    with rules_refused(Conflict.HOOK_NEEDS_TURNS, options=("hook", "simultaneous_bidding")):
        dataclasses.replace(rules, hook=True, simultaneous_bidding=True)
