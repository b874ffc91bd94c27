"""Card names in words, one whole phrase per card so each language can say it its own
way (``la reina de corazones``, ``srdcová dáma``, ``hartenvrouw``), and the rules'
sentences that name a suit, one per suit.

>>> from game.rules.cards import Card
>>> card_name(Card.parse("QH"))
'the queen of hearts'
>>> must_follow_words(Suit.SPADES)
'You must follow suit: spades were led.'
"""

from __future__ import annotations

from game.i18n import pgettext
from game.rules.cards import Card, Suit


def C_(context: str, message: str) -> tuple[str, str]:  # a gettext marker
    """Mark ``message`` in ``context`` for extraction; looked up with :func:`pgettext`."""
    return context, message


CARD_NAMES = (
    C_("card", "the two of clubs"),
    C_("card", "the three of clubs"),
    C_("card", "the four of clubs"),
    C_("card", "the five of clubs"),
    C_("card", "the six of clubs"),
    C_("card", "the seven of clubs"),
    C_("card", "the eight of clubs"),
    C_("card", "the nine of clubs"),
    C_("card", "the ten of clubs"),
    C_("card", "the jack of clubs"),
    C_("card", "the queen of clubs"),
    C_("card", "the king of clubs"),
    C_("card", "the ace of clubs"),
    C_("card", "the two of diamonds"),
    C_("card", "the three of diamonds"),
    C_("card", "the four of diamonds"),
    C_("card", "the five of diamonds"),
    C_("card", "the six of diamonds"),
    C_("card", "the seven of diamonds"),
    C_("card", "the eight of diamonds"),
    C_("card", "the nine of diamonds"),
    C_("card", "the ten of diamonds"),
    C_("card", "the jack of diamonds"),
    C_("card", "the queen of diamonds"),
    C_("card", "the king of diamonds"),
    C_("card", "the ace of diamonds"),
    C_("card", "the two of hearts"),
    C_("card", "the three of hearts"),
    C_("card", "the four of hearts"),
    C_("card", "the five of hearts"),
    C_("card", "the six of hearts"),
    C_("card", "the seven of hearts"),
    C_("card", "the eight of hearts"),
    C_("card", "the nine of hearts"),
    C_("card", "the ten of hearts"),
    C_("card", "the jack of hearts"),
    C_("card", "the queen of hearts"),
    C_("card", "the king of hearts"),
    C_("card", "the ace of hearts"),
    C_("card", "the two of spades"),
    C_("card", "the three of spades"),
    C_("card", "the four of spades"),
    C_("card", "the five of spades"),
    C_("card", "the six of spades"),
    C_("card", "the seven of spades"),
    C_("card", "the eight of spades"),
    C_("card", "the nine of spades"),
    C_("card", "the ten of spades"),
    C_("card", "the jack of spades"),
    C_("card", "the queen of spades"),
    C_("card", "the king of spades"),
    C_("card", "the ace of spades"),
)
"""Every card's name, by the card's index (clubs, diamonds, hearts, spades; two to ace)."""


def card_name(card: Card) -> str:
    """The card's full name (the queen of hearts)."""
    return pgettext(*CARD_NAMES[card.index])


def must_follow_words(led: Suit) -> str:
    """Why a card of another suit may not be played."""
    return (
        pgettext("must follow", "You must follow suit: clubs were led."),
        pgettext("must follow", "You must follow suit: diamonds were led."),
        pgettext("must follow", "You must follow suit: hearts were led."),
        pgettext("must follow", "You must follow suit: spades were led."),
    )[led]


def must_trump_words(led: Suit | None, trump: Suit | None) -> str:
    """Why La Podrida asks for a trump from a player who cannot follow suit: two whole
    sentences, the suit the player lacks and the one to play."""
    if trump is None:
        return pgettext("must trump", "You cannot follow suit, so La Podrida says you must trump.")
    must = (
        pgettext("must trump", "La Podrida says you must play clubs."),
        pgettext("must trump", "La Podrida says you must play diamonds."),
        pgettext("must trump", "La Podrida says you must play hearts."),
        pgettext("must trump", "La Podrida says you must play spades."),
    )[trump]
    if led is None:
        return must
    lacking = (
        pgettext("no cards of the suit led", "You have no clubs."),
        pgettext("no cards of the suit led", "You have no diamonds."),
        pgettext("no cards of the suit led", "You have no hearts."),
        pgettext("no cards of the suit led", "You have no spades."),
    )[led]
    return f"{lacking} {must}"


def trumps_are_words(trump: Suit) -> str:
    """The news that a suit is trumps for this hand."""
    return (
        pgettext("trumps", "Clubs are trumps"),
        pgettext("trumps", "Diamonds are trumps"),
        pgettext("trumps", "Hearts are trumps"),
        pgettext("trumps", "Spades are trumps"),
    )[trump]
