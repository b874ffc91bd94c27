"""Statistics per player name, derived from the kept games.

Every figure is a sum or a count, so statistics add up: those of the games kept
(:mod:`game.play.archive`) are computed from their records each time, and those of
games the archive no longer keeps were folded into the statistics file
(``stats.json``) as they were removed. The file is read against a msgspec schema;
a damaged one is set aside and the game goes on without it, as with settings.

>>> from game.play.summary import GameSummary, HandSummary
>>> from game.rules.ruleset import RuleSet
>>> hands = (HandSummary(2, (1, 0), (1, 1), totals=(11, 0)),
...          HandSummary(1, (0, 1), (0, 1), totals=(21, 11)))
>>> game = GameSummary((Player("Ann"), Player("Bo", "easy")), (30, 12), hands,
...     seed=1, rules=RuleSet(), variant="oh-hell", winners=(0,))
>>> table = tally([game])
>>> ann = table["Ann"]
>>> ann.games, ann.wins, ann.average_score, ann.bids.made, ann.bids.count
(1, 1, 30.0, 2, 2)
>>> table["Bo [easy]"].by_bid[0].made, table["Bo [easy]"].average_over_under
(0, 0.5)
>>> ann.opponents["easy"].games, variant_key(game)
(1, 'oh-hell')

A computer player is counted under its name and level (``Bo [easy]``), so one name
played at several levels is several players; a game's variant is its preset, or for
custom rules ``custom:N`` with N its hands, so only games of one length are averaged
together; each person's games are counted by the level of the computers they played
against (``easy``... or ``mixed``, or ``people`` with no computer at the table).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Literal

import msgspec
from msgspec import Meta, Struct, field

from game.i18n import _
from game.play.summary import GameSummary
from game.rules.record import Player
from game.saves import PRINTABLE, Word
from game.storage import atomic_write_text, keep_aside, read_bounded

MAX_STATS_BYTES = 8 * 1024 * 1024
StatCount = Annotated[int, Meta(ge=0, le=10**12)]
Sum = Annotated[int, Meta(ge=-(10**15), le=10**15)]
Small = Annotated[int, Meta(ge=0, le=52)]
KeptName = Annotated[str, Meta(min_length=1, max_length=40, pattern=PRINTABLE)]


class Tally(Struct):
    """Bids made out of bids."""

    made: StatCount = 0
    count: StatCount = 0

    def add(self, made: bool) -> None:
        self.made += made
        self.count += 1

    def merge(self, other: Tally) -> None:
        self.made += other.made
        self.count += other.count

    @property
    def rate(self) -> float | None:
        return self.made / self.count if self.count else None


class GameCounts(Struct):
    """Games, wins and points for a player in one variant."""

    games: StatCount = 0
    wins: StatCount = 0
    points: Sum = 0

    def merge(self, other: GameCounts) -> None:
        self.games += other.games
        self.wins += other.wins
        self.points += other.points


class PlayerStats(Struct, kw_only=True):
    """Everything counted for one player name."""

    games: StatCount = 0
    wins: StatCount = 0
    points: Sum = 0
    """The final scores added up."""
    best: Sum | None = None
    """The best final score."""
    bids: Tally = field(default_factory=Tally)
    by_size: Annotated[dict[Small, Tally], Meta(max_length=53)] = field(default_factory=dict)
    by_bid: Annotated[dict[Small, Tally], Meta(max_length=53)] = field(default_factory=dict)
    over_under: Sum = 0
    """Tricks taken less tricks bid, added over every hand."""
    missed_by: StatCount = 0
    """How far from the bid, added over every hand."""
    take_back_games: StatCount = 0
    variants: Annotated[dict[Word, GameCounts], Meta(max_length=64)] = field(default_factory=dict)
    opponents: Annotated[dict[Word, GameCounts], Meta(max_length=16)] = field(default_factory=dict)
    """A person's games by the level of the computers at the table (see the module)."""

    @property
    def average_score(self) -> float | None:
        return self.points / self.games if self.games else None

    @property
    def average_over_under(self) -> float | None:
        return self.over_under / self.bids.count if self.bids.count else None

    def merge(self, other: PlayerStats) -> None:
        """Add ``other``'s games to these."""
        self.games += other.games
        self.wins += other.wins
        self.points += other.points
        if other.best is not None:
            self.best = other.best if self.best is None else max(self.best, other.best)
        self.bids.merge(other.bids)
        for mine, theirs in ((self.by_size, other.by_size), (self.by_bid, other.by_bid)):
            for key, tally_ in theirs.items():
                mine.setdefault(key, Tally()).merge(tally_)
        self.over_under += other.over_under
        self.missed_by += other.missed_by
        self.take_back_games += other.take_back_games
        for variant, games in other.variants.items():
            self.variants.setdefault(variant, GameCounts()).merge(games)
        for level, games in other.opponents.items():
            self.opponents.setdefault(level, GameCounts()).merge(games)


StatsTable = dict[str, PlayerStats]
ByVariant = dict[str, StatsTable]
"""Tables of the games of each variant (by :func:`variant_key`)."""


def player_key(player: Player) -> str:
    """Whom a record's player is counted as: a person by name, a computer by name and
    level (``Ada [hard]``: Ada at Easy is another player)."""
    return player.name if player.kind == "human" else f"{player.name} [{player.kind}]"


def split_key(key: str) -> tuple[str, str | None]:
    """A player key's name and computer level (None for a person).

    >>> split_key("Ada [hard]"), split_key("Ann")
    (('Ada', 'hard'), ('Ann', None))
    """
    if key.endswith("]") and " [" in key:
        name, _, level = key[:-1].rpartition(" [")
        return name, level
    return key, None


def variant_key(game: GameSummary) -> str:
    """The variant a game is counted under: its preset, or ``custom:N`` for custom
    rules of N hands."""
    return f"custom:{len(game.hands)}" if game.variant == "custom" else game.variant


def opponents_key(game: GameSummary) -> str:
    """The level of the computers a game was played against: one level, ``mixed``,
    or ``people`` when no computer played."""
    levels = {player.kind for player in game.players if player.kind != "human"}
    if not levels:
        return "people"
    return levels.pop() if len(levels) == 1 else "mixed"


def count_game(table: StatsTable, game: GameSummary, take_backs: int = 0) -> None:
    """Add one finished game to ``table``."""
    winners, totals = set(game.winners), game.totals
    variant = variant_key(game)
    against = opponents_key(game)
    made_by_hand = [hand.made for hand in game.hands]
    for seat, player in enumerate(game.players):
        stats = table.setdefault(player_key(player), PlayerStats())
        won = seat in winners
        score = totals[seat]
        stats.games += 1
        stats.wins += won
        stats.points += score
        stats.best = score if stats.best is None else max(stats.best, score)
        stats.take_back_games += take_backs > 0
        stats.variants.setdefault(variant, GameCounts()).merge(GameCounts(1, won, score))
        if player.kind == "human":
            stats.opponents.setdefault(against, GameCounts()).merge(GameCounts(1, won, score))
        for hand, made_of in zip(game.hands, made_by_hand, strict=True):
            bid, taken = hand.bids[seat], hand.taken[seat]
            if bid is None:
                continue
            made = made_of[seat]
            stats.bids.add(made)
            stats.by_size.setdefault(hand.size, Tally()).add(made)
            stats.by_bid.setdefault(bid, Tally()).add(made)
            stats.over_under += taken - bid
            stats.missed_by += abs(taken - bid)


def tally(games: Iterable[GameSummary], take_backs: Iterable[int] = ()) -> StatsTable:
    """Statistics of finished ``games``, by player."""
    table: StatsTable = {}
    marks = iter(take_backs)
    for game in games:
        count_game(table, game, next(marks, 0))
    return table


def tally_by_variant(games: Iterable[GameSummary], take_backs: Iterable[int] = ()) -> ByVariant:
    """Statistics of finished ``games``, a table per variant."""
    tables: ByVariant = {}
    marks = iter(take_backs)
    for game in games:
        count_game(tables.setdefault(variant_key(game), {}), game, next(marks, 0))
    return tables


def merged_by_variant(*groups: ByVariant) -> ByVariant:
    """Tables per variant added up."""
    total: ByVariant = {}
    for group in groups:
        for variant, table in group.items():
            total[variant] = merged_tables(total.get(variant, {}), table)
    return total


def merged_tables(*tables: StatsTable) -> StatsTable:
    """Tables added up (none of them changed)."""
    total: StatsTable = {}
    for table in tables:
        for name, stats in table.items():
            total.setdefault(name, PlayerStats()).merge(stats)
    return total


Retired = Annotated[dict[KeptName, PlayerStats], Meta(max_length=10_000)]


class StatsDoc(Struct, forbid_unknown_fields=True):
    """The statistics file: what games no longer kept added up to, in all and (from
    version 2) per variant; a version 1 file has no per-variant part (its games count
    in all games only)."""

    format: Literal["ohhell-stats"]
    version: Annotated[int, Meta(ge=1, le=2)]
    retired: Retired
    by_variant: Annotated[dict[Word, Retired], Meta(max_length=64)] = field(default_factory=dict)


_DECODER = msgspec.json.Decoder(StatsDoc)


class StatsFile:
    """``stats.json``: the statistics of games the archive removed."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.problem: str | None = None
        """Set when a damaged file was set aside, in the player's words."""

    def read(self) -> StatsTable:
        """The retired statistics (empty when there is no file or it was damaged)."""
        return dict(self.read_doc().retired)

    def read_by_variant(self) -> ByVariant:
        """The retired statistics per variant."""
        return {variant: dict(table) for variant, table in self.read_doc().by_variant.items()}

    def read_doc(self) -> StatsDoc:
        """The file as read (empty when there is none or it was damaged)."""
        empty = StatsDoc("ohhell-stats", 2, {})
        try:
            doc = _DECODER.decode(read_bounded(self.path, MAX_STATS_BYTES))
        except FileNotFoundError:
            return empty
        except (OSError, ValueError, msgspec.DecodeError, RecursionError):  # TooLarge too
            kept = keep_aside(self.path)
            name = kept.name if kept is not None else self.path.name
            self.problem = _(
                "The statistics file could not be read and was set aside as {name}."
            ).format(name=name)
            return empty
        return doc

    def retire(self, game: GameSummary, take_backs: int = 0) -> None:
        """Fold one game into the file (before its record is removed). Raises OSError."""
        doc = self.read_doc()
        table, by_variant = dict(doc.retired), dict(doc.by_variant)
        count_game(table, game, take_backs)
        count_game(by_variant.setdefault(variant_key(game), {}), game, take_backs)
        doc = StatsDoc("ohhell-stats", 2, table, by_variant)
        atomic_write_text(self.path, msgspec.json.encode(doc).decode())


# ------------------------------------------------------------------ export
CSV_HEADER = (
    "player",
    "scope",
    "games",
    "wins",
    "average_score",
    "best_score",
    "bids",
    "bids_made",
    "made_rate",
    "average_over_under",
    "games_with_take_backs",
)


def _rate(value: float | None) -> str:
    return "" if value is None else f"{value:.4f}"


def csv_rows(table: StatsTable) -> list[list[str]]:
    """One row per player overall, then by variant, hand size and bid."""
    rows: list[list[str]] = []
    for name in sorted(table, key=str.casefold):
        s = table[name]
        rows.append(
            [
                name,
                "overall",
                str(s.games),
                str(s.wins),
                _rate(s.average_score),
                "" if s.best is None else str(s.best),
                str(s.bids.count),
                str(s.bids.made),
                _rate(s.bids.rate),
                _rate(s.average_over_under),
                str(s.take_back_games),
            ]
        )
        for scope, groups in (("variant", s.variants), ("against", s.opponents)):
            for group, g in sorted(groups.items()):
                average = _rate(g.points / g.games if g.games else None)
                rows.append(
                    [name, f"{scope}:{group}", str(g.games), str(g.wins), average]
                    + [""] * (len(CSV_HEADER) - 5)
                )
        for scope, tallies in (("hand_size", s.by_size), ("bid", s.by_bid)):
            for number, t in sorted(tallies.items()):
                counts = [str(t.count), str(t.made), _rate(t.rate)]
                rows.append([name, f"{scope}:{number}", "", "", "", "", *counts, "", ""])
    return rows


def _safe_cell(cell: str) -> str:
    """A cell a spreadsheet will not run as a formula."""
    return "'" + cell if cell[:1] in ("=", "+", "-", "@") and not _is_number(cell) else cell


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def to_csv(table: StatsTable) -> str:
    """The statistics as CSV text (names that look like formulas are quoted)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    for row in csv_rows(table):
        writer.writerow([_safe_cell(cell) for cell in row])
    return out.getvalue()
