"""Nothing a seat receives leads back to the match or to a hidden card (issue 29,
item 1).

At every step of random games of every preset, the views of every seat and of
the spectator, as the match hands them out, as the players' worker receives them
(pickled) and as a network client decodes them, are walked object by object
(``gc.get_referents``: attributes, slots, container items): no :class:`Match` is
reachable, no card held in another hand, and no number equal to another hand's
cards as a mask. Finished hands are public (every card was played), so their
results are checked to be finished hands and not walked further.
"""

from __future__ import annotations

import dataclasses
import gc
import pickle
import random
import types
from collections.abc import Iterator

import pytest

from game.net.wire import decode_doc, decode_view, encode_doc, view_doc
from game.rules import PRESET_LIST, Match, Phase
from game.rules.cards import Card
from game.rules.results import HandResult

OPAQUE = (
    type,
    types.ModuleType,
    types.FunctionType,
    types.BuiltinFunctionType,
    types.MethodType,
    types.CodeType,
)
"""Reached but not walked into: classes, modules and functions are shared code."""
LARGE = 2**20
"""Masks below this (only clubs and low diamonds) could be any small number in a view."""
CASES = [(preset.id, players) for preset in PRESET_LIST for players in preset.player_range]


def reachable(root: object) -> Iterator[object]:
    """Every object reachable from ``root``, each once (finished hands not entered)."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        yield item
        if isinstance(item, (*OPAQUE, HandResult)):
            continue
        stack.extend(gc.get_referents(item))


def leaks(view: object, match: Match, seat: int | None) -> list[str]:
    """What in ``view`` a seat at ``match`` must not have: the match, another hand's
    cards (as cards or as that hand's mask), a result of a hand not yet finished."""
    others = [other for other in range(match.players) if other != seat]
    hidden = 0
    masks = set()
    for other in others:
        hidden |= match.cards_of(other)
        masks.add(match.cards_of(other))
    masks.add(hidden)
    masks = {mask for mask in masks if mask > LARGE}
    if match.trump_card is not None:  # turned face up for all (the dealer's own, too)
        hidden &= ~match.trump_card.mask
    found = []
    for item in reachable(view):
        if isinstance(item, Match):
            found.append("the match")
        elif type(item) is Card and item.mask & hidden:
            found.append(f"a hidden card, {item}")
        elif type(item) is int and item in masks:
            found.append(f"a hidden hand's mask, {item:#x}")
        elif isinstance(item, HandResult) and not _finished(item, match):
            found.append(f"the result of hand {item.number}, not finished")
    return found


def _finished(hand: HandResult, match: Match) -> bool:
    done = match.phase in (Phase.HAND_SCORED, Phase.GAME_OVER)
    return hand.number < match.hand_number or (hand.number == match.hand_number and done)


def states(preset: str, players: int, seed: int) -> Iterator[Match]:
    """The live match at every state of a random game of three hands."""
    rules = next(p for p in PRESET_LIST if p.id == preset).rules(players)
    rules = dataclasses.replace(rules, max_hands=3, target_score=None)
    rng = random.Random(seed)
    match = Match(rules, seed)
    while True:
        yield match
        if match.phase is Phase.GAME_OVER:
            return
        if match.phase.automatic:
            match.advance()
        else:
            legal = match.legal_actions()
            match.apply(legal[rng.randrange(len(legal))])


def received(match: Match, seat: int | None) -> Iterator[tuple[str, object]]:
    """What the seat receives: the match's view, the worker's copy, a network
    client's (the encoded message and the view decoded from it)."""
    view = match.view(seat)
    yield "view", view
    yield "worker's copy", pickle.loads(pickle.dumps(view))
    if seat is not None:
        doc = view_doc(view, known_results=0, refusals=())
        yield "message", doc
        yield "client's view", decode_view(decode_doc(encode_doc(doc)), match.rules, ())


@pytest.mark.slow
@pytest.mark.parametrize(("preset", "players"), CASES, ids=[f"{p}-{n}" for p, n in CASES])
def test_nothing_received_leads_to_the_match_or_a_hidden_card(preset: str, players: int) -> None:
    steps = 0
    for match in states(preset, players, seed=players * 13):
        for seat in [None, *range(players)]:
            for what, value in received(match, seat):
                found = leaks(value, match, seat)
                assert not found, f"{what} of seat {seat}, {match.phase}: {found[:3]}"
        steps += 1
    assert steps > 20


def test_the_walk_finds_a_match_and_a_hidden_hand_planted_in_a_view() -> None:
    """The check itself: a view that kept the match, or the hands, is caught."""
    match = next(m for m in states("oh-hell", 4, 3) if m.phase is Phase.PLAYING)
    seat = match.awaiting[0]
    view = match.view(seat)
    assert leaks(view, match, seat) == []
    planted = dataclasses.replace(view, winners=(match,))  # type: ignore[arg-type]
    assert "the match" in leaks(planted, match, seat)
    planted = dataclasses.replace(view, taken=tuple(map(match.cards_of, range(4))))
    assert any("mask" in leak for leak in leaks(planted, match, seat))
    other = (seat + 1) % 4
    planted = dataclasses.replace(view, trick=match.hand(other)[:1])
    assert any("hidden card" in leak for leak in leaks(planted, match, seat))
