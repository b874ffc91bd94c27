"""Hypothesis strategies shared by the tests: rule sets across the whole option space."""

from __future__ import annotations

from hypothesis import assume
from hypothesis import strategies as st

from game.rules import (
    FirstDealer,
    HandSequence,
    RulesError,
    RuleSet,
    Settlement,
    TrickPoints,
    TrumpMethod,
    ZeroBid,
)

rule_sets = st.builds(
    RuleSet,
    players=st.integers(3, 8),
    sequence=st.sampled_from(HandSequence),
    largest_hand=st.one_of(st.none(), st.integers(1, 17)),
    max_hands=st.one_of(st.none(), st.integers(1, 20)),
    strip_pack=st.booleans(),
    trump=st.sampled_from(TrumpMethod),
    no_trump_when_exhausted=st.booleans(),
    no_trump_last_hand=st.booleans(),
    first_dealer=st.sampled_from(FirstDealer),
    simultaneous_bidding=st.booleans(),
    hook=st.booleans(),
    announce_total=st.booleans(),
    must_trump=st.booleans(),
    trick_points=st.sampled_from(TrickPoints),
    exact_bonus=st.integers(0, 20),
    zero_bid=st.sampled_from(ZeroBid),
    target_score=st.one_of(st.none(), st.integers(20, 150)),
    hard_score_bonus=st.integers(0, 10),
    settlement=st.sampled_from(Settlement),
    stake=st.integers(1, 5),
)


@st.composite
def valid_rule_sets(draw: st.DrawFn) -> RuleSet:
    """Rule sets the engine accepts (the others are discarded)."""
    try:
        return draw(rule_sets)
    except RulesError:
        assume(False)
        raise  # unreachable: assume(False) stops the example
