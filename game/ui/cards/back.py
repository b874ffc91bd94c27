"""The card backs: a patterned field with a gold medallion, fleurons and a double rule,
in three designs (:data:`BACKS`): a blue lattice, a red lattice and a green tartan.

Every back is exactly symmetric under a half turn, so a card looks the same
whichever way up it lies.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, NamedTuple

import pygame

from game.ui.cards.geometry import half_turn
from game.ui.cards.palette import BACK_DOT, BACK_FIELD, BACK_GOLD, BACK_LINE, C_WHITE, Colour

if TYPE_CHECKING:
    from game.ui.cards.metrics import CardMetrics


class BackDesign(NamedTuple):
    """A back's colours and the pattern of its field."""

    field: Colour
    line: Colour
    dot: Colour
    gold: Colour
    pattern: str
    """``lattice`` (diagonals with a dot at each crossing) or ``tartan`` (bands)."""


BACKS = {
    "blue": BackDesign(BACK_FIELD, BACK_LINE, BACK_DOT, BACK_GOLD, "lattice"),
    "red": BackDesign((118, 20, 34), (164, 52, 64), (204, 92, 100), BACK_GOLD, "lattice"),
    "green": BackDesign((28, 92, 60), (6, 38, 24), (214, 176, 84), (232, 196, 104), "tartan"),
}
"""The card backs a player may choose, by the name the settings keep."""


def draw_back(
    art: CardMetrics, canvas: pygame.Surface, paper: pygame.Rect, design: str = "blue"
) -> None:
    """The patterned field of back ``design`` inside the white margin of ``paper``, on
    ``canvas``."""
    look = BACKS.get(design, BACKS["blue"])
    s = art.scale
    margin = round(art.width * s * 0.055)
    field = paper.inflate(
        -2 * margin + 2 * round(art.edge * s), -2 * margin + 2 * round(art.edge * s)
    )
    field_radius = max(1, round(art.radius * s * 0.6))
    step = max(4 * s, art.width * s * 0.07)
    line = max(1, round(s * max(0.6, art.width / 200)))
    # The pattern is drawn on its own layer and masked to the rounded field.
    layer = pygame.Surface(field.size, pygame.SRCALPHA)
    layer.fill(look.field)
    if look.pattern == "tartan":
        _tartan(layer, step, line, look)
    else:
        _lattice(layer, step, line, look)
    _medallion(layer, step, line, look)
    _fleurons(layer, step, look)
    _gold_rules(layer, step, line, field_radius, look)
    _round_corners(layer, field_radius)
    canvas.blit(layer, field.topleft)
    _mirror_lower_half(canvas)


def _tartan(layer: pygame.Surface, step: float, line: int, look: BackDesign) -> None:
    """Broad translucent bands across and down, with thin gold threads between them:
    a plaid, drawn out from the centre so both halves match."""
    fw, fh = layer.get_size()
    fcx, fcy = fw / 2, fh / 2
    bands = pygame.Surface((fw, fh), pygame.SRCALPHA)
    pitch = step * 3
    n = int(max(fw, fh) / pitch) + 2
    for k in range(-n, n + 1):
        for centre, across in ((fcx + k * pitch, False), (fcy + k * pitch, True)):
            wide = round(step * 1.5)
            if across:
                rect = pygame.Rect(0, round(centre - wide / 2), fw, wide)
            else:
                rect = pygame.Rect(round(centre - wide / 2), 0, wide, fh)
            pygame.draw.rect(bands, (*look.line, 150), rect)
            for offset in (-pitch / 2, pitch / 2):
                at = round(centre + offset)
                ends = ((0, at), (fw, at)) if across else ((at, 0), (at, fh))
                pygame.draw.line(bands, (*look.dot, 210), *ends, max(1, line * 2))
    layer.blit(bands, (0, 0))


def _lattice(layer: pygame.Surface, step: float, line: int, look: BackDesign) -> None:
    """Diagonal lines both ways across the field, with a dot at every crossing."""
    fw, fh = layer.get_size()
    fcx, fcy = fw / 2, fh / 2
    n = int((fw + fh) / step) + 2
    for k in range(-n, n + 1):
        off = k * step
        # Lines of slope +-1 through points offset along the horizontal axis from the centre.
        pygame.draw.line(
            layer, look.line, (fcx + off - fh, fcy - fh), (fcx + off + fh, fcy + fh), line
        )
        pygame.draw.line(
            layer, look.line, (fcx + off - fh, fcy + fh), (fcx + off + fh, fcy - fh), line
        )
    dot = max(1.0, step * 0.12)
    for i in range(-n, n + 1):
        for j in range(-n, n + 1):
            x, y = fcx + (i + j) * step / 2, fcy + (i - j) * step / 2
            if -step < x < fw + step and -step < y < fh + step:
                pygame.draw.circle(layer, look.dot, (x, y), dot)


def _medallion(layer: pygame.Surface, step: float, line: int, look: BackDesign) -> None:
    """The centre medallion: gold rims, a ring of beads and an eight-pointed star."""
    fw, fh = layer.get_size()
    fcx, fcy = fw / 2, fh / 2
    rx, ry = fw * 0.36, fh * 0.27
    med = pygame.Rect(0, 0, round(2 * rx), round(2 * ry))
    med.center = (round(fcx), round(fcy))
    pygame.draw.ellipse(layer, look.field, med.inflate(round(step * 0.8), round(step * 0.8)))
    pygame.draw.ellipse(layer, look.gold, med)
    pygame.draw.ellipse(layer, look.field, med.inflate(-2 * line * 3, -2 * line * 3))
    inner = med.inflate(-round(rx * 0.3), -round(ry * 0.3))
    pygame.draw.ellipse(layer, look.gold, inner, line)
    # A ring of beads between the two rims.
    beads = 40
    for k in range(beads):
        a = k * 2 * math.pi / beads
        bx, by = fcx + math.sin(a) * rx * 0.92, fcy - math.cos(a) * ry * 0.92
        pygame.draw.circle(layer, look.gold, (bx, by), max(1.0, rx * (0.022 if k % 2 else 0.032)))
    _star(layer, fcx, fcy, rx, ry, look)


def _star(
    layer: pygame.Surface, fcx: float, fcy: float, rx: float, ry: float, look: BackDesign
) -> None:
    """Eight-pointed star with alternating long and short rays, and a white centre."""
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
    pygame.draw.polygon(layer, look.gold, pts)
    pygame.draw.polygon(
        layer,
        look.field,
        [(fcx + (x - fcx) * 0.45, fcy + (y - fcy) * 0.45) for x, y in pts],
    )
    pygame.draw.circle(layer, C_WHITE, (fcx, fcy), min(rx, ry) * 0.1)


def _fleurons(layer: pygame.Surface, step: float, look: BackDesign) -> None:
    """A gold lozenge in each corner of the field."""
    fw, fh = layer.get_size()
    fcx, fcy = fw / 2, fh / 2
    for sx, sy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
        ox, oy = fcx + sx * (fw / 2 - step * 1.75), fcy + sy * (fh / 2 - step * 1.75)
        r = step * 0.8
        pygame.draw.polygon(
            layer,
            look.gold,
            [(ox, oy - r), (ox + r * 0.6, oy), (ox, oy + r), (ox - r * 0.6, oy)],
        )
        pygame.draw.circle(layer, look.field, (ox, oy), r * 0.22)


def _gold_rules(
    layer: pygame.Surface, step: float, line: int, field_radius: int, look: BackDesign
) -> None:
    """A double gold rule round the edge of the field."""
    fw, fh = layer.get_size()
    for inset, weight in ((0.45, 2 * line), (0.75, line)):
        rule = pygame.Rect(0, 0, fw, fh).inflate(-round(step * inset) * 2, -round(step * inset) * 2)
        pygame.draw.rect(
            layer,
            look.gold,
            rule,
            weight,
            border_radius=max(1, field_radius - round(step * inset)),
        )


def _round_corners(layer: pygame.Surface, radius: int) -> None:
    """Make the layer transparent outside a rounded rectangle."""
    mask = pygame.Surface(layer.get_size(), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)


def _mirror_lower_half(canvas: pygame.Surface) -> None:
    """Make the back exactly symmetric under a half turn: the lower half is the
    upper half turned round."""
    w, h = canvas.get_size()
    turned = half_turn(canvas)
    half = h // 2
    canvas.blit(turned, (0, h - half), pygame.Rect(0, h - half, w, half))
