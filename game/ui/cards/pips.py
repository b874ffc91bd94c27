"""The number cards: corner indices, pip layouts and the aces (an ornate one for spades).

Every function draws on a card's supersampled canvas, laid out by its
:class:`~game.ui.cards.metrics.CardMetrics`.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.rules.cards import Card, Suit
from game.ui.cards.geometry import half_turn
from game.ui.cards.palette import FACE, Colour
from game.ui.cards.suits import draw_suit

if TYPE_CHECKING:
    from game.ui.cards.metrics import CardMetrics

# (column, row): column -1/0/1 = left/centre/right, row 0 = top to 1 = bottom.
PIP_LAYOUTS: dict[int, tuple[tuple[int, float], ...]] = {
    2: ((0, 0), (0, 1)),
    3: ((0, 0), (0, 0.5), (0, 1)),
    4: ((-1, 0), (1, 0), (-1, 1), (1, 1)),
    5: ((-1, 0), (1, 0), (0, 0.5), (-1, 1), (1, 1)),
    6: ((-1, 0), (1, 0), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)),
    7: ((-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)),
    8: ((-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (0, 0.75), (-1, 1), (1, 1)),
    9: (
        (-1, 0), (1, 0), (-1, 1 / 3), (1, 1 / 3), (0, 0.5),
        (-1, 2 / 3), (1, 2 / 3), (-1, 1), (1, 1),
    ),
    10: (
        (-1, 0), (1, 0), (0, 1 / 6), (-1, 1 / 3), (1, 1 / 3),
        (-1, 2 / 3), (1, 2 / 3), (0, 5 / 6), (-1, 1), (1, 1),
    ),
}  # fmt: skip


# --- index lettering ---------------------------------------------------------


@lru_cache(maxsize=32)
def _font(size: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(None, size)


@lru_cache(maxsize=1)
def _cap_ratio() -> float:
    """Height of a capital letter's ink relative to the font size."""
    return _font(200).render("K", True, (0, 0, 0)).get_bounding_rect().height / 200


def _glyphs(text: str, cap_height: float, colour: Colour, condense: float = 1.0) -> pygame.Surface:
    """Text cropped to its ink, scaled so capitals are ``cap_height`` pixels tall."""
    size = max(4, round(cap_height / _cap_ratio()))
    rendered = _font(size).render(text, True, colour)
    box = rendered.get_bounding_rect()
    ink = rendered.subsurface(box)
    height = box.height * cap_height / (size * _cap_ratio())
    width = box.width * height / box.height * condense
    return pygame.transform.smoothscale(ink, (max(1, round(width)), max(1, round(height))))


def _label(text: str, cap_height: float, colour: Colour) -> pygame.Surface:
    """A card index label; the two digits of ``10`` are set close together and narrowed."""
    if len(text) == 1:
        return _glyphs(text, cap_height, colour)
    parts = [_glyphs(ch, cap_height, colour, 0.86) for ch in text]
    gap = round(cap_height * 0.05)
    width = sum(p.get_width() for p in parts) + gap * (len(parts) - 1)
    out = pygame.Surface((width, max(p.get_height() for p in parts)), pygame.SRCALPHA)
    out.fill((*colour, 0))
    x = 0
    for part in parts:
        out.blit(part, (x, 0))
        x += part.get_width() + gap
    return out


def _embolden(glyph: pygame.Surface, amount: int) -> pygame.Surface:
    """Thicken a glyph by stamping it at small horizontal and vertical offsets."""
    if amount <= 0:
        return glyph
    w, h = glyph.get_size()
    out = pygame.Surface((w + 2 * amount, h + 2 * amount), pygame.SRCALPHA)
    for dx, dy in ((0, 0), (2, 0), (0, 2), (2, 2), (1, 1), (0, 1), (2, 1), (1, 0), (1, 2)):
        out.blit(glyph, (dx * amount, dy * amount))
    return out


# --- indices -----------------------------------------------------------------


def _index(art: CardMetrics, card: Card, colour: Colour) -> pygame.Surface:
    """The rank over the suit, as one block for a corner."""
    s = art.scale
    cap = art.index_height * s
    glyph = _label(card.rank.label, cap, colour)
    bold = round(art.width * s * 0.0035) if art.width < 100 else 0
    glyph = _embolden(glyph, bold)
    suit_size = art.index_suit * s
    gap = round(cap * 0.16)
    w = max(glyph.get_width(), math.ceil(suit_size)) + 2
    h = glyph.get_height() + gap + math.ceil(suit_size) + 2
    block = pygame.Surface((w, h), pygame.SRCALPHA)
    block.fill((*colour, 0))
    block.blit(glyph, ((w - glyph.get_width()) // 2, 0))
    top = glyph.get_height() - bold * 2 + gap
    draw_suit(block, card.suit, w / 2, top + suit_size / 2, suit_size, colour)
    return block


def draw_indices(art: CardMetrics, canvas: pygame.Surface, card: Card, colour: Colour) -> None:
    """The index in the top-left corner, and turned round in the bottom-right one."""
    s = art.scale
    index = _index(art, card, colour)
    canvas.blit(index, (round((art.index_x) * s - index.get_width() / 2), round(art.index_top * s)))
    turned = half_turn(index)
    canvas.blit(
        turned,
        (
            canvas.get_width() - round(art.index_x * s + turned.get_width() / 2),
            canvas.get_height() - round(art.index_top * s) - turned.get_height(),
        ),
    )


# --- pips and aces -----------------------------------------------------------


def draw_pips(art: CardMetrics, canvas: pygame.Surface, card: Card, colour: Colour) -> None:
    """The pips of a two to ten; those on the lower half stand upside down."""
    s = art.scale
    w, h = art.width * s, art.height * s
    size = w * art.pip_size
    columns = {-1: w * art.pip_column, 0: w * 0.5, 1: w * (1 - art.pip_column)}
    top, bottom = h * 0.205, h * 0.795
    for column, row in PIP_LAYOUTS[int(card.rank)]:
        y = top + (bottom - top) * row
        draw_suit(canvas, card.suit, columns[column], y, size, colour, flip=row > 0.5)


def draw_ace(art: CardMetrics, canvas: pygame.Surface, suit: Suit, colour: Colour) -> None:
    """One large pip; the ace of spades gets an ornate one."""
    s = art.scale
    w, h = art.width * s, art.height * s
    cx, cy = w / 2, h / 2
    if suit != Suit.SPADES:
        draw_suit(canvas, suit, cx, cy, w * 0.4, colour)
        return
    # An ornate spade: an inner contour line, a rosette inlay and, when there
    # is room for the detail, a beaded ring.
    if art.width >= 90:
        size = w * 0.55
        _beaded_ring(canvas, cx, cy, w, colour)
    else:
        size = w * 0.5
    draw_suit(canvas, suit, cx, cy, size, colour)
    draw_suit(canvas, suit, cx, cy - size * 0.022, size * 0.87, FACE)
    draw_suit(canvas, suit, cx, cy - size * 0.032, size * 0.81, colour)
    _rosette(canvas, cx, cy - size * 0.1, size * 0.085, colour)


def _beaded_ring(canvas: pygame.Surface, cx: float, cy: float, w: float, colour: Colour) -> None:
    """Beads between two thin rings round the ace of spades (``w``: the canvas width)."""
    ring = w * 0.365
    for k in range(32):
        a = k * math.pi / 16
        r = w * (0.0085 if k % 2 else 0.014)
        pygame.draw.circle(canvas, colour, (cx + ring * math.sin(a), cy - ring * math.cos(a)), r)
    thin = max(1, round(w * 0.005))
    pygame.draw.circle(canvas, colour, (cx, cy), ring - w * 0.032, thin)
    pygame.draw.circle(canvas, colour, (cx, cy), ring + w * 0.03, thin)


def _rosette(canvas: pygame.Surface, cx: float, ry: float, petal: float, colour: Colour) -> None:
    """The ace of spades' inlay: four petals round a bead centred on (cx, ry)."""
    for k in range(4):
        a = k * math.pi / 2
        dx, dy = math.sin(a), -math.cos(a)
        tip = (cx + dx * petal * 1.9, ry + dy * petal * 1.9)
        base = (cx + dx * petal * 0.45, ry + dy * petal * 0.45)
        side = (-dy * petal * 0.5, dx * petal * 0.5)
        mid = (cx + dx * petal * 1.05, ry + dy * petal * 1.05)
        pygame.draw.polygon(
            canvas,
            FACE,
            [
                base,
                (mid[0] + side[0], mid[1] + side[1]),
                tip,
                (mid[0] - side[0], mid[1] - side[1]),
            ],
        )
    pygame.draw.circle(canvas, FACE, (cx, ry), petal * 0.42)
    pygame.draw.circle(canvas, colour, (cx, ry), petal * 0.2)
