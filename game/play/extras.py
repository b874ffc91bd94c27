"""What a saved game carries beside its record: how many take-backs it had and which
kept game's deals it plays again. The record format has no place for them, so they
go in a small file beside the autosave (``autosave.extras.json``), written when they
change and read back, against a msgspec schema, when the game is resumed. A file that
belongs to another game (another deal number or other players) or cannot be read is
ignored: the game resumes without the marks.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import msgspec
from msgspec import Meta, Struct

from game.play.archive import Stem
from game.saves import Name
from game.storage import atomic_write_text, read_bounded


class ExtrasDoc(Struct, forbid_unknown_fields=True):
    seed: Annotated[int, Meta(ge=-(2**63), le=2**63 - 1)]
    players: Annotated[list[Name], Meta(max_length=8)]
    take_backs: Annotated[int, Meta(ge=0, le=100_000)] = 0
    again_of: Stem | None = None


_DECODER = msgspec.json.Decoder(ExtrasDoc)


def extras_path(autosave: Path) -> Path:
    return autosave.with_name(f"{autosave.stem}.extras.json")


def write_extras(
    autosave: Path, seed: int, players: list[str], take_backs: int, again_of: str | None
) -> OSError | None:
    """Write the marks of the game saved at ``autosave``; never raises: returns the
    error when the file could not be written (only the marks would be lost)."""
    doc = ExtrasDoc(seed, players, take_backs, again_of)
    try:
        atomic_write_text(extras_path(autosave), msgspec.json.encode(doc).decode())
    except OSError as error:
        return error
    return None


def read_extras(autosave: Path, seed: int, players: list[str]) -> tuple[int, str | None]:
    """The take-backs and the game played again of the game saved at ``autosave``
    ((0, None) when the file is missing, damaged or another game's)."""
    try:
        doc = _DECODER.decode(read_bounded(extras_path(autosave), 4096))
    except (OSError, ValueError, msgspec.DecodeError):
        return 0, None
    if doc.seed != seed or doc.players != players:
        return 0, None
    return doc.take_backs, doc.again_of
