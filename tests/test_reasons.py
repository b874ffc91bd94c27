"""Every reason the engine gives has words, and the words carry the reason's facts."""

from __future__ import annotations

import random

import pytest

from game.i18n.reasons import error_words, no_trump_words, refusal_words, rules_words
from game.rules.actions import Action, Bid, Play
from game.rules.cards import PACK, Card, Suit
from game.rules.errors import IllegalAction, RecordError, RulesError
from game.rules.match import Match
from game.rules.presets import PRESET_LIST
from game.rules.reasons import Conflict, NoTrumpReason, Refusal, RefusedAction, RuleProblem

QUEEN_OF_HEARTS = Card.parse("QH")


@pytest.mark.parametrize("why", list(Refusal))
def test_every_refusal_has_words(why: Refusal) -> None:
    refused = RefusedAction(why, 1, 3, 7, QUEEN_OF_HEARTS, Suit.SPADES, Suit.CLUBS)
    words = refusal_words(refused)
    assert words.strip() and words[0].isupper() and words.endswith("."), words


@pytest.mark.parametrize("reason", list(NoTrumpReason))
def test_every_no_trump_reason_has_words(reason: NoTrumpReason) -> None:
    assert no_trump_words(reason).endswith(".")


@pytest.mark.parametrize("conflict", list(Conflict))
def test_every_rule_conflict_has_words(conflict: Conflict) -> None:
    problem = RuleProblem(conflict, ("hook",), 9, 11, 55, 52, 3, 8, True, "oh-hell", "7")
    words = rules_words(problem)
    assert words.strip() and "{" not in words and words.endswith("."), words


def test_the_words_carry_the_facts() -> None:
    hook = refusal_words(RefusedAction(Refusal.HOOK, 2, bid=3, tricks=5))
    assert "bid 3" in hook and "5" in hook and "hook" in hook
    follow = refusal_words(RefusedAction(Refusal.MUST_FOLLOW, 0, led=Suit.DIAMONDS))
    assert "diamonds" in follow
    trump = refusal_words(RefusedAction(Refusal.MUST_TRUMP, 0, led=Suit.CLUBS, trump=Suit.HEARTS))
    assert "clubs" in trump and "hearts" in trump
    held = refusal_words(RefusedAction(Refusal.NOT_HELD, 0, card=QUEEN_OF_HEARTS))
    assert "queen of hearts" in held
    problem = RuleProblem(
        Conflict.PRESET_PLAYERS, ("players",), 8, low=3, high=7, name="nomination-whist"
    )
    preset = rules_words(problem)
    assert preset == "Nomination Whist is for 3 to 7 players, not 8."


def test_every_refusal_met_in_play_is_worded_and_data_only() -> None:
    """Random actions, legal and not, at every preset: each refusal the engine gives is
    a ``RefusedAction`` (no words in the engine) that the translated layer words."""
    rng = random.Random(5)
    seen: set[Refusal] = set()
    for preset in PRESET_LIST:
        match = Match(preset.rules(preset.min_players), rng.randrange(1000))
        for _ in range(300):
            if match.phase.automatic:
                match.advance()
                continue
            if not match.legal_actions():
                break
            seat = rng.randrange(-1, match.players + 1)
            wild: list[Action] = [
                Bid.of(seat, rng.randrange(-1, 12)),
                Play.of(seat, rng.choice(PACK)),
            ]
            for action in wild:
                refused = match.refusal(action)
                if refused is not None:
                    seen.add(refused.why)
                    assert refusal_words(refused)
                    with pytest.raises(IllegalAction) as caught:
                        match.apply(action)
                    assert caught.value.refused == refused
                    assert error_words(caught.value) == refusal_words(refused)
            match.apply(rng.choice(match.legal_actions()))
    assert {Refusal.MUST_FOLLOW, Refusal.NOT_HELD, Refusal.NOT_YOUR_PLAY} <= seen


def test_rule_errors_carry_their_problem_and_a_record_keeps_it() -> None:
    from game.rules.ruleset import RuleSet

    with pytest.raises(RulesError) as caught:
        RuleSet(players=4, hook=True, simultaneous_bidding=True)
    problem = caught.value.problem
    assert problem.conflict is Conflict.HOOK_NEEDS_TURNS
    assert set(problem.options) == {"hook", "simultaneous_bidding"}
    with pytest.raises(RecordError) as damaged:
        RuleSet.from_dict({"players": 4, "hook": True, "simultaneous_bidding": True})
    assert damaged.value.rules == problem
    assert error_words(damaged.value) == "rules: " + rules_words(problem)


def test_refusals_cross_to_another_process_with_their_reasons() -> None:
    """A worker's refused rules or action reaches the parent whole (process pools
    send exceptions between processes by pickling them)."""
    import pickle

    from game.rules.ruleset import RuleSet

    with pytest.raises(RulesError) as caught:
        RuleSet(players=4, hook=True, simultaneous_bidding=True)
    copy = pickle.loads(pickle.dumps(caught.value))
    assert isinstance(copy, RulesError) and copy.problem == caught.value.problem
    assert str(copy) == str(caught.value)
    match = Match(RuleSet(players=4), 1)
    while match.phase.automatic:
        match.advance()
    wrong = Bid.of((match.awaiting[0] + 1) % 4, 0)
    with pytest.raises(IllegalAction) as refused:
        match.apply(wrong)
    again = pickle.loads(pickle.dumps(refused.value))
    assert isinstance(again, IllegalAction) and again.refused == refused.value.refused
