"""Rule sets: impossible combinations are refused with a message naming the
conflict; every rule survives JSON."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.i18n.reasons import error_words
from game.rules import (
    PRESET_LIST,
    PRESETS,
    HandSequence,
    Preset,
    RecordError,
    RuleSet,
    Settlement,
    TrickPoints,
    TrumpMethod,
    get_preset,
    preset_for,
)
from tests.refusals import rules_refused


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"hook": True, "simultaneous_bidding": True}, "hook needs bidding in turn"),
        ({"players": 6, "largest_hand": 10}, "60 cards, but the pack has 52. At most 8"),
        ({"players": 4, "largest_hand": 13}, "none is left to turn for trumps"),
        ({"players": 2}, "3 to 8 players, not 2"),
        ({"players": 9}, "3 to 8 players, not 9"),
        ({"sequence": HandSequence.CONSTANT}, "needs a number of hands or a target"),
        ({"largest_hand": 0}, "at least one card"),
        ({"trump": TrumpMethod.NONE, "must_trump": True}, "La Podrida"),
        ({"trump": TrumpMethod.NONE, "no_trump_last_hand": True}, "no trumps at all"),
        ({"trump": TrumpMethod.DEALERS_LAST_CARD, "no_trump_when_exhausted": True}, "cannot apply"),
        ({"target_score": 50, "exact_bonus": 0, "trick_points": TrickPoints.NEVER}, "never be"),
        ({"settlement": Settlement.POOL, "stake": 0}, "stake of at least one"),
        ({"strip_pack": True, "players": 5, "largest_hand": 11}, "the stripped pack has 50"),
    ],
)
def test_impossible_combinations_are_refused(options: dict[str, Any], message: str) -> None:
    # ``Any``: well-typed keyword arguments of RuleSet, each field of its own type.
    with rules_refused(message):
        RuleSet(**options)


def test_preset_refuses_unsupported_player_count() -> None:
    with rules_refused("Up and Down the River is for 4 to 8 players, not 3"):
        PRESETS["up-and-down-the-river"].rules(3)
    with rules_refused("Oh Hell is for 3 to 7 players, not 8"):
        PRESETS["oh-hell"].rules(8)


def test_unknown_preset_lists_the_ids() -> None:
    with rules_refused("oh-well, nomination-whist"):
        get_preset("whist")


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
    ("options", "message"),
    [
        ({"largest_hand": 10**9}, "at most 52 cards"),
        ({"sequence": HandSequence.CONSTANT, "max_hands": 10**10}, "at most 1000 hands"),
        ({"target_score": 10**9}, "at most 100000 points"),
        ({"exact_bonus": 10**12}, "Bonuses can be at most"),
        ({"settlement": Settlement.POOL, "stake": 10**8}, "stake can be at most"),
        ({"players": True}, "players, not True"),
        ({"players": 4.0}, "players, not 4.0"),
        ({"hook": 1}, "'hook' cannot be 1"),
        ({"largest_hand": 2.5}, "'largest_hand' cannot be 2.5"),
        ({"trump": "next-card"}, "'trump' cannot be 'next-card'"),
    ],
)
def test_out_of_range_or_wrongly_typed_rules_are_refused(
    options: dict[str, object], message: str
) -> None:
    with rules_refused(message):
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
