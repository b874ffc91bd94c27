"""Mouse and keyboard at the table: clicks, drags, arrows, digits and shortcuts.

:class:`TableInput` passes each event to the part it is for (the top-bar
buttons, the last trick, the bid panel, the hand) and hands back what they ask
for as requests; the scene carries them out and asks the engine. Nothing here
decides what is legal.
"""

from __future__ import annotations

import pygame

from game.ui.table.bidpanel import BidPanel
from game.ui.table.frame import Frame
from game.ui.table.hand import Hand
from game.ui.table.hud import Hud
from game.ui.table.requests import (
    CloseLastTrick,
    Hurry,
    OpenMenu,
    OpenScoreSheet,
    Request,
    SkipAnimations,
    TakeBack,
    ToggleCoach,
    ToggleLastTrick,
)
from game.ui.table.trick import TrickArea

DIGIT_KEYS = {getattr(pygame, f"K_{n}"): n for n in range(10)}
DIGIT_KEYS.update({getattr(pygame, f"K_KP{n}"): n for n in range(10)})
CHOOSE_KEYS = (pygame.K_UP, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
SKIP_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
CTRL = pygame.KMOD_CTRL | pygame.KMOD_META


class TableInput:
    """Turns input events into requests, through the table's parts."""

    def __init__(self, hud: Hud, trick: TrickArea, bids: BidPanel, hand: Hand) -> None:
        self.hud, self.trick, self.bids, self.hand = hud, trick, bids, hand
        self.mouse = (-1, -1)
        """Where the pointer was last seen."""

    def handle(self, event: pygame.event.Event, frame: Frame) -> list[Request]:
        """What ``event`` asks for (often nothing, or a part's own change)."""
        kind = event.type
        if kind == pygame.MOUSEMOTION:
            self._motion(event, frame)
        elif kind == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press(event, frame)
        elif kind == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._release(event, frame)
        elif kind == pygame.KEYDOWN:
            return _listed(self._key(event.key, frame, event.mod))
        return []

    # ------------------------------------------------------------ mouse
    def _motion(self, event: pygame.event.Event, frame: Frame) -> None:
        self.mouse = event.pos
        self.hud.point(event)
        self.bids.point(event)
        self.hand.move(event.pos, frame.layout)

    def _press(self, event: pygame.event.Event, frame: Frame) -> list[Request]:
        self.mouse = event.pos
        if self.hud.press(event):
            return []
        if self.trick.reviewing:
            return [CloseLastTrick()]
        if frame.my_bid and self.bids.press(event):
            return []
        if not frame.idle:
            return [SkipAnimations()]
        if not self.hud.press_last_trick(event):
            self.hand.pick_up(event.pos, frame.layout)
        return [Hurry()]

    def _release(self, event: pygame.event.Event, frame: Frame) -> list[Request]:
        self.mouse = event.pos
        used, request = self.hud.release(event)
        if not used:
            used, request = self.bids.release(event)
        if not used:
            request = self.hand.drop(frame)
        return _listed(request)

    # ------------------------------------------------------------ keys
    def _key(self, key: int, frame: Frame, mods: int = 0) -> Request | None:
        # The modifiers held with this key (the keyboard's state now may have moved on:
        # a quick Ctrl+Z is read from its own event).
        if key == pygame.K_BACKSPACE or (key == pygame.K_z and mods & CTRL):
            return TakeBack()
        if key == pygame.K_TAB:
            return OpenScoreSheet()
        if key == pygame.K_ESCAPE:
            return CloseLastTrick() if self.trick.reviewing else OpenMenu()
        if not frame.idle and key in SKIP_KEYS and not frame.my_bid:
            return SkipAnimations()
        if key == pygame.K_l:
            return ToggleLastTrick()
        if key == pygame.K_c:
            return ToggleCoach()
        if key in DIGIT_KEYS:
            return self.bids.digit(DIGIT_KEYS[key], frame)
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            self._arrow(-1 if key == pygame.K_LEFT else 1, frame)
        elif key in CHOOSE_KEYS:
            return self.bids.choose() if frame.my_bid else self.hand.choose(frame)
        elif key == pygame.K_DOWN:
            self.hand.unfocus()
        return None

    def _arrow(self, step: int, frame: Frame) -> None:
        if frame.my_bid:
            self.bids.arrow(step)
        elif frame.human:
            self.hand.arrow(step)


def _listed(request: Request | None) -> list[Request]:
    return [] if request is None else [request]
