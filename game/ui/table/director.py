"""The director: turns each engine event into an animation step for the table.

Every change to what the table shows happens in a cue of the step, so a
skipped step (all cues fired at once) leaves the table exactly where a watched
one would. The cues change only the :class:`~game.ui.table.stage.Stage`: the
picture, the notices, and requests the scene carries out (the hand's result,
the end of the game), which it collects with :meth:`Director.take`.
"""

from __future__ import annotations

from game.i18n import _, ngettext
from game.i18n.reasons import no_trump_words
from game.rules.events import (
    BidMade,
    BidsRevealed,
    BidSubmitted,
    CardPlayed,
    DealerChosen,
    DealerPasses,
    Event,
    GameOver,
    HandDealt,
    HandScored,
    NoTrump,
    TotalAnnounced,
    TrickWon,
    TrumpTurned,
)
from game.ui.kit.never import unreachable
from game.ui.table import flights
from game.ui.table.animation import Effects, Step
from game.ui.table.notices import NoticeBoard
from game.ui.table.requests import Request, ShowGameOver, ShowHandResult
from game.ui.table.stage import Scenery, Stage
from game.ui.table.state import Shown
from game.ui.table.text import bid_words, verdict_word


class Director:
    """Builds the step for each event; the scene plays them in order."""

    def __init__(self, shown: Shown, effects: Effects, notices: NoticeBoard | None = None) -> None:
        self.stage = Stage(shown, effects, NoticeBoard() if notices is None else notices)

    def begin(self, event: Event, seen: Scenery) -> Step:
        """The step that shows ``event``."""
        step = self._step(event, seen)
        step.label = type(event).__name__
        return step

    def take(self) -> list[Request]:
        """What the cues fired so far ask of the scene."""
        return self.stage.take()

    def _step(self, event: Event, seen: Scenery) -> Step:
        stage = self.stage
        match event:
            case DealerChosen():
                return flights.dealer_chosen(event, seen, stage)
            case DealerPasses():
                return flights.dealer_passes(event, seen, stage)
            case HandDealt():
                return flights.hand_dealt(event, seen, stage)
            case TrumpTurned():
                return flights.trump_turned(event, seen, stage)
            case NoTrump():
                return no_trump(event, seen, stage)
            case BidMade():
                return bid_made(event, seen, stage)
            case BidSubmitted():
                return bid_submitted(event, seen, stage)
            case BidsRevealed():
                return bids_revealed(event, seen, stage)
            case TotalAnnounced():
                return total_announced(event, seen, stage)
            case CardPlayed():
                return flights.card_played(event, seen, stage)
            case TrickWon():
                return flights.trick_won(event, seen, stage)
            case HandScored():
                return hand_scored(event, seen, stage)
            case GameOver():
                return game_over(event, seen, stage)
            case _:
                return unreachable(event)


# ------------------------------------------------------------ trumps
def no_trump(event: NoTrump, seen: Scenery, stage: Stage) -> Step:
    shown = stage.shown
    step = Step(0.9)

    def announce() -> None:
        shown.trump_card, shown.trump, shown.trump_shown = None, None, True
        shown.no_trump = event.reason
        stage.announce(no_trump_words(event.reason))

    step.cue(0.0, announce)
    return step


# ------------------------------------------------------------ bidding
def bid_made(event: BidMade, seen: Scenery, stage: Stage) -> Step:
    shown = stage.shown
    step = Step(0.5)

    def bid() -> None:
        shown.bids[event.seat] = event.tricks
        shown.submitted[event.seat] = True
        if shown.all_bid:
            shown.verdict = seen.verdict
        stage.bubble(seen.layout, event.seat, bid_words(event.tricks))

    step.cue(0.0, bid)
    step.sound(0.0, "click")
    return step


def bid_submitted(event: BidSubmitted, seen: Scenery, stage: Stage) -> Step:
    shown = stage.shown
    step = Step(0.25)

    def submitted() -> None:
        shown.submitted[event.seat] = True
        shown.revealed = False
        stage.bubble(seen.layout, event.seat, _("bid ready"), 1.2)

    step.cue(0.0, submitted)
    step.sound(0.0, "click")
    return step


def bids_revealed(event: BidsRevealed, seen: Scenery, stage: Stage) -> Step:
    shown = stage.shown
    step = Step(1.1)

    def reveal() -> None:
        shown.bids = list(event.bids)
        shown.revealed = True
        shown.verdict = seen.verdict
        for seat, bid in enumerate(event.bids):
            stage.bubble(seen.layout, seat, bid_words(bid), 2.2)

    step.cue(0.0, reveal)
    step.sound(0.0, "card")
    return step


def total_announced(event: TotalAnnounced, seen: Scenery, stage: Stage) -> Step:
    shown = stage.shown
    step = Step(1.2)
    text = ngettext(
        "Bids total {total} for {tricks} trick: {verdict}",
        "Bids total {total} for {tricks} tricks: {verdict}",
        event.tricks,
    ).format(total=event.total, tricks=event.tricks, verdict=verdict_word(event.verdict))

    def announce() -> None:
        shown.verdict = event.verdict
        stage.announce(text)

    step.cue(0.0, announce)
    return step


# ------------------------------------------------------------ scoring
def hand_scored(event: HandScored, seen: Scenery, stage: Stage) -> Step:
    shown = stage.shown
    step = Step(1.0)
    made = seen.results[event.number - 1].made

    def score() -> None:
        shown.scores = list(event.totals)
        shown.made = made
        shown.taken = list(event.taken)

    step.cue(0.0, score)
    if seen.cheer and made[seen.viewer]:
        step.sound(0.1, "made")
    step.cue(1.0, lambda: stage.ask(ShowHandResult(event.number)))
    return step


def game_over(event: GameOver, seen: Scenery, stage: Stage) -> Step:
    shown = stage.shown
    step = Step(0.4)

    def over() -> None:
        shown.scores = list(event.totals)
        shown.over = True

    step.cue(0.0, over)
    step.sound(0.0, "win")
    step.cue(0.4, lambda: stage.ask(ShowGameOver()))
    return step
