"""Play with friends: host a table for players on other computers, or join one.

Host opens a table with the last setup (the player's own seat, seats for friends
in place of as many computers) and shows its join code and address; Join lists the
games announced on the local network (one click joins) and takes a code or an
address typed in. The network work is in :mod:`game.net`; this screen only asks.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UITextEntryLine

from game.i18n import _, ngettext
from game.i18n.describe import listed_name
from game.i18n.reasons import error_words
from game.net.client import JoinError
from game.net.discovery import Browser, Listing
from game.net.hosting import HostThread, host_game, host_players, resume_hosted
from game.net.logs import LOG
from game.net.rejoin import join_table
from game.net.remote import RemoteSession, join_words
from game.net.seatkeys import KeptSeat, SeatKeys, normal_address
from game.play.setup import last_setup
from game.rules.errors import RecordError
from game.rules.presets import preset_for
from game.ui.kit import routes, theme
from game.ui.kit.gui import GuiScene, draw_wrapped
from game.ui.menus.summary import variant_name

if TYPE_CHECKING:
    from game.ui.kit.scene import SceneHost

MAX_LISTED = 5
"""Games found on the network shown at once."""


def parse_target(text: str) -> tuple[str | None, str | None]:
    """What a player typed: ``(address, code)``; a bare code has no address.

    >>> parse_target("k7mq2"), parse_target("192.168.1.5:47317 K7MQ2")
    ((None, 'K7MQ2'), ('192.168.1.5:47317', 'K7MQ2'))
    >>> parse_target("example.org")
    ('example.org', None)
    """
    parts = text.replace("/", " ").split()
    address = next((part for part in parts if "." in part or ":" in part), None)
    code = next((part.upper() for part in parts if part != address and part.isalnum()), None)
    return address, code


def _failure_words(error: Exception) -> str:
    """Why hosting or joining failed, in words (logged when it is not a known failure)."""
    if isinstance(error, JoinError):
        return join_words(error)
    if not isinstance(error, OSError | RecordError):
        LOG.warning("unexpected failure in the lobby", exc_info=error)
    return error_words(error) or type(error).__name__


def _close_unused(joining: Future[RemoteSession]) -> None:
    """Leave a table joined after the screen was left."""
    if not joining.cancelled() and joining.exception() is None:
        joining.result().close()


class LobbyScene(GuiScene):
    """Host a table or join one; with ``rejoin``, take the seat kept last back at once."""

    def __init__(self, app: SceneHost, rejoin: bool = False) -> None:
        super().__init__(app)
        self.keys = SeatKeys.of_user()
        self._rejoin = rejoin
        self._everyone_here = False
        self.copied = ""
        """What became of the last copy of the join code."""
        self.browser: Browser | None = None
        self.hosting: HostThread | None = None
        self.session: RemoteSession | None = None
        self.listing: Listing | None = None
        self.message = ""
        self.friends = 1
        self._shown: list[Listing] = []
        self._poll = 0.0
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="ohhell-join")
        self.joining: Future[RemoteSession] | None = None
        self.join_timeout = 10.0
        """Seconds each step of joining may take (tests make it short)."""

    def enter(self) -> None:
        super().enter()
        if self.browser is None:
            try:
                self.browser = Browser()
            except Exception:  # zeroconf's errors are many; joining by address still works
                LOG.warning("cannot browse the local network", exc_info=True)
                self.message = _("Games on the local network cannot be listed here.")
        if self._rejoin:
            self._rejoin = False
            kept = self.keys.latest()
            if kept is not None:
                self.join(kept.address, kept.code)

    # ------------------------------------------------------------- actions
    @property
    def hosted_save(self) -> Path:
        """Where the table hosted from this window is saved."""
        return self.app.autosave_path.with_name("hosted.json")

    def host(self) -> None:
        rules, players = last_setup(self.app.settings)
        seats = host_players(self.app.settings.player_name, players, self.friends)
        self._open(lambda: host_game(rules, seats, save=self.hosted_save))

    def resume(self) -> None:
        """Open the table hosted last again, where it was."""
        self._open(lambda: resume_hosted(self.hosted_save))

    def _open(self, opening: Callable[[], tuple[HostThread, RemoteSession]]) -> None:
        try:
            self.hosting, self.session = opening()
        except Exception as error:  # whatever happened, the screen stays and says why
            reason = _failure_words(error)
            self.message = _("The table could not be opened ({reason}).").format(reason=reason)
            self.rebuild()
            return
        rules = self.session.rules
        preset = preset_for(rules)  # by its id: each player reads the name in their words
        self.listing = self.hosting.announce(
            self.app.settings.player_name, preset.id if preset is not None else ""
        )
        self.rebuild()

    def sit_down(self) -> None:
        session, listing, hosting = self.session, self.listing, self.hosting
        if session is None or listing is None or hosting is None:
            return
        hosting.release()  # the game starts once every friend has joined
        session.signals.append(
            _("Table {code} at {address}").format(code=listing.code, address=listing.address)
        )
        self.session = self.hosting = None  # the table owns them now
        self.app.switch(routes.Table(session))

    def copy_code(self) -> None:
        """Put the join code and the address on the clipboard, to paste in a message."""
        listing = self.listing
        if listing is None:
            return
        text = f"{listing.code} {listing.address}"
        try:
            pygame.scrap.put_text(text)
        except (pygame.error, AttributeError):
            self.copied = _("Not copied: write it down.")
        else:
            self.copied = _("Copied")

    def join_typed(self) -> None:
        address, code = parse_target(self.entry.get_text())
        if address is None and code is not None and self.browser is not None:
            found = self.browser.find(code)
            address = found.address if found else None
        if address is None and code is not None:  # a table this player has a seat at
            kept = next((seat for seat in self.keys.all() if seat.code == code), None)
            address = kept.address if kept else None
        if address is None:
            self.message = _("No game with that code was found: type the host's address.")
            self.rebuild()
            return
        self.join(address, code)

    def join(self, address: str, code: str | None) -> None:
        """Join in the background (the window keeps drawing); :meth:`update` opens the
        table once seated, or says why not."""
        if self.joining is not None:
            return
        name = self.app.settings.player_name
        self.joining = self._pool.submit(
            join_table, address, name, code, self.keys, self.join_timeout
        )
        self.message = _("Joining {address}…").format(address=address)
        self.rebuild()

    def _joined(self) -> None:
        joining, self.joining = self.joining, None
        assert joining is not None
        try:
            session = joining.result()
        except Exception as error:  # a host may do anything: the screen stays and says so
            self.message = (
                join_words(error)
                if isinstance(error, JoinError)
                else (_("Could not join ({reason}).").format(reason=_failure_words(error)))
            )
            self.rebuild()
            return
        self.app.switch(routes.Table(session))

    def back(self) -> None:
        self.app.switch(routes.Title())

    def set_friends(self, count: int) -> None:
        self.friends = count

    # -------------------------------------------------------------- layout
    def build(self) -> None:
        self.button(self.rect(40, 24, 140, 40), _("Back"), self.back, style="ghost")
        self._build_host()
        self._build_join()

    def _build_host(self) -> None:
        seats = len(last_setup(self.app.settings)[1]) - 1
        if self.listing is None:
            options = [(n, str(n)) for n in range(1, seats + 1)]
            self.friends = min(self.friends, seats)
            self.choice(self.rect(80, 266, 460, 40), options, self.friends, self.set_friends)
            self.button(
                self.rect(80, 560, 460, 52), _("Open the table"), self.host, style="primary"
            )
            if self.hosted_save.is_file():
                self.button(
                    self.rect(80, 496, 460, 48), _("Open your last table again"), self.resume
                )
        else:
            self.button(
                self.rect(80, 560, 460, 52), _("Sit at the table"), self.sit_down, style="primary"
            )
            self.button(self.rect(380, 200, 160, 40), _("Copy"), self.copy_code, style="ghost")

    def _build_join(self) -> None:
        self.entry = UITextEntryLine(self.rect(740, 470, 300, 44), self.manager)
        self.entry.set_text_length_limit(80)
        self.button(self.rect(1050, 470, 150, 44), _("Join"), self.join_typed, style="primary")
        self._shown = self._listings()
        for index, listing in enumerate(self._shown):
            if self._kept(listing) is not None:
                seats = _("your seat is kept")
            else:
                seats = ngettext(
                    "{count} seat open", "{count} seats open", listing.open_seats
                ).format(count=listing.open_seats)
            text = f"{listing.name} \u00b7 {listed_name(listing.game)} \u00b7 {seats}"
            self.button(
                self.rect(740, 180 + index * 50, 460, 44),
                text,
                partial(self.join, listing.address, listing.code),
            )

    def _listings(self) -> list[Listing]:
        """The games found on the network, without the one this window hosts."""
        if self.browser is None:
            return []
        own = self.listing.code if self.listing is not None else None
        try:
            found = self.browser.listings()
        except Exception:  # the list is a courtesy
            return []
        return [item for item in found if item.code != own][:MAX_LISTED]

    def _kept(self, listing: Listing) -> KeptSeat | None:
        """The seat this player holds at ``listing``'s table, if a key is kept."""
        where = normal_address(listing.address)
        return next(
            (s for s in self.keys.all() if s.address == where and s.code == listing.code), None
        )

    # -------------------------------------------------------------- time
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.joining is not None and self.joining.done():
            self._joined()
            return
        if self.hosting is not None and self.listing is not None:
            here = all(taken for _, taken in self.hosting.seated())
            if here and not self._everyone_here:
                self.app.sounds.play("turn")  # tell the host: everyone is here
            self._everyone_here = here
        self._poll += dt
        if self._poll >= 1.0 and self.browser is not None:
            self._poll = 0.0
            if self._listings() != self._shown:
                text = self.entry.get_text()
                self.rebuild()
                self.entry.set_text(text)

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.join_typed()

    def close(self) -> None:
        if self.browser is not None:
            self.browser.close()
            self.browser = None
        self._pool.shutdown(wait=False, cancel_futures=True)
        if self.joining is not None:
            self.joining.add_done_callback(_close_unused)
        if self.session is not None:
            self.session.close()  # stops the host too
        elif self.hosting is not None:
            self.hosting.stop()
        super().close()

    # ------------------------------------------------------------- drawing
    def draw_back(self, surface: pygame.Surface) -> None:
        super().draw_back(surface)
        title = theme.text(_("Play with friends"), self.tx(34), theme.HIGHLIGHT, "bold")
        surface.blit(title, title.get_rect(midtop=self.rect(640, 24, 0, 0).topleft))
        theme.panel(surface, self.rect(40, 100, 540, 540), theme.PANEL, self.px(16))
        theme.panel(surface, self.rect(700, 100, 540, 540), theme.PANEL, self.px(16))
        self._heading(surface, _("Host a table"), 60, 116)
        self._heading(surface, _("Join a game"), 720, 116)
        rules, players = last_setup(self.app.settings)
        width = self.px(480)
        if self.listing is None:
            self._text(surface, _("Seats for friends"), 80, 236, theme.TEXT)
            line = _(
                "{game}, {players} players, as last set up under New game; computers take "
                "the seats no friend takes."
            ).format(game=variant_name(rules), players=len(players))
            draw_wrapped(surface, line, self.rect(80, 156, 0, 0).topleft, width, self.tx(16))
        else:
            listing = self.listing
            self._text(surface, _("Join code"), 80, 170, theme.TEXT_DIM)
            self._text(surface, listing.code, 80, 196, theme.HIGHLIGHT, 40)
            self._text(surface, _("Address"), 80, 260, theme.TEXT_DIM)
            self._text(surface, listing.address, 80, 286, theme.TEXT, 24)
            if self.copied:
                copied = theme.text(self.copied, self.tx(14), theme.GOOD)
                surface.blit(copied, copied.get_rect(midtop=self.rect(460, 246, 0, 0).topleft))
            note = _(
                "Friends on this network find the table under Join. Over the internet, "
                "forward TCP port {port} on your router to this computer and give them "
                "your public address."
            ).format(port=listing.address.rpartition(":")[2])
            draw_wrapped(surface, note, self.rect(80, 340, 0, 0).topleft, width, self.tx(15))
            self._draw_seats(surface)
        found = (
            _("Games on this network") if self._shown else _("No game found on this network yet.")
        )
        self._text(surface, found, 740, 150, theme.TEXT_DIM)
        typed = theme.fitted(
            _("Or type a join code or an address"), self.px(16), self.px(460), theme.TEXT_DIM
        )
        surface.blit(typed, self.rect(740, 438, 0, 0))
        if self.message:
            area = self.rect(740, 530, 0, 0).topleft
            draw_wrapped(surface, self.message, area, self.px(460), self.tx(15), theme.BAD)

    def _draw_seats(self, surface: pygame.Surface) -> None:
        """Who has joined so far; the game starts when the host sits down and every
        friend is here."""
        if self.hosting is None:
            return
        seated = self.hosting.seated()
        names = [name for name, taken in seated if taken]
        waiting = len(seated) - len(names)
        if waiting:
            line = ngettext(
                "Waiting for {count} friend to join.",
                "Waiting for {count} friends to join.",
                waiting,
            ).format(count=waiting)
            if names:
                line += " " + _("Here: {names}.").format(names=", ".join(names))
            colour = theme.TEXT
        else:
            line = _("Everyone is here: sit down and the game starts.")
            colour = theme.HIGHLIGHT
        width = self.px(460)
        draw_wrapped(surface, line, self.rect(80, 450, 0, 0).topleft, width, self.px(16), colour)

    def _heading(self, surface: pygame.Surface, text: str, x: int, y: int) -> None:
        self._text(surface, text, x, y, theme.HIGHLIGHT, 22, "bold")

    def _text(
        self,
        surface: pygame.Surface,
        text: str,
        x: int,
        y: int,
        colour: tuple[int, int, int],
        size: int = 16,
        weight: str = "regular",
    ) -> None:
        surface.blit(theme.text(text, self.tx(size), colour, weight), self.rect(x, y, 0, 0))
