"""The overlays at the end of a hand and of the game: who made what, the winner,
and the stakes where the rules play for them."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.i18n import _, ngettext, tr
from game.i18n.describe import custom_name
from game.play.contract import KeptSession, TableSession
from game.play.setup import new_seed
from game.rules.presets import preset_for
from game.rules.results import HandResult
from game.rules.ruleset import Settlement
from game.rules.view import SeatView
from game.ui.cards.art import suit_symbol
from game.ui.kit import routes, theme
from game.ui.kit.layers import Layer
from game.ui.kit.scene import Scene
from game.ui.kit.widgets import Button
from game.ui.table import sprites
from game.ui.table.text import called_you, initial, suit_name

if TYPE_CHECKING:
    from game.ui.kit.scene import SceneHost


class _Overlay(Scene):
    """A centred panel over the dimmed table."""

    opaque = False
    layer = Layer.DIALOG

    def __init__(self, app: SceneHost, session: TableSession) -> None:
        super().__init__(app)
        self.session = session
        self.age = 0.0
        self.u = 1.0
        self.panel = pygame.Rect(0, 0, 1, 1)
        self.buttons: list[Button] = []

    def px(self, value: float) -> int:
        return max(1, round(value * self.u))

    def font(self, value: float) -> int:
        """A font size for ``value`` at 1280x720, times the text size (words at the table)."""
        return max(11, round(value * self.u * self.app.settings.text_scale))

    def update(self, dt: float) -> None:
        self.age += dt

    @property
    def busy(self) -> bool:
        return self.age < 0.4

    def _frame(self, surface: pygame.Surface) -> float:
        """The veil and panel, fading in; returns the fade (0..1)."""
        fade = min(1.0, self.age / 0.25)
        veil = theme.rounded_rect(surface.get_size(), (2, 8, 6, 150), 0)
        veil.set_alpha(round(255 * fade))
        surface.blit(veil, (0, 0))
        veil.set_alpha(255)
        spread = self.px(14)
        shadow = sprites.soft_shadow(self.panel.size, self.px(22), spread, 170)
        surface.blit(shadow, (self.panel.x - 2 * spread, self.panel.y - 2 * spread + spread // 2))
        fill = theme.rounded_rect(
            self.panel.size, (12, 30, 25, 255), self.px(22), (*theme.GOLD, 150)
        )
        surface.blit(fill, self.panel)
        return fade

    def _name_cell(
        self, surface: pygame.Surface, seat: int, x: int, y: int, width: int, bold: bool
    ) -> None:
        radius = self.px(12)
        disc = sprites.avatar(
            radius, theme.SEAT_COLOURS[seat % 8], initial(self.session.players[seat].name)
        )
        surface.blit(disc, disc.get_rect(center=(x + radius, y)))
        size = self.font(16)
        weight = "bold" if bold else "regular"
        name = sprites.fit_text(
            self.session.players[seat].name, size, width - 2 * radius - self.px(10), weight
        )
        label = theme.text(name, size, theme.TEXT, weight)
        surface.blit(label, label.get_rect(midleft=(x + 2 * radius + self.px(10), y)))


class HandResultOverlay(_Overlay):
    """The result of one hand: bids, tricks, points and totals; Continue deals the next."""

    def __init__(
        self,
        app: SceneHost,
        session: TableSession,
        result: HandResult,
        on_dismiss: Callable[[], None],
        auto_close: float | None = None,
    ) -> None:
        super().__init__(app, session)
        self.result = result
        self.on_dismiss = on_dismiss
        self.auto_close = auto_close
        self.closed = False
        label = _("See the final result") if session.over else _("Next hand")
        self.button = Button(pygame.Rect(0, 0, 1, 1), label, self.dismiss, primary=True)
        self.buttons = [self.button]

    def resize(self, size: tuple[int, int]) -> None:
        self.u = theme.scale_for(size)
        rows = len(self.result.bids)
        height = self.px(150) + rows * self.px(40) + self.px(96)
        self.panel = pygame.Rect(0, 0, self.px(620), min(height, size[1] - self.px(20)))
        self.panel.center = (size[0] // 2, size[1] // 2)
        self.button.rect = pygame.Rect(0, 0, self.px(200), self.px(42))
        self.button.rect.midbottom = (self.panel.centerx, self.panel.bottom - self.px(22))

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.auto_close is not None and self.age >= self.auto_close and self.app.top is self:
            self.dismiss()

    @property
    def busy(self) -> bool:
        return super().busy or self.auto_close is not None

    def dismiss(self) -> None:
        """Dismiss the result and let the game go on."""
        if self.closed:
            return
        self.closed = True
        if self.app.top is self:
            self.app.pop()
        else:
            self.app.remove(self)
        self.on_dismiss()

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.button.handle_event(event):
            return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.dismiss()
            elif event.key == pygame.K_TAB:
                self.app.open(routes.ScoreSheet(self.session))

    def draw(self, surface: pygame.Surface) -> None:
        self._frame(surface)
        result, panel = self.result, self.panel
        count = self.session.rules.hand_count()
        heading = (
            _("Hand {n} of {total}").format(n=result.number, total=count)
            if count
            else _("Hand {n}").format(n=result.number)
        )
        title = theme.text(heading, self.font(26), theme.GOLD, "bold")
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + self.px(22))))
        self._subtitle(surface, panel.y + self.px(22) + title.get_height() + self.px(4))
        self._table(surface, panel.y + self.px(118))
        self.button.draw(surface, self.u)
        if self.auto_close:
            share = max(0.0, 1 - self.age / self.auto_close)
            bar = pygame.Rect(0, 0, round(self.button.rect.width * share), self.px(3))
            bar.midtop = (self.button.rect.centerx, self.button.rect.bottom + self.px(6))
            pygame.draw.rect(surface, theme.GOLD, bar, border_radius=self.px(2))

    def _subtitle(self, surface: pygame.Surface, y: int) -> None:
        result = self.result
        size = self.font(15)
        cards = ngettext("{n} card", "{n} cards", result.size).format(n=result.size)
        made = sum(result.made)
        made_text = ngettext("{n} player made the bid", "{n} players made their bids", made).format(
            n=made
        )
        if result.trump is None:
            text = " · ".join((cards, _("No trumps"), made_text))
            label = theme.text(text, size, theme.TEXT_DIM)
            surface.blit(label, label.get_rect(midtop=(self.panel.centerx, y)))
            return
        before = theme.text(cards + " · ", size, theme.TEXT_DIM)
        trump = theme.text(
            suit_name(result.trump),
            size,
            sprites.suit_ink(result.trump, self.app.settings.four_colour),
            "bold",
        )
        after = theme.text(" · " + made_text, size, theme.TEXT_DIM)
        gap = round(size * 1.2)
        total = before.get_width() + gap + trump.get_width() + after.get_width()
        x = self.panel.centerx - total // 2
        surface.blit(before, (x, y))
        x += before.get_width()
        suit_symbol(
            surface,
            result.trump,
            (x + gap // 2, y + before.get_height() // 2 + 1),
            size,
            sprites.suit_ink(result.trump, self.app.settings.four_colour),
        )
        x += gap
        surface.blit(trump, (x, y))
        surface.blit(after, (x + trump.get_width(), y))

    def _columns(self) -> list[int]:
        left = self.panel.x + self.px(34)
        return [
            left,
            left + self.px(250),
            left + self.px(320),
            left + self.px(392),
            left + self.px(470),
        ]

    def _table(self, surface: pygame.Surface, top: int) -> None:
        """The column heads, then a row for every seat."""
        cols = self._columns()
        head = self.font(12)
        for x, text in zip(cols[1:], (_("Bid"), _("Won"), _("Points"), _("Total")), strict=True):
            label = theme.text(text.upper(), head, theme.TEXT_DIM, "bold")
            surface.blit(label, label.get_rect(midtop=(x + self.px(24), top)))
        row_h = self.px(40)
        y = top + self.px(22)
        for seat in range(len(self.result.bids)):
            if seat % 2 == 0:
                stripe = pygame.Rect(
                    self.panel.x + self.px(18), y, self.panel.width - self.px(36), row_h
                )
                surface.blit(
                    theme.rounded_rect(stripe.size, (255, 255, 255, 10), self.px(8)), stripe
                )
            self._row(surface, seat, y + row_h // 2)
            y += row_h

    def _row(self, surface: pygame.Surface, seat: int, centre: int) -> None:
        """One seat: name, bid, tricks won (green when made), points and total."""
        result, cols = self.result, self._columns()
        self._name_cell(surface, seat, cols[0], centre, cols[1] - cols[0] - self.px(10), False)
        made = result.made[seat]
        colour = theme.GOOD if made else theme.BAD
        size = self.font(17)
        for x, value, ink in (
            (cols[1], str(result.bids[seat]), theme.TEXT),
            (cols[2], str(result.taken[seat]), colour),
        ):
            label = theme.text(value, size, ink, "bold")
            surface.blit(label, label.get_rect(center=(x + self.px(24), centre)))
        icon = sprites.mark("made" if made else "broken", self.px(16), (*colour, 255))
        surface.blit(icon, icon.get_rect(midleft=(cols[2] + self.px(40), centre)))
        points = result.points[seat]
        label = theme.text(
            f"+{points}" if points > 0 else str(points),
            size,
            theme.GOOD if points > 0 else theme.TEXT_DIM,
            "bold",
        )
        surface.blit(label, label.get_rect(center=(cols[3] + self.px(24), centre)))
        total = result.totals[seat]
        ink = theme.GOLD if total == max(result.totals) else theme.TEXT
        label = theme.text(str(total), self.font(19), ink, "bold")
        surface.blit(label, label.get_rect(center=(cols[4] + self.px(24), centre)))


class GameOverOverlay(_Overlay):
    """The final standings, the winner and any stakes; play again, a new game or the title."""

    def __init__(self, app: SceneHost, session: TableSession) -> None:
        super().__init__(app, session)
        self.again = Button(pygame.Rect(0, 0, 1, 1), _("Play again"), self.play_again, primary=True)
        self.new = Button(pygame.Rect(0, 0, 1, 1), _("New game"), self.new_game)
        self.home = Button(pygame.Rect(0, 0, 1, 1), _("Title"), self.title)
        self.buttons = [self.again, self.new, self.home]
        self.replay = Button(pygame.Rect(0, 0, 1, 1), _("Watch the replay"), self.watch)
        self.same = Button(pygame.Rect(0, 0, 1, 1), _("Same deals again"), self.same_deals)
        self.keeping = session if isinstance(session, KeptSession) else None
        """The session, where this screen keeps the game (its record, once over)."""
        keeping = self.keeping is not None and self.keeping.keeping
        self.extra = [self.replay, self.same] if keeping else []
        """Below the standings: the replay of this game and its deals played again."""

    # ------------------------------------------------------------ actions
    def play_again(self) -> None:
        session = self.session
        start = partial(self.app.start_game, session.rules, new_seed(), list(session.players))
        self.app.ask_before_replacing(start)

    def new_game(self) -> None:
        self.app.switch(routes.NewGame())

    def watch(self) -> None:
        """The replay of this game (once it has been kept)."""
        name = self._kept_name()
        if name is not None:
            self.app.open(routes.ReplayViewer(name))

    def _kept_name(self) -> str | None:
        """The name this game was kept under (None until it is, or where it is not)."""
        return self.keeping.kept if self.keeping is not None else None

    def same_deals(self) -> None:
        """The same deals and seats again, to compare on the score sheet."""
        session, seed = self.session, self.session.deal_number
        if seed is not None:
            players = list(session.players)
            start = partial(self.app.start_game, session.rules, seed, players, self._kept_name())
            self.app.ask_before_replacing(start)

    def title(self) -> None:
        self.app.switch(routes.Title())

    def handle_event(self, event: pygame.event.Event) -> None:
        for button in (*self.buttons, *self.extra):
            if button.handle_event(event):
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self.app.open(routes.ScoreSheet(self.session))

    # ------------------------------------------------------------ layout
    @property
    def standings(self) -> list[int]:
        scores = self.session.public().scores
        return sorted(range(len(scores)), key=lambda seat: (-scores[seat], seat))

    def notes(self) -> list[str]:
        rules = self.session.rules
        notes = []
        if rules.hard_score_bonus:
            notes.append(
                ngettext(
                    "Hard score: the winner's bonus of {n} point is included.",
                    "Hard score: the winner's bonus of {n} points is included.",
                    rules.hard_score_bonus,
                ).format(n=rules.hard_score_bonus)
            )
        if rules.settlement is Settlement.DIFFERENCES:
            notes.append(
                _(
                    "Stakes: every pair of players settles the difference of their scores "
                    "at {stake} a point."
                ).format(stake=rules.stake)
            )
        elif rules.settlement is Settlement.POOL:
            notes.append(
                _(
                    "Stakes: everyone paid {stake} into the pool and the winner takes it "
                    "(shared on a tie)."
                ).format(stake=rules.stake)
            )
        return notes

    def headline(self) -> str:
        players, winners = self.session.players, self.session.public().winners
        names = [players[seat].name for seat in winners]
        if len(names) == 1:
            return (
                _("You win!") if called_you(names[0]) else _("{name} wins!").format(name=names[0])
            )
        return _("{names} and {last} share the win").format(
            names=", ".join(names[:-1]), last=names[-1]
        )

    def resize(self, size: tuple[int, int]) -> None:
        self.u = theme.scale_for(size)
        rows = self.session.rules.players
        height = self.px(160) + rows * self.px(42) + len(self.notes()) * self.px(22) + self.px(100)
        height += self.px(48) if self.extra else 0
        self.panel = pygame.Rect(0, 0, self.px(640), min(height, size[1] - self.px(20)))
        self.panel.center = (size[0] // 2, size[1] // 2)
        width, gap = self.px(168), self.px(14)
        left = self.panel.centerx - (3 * width + 2 * gap) // 2
        for index, button in enumerate(self.buttons):
            button.rect = pygame.Rect(left + index * (width + gap), 0, width, self.px(42))
            button.rect.bottom = self.panel.bottom - self.px(22)
        for index, button in enumerate(self.extra):
            button.rect = pygame.Rect(0, 0, self.px(200), self.px(34))
            button.rect.bottom = self.panel.bottom - self.px(76)
            button.rect.centerx = self.panel.centerx + (index * 2 - 1) * self.px(108)
            button.ghost = True
        self.replay.enabled = self._kept_name() is not None

    def draw(self, surface: pygame.Surface) -> None:
        self._frame(surface)
        panel, session = self.panel, self.session
        title = theme.text(self.headline(), self.font(30), theme.GOLD, "bold")
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + self.px(24))))
        preset = preset_for(session.rules)
        played = len(session.results)
        hands = ngettext("{n} hand", "{n} hands", played).format(n=played)
        sub = " · ".join((tr(preset.name) if preset else custom_name(), hands, _("Final scores")))
        label = theme.text(sub, self.font(15), theme.TEXT_DIM)
        y = panel.y + self.px(24) + title.get_height() + self.px(4)
        surface.blit(label, label.get_rect(midtop=(panel.centerx, y)))
        y = self._standings(surface, panel.y + self.px(118))
        for note in self.notes():
            for line in theme.wrap(note, self.font(13), panel.width - self.px(70)):
                text = theme.text(line, self.font(13), theme.TEXT_DIM)
                surface.blit(text, text.get_rect(midtop=(panel.centerx, y)))
                y += text.get_height()
        for button in (*self.buttons, *self.extra):
            button.draw(surface, self.u)

    def _columns(self) -> tuple[int, int, int, int]:
        """Rank, name, score and stakes."""
        left = self.panel.x + self.px(40)
        return (left, left + self.px(50), left + self.px(380), left + self.px(480))

    def _standings(self, surface: pygame.Surface, top: int) -> int:
        """The players best first, with their scores and stakes; returns the bottom."""
        view = self.session.public()
        cols = self._columns()
        head = self.font(12)
        label = theme.text(_("Score").upper(), head, theme.TEXT_DIM, "bold")
        surface.blit(label, label.get_rect(midtop=(cols[2] + self.px(30), top)))
        if view.settlement is not None:
            label = theme.text(_("Stakes").upper(), head, theme.TEXT_DIM, "bold")
            surface.blit(label, label.get_rect(midtop=(cols[3] + self.px(40), top)))
        row_h = self.px(42)
        y = top + self.px(22)
        previous, rank = None, 0
        for index, seat in enumerate(self.standings):
            score = view.scores[seat]
            rank = rank if score == previous else index + 1
            previous = score
            self._standing(surface, view, seat, rank, y)
            y += row_h
        return y + self.px(10)

    def _standing(
        self, surface: pygame.Surface, view: SeatView, seat: int, rank: int, y: int
    ) -> None:
        """One player's row: rank, name, score and what they win or pay."""
        cols = self._columns()
        row_h = self.px(42)
        centre = y + row_h // 2
        winner = seat in view.winners
        if winner:
            stripe = pygame.Rect(
                self.panel.x + self.px(20),
                y + self.px(2),
                self.panel.width - self.px(40),
                row_h - self.px(4),
            )
            fill = theme.rounded_rect(
                stripe.size, (*theme.GOLD, 34), self.px(10), (*theme.GOLD, 90)
            )
            surface.blit(fill, stripe)
        ink = theme.GOLD if winner else theme.TEXT_DIM
        label = theme.text(str(rank), self.font(18), ink, "bold")
        surface.blit(label, label.get_rect(center=(cols[0] + self.px(14), centre)))
        self._name_cell(surface, seat, cols[1], centre, cols[2] - cols[1] - self.px(10), winner)
        ink = theme.GOLD if winner else theme.TEXT
        label = theme.text(str(view.scores[seat]), self.font(20), ink, "bold")
        surface.blit(label, label.get_rect(center=(cols[2] + self.px(30), centre)))
        if view.settlement is not None:
            value = view.settlement[seat]
            text = f"{value:+.2f}".rstrip("0").rstrip(".") if value else "0"
            text = text.replace("-", "−")
            ink = theme.GOOD if value > 0 else theme.BAD if value < 0 else theme.TEXT_DIM
            label = theme.text(text, self.font(17), ink, "bold")
            surface.blit(label, label.get_rect(center=(cols[3] + self.px(40), centre)))
