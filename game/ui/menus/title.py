"""The title screen: the name of the game over a fan of cards, and the main menu.

Continue (when a readable game is saved, with what it resumes written under
it), New game, Quick game (the last setup in one click, with what it starts
written under it), Settings, Rules and Quit. A new game asks first when it
would replace the saved one. Cards drift slowly across the felt behind
everything. A problem with the player's files (settings reset, a saved game
that cannot be read, folders that cannot be written) is shown once in a banner
at the bottom.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game import __version__
from game.i18n import _, clip, language
from game.rules.errors import RecordError
from game.rules.record import Player
from game.rules.ruleset import RuleSet
from game.ui.kit import routes, theme
from game.ui.kit.gui import GuiScene, draw_wrapped, wrapped_height
from game.ui.kit.widgets import Button, draw_badge, draw_tooltip
from game.ui.menus.backdrop import Backdrop
from game.ui.menus.confirm import ConfirmOverlay
from game.ui.menus.summary import (
    DOT,
    SavedGame,
    quick_captions,
    quick_tooltip,
    read_saved_game,
    table_game,
)
from game.ui.table.sprites import first_fitting

if TYPE_CHECKING:
    from game.ui.kit.scene import SceneHost

MAX_MESSAGE = 900
"""The longest banner message (each part is already cut shorter)."""
BUTTON, GAP, CAPTION = 52, 14, 22
"""Menu button height, the gap between buttons, and the room for a caption under one."""
SHIFT = pygame.KMOD_SHIFT
MENU_ROOM = 580
"""The height the menu's buttons and captions may take on the 1280x720 canvas."""
TOOLTIP_DELAY = 0.6
"""Seconds the pointer rests on a button before its tooltip shows."""


@dataclass(frozen=True)
class MenuEntry:
    """One button of the main menu, with what is written under it and on hover."""

    key: str
    label: str
    action: Callable[[], None]
    style: str
    caption: str | tuple[str, ...] | None = None
    """What is written under the button (alternatives longest first: the longest that
    fits is shown)."""
    tooltip: str | None = None


class TitleScene(GuiScene):
    """The main menu. Its buttons are drawn by the game itself (not pygame_gui), so the
    first picture after launch does not wait for pygame_gui to load."""

    uses_manager = False

    def __init__(self, app: SceneHost) -> None:
        super().__init__(app)
        self.saved: SavedGame | None = None
        """What Continue resumes (None when no readable game is saved)."""
        self._save_stamp: tuple[int, int] | None = None
        problems = [app.store.problem, self._read_save()]
        app.store.problem = None  # shown once
        self.message: str | None = clip("\n".join(p for p in problems if p), MAX_MESSAGE) or None
        self.backdrop = Backdrop(self)
        self.buttons: dict[str, Button] = {}
        self._built_for: tuple[object, ...] = ()
        self._hover_time = 0.0
        self._focus: str | None = None
        """The menu entry chosen with the keyboard, if any."""

    def _read_save(self) -> str | None:
        """Read the saved game (again only when the file changed); if it cannot be
        read, it is kept aside (and no longer offered) and the returned message says so."""
        if not self.app.has_saved_game():
            self.saved = self._save_stamp = None
            return None
        path = self.app.autosave_path
        try:
            info = path.stat()
            stamp = (info.st_size, info.st_mtime_ns)
            if stamp != self._save_stamp or self.saved is None:
                self.saved = read_saved_game(path)
                self._save_stamp = stamp
        except (OSError, RecordError) as error:
            self.saved = self._save_stamp = None
            return self.app.set_aside_save(error)
        return None

    # ------------------------------------------------------------- actions
    def continue_game(self) -> None:
        problem = self.app.continue_game()
        if problem:
            self._read_save()  # the save was kept aside: nothing to continue now
            self.message = clip(problem, MAX_MESSAGE)
            self.rebuild()

    def new_game(self) -> None:
        self._unless_saved(lambda: self.app.open(routes.NewGame(asked=True)))

    def quick_game(self) -> None:
        self._unless_saved(self._start_quick)

    def _start_quick(self) -> None:
        from game.play.setup import new_seed, quick_setup

        rules, players = quick_setup(self.app.settings)
        self.app.start_game(rules, new_seed(), players)

    def _unless_saved(self, start: Callable[[], None]) -> None:
        """``start`` a new game at once, or, when that would replace the saved game,
        after asking. A save found unreadable now is kept aside and explained instead."""
        problem = self._read_save()
        if problem:
            self.message = clip(problem, MAX_MESSAGE)
            self.rebuild()
            return
        if self.saved is None:
            start()
            return
        detail = _("Your saved game ({game}) will be replaced.").format(game=self.saved.brief())
        self.app.push(
            ConfirmOverlay(
                self.app, _("Start a new game?"), detail, (_("Replace"), _("Keep")), start
            )
        )

    def games(self) -> None:
        self.app.open(routes.KeptGames())

    def rejoin(self) -> None:
        """Take the seat kept at a table on another computer back."""
        self.app.open(routes.Online(rejoin=True))

    def online(self) -> None:
        self.app.open(routes.Online())

    def settings(self) -> None:
        self.app.open(routes.SettingsMenu())

    def rules(self) -> None:
        self.app.open(routes.Rules())

    def dismiss(self) -> None:
        self.message = None
        self.rebuild()

    def _menu_state(self) -> tuple[object, ...]:
        from game.net.seatkeys import SeatKeys

        settings = self.app.settings
        kept = SeatKeys.of_user().latest()
        return (
            language(),
            self.saved,
            self.message,
            settings.language,
            repr(settings.solo_setup),
            repr(settings.last_setup),
            kept,
        )

    def enter(self) -> None:
        # Coming back (from settings or a new game): the menu may have changed.
        problem = self._read_save()
        if problem:
            self.message = clip(problem, MAX_MESSAGE)
        if self.laid_out and self._built_for != self._menu_state():
            self.rebuild()

    # -------------------------------------------------------------- layout
    def quick_setup(self) -> tuple[RuleSet, list[Player]]:
        """What Quick game starts: the last setup, or Oh Hell against three computers."""
        from game.play.setup import quick_setup

        return quick_setup(self.app.settings)

    def _entries(self) -> list[MenuEntry]:
        saved = self.saved
        entries = []
        if saved is not None:
            entries.append(
                MenuEntry(
                    "continue",
                    _("Continue"),
                    self.continue_game,
                    "primary",
                    saved.caption(),
                    saved.tooltip(),
                )
            )
        entries += self._rejoin_entry()
        rules, players = self.quick_setup()
        first = "menu" if entries else "primary"
        entries += [
            MenuEntry("new", _("New game"), self.new_game, first),
            MenuEntry(
                "quick",
                _("Quick game"),
                self.quick_game,
                "menu",
                quick_captions(rules, players),
                quick_tooltip(rules, players),
            ),
            MenuEntry("online", _("Play with friends"), self.online, "menu"),
            MenuEntry("games", _("Replays and statistics"), self.games, "menu"),
            MenuEntry("settings", _("Settings"), self.settings, "menu"),
            MenuEntry("rules", _("Rules"), self.rules, "menu"),
            MenuEntry("quit", _("Quit"), self.app.quit, "menu"),
        ]
        return entries

    def _rejoin_entry(self) -> list[MenuEntry]:
        """Rejoin your table: while a seat at a table on another computer is kept."""
        from game.net.seatkeys import SeatKeys

        kept = SeatKeys.of_user().latest()
        if kept is None:
            return []
        game = table_game(kept.game)
        # TRANSLATORS: who hosts the table a kept seat is at; a label, not a possessive,
        # so that any name reads well ("Host: You").
        table = _("Host: {host}").format(host=kept.host) if kept.host else kept.address
        caption = DOT.join((game, table))
        tooltip = _("Take your seat back at table {code} ({address}), where the game is now.")
        return [
            MenuEntry(
                "rejoin",
                _("Rejoin your table"),
                self.rejoin,
                "primary" if self.saved is None else "menu",
                caption,
                tooltip.format(code=kept.code, address=kept.address),
            )
        ]

    def build(self) -> None:
        self._built_for = self._menu_state()
        self._build_menu(self._entries())
        self._build_banner()
        self._show_focus()

    def _build_menu(self, entries: list[MenuEntry]) -> None:
        """The buttons down the right, each caption in the room left under its button."""
        button, gap = BUTTON, GAP
        captions = sum(CAPTION for entry in entries if entry.caption)
        room = MENU_ROOM - captions
        if len(entries) * (button + gap) - gap > room:  # many entries: slimmer buttons
            gap = 10
            button = min(BUTTON, (room + gap) // len(entries) - gap)
        heights = [button + (CAPTION if entry.caption else 0) for entry in entries]
        total = sum(heights) + gap * (len(entries) - 1)
        top = 360 - total // 2 + 20
        self.menu_panel = self.rect(820, top - 30, 360, total + 60)
        self.buttons = {}
        self.captions: list[tuple[pygame.Rect, tuple[str, ...]]] = []
        y = top
        for entry, height in zip(entries, heights, strict=True):
            rect = self.rect(850, y, 300, button)
            self.buttons[entry.key] = self.menu_button(
                rect, entry.label, entry.action, entry.style, entry.tooltip
            )
            if entry.caption:
                self.captions.append(
                    (
                        self.rect(830, y + button + 3, 340, CAPTION - 3),
                        (entry.caption,) if isinstance(entry.caption, str) else entry.caption,
                    )
                )
            y += height + gap

    def _build_banner(self) -> None:
        self.banner: pygame.Rect | None = None
        if not self.message:
            return
        area = self.rect(100, 0, 1080, 0)
        height = wrapped_height(self.message, self.tx(15), self._banner_width(area))
        area.height = max(height + self.px(24), self.px(52))
        area.bottom = self.rect(0, 700, 0, 0).y
        self.banner = area
        self.buttons["dismiss"] = self.menu_button(
            pygame.Rect(
                area.right - self.px(90), area.centery - self.px(17), self.px(76), self.px(34)
            ),
            _("OK"),
            self.dismiss,
            "ghost",
        )

    def menu_button(
        self,
        rect: pygame.Rect,
        label: str,
        action: Callable[[], None],
        style: str,
        tooltip: str | None = None,
    ) -> Button:
        """A button in the look of the forms' (``primary`` gold, ``menu``, ``ghost``)."""

        def clicked() -> None:
            self.app.sounds.play("click")
            action()

        sizes = {"primary": 19, "menu": 20, "ghost": 16}
        inset = 0 if style == "ghost" else -2 * self.px(3)  # the forms' 3 px shadow
        return Button(
            rect.inflate(inset, inset),
            label,
            clicked,
            primary=style == "primary",
            tooltip=tooltip or "",
            text_size=self.tx(sizes.get(style, 17)),
            radius=self.px(12 if style == "menu" else 10),
            ghost=style == "ghost",
        )

    def _banner_width(self, area: pygame.Rect) -> int:
        return area.width - self.px(150)

    # -------------------------------------------------------------- events
    def handle_event(self, event: pygame.event.Event) -> None:
        for button in list(self.buttons.values()):
            if button.handle_event(event):
                return
        self.on_event(event)

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        if event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            back = event.key == pygame.K_UP or (event.key == pygame.K_TAB and event.mod & SHIFT)
            self.move_focus(-1 if back else 1)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            focused = self.focused()
            if focused is not None:
                focused.on_click()
            elif event.key == pygame.K_SPACE:
                return
            elif self.message:
                self.dismiss()
            elif self.saved is not None:
                self.continue_game()
            else:
                self.new_game()

    def focused(self) -> Button | None:
        return next((button for button in self.buttons.values() if button.focused), None)

    def move_focus(self, step: int) -> None:
        """Up, Down and Tab walk the menu (round again at its ends)."""
        keys = [key for key in self.buttons if key != "dismiss"]
        if not keys:
            return
        current = self._focus if self._focus in keys else None
        index = keys.index(current) if current is not None else (-1 if step > 0 else 0)
        self._focus = keys[(index + step) % len(keys)]
        self._show_focus()

    def _show_focus(self) -> None:
        for key, button in self.buttons.items():
            button.focused = key == self._focus

    def update(self, dt: float) -> None:
        super().update(dt)
        self.backdrop.update(dt)
        hovered = self._hovered()
        self._hover_time = self._hover_time + dt if hovered and hovered.tooltip else 0.0

    def _hovered(self) -> Button | None:
        return next((button for button in self.buttons.values() if button.hovered), None)

    # ------------------------------------------------------------- drawing
    def draw_back(self, surface: pygame.Surface) -> None:
        super().draw_back(surface)
        self.backdrop.draw(surface)
        theme.panel(surface, self.menu_panel, (8, 20, 17, 190), self.px(20))
        self._draw_captions(surface)
        self._draw_banner(surface)

    def _draw_captions(self, surface: pygame.Surface) -> None:
        """What Continue resumes and what Quick game starts, under their buttons."""
        size = self.tx(15)
        for area, captions in self.captions:
            line = first_fitting(captions, size, area.width, "italic")
            text = theme.text(line, size, theme.TEXT_DIM, "italic")
            surface.blit(text, text.get_rect(midtop=area.midtop))

    def draw_front(self, surface: pygame.Surface) -> None:
        for button in self.buttons.values():
            button.draw(surface, self.scale)
        version = theme.text(f"v{__version__}", self.tx(14), theme.TEXT_DIM)
        surface.blit(
            version,
            version.get_rect(
                bottomright=(surface.get_width() - self.px(16), surface.get_height() - self.px(12))
            ),
        )
        hovered = self._hovered()
        if hovered is not None and hovered.tooltip and self._hover_time >= TOOLTIP_DELAY:
            draw_tooltip(surface, hovered.tooltip, hovered.rect.midtop, self.scale)

    def _draw_banner(self, surface: pygame.Surface) -> None:
        if self.banner is None or self.message is None:
            return
        area = self.banner
        theme.panel(surface, area, (52, 20, 16, 235), self.px(12), (*theme.BAD, 200))
        icon = (area.x + self.px(24), area.centery)
        draw_badge(surface, icon, self.px(11), theme.BAD, "!", self.px(16), theme.TEXT)
        size = self.tx(15)
        width = self._banner_width(area)
        height = wrapped_height(self.message, size, width)
        draw_wrapped(
            surface, self.message, (area.x + self.px(48), area.centery - height // 2), width, size
        )
