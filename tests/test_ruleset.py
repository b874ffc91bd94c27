"""Rule sets: impossible combinations are refused, the conflict and its facts given as
data; every rule survives JSON."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.i18n.reasons import error_words, rules_words
from game.rules import (
    PRESET_LIST,
    PRESETS,
    HandSequence,
    Preset,
    RecordError,
    RulesError,
    RuleSet,
    Settlement,
    TrickPoints,
    TrumpMethod,
    get_preset,
    preset_for,
)
from game.rules.reasons import Conflict, RuleProblem
from tests.refusals import rules_refused

C = Conflict


@pytest.mark.parametrize(
    ("options", "conflict", "facts"),
    [
        ({"hook": True, "simultaneous_bidding": True}, C.HOOK_NEEDS_TURNS, {}),
        ({"players": 6, "largest_hand": 10}, C.PACK_TOO_SMALL, {"needed": 60, "high": 8}),
        ({"players": 4, "largest_hand": 13}, C.NO_CARD_TO_TURN, {"needed": 52, "pack": 52}),
        ({"players": 2}, C.PLAYERS, {"low": 3, "high": 8, "value": "2"}),
        ({"players": 9}, C.PLAYERS, {"low": 3, "high": 8, "value": "9"}),
        ({"sequence": HandSequence.CONSTANT}, C.NO_END, {}),
        ({"largest_hand": 0}, C.LARGEST_TOO_SMALL, {"low": 1}),
        ({"trump": TrumpMethod.NONE, "must_trump": True}, C.MUST_TRUMP_WITHOUT_TRUMPS, {}),
        (
            {"trump": TrumpMethod.NONE, "no_trump_last_hand": True},
            C.NO_TRUMP_OPTIONS_WITHOUT_TRUMPS,
            {},
        ),
        (
            {"trump": TrumpMethod.DEALERS_LAST_CARD, "no_trump_when_exhausted": True},
            C.EXHAUSTED_WITH_LAST_CARD,
            {},
        ),
        (
            {"target_score": 50, "exact_bonus": 0, "trick_points": TrickPoints.NEVER},
            C.NO_POINTS,
            {},
        ),
        ({"settlement": Settlement.POOL, "stake": 0}, C.STAKE_TOO_SMALL, {"low": 1}),
        (
            {"strip_pack": True, "players": 5, "largest_hand": 11},
            C.PACK_TOO_SMALL,
            {"pack": 50, "stripped": True},
        ),
    ],
)
def test_impossible_combinations_are_refused(
    options: dict[str, Any], conflict: Conflict, facts: dict[str, object]
) -> None:
    # ``Any``: well-typed keyword arguments of RuleSet, each field of its own type.
    with rules_refused(conflict, **facts):
        RuleSet(**options)


def test_preset_refuses_unsupported_player_count() -> None:
    with rules_refused(C.PRESET_PLAYERS, name="up-and-down-the-river", players=3, low=4, high=8):
        PRESETS["up-and-down-the-river"].rules(3)
    with rules_refused(C.PRESET_PLAYERS, name="oh-hell", players=8, low=3, high=7):
        PRESETS["oh-hell"].rules(8)


def test_unknown_preset_lists_the_ids() -> None:
    with pytest.raises(RulesError) as caught:
        get_preset("whist")
    assert caught.value.problem == RuleProblem(C.UNKNOWN_PRESET, value="whist")
    assert "oh-well, nomination-whist" in rules_words(caught.value.problem)


@pytest.mark.parametrize("preset", PRESET_LIST, ids=lambda p: p.id)
def test_every_preset_round_trips_through_json(preset: Preset) -> None:
    for players in preset.player_range:
        rules = preset.rules(players)
        text = json.dumps(rules.to_dict())
        again = RuleSet.from_dict(json.loads(text))
        assert again == rules
        assert preset_for(again) is preset


def test_up_and_down_the_river_caps_by_the_pack() -> None:
    tops = {n: PRESETS["up-and-down-the-river"].rules(n).largest for n in range(4, 9)}
    assert tops == {4: 10, 5: 10, 6: 8, 7: 7, 8: 6}


def test_as_many_as_the_pack_allows() -> None:
    assert RuleSet(players=4, sequence=HandSequence.ASCENDING, largest_hand=None).largest == 12
    assert (
        RuleSet(
            players=4,
            sequence=HandSequence.ASCENDING,
            largest_hand=None,
            no_trump_when_exhausted=True,
        ).largest
        == 13
    )
    stripped = RuleSet(
        players=5,
        sequence=HandSequence.CONSTANT,
        largest_hand=None,
        max_hands=3,
        strip_pack=True,
        trump=TrumpMethod.DEALERS_LAST_CARD,
    )
    assert stripped.hand_sizes == (10, 10, 10) and stripped.stripped == 2


@pytest.mark.parametrize(
    ("data", "where"),
    [
        ({"players": "four"}, "rules.players"),
        ({"hook": "yes"}, "rules.hook"),
        ({"trump": "sideways"}, "rules.trump"),
        ({"colour": "red"}, "rules.colour"),
        ({"hook": True, "simultaneous_bidding": True}, "rules: The dealer's hook"),
        ([], "rules: expected an object"),
    ],
)
def test_bad_rules_json_says_where(data: object, where: str) -> None:
    with pytest.raises(RecordError) as caught:
        RuleSet.from_dict(data)
    assert error_words(caught.value).startswith(where)


@pytest.mark.parametrize(
    ("options", "conflict", "facts"),
    [
        ({"largest_hand": 10**9}, C.LARGEST_TOO_BIG, {"high": 52}),
        (
            {"sequence": HandSequence.CONSTANT, "max_hands": 10**10},
            C.HANDS_TOO_MANY,
            {"high": 1000},
        ),
        ({"target_score": 10**9}, C.TARGET_TOO_BIG, {"high": 100000}),
        ({"exact_bonus": 10**12}, C.BONUS_TOO_BIG, {"high": 100000}),
        ({"settlement": Settlement.POOL, "stake": 10**8}, C.STAKE_TOO_BIG, {"high": 100000}),
        ({"players": True}, C.PLAYERS, {"value": "True"}),
        ({"players": 4.0}, C.PLAYERS, {"value": "4.0"}),
        ({"hook": 1}, C.WRONG_TYPE, {"name": "hook", "value": "1"}),
        ({"largest_hand": 2.5}, C.WRONG_TYPE, {"name": "largest_hand", "value": "2.5"}),
        ({"trump": "next-card"}, C.WRONG_TYPE, {"name": "trump", "value": "'next-card'"}),
    ],
)
def test_out_of_range_or_wrongly_typed_rules_are_refused(
    options: dict[str, object], conflict: Conflict, facts: dict[str, object]
) -> None:
    with rules_refused(conflict, **facts):
        RuleSet(**options)  # type: ignore[arg-type]  # some are wrongly typed on purpose


def test_a_game_only_a_target_ends_stops_at_what_a_record_holds() -> None:
    """Constant one-card hands, a target of 1000, one point for a made bid and none a
    trick: a target nobody may reach. The game ends at hand 1000, and its record reads
    back (issue 35, item 6)."""
    import random

    from game.rules.match import Match
    from game.rules.phase import Phase
    from game.rules.record import Player, dumps, to_record
    from game.rules.ruleset import MAX_HANDS, HandSequence, TrickPoints
    from game.saves import read_record

    rules = RuleSet(
        players=3,
        sequence=HandSequence.CONSTANT,
        largest_hand=1,
        target_score=1000,
        exact_bonus=1,
        trick_points=TrickPoints.NEVER,
    )
    assert rules.hand_count() is None and rules.is_last_hand(MAX_HANDS)
    match, chooser = Match(rules, 5), random.Random(5)
    while match.phase is not Phase.GAME_OVER:
        match.advance_until_decision()
        legal = match.legal_actions()
        if legal:
            match.apply(legal[chooser.randrange(len(legal))])
    assert len(match.results) == MAX_HANDS and max(match.scores) < 1000
    players = [Player("Ann"), Player("Bo", "easy"), Player("Cy", "easy")]
    loaded, _ = read_record(dumps(to_record(match, players)))
    assert loaded.phase is Phase.GAME_OVER and loaded.scores == match.scores
    assert isinstance(match.results, tuple)
