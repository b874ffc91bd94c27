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

The drawing lives beside this module: measurements in ``metrics``, suit shapes in
``suits``, indices, pips and aces in ``pips``, court figures in ``courts`` and the
back in ``back``. Preview the whole deck with
``uv run python tools/card_sheet.py deck.png``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import pygame

from game.rules.cards import Card, Rank
from game.ui.cards.back import draw_back
from game.ui.cards.courts import draw_court
from game.ui.cards.metrics import CardMetrics
from game.ui.cards.palette import EDGE, FACE, Colour
from game.ui.cards.pips import draw_ace, draw_indices, draw_pips
from game.ui.cards.suits import suit_colour, suit_symbol
from game.ui.kit import theme


class CardArt:
    """All the pictures of one deck at one size.

    Faces are drawn on first request and kept, so each is rendered once.
    """

    def __init__(self, width: int, *, four_colour: bool = False, back: str = "blue") -> None:
        self.metrics = CardMetrics.for_width(width)
        self.width = self.metrics.width
        self.height = self.metrics.height
        self.scale = self.metrics.scale
        self.radius = self.metrics.radius
        self.edge = self.metrics.edge
        self.four_colour = four_colour
        self.design = back
        """The back's design (:data:`~game.ui.cards.back.BACKS`)."""
        self._faces: dict[int, pygame.Surface] = {}
        self._back: pygame.Surface | None = None
        self._blank: pygame.Surface | None = None
        self._paper: pygame.Surface | None = None  # blank face at the supersampled size

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
            draw_ace(self.metrics, canvas, card.suit, colour)
        elif rank >= Rank.JACK:
            draw_court(self.metrics, canvas, card, colour)
        else:
            draw_pips(self.metrics, canvas, card, colour)
        draw_indices(self.metrics, canvas, card, colour)
        return canvas

    def _render_back(self) -> pygame.Surface:
        canvas = self._canvas((*EDGE, 0))
        paper = self._card_base(canvas, FACE)
        draw_back(self.metrics, canvas, paper, self.design)
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


def _card_art(width: int, four_colour: bool, back: str) -> CardArt:
    return CardArt(width, four_colour=four_colour, back=back)


_cached_card_art = lru_cache(maxsize=12)(_card_art)


def card_art(width: int, four_colour: bool = False, back: str | None = None) -> CardArt:
    """The shared :class:`CardArt` for this width and colour scheme, with the ``back``
    named, or the one the player chose (:data:`game.ui.kit.theme.card_back`)."""
    return _cached_card_art(int(width), bool(four_colour), back or theme.card_back)


__all__ = ["CardArt", "card_art", "suit_colour", "suit_symbol"]
