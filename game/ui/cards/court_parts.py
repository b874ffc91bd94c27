"""The pieces the court figures share: colours, face, shoulders, arms and hands.

Figures are drawn in panel units: u runs 0..1 across the panel, v runs down
from its top edge to about 1.25 at the waist, where the two halves meet. At
the smallest card only u = 0.06 .. 0.94 shows; wider panels show a little
more, so garments run on to ``-WIDE`` and ``1 + WIDE``.
"""

from __future__ import annotations

from game.rules.cards import Suit
from game.ui.cards.geometry import quad
from game.ui.cards.palette import (
    C_BLUE,
    C_BLUSH,
    C_GOLD,
    C_INK,
    C_RED,
    C_SKIN,
    C_WHITE,
    Colour,
)
from game.ui.cards.pen import Pen

COURT_COLOURS: dict[Suit, tuple[Colour, Colour, Colour]] = {
    Suit.CLUBS: (C_BLUE, C_RED, C_GOLD),
    Suit.DIAMONDS: (C_RED, C_BLUE, C_GOLD),
    Suit.HEARTS: (C_RED, C_GOLD, C_BLUE),
    Suit.SPADES: (C_BLUE, C_GOLD, C_RED),
}
"""Robe, trim and accent colour of each suit's court cards."""

WIDE = 0.35
"""How far past the nominal 0..1 width garments extend, to fill wider panels."""


def other(colour: Colour, avoid: Colour, fallback: Colour) -> Colour:
    """``colour``, or ``fallback`` where it would be ``avoid``."""
    return fallback if colour == avoid else colour


def opposite(main: Colour) -> Colour:
    """The strong colour that is not ``main``: red beside blue, blue beside anything else."""
    return C_RED if main == C_BLUE else C_BLUE


def face(
    pen: Pen,
    cv: float,
    *,
    brows: Colour = C_INK,
    brow_width: float = 1.1,
    lips: Colour | None = C_RED,
    lashes: bool = False,
    half_width: float = 0.15,
) -> None:
    """A calm, stylised face centred at (0.5, cv)."""
    pen.ellipse(0.5, cv, half_width, 0.178, C_SKIN)
    eye_v = cv - 0.01
    for side in (-1, 1):
        eu = 0.5 + side * 0.064
        brow = quad((eu - 0.036, eye_v - 0.04), (eu, eye_v - 0.068), (eu + 0.036, eye_v - 0.042), 6)
        pen.stroke(brow, brows, width=brow_width)
        pen.ellipse(eu, eye_v, 0.024, 0.012, C_WHITE, outline=False)
        pen.ellipse(eu, eye_v, 0.012, 0.012, C_INK, outline=False)
        pen.stroke([(eu - 0.028, eye_v - 0.004), (eu, eye_v - 0.016), (eu + 0.028, eye_v - 0.004)])
        if lashes:
            outer = eu + side * 0.028
            pen.stroke([(outer, eye_v - 0.004), (outer + side * 0.016, eye_v - 0.02)], width=0.8)
        pen.ellipse(0.5 + side * 0.092, cv + 0.06, 0.028, 0.017, C_BLUSH, outline=False)
    pen.stroke([(0.503, eye_v + 0.006), (0.487, cv + 0.062), (0.509, cv + 0.068)], width=0.9)
    if lips is not None:
        pen.ellipse(0.5, cv + 0.113, 0.032, 0.013, lips, outline=False)
        pen.stroke([(0.473, cv + 0.112), (0.527, cv + 0.112)], width=0.5)


def neck(pen: Pen, top: float, bottom: float, half: float = 0.045) -> None:
    """The neck, from under the chin down into the clothes."""
    pen.poly(
        [
            (0.5 - half, top),
            (0.5 + half, top),
            (0.5 + half * 1.2, bottom),
            (0.5 - half * 1.2, bottom),
        ],
        C_SKIN,
    )


def shoulders(pen: Pen, bottom: float, fill: Colour, neck_u: float, top: float) -> None:
    """Shoulders and body down to the waist: the neckline at ``neck_u`` on height ``top``."""
    pen.sym(
        [
            (-WIDE, bottom),
            (-WIDE, top + 0.1),
            *quad((0.02, top + 0.07), (0.12, top + 0.02), (neck_u, top), 6),
        ],
        fill,
    )


def arm(pen: Pen, cu: float, bottom: float, sleeve: Colour, cuff: Colour) -> None:
    """A forearm rising from the waist, ending in a cuff just below a hand at (cu, 1.0)."""
    pen.poly(
        [(cu - 0.1, bottom), (cu - 0.08, 1.06), (cu + 0.08, 1.06), (cu + 0.12, bottom)], sleeve
    )
    pen.poly([(cu - 0.085, 1.08), (cu - 0.075, 1.03), (cu + 0.075, 1.03), (cu + 0.085, 1.08)], cuff)


def fist(pen: Pen, cu: float, cv: float) -> None:
    """A hand closed round something upright: four curled fingers and a thumb."""
    for k in (1.5, 0.5, -0.5, -1.5):
        pen.ellipse(cu - 0.004, cv + k * 0.024, 0.045, 0.016, C_SKIN)
    pen.ellipse(cu - 0.044, cv + 0.006, 0.022, 0.05, C_SKIN)
    pen.ellipse(cu + 0.008, cv - 0.054, 0.038, 0.015, C_SKIN)


def bar(pen: Pen, left: float, top: float, right: float, bottom: float, colour: Colour) -> None:
    """An outlined upright rectangle."""
    pen.poly([(left, top), (right, top), (right, bottom), (left, bottom)], colour)


def staff(pen: Pen, cu: float, top: float, down_to: float, colour: Colour) -> None:
    """An upright staff at ``cu`` from ``top`` down to ``down_to``."""
    bar(pen, cu - 0.015, top, cu + 0.015, down_to, colour)


def jewel_row(pen: Pen, v: float, us: tuple[float, ...], colours: tuple[Colour, ...]) -> None:
    """Oval jewels set along a band at height ``v``."""
    for i, u in enumerate(us):
        pen.ellipse(u, v, 0.022, 0.016, colours[i % len(colours)])


def gold_trim(pen: Pen, pts: list[tuple[float, float]], width: float = 2.2) -> None:
    """A gold braid along an open line, edged in ink."""
    pen.stroke(pts, C_INK, width=width + 1.4)
    pen.stroke(pts, C_GOLD, width=width)
