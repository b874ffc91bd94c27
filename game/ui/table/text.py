"""Words the table shows, translated: suit names, computer levels, verdicts."""

from __future__ import annotations

import unicodedata

from game.i18n import _, pgettext
from game.play.contract import Absence
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


def away_labels(absence: Absence, name: str) -> tuple[str, ...]:
    """The line under the name of a player away from a network table, longest first
    (the plate shows the longest that fits)."""
    if absence == "disconnected":
        return (_("disconnected"),)
    return (
        _("computer playing for {name}").format(name=name),
        _("computer playing"),
        # TRANSLATORS: under the name of a player away from a network table, in place of
        # "computer playing" where there is no room for more.
        pgettext("away", "computer"),
    )


def kind_labels(player: Player, is_you: bool) -> tuple[str, ...]:
    """The line under a name, longest first: ``Medium AI``, then ``Medium``."""
    label = kind_label(player, is_you)
    if player.kind == "human" or not label:
        return (label,)
    return (label, level_name(player.kind))


EMOTES = ("hello", "good-luck", "nice", "oops", "thanks", "well-played")
"""The words a player may say to a network table, in the order offered."""


def emote_words(word: str) -> str:
    """A word said to the table, in the reader's language."""
    words = {
        "hello": _("Hello!"),
        "good-luck": _("Good luck!"),
        "nice": _("Nice one!"),
        "oops": _("Oops!"),
        "thanks": _("Thanks!"),
        "well-played": _("Well played!"),
    }
    return words.get(word, "…")


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
