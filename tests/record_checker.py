"""An independent referee for game records.

It re-derives every fact of a record from the rules with its own simple code,
working on the JSON strings alone, so a bug in the engine cannot hide behind
the same bug here.
"""

from __future__ import annotations

from typing import Any

from game.rules import RuleSet, Settlement, TrickPoints, TrumpMethod, ZeroBid
from game.rules.record import Record

RANKS = "23456789TJQKA"


def rank(card: str) -> int:
    return RANKS.index(card[0])


def winner_position(cards: list[str], trump: str | None) -> int:
    led = cards[0][1]
    trumps = [i for i, card in enumerate(cards) if card[1] == trump]
    pool = trumps or [i for i, card in enumerate(cards) if card[1] == led]
    return max(pool, key=lambda i: rank(cards[i]))


def points(rules: RuleSet, bid: int, took: int, size: int) -> int:
    if bid == took:
        if bid == 0 and rules.zero_bid is not ZeroBid.NONE:
            return {"5": 5, "10": 10, "5+tricks": 5 + size}[rules.zero_bid.value]
        tricks = took if rules.trick_points is not TrickPoints.NEVER else 0
        return rules.exact_bonus + tricks
    return took if rules.trick_points is TrickPoints.ALWAYS else 0


def expected_size(rules: RuleSet, number: int) -> int:
    return rules.hand_sizes[0] if rules.unbounded else rules.hand_sizes[number - 1]


def check_record(record: Record | dict[str, Any]) -> None:
    """Assert every invariant of a finished game's record (read as its JSON)."""
    if isinstance(record, Record):
        record = record.to_json()
    rules = RuleSet.from_dict(record["rules"])
    n = rules.players
    hands = record["hands"]
    assert len(record["players"]) == n
    totals = [0] * n
    for index, hand in enumerate(hands):
        _check_deal(rules, hands, index)
        _check_bids(rules, hand)
        taken = _check_play(rules, hand)
        assert hand["taken"] == taken
        gained = [points(rules, hand["bids"][s], taken[s], hand["size"]) for s in range(n)]
        assert hand["points"] == gained
        totals = [t + g for t, g in zip(totals, gained, strict=True)]
        assert hand["totals"] == totals
    _check_end(rules, hands, record, totals)


def _check_deal(rules: RuleSet, hands: list[dict[str, Any]], index: int) -> None:
    hand, n = hands[index], rules.players
    size = expected_size(rules, hand["number"])
    assert hand["number"] == index + 1
    assert hand["size"] == size
    if index:
        assert hand["dealer"] == (hands[index - 1]["dealer"] + 1) % n, "the deal passes left"
    cards = [card for seat_cards in hand["cards"] for card in seat_cards]
    assert all(len(seat_cards) == size for seat_cards in hand["cards"])
    assert len(set(cards)) == len(cards) == size * n, "every card dealt is distinct"
    assert all(c[0] in RANKS and c[1] in "CDHS" for c in cards)
    if rules.strip_pack:
        assert len(cards) <= 52 - 52 % n
    trump_card, trump = hand["trump_card"], hand["trump"]
    last = not rules.unbounded and hand["number"] == len(rules.hand_sizes)
    if rules.trump is TrumpMethod.NONE or (rules.no_trump_last_hand and last):
        assert trump_card is None and trump is None
    elif rules.trump is TrumpMethod.DEALERS_LAST_CARD:
        assert trump_card in hand["cards"][hand["dealer"]]
        assert trump == trump_card[1]
    elif size * n == rules.pack_size:
        assert rules.no_trump_when_exhausted and trump_card is None and trump is None
    else:
        assert trump_card not in cards and trump == trump_card[1]


def _check_bids(rules: RuleSet, hand: dict[str, Any]) -> None:
    bids, size = hand["bids"], hand["size"]
    assert all(0 <= bid <= size for bid in bids)
    if rules.hook:
        assert sum(bids) != size, "the hook forbids the dealer to even the bids"


def _check_play(rules: RuleSet, hand: dict[str, Any]) -> list[int]:
    n = rules.players
    remaining = [set(cards) for cards in hand["cards"]]
    taken = [0] * n
    leader = (hand["dealer"] + 1) % n
    assert len(hand["tricks"]) == hand["size"]
    for trick in hand["tricks"]:
        assert trick["leader"] == leader
        cards = trick["cards"]
        assert len(cards) == n
        led = cards[0][1]
        for position, card in enumerate(cards):
            seat = (leader + position) % n
            held = remaining[seat]
            assert card in held, f"seat {seat} did not hold {card}"
            if position and card[1] != led:
                assert not any(c[1] == led for c in held), f"seat {seat} revoked with {card}"
                if rules.must_trump and hand["trump"] and card[1] != hand["trump"]:
                    assert not any(c[1] == hand["trump"] for c in held), "La Podrida"
            held.remove(card)
        winner = (leader + winner_position(cards, hand["trump"])) % n
        assert trick["winner"] == winner
        taken[winner] += 1
        leader = winner
    assert not any(remaining)
    return taken


def _check_end(
    rules: RuleSet, hands: list[dict[str, Any]], record: dict[str, Any], totals: list[int]
) -> None:
    if rules.target_score is not None:
        reached = [max(hand["totals"]) >= rules.target_score for hand in hands]
        assert not any(reached[:-1]), "the game went on after the target was reached"
        assert reached[-1] or (not rules.unbounded and len(hands) == len(rules.hand_sizes))
    else:
        assert len(hands) == len(rules.hand_sizes)
    best = max(totals)
    winners = [seat for seat, total in enumerate(totals) if total == best]
    assert record["winners"] == winners
    final = [t + (rules.hard_score_bonus if s in winners else 0) for s, t in enumerate(totals)]
    assert record["totals"] == final
    if rules.settlement is Settlement.DIFFERENCES:
        owed = [(len(final) * t - sum(final)) * rules.stake for t in final]
        assert record["settlement"] == owed
    if rules.settlement is not Settlement.NONE:
        assert abs(sum(record["settlement"])) < 1e-6, "stakes settle to zero"
