"""One stack for everything drawn over the table, in a declared order.

Each thing drawn over the table belongs to a :class:`Layer`, and :data:`PLACES` says
for each layer which of the table's protected regions (the trick in play, the
active panel, the plates, the player's hand) it may cover, whether it takes
input, and whether it holds what lies beneath (a notice waits while a dialog is
up). Screens that stack scenes (the app) or draw several things over their own
picture (the table) put each one in a :class:`LayerStack`:

* :meth:`LayerStack.top_at` is the one thing that takes a click at a point (the
  topmost that takes input); nothing beneath it gets the click too;
* :func:`place_clear` finds a spot for a toast, a notice or a tooltip near where
  it would like to be, clear of every protected region and of what is already there.

>>> stack = LayerStack()
>>> stack.add(Layer.TABLE, "slider", Rect(0, 50, 100, 20))
>>> stack.add(Layer.LIST, "language list", Rect(0, 30, 100, 60))
>>> stack.top_at((10, 55)).name
'language list'
>>> place_clear((40, 10), Rect(0, 0, 40, 10), [Rect(0, 0, 50, 50)], Rect(0, 0, 200, 200))
Rect(0, 52, 40, 10)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from functools import lru_cache

from pygame import Rect

Protected = str
"""A region of the table nothing light may cover: one of :data:`PROTECTED`."""
PROTECTED: tuple[Protected, ...] = ("trick", "panel", "plates", "hand", "status", "bar")
"""The trick in play, the active panel (bidding), the name plates with their cards,
the player's hand, the status line (your turn) and the top bar."""


class Layer(IntEnum):
    """What is drawn over the table, bottom to top."""

    TABLE = 0
    """The cloth and the game: plates, cards, the trick, the bid panel, the top bar."""
    GUIDE = 1
    """The guide's card and the coach's words, in the free corners beside the trick."""
    NOTICE = 2
    """Notices and toasts (the trumps, a player dropped, the coach turned on)."""
    TOOLTIP = 3
    """A word by the pointer: why a card is barred, what a button does."""
    PANEL = 4
    """A panel opened over the table: the last trick, the words to say."""
    CURTAIN = 5
    """The hotseat curtain, hiding the table while it passes."""
    DIALOG = 6
    """Dialogs and menus: the hand's result, pause, a question, the score sheet, the
    Analyse list."""
    LIST = 7
    """A dropdown list open over its form."""


@dataclass(frozen=True)
class LayerPlace:
    """Where a layer may go and what it does with input."""

    covers: frozenset[Protected]
    """The protected regions it may cover."""
    takes_input: bool
    holds: bool
    """While it is up, what lies beneath waits (notices are not shown nor aged)."""


RINGS = 24
"""How far :func:`place_clear` looks, in steps from the wished-for spot."""

_ALL = frozenset(PROTECTED)
_NONE: frozenset[Protected] = frozenset()

PLACES: dict[Layer, LayerPlace] = {
    Layer.TABLE: LayerPlace(_ALL, takes_input=True, holds=False),
    Layer.GUIDE: LayerPlace(_NONE, takes_input=True, holds=False),
    Layer.NOTICE: LayerPlace(_NONE, takes_input=False, holds=False),
    Layer.TOOLTIP: LayerPlace(_NONE, takes_input=False, holds=False),
    Layer.PANEL: LayerPlace(frozenset({"trick"}), takes_input=True, holds=False),
    Layer.CURTAIN: LayerPlace(_ALL, takes_input=True, holds=True),
    Layer.DIALOG: LayerPlace(_ALL, takes_input=True, holds=True),
    Layer.LIST: LayerPlace(_ALL, takes_input=True, holds=True),
}
"""Each layer's declared place."""


@dataclass(frozen=True)
class Entry:
    """One thing in the stack: its layer, a name for tests and where it lies."""

    layer: Layer
    name: str
    rect: Rect
    takes_input: bool


@dataclass
class LayerStack:
    """What one screen draws over itself this frame, kept in layer order."""

    entries: list[Entry] = field(default_factory=list)
    protected: dict[Protected, list[Rect]] = field(default_factory=dict)

    def add(self, layer: Layer, name: str, rect: Rect, takes_input: bool | None = None) -> None:
        """Put ``name`` on ``layer`` at ``rect`` (over what is on its layer already)."""
        takes = PLACES[layer].takes_input if takes_input is None else takes_input
        self.entries.append(Entry(layer, name, Rect(rect), takes))
        self.entries.sort(key=lambda entry: entry.layer)  # stable: later stays above

    def protect(self, region: Protected, rects: Iterable[Rect]) -> None:
        """Mark ``rects`` as part of ``region`` (see :data:`PROTECTED`)."""
        self.protected.setdefault(region, []).extend(Rect(r) for r in rects)

    def keep_out(self, layer: Layer, above: bool = False) -> list[Rect]:
        """The rectangles something on ``layer`` must not cover (and, with ``above``,
        everything already over the table, so that it goes beside them)."""
        allowed = PLACES[layer].covers
        rects = [r for region, rs in self.protected.items() if region not in allowed for r in rs]
        if above:
            rects += [entry.rect for entry in self.entries if entry.layer is not Layer.TABLE]
        return rects

    def top_at(self, pos: tuple[int, int]) -> Entry | None:
        """The topmost entry at ``pos`` that takes input (None: the table's own)."""
        for entry in reversed(self.entries):
            if entry.takes_input and entry.rect.collidepoint(pos):
                return entry
        return None

    def trespasses(self) -> list[tuple[str, Protected]]:
        """Every entry lying on a protected region its layer may not cover, with the
        region: empty when the stack keeps its declared places (the :data:`SOFT` ones
        may be covered where nothing else is clear)."""
        found = []
        for entry in self.entries:
            allowed = PLACES[entry.layer].covers | SOFT
            for region, rects in self.protected.items():
                if region not in allowed and entry.rect.collidelist(rects) >= 0:
                    found.append((entry.name, region))
        return found


SOFT: frozenset[Protected] = frozenset({"bar"})
"""Regions a notice or tooltip may cover as a last resort, where nothing else is clear."""


def place_on(stack: LayerStack, layer: Layer, wish: Rect, bounds: Rect, step: int = 0) -> Rect:
    """Where something of ``wish``'s size goes on ``layer``: as near ``wish`` as is clear
    of what the layer must not cover and of everything already over the table; failing
    that, clear of all but the :data:`SOFT` regions; failing that, covering least."""
    strict = stack.keep_out(layer, above=True)
    spot = find_clear(wish.size, wish, strict, bounds, step)
    if spot is not None:
        return spot
    soft = [rect for region in SOFT for rect in stack.protected.get(region, [])]
    lenient = [rect for rect in strict if rect not in soft]
    spot = find_clear(wish.size, wish, lenient, bounds, step)
    if spot is not None:
        return spot
    return place_clear(wish.size, soft[0] if soft else wish, lenient, bounds, step)


def place_clear(
    size: tuple[int, int], wish: Rect, keep_out: Sequence[Rect], bounds: Rect, step: int = 0
) -> Rect:
    """A rectangle of ``size`` inside ``bounds``, as near ``wish`` as it can be while
    clear of every rectangle in ``keep_out`` (with a gap of ``step`` pixels); where no
    spot is clear, the one covering least. (Kept: the same question is asked every
    frame.)"""
    step = step or max(4, min(size) // 3)
    key = (size, tuple(wish), tuple(tuple(r) for r in keep_out), tuple(bounds), step)
    found = _place(*key)
    return Rect(found if found is not None else _least(*key))


def find_clear(
    size: tuple[int, int], wish: Rect, keep_out: Sequence[Rect], bounds: Rect, step: int = 0
) -> Rect | None:
    """What :func:`place_clear` finds, or None where no spot is clear."""
    step = step or max(4, min(size) // 3)
    found = _place(size, tuple(wish), tuple(tuple(r) for r in keep_out), tuple(bounds), step)
    return Rect(found) if found is not None else None


Box = tuple[int, int, int, int]


@lru_cache(maxsize=64)
def _place(
    size: tuple[int, int], wish: Box, keep_out: tuple[Box, ...], bounds_at: Box, step: int
) -> Box | None:
    bounds, avoid = Rect(bounds_at), [Rect(r) for r in keep_out]
    walls = [rect.inflate(step, step) for rect in avoid]
    box = Rect((0, 0), size)
    box.center = Rect(wish).center
    for spot in _spots(box, bounds, step):
        if spot.collidelist(walls) < 0:
            return _tuple(spot)
    for spot in _beside(box, avoid, bounds, step):
        if spot.collidelist(walls) < 0:
            return _tuple(spot)
    return None


@lru_cache(maxsize=16)
def _least(
    size: tuple[int, int], wish: Box, keep_out: tuple[Box, ...], bounds_at: Box, step: int
) -> Box:
    """Near ``wish``, the spot touching fewest of ``keep_out``."""
    walls = [Rect(rect).inflate(step, step) for rect in keep_out]
    box = Rect((0, 0), size)
    box.center = Rect(wish).center
    near = _spots(box, Rect(bounds_at), step)
    return _tuple(min(near, key=lambda spot: len(spot.collidelistall(walls))))


def _tuple(rect: Rect) -> tuple[int, int, int, int]:
    return (rect.x, rect.y, rect.width, rect.height)


def _beside(box: Rect, avoid: Sequence[Rect], bounds: Rect, gap: int) -> list[Rect]:
    """Every place for ``box`` touching the edges of what it avoids (or the bounds),
    nearest ``box`` first: where the rings near it found no room, the nearest room
    anywhere is one of these."""
    walls = [rect.inflate(gap, gap) for rect in avoid]
    xs = {box.x, bounds.x, bounds.right - box.width}
    ys = {box.y, bounds.y, bounds.bottom - box.height}
    for wall in walls:
        xs |= {wall.left - box.width, wall.right}
        ys |= {wall.top - box.height, wall.bottom}
    spots = {Rect((x, y), box.size).clamp(bounds).topleft for x in xs for y in ys}
    centre = box.center

    def distance(at: tuple[int, int]) -> int:
        dx = at[0] + box.width // 2 - centre[0]
        dy = at[1] + box.height // 2 - centre[1]
        return dx * dx + dy * dy

    return [Rect(at, box.size) for at in sorted(spots, key=distance)]


def _spots(box: Rect, bounds: Rect, step: int) -> Iterable[Rect]:
    """Places for ``box`` inside ``bounds``, nearest its own first, ring after ring;
    in each ring straight down or up before anything to the side."""
    reach = min(RINGS, max(bounds.width, bounds.height) // step + 1)
    seen: set[tuple[int, int]] = set()
    for ring, dx, dy in _OFFSETS:
        if ring > reach:
            return
        spot = box.move(dx * step, dy * step).clamp(bounds)
        if spot.topleft not in seen:
            seen.add(spot.topleft)
            yield spot


def _offsets(rings: int) -> list[tuple[int, int, int]]:
    """(ring, dx, dy) for every step within ``rings`` of the middle, in search order."""
    found = [
        (max(abs(dx), abs(dy)), dx, dy)
        for dx in range(-rings, rings + 1)
        for dy in range(-rings, rings + 1)
    ]
    return sorted(found, key=lambda o: (o[0], abs(o[1]), abs(o[2]), o[2] < 0))


_OFFSETS = _offsets(RINGS)
