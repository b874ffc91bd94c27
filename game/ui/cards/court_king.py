"""The king: white-bearded under a tall arched crown, in an ermine cape, sword raised.

Drawn in panel units (see :mod:`game.ui.cards.court_parts`). What tells him
apart even on the smallest card: the tall gold crown, the white beard and
cape across the middle, and the steel blade up the right side.
"""

from __future__ import annotations

from game.rules.cards import Suit
from game.ui.cards import court_parts as parts
from game.ui.cards.court_parts import COURT_COLOURS, WIDE
from game.ui.cards.geometry import quad
from game.ui.cards.palette import (
    C_BLUE,
    C_GOLD,
    C_GOLD_DARK,
    C_INK,
    C_RED,
    C_STEEL,
    C_VELVET,
    C_WHITE,
    Colour,
)
from game.ui.cards.pen import Pen

KING_FACE_V = 0.5
"""How far down the card the king's face sits (a share of the figure's height)."""
SWORD_U = 0.85


def draw_king(pen: Pen, suit: Suit, bottom: float) -> None:
    """The whole king, back to front."""
    main, trim, _ = COURT_COLOURS[suit]
    parts.shoulders(pen, bottom, main, 0.4, 0.74)
    _robe_front(pen, bottom, trim)
    _ermine_cape(pen)
    _sword(pen, bottom, main)
    _head(pen)
    _crown(pen, parts.other(trim, C_GOLD, parts.opposite(main)))


def _robe_front(pen: Pen, bottom: float, trim: Colour) -> None:
    """A broad gold-edged front panel down the middle of the robe."""
    pen.sym([(0.36, bottom), (0.4, 0.9)], C_GOLD)
    pen.sym([(0.4, bottom), (0.43, 0.9)], trim)
    for v in (1.0, 1.12):
        pen.circle(0.5, v, 0.03, C_GOLD)


def _ermine_cape(pen: Pen) -> None:
    """A white fur cape over the shoulders, dotted with black ermine tails."""
    cape = [
        (0.5, 0.76),
        *quad((0.4, 0.74), (0.12, 0.76), (0.02, 0.81), 6),
        (-WIDE, 0.84),
        *quad((-WIDE, 1.0), (0.22, 1.06), (0.5, 1.02), 6),
    ]
    pen.sym(cape, C_WHITE)
    for u, v in (
        (0.08, 0.9),
        (0.22, 0.86),
        (0.18, 0.98),
        (-0.06, 0.94),
        (-0.2, 0.92),
        (0.32, 0.97),
    ):
        for uu in (u, 1 - u):
            _ermine_tail(pen, uu, v)


def _ermine_tail(pen: Pen, u: float, v: float) -> None:
    """One black tail on the fur: a dot and a short wedge below it."""
    pen.poly([(u, v - 0.03), (u + 0.016, v + 0.018), (u - 0.016, v + 0.018)], C_INK, outline=False)
    pen.circle(u, v - 0.03, 0.012, C_INK, outline=False)


def _sword(pen: Pen, bottom: float, main: Colour) -> None:
    """A broadsword held upright in the king's left hand (on the viewer's right)."""
    u = SWORD_U
    parts.arm(pen, u, bottom, main, C_WHITE)
    blade = [(u - 0.032, 0.86), (u - 0.032, 0.16), (u, 0.08), (u + 0.032, 0.16), (u + 0.032, 0.86)]
    pen.poly(blade, C_STEEL)
    pen.stroke([(u, 0.16), (u, 0.84)], (150, 156, 170), width=1.2)
    parts.bar(pen, u - 0.1, 0.86, u + 0.1, 0.9, C_GOLD)
    parts.bar(pen, u - 0.018, 0.9, u + 0.018, 1.09, C_GOLD_DARK)
    parts.fist(pen, u, 1.0)


def _head(pen: Pen) -> None:
    """White hair, the face with white brows, a full pointed beard and moustache."""
    cv = KING_FACE_V
    pen.sym([(0.5, cv - 0.17), (0.35, cv - 0.14), (0.32, cv + 0.04), (0.35, cv + 0.14)], C_WHITE)
    parts.face(pen, cv, brows=C_WHITE, brow_width=2.2, lips=None)
    beard = [
        (0.5, cv + 0.1),
        (0.42, cv + 0.09),
        (0.352, cv + 0.0),
        *quad((0.33, cv + 0.2), (0.4, cv + 0.36), (0.5, cv + 0.44), 8),
    ]
    pen.sym(beard, C_WHITE)
    for u in (0.41, 0.455):
        for uu in (u, 1 - u):
            mid = uu + (0.5 - uu) * 0.2
            pen.stroke(quad((uu, cv + 0.17), (mid, cv + 0.25), (uu, cv + 0.33), 5), width=0.7)
    pen.ellipse(0.5, cv + 0.125, 0.03, 0.012, C_RED, outline=False)
    tache = [
        (0.5, cv + 0.09),
        (0.455, cv + 0.08),
        (0.39, cv + 0.095),
        (0.35, cv + 0.15),
        (0.42, cv + 0.115),
        (0.47, cv + 0.108),
    ]
    pen.sym(tache, C_WHITE)


def _crown(pen: Pen, jewel: Colour) -> None:
    """A tall arched crown over a velvet cap: band, lilies, arches, orb and cross."""
    base, band = KING_FACE_V - 0.14, 0.07
    top = base - 0.22
    pen.ellipse(0.5, base - 0.11, 0.15, 0.11, C_VELVET)
    arches = [
        quad((0.5 + side * 0.16, base - band), (0.5 + side * 0.15, top), (0.5, top), 8)
        for side in (-1, 1)
    ]
    arches.append([(0.5, base - band), (0.5, top)])
    for arch in arches:
        pen.stroke(arch, C_INK, width=3.6)
    for arch in arches:
        pen.stroke(arch, C_GOLD, width=2.2)
    for u in (0.36, 0.5, 0.64):
        lily = [(u - 0.035, base - band), (u, base - band - 0.075), (u + 0.035, base - band)]
        pen.poly(lily, C_GOLD)
    parts.bar(pen, 0.33, base - band, 0.67, base, C_GOLD)
    second = C_BLUE if jewel != C_BLUE else C_RED
    parts.jewel_row(pen, base - band / 2, (0.4, 0.5, 0.6), (jewel, second))
    pen.circle(0.5, top - 0.02, 0.032, C_GOLD)
    parts.bar(pen, 0.49, top - 0.1, 0.51, top - 0.04, C_GOLD)
    parts.bar(pen, 0.47, top - 0.08, 0.53, top - 0.06, C_GOLD)
