"""The pieces every court figure is built from: face, robe, arms, staff and crown.

Figures are drawn in panel units: u runs 0..1 across the panel, v runs down
from its top edge to about 1.25 at the waist, where the two halves meet.
"""

from __future__ import annotations

from game.rules.cards import Suit
from game.ui.cards.geometry import Point, quad
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

# Robe colour, trim colour and accent colour for each suit's court cards.
COURT_COLOURS: dict[Suit, tuple[Colour, Colour, Colour]] = {
    Suit.CLUBS: (C_BLUE, C_RED, C_GOLD),
    Suit.DIAMONDS: (C_RED, C_BLUE, C_GOLD),
    Suit.HEARTS: (C_RED, C_GOLD, C_BLUE),
    Suit.SPADES: (C_BLUE, C_GOLD, C_RED),
}

FACE_V = 0.52
"""Where a figure's face is centred, down the panel."""
WIDE = 0.35  # how far past the nominal 0..1 width robes extend, to fill wider panels


def other(colour: Colour, avoid: Colour, fallback: Colour) -> Colour:
    """``colour``, or ``fallback`` where it would be ``avoid``."""
    return fallback if colour == avoid else colour


def face(pen: Pen, cv: float, *, lips: bool = True, brows: Colour = C_INK) -> None:
    """A calm, stylised face centred at (0.5, cv)."""
    pen.ellipse(0.5, cv, 0.15, 0.178, C_SKIN)
    eye_v = cv - 0.01
    for side in (-1, 1):
        eu = 0.5 + side * 0.064
        brow = quad((eu - 0.036, eye_v - 0.04), (eu, eye_v - 0.068), (eu + 0.036, eye_v - 0.042), 6)
        pen.stroke(brow, brows, width=1.1)
        pen.ellipse(eu, eye_v, 0.024, 0.012, C_WHITE, outline=False)
        pen.ellipse(eu, eye_v, 0.012, 0.012, C_INK, outline=False)
        pen.stroke([(eu - 0.028, eye_v - 0.004), (eu, eye_v - 0.016), (eu + 0.028, eye_v - 0.004)])
        pen.ellipse(0.5 + side * 0.092, cv + 0.06, 0.028, 0.017, C_BLUSH, outline=False)
    pen.stroke([(0.503, eye_v + 0.006), (0.487, cv + 0.062), (0.509, cv + 0.068)], width=0.9)
    if lips:
        pen.ellipse(0.5, cv + 0.113, 0.032, 0.013, C_RED, outline=False)
        pen.stroke([(0.473, cv + 0.112), (0.527, cv + 0.112)], width=0.5)


def robe(pen: Pen, bottom: float, main: Colour, trim: Colour, accent: Colour) -> None:
    """Shoulders and robe: an edged, patterned mantle with a decorated central panel."""
    edge = other(accent, main, C_GOLD)
    pen.sym([(-WIDE, bottom), (-WIDE, 0.8), *quad((0.0, 0.78), (0.1, 0.73), (0.36, 0.72), 6)], edge)
    pen.sym(
        [(-WIDE, bottom), (-WIDE, 0.85), *quad((0.03, 0.82), (0.12, 0.775), (0.36, 0.765), 6)],
        main,
    )
    motifs = [(0.08, 1.0), (0.2, 0.9), (0.2, 1.1), (0.31, 1.0), (0.08, 1.2), (0.31, 1.2)]
    motifs += [(-0.04, 0.9), (-0.04, 1.1), (-0.16, 1.0), (-0.16, 1.2), (-0.28, 1.1), (-0.28, 0.9)]
    for u, v in motifs:
        for uu in (u, 1 - u):
            pen.poly([(uu, v - 0.03), (uu + 0.022, v), (uu, v + 0.03), (uu - 0.022, v)], edge)
            pen.circle(uu, v, 0.006, C_INK, outline=False)
    pen.sym([(0.36, bottom), (0.39, 0.8)], trim)
    chain = other(accent, trim, C_GOLD)
    for i in range(5):
        v = 0.87 + i * 0.1
        pen.poly([(0.5, v - 0.035), (0.53, v), (0.5, v + 0.035), (0.47, v)], chain)
        pen.circle(0.5, v + 0.05, 0.009, C_INK, outline=False)


def arm(pen: Pen, cu: float, bottom: float, sleeve: Colour, cuff: Colour) -> None:
    """A forearm rising from the waist, ending in a cuff just below a hand at (cu, 1.0)."""
    pen.poly(
        [(cu - 0.1, bottom), (cu - 0.08, 1.06), (cu + 0.08, 1.06), (cu + 0.12, bottom)], sleeve
    )
    pen.poly([(cu - 0.085, 1.08), (cu - 0.075, 1.03), (cu + 0.075, 1.03), (cu + 0.085, 1.08)], cuff)


def fist(pen: Pen, cu: float, cv: float) -> None:
    """A hand closed round an upright staff: four curled fingers and a thumb."""
    for k in (1.5, 0.5, -0.5, -1.5):
        pen.ellipse(cu - 0.004, cv + k * 0.024, 0.045, 0.016, C_SKIN)
    pen.ellipse(cu - 0.044, cv + 0.006, 0.022, 0.05, C_SKIN)
    pen.ellipse(cu + 0.008, cv - 0.054, 0.038, 0.015, C_SKIN)


def staff(pen: Pen, cu: float, top: float, down_to: float, colour: Colour) -> None:
    """An upright staff at ``cu`` from ``top`` down to ``down_to``."""
    pen.poly(
        [(cu - 0.015, top), (cu + 0.015, top), (cu + 0.015, down_to), (cu - 0.015, down_to)], colour
    )


def crown(pen: Pen, base: float, top: float, half: float, jewels: tuple[Colour, Colour]) -> None:
    """A five-pointed gold crown ``2 * half`` wide, with a jewelled band."""
    band = 0.06
    spikes = 5
    tips = [0.5 - half + 2 * half * i / (spikes - 1) for i in range(spikes)]
    heights = [top if i % 2 == 0 else top + 0.05 for i in range(spikes)]
    pts: list[Point] = [(0.5 - half, base), (0.5 - half, base - band)]
    for i, u in enumerate(tips):
        if i:
            pts.append((u - half / (spikes - 1), base - band - 0.035))
        pts.append((u, heights[i]))
    pts += [(0.5 + half, base - band), (0.5 + half, base)]
    pen.poly(pts, C_GOLD)
    pen.stroke([(0.5 - half, base - band), (0.5 + half, base - band)], width=0.8)
    for u, v in zip(tips, heights, strict=True):
        pen.circle(u, v - 0.015, 0.02, C_GOLD)
    for i, u in enumerate((0.5 - half * 0.62, 0.5, 0.5 + half * 0.62)):
        pen.ellipse(u, base - band / 2, 0.026, 0.018, jewels[i % 2])
    for u in (0.5 - half * 0.31, 0.5 + half * 0.31):
        pen.circle(u, base - band / 2, 0.009, C_WHITE, outline=False)
