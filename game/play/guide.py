"""The guided first hand: a few words at each new kind of decision of a new player's
first hand (the bid, the hook, leading, following suit, a void).

No drawing here: :func:`guide_step` reads the seat's own view (what it is about to
decide, from the legal actions the engine gives) and :func:`guide_words` says it for
the player. The table shows the words while the setting ``guide`` is on, and turns it
off once the first hand is over (or the player hides the guide), so a returning
player never sees it again.
"""

from __future__ import annotations

from typing import Literal

from game.i18n import _
from game.rules.actions import Play
from game.rules.phase import Phase
from game.rules.view import SeatView

Lesson = Literal["bid", "hook", "lead", "follow", "limited", "void", "void-no-trumps"]
"""The decisions the guide explains: a bid, the dealer's bid under the hook, leading a
trick, following suit, a play the rules limit otherwise (a rule to trump, say), and
playing with none of the suit led (with trumps in the hand, or without)."""


def guide_step(view: SeatView) -> Lesson | None:
    """What the seat of ``view`` is deciding now, for the guide; None when it is not
    to act."""
    seat = view.seat
    if seat is None or seat not in view.awaiting or not view.legal:
        return None
    if view.phase is Phase.BIDDING:
        return "hook" if view.forbidden_bid is not None else "bid"
    if view.phase is not Phase.PLAYING:
        return None
    if not view.trick:
        return "lead"
    led = view.trick[0].suit
    playable = {action.card for action in view.legal if isinstance(action, Play)}
    holds_led = any(card.suit == led for card in view.hand)
    if holds_led and playable == {card for card in view.hand if card.suit == led}:
        return "follow"
    if len(playable) < len(view.hand):
        return "limited"
    if holds_led:  # every card held is of the suit led
        return "follow"
    return "void" if view.trump is not None else "void-no-trumps"


def guide_words(step: Lesson) -> str:
    """The guide's words for ``step``."""
    words: dict[Lesson, str] = {
        "bid": _(
            "Count the tricks your cards should win (aces, kings, long trumps) and bid "
            "exactly that many: only an exact bid scores."
        ),
        "hook": _(
            "You deal, so you bid last. One bid is barred (the hook): the bids may not "
            "add up to the tricks, so someone will miss."
        ),
        "lead": _(
            "You lead: play any card. The highest card of the suit led wins the trick, "
            "unless someone plays a trump."
        ),
        "follow": _(
            "Follow suit: while you hold the suit that was led you must play it. The "
            "dimmed cards cannot be played now."
        ),
        "limited": _(
            "The rules limit your cards here: the dimmed ones cannot be played now. "
            "Point at one to see why."
        ),
        "void": _(
            "You have none of the suit led, so any card may be played. A trump wins the "
            "trick; any other card loses it."
        ),
        "void-no-trumps": _(
            "You have none of the suit led, so any card may be played, but only the suit "
            "led can win this hand."
        ),
    }
    return words[step]
