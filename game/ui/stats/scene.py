"""Statistics per player name: the figures, two charts and a CSV export.

Players are listed by games played; the one chosen (click, or the arrows) shows
games, wins, average and best score, bids made overall and at zero, how far over
or under on average, and games with take-backs; then the running scores of the
last game kept for every seat, and the chosen player's bids made by hand size.
"""

from __future__ import annotations

import time
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.i18n import _, ngettext, tr
from game.i18n.describe import custom_name
from game.play.archive import KeptGame
from game.play.library import Library
from game.play.setup import level_name
from game.play.stats import PlayerStats, StatsTable, player_key, split_key, to_csv
from game.resources import data_dir
from game.rules.presets import PRESETS
from game.rules.record import is_level
from game.storage import atomic_write_text
from game.ui.kit import theme
from game.ui.kit.gui import GuiScene
from game.ui.kit.widgets import Button
from game.ui.stats.charts import Series, bar_chart, line_chart
from game.ui.table.sprites import fit_text

if TYPE_CHECKING:
    from pathlib import Path

    from game.ui.kit.scene import SceneHost

NAMES_SHOWN = 11
MAX_VARIANTS = 5
"""Variants offered as filters (the most played)."""


def rate_percent(made: int, count: int) -> str:
    return f"{made / count:.0%}" if count else "—"


def fraction(made: int, count: int) -> str:
    """``7 / 10  (70%)``."""
    return f"{made} / {count}  ({rate_percent(made, count)})"


def display_name(key: str) -> str:
    """A player as the statistics name them: ``Ann``, or a computer with its level,
    ``Ada (Hard)``."""
    name, level = split_key(key)
    if level is None or not is_level(level):
        return name
    return _("{name} ({level})").format(name=name, level=level_name(level))


def counted_variant_words(key: str) -> str:
    """A variant as counted (:func:`game.play.stats.variant_key`), in words."""
    if key.startswith("custom:"):
        count = int(key.partition(":")[2] or 0)
        return ngettext("Custom, {count} hand", "Custom, {count} hands", count).format(count=count)
    preset = PRESETS.get(key)
    return tr(preset.name) if preset is not None else custom_name()


def opponents_words(key: str) -> str:
    """Whom a person's games were played against, in words."""
    if is_level(key):
        return _("Against {level}").format(level=level_name(key))
    if key == "people":
        return _("Against people only")
    return _("Against mixed levels")


def figures(stats: PlayerStats, mixed: bool = False) -> list[tuple[str, str]]:
    """The chosen player's headline figures, as (label, value); with ``mixed`` (games
    of several variants together) no average score, which would add up scores of
    games of different lengths."""
    average = None if mixed else stats.average_score
    over = stats.average_over_under
    zero = stats.by_bid.get(0)
    return [
        (_("Games"), str(stats.games)),
        (_("Wins"), f"{stats.wins}  ({rate_percent(stats.wins, stats.games)})"),
        (_("Average score"), "—" if average is None else f"{average:.1f}"),
        (_("Best game"), "—" if stats.best is None else str(stats.best)),
        (_("Bids made"), fraction(stats.bids.made, stats.bids.count)),
        (
            _("Zero bids made"),
            "—"
            if zero is None
            else f"{zero.made} / {zero.count}  ({rate_percent(zero.made, zero.count)})",
        ),
        (_("Average over/under"), "—" if over is None else f"{over:+.2f}"),
        (_("Games with take-backs"), str(stats.take_back_games)),
    ]


class StatsScene(GuiScene):
    """Statistics, charts and the export."""

    uses_manager = False

    def __init__(self, app: SceneHost) -> None:
        super().__init__(app)
        library = Library.of_user(app.settings.kept_games)
        started = time.perf_counter()
        games = library.games()
        self.everything: StatsTable = library.statistics(games)
        self.tables = library.statistics_by_variant(games)
        """Each variant's statistics (by :func:`game.play.stats.variant_key`)."""
        self.seconds = time.perf_counter() - started
        """How long reading the kept games and counting took."""
        self.variant = ""
        """The variant shown ("": every game)."""
        self.variant_keys = sorted(
            self.tables, key=lambda key: -sum(s.games for s in self.tables[key].values())
        )[:MAX_VARIANTS]
        self.last: KeptGame | None = games[-1] if games else None
        self.table: StatsTable = self.everything
        self.names: list[str] = []
        self.selected = 0
        self._sort_names(app.settings.player_name)
        self.message = library.problem
        self.buttons: list[Button] = []
        self.grouping = "size"
        """The bar chart's bars: by hand size, or by the bid made."""
        self.name_rows: list[pygame.Rect] = []

    def _sort_names(self, keep: str | None) -> None:
        """The players of the variant shown, most games first (``keep`` chosen if there)."""
        table = self.table
        self.names = sorted(table, key=lambda name: (-table[name].games, name.casefold()))
        self.selected = self.names.index(keep) if keep in self.names else 0

    def show_variant(self, key: str) -> None:
        """Show the statistics of one variant's games ("": every game)."""
        chosen = self.names[self.selected] if self.names else None
        self.variant = key
        self.table = self.tables.get(key, {}) if key else self.everything
        self._sort_names(chosen)
        self._mark_grouping()

    # ------------------------------------------------------------ actions
    def export(self) -> Path | None:
        """Write the statistics as CSV in the data folder's exports; returns the file."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = data_dir() / "exports" / f"ohhell-statistics-{stamp}.csv"
        try:
            atomic_write_text(path, to_csv(self.table))
        except OSError as error:
            self.message = _("The statistics could not be exported ({reason}).").format(
                reason=error.strerror or error.__class__.__name__
            )
            return None
        self.message = _("Exported to {path}").format(path=path)
        return path

    def export_clicked(self) -> None:
        self.export()

    def leave(self) -> None:
        self.app.pop()

    # ------------------------------------------------------------ layout
    def build(self) -> None:
        self.buttons = [
            Button(self.rect(880, 650, 160, 44), _("Export CSV"), self.export_clicked),
            Button(self.rect(1050, 650, 170, 44), _("Back"), self.leave, primary=True),
        ]
        self.name_rows = [self.rect(60, 110 + i * 44, 240, 38) for i in range(NAMES_SHOWN)]
        self.by_size = Button(self.rect(1030, 116, 88, 26), _("Hand size"), self.show_sizes)
        self.by_bid = Button(self.rect(1124, 116, 88, 26), _("Bid"), self.show_bids)
        self.buttons += [self.by_size, self.by_bid]
        keys = ["", *self.variant_keys] if len(self.variant_keys) > 1 else []
        self.variant_buttons: dict[str, Button] = {}
        width = 860 // max(1, len(keys)) - 8 if keys else 0
        for index, key in enumerate(keys):
            label = counted_variant_words(key) if key else _("All games")
            rect = self.rect(360 + index * (width + 8), 40, width, 32)
            button = Button(rect, label, partial(self.show_variant, key), text_size=self.px(14))
            self.variant_buttons[key] = button
            self.buttons.append(button)
        self._mark_grouping()

    def show_sizes(self) -> None:
        self.grouping = "size"
        self._mark_grouping()

    def show_bids(self) -> None:
        self.grouping = "bid"
        self._mark_grouping()

    def _mark_grouping(self) -> None:
        self.by_size.selected = self.grouping == "size"
        self.by_bid.selected = self.grouping == "bid"
        for key, button in getattr(self, "variant_buttons", {}).items():
            button.selected = key == self.variant

    def on_event(self, event: pygame.event.Event) -> None:
        for button in self.buttons:
            if button.handle_event(event):
                return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.leave()
            elif event.key in (pygame.K_UP, pygame.K_DOWN) and self.names:
                step = -1 if event.key == pygame.K_UP else 1
                self.selected = max(0, min(len(self.names) - 1, self.selected + step))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for index, rect in enumerate(self.name_rows):
                if rect.collidepoint(event.pos) and index < len(self.names):
                    self.selected = index

    # ------------------------------------------------------------ drawing
    def draw_front(self, surface: pygame.Surface) -> None:
        title = theme.text(_("Statistics"), self.tx(34), theme.TEXT, "bold")
        surface.blit(title, self.rect(60, 30, 0, 0).topleft)
        if not self.names:
            empty = _("Statistics appear once a game is finished.")
            text = theme.text(empty, self.tx(17), theme.TEXT_DIM)
            surface.blit(text, text.get_rect(center=self.rect(0, 300, 1280, 40).center))
        self._names(surface)
        if self.names:
            stats = self.table[self.names[self.selected]]
            self._figures(surface, stats)
            self._charts(surface, stats)
        if self.message:
            line = fit_text(self.message, self.px(13), self.px(800))
            surface.blit(
                theme.text(line, self.tx(13), theme.TEXT_DIM), self.rect(60, 664, 0, 0).topleft
            )
        for button in self.buttons:
            button.draw(surface, self.scale)

    def _names(self, surface: pygame.Surface) -> None:
        size = self.tx(15)
        for index, rect in enumerate(self.name_rows):
            if index >= len(self.names):
                break
            chosen = index == self.selected
            fill = (*theme.GOLD, 60) if chosen else (8, 20, 17, 170)
            theme.panel(surface, rect, fill, self.px(8), (*theme.GOLD, 200) if chosen else None)
            name = self.names[index]
            label = theme.text(
                fit_text(display_name(name), size, rect.width - self.px(60), "bold"),
                size,
                theme.TEXT,
                "bold",
            )
            surface.blit(label, label.get_rect(midleft=(rect.x + self.px(12), rect.centery)))
            games = theme.text(str(self.table[name].games), self.tx(13), theme.TEXT_DIM)
            surface.blit(games, games.get_rect(midright=(rect.right - self.px(12), rect.centery)))

    def _figures(self, surface: pygame.Surface, stats: PlayerStats) -> None:
        panel = self.rect(320, 110, 300, 522)
        theme.panel(surface, panel, (8, 20, 17, 190), self.px(12), (255, 255, 255, 30))
        name = display_name(self.names[self.selected])
        head = theme.text(
            fit_text(name, self.px(20), panel.width - self.px(28), "bold"),
            self.px(20),
            theme.GOLD,
            "bold",
        )
        surface.blit(head, (panel.x + self.px(14), panel.y + self.px(12)))
        y = panel.y + self.px(48)
        mixed = not self.variant and len(stats.variants) > 1
        for label, value in figures(stats, mixed):
            surface.blit(theme.text(label, self.tx(13), theme.TEXT_DIM), (panel.x + self.px(14), y))
            shown = theme.text(value, self.tx(17), theme.TEXT, "bold")
            surface.blit(shown, (panel.x + self.px(14), y + self.px(16)))
            y += self.px(41)
        self._groups(surface, panel, stats)

    def _groups(self, surface: pygame.Surface, panel: pygame.Rect, stats: PlayerStats) -> None:
        """At the foot of the figures: games, wins and the average in each variant (in
        all games), and a person's games by the level of the computers played against."""
        lines = []
        if not self.variant:
            for key, games in sorted(stats.variants.items(), key=lambda i: -i[1].games)[:3]:
                lines.append((counted_variant_words(key), games))
        for key, games in sorted(stats.opponents.items(), key=lambda i: -i[1].games)[:3]:
            lines.append((opponents_words(key), games))
        x = panel.x + self.px(14)
        y = panel.bottom - self.px(17) * len(lines) - self.px(10)
        for group, games in lines:
            line = _("{group}: {games} played, {wins} won, average {average}").format(
                group=group,
                games=games.games,
                wins=games.wins,
                average=f"{games.points / games.games:.1f}" if games.games else "—",
            )
            size, room = self.tx(12), panel.width - self.px(28)
            line = fit_text(line, round(size * 0.7), room)  # cut where even small is too long
            text = theme.fitted(line, size, room, theme.TEXT_DIM)
            surface.blit(text, (x, y))
            y += self.px(17)

    def _charts(self, surface: pygame.Surface, stats: PlayerStats) -> None:
        by_size = self.grouping == "size"
        tallies = stats.by_size if by_size else stats.by_bid
        bars = [
            (str(key), tally.made / tally.count, tally.count)
            for key, tally in sorted(tallies.items())
            if tally.count
        ]
        title = _("Bids made by hand size") if by_size else _("Bids made by the number bid")
        chart = self.rect(640, 110, 580, 250)
        reserve = chart.right - self.by_size.rect.x + round(8 * self.scale)
        bar_chart(surface, chart, title, bars, self.scale, reserve)
        series = []
        if self.last is not None:
            game = self.last.record
            for seat, player in enumerate(game.players):
                values = [hand.totals[seat] for hand in game.hands if hand.totals is not None]
                colour = theme.SEAT_COLOURS[seat % len(theme.SEAT_COLOURS)]
                series.append(Series(display_name(player_key(player)), colour, values))
        line_chart(
            surface,
            self.rect(640, 372, 580, 260),
            _("Last game: score after each hand"),
            series,
            self.scale,
        )
