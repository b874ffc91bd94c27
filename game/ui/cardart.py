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

Preview the whole deck with ``uv run python tools/card_sheet.py deck.png``.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from functools import lru_cache

import pygame

from game.rules.cards import Card, Rank, Suit

Colour = tuple[int, int, int]
Point = tuple[float, float]
Polygon = tuple[Point, ...]

# --- palette -----------------------------------------------------------------

RED: Colour = (200, 30, 45)
BLACK: Colour = (25, 25, 30)
GREEN: Colour = (20, 130, 60)
BLUE: Colour = (25, 90, 190)

FACE: Colour = (252, 250, 245)
EDGE: Colour = (158, 156, 150)

# Court-card palette: deliberately small.
C_RED: Colour = (184, 32, 46)
C_GOLD: Colour = (232, 182, 58)
C_GOLD_DARK: Colour = (190, 138, 36)
C_BLUE: Colour = (34, 74, 156)
C_INK: Colour = (28, 26, 32)
C_SKIN: Colour = (249, 221, 190)
C_WHITE: Colour = (250, 248, 242)
C_PANEL: Colour = (249, 244, 231)

BACK_FIELD: Colour = (24, 40, 92)
BACK_LINE: Colour = (56, 82, 150)
BACK_DOT: Colour = (86, 114, 184)
BACK_GOLD: Colour = (226, 186, 92)

RATIO = 1.4


def suit_colour(suit: Suit | int, four_colour: bool = False) -> Colour:
    """The ink colour of a suit: red and black, or green/blue/red/black with four colours."""
    suit = Suit(suit)
    if four_colour:
        return (GREEN, BLUE, RED, BLACK)[suit]
    return RED if suit in (Suit.DIAMONDS, Suit.HEARTS) else BLACK


# --- geometry helpers --------------------------------------------------------


def _cubic(p0: Point, p1: Point, p2: Point, p3: Point, n: int) -> list[Point]:
    """Points on a cubic Bézier curve, both ends included."""
    out = []
    for i in range(n + 1):
        t = i / n
        a, b, c, d = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t**3
        out.append(
            (
                a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
                a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1],
            )
        )
    return out


def _quad(p0: Point, p1: Point, p2: Point, n: int) -> list[Point]:
    """Points on a quadratic Bézier curve, both ends included."""
    out = []
    for i in range(n + 1):
        t = i / n
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return out


def _arc(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float, n: int) -> list[Point]:
    """Points on an elliptical arc (angles in radians, y pointing down)."""
    return [
        (cx + rx * math.cos(a0 + (a1 - a0) * i / n), cy + ry * math.sin(a0 + (a1 - a0) * i / n))
        for i in range(n + 1)
    ]


def _mirror_closed(half: list[Point]) -> list[Point]:
    """Close a left-half outline (running from the axis x=0 back to it) by mirroring."""
    return half + [(-x, y) for x, y in reversed(half[1:-1])]


def _normalise(polys: Sequence[Sequence[Point]]) -> tuple[Polygon, ...]:
    """Scale shapes so their joint bounding box is one unit tall and centred on the origin."""
    xs = [x for poly in polys for x, _ in poly]
    ys = [y for poly in polys for _, y in poly]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    scale = 1 / (max(ys) - min(ys))
    return tuple(tuple(((x - cx) * scale, (y - cy) * scale) for x, y in poly) for poly in polys)


def _heart_half(n: int = 28) -> list[Point]:
    """The left half of a heart, from the bottom point round to the top cleft."""
    a, r = 0.25, 0.27
    cy = -0.5 + r
    bottom = (0.0, 0.5)
    side = math.radians(165)
    q = (-a + r * math.cos(side), cy + r * math.sin(side))
    down = (math.sin(side), -math.cos(side))  # leaving the lobe, heading for the point
    lean = math.radians(50)
    curve = _cubic(
        bottom,
        (bottom[0] - 0.20 * math.sin(lean), bottom[1] - 0.20 * math.cos(lean)),
        (q[0] + 0.16 * down[0], q[1] + 0.16 * down[1]),
        q,
        n,
    )
    cleft = 2 * math.pi - math.acos(a / r)
    lobe = _arc(-a, cy, r, r, side, cleft, n)
    return curve + lobe[1:]


def _stem(top: float, half_top: float, half_base: float, n: int = 12) -> Polygon:
    """The flared foot of a spade or club."""
    left = _quad((-half_top, top), (-half_top * 1.1, 0.42), (-half_base, 0.5), n)
    base = _quad((-half_base, 0.5), (0.0, 0.47), (half_base, 0.5), n)[1:-1]
    right = [(-x, y) for x, y in reversed(left)]
    return (*left, *base, *right)


def _build_shapes() -> tuple[tuple[Polygon, ...], ...]:
    heart = _mirror_closed(_heart_half())

    diamond_half = _quad((0.0, 0.5), (-0.30, 0.20), (-0.40, 0.0), 14)
    diamond_half += _quad((-0.40, 0.0), (-0.30, -0.20), (0.0, -0.5), 14)[1:]
    diamond = _mirror_closed(diamond_half)

    body = [(x * 0.98, -y * 0.8 - 0.1) for x, y in heart]  # heart upside down
    spade = (tuple(body), _stem(0.12, 0.03, 0.2))

    r = 0.222
    club: list[Polygon] = [
        tuple(_arc(cx, cy, r, r, 0, 2 * math.pi, 40)[:-1])
        for cx, cy in ((0.0, -0.5 + r), (-0.248, 0.065), (0.248, 0.065))
    ]
    club.append(((0.0, -0.2), (-0.2, 0.1), (0.0, 0.2), (0.2, 0.1)))
    club.append(_stem(0.08, 0.034, 0.19))

    return (
        _normalise(club),
        _normalise([tuple(diamond)]),
        _normalise([tuple(heart)]),
        _normalise(spade),
    )


SHAPES: tuple[tuple[Polygon, ...], ...] = _build_shapes()
"""Each suit's symbol as filled polygons, one unit tall, centred on the origin, y down."""


def _place(poly: Polygon, cx: float, cy: float, size: float, flip: bool) -> list[Point]:
    s = -size if flip else size
    return [(cx + x * s, cy + y * s) for x, y in poly]


def _draw_suit(
    surface: pygame.Surface,
    suit: Suit | int,
    cx: float,
    cy: float,
    size: float,
    colour: Sequence[int],
    flip: bool = False,
) -> None:
    """Fill a suit symbol with no anti-aliasing (used on supersampled surfaces)."""
    for poly in SHAPES[suit]:
        pygame.draw.polygon(surface, colour, _place(poly, cx, cy, size, flip))


@lru_cache(maxsize=512)
def _symbol_sprite(
    suit: int, size_q: int, colour: tuple[int, ...], fx: int, fy: int
) -> pygame.Surface:
    size = size_q / 4
    ss = 4
    side = math.ceil(size) + 3
    big = pygame.Surface((side * ss, side * ss), pygame.SRCALPHA)
    big.fill((*colour[:3], 0))
    centre_x = (side / 2 + fx / 4) * ss
    centre_y = (side / 2 + fy / 4) * ss
    _draw_suit(big, suit, centre_x, centre_y, size * ss, colour)
    return pygame.transform.smoothscale(big, (side, side))


def suit_symbol(
    surface: pygame.Surface,
    suit: Suit | int,
    center: tuple[float, float],
    size: float,
    colour: Sequence[int],
) -> None:
    """Draw one anti-aliased suit symbol, ``size`` pixels tall, centred on ``center``.

    The rendered symbol is cached, so calling this every frame is cheap.
    """
    if size <= 0:
        return
    x, y = center
    ix, iy = math.floor(x), math.floor(y)
    fx, fy = round((x - ix) * 4), round((y - iy) * 4)
    sprite = _symbol_sprite(int(suit), max(1, round(size * 4)), tuple(colour), fx, fy)
    side = sprite.get_width()
    surface.blit(sprite, (ix - side // 2, iy - side // 2))


# --- text --------------------------------------------------------------------


@lru_cache(maxsize=64)
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


# --- drawing helpers for the supersampled canvas -----------------------------


def _outline(surface: pygame.Surface, colour: Colour, pts: Sequence[Point], width: float) -> None:
    """A closed outline with round joins."""
    w = max(1, round(width))
    pygame.draw.lines(surface, colour, True, pts, w)
    if w > 2:
        for p in pts:
            pygame.draw.circle(surface, colour, p, w / 2)


class _Pen:
    """Draws in a local coordinate system: one unit is ``unit`` pixels, origin at (x0, y0)."""

    def __init__(
        self, surface: pygame.Surface, x0: float, y0: float, unit: float, ink: Colour, line: float
    ) -> None:
        self.surface = surface
        self.x0, self.y0, self.unit = x0, y0, unit
        self.ink = ink
        self.line = line * unit

    def pts(self, pts: Sequence[Point]) -> list[Point]:
        return [(self.x0 + u * self.unit, self.y0 + v * self.unit) for u, v in pts]

    def poly(self, pts: Sequence[Point], fill: Colour | None, outline: bool = True) -> None:
        p = self.pts(pts)
        if fill is not None:
            pygame.draw.polygon(self.surface, fill, p)
        if outline:
            _outline(self.surface, self.ink, p, self.line)

    def sym(self, pts: Sequence[Point], fill: Colour | None, outline: bool = True) -> None:
        """A polygon given by its left half, mirrored about u = 0.5."""
        full = list(pts) + [(1 - u, v) for u, v in reversed(pts)]
        self.poly(full, fill, outline)

    def ellipse(
        self, cu: float, cv: float, ru: float, rv: float, fill: Colour, outline: bool = True
    ) -> None:
        x, y = self.x0 + (cu - ru) * self.unit, self.y0 + (cv - rv) * self.unit
        rect = pygame.Rect(round(x), round(y), round(2 * ru * self.unit), round(2 * rv * self.unit))
        if outline:
            grow = round(self.line)
            pygame.draw.ellipse(self.surface, self.ink, rect.inflate(grow, grow))
            pygame.draw.ellipse(self.surface, fill, rect.inflate(-grow, -grow))
        else:
            pygame.draw.ellipse(self.surface, fill, rect)

    def circle(self, cu: float, cv: float, r: float, fill: Colour, outline: bool = True) -> None:
        c = (self.x0 + cu * self.unit, self.y0 + cv * self.unit)
        if outline:
            pygame.draw.circle(self.surface, self.ink, c, r * self.unit + self.line / 2)
            pygame.draw.circle(self.surface, fill, c, max(0.5, r * self.unit - self.line / 2))
        else:
            pygame.draw.circle(self.surface, fill, c, r * self.unit)

    def stroke(self, pts: Sequence[Point], colour: Colour | None = None, width: float = 1) -> None:
        """An open line, ``width`` times the outline weight, with round caps and joins."""
        w = max(1, round(self.line * width))
        p = self.pts(pts)
        col = colour or self.ink
        pygame.draw.lines(self.surface, col, False, p, w)
        if w > 2:
            for q in p:
                pygame.draw.circle(self.surface, col, q, w / 2)

    def suit(self, suit: Suit, cu: float, cv: float, size: float, colour: Colour) -> None:
        _draw_suit(
            self.surface,
            suit,
            self.x0 + cu * self.unit,
            self.y0 + cv * self.unit,
            size * self.unit,
            colour,
        )


# --- pip layouts -------------------------------------------------------------

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


# --- court figures -----------------------------------------------------------
#
# Each court card shows the top half of a figure in a framed panel; the lower
# half is the same picture turned through a half turn. Figures are drawn in
# panel units: u runs 0..1 across the panel, v runs down from its top edge to
# about 1.25 at the waist, where the two halves meet.

# Robe colour, trim colour and accent colour for each suit's court cards.
COURT_COLOURS: dict[Suit, tuple[Colour, Colour, Colour]] = {
    Suit.CLUBS: (C_BLUE, C_RED, C_GOLD),
    Suit.DIAMONDS: (C_RED, C_BLUE, C_GOLD),
    Suit.HEARTS: (C_RED, C_GOLD, C_BLUE),
    Suit.SPADES: (C_BLUE, C_GOLD, C_RED),
}

C_STEEL: Colour = (214, 218, 228)
C_BLUSH: Colour = (246, 196, 184)
C_LEAF: Colour = (46, 112, 66)
C_HAIR_DARK: Colour = (48, 40, 44)

FACE_V = 0.52
FIGURE_HEIGHT = 1.25
WIDE = 0.35  # how far past the nominal 0..1 width robes extend, to fill wider panels


def _other(colour: Colour, avoid: Colour, fallback: Colour) -> Colour:
    return fallback if colour == avoid else colour


def _face(pen: _Pen, cv: float, *, lips: bool = True, brows: Colour = C_INK) -> None:
    """A calm, stylised face centred at (0.5, cv)."""
    pen.ellipse(0.5, cv, 0.15, 0.178, C_SKIN)
    eye_v = cv - 0.01
    for side in (-1, 1):
        eu = 0.5 + side * 0.064
        brow = _quad(
            (eu - 0.036, eye_v - 0.04), (eu, eye_v - 0.068), (eu + 0.036, eye_v - 0.042), 6
        )
        pen.stroke(brow, brows, width=1.1)
        pen.ellipse(eu, eye_v, 0.024, 0.012, C_WHITE, outline=False)
        pen.ellipse(eu, eye_v, 0.012, 0.012, C_INK, outline=False)
        pen.stroke([(eu - 0.028, eye_v - 0.004), (eu, eye_v - 0.016), (eu + 0.028, eye_v - 0.004)])
        pen.ellipse(0.5 + side * 0.092, cv + 0.06, 0.028, 0.017, C_BLUSH, outline=False)
    pen.stroke([(0.503, eye_v + 0.006), (0.487, cv + 0.062), (0.509, cv + 0.068)], width=0.9)
    if lips:
        pen.ellipse(0.5, cv + 0.113, 0.032, 0.013, C_RED, outline=False)
        pen.stroke([(0.473, cv + 0.112), (0.527, cv + 0.112)], width=0.5)


def _robe(pen: _Pen, bottom: float, main: Colour, trim: Colour, accent: Colour) -> None:
    """Shoulders and robe: an edged, patterned mantle with a decorated central panel."""
    edge = _other(accent, main, C_GOLD)
    pen.sym(
        [(-WIDE, bottom), (-WIDE, 0.8), *_quad((0.0, 0.78), (0.1, 0.73), (0.36, 0.72), 6)], edge
    )
    pen.sym(
        [(-WIDE, bottom), (-WIDE, 0.85), *_quad((0.03, 0.82), (0.12, 0.775), (0.36, 0.765), 6)],
        main,
    )
    motifs = [(0.08, 1.0), (0.2, 0.9), (0.2, 1.1), (0.31, 1.0), (0.08, 1.2), (0.31, 1.2)]
    motifs += [(-0.04, 0.9), (-0.04, 1.1), (-0.16, 1.0), (-0.16, 1.2), (-0.28, 1.1), (-0.28, 0.9)]
    for u, v in motifs:
        for uu in (u, 1 - u):
            pen.poly([(uu, v - 0.03), (uu + 0.022, v), (uu, v + 0.03), (uu - 0.022, v)], edge)
            pen.circle(uu, v, 0.006, C_INK, outline=False)
    pen.sym([(0.36, bottom), (0.39, 0.8)], trim)
    chain = _other(accent, trim, C_GOLD)
    for i in range(5):
        v = 0.87 + i * 0.1
        pen.poly([(0.5, v - 0.035), (0.53, v), (0.5, v + 0.035), (0.47, v)], chain)
        pen.circle(0.5, v + 0.05, 0.009, C_INK, outline=False)


def _arm(pen: _Pen, cu: float, bottom: float, sleeve: Colour, cuff: Colour) -> None:
    """A forearm rising from the waist, ending in a cuff just below a hand at (cu, 1.0)."""
    pen.poly(
        [(cu - 0.1, bottom), (cu - 0.08, 1.06), (cu + 0.08, 1.06), (cu + 0.12, bottom)], sleeve
    )
    pen.poly([(cu - 0.085, 1.08), (cu - 0.075, 1.03), (cu + 0.075, 1.03), (cu + 0.085, 1.08)], cuff)


def _fist(pen: _Pen, cu: float, cv: float) -> None:
    """A hand closed round an upright staff: four curled fingers and a thumb."""
    for k in (1.5, 0.5, -0.5, -1.5):
        pen.ellipse(cu - 0.004, cv + k * 0.024, 0.045, 0.016, C_SKIN)
    pen.ellipse(cu - 0.044, cv + 0.006, 0.022, 0.05, C_SKIN)
    pen.ellipse(cu + 0.008, cv - 0.054, 0.038, 0.015, C_SKIN)


def _staff(pen: _Pen, cu: float, top: float, down_to: float, colour: Colour) -> None:
    pen.poly(
        [(cu - 0.015, top), (cu + 0.015, top), (cu + 0.015, down_to), (cu - 0.015, down_to)], colour
    )


def _crown(pen: _Pen, base: float, top: float, half: float, jewels: tuple[Colour, Colour]) -> None:
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


def _king(pen: _Pen, suit: Suit, bottom: float) -> None:
    main, trim, accent = COURT_COLOURS[suit]
    cv = FACE_V
    _robe(pen, bottom, main, trim, accent)
    # Ermine cape collar.
    cape = [(0.06, 0.8), *_quad((0.14, 0.96), (0.3, 1.0), (0.5, 1.0), 8)]
    pen.sym(cape[:-1], C_WHITE)
    for u, v in ((0.16, 0.86), (0.27, 0.93), (0.39, 0.965)):
        for uu in (u, 1 - u):
            pen.poly([(uu, v - 0.028), (uu + 0.014, v + 0.012), (uu - 0.014, v + 0.012)], C_INK)
    # Sceptre in the right hand.
    _arm(pen, 0.84, bottom, trim, C_WHITE)
    _staff(pen, 0.84, 0.3, 0.98, C_GOLD)
    pen.circle(0.84, 0.27, 0.05, C_GOLD)
    pen.stroke([(0.792, 0.27), (0.888, 0.27)], width=0.7)
    pen.poly([(0.831, 0.215), (0.849, 0.215), (0.849, 0.14), (0.831, 0.14)], C_GOLD)
    pen.poly([(0.81, 0.162), (0.87, 0.162), (0.87, 0.182), (0.81, 0.182)], C_GOLD)
    _fist(pen, 0.84, 1.0)
    # Velvet cap under the crown, white hair and a full beard.
    pen.ellipse(0.5, cv - 0.21, 0.16, 0.12, _other(main, C_GOLD, C_RED))
    for v in (cv - 0.06, cv + 0.03, cv + 0.11):
        for uu in (0.345, 0.655):
            pen.circle(uu, v, 0.05, C_WHITE)
    _face(pen, cv, lips=False)
    beard = [
        (0.5, cv + 0.09),
        (0.42, cv + 0.09),
        (0.362, cv + 0.03),
        *_quad((0.345, cv + 0.16), (0.39, cv + 0.27), (0.44, cv + 0.3), 6),
        (0.47, cv + 0.285),
        (0.5, cv + 0.32),
    ]
    pen.sym(beard[:-1], C_WHITE)
    for u in (0.41, 0.455):
        for uu in (u, 1 - u):
            mid = uu + (0.5 - uu) * 0.2
            pen.stroke(_quad((uu, cv + 0.16), (mid, cv + 0.21), (uu, cv + 0.26), 5), width=0.7)
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
    jewels = (_other(trim, C_GOLD, C_BLUE), C_RED if main == C_BLUE else C_BLUE)
    _crown(pen, cv - 0.15, 0.11, 0.175, jewels)


def _queen(pen: _Pen, suit: Suit, bottom: float) -> None:
    main, trim, accent = COURT_COLOURS[suit]
    cv = FACE_V - 0.02
    _robe(pen, bottom, main, trim, accent)
    # Long hair over the shoulders.
    hair = [(0.5, cv - 0.2), *_quad((0.35, cv - 0.2), (0.3, cv - 0.05), (0.31, cv + 0.12), 6)]
    hair += [*_quad((0.31, 0.66), (0.25, 0.84), (0.29, 0.93), 6), (0.36, 0.93), (0.41, 0.78)]
    pen.sym(hair, C_GOLD)
    for uu in (0.34, 0.66):
        pen.stroke(_quad((uu, 0.55), (uu + (0.5 - uu) * -0.3, 0.74), (uu, 0.89), 6), C_GOLD_DARK)
    # Neck, square neckline, necklace and laced bodice.
    pen.poly([(0.455, 0.64), (0.545, 0.64), (0.555, 0.8), (0.445, 0.8)], C_SKIN)
    pen.sym([(0.39, 0.785), (0.41, 0.9)], C_SKIN)
    pen.sym([(0.4, bottom), (0.41, 0.9)], trim)
    lace = _other(accent, trim, C_GOLD)
    for i in range(5):
        v = 0.96 + i * 0.07
        pen.stroke([(0.43, v), (0.5, v + 0.03), (0.57, v)], lace, width=1.6)
    for i in range(7):
        pen.circle(0.44 + i * 0.02, 0.805 + 0.035 * math.sin(i / 6 * math.pi), 0.01, C_GOLD)
    pen.poly([(0.5, 0.845), (0.517, 0.87), (0.5, 0.895), (0.483, 0.87)], C_RED)
    _face(pen, cv)
    # Hair parted in the middle, and earrings.
    for side in (-1, 1):
        fringe = [
            (0.5, cv - 0.18),
            *_quad(
                (0.5 + side * 0.11, cv - 0.2),
                (0.5 + side * 0.165, cv - 0.13),
                (0.5 + side * 0.15, cv + 0.06),
                6,
            ),
            *_quad(
                (0.5 + side * 0.12, cv - 0.06), (0.5 + side * 0.07, cv - 0.14), (0.5, cv - 0.145), 6
            ),
        ]
        pen.poly(fringe, C_GOLD)
        pen.circle(0.5 + side * 0.152, cv + 0.075, 0.015, C_GOLD)
        pen.circle(0.5 + side * 0.152, cv + 0.107, 0.011, C_RED)
    # Tiara.
    jewel = _other(trim, C_GOLD, C_BLUE)
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
    # A rose held in the left hand.
    _arm(
        pen, 0.2, bottom, trim if trim != C_GOLD else accent, C_GOLD if trim != C_GOLD else C_WHITE
    )
    pen.stroke([(0.205, 0.99), (0.2, 0.8)], C_LEAF, width=1.8)
    pen.poly([(0.203, 0.9), (0.13, 0.86), (0.16, 0.83), (0.203, 0.88)], C_LEAF)
    _fist(pen, 0.205, 1.0)
    for k in range(5):
        a = -math.pi / 2 + k * 2 * math.pi / 5
        pen.circle(0.2 + 0.038 * math.cos(a), 0.76 + 0.038 * math.sin(a), 0.032, C_RED)
    pen.circle(0.2, 0.76, 0.022, C_GOLD)


def _jack(pen: _Pen, suit: Suit, bottom: float) -> None:
    main, trim, accent = COURT_COLOURS[suit]
    cv = FACE_V
    _robe(pen, bottom, main, trim, accent)
    # Pleated ruff.
    ruff: list[Point] = [(0.27, 0.775)]
    for i in range(10):
        u = 0.29 + i * 0.042
        ruff += [(u, 0.865), (u + 0.021, 0.805)]
    ruff += [(0.71, 0.865), (0.73, 0.775)]
    pen.poly(ruff, C_WHITE)
    # Halberd in the right hand.
    _arm(pen, 0.84, bottom, trim, _other(accent, trim, C_GOLD))
    _staff(pen, 0.84, 0.2, 0.98, C_GOLD_DARK)
    pen.poly([(0.855, 0.26), (0.94, 0.22), (0.975, 0.31), (0.92, 0.4), (0.855, 0.37)], C_STEEL)
    pen.poly([(0.825, 0.27), (0.775, 0.3), (0.825, 0.34)], C_STEEL)
    pen.poly([(0.84, 0.06), (0.86, 0.2), (0.82, 0.2)], C_STEEL)
    pen.circle(0.84, 0.42, 0.022, _other(trim, C_GOLD, C_RED))
    _fist(pen, 0.84, 1.0)
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
    _face(pen, cv, brows=C_HAIR_DARK)
    for side in (-1, 1):
        curl = _quad(
            (0.5 + side * 0.165, cv - 0.04),
            (0.5 + side * 0.18, cv + 0.06),
            (0.5 + side * 0.15, cv + 0.12),
            5,
        )
        pen.stroke(curl, (110, 100, 110), width=0.8)
    # A soft cap with a brim and a sweeping feather.
    feather_col = C_WHITE if accent in (main, C_RED) else accent
    feather = [
        *_quad((0.58, cv - 0.19), (0.75, cv - 0.23), (0.93, 0.08), 8),
        *_quad((0.93, 0.08), (0.7, cv - 0.33), (0.56, cv - 0.25), 8)[1:],
    ]
    pen.poly(feather, feather_col)
    pen.stroke(_quad((0.58, cv - 0.21), (0.74, cv - 0.27), (0.93, 0.08), 8), width=0.7)
    cap = [(0.31, cv - 0.11), *_quad((0.27, cv - 0.23), (0.37, cv - 0.33), (0.5, cv - 0.33), 6)]
    pen.sym(cap[:-1], main)
    pen.sym([(0.32, cv - 0.1), (0.33, cv - 0.165)], trim)
    pen.circle(0.66, cv - 0.18, 0.026, C_GOLD)
    pen.circle(0.66, cv - 0.18, 0.011, C_RED, outline=False)


COURT_FIGURES: dict[Rank, Callable[[_Pen, Suit, float], None]] = {
    Rank.KING: _king,
    Rank.QUEEN: _queen,
    Rank.JACK: _jack,
}


# --- the art itself ----------------------------------------------------------


def _half_turn(surface: pygame.Surface) -> pygame.Surface:
    """The surface turned through 180 degrees (exact, and faster than rotate)."""
    return pygame.transform.flip(surface, True, True)


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
        s = self.scale
        canvas = pygame.Surface((self.width * s, self.height * s), pygame.SRCALPHA)
        canvas.fill(fill)
        return canvas

    def _finish(self, canvas: pygame.Surface) -> pygame.Surface:
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
        s = self.scale
        if self._paper is None:
            self._paper = self._canvas((*EDGE, 0))
            self._card_base(self._paper, FACE)
        canvas = self._paper.copy()
        colour = suit_colour(card.suit, self.four_colour)
        rank = card.rank
        if rank == Rank.ACE:
            self._draw_ace(canvas, card.suit, colour)
        elif rank >= Rank.JACK:
            self._draw_court(canvas, card, colour)
        else:
            self._draw_pips(canvas, card, colour)
        index = self._index(card, colour)
        canvas.blit(
            index, (round((self.index_x) * s - index.get_width() / 2), round(self.index_top * s))
        )
        turned = _half_turn(index)
        canvas.blit(
            turned,
            (
                canvas.get_width() - round(self.index_x * s + turned.get_width() / 2),
                canvas.get_height() - round(self.index_top * s) - turned.get_height(),
            ),
        )
        return canvas

    def _index(self, card: Card, colour: Colour) -> pygame.Surface:
        s = self.scale
        cap = self.index_height * s
        glyph = _label(card.rank.label, cap, colour)
        bold = round(self.width * s * 0.0035) if self.width < 100 else 0
        glyph = _embolden(glyph, bold)
        suit_size = self.index_suit * s
        gap = round(cap * 0.16)
        w = max(glyph.get_width(), math.ceil(suit_size)) + 2
        h = glyph.get_height() + gap + math.ceil(suit_size) + 2
        block = pygame.Surface((w, h), pygame.SRCALPHA)
        block.fill((*colour, 0))
        block.blit(glyph, ((w - glyph.get_width()) // 2, 0))
        top = glyph.get_height() - bold * 2 + gap
        _draw_suit(block, card.suit, w / 2, top + suit_size / 2, suit_size, colour)
        return block

    def _draw_pips(self, canvas: pygame.Surface, card: Card, colour: Colour) -> None:
        s = self.scale
        w, h = self.width * s, self.height * s
        size = w * self.pip_size
        columns = {-1: w * self.pip_column, 0: w * 0.5, 1: w * (1 - self.pip_column)}
        top, bottom = h * 0.205, h * 0.795
        for column, row in PIP_LAYOUTS[int(card.rank)]:
            y = top + (bottom - top) * row
            _draw_suit(canvas, card.suit, columns[column], y, size, colour, flip=row > 0.5)

    def _draw_ace(self, canvas: pygame.Surface, suit: Suit, colour: Colour) -> None:
        s = self.scale
        w, h = self.width * s, self.height * s
        cx, cy = w / 2, h / 2
        if suit != Suit.SPADES:
            _draw_suit(canvas, suit, cx, cy, w * 0.4, colour)
            return
        # An ornate spade: an inner contour line, a rosette inlay and, when there
        # is room for the detail, a beaded ring.
        if self.width >= 90:
            size = w * 0.55
            ring = w * 0.365
            for k in range(32):
                a = k * math.pi / 16
                r = w * (0.0085 if k % 2 else 0.014)
                pygame.draw.circle(
                    canvas, colour, (cx + ring * math.sin(a), cy - ring * math.cos(a)), r
                )
            thin = max(1, round(w * 0.005))
            pygame.draw.circle(canvas, colour, (cx, cy), ring - w * 0.032, thin)
            pygame.draw.circle(canvas, colour, (cx, cy), ring + w * 0.03, thin)
        else:
            size = w * 0.5
        _draw_suit(canvas, suit, cx, cy, size, colour)
        _draw_suit(canvas, suit, cx, cy - size * 0.022, size * 0.87, FACE)
        _draw_suit(canvas, suit, cx, cy - size * 0.032, size * 0.81, colour)
        # Rosette inlay: four petals round a bead.
        ry = cy - size * 0.1
        petal = size * 0.085
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

    def _draw_court(self, canvas: pygame.Surface, card: Card, colour: Colour) -> None:
        s = self.scale
        w, h = self.width * s, self.height * s
        left, right = round(w * self.panel_left), round(w * (1 - self.panel_left))
        top, bottom = round(h * 0.045), round(h * 0.955)
        pw = right - left
        half_h = (bottom - top) // 2
        half = pygame.Surface((pw, half_h), pygame.SRCALPHA)
        half.fill(C_PANEL)
        # Figures are designed for a half panel 1.25 units tall; the panel's
        # width varies a little with the card size, so centre the figure.
        unit = half_h / FIGURE_HEIGHT
        pen = _Pen(half, pw / 2 - unit / 2, 0, unit, C_INK, 0.013)
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
        canvas.blit(half, (left, top))
        canvas.blit(_half_turn(half), (left, bottom - half_h))
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

    def _render_back(self) -> pygame.Surface:
        s = self.scale
        canvas = self._canvas((*EDGE, 0))
        paper = self._card_base(canvas, FACE)
        w, h = canvas.get_size()
        margin = round(self.width * s * 0.055)
        field = paper.inflate(
            -2 * margin + 2 * round(self.edge * s), -2 * margin + 2 * round(self.edge * s)
        )
        field_radius = max(1, round(self.radius * s * 0.6))
        # The pattern is drawn on its own layer and masked to the rounded field.
        layer = pygame.Surface(field.size, pygame.SRCALPHA)
        layer.fill(BACK_FIELD)
        fw, fh = field.size
        fcx, fcy = fw / 2, fh / 2
        step = max(4 * s, self.width * s * 0.07)
        line = max(1, round(s * max(0.6, self.width / 200)))
        n = int((fw + fh) / step) + 2
        for k in range(-n, n + 1):
            off = k * step
            # Lines of slope +-1 through points offset along the horizontal axis from the centre.
            pygame.draw.line(
                layer, BACK_LINE, (fcx + off - fh, fcy - fh), (fcx + off + fh, fcy + fh), line
            )
            pygame.draw.line(
                layer, BACK_LINE, (fcx + off - fh, fcy + fh), (fcx + off + fh, fcy - fh), line
            )
        dot = max(1.0, step * 0.12)
        for i in range(-n, n + 1):
            for j in range(-n, n + 1):
                x, y = fcx + (i + j) * step / 2, fcy + (i - j) * step / 2
                if -step < x < fw + step and -step < y < fh + step:
                    pygame.draw.circle(layer, BACK_DOT, (x, y), dot)
        # Centre medallion.
        rx, ry = fw * 0.36, fh * 0.27
        med = pygame.Rect(0, 0, round(2 * rx), round(2 * ry))
        med.center = (round(fcx), round(fcy))
        pygame.draw.ellipse(layer, BACK_FIELD, med.inflate(round(step * 0.8), round(step * 0.8)))
        pygame.draw.ellipse(layer, BACK_GOLD, med)
        pygame.draw.ellipse(layer, BACK_FIELD, med.inflate(-2 * line * 3, -2 * line * 3))
        inner = med.inflate(-round(rx * 0.3), -round(ry * 0.3))
        pygame.draw.ellipse(layer, BACK_GOLD, inner, line)
        # A ring of beads between the two rims.
        beads = 40
        for k in range(beads):
            a = k * 2 * math.pi / beads
            bx, by = fcx + math.sin(a) * rx * 0.92, fcy - math.cos(a) * ry * 0.92
            pygame.draw.circle(
                layer, BACK_GOLD, (bx, by), max(1.0, rx * (0.022 if k % 2 else 0.032))
            )
        # Eight-pointed star with alternating long and short rays.
        pts = []
        for k in range(32):
            a = k * math.pi / 16
            if k % 4 == 0:
                r = 0.92
            elif k % 2 == 0:
                r = 0.62
            else:
                r = 0.3
            pts.append((fcx + math.sin(a) * rx * 0.72 * r, fcy - math.cos(a) * ry * 0.72 * r))
        pygame.draw.polygon(layer, BACK_GOLD, pts)
        pygame.draw.polygon(
            layer,
            BACK_FIELD,
            [(fcx + (x - fcx) * 0.45, fcy + (y - fcy) * 0.45) for x, y in pts],
        )
        pygame.draw.circle(layer, C_WHITE, (fcx, fcy), min(rx, ry) * 0.1)
        # Corner fleurons.
        for sx, sy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
            ox, oy = fcx + sx * (fw / 2 - step * 1.75), fcy + sy * (fh / 2 - step * 1.75)
            r = step * 0.8
            pygame.draw.polygon(
                layer,
                BACK_GOLD,
                [(ox, oy - r), (ox + r * 0.6, oy), (ox, oy + r), (ox - r * 0.6, oy)],
            )
            pygame.draw.circle(layer, BACK_FIELD, (ox, oy), r * 0.22)
        # A double gold rule round the edge of the field.
        for inset, weight in ((0.45, 2 * line), (0.75, line)):
            rule = pygame.Rect(0, 0, fw, fh).inflate(
                -round(step * inset) * 2, -round(step * inset) * 2
            )
            pygame.draw.rect(
                layer,
                BACK_GOLD,
                rule,
                weight,
                border_radius=max(1, field_radius - round(step * inset)),
            )
        # Mask the layer to the rounded field.
        mask = pygame.Surface(field.size, pygame.SRCALPHA)
        mask.fill((255, 255, 255, 0))
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=field_radius)
        layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        canvas.blit(layer, field.topleft)
        # Make the back exactly symmetric under a half turn: the lower half is
        # the upper half turned round.
        turned = _half_turn(canvas)
        half = h // 2
        canvas.blit(turned, (0, h - half), pygame.Rect(0, h - half, w, half))
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


_cached_card_art = lru_cache(maxsize=32)(_card_art)


def card_art(width: int, four_colour: bool = False) -> CardArt:
    """The shared :class:`CardArt` for this width and colour scheme."""
    return _cached_card_art(int(width), bool(four_colour))


__all__ = ["CardArt", "card_art", "suit_colour", "suit_symbol"]
