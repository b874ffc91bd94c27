"""docs/rules.md "Reference numbers", one test each."""

from __future__ import annotations

import dataclasses

from game.rules import PRESETS, Match, Phase, TrickPoints, ZeroBid
from game.rules.scoring import hand_points


def test_oh_hell_pagat_4_players_19_hands_10_to_1_to_10() -> None:
    sizes = PRESETS["oh-hell"].rules(4).hand_sizes
    assert sizes == (*range(10, 0, -1), *range(2, 11))
    assert len(sizes) == 19


def test_oh_hell_pagat_6_players_15_hands_8_to_1_to_8() -> None:
    sizes = PRESETS["oh-hell"].rules(6).hand_sizes
    assert sizes == (*range(8, 0, -1), *range(2, 9))
    assert len(sizes) == 15


def test_nomination_whist_13_hands_7_to_1_to_7() -> None:
    for players in range(3, 8):
        assert PRESETS["nomination-whist"].rules(players).hand_sizes == (
            *range(7, 0, -1),
            *range(2, 8),
        )


def test_oh_pshaw_4_players_13_hands() -> None:
    assert PRESETS["oh-pshaw"].rules(4).hand_sizes == tuple(range(1, 14))


def test_oh_pshaw_3_players_15_hands_17_allowed() -> None:
    rules = PRESETS["oh-pshaw"].rules(3)
    assert len(rules.hand_sizes) == 15
    assert len(dataclasses.replace(rules, max_hands=None).hand_sizes) == 17


def test_oh_pshaw_5_players_10_hands() -> None:
    assert len(PRESETS["oh-pshaw"].rules(5).hand_sizes) == 10


def test_oh_pshaw_last_hand_for_4_players_has_no_trump() -> None:
    rules = PRESETS["oh-pshaw"].rules(4)
    assert rules.hand_sizes[-1] * 4 == 52
    assert not rules.turns_card(13) and rules.turns_card(12)
    match = Match(rules, 5)
    while match.hand_number < 13 or match.phase is not Phase.BIDDING:
        match.advance() if match.phase.automatic else match.apply(match.legal_actions()[0])
    assert match.trump is None and match.trump_card is None


def test_classic_exact_bid_4_of_4_scores_14() -> None:
    assert hand_points(PRESETS["oh-hell-classic"].rules(4), bid=4, taken=4, size=4) == 14


def test_classic_bid_0_of_0_scores_10() -> None:
    assert hand_points(PRESETS["oh-hell-classic"].rules(4), bid=0, taken=0, size=7) == 10


def test_classic_zero_bid_option_in_a_7_card_hand_scores_12() -> None:
    rules = dataclasses.replace(
        PRESETS["oh-hell-classic"].rules(4), zero_bid=ZeroBid.FIVE_PLUS_TRICKS
    )
    assert hand_points(rules, bid=0, taken=0, size=7) == 12


def test_classic_failed_bid_option_bid_3_took_4_scores_4() -> None:
    rules = dataclasses.replace(
        PRESETS["oh-hell-classic"].rules(4), trick_points=TrickPoints.ALWAYS
    )
    assert hand_points(rules, bid=3, taken=4, size=7) == 4
    assert hand_points(rules, bid=4, taken=4, size=7) == 14


def test_oh_well_hand_sizes_for_3_to_7_players() -> None:
    sizes = {n: PRESETS["oh-well"].rules(n).hand_sizes[0] for n in range(3, 8)}
    assert sizes == {3: 17, 4: 13, 5: 10, 6: 8, 7: 7}
    match = Match(PRESETS["oh-well"].rules(3), 1)
    match.advance_until_decision()
    assert [len(match.hand(seat)) for seat in range(3)] == [17, 17, 17]
