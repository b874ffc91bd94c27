"""The look of the game: palette, fonts, scaling and cached text.

Everything is sized from the window: :func:`scale_for` gives 1.0 at 1280x720
and grows with the window, so the table looks the same at 4K. Fonts are the
game's own copy of Noto Sans in ``assets/fonts/`` (the same files the forms use),
with pygame's own font as a fallback.
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import lru_cache
from pathlib import Path
from typing import Generic, NamedTuple, ParamSpec, Protocol, TypeVar

import pygame

from game.resources import asset

P = ParamSpec("P")
R = TypeVar("R")

# ---------------------------------------------------------------- palette
RGB = tuple[int, int, int]
FELT_CENTRE: RGB = (38, 112, 78)
FELT_EDGE: RGB = (10, 52, 36)
PANEL = (10, 26, 22, 200)
PANEL_SOLID = (18, 38, 32)
PANEL_BORDER = (255, 255, 255, 34)
TEXT = (242, 238, 226)
TEXT_DIM = (176, 192, 182)
TEXT_DARK = (34, 36, 40)
GOLD = (232, 192, 96)
GOLD_DARK = (150, 112, 40)
HIGHLIGHT = (255, 222, 120)
GOOD = (112, 214, 136)
BAD = (232, 92, 80)
INFO = (120, 180, 240)
PAPER = (250, 246, 232)
INK = (40, 46, 70)

SEAT_COLOURS = (
    (232, 192, 96),
    (120, 180, 240),
    (236, 120, 120),
    (140, 212, 150),
    (200, 150, 230),
    (240, 160, 90),
    (110, 210, 210),
    (220, 200, 160),
)
"""A colour per seat, for avatars and score sheet headings."""

BASE_SIZE = (1280, 720)

CLOTHS: dict[str, tuple[tuple[RGB, RGB], tuple[RGB, RGB]]] = {
    "green": (((38, 112, 78), (10, 52, 36)), ((18, 66, 46), (3, 20, 13))),
    "blue": (((40, 88, 132), (10, 32, 60)), ((18, 48, 84), (3, 12, 28))),
    "red": (((124, 42, 50), (50, 12, 20)), ((76, 20, 28), (22, 4, 8))),
}
"""Each table colour's cloth, centre and edge: normal, then for high contrast."""
cloth = "green"
"""The table colour in use (:func:`use_look`)."""
card_back = "blue"
"""The card back in use (:func:`use_look`; the card art reads it)."""

_NORMAL = {
    "PANEL": PANEL,
    "PANEL_SOLID": PANEL_SOLID,
    "PANEL_BORDER": PANEL_BORDER,
    "TEXT": TEXT,
    "TEXT_DIM": TEXT_DIM,
    "GOLD": GOLD,
    "HIGHLIGHT": HIGHLIGHT,
    "GOOD": GOOD,
    "BAD": BAD,
    "DIM_ALPHA": 64,
    "PLATE_FILL": (12, 30, 25, 236),
    "PLATE_BORDER": (255, 255, 255, 40),
}
_HIGH_CONTRAST = {
    "PANEL": (0, 0, 0, 245),
    "PANEL_SOLID": (0, 0, 0),
    "PANEL_BORDER": (255, 255, 255, 170),
    "TEXT": (255, 255, 255),
    "TEXT_DIM": (226, 234, 230),
    "GOLD": (255, 208, 80),
    "HIGHLIGHT": (255, 238, 140),
    "GOOD": (120, 244, 150),
    "BAD": (255, 112, 100),
    "DIM_ALPHA": 130,
    "PLATE_FILL": (0, 0, 0, 250),
    "PLATE_BORDER": (255, 255, 255, 190),
}
DIM_ALPHA = 64
"""How dark the veil over a card that may not be played is (0-255): enough to tell,
light enough that the hand still reads as live (playable cards are raised too)."""
PLATE_FILL = (12, 30, 25, 236)
PLATE_BORDER = (255, 255, 255, 40)


class FormSpacing(NamedTuple):
    """The rhythm of a form (:mod:`game.ui.kit.form`), in pixels at 1280x720."""

    pad: int = 24
    """Inside a panel, left and right."""
    top: int = 16
    """Above a panel's first heading."""
    heading: int = 26
    """From a heading to its first row."""
    heading_text: int = 24
    row: int = 44
    """From one row to the next."""
    compact_row: int = 39
    row_gap: int = 4
    """Between one row's label and the next."""
    control_height: int = 36
    compact_height: int = 32
    gap: int = 6
    """Between a label and its control."""
    section_gap: int = 4
    """Between a section's last row and the next heading."""
    value: int = 96
    """The words beside a slider (its value)."""
    value_size: int = 18
    """The font size of those words (``@value`` in ``assets/gui_theme.json``)."""
    label_size: int = 16
    heading_size: int = 13
    rule: int = 2
    """From a heading's words down to the line under them."""
    bleed: int = 2
    """How far a line of text to type, or a slider's words, stand over and under its row's box."""
    slider_inset: int = 4
    """How much narrower and lower a slider is than its row's box."""


FORM = FormSpacing()
PAGE_MARGIN = 40
"""Left and right of a page's panels, and under its title."""
PAGE_GUTTER = 24
"""Between two panels side by side."""


class PageSpacing(NamedTuple):
    """The frame of a menu page, in pixels at 1280x720: the title, the panels under it
    and the Back button under them (all from :data:`PAGE_MARGIN` on the left)."""

    title_top: int = 24
    title_size: int = 34
    top: int = 88
    """Where the panels start, under the title."""
    panel_height: int = 556
    corner: int = 16
    """The radius of a panel's corners."""
    button: tuple[int, int] = (150, 46)


class SettingsSpacing(NamedTuple):
    """The Settings page's two panels and its card preview, in pixels at 1280x720."""

    main_width: int = 760
    main_labels: int = 270
    side_labels: int = 140
    """The width of the labels in the narrower panel beside the main one."""
    preview: int = 122
    """The preview at the top of the side panel, over its rows."""
    cloth: int = 100
    cloth_inset: int = 16
    cloth_corner: int = 10
    card: int = 45
    """A card's width in the preview at card size 100% (half a card in the hand)."""
    least_card: int = 8
    apart: int = 24
    """How far the back lies apart from the faces."""
    lift: int = 8
    """How far the raised card stands over the others."""
    drop: int = 4
    """How far under the cloth's middle the cards' middle is."""
    shadow: tuple[int, int] = (3, 4)


PAGE = PageSpacing()
SETTINGS = SettingsSpacing()
high_contrast = False
"""Whether the high-contrast palette is in use (:func:`use_contrast`)."""
generation = 0
"""Counts palette changes: pictures made from the palette are made again after one."""


def use_contrast(on: bool) -> bool:
    """Switch to the high-contrast palette (brighter words, darker solid grounds, a
    darker cloth) or back; True when it changed. Everything drawn from the palette
    afterwards uses it; the caches of pictures are emptied."""
    global high_contrast, generation
    if on == high_contrast:
        return False
    high_contrast = on
    globals().update(_HIGH_CONTRAST if on else _NORMAL)
    _repaint()
    return True


def use_look(table_colour: str, back: str) -> bool:
    """Lay the cloth of ``table_colour`` (see :data:`CLOTHS`) and deal cards with the
    ``back`` named; True when either changed. Like :func:`use_contrast`, the caches of
    pictures are emptied and every picture drawn afterwards uses them."""
    global cloth, card_back
    table_colour = table_colour if table_colour in CLOTHS else "green"
    if (table_colour, back) == (cloth, card_back):
        return False
    cloth, card_back = table_colour, back
    _repaint()
    return True


def _repaint() -> None:
    """The cloth of the colour and contrast in use; every picture made again."""
    global generation, FELT_CENTRE, FELT_EDGE
    generation += 1
    FELT_CENTRE, FELT_EDGE = CLOTHS[cloth][1 if high_contrast else 0]
    _felt_shades.cache_clear()
    for cache in _PICTURE_CACHES:
        cache.cache_clear()


def scale_for(size: tuple[int, int]) -> float:
    """The interface scale for a window: 1.0 at 1280x720."""
    return max(0.6, min(size[0] / BASE_SIZE[0], size[1] / BASE_SIZE[1]))


# ---------------------------------------------------------- picture caches
_KEYWORDS = object()
"""Separates positional from keyword arguments in a cache key."""


class CacheInfo(NamedTuple):
    hits: int
    misses: int
    maxsize: int
    currsize: int
    bytes: int
    max_bytes: int


def picture_bytes(value: object) -> int:
    """The pixel memory of a surface (or of the surfaces in a tuple)."""
    if isinstance(value, pygame.Surface):
        return value.get_width() * value.get_height() * value.get_bytesize()
    if isinstance(value, tuple):
        return sum(picture_bytes(item) for item in value)
    return 0


def screen_bytes() -> int:
    """The pixel memory of one window-sized picture (1280x720 before a window opens)."""
    screen = pygame.display.get_surface() if pygame.display.get_init() else None
    width, height = screen.get_size() if screen is not None else BASE_SIZE
    return max(width * height, BASE_SIZE[0] * BASE_SIZE[1]) * 4


class PictureCache(Generic[P, R]):
    """A least-recently-used cache of pictures bounded by entries and by pixel memory
    (``screens`` window-sized pictures' worth, so it grows with the window)."""

    def __init__(self, function: Callable[P, R], maxsize: int, screens: float) -> None:
        functools.update_wrapper(self, function)
        self._function = function
        self.maxsize, self.screens = maxsize, screens
        self._entries: OrderedDict[Hashable, tuple[R, int]] = OrderedDict()
        self._bytes = self._hits = self._misses = 0

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        key = (*args, _KEYWORDS, *sorted(kwargs.items())) if kwargs else args
        found = self._entries.get(key)
        if found is not None:
            self._entries.move_to_end(key)
            self._hits += 1
            return found[0]
        self._misses += 1
        value = self._function(*args, **kwargs)
        size = picture_bytes(value)
        self._entries[key] = (value, size)
        self._bytes += size
        budget = self.screens * screen_bytes()
        while len(self._entries) > 1 and (
            len(self._entries) > self.maxsize or self._bytes > budget
        ):
            _, (_, dropped) = self._entries.popitem(last=False)
            self._bytes -= dropped
        return value

    def cache_info(self) -> CacheInfo:
        budget = round(self.screens * screen_bytes())
        return CacheInfo(
            self._hits, self._misses, self.maxsize, len(self._entries), self._bytes, budget
        )

    def cache_clear(self) -> None:
        self._entries.clear()
        self._bytes = self._hits = self._misses = 0


class _Clearable(Protocol):
    def cache_clear(self) -> None: ...


_PICTURE_CACHES: list[_Clearable] = []
"""Every picture cache, emptied when the palette changes."""


def picture_cache(maxsize: int, screens: float) -> Callable[[Callable[P, R]], PictureCache[P, R]]:
    """Decorate a function returning pictures with a :class:`PictureCache`."""

    def decorate(function: Callable[P, R]) -> PictureCache[P, R]:
        cache = PictureCache(function, maxsize, screens)
        _PICTURE_CACHES.append(cache)
        return cache

    return decorate


# ------------------------------------------------------------------ fonts
FONT_FILES = {
    "regular": "NotoSans-Regular.ttf",
    "bold": "NotoSans-Bold.ttf",
    "italic": "NotoSans-Italic.ttf",
}
"""The game's typeface, Noto Sans (SIL Open Font License, ``assets/fonts/OFL.txt``), in
``assets/fonts/``; the forms drawn with pygame_gui use the same files (``gui.py``)."""


def font_file(weight: str) -> Path:
    """The font file of ``weight`` (regular, bold or italic) under ``assets/fonts``."""
    return asset("fonts", FONT_FILES[weight])


@lru_cache(maxsize=1)
def _font_folder() -> Path | None:
    folder = font_file("regular").parent
    return folder if folder.is_dir() else None


@lru_cache(maxsize=64)
def font(size: int, weight: str = "regular") -> pygame.font.Font:
    """A font of ``size`` pixels; ``weight`` is regular, bold or italic."""
    if not pygame.font.get_init():
        pygame.font.init()
    size = max(6, int(size))
    folder = _font_folder()
    if folder is not None:
        return pygame.font.Font(folder / FONT_FILES[weight], size)
    fallback = pygame.font.Font(None, int(size * 1.3))
    fallback.set_bold(weight == "bold")
    fallback.set_italic(weight == "italic")
    return fallback


MAX_LINE = 500
"""The most characters rendered on one line: text from a file may be any length,
and the font renderer fails on huge strings."""
MAX_WRAPPED = 4000
"""The most characters :func:`wrap` lays out."""


def drawable(content: str) -> str:
    """``content`` as the font renderer takes any text: without NUL characters, and
    with lone surrogates (which cannot be encoded) shown as ``?``."""
    if "\x00" in content:
        content = content.replace("\x00", "")
    try:
        content.encode("utf-8")
    except UnicodeEncodeError:
        content = content.encode("utf-8", "replace").decode("utf-8")
    return content


def text(
    content: str, size: int, colour: tuple[int, ...] = TEXT, weight: str = "regular"
) -> pygame.Surface:
    """Rendered, anti-aliased text (at most :data:`MAX_LINE` characters), cached
    (drawing the same label costs nothing). Any string is drawn: text with nothing
    to see (zero-width or format characters only) gives an empty picture."""
    return _text(drawable(content[:MAX_LINE]), size, colour, weight)


@picture_cache(maxsize=2048, screens=2.0)
def _text(content: str, size: int, colour: tuple[int, ...], weight: str) -> pygame.Surface:
    face = font(size, weight)
    if content and face.size(content)[0] == 0:
        content = ""  # the renderer refuses text of zero width
    return face.render(content, True, colour)


def fitted(
    content: str,
    size: int,
    width: int,
    colour: tuple[int, ...] = TEXT,
    weight: str = "regular",
    smallest: float = 0.7,
) -> pygame.Surface:
    """:func:`text` at ``size``, or smaller (down to ``smallest`` of it) when that is
    wider than ``width``: a label kept inside its box in a long language."""
    content = drawable(content[:MAX_LINE])
    return text(content, _fitting_size(content, size, width, weight, smallest), colour, weight)


@lru_cache(maxsize=1024)
def _fitting_size(content: str, size: int, width: int, weight: str, smallest: float) -> int:
    low = max(6, int(size * smallest))
    while size > low and font(size, weight).size(content[:MAX_LINE])[0] > width:
        size -= 1
    return size


def wrap(content: str, size: int, width: int, weight: str = "regular") -> list[str]:
    """Split ``content`` (at most :data:`MAX_WRAPPED` characters of it) into lines no
    wider than ``width`` pixels; a word longer than a line is cut."""
    face = font(size, weight)
    lines: list[str] = []
    for paragraph in drawable(content[:MAX_WRAPPED]).split("\n"):
        line = ""
        for whole in paragraph.split():
            word = whole[:MAX_LINE]
            candidate = f"{line} {word}".strip()
            if line and face.size(candidate)[0] > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines


# ------------------------------------------------------------------ shapes
def panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    colour: tuple[int, ...] = PANEL,
    radius: int = 12,
    border: tuple[int, ...] | None = PANEL_BORDER,
) -> None:
    """A rounded, translucent panel (rendered once per size and colour, then cached)."""
    if rect.width <= 0 or rect.height <= 0:
        return
    layer = rounded_rect((rect.width, rect.height), tuple(colour), radius, border and tuple(border))
    surface.blit(layer, rect)


@picture_cache(maxsize=256, screens=6.0)
def rounded_rect(
    size: tuple[int, int],
    colour: tuple[int, ...],
    radius: int,
    border: tuple[int, ...] | None = None,
    border_width: int = 1,
) -> pygame.Surface:
    """An anti-aliased rounded rectangle with per-pixel alpha, cached: drawn at twice
    the size and smoothly scaled down so the corners are clean."""
    width, height = size
    ss = 2 if width * height <= 1_500_000 else 1
    rgba = (*colour[:3], colour[3] if len(colour) > 3 else 255)
    big = pygame.Surface((width * ss, height * ss), pygame.SRCALPHA)
    big.fill((*rgba[:3], 0))
    pygame.draw.rect(big, rgba, big.get_rect(), border_radius=radius * ss)
    if border is not None:
        edge = (*border[:3], border[3] if len(border) > 3 else 255)
        ring = pygame.Surface(big.get_size(), pygame.SRCALPHA)
        pygame.draw.rect(
            ring, edge, ring.get_rect(), width=border_width * ss, border_radius=radius * ss
        )
        big.blit(ring, (0, 0))
    return big if ss == 1 else pygame.transform.smoothscale(big, size)


FELT_STEPS = 256
"""Shades of the cloth's gradient from the lit centre to the edge."""
WEAVE_TILE = 192
"""The side of the weave tile laid over the cloth (a multiple of its 3-pixel pitch)."""


@lru_cache(maxsize=1)
def _felt_shades() -> tuple[bytes, ...]:
    """The cloth's colour (RGB bytes) at each step out from the centre, eased."""
    shades = []
    for step in range(FELT_STEPS + 1):
        t = step / FELT_STEPS
        t = t * t * (3 - 2 * t)
        shades.append(
            bytes(round(a + (b - a) * t) for a, b in zip(FELT_CENTRE, FELT_EDGE, strict=True))
        )
    return tuple(shades)


@lru_cache(maxsize=1)
def _weave_tile() -> pygame.Surface:
    """A square of the faint weave: light threads across, dark ones down, every 3 px."""
    tile = pygame.Surface((WEAVE_TILE, WEAVE_TILE), pygame.SRCALPHA)
    for y in range(0, WEAVE_TILE, 3):
        pygame.draw.line(tile, (255, 255, 255, 5), (0, y), (WEAVE_TILE, y))
    for x in range(0, WEAVE_TILE, 3):
        pygame.draw.line(tile, (0, 0, 0, 6), (x, 0), (x, WEAVE_TILE))
    return tile


@picture_cache(maxsize=2, screens=2.5)
def felt(size: tuple[int, int]) -> pygame.Surface:
    """The table cloth: a radial gradient from a lit centre to dark edges, with a
    faint weave so large areas do not look flat. Rendered once per window size.

    The gradient is worked out on a small picture (an eighth of the window, at most
    160 pixels wide: it is smooth, so scaling it up loses nothing) a row of bytes at a
    time, and the weave is one tile laid over the cloth, so a 1080p cloth takes a few
    milliseconds rather than the 100 ms of drawing it pixel by pixel."""
    width, height = size
    small_w = max(1, min(width // 8, 160))
    small_h = max(1, round(height * small_w / width))
    cx, cy = small_w / 2, small_h * 0.46
    to_step = FELT_STEPS / (cx**2 + cy**2) ** 0.5
    shades = _felt_shades()
    across = [(x - cx) ** 2 for x in range(small_w)]
    rows = []
    for y in range(small_h):
        down = ((y - cy) * 1.25) ** 2
        rows.append(
            b"".join(
                [shades[min(FELT_STEPS, round((dx + down) ** 0.5 * to_step))] for dx in across]
            )
        )
    rgb = pygame.image.frombytes(b"".join(rows), (small_w, small_h), "RGB")
    # Four bytes a pixel from here: scaling and laying the weave on 24-bit pictures
    # took three times as long (the weave's blend may round a level differently).
    small = pygame.Surface((small_w, small_h), 0, 32)
    small.blit(rgb, (0, 0))
    cloth = pygame.transform.smoothscale(small, size)
    tile = _weave_tile()
    cloth.blits(
        [(tile, (x, y)) for y in range(0, height, WEAVE_TILE) for x in range(0, width, WEAVE_TILE)],
        doreturn=False,
    )
    return cloth
