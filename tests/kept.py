"""Finished games kept in the per-user folder, for the replay, kept-games and
statistics tests."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from game.play.analysis import Judged, write_analysis
from game.play.library import Library
from game.play.replay import Replay
from game.play.session import GameSession
from game.play.summary import GameSummary, summary_of
from game.rules.phase import Phase
from game.rules.presets import PRESETS
from game.rules.record import HandRecord, Player, Record
from game.rules.ruleset import MIN_PLAYERS, RuleSet
from tests.waits import wait_until

PLAYERS = [Player("Anna"), Player("Basil", "random"), Player("Clara", "random")]


def short_rules() -> RuleSet:
    return dataclasses.replace(PRESETS["oh-hell"].rules(3), max_hands=3)


def finish(session: GameSession, limit: float = 20.0) -> None:
    """Play the game to its end: the human takes the first legal action."""
    wait_until(lambda: session.over, "the game's end", limit, lambda: play_on(session), 0.001)


def play_on(session: GameSession) -> None:
    """One step of a game: the next hand, the human's first legal action, or a tick
    for the computers."""
    if session.match.phase is Phase.HAND_SCORED:
        session.continue_after_hand()
    elif session.human_to_act() is not None:
        session.act(session.match.legal_actions(0)[0])
    else:
        session.tick(1.0)


def kept_game(
    tmp_path: Path | None = None, seed: int = 7, take_back: bool = False
) -> tuple[str, GameSession]:
    library = Library.of_user()
    session = GameSession(short_rules(), seed, PLAYERS)
    session.keep = library.keep_session
    session.take_backs_allowed = take_back
    if take_back:
        wait_until(
            lambda: session.human_to_act() is not None,
            "the person's turn",
            step=lambda: session.tick(1.0),
        )
        session.act(session.match.legal_actions(0)[0])
        assert session.take_back()
    finish(session)
    assert session.kept is not None
    return session.kept, session


def keep_analysis(name: str, complete: bool = True) -> None:
    """Keep an analysis of the kept game ``name`` (the first seat's decisions, some
    marked, with made-up figures), or a third of one when not ``complete``."""
    archive = Library.of_user().archive
    game = archive.load(name)
    assert game is not None
    replay = Replay.of(game.replayed()[0])
    decisions = replay.decisions([0])
    if not complete:
        decisions = decisions[: len(decisions) // 3]
    judged = []
    for number, (index, view, action) in enumerate(decisions):
        other = next(choice for choice in view.legal if choice != action)
        cost = 0.2 + 0.7 * (number % 4)
        judged.append(Judged(index, action, other, 5.0 - cost, 5.0))
    assert write_analysis(archive.analysis_path(name), judged, complete)


def summary_from(data: dict[str, Any]) -> GameSummary:
    """A test's finished game, written as a record's JSON (players, totals, winners,
    variant, and hands of size, bids, taken, totals), as the summary the statistics
    count. The rules only fill the record: a summary does not read them."""
    players = tuple(Player(p["name"], p.get("kind", "human")) for p in data["players"])
    hands = tuple(
        HandRecord(
            0,
            tuple(hand["bids"]),
            size=hand["size"],
            taken=tuple(hand["taken"]),
            totals=tuple(hand["totals"]) if "totals" in hand else None,
        )
        for hand in data.get("hands", [])
    )
    record = Record(
        RuleSet(players=max(MIN_PLAYERS, len(players))),
        data.get("seed", 0),
        players,
        hands,
        variant=data.get("variant", "custom"),
        winners=tuple(data.get("winners", ())),
        totals=tuple(data["totals"]),
    )
    return summary_of(record)
