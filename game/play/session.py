"""The game session: one match with its players, computer opponents and autosave.

It holds no drawing code. The table scene asks it what to show, hands it the
human's actions, and calls :meth:`GameSession.tick` every frame while the view
is idle. Each role has a collaborator: the computer seats' decisions and a claim's
cards (:class:`~game.play.autoplay.AutoPlay`, thought out in a worker process, so
the window never waits), the autosave (:class:`~game.play.saving.GameSaver`: every
action is saved at once, so closing the window mid-game loses nothing), the coach
(:class:`~game.play.coaching.Coach`) and take-backs (:mod:`game.play.takeback`).
It gives every capability of :mod:`game.play.contract`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from game.i18n import _
from game.i18n.reasons import refusal_words
from game.play.autoplay import AutoPlay, certain_claim
from game.play.coaching import Coach
from game.play.contract import Absence
from game.play.extras import read_extras
from game.play.notices import Notice
from game.play.saving import GameSaver
from game.play.sealing import keyed_number, load_save, sealed_text
from game.play.takeback import replay, rewind_trick, take_back_point
from game.rules.actions import Action
from game.rules.events import Event
from game.rules.match import Match
from game.rules.phase import Phase
from game.rules.record import Player, Record, dumps, to_record
from game.rules.results import HandResult
from game.rules.ruleset import RuleSet
from game.rules.view import SeatView

if TYPE_CHECKING:
    from game.ai.advice import Advice


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
        self.pending: deque[Event] = deque()
        """Events the view has not shown yet, oldest first."""
        self.signals: deque[Notice | str] = deque()
        """Notices for the table (:mod:`game.play.notices`), oldest first."""
        self.saver = GameSaver(autosave, self.signals, self.save_extras)
        """The autosave as the game goes (:mod:`game.play.saving`)."""
        self.absent: dict[int, Absence] = {}
        """Nobody is ever away from a game played at one screen."""
        self.take_backs_allowed = False
        """Whether the human may take actions back (a solo game, by the setting)."""
        self.take_backs = 0
        """How many times an action was taken back in this game."""
        self.keep: Callable[[GameSession], str | None] | None = None
        """Keeps the record once the game is over (set by the app; returns its name)."""
        self.kept: str | None = None
        """The name the finished game was kept under."""
        self.again_of: str | None = None
        self.resumed = False
        """Whether the game was continued from its autosave."""
        """The kept game whose deals this game plays again."""
        self.coach = Coach(self.humans)
        """The coach's wishes and its question under way (:mod:`game.play.coaching`)."""
        self.auto = AutoPlay(self.players, self.match.seed, self.signals)
        """The computer seats' decisions and a claim's cards (:mod:`game.play.autoplay`)."""

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
        return self.auto.thinking

    def human_to_act(self) -> int | None:
        """A human seat that may act now (the first, during simultaneous bidding); none
        while a claim plays for them."""
        claiming = self.auto.claimant
        return next((s for s in self.match.awaiting if s in self.humans and s != claiming), None)

    # ------------------------------------------------------------- claims
    def can_claim(self) -> bool:
        """Whether the person to play may claim the rest of the tricks: their view
        proves every trick left is theirs (:mod:`game.rules.claims`), in a game of one
        person against computers."""
        seat = self.human_to_act()
        if seat is None or len(self.humans) != 1 or self.auto.claim is not None:
            return False
        return certain_claim(self.match.view(seat)) is not None

    def claim(self) -> bool:
        """Claim the rest of the tricks for the person to play: the claim is then played
        out card by card as their plays (the log stays the single truth); False when
        it is not certain."""
        seat = self.human_to_act()
        if seat is None or not self.can_claim():
            return False
        order = certain_claim(self.match.view(seat))
        assert order is not None
        self.auto.start_claim(seat, order, _("You claim the rest of the tricks."))
        return True

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
    def deal_number(self) -> int | None:
        """The number that deals this game's cards (shown so a game can be replayed);
        None while it is a secret (:attr:`deal_secret`)."""
        return None if self.deal_secret else self.match.seed

    @property
    def deal_secret(self) -> bool:
        """Whether the deal number is kept out of sight: while more than one person
        plays at this screen, since it would tell every hand, theirs and those to come.
        Shown again once the game is over; its autosave is sealed meanwhile
        (:mod:`game.play.sealing`)."""
        return len(self.humans) > 1 and not self.over

    @property
    def moves(self) -> int:
        """How many actions the game has taken so far (grows with every bid and card)."""
        return len(self.match.actions)

    @property
    def over(self) -> bool:
        return self.match.phase is Phase.GAME_OVER

    # ------------------------------------------------------------- the coach
    @property
    def coach_on(self) -> bool:
        """Whether the coach shows in this game now (every human wished it)."""
        return self.coach.on

    def coach_wished(self, seat: int) -> bool:
        return self.coach.wishes.get(seat, False)

    def wish_coach(self, seat: int, on: bool) -> None:
        """Turn human ``seat``'s wish for the coach on or off (at once)."""
        self.coach.wish(seat, on)
        self.coach.follow(self.match, self.human_to_act())

    def coach_advice(self, seat: int) -> Advice | None:
        """The coach's figures for ``seat``'s decision now; None while it works them
        out, when it is off, or when ``seat`` is not to act."""
        return self.coach.advice(self.match, seat) if self.coach.on else None

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
        self.coach.follow(self.match, self.human_to_act())
        self.save()
        return events

    def continue_after_hand(self) -> None:
        """Deal the next hand once the players have seen the hand's result."""
        if self.match.phase is Phase.HAND_SCORED:
            self.pending.extend(self.match.advance())

    @property
    def keeping(self) -> bool:
        return self.keep is not None

    def can_take_back(self) -> bool:
        """Whether the human has an action of this hand to take back now."""
        return self.take_backs_allowed and take_back_point(self.match, self.humans) is not None

    def take_back(self) -> bool:
        """Undo the human's last action of this hand and every action after it: the
        log is cut there and replayed from the seed. False if there is none."""
        if not self.take_backs_allowed:
            return False
        cut = take_back_point(self.match, self.humans)
        if cut is None:
            return False
        self.auto.stop()
        self.match = replay(self.match.rules, self.match.seed, self.match.actions[:cut])
        self.coach.follow(self.match, self.human_to_act())
        self.pending.clear()
        self.take_backs += 1
        self.save()
        self.save_extras()
        return True

    def tick(self, dt: float, speed: float = 1.0) -> None:
        """Move the game on while the view is idle: deal, and let computer seats act."""
        match = self.match
        if match.phase is Phase.GAME_OVER or match.phase is Phase.HAND_SCORED:
            self.watch_saving()
        if match.phase in (Phase.CHOOSING_DEALER, Phase.DEALING):
            self.pending.extend(match.advance())
            self.save()
            return
        if match.phase not in (Phase.BIDDING, Phase.PLAYING):
            self.auto.claim = None
            return
        self.coach.follow(match, self.human_to_act())
        self.watch_saving()
        action = self.auto.next_action(match, self.human_to_act(), dt, speed)
        if action is not None:
            self._apply(action)

    def skip_wait(self) -> None:
        """Let a computer seat that has decided act without the pause."""
        self.auto.hurry()

    # ------------------------------------------------------------- saving
    def record(self) -> Record:
        """The game's record as it stands (docs/records.md)."""
        return to_record(self.match, self.players)

    @property
    def autosave(self) -> Path | None:
        """Where the game is saved after every action (None: not saved)."""
        return self.saver.path

    @autosave.setter
    def autosave(self, path: Path | None) -> None:
        self.saver.close()
        self.saver = GameSaver(path, self.signals, self.save_extras)

    @property
    def save_problem(self) -> str | None:
        """Why the game cannot be saved, while it cannot (for the player)."""
        return self.saver.problem

    def save(self) -> None:
        """Hand the game to the writer thread (after a failed write, once a retry is
        due). Once the game is over, it is kept first (written and flushed to disk),
        and only then is the autosave removed; a game that cannot be kept stays in the
        autosave, to be kept when it is continued."""
        if not self.over:
            self.saver.write(self._save_text)
            return
        if self.kept is None and self.keep is not None:
            self.kept = self.keep(self)
            if self.kept is None:
                words = _("This game could not be kept in your games; it stays saved for now.")
                self.signals.append(Notice(words, "problem"))
        if self.keep is None or self.kept is not None:
            self.saver.remove()
        else:
            self.saver.write(self._save_text)

    def _save_text(self) -> str:
        """The autosave's text: the record, sealed while the deal is a secret."""
        text = dumps(self.record())
        return sealed_text(text) if self.deal_secret else text

    def _deal_mark(self) -> int:
        """What names this game's deal in the marks beside its save (never the deal
        number itself while it is a secret)."""
        return keyed_number(self.match.seed) if self.deal_secret else self.match.seed

    def watch_saving(self) -> None:
        """Say when saving starts or stops failing, and try a failed save again once
        it is due (called as the table ticks)."""
        if self.saver.due():
            self.save()

    def save_extras(self) -> None:
        """Write the take-backs and the game played again beside the autosave."""
        names = [player.name for player in self.players]
        self.saver.write_extras(self._deal_mark(), names, self.take_backs, self.again_of)

    def flush_save(self) -> bool:
        """Wait until the autosave handed over is on disk (False if it took too long)."""
        return self.saver.flush()

    @classmethod
    def resume(cls, path: Path) -> GameSession:
        """Continue the game saved at ``path``; raises RecordError or OSError."""
        match, players = load_save(path)
        rewound = rewind_trick(match)  # the trick on the table is shown played again
        if rewound is not None:
            match = rewound.match
        session = cls(match.rules, match.seed, players, autosave=path, match=match)
        session.resumed = True
        if rewound is not None:
            session.pending.extend(rewound.events)
            session._opening = rewound.opening
        names = [player.name for player in players]
        session.take_backs, session.again_of = read_extras(path, session._deal_mark(), names)
        return session

    _opening: dict[int | None, SeatView] | None = None

    def opening_view(self, seat: int | None) -> SeatView:
        """What the table shows first: where the game is, or for a game resumed mid-hand,
        the trick on the table as it began (its cards are in :attr:`pending`)."""
        if self._opening is not None and self.pending:
            return self._opening[seat]
        return self.view(seat)

    def close(self) -> None:
        """Abandon a decision in progress (the worker stops it and waits for the next)
        and finish writing the autosave."""
        self.coach.stop()
        self.auto.stop()
        self.saver.close()
