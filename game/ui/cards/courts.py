"""The court cards: king, queen and jack figures in a framed, two-headed panel.

Each court card shows the top half of a figure in a framed panel; the lower
half is the same picture turned through a half turn. Figures are drawn in
panel units (see :mod:`game.ui.cards.court_parts`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.rules.cards import Card, Rank, Suit
from game.ui.cards import court_parts as parts
from game.ui.cards.court_parts import COURT_COLOURS, FACE_V
from game.ui.cards.geometry import Point, half_turn, quad
from game.ui.cards.palette import (
    C_BLUE,
    C_GOLD,
    C_GOLD_DARK,
    C_HAIR_DARK,
    C_INK,
    C_LEAF,
    C_PANEL,
    C_RED,
    C_SKIN,
    C_STEEL,
    C_WHITE,
    Colour,
)
from game.ui.cards.pen import Pen

if TYPE_CHECKING:
    from game.ui.cards.metrics import CardMetrics

FIGURE_HEIGHT = 1.25


# --- king --------------------------------------------------------------------


def _king(pen: Pen, suit: Suit, bottom: float) -> None:
    """A bearded king with a sceptre, under a crown."""
    main, trim, accent = COURT_COLOURS[suit]
    parts.robe(pen, bottom, main, trim, accent)
    _king_cape_and_sceptre(pen, bottom, trim)
    _king_head(pen, main, trim)


def _king_cape_and_sceptre(pen: Pen, bottom: float, trim: Colour) -> None:
    """The king's ermine collar, and the sceptre in his right hand."""
    # Ermine cape collar.
    cape = [(0.06, 0.8), *quad((0.14, 0.96), (0.3, 1.0), (0.5, 1.0), 8)]
    pen.sym(cape[:-1], C_WHITE)
    for u, v in ((0.16, 0.86), (0.27, 0.93), (0.39, 0.965)):
        for uu in (u, 1 - u):
            pen.poly([(uu, v - 0.028), (uu + 0.014, v + 0.012), (uu - 0.014, v + 0.012)], C_INK)
    # Sceptre in the right hand.
    parts.arm(pen, 0.84, bottom, trim, C_WHITE)
    parts.staff(pen, 0.84, 0.3, 0.98, C_GOLD)
    pen.circle(0.84, 0.27, 0.05, C_GOLD)
    pen.stroke([(0.792, 0.27), (0.888, 0.27)], width=0.7)
    pen.poly([(0.831, 0.215), (0.849, 0.215), (0.849, 0.14), (0.831, 0.14)], C_GOLD)
    pen.poly([(0.81, 0.162), (0.87, 0.162), (0.87, 0.182), (0.81, 0.182)], C_GOLD)
    parts.fist(pen, 0.84, 1.0)


def _king_head(pen: Pen, main: Colour, trim: Colour) -> None:
    """The king's cap, white hair, face, beard and crown."""
    cv = FACE_V
    # Velvet cap under the crown, white hair and a full beard.
    pen.ellipse(0.5, cv - 0.21, 0.16, 0.12, parts.other(main, C_GOLD, C_RED))
    for v in (cv - 0.06, cv + 0.03, cv + 0.11):
        for uu in (0.345, 0.655):
            pen.circle(uu, v, 0.05, C_WHITE)
    parts.face(pen, cv, lips=False)
    beard = [
        (0.5, cv + 0.09),
        (0.42, cv + 0.09),
        (0.362, cv + 0.03),
        *quad((0.345, cv + 0.16), (0.39, cv + 0.27), (0.44, cv + 0.3), 6),
        (0.47, cv + 0.285),
        (0.5, cv + 0.32),
    ]
    pen.sym(beard[:-1], C_WHITE)
    for u in (0.41, 0.455):
        for uu in (u, 1 - u):
            mid = uu + (0.5 - uu) * 0.2
            pen.stroke(quad((uu, cv + 0.16), (mid, cv + 0.21), (uu, cv + 0.26), 5), width=0.7)
    pen.ellipse(0.5, cv + 0.125, 0.03, 0.013, C_RED, outline=False)
    tache = [
        (0.5, cv + 0.09),
        (0.455, cv + 0.082),
        (0.4, cv + 0.092),
        (0.375, cv + 0.13),
        (0.425, cv + 0.112),
        (0.47, cv + 0.108),
    ]
    pen.sym(tache, C_WHITE)
    jewels = (parts.other(trim, C_GOLD, C_BLUE), C_RED if main == C_BLUE else C_BLUE)
    parts.crown(pen, cv - 0.15, 0.11, 0.175, jewels)


# --- queen -------------------------------------------------------------------


def _queen(pen: Pen, suit: Suit, bottom: float) -> None:
    """A queen with long golden hair and a tiara, holding a rose."""
    main, trim, accent = COURT_COLOURS[suit]
    cv = FACE_V - 0.02
    parts.robe(pen, bottom, main, trim, accent)
    _queen_hair_and_bodice(pen, cv, bottom, trim, accent)
    parts.face(pen, cv)
    _queen_fringe_and_tiara(pen, cv, trim)
    _queen_rose(pen, bottom, trim, accent)


def _queen_hair_and_bodice(
    pen: Pen, cv: float, bottom: float, trim: Colour, accent: Colour
) -> None:
    """The queen's long hair, neck, necklace and laced bodice."""
    # Long hair over the shoulders.
    hair = [(0.5, cv - 0.2), *quad((0.35, cv - 0.2), (0.3, cv - 0.05), (0.31, cv + 0.12), 6)]
    hair += [*quad((0.31, 0.66), (0.25, 0.84), (0.29, 0.93), 6), (0.36, 0.93), (0.41, 0.78)]
    pen.sym(hair, C_GOLD)
    for uu in (0.34, 0.66):
        pen.stroke(quad((uu, 0.55), (uu + (0.5 - uu) * -0.3, 0.74), (uu, 0.89), 6), C_GOLD_DARK)
    # Neck, square neckline, necklace and laced bodice.
    pen.poly([(0.455, 0.64), (0.545, 0.64), (0.555, 0.8), (0.445, 0.8)], C_SKIN)
    pen.sym([(0.39, 0.785), (0.41, 0.9)], C_SKIN)
    pen.sym([(0.4, bottom), (0.41, 0.9)], trim)
    lace = parts.other(accent, trim, C_GOLD)
    for i in range(5):
        v = 0.96 + i * 0.07
        pen.stroke([(0.43, v), (0.5, v + 0.03), (0.57, v)], lace, width=1.6)
    for i in range(7):
        pen.circle(0.44 + i * 0.02, 0.805 + 0.035 * math.sin(i / 6 * math.pi), 0.01, C_GOLD)
    pen.poly([(0.5, 0.845), (0.517, 0.87), (0.5, 0.895), (0.483, 0.87)], C_RED)


def _queen_fringe_and_tiara(pen: Pen, cv: float, trim: Colour) -> None:
    """The queen's parted fringe, earrings and tiara (over her face)."""
    # Hair parted in the middle, and earrings.
    for side in (-1, 1):
        fringe = [
            (0.5, cv - 0.18),
            *quad(
                (0.5 + side * 0.11, cv - 0.2),
                (0.5 + side * 0.165, cv - 0.13),
                (0.5 + side * 0.15, cv + 0.06),
                6,
            ),
            *quad(
                (0.5 + side * 0.12, cv - 0.06), (0.5 + side * 0.07, cv - 0.14), (0.5, cv - 0.145), 6
            ),
        ]
        pen.poly(fringe, C_GOLD)
        pen.circle(0.5 + side * 0.152, cv + 0.075, 0.015, C_GOLD)
        pen.circle(0.5 + side * 0.152, cv + 0.107, 0.011, C_RED)
    # Tiara.
    jewel = parts.other(trim, C_GOLD, C_BLUE)
    tiara = [
        (0.36, cv - 0.15),
        (0.365, cv - 0.2),
        (0.4, cv - 0.255),
        (0.43, cv - 0.215),
        (0.465, cv - 0.275),
        (0.5, cv - 0.32),
    ]
    pen.sym(tiara, C_GOLD)
    pen.stroke([(0.365, cv - 0.185), (0.635, cv - 0.185)], width=0.8)
    for u, v in ((0.4, cv - 0.27), (0.6, cv - 0.27), (0.5, cv - 0.335)):
        pen.circle(u, v, 0.018, C_WHITE)
    pen.ellipse(0.5, cv - 0.23, 0.028, 0.034, jewel)
    for u in (0.415, 0.585):
        pen.circle(u, cv - 0.2, 0.012, C_RED)


def _queen_rose(pen: Pen, bottom: float, trim: Colour, accent: Colour) -> None:
    """The rose in the queen's left hand."""
    # A rose held in the left hand.
    parts.arm(
        pen, 0.2, bottom, trim if trim != C_GOLD else accent, C_GOLD if trim != C_GOLD else C_WHITE
    )
    pen.stroke([(0.205, 0.99), (0.2, 0.8)], C_LEAF, width=1.8)
    pen.poly([(0.203, 0.9), (0.13, 0.86), (0.16, 0.83), (0.203, 0.88)], C_LEAF)
    parts.fist(pen, 0.205, 1.0)
    for k in range(5):
        a = -math.pi / 2 + k * 2 * math.pi / 5
        pen.circle(0.2 + 0.038 * math.cos(a), 0.76 + 0.038 * math.sin(a), 0.032, C_RED)
    pen.circle(0.2, 0.76, 0.022, C_GOLD)


# --- jack --------------------------------------------------------------------


def _jack(pen: Pen, suit: Suit, bottom: float) -> None:
    """A young jack in a feathered cap, with a halberd."""
    main, trim, accent = COURT_COLOURS[suit]
    parts.robe(pen, bottom, main, trim, accent)
    _jack_ruff_and_halberd(pen, bottom, trim, accent)
    _jack_head(pen, main, trim, accent)


def _jack_ruff_and_halberd(pen: Pen, bottom: float, trim: Colour, accent: Colour) -> None:
    """The jack's pleated ruff, and the halberd in his right hand."""
    # Pleated ruff.
    ruff: list[Point] = [(0.27, 0.775)]
    for i in range(10):
        u = 0.29 + i * 0.042
        ruff += [(u, 0.865), (u + 0.021, 0.805)]
    ruff += [(0.71, 0.865), (0.73, 0.775)]
    pen.poly(ruff, C_WHITE)
    # Halberd in the right hand.
    parts.arm(pen, 0.84, bottom, trim, parts.other(accent, trim, C_GOLD))
    parts.staff(pen, 0.84, 0.2, 0.98, C_GOLD_DARK)
    pen.poly([(0.855, 0.26), (0.94, 0.22), (0.975, 0.31), (0.92, 0.4), (0.855, 0.37)], C_STEEL)
    pen.poly([(0.825, 0.27), (0.775, 0.3), (0.825, 0.34)], C_STEEL)
    pen.poly([(0.84, 0.06), (0.86, 0.2), (0.82, 0.2)], C_STEEL)
    pen.circle(0.84, 0.42, 0.022, parts.other(trim, C_GOLD, C_RED))
    parts.fist(pen, 0.84, 1.0)


def _jack_head(pen: Pen, main: Colour, trim: Colour, accent: Colour) -> None:
    """The jack's neck, bobbed hair, face and feathered cap."""
    cv = FACE_V
    # Neck, dark bobbed hair and face.
    pen.poly([(0.455, 0.66), (0.545, 0.66), (0.555, 0.78), (0.445, 0.78)], C_SKIN)
    hair = [
        (0.5, cv - 0.19),
        (0.37, cv - 0.16),
        (0.335, cv - 0.04),
        (0.33, cv + 0.09),
        (0.35, cv + 0.15),
        (0.4, cv + 0.14),
        (0.42, cv + 0.05),
    ]
    pen.sym(hair, C_HAIR_DARK)
    parts.face(pen, cv, brows=C_HAIR_DARK)
    for side in (-1, 1):
        curl = quad(
            (0.5 + side * 0.165, cv - 0.04),
            (0.5 + side * 0.18, cv + 0.06),
            (0.5 + side * 0.15, cv + 0.12),
            5,
        )
        pen.stroke(curl, (110, 100, 110), width=0.8)
    # A soft cap with a brim and a sweeping feather.
    feather_col = C_WHITE if accent in (main, C_RED) else accent
    feather = [
        *quad((0.58, cv - 0.19), (0.75, cv - 0.23), (0.93, 0.08), 8),
        *quad((0.93, 0.08), (0.7, cv - 0.33), (0.56, cv - 0.25), 8)[1:],
    ]
    pen.poly(feather, feather_col)
    pen.stroke(quad((0.58, cv - 0.21), (0.74, cv - 0.27), (0.93, 0.08), 8), width=0.7)
    cap = [(0.31, cv - 0.11), *quad((0.27, cv - 0.23), (0.37, cv - 0.33), (0.5, cv - 0.33), 6)]
    pen.sym(cap[:-1], main)
    pen.sym([(0.32, cv - 0.1), (0.33, cv - 0.165)], trim)
    pen.circle(0.66, cv - 0.18, 0.026, C_GOLD)
    pen.circle(0.66, cv - 0.18, 0.011, C_RED, outline=False)


COURT_FIGURES: dict[Rank, Callable[[Pen, Suit, float], None]] = {
    Rank.KING: _king,
    Rank.QUEEN: _queen,
    Rank.JACK: _jack,
}


# --- the panel ---------------------------------------------------------------


def draw_court(art: CardMetrics, canvas: pygame.Surface, card: Card, colour: Colour) -> None:
    """The figure's panel: its top half, the same turned round below, a band and a frame."""
    s = art.scale
    w, h = art.width * s, art.height * s
    left, right = round(w * art.panel_left), round(w * (1 - art.panel_left))
    top, bottom = round(h * 0.045), round(h * 0.955)
    pw = right - left
    half_h = (bottom - top) // 2
    half = _half_panel(card, colour, pw, half_h, s)
    canvas.blit(half, (left, top))
    canvas.blit(half_turn(half), (left, bottom - half_h))
    # Divider band across the middle, and the frame.
    mid = top + half_h
    if (bottom - top) % 2:
        pygame.draw.line(canvas, C_PANEL, (left, mid), (right, mid))
    band = max(2, round(pw * 0.022))
    band_rect = pygame.Rect(left, mid - band, pw, 2 * band)
    pygame.draw.rect(canvas, C_GOLD, band_rect)
    line = max(1, round(pw * 0.008))
    pygame.draw.line(canvas, C_INK, band_rect.topleft, band_rect.topright, line)
    pygame.draw.line(
        canvas, C_INK, (left, band_rect.bottom - 1), (right, band_rect.bottom - 1), line
    )
    frame = pygame.Rect(left, top, pw, bottom - top)
    pygame.draw.rect(canvas, colour, frame, max(1, round(pw * 0.014)))
    inner = frame.inflate(-round(pw * 0.045), -round(pw * 0.045))
    pygame.draw.rect(canvas, C_GOLD_DARK, inner, max(1, round(pw * 0.006)))


def _half_panel(card: Card, colour: Colour, pw: int, half_h: int, s: int) -> pygame.Surface:
    """The upper half of the panel: hatching, the figure and a suit symbol in the corner."""
    half = pygame.Surface((pw, half_h), pygame.SRCALPHA)
    half.fill(C_PANEL)
    # Figures are designed for a half panel 1.25 units tall; the panel's
    # width varies a little with the card size, so centre the figure.
    unit = half_h / FIGURE_HEIGHT
    pen = Pen(half, pw / 2 - unit / 2, 0, unit, C_INK, 0.013)
    # Faint diagonal hatching in the panel background.
    step = pw * 0.06
    hatch = (238, 229, 206)
    x: float = -half_h
    while x < pw:
        pygame.draw.line(half, hatch, (x, half_h), (x + half_h, 0), max(1, round(s * 0.5)))
        x += step
    COURT_FIGURES[card.rank](pen, card.suit, FIGURE_HEIGHT + 0.02)
    corner = 0.5 - pw / unit / 2
    pen.suit(card.suit, corner + 0.13, 0.13, 0.16, colour)
    return half
