"""Words the table shows, translated: suit names, computer levels, verdicts."""

from __future__ import annotations

import unicodedata

from game.i18n import _, pgettext
from game.play.setup import level_name
from game.rules.cards import Suit
from game.rules.events import Verdict
from game.rules.record import Player


def suit_name(suit: Suit) -> str:
    return (_("Clubs"), _("Diamonds"), _("Hearts"), _("Spades"))[suit]


def dealer_letter() -> str:
    """The letter on the dealer's chip."""
    # TRANSLATORS: one letter on the dealer's chip, the first of your word for dealer.
    return pgettext("dealer chip", "D")


def called_you(name: str) -> bool:
    """Whether a player is named with the word You (the name the game gives the
    person playing), so sentences say "You win!" rather than "You wins!"."""
    return name.strip().casefold() == _("You").casefold()


def kind_label(player: Player, is_you: bool) -> str:
    """The line under a name: You, Player, or the computer's level."""
    if player.kind == "human":
        label = _("You") if is_you else _("Player")
        return "" if label.casefold() == player.name.strip().casefold() else label
    return _("{level} AI").format(level=level_name(player.kind))


def verdict_word(verdict: Verdict) -> str:
    words = {Verdict.OVER: _("over"), Verdict.UNDER: _("under"), Verdict.EVEN: _("even")}
    return words[verdict]


def bid_words(bid: int) -> str:
    return _("bids none") if bid == 0 else _("bids {n}").format(n=bid)


def initial(name: str) -> str:
    """The first letter, digit or symbol of ``name``, as a capital (``?`` if none)."""
    first = next((char for char in name if unicodedata.category(char)[0] in "LNS"), "?")
    upper = first.upper()
    return upper if len(upper) == 1 else first
