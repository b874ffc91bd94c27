"""Pictures the game writes (``--screenshot``), through the one atomic writer."""

from __future__ import annotations

import io
import os

import pygame

from game.storage import atomic_write_bytes


def save_png(surface: pygame.Surface, path: str | os.PathLike[str]) -> None:
    """Save ``surface`` as a PNG at ``path`` atomically (a link there is replaced,
    never followed; a full disk leaves no half picture). Raises OSError."""
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "picture.png")
    atomic_write_bytes(path, buffer.getvalue())
