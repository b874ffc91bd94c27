"""A custom game keeps every rule of its preset that the player did not change, and a
preset is played only by the player counts it names, whatever else was changed."""

from __future__ import annotations

import dataclasses

import pytest

from game.play.setup import NewGameSetup, RulesDraft
from game.rules.presets import PRESET_LIST, PRESETS, Preset
from game.rules.reasons import Conflict
from game.rules.ruleset import MAX_PLAYERS, MIN_PLAYERS, RuleSet, TrickPoints
from tests.refusals import rules_refused


def test_nomination_whist_at_eight_stays_refused_after_another_change() -> None:
    """The reproduction: Nomination Whist for 4, then 8 players (refused, in the preset's
    words), then a largest hand of 6 (once accepted with no hook and a random dealer)."""
    setup = NewGameSetup("You")
    setup.choose_preset("nomination-whist")
    setup.set_count(4)
    assert setup.problem is None
    setup.set_count(8)
    assert setup.problem == "Nomination Whist is for 3 to 7 players, not 8."
    assert setup.culprits == {"players"}
    setup.set_rule("largest_hand", 6)
    assert setup.rules is None and setup.problem == "Nomination Whist is for 3 to 7 players, not 8."
    assert setup.culprits == {"players"} and setup.deal() is None
    setup.set_count(4)
    preset = PRESETS["nomination-whist"].rules(4)
    assert setup.rules == dataclasses.replace(preset, largest_hand=6)


@pytest.mark.parametrize("preset", PRESET_LIST, ids=lambda preset: preset.id)
def test_no_preset_is_played_outside_its_player_counts(preset: Preset) -> None:
    """Oh Hell at 8 with a largest hand of 6, Oh! Well at 8 with the hook, Up and Down the
    River at 3 with La Podrida... each refused, naming the preset's range."""
    changes = {"largest_hand": 6, "hook": True, "must_trump": True, "max_hands": 3}
    for count in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        if count in preset.player_range:
            continue
        for name, value in changes.items():
            draft = RulesDraft(preset, count)
            draft.change(name, value)
            rules, problem, culprits = draft.check()
            assert rules is None and culprits == {"players"}, (count, name)
            assert (
                problem is not None and f"{preset.min_players} to {preset.max_players}" in problem
            )


@pytest.mark.parametrize("preset", PRESET_LIST, ids=lambda preset: preset.id)
def test_a_change_keeps_every_other_rule_of_the_preset(preset: Preset) -> None:
    for count in preset.player_range:
        base = preset.rules(count)
        draft = RulesDraft(preset, count)
        draft.change("max_hands", 2)
        rules, problem, _ = draft.check()
        assert problem is None and rules == dataclasses.replace(base, max_hands=2)


def test_a_preset_outside_its_range_still_shows_its_own_rules() -> None:
    draft = RulesDraft(PRESETS["nomination-whist"], 8)
    shown = draft.values()
    preset = PRESETS["nomination-whist"].rules(7)
    assert shown["hook"] == preset.hook and shown["first_dealer"] == preset.first_dealer
    assert shown["largest_hand"] == preset.largest_hand


def test_scoring_that_gives_no_points_is_refused_with_or_without_a_target() -> None:
    for target in (None, 100):
        with rules_refused(Conflict.NO_POINTS):
            RuleSet(players=4, trick_points=TrickPoints.NEVER, exact_bonus=0, target_score=target)
    RuleSet(players=4, trick_points=TrickPoints.NEVER, exact_bonus=1)


def test_a_remembered_custom_game_comes_back_as_a_preset_that_seats_its_players() -> None:
    for preset in PRESET_LIST:
        for count in (preset.min_players, preset.max_players):
            rules = dataclasses.replace(preset.rules(count), max_hands=2)
            draft = RulesDraft.from_rules(rules)
            assert count in draft.preset.player_range
            assert draft.check()[0] == rules
