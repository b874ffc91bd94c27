"""A game over the network shows exactly what the same game shows at one screen
(issue 29, item 3).

Whole games of every preset, and one with secret bids, are played through a host
on 127.0.0.1 with every seat a remote session, and side by side on a local match
given the same actions. At every step, once the sessions have caught up, each
seat's view and the spectator's view must be equal on both sides, and so must the
reason any other bid or card of the seat is refused.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

import pytest

from game.i18n.reasons import refusal_words
from game.net.remote import RemoteSession
from game.net.table import HostedTable
from game.rules import PRESET_LIST, Match, Phase
from game.rules.actions import Action, Bid, Play
from game.rules.record import Player
from game.rules.ruleset import RuleSet
from tests.nethelp import FAST, host_thread
from tests.waits import wait_until

SECRET_BIDS = dataclasses.replace(
    PRESET_LIST[0].rules(4), simultaneous_bidding=True, hook=False, max_hands=2
)
CASES: list[tuple[str, RuleSet]] = [
    (preset.id, dataclasses.replace(preset.rules(4 if preset.max_players >= 4 else 3), max_hands=2))
    for preset in PRESET_LIST
] + [("secret bids", SECRET_BIDS)]


def until(done: Callable[[], bool], sessions: list[RemoteSession], seconds: float = 30.0) -> None:
    """Tick ``sessions`` until ``done()``."""

    def tick() -> None:
        for session in sessions:
            session.tick(0.01)

    wait_until(done, "the sessions catching up", seconds, step=tick)


def caught_up(sessions: list[RemoteSession], local: Match) -> bool:
    moves = len(local.actions)
    return all(
        s.moves == moves and s._view is not None and s._view.phase is local.phase for s in sessions
    )


def compare(sessions: list[RemoteSession], local: Match) -> None:
    """Every seat's view, the spectator's, and every refusal, the same on both sides."""
    for seat, session in enumerate(sessions):
        assert session.view(seat) == local.view(seat), f"seat {seat}, {local.phase}"
        assert session.public() == local.view(None), f"spectator of seat {seat}, {local.phase}"
        view = local.view(seat)
        tried: list[Action] = [Bid.of(seat, n) for n in range(-1, view.hand_size + 2)]
        tried += [Play.of(seat, card) for card in view.hand]
        for action in tried:
            if action not in view.legal:
                refused = local.refusal(action)
                assert refused is not None
                assert session.explain(action) == refusal_words(refused), (seat, action)


def side_by_side(rules: RuleSet, seed: int) -> int:
    """Play one game both ways; the number of steps compared."""
    players = [Player(f"P{seat}") for seat in range(rules.players)]
    table = HostedTable.new(rules, seed, players, settings=dataclasses.replace(FAST))
    local, chooser, steps = Match(rules, seed), random.Random(seed), 0
    with host_thread(table) as address:
        sessions = [RemoteSession.join(address, f"P{seat}") for seat in range(rules.players)]
        try:
            assert [s.seat for s in sessions] == list(range(rules.players))
            local.advance_until_decision()
            while True:
                until(lambda: caught_up(sessions, local), sessions)
                compare(sessions, local)
                steps += 1
                if local.phase is Phase.GAME_OVER:
                    return steps
                if local.phase is Phase.HAND_SCORED:
                    for session in sessions:
                        session.continue_after_hand()
                    local.advance_until_decision()
                    continue
                legal = local.legal_actions()
                action = legal[chooser.randrange(len(legal))]
                local.apply(action)
                sessions[action.seat].act(action)
        finally:
            for session in sessions:
                session.close()


@pytest.mark.slow
@pytest.mark.parametrize(("name", "rules"), CASES, ids=[name for name, _ in CASES])
def test_a_network_game_shows_what_a_local_one_shows(name: str, rules: RuleSet) -> None:
    assert side_by_side(rules, seed=11) > 20
