"""Games played ahead by computer players: the pictures of ``ohhell --screenshot``
and the build's smoke test start from one."""

from __future__ import annotations

from collections.abc import Sequence

from game.ai import make_agent
from game.play.session import GameSession
from game.rules.match import Match
from game.rules.phase import Phase
from game.rules.presets import get_preset
from game.rules.record import Player


def played_session(
    variant: str,
    players: Sequence[Player],
    seed: int,
    actions: int,
    until_scored: bool = False,
) -> GameSession:
    """A session of preset ``variant`` after ``actions`` actions chosen by medium
    computer players for every seat (and then, with ``until_scored``, on to the end of
    a hand); it stops at the next decision, or at a scored hand."""
    match = Match(get_preset(variant).rules(len(players)), seed)
    agents = [make_agent("medium", seed * 16 + seat) for seat in range(len(players))]
    done = 0
    while match.phase is not Phase.GAME_OVER:
        if done >= actions and (not until_scored or match.phase is Phase.HAND_SCORED):
            break
        if match.phase.automatic:
            match.advance()
            continue
        seat = match.awaiting[0]
        match.apply(agents[seat].choose(match.view(seat)))
        done += 1
    if match.phase is not Phase.HAND_SCORED:
        match.advance_until_decision()
    return GameSession(match.rules, seed, players, match=match)


def played_until_bid(
    variant: str, players: Sequence[Player], seed: int, seat: int = 0
) -> GameSession:
    """A session of preset ``variant`` at the moment ``seat`` bids in the first hand
    (the others before it bidding as medium computer players)."""
    for actions in range(len(players)):
        session = played_session(variant, players, seed, actions)
        view = session.view(seat)
        if view.phase is Phase.BIDDING and session.human_to_act() == seat:
            return session
        session.close()
    raise ValueError(f"seat {seat} does not bid in the first hand")
