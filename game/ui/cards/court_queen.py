"""The queen: long golden hair under a veil and a low coronet, holding a rose.

Drawn in panel units (see :mod:`game.ui.cards.court_parts`). What tells her
apart even on the smallest card: the coloured veil falling to her shoulders,
the gold hair framing a bare face, the bare neckline and the rose on the left.
"""

from __future__ import annotations

import math

from game.rules.cards import Suit
from game.ui.cards import court_parts as parts
from game.ui.cards.court_parts import COURT_COLOURS
from game.ui.cards.geometry import quad
from game.ui.cards.palette import (
    C_BLUE,
    C_GOLD,
    C_GOLD_DARK,
    C_LEAF,
    C_PINK,
    C_RED,
    C_SKIN,
    C_WHITE,
    Colour,
)
from game.ui.cards.pen import Pen

QUEEN_FACE_V = 0.52
ROSE = (0.22, 0.86)


def draw_queen(pen: Pen, suit: Suit, bottom: float) -> None:
    """The whole queen, back to front."""
    main, trim, _ = COURT_COLOURS[suit]
    veil = parts.opposite(main)
    _veil(pen, veil)
    parts.shoulders(pen, bottom, main, 0.38, 0.76)
    _bodice(pen, bottom, trim)
    _hair(pen)
    parts.face(pen, QUEEN_FACE_V, lashes=True, half_width=0.14)
    _fringe_and_coronet(pen, veil)
    _rose(pen, bottom, main)


def _veil(pen: Pen, colour: Colour) -> None:
    """A veil from under the coronet down behind the hair to the shoulders."""
    cv = QUEEN_FACE_V
    veil = [
        (0.5, cv - 0.25),
        *quad((0.3, cv - 0.25), (0.24, cv + 0.1), (0.12, cv + 0.42), 8),
        (0.3, cv + 0.44),
    ]
    pen.sym(veil, colour)
    for u in (0.22, 0.27):  # folds
        for uu in (u, 1 - u):
            top, foot = (0.5 + (uu - 0.5) * 0.6, cv - 0.1), (uu - (0.5 - uu) * 0.3, cv + 0.4)
            pen.stroke(quad(top, (uu, cv + 0.1), foot, 5), width=0.7)


def _bodice(pen: Pen, bottom: float, colour: Colour) -> None:
    """A square neckline with a pearl necklace, and a laced bodice below it."""
    pen.poly([(0.38, 0.78), (0.62, 0.78), (0.6, 0.9), (0.4, 0.9)], C_SKIN)
    pen.sym([(0.37, bottom), (0.4, 0.9), (0.5, 0.9)], colour)
    lace = parts.other(C_GOLD, colour, C_RED)
    for i in range(4):
        v = 0.96 + i * 0.075
        pen.stroke([(0.44, v), (0.5, v + 0.03), (0.56, v)], lace, width=1.6)
    for i in range(7):
        u = 0.43 + i * 0.0233
        pen.circle(u, 0.8 + 0.04 * math.sin(i / 6 * math.pi), 0.011, C_WHITE)
    pen.poly([(0.5, 0.845), (0.517, 0.87), (0.5, 0.895), (0.483, 0.87)], C_RED)
    parts.gold_trim(pen, [(0.4, 0.9), (0.6, 0.9)])


def _hair(pen: Pen) -> None:
    """Long golden hair framing the face and falling over the shoulders."""
    cv = QUEEN_FACE_V
    hair = [
        (0.5, cv - 0.19),
        *quad((0.35, cv - 0.19), (0.3, cv - 0.05), (0.31, cv + 0.12), 6),
        *quad((0.31, cv + 0.2), (0.27, cv + 0.32), (0.31, cv + 0.4), 6),
        (0.37, cv + 0.39),
        (0.4, cv + 0.22),
    ]
    pen.sym(hair, C_GOLD)
    for uu in (0.335, 0.665):
        mid = uu + (0.5 - uu) * -0.3
        pen.stroke(quad((uu, cv + 0.05), (mid, cv + 0.22), (uu, cv + 0.37), 6), C_GOLD_DARK)


def _fringe_and_coronet(pen: Pen, veil: Colour) -> None:
    """Hair parted in the middle, pearl earrings, and a low coronet of fleurons."""
    cv = QUEEN_FACE_V
    for side in (-1, 1):
        # One half of the fringe, as (distance from the parting, height above the face).
        half = [
            (0.0, -0.18),
            *quad((0.11, -0.2), (0.16, -0.13), (0.145, 0.05), 6),
            *quad((0.115, -0.06), (0.07, -0.14), (0.0, -0.145), 6),
        ]
        pen.poly([(0.5 + side * du, cv + dv) for du, dv in half], C_GOLD)
        pen.circle(0.5 + side * 0.145, cv + 0.08, 0.016, C_WHITE)
    base = cv - 0.17
    coronet = [(0.35, base), (0.35, base - 0.05)]
    for u in (0.39, 0.5, 0.61):
        coronet += [(u - 0.04, base - 0.05), (u - 0.03, base - 0.09), (u, base - 0.075)]
        coronet += [(u, base - 0.13), (u, base - 0.075)] if u == 0.5 else [(u, base - 0.11)]
        coronet += [(u + 0.03, base - 0.09), (u + 0.04, base - 0.05)]
    coronet += [(0.65, base - 0.05), (0.65, base)]
    pen.poly(coronet, C_GOLD)
    jewel = C_RED if veil == C_BLUE else C_BLUE
    parts.jewel_row(pen, base - 0.025, (0.42, 0.5, 0.58), (C_WHITE, jewel))


def _rose(pen: Pen, bottom: float, main: Colour) -> None:
    """A rose held up in the queen's right hand (on the viewer's left)."""
    ru, rv = ROSE
    parts.arm(pen, ru, bottom, main, C_GOLD)
    pen.stroke([(ru + 0.005, 0.99), (ru, rv)], C_LEAF, width=1.8)
    for leaf in (
        ((0.003, 0.1), (-0.08, 0.06), (-0.05, 0.03), (0.003, 0.08)),
        ((0.003, 0.07), (0.075, 0.03), (0.05, 0.0), (0.003, 0.05)),
    ):
        pen.poly([(ru + du, rv + dv) for du, dv in leaf], C_LEAF)
    parts.fist(pen, ru + 0.005, 1.0)
    petal = C_RED if main == C_BLUE else C_PINK
    for k in range(5):
        a = -math.pi / 2 + k * 2 * math.pi / 5
        pen.circle(ru + 0.05 * math.cos(a), rv - 0.02 + 0.05 * math.sin(a), 0.045, petal)
    pen.circle(ru, rv - 0.02, 0.03, C_GOLD)
