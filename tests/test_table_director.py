"""The director: every engine event has a step, and each step does what it should,
whether watched or skipped."""

from __future__ import annotations

import typing
from collections.abc import Callable

import pytest

from game.rules.cards import Suit, parse_cards
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
    Verdict,
)
from game.rules.reasons import NoTrumpReason
from game.rules.results import HandResult
from game.rules.ruleset import FirstDealer, Settlement
from game.ui.table.animation import AnimationQueue, Effects
from game.ui.table.director import Director
from game.ui.table.layout import table_layout
from game.ui.table.notices import NoticeBoard
from game.ui.table.requests import ShowGameOver, ShowHandResult
from game.ui.table.stage import Scenery
from game.ui.table.state import Shown

AS, KH, QD, JC, TS = parse_cards("AS KH QD JC TS")
RESULT = HandResult(
    number=1,
    dealer=0,
    size=1,
    dealt=((AS,), (KH,), (QD,), (JC,)),
    trump_card=None,
    trump=None,
    bids=(1, 0, 0, 1),
    tricks=(),
    taken=(1, 0, 0, 0),
    points=(11, 10, 10, 0),
    totals=(11, 10, 10, 0),
)
SCENERY = Scenery(
    layout=table_layout((1280, 720), 4, 0),
    viewer=0,
    names=("Anna", "Basil", "Clara", "Dmitri"),
    hand=(AS, TS),
    verdict=Verdict.OVER,
    results=(RESULT,),
    cheer=True,
)

Check = Callable[[Shown, list[str], list[object]], bool]
"""Given the picture, the notices' words and the requests after the step."""

SAMPLES: dict[type, tuple[Event, Check]] = {
    DealerChosen: (
        DealerChosen(2, FirstDealer.HIGHEST_CARD, (((0, KH), (1, QD), (2, AS), (3, JC)),)),
        lambda shown, words, asked: shown.dealer == 2 and any("Clara" in w for w in words),
    ),
    DealerPasses: (DealerPasses(3, 2), lambda shown, words, asked: shown.dealer == 3),
    HandDealt: (
        HandDealt(1, 0, 2, 0),
        lambda shown, words, asked: shown.hand_number == 1 and shown.counts == [2] * 4,
    ),
    TrumpTurned: (
        TrumpTurned(QD, Suit.DIAMONDS, False),
        lambda shown, words, asked: (
            shown.trump is Suit.DIAMONDS and shown.trump_shown and bool(words)
        ),
    ),
    NoTrump: (
        NoTrump(NoTrumpReason.PACK_EXHAUSTED),
        lambda shown, words, asked: (
            shown.trump_shown
            and shown.trump is None
            and shown.no_trump is NoTrumpReason.PACK_EXHAUSTED
            and any("none is left to turn" in word for word in words)
        ),
    ),
    BidMade: (
        BidMade(1, 2),
        lambda shown, words, asked: shown.bids[1] == 2 and shown.submitted[1] and bool(words),
    ),
    BidSubmitted: (
        BidSubmitted(3),
        lambda shown, words, asked: shown.submitted[3] and not shown.revealed and bool(words),
    ),
    BidsRevealed: (
        BidsRevealed((1, 0, 2, 1)),
        lambda shown, words, asked: (
            shown.bids == [1, 0, 2, 1]
            and shown.revealed
            and shown.verdict is Verdict.OVER  # the view's verdict, not worked out again
            and len(words) == 4
        ),
    ),
    TotalAnnounced: (
        TotalAnnounced(3, 4, Verdict.UNDER),
        lambda shown, words, asked: shown.verdict is Verdict.UNDER and any("3" in w for w in words),
    ),
    CardPlayed: (CardPlayed(1, KH), lambda shown, words, asked: shown.trick == [(1, KH)]),
    TrickWon: (
        TrickWon(2, (KH, QD, AS, JC), 1, 1),
        lambda shown, words, asked: (
            shown.taken[2] == 1
            and shown.trick == []
            and shown.winning is None
            and shown.last_trick is not None
            and shown.last_trick.winner == 2
        ),
    ),
    HandScored: (
        HandScored(1, RESULT.bids, RESULT.taken, RESULT.points, RESULT.totals),
        lambda shown, words, asked: (
            shown.scores == list(RESULT.totals)
            and shown.made == RESULT.made
            and asked == [ShowHandResult(1)]
        ),
    ),
    GameOver: (
        GameOver((0,), (11, 10, 10, 0), None, Settlement.NONE),
        lambda shown, words, asked: shown.over and asked == [ShowGameOver()],
    ),
}


def test_every_engine_event_has_a_sample() -> None:
    assert set(SAMPLES) == set(typing.get_args(Event))


@pytest.mark.parametrize("kind", typing.get_args(Event), ids=lambda kind: kind.__name__)
@pytest.mark.parametrize("watched", [True, False], ids=["watched", "skipped"])
def test_every_engine_event_has_its_step(kind: type, watched: bool) -> None:
    """A missing branch in the director raises; a wrong one fails the check."""
    event, check = SAMPLES[kind]
    shown, effects, notices = Shown(4, hand_number=1, hand_size=2), Effects(), NoticeBoard()
    director = Director(shown, effects, notices)
    queue = AnimationQueue()
    step = director.begin(event, SCENERY)
    assert step.label == kind.__name__
    queue.push(step)
    if watched:
        while not queue.idle:
            queue.update(0.05)
    else:
        queue.skip()
    words = [effect.text for effect in effects]
    words += [notice.text for notice, _ in notices.showing()] + [n.text for n in notices.waiting]
    assert check(shown, words, list(director.take()))
    assert director.take() == []  # requests are handed over once


def test_the_viewers_card_flies_from_where_it_left_the_hand() -> None:
    origin = ((320.0, 640.0), 90.0)
    scenery = Scenery(
        layout=SCENERY.layout,
        viewer=0,
        names=SCENERY.names,
        hand=(AS,),
        verdict=None,
        results=(),
        cheer=True,
        origin=lambda card: origin if card == AS else None,
    )
    step = Director(Shown(4), Effects()).begin(CardPlayed(0, AS), scenery)
    assert step.flights[0].start == origin[0] and step.flights[0].start_width == origin[1]
    other = Director(Shown(4), Effects()).begin(CardPlayed(1, KH), scenery)
    assert other.flights[0].start == tuple(map(float, SCENERY.layout.seats[1].origin))
