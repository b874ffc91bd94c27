"""Table geometry: where everything goes, for 3 to 8 seats and any window size.

Pure geometry, no drawing: :func:`table_layout` turns a window size, a seat
count, the seat shown at the bottom and the card scale into rectangles. The
viewer sits at the bottom; the seats after it (clockwise, each one to the left
of the one before) go up the left side, across the top and down the right.

Every length is in pixels, derived from the interface scale ``u`` (1.0 at
1280x720), so the table keeps its proportions from 960x540 to 4K.

>>> layout = table_layout((1280, 720), 4, viewer=2)
>>> [layout.seats[seat].side for seat in (2, 3, 0, 1)]
['bottom', 'left', 'top', 'right']
>>> layout.window.contains(layout.seats[0].plate)
True
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from pygame import Rect

from game.ui.kit.theme import scale_for

Pixel = tuple[int, int]

MIN_SEATS = 3
MAX_SEATS = 8
CARD_RATIO = 1.4

Side = Literal["bottom", "left", "top", "right"]
"""Which edge of the table a seat sits at."""
Axis = Literal["x", "y"]
"""x: a fan of backs runs left to right (upright); y: top to bottom (turned sideways)."""

# Where the opponents sit, by how many there are: (side, fraction). For a side
# seat the fraction runs down its column (0 top, 1 bottom); for a top seat it
# runs across the top row, left to right. Listed clockwise from the viewer.
_SLOTS: dict[int, tuple[tuple[Side, float], ...]] = {
    2: (("left", 0.2), ("right", 0.2)),
    3: (("left", 0.5), ("top", 0.5), ("right", 0.5)),
    4: (("left", 0.56), ("top", 0.25), ("top", 0.75), ("right", 0.56)),
    5: (("left", 0.62), ("top", 0.16), ("top", 0.5), ("top", 0.84), ("right", 0.62)),
    6: (
        ("left", 0.80),
        ("left", 0.22),
        ("top", 0.25),
        ("top", 0.75),
        ("right", 0.22),
        ("right", 0.80),
    ),
    7: (
        ("left", 0.80),
        ("left", 0.22),
        ("top", 0.16),
        ("top", 0.5),
        ("top", 0.84),
        ("right", 0.22),
        ("right", 0.80),
    ),
}


@dataclass(frozen=True)
class SeatSpot:
    """One seat's place at the table."""

    seat: int
    position: int
    """0 for the viewer at the bottom, then clockwise."""
    side: Side
    plate: Rect
    """The name plate."""
    avatar: tuple[int, int, int]
    """Centre x, centre y and radius of the avatar disc."""
    chip: Pixel
    """Centre of the dealer chip when this seat deals."""
    trick: Rect
    """Where this seat's card lies in the trick."""
    backs_axis: Axis
    backs_centre: Pixel
    backs_span: int
    """The longest the fan may get, in pixels along its axis."""
    bubble: Pixel
    """Where a speech bubble (a bid) appears."""

    @property
    def origin(self) -> Pixel:
        """Where this seat's cards come from and go to (plays, deals)."""
        return self.backs_centre

    def backs_for(self, count: int, back: tuple[int, int]) -> list[Rect]:
        """The rectangles of ``count`` card backs, fanned along the axis."""
        if count <= 0:
            return []
        width, height = back if self.backs_axis == "x" else (back[1], back[0])
        along = width if self.backs_axis == "x" else height
        step = min(along * 0.24, (self.backs_span - along) / max(1, count - 1))
        total = along + step * (count - 1)
        cx, cy = self.backs_centre
        rects = []
        for index in range(count):
            offset = -total / 2 + index * step
            if self.backs_axis == "x":
                rects.append(Rect(round(cx + offset), round(cy - height / 2), width, height))
            else:
                rects.append(Rect(round(cx - width / 2), round(cy + offset), width, height))
        return rects


@dataclass(frozen=True)
class BidPanelLayout:
    panel: Rect
    title: Pixel
    subtitle: Pixel
    buttons: tuple[Rect, ...]
    note: Pixel
    note_width: int
    figures: tuple[Pixel, ...] = ()
    """Where the coach's figure for each bid goes (none without the coach)."""


@dataclass(frozen=True)
class TableLayout:
    """Every rectangle of the table for one window, seat count and viewer."""

    size: tuple[int, int]
    players: int
    viewer: int
    u: float
    """The interface scale: 1.0 at 1280x720."""
    margin: int
    card: tuple[int, int]
    """The viewer's hand cards."""
    back: tuple[int, int]
    """Opponents' card backs (upright)."""
    trick_card: tuple[int, int]
    small_card: tuple[int, int]
    """The trump card and the last-trick review."""
    top_bar: Rect
    arena: Rect
    """Between the top bar and the hand: the opponents and the trick."""
    trick_zone: Rect
    centre: Pixel
    seats: tuple[SeatSpot, ...]
    """Indexed by seat number (not position)."""
    hand_band: Rect
    hand_left: int
    hand_right: int
    hand_base: int
    """The top of an unraised hand card."""
    raise_by: int
    status: Pixel
    """Centre of the status line above the hand."""
    trump_panel: Rect
    trump_card: Rect
    last_trick_button: Rect
    score_button: Rect
    menu_button: Rect
    text: float = 1.0
    """How much larger than normal the words are (the Text size setting)."""

    @property
    def window(self) -> Rect:
        return Rect((0, 0), self.size)

    def font(self, size: float) -> int:
        """A font size in pixels for ``size`` at 1280x720 (times the text size), never
        illegibly small."""
        return max(11, round(size * self.u * self.text))

    def px(self, length: float) -> int:
        return max(1, round(length * self.u))

    def position_of(self, seat: int) -> int:
        return (seat - self.viewer) % self.players

    def corner_areas(self, cards: int) -> tuple[Rect, Rect]:
        """The free room at the bottom left (between the lowest seat of the left column
        and the viewer's plate) and at the bottom right (down to the trumps), beside
        the trick and clear of the viewer's ``cards``: where the guide and offers go
        without covering a card."""
        gap = self.px(10)
        viewer = self.seats[self.viewer].plate
        hand = self.hand_rects(cards)
        hand_left = hand[0].x if hand else self.size[0] // 2
        hand_right = hand[-1].right if hand else self.size[0] // 2
        low_left, low_right = viewer.top, self.trump_panel.top
        if hand_left < self.trick_zone.left:  # a long hand reaches under the corner
            low_left = min(low_left, self.hand_band.top)
        if hand_right > self.trick_zone.right:
            low_right = min(low_right, self.hand_band.top)
        areas = []
        for side, bottom in (("left", low_left), ("right", low_right)):
            top = self.arena.top
            for spot in self.seats:
                if spot.side == side:
                    backs = spot.backs_centre[1] + spot.backs_span // 2
                    top = max(top, spot.plate.bottom, backs)
            if side == "left":
                x, right = self.margin, self.trick_zone.left - gap
            else:
                x, right = self.trick_zone.right + gap, self.size[0] - self.margin
            areas.append(Rect(x, top + gap, right - x, bottom - gap - top - gap))
        return areas[0], areas[1]

    # ------------------------------------------------------------ the hand
    def hand_rects(self, count: int, raised: tuple[bool, ...] | None = None) -> list[Rect]:
        """The viewer's ``count`` cards, left to right, raised where asked."""
        if count <= 0:
            return []
        width, height = self.card
        room = self.hand_right - self.hand_left
        step = width * 0.8 if count == 1 else min(width * 0.8, (room - width) / (count - 1))
        total = width + step * (count - 1)
        left = (self.hand_left + self.hand_right) / 2 - total / 2
        # A gentle arc, as cards held in a hand: the outer cards sit a little lower.
        half = max(1.0, (count - 1) / 2)
        dip = min(self.margin * 0.5, height * 0.06) * min(1.0, (count - 1) / 6)
        rects = []
        for index in range(count):
            lift = self.raise_by if raised and raised[index] else 0
            arc = round(dip * ((index - (count - 1) / 2) / half) ** 2)
            rects.append(
                Rect(round(left + index * step), self.hand_base - lift + arc, width, height)
            )
        return rects

    # ------------------------------------------------------------ bidding
    def bid_panel(
        self, options: int, coached: bool = False, words: tuple[int, int] = (0, 0)
    ) -> BidPanelLayout:
        """The bid panel for bids 0 .. options-1, centred on the trick; ``coached``
        leaves a line under each row of buttons for the coach's figures. ``words`` are
        the heights of the line under the title and of the note, in pixels, when the
        words need more than one and two lines; the panel widens with the text size."""
        size, gap = self.px(44), self.px(8)
        figure_h = self.px(20) if coached else 0
        per_row = options if options <= 11 else math.ceil(options / 2)
        rows = math.ceil(options / per_row)
        pad = self.px(22)
        room = self.trick_zone.width  # between the seats' plates and their cards
        if per_row * (size + gap) - gap + 2 * pad > room:  # smaller buttons, to a point
            shrink = max(0.7, (room - 2 * pad + gap) / (per_row * (size + gap)))
            size, gap = round(size * shrink), max(2, round(gap * shrink))
        row_width = per_row * size + (per_row - 1) * gap
        width = max(row_width + 2 * pad, min(self.px(400 * self.text), room))
        title_h = max(self.px(30), round(self.font(21) * 1.45))
        sub_h, note_h = max(self.px(24), words[0]), max(self.px(40), words[1])
        row_h = size + figure_h
        height = pad + title_h + sub_h + self.px(10) + rows * row_h + (rows - 1) * gap
        height += self.px(12) + note_h + pad
        panel = Rect(0, 0, width, height)
        panel.center = self.centre
        panel.clamp_ip(self.arena)
        top = panel.y + pad + title_h + sub_h + self.px(10)
        buttons = []
        for index in range(options):
            row, column = divmod(index, per_row)
            in_row = min(per_row, options - row * per_row)
            start = panel.centerx - (in_row * size + (in_row - 1) * gap) // 2
            buttons.append(
                Rect(start + column * (size + gap), top + row * (row_h + gap), size, size)
            )
        return BidPanelLayout(
            panel=panel,
            title=(panel.centerx, panel.y + pad + title_h // 2),
            subtitle=(panel.centerx, panel.y + pad + title_h + sub_h // 2),
            buttons=tuple(buttons),
            note=(panel.centerx, buttons[-1].bottom + figure_h + self.px(12)),
            note_width=width - 2 * pad,
            figures=tuple((b.centerx, b.bottom + figure_h // 2) for b in buttons if coached),
        )


def _card_size(width: float) -> tuple[int, int]:
    width = max(8, round(width))
    return (width, round(width * CARD_RATIO))


@lru_cache(maxsize=16)
def table_layout(
    size: tuple[int, int],
    players: int,
    viewer: int = 0,
    card_scale: float = 1.0,
    text: float = 1.0,
) -> TableLayout:
    """The layout of a table of ``players`` seats with ``viewer`` at the bottom, its
    words ``text`` times their normal size (the name plates grow with them, as far as
    the window leaves every plate apart and the trick its room)."""
    if not MIN_SEATS <= players <= MAX_SEATS:
        raise ValueError(f"a table has {MIN_SEATS} to {MAX_SEATS} seats, not {players}")
    grow = text
    while True:
        layout = _table_layout(size, players, viewer, card_scale, text, grow)
        if grow <= 1.0 or _roomy(layout):
            return layout
        grow = max(1.0, grow - 0.05)


def _roomy(layout: TableLayout) -> bool:
    """Every plate clear of the others, inside the window, and the trick as wide as at
    normal words."""
    plates = [spot.plate.inflate(layout.px(8), layout.px(8)) for spot in layout.seats]
    apart = not any(a.colliderect(b) for a, b in itertools.combinations(plates, 2))
    inside = all(layout.window.contains(spot.plate) for spot in layout.seats)
    return apart and inside and layout.trick_card[0] >= layout.card[0] * 0.6


def _table_layout(
    size: tuple[int, int],
    players: int,
    viewer: int,
    card_scale: float,
    text: float,
    grow: float,
) -> TableLayout:
    width, height = size
    u = scale_for(size)

    def px(length: float) -> int:
        return max(1, round(length * u))

    margin = px(14)
    card = _card_size(90 * u * card_scale)
    back = _card_size(card[0] * 0.5 / max(1.0, card_scale**0.5))
    small = _card_size(max(36 * u, 60 * u * min(card_scale, 1.2)))
    plate = (px((196 if players <= 6 else 184) * grow), px(72 * grow))  # words' room
    top_bar = Rect(0, 0, width, px(44))

    raise_by = round(card[1] * 0.15)
    hand_base = height - margin - card[1]
    status_y = hand_base - raise_by - px(26)
    arena_top = top_bar.bottom + margin
    arena = Rect(margin, arena_top, width - 2 * margin, status_y - px(16) - arena_top)

    # The bottom corners: the viewer's plate on the left, trumps on the right. The trump
    # panel is tall enough for its two lines of text above the last-trick button.
    corner_w = plate[0]
    trump_h = max(plate[1], small[1] + px(20), px(104))
    trump_panel = Rect(width - margin - corner_w, height - margin - trump_h, corner_w, trump_h)
    trump_card = Rect(trump_panel.x + px(10), trump_panel.y + px(10), *small)
    text_left = trump_card.right + px(12)
    last_trick_button = Rect(
        text_left,
        trump_panel.bottom - px(10) - px(28),
        trump_panel.right - px(10) - text_left,
        px(28),
    )
    hand_left = margin + corner_w + 2 * margin
    hand_right = width - margin - corner_w - 2 * margin
    hand_band = Rect(
        0, hand_base - raise_by - px(6), width, height - (hand_base - raise_by - px(6))
    )

    button_h, button_w = px(30), px(116)
    menu_button = Rect(0, 0, button_w, button_h)
    menu_button.midright = (width - margin, top_bar.centery)
    score_button = Rect(0, 0, button_w, button_h)
    score_button.midright = (menu_button.x - px(10), top_bar.centery)

    # Each opponent's backs lie just outside its plate, on the side facing the trick.
    gap = px(4)
    reach = gap + back[1]
    plates = _plates(size, players, viewer, arena, plate, reach, px)
    backs_info: dict[int, tuple[Axis, Pixel, int]] = {}
    for seat, side, rect in plates:
        backs_info[seat] = _backs_place(side, rect, gap, back)
    viewer_backs = ((hand_left + hand_right) // 2, hand_base + card[1] // 2)
    backs_info[viewer] = ("x", viewer_backs, hand_right - hand_left)

    has_top = any(side == "top" for _, side, _ in plates)
    zone_top = arena.top + (plate[1] + reach + px(14) if has_top else 0)
    zone_side = margin + plate[0] + reach + px(14)
    trick_zone = Rect(zone_side, zone_top, width - 2 * zone_side, arena.bottom - zone_top)
    centre = trick_zone.center
    trick_card, trick_spots = _fit_trick(card, players, trick_zone)

    seats: list[SeatSpot | None] = [None] * players
    for seat, side, rect in plates:
        radius = round(rect.height * 0.31)
        axis, backs_centre, span = backs_info[seat]
        spot = trick_spots[(seat - viewer) % players]
        seats[seat] = SeatSpot(
            seat=seat,
            position=(seat - viewer) % players,
            side=side,
            plate=rect,
            avatar=(rect.x + px(12) + radius, rect.centery, radius),
            chip=(rect.right - px(3) if side == "right" else rect.x + px(3), rect.top + px(3)),
            trick=spot,
            backs_axis=axis,
            backs_centre=backs_centre,
            backs_span=span,
            bubble=spot.center,
        )
    return TableLayout(
        size=size,
        players=players,
        viewer=viewer,
        u=u,
        margin=margin,
        card=card,
        back=back,
        trick_card=trick_card,
        small_card=small,
        top_bar=top_bar,
        arena=arena,
        trick_zone=trick_zone,
        centre=centre,
        seats=tuple(spot for spot in seats if spot is not None),
        hand_band=hand_band,
        hand_left=hand_left,
        hand_right=hand_right,
        hand_base=hand_base,
        raise_by=raise_by,
        status=((hand_left + hand_right) // 2, status_y),
        trump_panel=trump_panel,
        trump_card=trump_card,
        last_trick_button=last_trick_button,
        score_button=score_button,
        menu_button=menu_button,
        text=text,
    )


def _plates(
    size: tuple[int, int],
    players: int,
    viewer: int,
    arena: Rect,
    plate: tuple[int, int],
    reach: int,
    px: Callable[[float], int],
) -> list[tuple[int, Side, Rect]]:
    """Every seat's name plate, as (seat, side, rectangle): the viewer's bottom left.

    The top row keeps clear of the side columns and, where a side seat's backs come
    up level with the top seats, of those backs too (``reach`` is how far backs stand
    out of a plate).
    """
    width, height = size
    margin = arena.x
    plate_w, plate_h = plate
    opponents = _SLOTS[players - 1]
    sides: list[tuple[int, Side, Rect]] = []
    for index, (side, fraction) in enumerate(opponents, start=1):
        rect = Rect(0, 0, plate_w, plate_h)
        y = round(arena.top + plate_h / 2 + fraction * (arena.height - plate_h))
        if side == "left":
            rect.midleft = (margin, y)
        elif side == "right":
            rect.midright = (width - margin, y)
        sides.append(((viewer + index) % players, side, rect))
    top_band = arena.top + plate_h + reach
    crowded = any(
        side != "top" and rect.centery - _SIDE_SPAN * plate_h / 2 < top_band
        for _, side, rect in sides
    )
    inset = margin + plate_w + (reach + px(10) if crowded else px(18))
    top_left, top_right = inset, width - inset
    bottom = Rect(margin, height - margin - plate_h, plate_w, plate_h)
    plates: list[tuple[int, Side, Rect]] = [(viewer, "bottom", bottom)]
    top_fractions = iter(f for s, f in opponents if s == "top")
    for seat, side, rect in sides:
        if side == "top":
            x = round(top_left + next(top_fractions) * (top_right - top_left))
            rect.midtop = (x, arena.top)
            # A plate at the end of the row stays inside it.
            rect.clamp_ip(Rect(top_left, arena.top, top_right - top_left, plate_h))
        plates.append((seat, side, rect))
    return plates


_SIDE_SPAN = 1.9
"""How long a side seat's fan of backs may get, in plate heights."""


def _backs_place(
    side: Side, plate: Rect, gap: int, back: tuple[int, int]
) -> tuple[Axis, Pixel, int]:
    """The axis, centre and longest span of an opponent's backs, ``gap`` from its plate."""
    out = gap + (back[1] + 1) // 2  # from the plate's edge to the middle of the backs
    if side == "top":
        return ("x", (plate.centerx, plate.bottom + out), round(plate.width * 0.9))
    span = round(plate.height * _SIDE_SPAN)
    if side == "left":
        return ("y", (plate.right + out, plate.centery), span)
    return ("y", (plate.x - out, plate.centery), span)


# Where each seat's card lies in the trick, as angles (degrees, clockwise from the
# right, y down) on an oval round the centre, listed from the viewer (at the bottom)
# clockwise: each card lies towards its owner's plate, and neighbours stay apart.
_ANGLES: dict[int, tuple[int, ...]] = {
    3: (90, 210, 330),
    4: (90, 180, 270, 0),
    5: (90, 150, 235, 305, 30),
    6: (90, 150, 235, 270, 305, 30),
    7: (90, 140, 220, 250, 290, 320, 40),
    8: (90, 140, 220, 245, 270, 295, 320, 40),
}
# The oval's largest radii, in card widths (x) and heights (y): close together for a
# few players, spread round the table for many.
_RING_X = {3: 1.3, 4: 1.2, 5: 1.9, 6: 2.05, 7: 2.9, 8: 3.1}
_RING_Y = {3: 0.72, 4: 0.72, 5: 0.84, 6: 0.98, 7: 1.0, 8: 1.0}
_TRICK_GAP = 0.08
"""The least gap between two trick cards, in card heights: room for their tilt."""


def _fit_trick(
    card: tuple[int, int], players: int, zone: Rect
) -> tuple[tuple[int, int], list[Rect]]:
    """The trick card size and each position's card: the largest cards that fit the zone
    with no two touching, on the usual oval or, failing that, on the widest one."""
    largest = math.floor(card[0] * (0.92 if players <= 6 else 0.86))
    for width in range(largest, 7, -1):
        size = _card_size(width)
        for spread in (_RING_X[players], math.inf):
            spots = _ring(size, players, zone, spread)
            if spots is not None:
                return size, spots
    size = _card_size(8)
    return size, [Rect(zone.center, size) for _ in range(players)]


def _ring(size: tuple[int, int], players: int, zone: Rect, spread: float) -> list[Rect] | None:
    """Cards of ``size`` round an oval at most ``spread`` card widths across from the
    centre, or None if they would not fit the zone or would touch."""
    w, h = size
    room = math.ceil(_TRICK_GAP * h)  # between two cards; half of it at the zone's edge
    rx = min(spread * w, (zone.width - w - room) / 2)
    ry = min(_RING_Y[players] * h, (zone.height - h - room) / 2)
    if rx < 0 or ry < 0:
        return None
    spots = []
    for angle in map(math.radians, _ANGLES[players]):
        spot = Rect(0, 0, w, h)
        spot.center = (
            round(zone.centerx + rx * math.cos(angle)),
            round(zone.centery + ry * math.sin(angle)),
        )
        spots.append(spot)
    for a, b in itertools.combinations(spots, 2):
        if a.inflate(2 * room, 2 * room).colliderect(b):
            return None
    return spots
