"""The player's library: the kept games (:mod:`game.play.archive`) and the statistics
of games no longer kept (:mod:`game.play.stats`), in the per-user data folder."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game.play.archive import GameArchive, KeptGame
from game.play.stats import (
    ByVariant,
    StatsFile,
    StatsTable,
    merged_by_variant,
    merged_tables,
    tally,
    tally_by_variant,
)
from game.play.summary import GameSummary, summary_of
from game.resources import data_dir
from game.rules.record import Record

if TYPE_CHECKING:
    from game.play.session import GameSession


class Library:
    """Kept games and statistics under ``folder``."""

    def __init__(self, folder: Path, limit: int = 200) -> None:
        self.archive = GameArchive(folder / "games", limit)
        self.stats_file = StatsFile(folder / "stats.json")
        self.error: str | None = None
        """Why the last game could not be kept, if it could not."""

    @classmethod
    def of_user(cls, limit: int = 200) -> Library:
        """The player's own library, in the per-user data folder."""
        return cls(data_dir(), limit)

    def keep_session(self, session: GameSession) -> str | None:
        """Keep a finished game; its name, or None if it could not be written. A game
        kept already (its autosave outlived the keeping, cut short) is not kept twice."""
        record = session.record()
        if session.resumed:
            mark = _mark(summary_of(record))
            kept = next((g.name for g in self.games() if _mark(g.record) == mark), None)
            if kept is not None:
                return kept
        return self.keep(record, session.take_backs, session.again_of)

    def keep(self, record: Record, take_backs: int = 0, again_of: str | None = None) -> str | None:
        """Keep a finished game's record; its name, or None if it could not be written."""
        try:
            name = self.archive.keep(record, int(take_backs), again_of, self._retire)
        except OSError as error:
            self.error = error.strerror or error.__class__.__name__
            return None
        self.error = None
        return name

    def _retire(self, game: KeptGame) -> None:
        self.stats_file.retire(game.record, game.take_backs)

    def games(self) -> list[KeptGame]:
        """Every kept game, oldest first."""
        return self.archive.games()

    def statistics(self, games: list[KeptGame] | None = None) -> StatsTable:
        """Every player's statistics: the kept games' and the retired ones added up."""
        kept = self.games() if games is None else games
        recent = tally((game.record for game in kept), (game.take_backs for game in kept))
        return merged_tables(self.stats_file.read(), recent)

    def statistics_by_variant(self, games: list[KeptGame] | None = None) -> ByVariant:
        """Every player's statistics in each variant (games retired before version 2 of
        the statistics file count in :meth:`statistics` only)."""
        kept = self.games() if games is None else games
        recent = tally_by_variant(
            (game.record for game in kept), (game.take_backs for game in kept)
        )
        return merged_by_variant(self.stats_file.read_by_variant(), recent)

    @property
    def problem(self) -> str | None:
        """A damaged file set aside, for the player (its new name)."""
        return self.archive.problem or self.stats_file.problem


def _mark(game: GameSummary) -> tuple[object, ...]:
    """What tells one finished game from another: its deal, rules, players, and
    every hand's bids and tricks taken."""
    hands = tuple((hand.bids, hand.taken) for hand in game.hands)
    return (game.seed, game.rules, game.players, game.totals, hands)
