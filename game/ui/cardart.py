"""Playing-card art drawn entirely in code: faces, backs, placeholders and suit symbols.

Nothing here loads an image. Every card is drawn with pygame's drawing
primitives at several times its final size and smoothly scaled down, which
gives clean anti-aliased edges at any width. The only font used is pygame's
bundled default font.

Typical use::

    art = card_art(120)            # one shared, cached instance per size
    screen.blit(art.face(card), pos)   # rendered on first request, then cached
    screen.blit(art.back(), pos)
    suit_symbol(screen, Suit.HEARTS, (40, 40), 24, suit_colour(Suit.HEARTS, False))

The drawing lives beside this module: suit shapes in ``card_suits``, indices,
pips and aces in ``card_pips``, court figures in ``card_courts`` and the back
in ``card_back``. Preview the whole deck with
``uv run python tools/card_sheet.py deck.png``.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import lru_cache

import pygame

from game.rules.cards import Card, Rank
from game.ui.card_back import draw_back
from game.ui.card_courts import draw_court
from game.ui.card_palette import EDGE, FACE, Colour
from game.ui.card_pips import draw_ace, draw_indices, draw_pips
from game.ui.card_suits import suit_colour, suit_symbol

RATIO = 1.4

LAYOUT_WIDTHS = (50, 70, 110, 200)


def _by_width(width: float, values: Sequence[float]) -> float:
    """Interpolate a layout value given at each of LAYOUT_WIDTHS (held flat outside them)."""
    if width <= LAYOUT_WIDTHS[0]:
        return values[0]
    for (w0, v0), (w1, v1) in itertools.pairwise(zip(LAYOUT_WIDTHS, values, strict=True)):
        if width <= w1:
            return v0 + (v1 - v0) * (width - w0) / (w1 - w0)
    return values[-1]


class CardArt:
    """All the pictures of one deck at one size.

    Faces are drawn on first request and kept, so each is rendered once.
    """

    def __init__(self, width: int, *, four_colour: bool = False) -> None:
        if width < 8:
            raise ValueError(f"card width {width} is too small")
        self.width = int(width)
        self.height = round(self.width * RATIO)
        self.four_colour = four_colour
        # Supersampling factor: draw big, then smoothly scale down. Four (sixteen
        # samples a pixel) is smooth, and pygame's smoothscale is exact for
        # powers of two (with three, opaque pixels come out with alpha 253).
        self.scale = 4
        self._faces: dict[int, pygame.Surface] = {}
        self._back: pygame.Surface | None = None
        self._blank: pygame.Surface | None = None
        self._paper: pygame.Surface | None = None  # blank face at the supersampled size
        w = self.width
        self.radius = max(2.0, 0.06 * w)
        self.edge = max(1.0, w / 110)
        # Layout, in fractions of the width. Small cards get relatively larger
        # indices (so they stay legible in a fan) and smaller pips to make room.
        self.index_height = w * _by_width(w, (0.23, 0.215, 0.18, 0.155))
        self.index_suit = self.index_height * _by_width(w, (0.88, 0.85, 0.8, 0.78))
        self.index_x = w * _by_width(w, (0.13, 0.124, 0.112, 0.1))
        self.index_top = w * _by_width(w, (0.05, 0.054, 0.06, 0.06))
        self.pip_size = _by_width(w, (0.152, 0.165, 0.19, 0.19))
        self.pip_column = _by_width(w, (0.385, 0.365, 0.33, 0.32))
        self.panel_left = _by_width(w, (0.273, 0.262, 0.228, 0.21))

    # public API -------------------------------------------------------------

    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)

    def face(self, card: Card) -> pygame.Surface:
        """The face of ``card``: per-pixel alpha, rounded corners."""
        surface = self._faces.get(card.index)
        if surface is None:
            surface = self._finish(self._render_face(card))
            self._faces[card.index] = surface
        return surface

    def back(self) -> pygame.Surface:
        """The card back, symmetric under a half turn."""
        if self._back is None:
            self._back = self._finish(self._render_back())
        return self._back

    def blank(self) -> pygame.Surface:
        """A translucent empty card outline, for marking a place where a card can go."""
        if self._blank is None:
            self._blank = self._finish(self._render_blank())
        return self._blank

    # rendering --------------------------------------------------------------

    def _canvas(self, fill: Sequence[int]) -> pygame.Surface:
        """An empty card at the supersampled size."""
        s = self.scale
        canvas = pygame.Surface((self.width * s, self.height * s), pygame.SRCALPHA)
        canvas.fill(fill)
        return canvas

    def _finish(self, canvas: pygame.Surface) -> pygame.Surface:
        """The supersampled canvas scaled down to the card's size."""
        out = pygame.transform.smoothscale(canvas, (self.width, self.height))
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            out = out.convert_alpha()
        return out

    def _card_base(self, canvas: pygame.Surface, paper: Colour) -> pygame.Rect:
        """Paper with a thin edge; returns the paper's rectangle on the canvas."""
        s = self.scale
        rect = canvas.get_rect()
        radius = round(self.radius * s)
        pygame.draw.rect(canvas, EDGE, rect, border_radius=radius)
        inset = round(self.edge * s)
        inner = rect.inflate(-2 * inset, -2 * inset)
        pygame.draw.rect(canvas, paper, inner, border_radius=max(1, radius - inset))
        return inner

    def _render_face(self, card: Card) -> pygame.Surface:
        if self._paper is None:
            self._paper = self._canvas((*EDGE, 0))
            self._card_base(self._paper, FACE)
        canvas = self._paper.copy()
        colour = suit_colour(card.suit, self.four_colour)
        rank = card.rank
        if rank == Rank.ACE:
            draw_ace(self, canvas, card.suit, colour)
        elif rank >= Rank.JACK:
            draw_court(self, canvas, card, colour)
        else:
            draw_pips(self, canvas, card, colour)
        draw_indices(self, canvas, card, colour)
        return canvas

    def _render_back(self) -> pygame.Surface:
        canvas = self._canvas((*EDGE, 0))
        paper = self._card_base(canvas, FACE)
        draw_back(self, canvas, paper)
        return canvas

    def _render_blank(self) -> pygame.Surface:
        s = self.scale
        canvas = self._canvas((255, 255, 255, 0))
        rect = canvas.get_rect()
        radius = round(self.radius * s)
        pygame.draw.rect(canvas, (255, 255, 255, 150), rect, border_radius=radius)
        line = round(max(1.5, self.width / 60) * s)
        pygame.draw.rect(
            canvas,
            (255, 255, 255, 38),
            rect.inflate(-2 * line, -2 * line),
            border_radius=max(1, radius - line),
        )
        return canvas


def _card_art(width: int, four_colour: bool) -> CardArt:
    return CardArt(width, four_colour=four_colour)


_cached_card_art = lru_cache(maxsize=12)(_card_art)


def card_art(width: int, four_colour: bool = False) -> CardArt:
    """The shared :class:`CardArt` for this width and colour scheme."""
    return _cached_card_art(int(width), bool(four_colour))


__all__ = ["CardArt", "card_art", "suit_colour", "suit_symbol"]
