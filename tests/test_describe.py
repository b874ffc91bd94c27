"""The rules in plain words say what the engine plays: the hand sizes, how many hands,
when trumps are missing, how the game ends. Whole games are played with random legal
actions and compared with the text, for every preset and for generated rule sets."""

from __future__ import annotations

import dataclasses
import itertools
import random
import re
from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.i18n.describe import describe
from game.rules.events import GameOver, HandDealt, NoTrump, TrumpTurned
from game.rules.match import Match
from game.rules.presets import PRESET_LIST, PRESETS, Preset
from game.rules.reasons import NoTrumpReason
from game.rules.ruleset import RuleSet, TrumpMethod
from tests.strategies import valid_rule_sets

MOST_HANDS = 60
"""Games longer than this (a far target) are checked on their first hands only."""


@dataclass
class Played:
    """What the engine dealt and how the game ended."""

    sizes: list[int] = field(default_factory=list)
    no_trump: dict[int, NoTrumpReason] = field(default_factory=dict)
    """Hand number: why it had no trumps."""
    over: bool = False


def play(rules: RuleSet, seed: int) -> Played:
    match, rng, played = Match(rules, seed), random.Random(seed), Played()
    while not played.over and len(played.sizes) <= MOST_HANDS:
        if match.phase.automatic:
            events = match.advance()
        else:
            events = match.apply(rng.choice(match.legal_actions()))
        for event in events:
            if isinstance(event, HandDealt):
                played.sizes.append(event.size)
            elif isinstance(event, NoTrump):
                played.no_trump[len(played.sizes)] = event.reason
            elif isinstance(event, TrumpTurned):
                assert rules.trump is not TrumpMethod.NONE
            elif isinstance(event, GameOver):
                played.over = True
    return played


def check_words(rules: RuleSet, played: Played) -> None:
    words = dict(describe(rules))
    hands = words["Hands"]
    first = re.match(r"(\d+) cards? each", hands)
    assert first and int(first.group(1)) == played.sizes[0], (hands, played.sizes[:3])
    ends = [int(n) for n in re.findall(r"(?:up|down) to (\d+)", hands)]
    count = re.search(r": (\d+) hands?\.", hands)
    if rules.unbounded:
        assert count is None and ends == [] and "every hand" in hands, hands
        assert set(played.sizes) == {played.sizes[0]}
        check_trumps_and_end(rules, played, words)
        return
    assert count is not None, hands
    said = int(count.group(1))
    if played.over and rules.target_score is None:
        assert len(played.sizes) == said, (hands, played.sizes)
    assert len(played.sizes) <= said
    turns = turning_points(played.sizes)
    if played.over and len(played.sizes) == said:  # the whole schedule was played
        assert ends == turns, (hands, played.sizes)
    else:  # stopped early (a target, or a long game cut here): the turns seen so far
        assert ends[: max(len(turns) - 1, 0)] == turns[:-1], (hands, played.sizes)
    whole = played.over and len(played.sizes) == said
    if whole and rules.largest_hand is None and "the most the pack deals" in hands:
        most = max(played.sizes) + 1
        assert most * rules.players > rules.pack_size or rules.trump is TrumpMethod.NEXT_CARD
    check_trumps_and_end(rules, played, words)


def turning_points(sizes: list[int]) -> list[int]:
    """The size each run of rising or falling hands ends on (none while sizes stay put)."""
    ends: list[int] = []
    step = 0
    for before, after in itertools.pairwise(sizes):
        now = (after > before) - (after < before)
        if now and now == step:
            ends[-1] = after
        elif now:
            ends.append(after)
        step = now
    return ends


def check_trumps_and_end(rules: RuleSet, played: Played, words: dict[str, str]) -> None:
    trumps, end = words["Trumps"], words["End of the game"]
    # trumps
    if rules.trump is TrumpMethod.NONE:
        assert "without trumps" in trumps and set(played.no_trump.values()) <= {
            NoTrumpReason.NO_TRUMPS
        }
        assert "trump" not in words["Play"].replace("trumps", "")
    for reason in set(played.no_trump.values()):
        phrase = {
            NoTrumpReason.NO_TRUMPS: "without trumps",
            NoTrumpReason.LAST_HAND: "last hand is always played at no trump",
            NoTrumpReason.PACK_EXHAUSTED: "every card has been dealt",
        }[reason]
        assert phrase in trumps, (reason, trumps)
    whole = played.over and len(played.sizes) == rules.hand_count()
    if "last hand is always played at no trump" in trumps and whole:
        assert played.no_trump.get(len(played.sizes)) is NoTrumpReason.LAST_HAND
    # the end
    if rules.target_score is not None:
        assert f"{rules.target_score} points" in end
        assert ("after the last hand" in end) == (not rules.unbounded), end
    else:
        assert "after the last hand" in end and "points, " not in end
    if rules.simultaneous_bidding:
        assert "Nobody may pass" in words["Bidding"] and "at any time" not in words["Bidding"]


@pytest.mark.parametrize(
    ("preset", "players"),
    [(preset, players) for preset in PRESET_LIST for players in preset.player_range],
    ids=lambda value: value.id if isinstance(value, Preset) else str(value),
)
def test_every_preset_says_what_it_plays(preset: Preset, players: int) -> None:
    rules = preset.rules(players)
    check_words(rules, play(rules, 7))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(rules=valid_rule_sets(), seed=st.integers(0, 10_000))
def test_generated_rules_say_what_they_play(rules: RuleSet, seed: int) -> None:
    check_words(rules, play(rules, seed))


def test_a_capped_sequence_says_where_it_stops() -> None:
    rules = dataclasses.replace(PRESETS["oh-hell"].rules(4), max_hands=3)
    capped = dict(describe(rules))["Hands"]
    assert capped == "10 cards each in the first hand, one fewer each hand down to 8: 3 hands."
