"""One table a host serves: the only :class:`Match`, its seats, and every check.

:class:`HostedTable` has no sockets and no clock of its own (the host passes the
time in), so every rule of the network game is tested without a network. A
connection is a seat; the table answers each message with what to send (an
:class:`~game.net.protocol.Update` per seat, a refusal, notices) and changes
nothing when it refuses.
"""

from __future__ import annotations

import secrets
import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from game.ai import Agent, make_agent
from game.net import protocol as p
from game.net.wire import EventDoc, event_doc, view_doc
from game.play.autosave import Autosaver
from game.play.sealing import sealed_text
from game.rules.actions import Action, Bid, Play
from game.rules.cards import Card
from game.rules.events import Event
from game.rules.match import Match
from game.rules.names import MAX_NAME, clean_name
from game.rules.phase import Phase
from game.rules.reasons import RefusedAction
from game.rules.record import Level, Player, dumps, to_record
from game.rules.ruleset import RuleSet
from game.rules.view import SeatView
from game.saves import PlayerDoc

CODE_ALPHABET = "".join(c for c in string.ascii_uppercase + string.digits if c not in "01IOU")
"""Letters and digits no one misreads (no 0/O, 1/I, no U)."""


def new_code(length: int = 5) -> str:
    """A short join code, like ``K7MQ2``."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))


@dataclass
class SeatState:
    """Who plays a seat now and what that player has been sent."""

    player: Player
    open: bool
    """A human seat nobody has taken yet."""
    token: str | None = None
    connected: bool = False
    dropped_at: float | None = None
    stand_in: bool = False
    """A computer plays for the human who dropped (until they come back)."""
    sent_events: int = 0
    sent_results: int = 0
    sent_tricks: tuple[int, int] = (0, 0)
    """The hand and how many of its tricks this seat was sent."""
    ready_for: int = 0


@dataclass
class TableSettings:
    """What a host decides for its tables."""

    drop_timeout: float = 60.0
    """Seconds a dropped player keeps their seat before a computer plays for them."""
    stand_in: Level = "medium"
    think_delay: float = 0.6
    """Seconds a computer seat waits before acting (so people can follow)."""
    hand_pause: float = 20.0
    """Longest wait for the players to see a hand's result before the next deal."""


@dataclass
class HostedTable:
    """A match served to remote players: seats, tokens, checks and updates."""

    code: str
    match: Match
    seats: list[SeatState]
    settings: TableSettings = field(default_factory=TableSettings)
    saver: Autosaver | None = None
    log: list[EventDoc] = field(default_factory=list)
    turn_since: float = 0.0
    scored_at: float | None = None
    bidding_from: int = 0
    """How many actions were taken when this hand's bidding began."""
    agents: dict[tuple[int, Level], Agent] = field(default_factory=dict)
    refused: int = 0
    """Messages refused so far (each one logged by the host)."""
    on_seat: Callable[[], None] | None = None
    """Called when a seat is taken (to keep the seats' keys with the save)."""
    held: bool = False
    """The game waits to start (the person hosting from a window has not sat down yet)."""

    @classmethod
    def new(
        cls,
        rules: RuleSet,
        seed: int,
        players: Sequence[Player],
        code: str | None = None,
        settings: TableSettings | None = None,
        match: Match | None = None,
    ) -> HostedTable:
        seats = [SeatState(player, open=player.kind == "human") for player in players]
        return cls(
            code or new_code(), match or Match(rules, seed), seats, settings or TableSettings()
        )

    # ------------------------------------------------------------ reading
    @property
    def rules(self) -> RuleSet:
        return self.match.rules

    @property
    def players(self) -> list[Player]:
        return [seat.player for seat in self.seats]

    @property
    def full(self) -> bool:
        """Every human seat has been taken and nothing holds the game (it may start)."""
        return not self.held and not any(seat.open for seat in self.seats)

    def release(self, now: float) -> None:
        """Let the game start (or go on) once every seat is taken."""
        self.held = False
        self.turn_since = now

    @property
    def over(self) -> bool:
        return self.match.phase is Phase.GAME_OVER

    def computer_level(self, seat: int) -> Level | None:
        """The level of the computer playing ``seat`` now, if a computer does."""
        state = self.seats[seat]
        kind = state.player.kind
        if kind != "human":
            return kind
        return self.settings.stand_in if state.stand_in else None

    def absences(self) -> list[tuple[int, Literal["disconnected", "computer"]]]:
        """The taken human seats whose player is away: dropped, or played by a computer."""
        return [
            (seat, "computer" if state.stand_in else "disconnected")
            for seat, state in enumerate(self.seats)
            if state.token is not None and not state.connected and state.player.kind == "human"
        ]

    def waiting_for(self) -> list[int]:
        """The human seats the table waits for now."""
        return [s for s in self.match.awaiting if self.computer_level(s) is None]

    # ------------------------------------------------------------ seats
    def join(self, name: str, token: str | None, now: float) -> int | p.Rejection:
        """Seat a player: back in their own seat with their token, or in the first open
        human seat; the seat, or why not."""
        if token is not None:
            seat = next((i for i, s in enumerate(self.seats) if s.token == token), None)
            if seat is None:
                return "bad-token"
            state = self.seats[seat]
            state.connected, state.dropped_at, state.stand_in = True, None, False
            state.sent_events, state.sent_results = len(self.log), 0
            state.sent_tricks = (0, 0)
            return seat
        seat = next((i for i, s in enumerate(self.seats) if s.open), None)
        if seat is None:
            return "full"
        state = self.seats[seat]
        state.player = Player(self._free_name(clean_name(name) or f"Friend {seat}", seat), "human")
        state.open, state.connected, state.token = False, True, secrets.token_urlsafe(18)
        state.sent_events, state.sent_results = len(self.log), 0
        if self.full:
            self.turn_since = now
        if self.on_seat is not None:
            self.on_seat()
        return seat

    def _free_name(self, name: str, seat: int) -> str:
        taken = {s.player.name.casefold() for i, s in enumerate(self.seats) if i != seat}
        candidate, number = name, 2
        while candidate.casefold() in taken:
            suffix = f" {number}"
            candidate, number = name[: MAX_NAME - len(suffix)].rstrip() + suffix, number + 1
        return candidate

    def drop(self, seat: int, now: float) -> None:
        """The connection of ``seat`` closed: its player keeps the seat for a while."""
        state = self.seats[seat]
        state.connected, state.dropped_at = False, now

    def expire(self, now: float) -> list[int]:
        """Hand the seats of players gone longer than the timeout to a computer."""
        gone, timeout = [], self.settings.drop_timeout
        for seat, state in enumerate(self.seats):
            dropped = state.dropped_at
            if dropped is not None and not state.stand_in and now - dropped >= timeout:
                state.stand_in = True
                gone.append(seat)
        return gone

    # ------------------------------------------------------------ acting
    def act(self, seat: int, message: p.Act, now: float) -> p.MessageRefused | None:
        """A player's bid or card: refused (nothing changed) unless it is fresh, the
        seat's turn and legal."""
        if not self.full:
            return p.MessageRefused("not-your-turn", "the table is not full yet")
        if not self.fresh(message.moves):
            return p.MessageRefused("stale", f"seen {message.moves} moves, the table is at another")
        if seat not in self.match.awaiting or self.computer_level(seat) is not None:
            return p.MessageRefused("not-your-turn")
        action = to_action(seat, message)
        if action is None:
            return p.MessageRefused("bad-message", "a bid or a card, not both nor neither")
        refused = self.match.refusal(action)
        if refused is not None:
            return p.MessageRefused("illegal", refused.why.value)
        self.apply(action, now)
        return None

    def fresh(self, moves: int) -> bool:
        """Whether an action sent after seeing ``moves`` actions still means what it
        meant: nothing happened since, or only others' secret bids of this round."""
        match = self.match
        if moves == len(match.actions):
            return True
        secret = match.phase is Phase.BIDDING and match.rules.simultaneous_bidding
        return secret and self.bidding_from <= moves < len(match.actions)

    def apply(self, action: Action, now: float) -> list[Event]:
        """Apply a checked action, then deal on until someone must decide."""
        events = self.match.apply(action)
        events += self.advance(now)
        self._record(events, now)
        return events

    def advance(self, now: float) -> list[Event]:
        """Deal and choose dealers until a player must act or a hand is scored."""
        events: list[Event] = []
        match = self.match
        while self.full and match.phase in (Phase.CHOOSING_DEALER, Phase.DEALING):
            events += match.advance()
            self.bidding_from = len(match.actions)
        if match.phase is Phase.HAND_SCORED and self.scored_at is None:
            self.scored_at = now
        return events

    def ready(self, seat: int, message: p.Ready) -> None:
        self.seats[seat].ready_for = max(self.seats[seat].ready_for, message.hand)

    def tick(self, now: float) -> list[Event]:
        """Move on without a player: start when full, and deal the next hand once
        everyone saw the result (or the pause ran out)."""
        events = self.advance(now)
        match = self.match
        if match.phase is Phase.HAND_SCORED and self.scored_at is not None:
            number = match.hand_number
            people = [s for s in self.seats if s.connected and not s.stand_in]
            seen = all(s.ready_for >= number for s in people)
            if seen or now - self.scored_at >= self.settings.hand_pause:
                self.scored_at = None
                events += match.advance()
                events += self.advance(now)
        if events:
            self._record(events, now)
        return events

    def due(self, now: float) -> list[tuple[int, Level, SeatView]]:
        """The computer seats that should decide now, each with its level and view."""
        if not self.full or now - self.turn_since < self.settings.think_delay:
            return []
        out = []
        for seat in self.match.awaiting:
            level = self.computer_level(seat)
            if level is not None:
                out.append((seat, level, self.match.view(seat)))
        return out

    def agent(self, seat: int, level: Level) -> Agent:
        """The computer player of ``seat`` (its decisions follow from the deal number)."""
        agent = self.agents.get((seat, level))
        if agent is None:
            agent = self.agents[seat, level] = make_agent(level, self.match.seed * 16 + seat)
        return agent

    def _record(self, events: list[Event], now: float) -> None:
        self.log.extend(event_doc(event) for event in events)
        self.turn_since = now
        if self.saver is not None:
            if self.over:
                self.saver.remove()
            else:
                # Sealed while the game runs: the host is a player, and the record's
                # deal number would show every hand (game/play/sealing.py).
                self.saver.write(sealed_text(dumps(to_record(self.match, self.players))))

    # ------------------------------------------------------------ what to send
    def welcome(self, seat: int) -> p.Welcome:
        state = self.seats[seat]
        assert state.token is not None
        return p.Welcome(
            version=p.PROTOCOL_VERSION,
            table=self.code,
            seat=seat,
            token=state.token,
            rules=self.rules.to_dict(),
            players=[_player_doc(player) for player in self.players],
        )

    def update(self, seat: int) -> p.Update:
        """What ``seat`` has not been sent yet, and its view now."""
        state = self.seats[seat]
        moves = len(self.match.actions)
        view = self.match.view(seat)
        hand, known = state.sent_tricks
        known = known if hand == view.hand_number else 0
        doc = view_doc(view, state.sent_results, self.refusals(view), known)
        events = self.log[state.sent_events :]
        state.sent_events, state.sent_results = len(self.log), len(view.results)
        state.sent_tricks = (view.hand_number, len(view.tricks))
        seed = self.match.seed if self.over else None
        return p.Update(moves=moves, events=events, view=doc, seed=seed)

    def refusals(self, view: SeatView) -> tuple[RefusedAction, ...]:
        """Why each card ``view``'s seat holds may not be played now (on its turn)."""
        if view.seat is None or view.phase is not Phase.PLAYING or not view.legal:
            return ()
        legal = {action.card for action in view.legal if isinstance(action, Play)}
        found = []
        for card in view.hand:
            if card not in legal:
                refused = self.match.refusal(Play.of(view.seat, card))
                if refused is not None:
                    found.append(refused)
        return tuple(found)


def to_action(seat: int, message: p.Act) -> Action | None:
    """The action an :class:`~game.net.protocol.Act` asks for ``seat``."""
    if (message.bid is None) == (message.play is None):
        return None
    if message.bid is not None:
        return Bid.of(seat, message.bid)
    assert message.play is not None
    return Play.of(seat, Card.parse(message.play))


def _player_doc(player: Player) -> PlayerDoc:
    return PlayerDoc(name=player.name, kind=player.kind)
