"""Finished games kept for replays and statistics: one JSON file per game.

Each file (``games/game-20261202-071500-123456.json`` in the per-user data folder)
wraps the game's record (docs/records.md) with when it ended, how many take-backs
it had and, for a game played on the same deals again, which game it repeats. Files
are written atomically and read against one msgspec schema, the record inside
against the record schema (:class:`game.saves.RecordDoc`), decoded once and kept as
the engine's typed record. A damaged file is set
aside under a new name, as saves are. A game's analysis, when it has one, is kept
beside it (``game-….analysis.json``) and goes with it. The number of files kept is
bounded: the oldest go first, their statistics folded into the statistics file first
(:mod:`game.play.stats`), so no game is counted twice or lost.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Literal

import msgspec
from msgspec import Meta, Struct

from game.i18n import _
from game.play.summary import GameSummary, summary_of
from game.rules.errors import RecordError
from game.rules.match import Match
from game.rules.record import Player, Record, from_record
from game.saves import MAX_RECORD_BYTES, RecordDoc, record_of
from game.storage import NotRegular, TooLarge, atomic_write_text, keep_aside, read_bounded

KEPT_FORMAT = "ohhell-kept-game"
KEPT_VERSION = 1
NAME = re.compile(r"game-\d{8}-\d{6}-\d{6}")
"""The stem of a kept game's file: when it ended, to the microsecond."""
Stem = Annotated[str, Meta(pattern=r"^game-\d{8}-\d{6}-\d{6}\Z")]
Stamp = Annotated[str, Meta(pattern=r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\Z")]


class KeptDoc(Struct, forbid_unknown_fields=True, omit_defaults=True):
    """The schema of a kept game's file."""

    format: Literal["ohhell-kept-game"]
    version: Annotated[int, Meta(ge=1, le=KEPT_VERSION)]
    finished: Stamp
    record: RecordDoc
    take_backs: Annotated[int, Meta(ge=0, le=100_000)] = 0
    again_of: Stem | None = None


_DECODER = msgspec.json.Decoder(KeptDoc)


@dataclass(frozen=True)
class KeptGame:
    """One finished game as kept: its name, when it ended and its checked record."""

    name: str
    finished: str
    """UTC, ``2026-12-02T07:15:00Z``."""
    record: GameSummary = field(repr=False)
    """What statistics and the lists read of the record."""
    full: Record = field(repr=False)
    """The whole record as kept, replayed and checked by :meth:`replayed`."""
    take_backs: int = 0
    again_of: str | None = None
    """The game whose deals this one played again."""

    @property
    def seed(self) -> int:
        return self.record.seed

    @property
    def names(self) -> list[str]:
        return self.record.names

    def replayed(self) -> tuple[Match, list[Player]]:
        """The game rebuilt and checked fact by fact: ``(match, players)``; raises
        RecordError when the record disagrees with its own seed."""
        return from_record(self.full)


def kept_text(record: Record, finished: str, take_backs: int, again_of: str | None) -> str:
    """A kept game's file text."""
    doc = {
        "format": KEPT_FORMAT,
        "version": KEPT_VERSION,
        "finished": finished,
        "record": record.to_json(),
    }
    if take_backs:
        doc["take_backs"] = take_backs
    if again_of:
        doc["again_of"] = again_of
    return msgspec.json.encode(doc).decode()


def read_kept(name: str, data: bytes) -> KeptGame:
    """The kept game in ``data``; raises RecordError saying what is wrong."""
    try:
        doc = _DECODER.decode(data)
    except (msgspec.DecodeError, RecursionError) as error:
        raise RecordError(name, str(error)) from None
    record = record_of(doc.record)
    summary = summary_of(record, f"{name}.record")
    return KeptGame(name, doc.finished, summary, record, doc.take_backs, doc.again_of)


class GameArchive:
    """The folder of kept games, at most ``limit`` of them."""

    def __init__(self, folder: Path, limit: int = 200) -> None:
        self.folder = folder
        self.limit = limit
        self.problem: str | None = None
        """The last damaged file set aside, in the player's words."""
        self.error: BaseException | None = None
        """What was wrong with it."""
        self._cache: dict[str, tuple[tuple[int, int], KeptGame]] = {}

    def names(self) -> list[str]:
        """The kept games' names, oldest first."""
        try:
            stems = [p.stem for p in self.folder.iterdir() if p.suffix == ".json"]
        except OSError:
            return []
        return sorted(stem for stem in stems if NAME.fullmatch(stem))

    def path(self, name: str) -> Path:
        return self.folder / f"{name}.json"

    def analysis_path(self, name: str) -> Path:
        """Where the analysis of game ``name`` is kept (:mod:`game.play.analysis`)."""
        return self.folder / f"{name}.analysis.json"

    def keep(
        self,
        record: Record,
        take_backs: int = 0,
        again_of: str | None = None,
        retire: Callable[[KeptGame], None] | None = None,
    ) -> str:
        """Write a finished game's record; returns its name. Past the limit the oldest
        games are removed, each handed to ``retire`` first. Raises OSError."""
        now = time.time()
        finished = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(now))
        stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(now))
        micro = int(now * 1_000_000) % 1_000_000
        name = f"game-{stamp}-{micro:06d}"
        while self.path(name).exists():
            micro = (micro + 1) % 1_000_000
            name = f"game-{stamp}-{micro:06d}"
        atomic_write_text(self.path(name), kept_text(record, finished, take_backs, again_of))
        self.prune(retire)
        return name

    def prune(self, retire: Callable[[KeptGame], None] | None = None) -> list[str]:
        """Remove the oldest games past the limit (each handed to ``retire`` first)."""
        names = self.names()
        gone = names[: max(0, len(names) - self.limit)]
        for name in gone:
            game = self.load(name)
            if game is not None and retire is not None:
                retire(game)
            try:
                self.path(name).unlink(missing_ok=True)
                self.analysis_path(name).unlink(missing_ok=True)
            except OSError:
                continue
            self._cache.pop(name, None)
        return gone

    def load(self, name: str) -> KeptGame | None:
        """One kept game, or None if it is gone or damaged (then it is set aside)."""
        path = self.path(name)
        try:
            info = path.stat()
            key = (info.st_size, info.st_mtime_ns)
            cached = self._cache.get(name)
            if cached is not None and cached[0] == key:
                return cached[1]
            game = read_kept(name, read_bounded(path, MAX_RECORD_BYTES + 4096))
        except FileNotFoundError:
            return None
        except OSError as error:  # unreadable now (permissions, the disk): not damaged
            self.problem = _("A kept game could not be read ({name}).").format(name=path.name)
            self.error = error
            return None
        except (TooLarge, NotRegular, RecordError) as error:
            self._set_aside(path, error)
            return None
        self._cache[name] = (key, game)
        return game

    def games(self) -> list[KeptGame]:
        """Every readable kept game, oldest first (damaged ones are set aside)."""
        found = (self.load(name) for name in self.names())
        return [game for game in found if game is not None]

    def _set_aside(self, path: Path, error: BaseException) -> None:
        kept = keep_aside(path)
        analysis = self.analysis_path(path.stem)
        if kept is not None and analysis.exists():  # set aside beside it, not lost
            keep_aside(analysis)
        if kept is None:
            self.problem = _("A kept game could not be read ({name}).").format(name=path.name)
        else:
            self.problem = _("A damaged kept game was set aside as {name}.").format(name=kept.name)
        self.error = error
