"""Drawing by display list: record a frame's blits, then repaint only what changed.

The table draws into a :class:`Canvas`, which records every blit instead of
doing it. :class:`Presenter` compares the frame with the previous one drawn to
the same surface and repaints only the rectangles where something appeared,
moved, disappeared or changed its transparency: the background there first,
then every recorded picture that touches them, in order. When the target
cannot be trusted to still hold the last frame (another scene drew over it,
the window changed), the whole frame is drawn.

Everything drawn this way must be a blit of a picture that is not changed
afterwards (cached text, card faces, sprites); pictures are compared by
identity, position and alpha.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pygame

Item = tuple[pygame.Surface, int, int, int, int, "int | None", int]
"""source, x, y, width, height, alpha (None when opaque as drawn), blend flags."""

FULL_SHARE = 0.45
"""Above this share of the window dirty, repaint everything at once."""


class Canvas(pygame.Surface):
    """A stand-in surface that records blits (source, position, area, alpha)."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__((1, 1), pygame.SRCALPHA)
        self.frame_size = size
        self.items: list[Item] = []

    def reset(self, size: tuple[int, int]) -> None:
        self.frame_size = size
        self.items = []

    def blit(  # type: ignore[override]
        self,
        source: pygame.Surface,
        dest: Any,
        area: pygame.Rect | None = None,
        special_flags: int = 0,
    ) -> pygame.Rect:
        if area is not None:
            raise ValueError("a canvas records whole pictures only")
        x, y = int(dest[0]), int(dest[1])
        width, height = source.get_size()
        alpha = source.get_alpha()
        self.items.append(
            (source, x, y, width, height, alpha if alpha != 255 else None, special_flags)
        )
        return pygame.Rect(x, y, width, height)

    def get_size(self) -> tuple[int, int]:
        return self.frame_size

    def get_width(self) -> int:
        return self.frame_size[0]

    def get_height(self) -> int:
        return self.frame_size[1]

    def get_rect(self, **kwargs: Any) -> pygame.Rect:
        rect = pygame.Rect((0, 0), self.frame_size)
        for key, value in kwargs.items():
            setattr(rect, key, value)
        return rect


def _paint(target: pygame.Surface, item: Item) -> None:
    source, x, y, _, _, alpha, flags = item
    if alpha is not None:
        source.set_alpha(alpha)
        target.blit(source, (x, y), None, flags)
        source.set_alpha(255)
    else:
        target.blit(source, (x, y), None, flags)


def compose(items: list[Item]) -> tuple[pygame.Surface, int, int]:
    """Flatten pictures into one (premultiplied alpha, so it blends exactly as they would
    one by one; blit it with ``BLEND_PREMULTIPLIED``). Returns it with its position."""
    bounds = pygame.Rect(items[0][1:5]).unionall([pygame.Rect(item[1:5]) for item in items[1:]])
    picture = pygame.Surface(bounds.size, pygame.SRCALPHA)
    picture.fill((0, 0, 0, 0))
    for source, x, y, _, _, _, _ in items:
        picture.blit(
            source.premul_alpha(),
            (x - bounds.x, y - bounds.y),
            special_flags=pygame.BLEND_PREMULTIPLIED,
        )
    return picture, bounds.x, bounds.y


def _merge(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Union overlapping rectangles until none overlap."""
    merged: list[pygame.Rect] = []
    for rect in rects:
        rect = rect.copy()
        changed = True
        while changed:
            changed = False
            for index in range(len(merged) - 1, -1, -1):
                if merged[index].colliderect(rect):
                    rect.union_ip(merged.pop(index))
                    changed = True
        merged.append(rect)
    return merged


class Presenter:
    """Paints a recorded frame onto the target, repainting only what changed."""

    def __init__(self) -> None:
        self.previous: list[Item] = []
        self.target: pygame.Surface | None = None
        self.background: pygame.Surface | None = None
        self.partial_frames = 0
        self.damage: list[pygame.Rect] | None = None
        """Where the last frame presented changed the target (None: everywhere)."""

    def invalidate(self) -> None:
        """Draw the whole of the next frame."""
        self.target = None

    def present(
        self,
        target: pygame.Surface,
        background: pygame.Surface,
        items: list[Item],
        trusted: bool,
    ) -> None:
        """Draw ``items`` over ``background``; ``trusted`` says the target still shows
        the previous frame this presenter drew."""
        # The target and background are kept (not just their ids) so a new surface
        # can never be mistaken for the one drawn last.
        same = trusted and self.target is target and self.background is background
        same = same and target.get_size() == background.get_size()
        self.target, self.background = target, background
        dirty = self._dirty(items) if same else None
        window = target.get_rect()
        if (
            dirty is None
            or sum(r.width * r.height for r in dirty) > FULL_SHARE * window.width * window.height
        ):
            target.blit(background, (0, 0))
            for item in items:
                _paint(target, item)
            self.damage = None
        else:
            self.damage = [a for a in (d.clip(window) for d in dirty) if a.width and a.height]
            self._repaint(target, background, items, self.damage)
        self.previous = items

    def _repaint(
        self,
        target: pygame.Surface,
        background: pygame.Surface,
        items: list[Item],
        areas: list[pygame.Rect],
    ) -> None:
        """Paint the background and the pictures touching ``areas``, in those areas only."""
        if areas:
            rects = [pygame.Rect(item[1], item[2], item[3], item[4]) for item in items]
            clip = target.get_clip()
            for area in areas:
                target.set_clip(area)
                target.blit(background, area, area)
                for index in sorted(area.collidelistall(rects)):
                    _paint(target, items[index])
            target.set_clip(clip)
            self.partial_frames += 1

    def _dirty(self, items: list[Item]) -> list[pygame.Rect]:
        previous = self.previous
        if previous == items:
            return []
        before, after = Counter(previous), Counter(items)
        changed = [_rect(item) for item in previous if before[item] != after[item]]
        changed += [_rect(item) for item in items if before[item] != after[item]]
        # Pictures present in both frames whose drawing order changed.
        order_before = [item for item in previous if before[item] == after[item]]
        order_after = [item for item in items if before[item] == after[item]]
        if order_before != order_after:
            for old, new in zip(order_before, order_after, strict=True):
                if old is not new and old != new:
                    changed.append(_rect(new))
        return _merge(changed)


def _rect(item: Item) -> pygame.Rect:
    return pygame.Rect(item[1], item[2], item[3], item[4])


class Groups:
    """Pictures that move together (a fan of backs, a name plate), drawn as one cached
    composite: the same pictures at the same places give the same composite."""

    def __init__(self) -> None:
        self._group = Canvas((1, 1))
        self._cache: dict[tuple[object, ...], tuple[pygame.Surface, int, int]] = {}

    def clear(self) -> None:
        self._cache.clear()

    def group(self, size: tuple[int, int]) -> Canvas:
        """A canvas for one group's pictures; :meth:`flush` draws them."""
        self._group.reset(size)
        return self._group

    def flush(self, surface: pygame.Surface, group: Canvas) -> None:
        """Draw a group's pictures as one cached composite."""
        items = group.items
        if not items:
            return
        key = tuple(items)
        found = self._cache.get(key)
        if found is None:
            if any(item[5] is not None or item[6] for item in items):
                for item in items:
                    _paint(surface, item)
                return
            if len(self._cache) > 40:
                self._cache.clear()
            found = self._cache[key] = compose(items)
        picture, x, y = found
        surface.blit(picture, (x, y), None, pygame.BLEND_PREMULTIPLIED)
