"""What the table's parts ask the scene to do, as small values.

The hand, the bid panel, the heads-up display, the trick area, the input and the
director never change the scene or the game themselves: they hand back one of
these and :class:`~game.ui.table.scene.TableScene` carries it out (asking the
session, opening an overlay, showing a hint).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.cards import Card
from game.ui.cards.geometry import Point


@dataclass(frozen=True)
class PlayCard:
    """Play ``card`` for the viewer; ``at`` is where it leaves from (a dropped card)."""

    card: Card
    at: Point | None = None


@dataclass(frozen=True)
class PlaceBid:
    """Bid ``tricks`` for the viewer."""

    tricks: int


@dataclass(frozen=True)
class ExplainCard:
    """Say why ``card`` may not be played now (the engine's words), above ``anchor``."""

    card: Card
    anchor: tuple[int, int]


@dataclass(frozen=True)
class PlaySound:
    name: str


@dataclass(frozen=True)
class OpenMenu:
    """The pause menu."""


@dataclass(frozen=True)
class OpenScoreSheet:
    """The score sheet over the table."""


@dataclass(frozen=True)
class ToggleLastTrick:
    """Show the last trick again, or put it away."""


@dataclass(frozen=True)
class CloseLastTrick:
    """Put the last trick away."""


@dataclass(frozen=True)
class SkipAnimations:
    """Finish the animations now (a click or key during one)."""


@dataclass(frozen=True)
class Hurry:
    """Let a computer player that has decided act without its pause."""


@dataclass(frozen=True)
class ShowHandResult:
    """The result of hand ``number``, over the table."""

    number: int


@dataclass(frozen=True)
class ShowGameOver:
    """The final standings, over the table."""


@dataclass(frozen=True)
class TakeBack:
    """Undo the viewer's last action of this hand and the computers' after it."""


@dataclass(frozen=True)
class ToggleCoach:
    """Turn the coach on or off (for the player whose turn it is, in a hotseat game)."""


@dataclass(frozen=True)
class HideGuide:
    """Stop the guided first hand (it never shows again)."""


@dataclass(frozen=True)
class ClaimRest:
    """Claim the rest of the tricks (the viewer's claim is certain)."""


@dataclass(frozen=True)
class ToggleEmotes:
    """Open or close the few words a player may say to a network table."""


@dataclass(frozen=True)
class SendEmote:
    """Say ``word`` to the table."""

    word: str


Request = (
    PlayCard
    | PlaceBid
    | ExplainCard
    | PlaySound
    | OpenMenu
    | OpenScoreSheet
    | ToggleLastTrick
    | CloseLastTrick
    | SkipAnimations
    | Hurry
    | ShowHandResult
    | ShowGameOver
    | TakeBack
    | ToggleCoach
    | HideGuide
    | ClaimRest
    | ToggleEmotes
    | SendEmote
)
