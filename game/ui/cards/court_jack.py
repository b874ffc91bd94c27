"""The jack: a beardless youth in a feathered beret and a parti-coloured doublet, with a halberd.

Drawn in panel units (see :mod:`game.ui.cards.court_parts`). What tells him
apart even on the smallest card: the doublet split down the middle into two
colours (which the half turn makes a chequer), the broad beret with no gold
above it, the brown hair and the axe-head on the left.
"""

from __future__ import annotations

from game.rules.cards import Suit
from game.ui.cards import court_parts as parts
from game.ui.cards.court_parts import COURT_COLOURS, WIDE
from game.ui.cards.geometry import quad
from game.ui.cards.palette import (
    C_GOLD,
    C_GOLD_DARK,
    C_HAIR_BROWN,
    C_INK,
    C_RED,
    C_STEEL,
    C_WHITE,
    Colour,
)
from game.ui.cards.pen import Pen

JACK_FACE_V = 0.55
HALBERD_U = 0.15


def draw_jack(pen: Pen, suit: Suit, bottom: float) -> None:
    """The whole jack, back to front."""
    main, trim, accent = COURT_COLOURS[suit]
    _doublet(pen, bottom, main, trim)
    _halberd(pen, bottom, trim)
    _head(pen)
    _beret(pen, main, parts.other(accent, main, C_GOLD))


def _doublet(pen: Pen, bottom: float, left: Colour, right: Colour) -> None:
    """A doublet split down the middle, gold buttons and a falling white collar."""
    top = 0.8
    curve = quad((0.02, top + 0.07), (0.14, top + 0.02), (0.42, top), 6)
    half = [(-WIDE, bottom), (-WIDE, top + 0.1), *curve, (0.5, top), (0.5, bottom)]
    pen.poly(half, left)
    pen.poly([(1 - u, v) for u, v in half], right)
    for u in (0.2, 0.8):
        pen.stroke([(u, top + 0.12), (u, bottom)], C_GOLD_DARK, width=1.4)
    for v in (0.9, 0.98, 1.06, 1.14):
        pen.circle(0.5, v, 0.018, C_GOLD)
    parts.neck(pen, JACK_FACE_V + 0.14, top + 0.02)
    collar = [(0.5, top + 0.02), (0.4, top - 0.02), (0.37, top + 0.05), (0.44, top + 0.09)]
    pen.sym(collar, C_WHITE)
    pen.stroke([(0.5, top + 0.02), (0.5, top + 0.08)])


def _halberd(pen: Pen, bottom: float, sleeve: Colour) -> None:
    """A halberd held upright in the jack's right hand (on the viewer's left)."""
    u = HALBERD_U
    parts.arm(pen, u, bottom, sleeve, C_WHITE)
    parts.staff(pen, u, 0.3, 0.98, C_GOLD_DARK)
    pen.poly(
        [(u - 0.015, 0.36), (u - 0.1, 0.32), (u - 0.12, 0.42), (u - 0.08, 0.5), (u - 0.015, 0.47)],
        C_STEEL,
    )
    pen.poly([(u + 0.015, 0.38), (u + 0.07, 0.41), (u + 0.015, 0.45)], C_STEEL)
    pen.poly([(u, 0.24), (u + 0.02, 0.36), (u - 0.02, 0.36)], C_STEEL)
    pen.circle(u, 0.53, 0.022, C_RED)
    parts.fist(pen, u, 1.0)


def _head(pen: Pen) -> None:
    """Brown hair cut in a bob with a fringe, and a young, beardless face."""
    cv = JACK_FACE_V
    bob = [
        (0.5, cv - 0.2),
        (0.36, cv - 0.17),
        (0.315, cv - 0.04),
        (0.31, cv + 0.1),
        (0.34, cv + 0.17),
        (0.4, cv + 0.16),
        (0.41, cv + 0.05),
    ]
    pen.sym(bob, C_HAIR_BROWN)
    parts.face(pen, cv, brows=C_HAIR_BROWN, lips=(214, 104, 104), half_width=0.14)
    fringe = [(0.5, cv - 0.12), (0.39, cv - 0.1), (0.36, cv - 0.05), (0.36, cv - 0.16)]
    pen.sym(fringe, C_HAIR_BROWN)


def _beret(pen: Pen, colour: Colour, band: Colour) -> None:
    """A broad beret worn at a tilt, with a band, a gold brooch and a long white feather."""
    cv = JACK_FACE_V
    feather = [
        *quad((0.7, cv - 0.2), (0.88, cv - 0.3), (0.7, 0.04), 8),
        *quad((0.7, 0.04), (0.78, cv - 0.36), (0.64, cv - 0.24), 8)[1:],
    ]
    pen.poly(feather, C_WHITE)
    pen.stroke(quad((0.68, cv - 0.21), (0.82, cv - 0.31), (0.7, 0.04), 8), width=0.7)
    crown = [
        (0.3, cv - 0.17),
        *quad((0.24, cv - 0.3), (0.48, cv - 0.36), (0.76, cv - 0.32), 8),
        *quad((0.84, cv - 0.29), (0.78, cv - 0.2), (0.7, cv - 0.17), 4),
    ]
    pen.poly(crown, colour)
    parts.bar(pen, 0.32, cv - 0.2, 0.7, cv - 0.15, band)
    pen.circle(0.64, cv - 0.2, 0.03, C_GOLD)
    pen.circle(0.64, cv - 0.2, 0.012, C_INK, outline=False)
