"""The game session: one match with its players, computer opponents and autosave.

It holds no drawing code. The table scene asks it what to show, hands it the
human's actions, and calls :meth:`GameSession.tick` every frame while the view
is idle; computer players think in a worker thread so the window never
freezes. Every action is saved at once to the autosave file, so closing the
window mid-game loses nothing.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

from game.ai import Agent, make_agent
from game.i18n import _
from game.i18n.reasons import refusal_words
from game.rules.actions import Action
from game.rules.events import Event
from game.rules.match import Match
from game.rules.phase import Phase
from game.rules.record import Player, dumps, to_record
from game.rules.results import HandResult
from game.rules.ruleset import RuleSet
from game.rules.view import SeatView
from game.saves import load_record_file
from game.storage import atomic_write_text

MIN_THINK_SECONDS = 0.45
"""The shortest time a computer seat appears to think (scaled by animation speed)."""


class GameSession:
    """A match in progress, its players and the computer seats' decisions."""

    def __init__(
        self,
        rules: RuleSet,
        seed: int,
        players: Sequence[Player],
        autosave: Path | None = None,
        match: Match | None = None,
    ) -> None:
        self.match = match or Match(rules, seed)
        self.players = list(players)
        self.autosave = autosave
        self.pending: deque[Event] = deque()
        """Events the view has not shown yet, oldest first."""
        self.agents: dict[int, Agent] = {
            seat: make_agent(player.kind, seed * 16 + seat)
            for seat, player in enumerate(players)
            if player.kind != "human"
        }
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai")
        self._thinking: tuple[int, Future[Action]] | None = None
        self._think_time = 0.0

    # ------------------------------------------------------------ reading
    @property
    def rules(self) -> RuleSet:
        return self.match.rules

    @property
    def results(self) -> tuple[HandResult, ...]:
        """Every scored hand so far, oldest first (public: everyone saw them)."""
        return tuple(self.match.results)

    @property
    def humans(self) -> list[int]:
        return [seat for seat, player in enumerate(self.players) if player.kind == "human"]

    @property
    def thinking(self) -> int | None:
        """The computer seat deciding now, if any."""
        return self._thinking[0] if self._thinking else None

    def human_to_act(self) -> int | None:
        """A human seat that may act now (the first, during simultaneous bidding)."""
        return next((seat for seat in self.match.awaiting if seat in self.humans), None)

    def view(self, seat: int | None) -> SeatView:
        """What ``seat`` may see now: its own cards and everything public."""
        return self.match.view(seat)

    def public(self) -> SeatView:
        """What a spectator at the table sees: every hand hidden."""
        return self.match.view(None)

    def explain(self, action: Action) -> str | None:
        """Why ``action`` would be refused now, for the player; None when it is legal."""
        refused = self.match.refusal(action)
        return None if refused is None else refusal_words(refused)

    @property
    def deal_number(self) -> int:
        """The number that deals this game's cards (shown so a game can be replayed)."""
        return self.match.seed

    @property
    def moves(self) -> int:
        """How many actions the game has taken so far (grows with every bid and card)."""
        return len(self.match.actions)

    @property
    def over(self) -> bool:
        return self.match.phase is Phase.GAME_OVER

    # ------------------------------------------------------------- acting
    def act(self, action: Action) -> list[Event]:
        """A human's action; raises IllegalAction (with the reason) and changes nothing
        if it is not allowed."""
        if action.seat not in self.humans:
            raise ValueError(f"seat {action.seat} is not played by a human")
        return self._apply(action)

    def _apply(self, action: Action) -> list[Event]:
        events = self.match.apply(action)
        self.pending.extend(events)
        self.save()
        return events

    def continue_after_hand(self) -> None:
        """Deal the next hand once the players have seen the hand's result."""
        if self.match.phase is Phase.HAND_SCORED:
            self.pending.extend(self.match.advance())

    def tick(self, dt: float, speed: float = 1.0) -> None:
        """Move the game on while the view is idle: deal, and let computer seats act."""
        match = self.match
        if match.phase in (Phase.CHOOSING_DEALER, Phase.DEALING):
            self.pending.extend(match.advance())
            self.save()
            return
        if match.phase not in (Phase.BIDDING, Phase.PLAYING):
            return
        if self._thinking is None:
            seat = next((s for s in match.awaiting if s in self.agents), None)
            if seat is not None and (
                self.human_to_act() is None or match.rules.simultaneous_bidding
            ):
                view = match.view(seat)
                self._thinking = (seat, self._executor.submit(self.agents[seat].choose, view))
                self._think_time = 0.0
            return
        self._think_time += dt
        seat, future = self._thinking
        if future.done() and self._think_time >= MIN_THINK_SECONDS / speed:
            self._thinking = None
            self._apply(future.result())

    def skip_wait(self) -> None:
        """Let a computer seat that has decided act without the pause."""
        self._think_time = 1e9

    # ------------------------------------------------------------- saving
    def record(self) -> dict[str, object]:
        return to_record(self.match, self.players)

    save_problem: str | None = None
    """Why the autosave could not be written, while it cannot (for the player)."""
    _save_failed_in: int | None = None

    def save(self) -> None:
        """Write the autosave (or remove it once the game is over). If it cannot be
        written, :attr:`save_problem` says why and saving rests until the next hand."""
        if self.autosave is None:
            return
        if not self.over and self._save_failed_in == self.match.hand_number:
            return
        try:
            if self.over:
                self.autosave.unlink(missing_ok=True)
            else:
                atomic_write_text(self.autosave, dumps(self.record()))
        except OSError as error:
            self._save_failed_in = self.match.hand_number
            reason = error.strerror or error.__class__.__name__
            self.save_problem = _("This game cannot be saved ({reason}).").format(reason=reason)
            return
        self._save_failed_in = self.save_problem = None

    @classmethod
    def resume(cls, path: Path) -> GameSession:
        """Continue the game saved at ``path``; raises RecordError or OSError."""
        match, players = load_record_file(path)
        return cls(match.rules, match.seed, players, autosave=path, match=match)

    def close(self) -> None:
        """Stop the worker (a decision in progress is abandoned)."""
        self._executor.shutdown(wait=False, cancel_futures=True)
