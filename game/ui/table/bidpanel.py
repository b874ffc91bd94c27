"""The bid panel: a button for every bid, the hook's forbidden bid barred with the
reason, and keyboard bidding (digits, arrows and Enter).

The panel reads the viewer's view (its hand size, the forbidden bid, the bids
so far) and hands back :class:`~game.ui.table.requests.PlaceBid`; the scene asks
the engine.
"""

from __future__ import annotations

from functools import partial

import pygame

from game.i18n import _, ngettext
from game.rules.actions import Bid
from game.ui.kit import layoutlog, theme
from game.ui.kit.widgets import Button
from game.ui.table import sprites
from game.ui.table.frame import Frame
from game.ui.table.layout import BidPanelLayout, TableLayout
from game.ui.table.requests import PlaceBid
from game.ui.table.text import called_you

TWO_DIGIT_WAIT = 0.9
"""Seconds a first digit waits for a second one when a two-digit bid is possible."""


BARRED_NOTE = (244, 160, 140)
"""The colour of the note that says why a bid is barred."""


class BidPanel:
    """Shown while the viewer is to bid; rebuilt when the bidding changes."""

    def __init__(self) -> None:
        self.geometry: BidPanelLayout | None = None
        self.buttons: list[Button] = []
        self.title = self.subtitle = self.note = ""
        self.lines: list[str] = []
        """The line under the title, in one or two lines that fit the panel."""
        self.barred = False
        self.focus: int | None = None
        self.digits = ""
        self.digit_time = 0.0
        self.flash_until = 0.0
        """Until when the note lights up (a barred bid was tried)."""
        self.clock = 0.0
        self._key: tuple[object, ...] | None = None
        self._clicked: int | None = None

    @property
    def open(self) -> bool:
        return self.geometry is not None

    def close(self) -> None:
        self.geometry, self.buttons, self._key, self.focus = None, [], None, None

    def update(self, frame: Frame) -> PlaceBid | None:
        """Open, rebuild or close the panel to match the state; a lone digit that has
        waited long enough becomes the bid."""
        self.clock = frame.clock
        if not frame.my_bid:
            self.close()
            return None
        if self.digits and frame.clock - self.digit_time > TWO_DIGIT_WAIT:
            value, self.digits = int(self.digits), ""
            return PlaceBid(value)
        view = frame.view
        coached = frame.coach is not None
        key = (
            view.hand_number,
            view.hand_size,
            view.forbidden_bid,
            frame.layout,
            view.bids,
            coached,
        )
        if key != self._key:
            self._key = key
            self._build(frame)
        for number, button in enumerate(self.buttons):
            button.selected = number == self.focus
        return None

    def _build(self, frame: Frame) -> None:
        view = frame.view
        size, barred = view.hand_size, view.forbidden_bid
        coached = frame.coach is not None
        layout = frame.layout
        self._words(frame, barred)
        geometry = layout.bid_panel(size + 1, coached)
        self.lines = subtitle_lines(self.subtitle, layout.font(13.5), geometry.note_width)
        note = theme.wrap(self.note, layout.font(13), geometry.note_width)
        self.geometry = geometry = layout.bid_panel(
            size + 1,
            coached,
            (
                len(self.lines) * _line_height(layout.font(13.5)) + layout.px(6),
                len(note) * _line_height(layout.font(13)) + layout.px(4),
            ),
        )
        self.buttons = []
        for number, rect in enumerate(geometry.buttons):
            allowed = number != barred
            reason = "" if allowed else frame.explain(Bid.of(frame.viewer, number))
            action = partial(self._click, number)
            button = Button(rect, str(number), action, allowed, reason or "")
            self.buttons.append(button)  # the hook's bid: disabled, the note says why

    def _words(self, frame: Frame, barred: int | None) -> None:
        """The title, the line under it and the note."""
        view = frame.view
        size = view.hand_size
        name = frame.name(frame.viewer)
        named = frame.hotseat and not called_you(name)
        self.title = _("{name}, your bid").format(name=name) if named else _("Your bid")
        parts = [_("Bid exactly the tricks you will take")]
        parts.append(ngettext("{n} card", "{n} cards", size).format(n=size))
        if frame.shown.revealed and any(bid is not None for bid in view.bids):
            total = sum(bid for bid in view.bids if bid is not None)
            parts.append(_("bids so far: {total}").format(total=total))
        self.subtitle = " · ".join(parts)
        self.barred = barred is not None
        self.note = self._note(frame, barred)

    @staticmethod
    def _note(frame: Frame, barred: int | None) -> str:
        size = frame.view.hand_size
        if barred is not None:
            return _(
                "The dealer's hook: you may not bid {n}, or the bids would add up to {size} "
                "and everyone could make theirs."
            ).format(n=barred, size=size)
        if frame.coach is not None:
            return _("Under each bid: the coach's chance of making it (C: coach off).")
        if frame.view.rules.simultaneous_bidding:
            return _("Everyone bids in secret; the bids are shown together.")
        return _("Keys: 0–9 to bid, or arrows and Enter.")

    def forget_digits(self) -> None:
        """A bid is being made: the digits typed so far are spent."""
        self.digits = ""

    def placed(self) -> None:
        """A bid was accepted: forget the keyboard's choice."""
        self.focus = None

    # ------------------------------------------------------------ mouse
    def point(self, event: pygame.event.Event) -> None:
        """The pointer moved: light the button under it."""
        for button in self.buttons:
            button.handle_event(event)

    def press(self, event: pygame.event.Event) -> bool:
        """A button press on a bid; True when it landed on one."""
        return any(button.handle_event(event) for button in self.buttons)

    def release(self, event: pygame.event.Event) -> tuple[bool, PlaceBid | None]:
        """A button release: whether a bid button took it, and the bid it made."""
        self._clicked = None
        used = any(button.handle_event(event) for button in self.buttons)
        number, self._clicked = self._clicked, None
        return used, PlaceBid(number) if number is not None else None

    def _click(self, number: int) -> None:
        self._clicked = number

    def flash(self, seconds: float = 3.0) -> bool:
        """Light the note that says why a bid is barred (a barred bid was tried); False
        when the panel has no such note."""
        if not self.barred:
            return False
        self.flash_until = self.clock + seconds
        return True

    @property
    def pointing_at_barred(self) -> bool:
        """The pointer rests on the barred bid: its reason, the panel's note, lights up
        (a tooltip would cover the panel's title, and say the same)."""
        return any(button.hovered and not button.enabled for button in self.buttons)

    # ------------------------------------------------------------ keys
    def digit(self, digit: int, frame: Frame) -> PlaceBid | None:
        """A digit key: bid at once, or wait briefly when a second digit could follow."""
        if not frame.my_bid:
            return None
        size = frame.view.hand_size
        if self.digits and frame.clock - self.digit_time < TWO_DIGIT_WAIT:
            value = int(self.digits + str(digit))
            if value <= size:
                self.digits = ""
                return PlaceBid(value)
        self.digits = ""
        if digit != 0 and digit * 10 <= size:
            self.digits, self.digit_time, self.focus = str(digit), frame.clock, digit
            return None
        return PlaceBid(digit)

    def arrow(self, step: int) -> None:
        allowed = [number for number, button in enumerate(self.buttons) if button.enabled]
        if not allowed:
            return
        if self.focus not in allowed:
            self.focus = allowed[0] if step > 0 else allowed[-1]
        else:
            self.focus = allowed[(allowed.index(self.focus) + step) % len(allowed)]

    def choose(self) -> PlaceBid | None:
        """Enter: bid the digits typed, or the bid chosen with the arrows."""
        if self.digits:
            value, self.digits = int(self.digits), ""
            return PlaceBid(value)
        if self.focus is not None:
            return PlaceBid(self.focus)
        return None


def _line_height(size: int) -> int:
    return theme.font(size).get_linesize()


def subtitle_lines(words: str, size: int, width: int) -> list[str]:
    """The line under the panel's title as it fits ``width``: whole, else broken after
    its first part (the rule); a part too wide even at 85% of ``size`` is cut."""
    if theme.font(size).size(words)[0] <= width:
        return [words]
    first, _dot, rest = words.partition(" · ")
    smallest = max(11, round(size * 0.85))
    return [sprites.fit_text(line, smallest, width) for line in (first, rest) if line]


def draw_bid_panel(surface: pygame.Surface, bids: BidPanel, layout: TableLayout) -> None:
    """The open panel: title, how many cards, a button per bid and the note."""
    geometry = bids.geometry
    if geometry is None:
        return
    panel = geometry.panel
    radius, spread = layout.px(18), layout.px(10)
    shadow = sprites.soft_shadow(panel.size, radius, spread, 150)
    surface.blit(shadow, (panel.x - 2 * spread, panel.y - 2 * spread + spread // 2))
    fill = theme.rounded_rect(panel.size, (12, 30, 25, 240), radius, (*theme.GOLD, 150))
    surface.blit(fill, panel)
    layoutlog.element("bid panel", panel)
    room = geometry.note_width
    title = theme.fitted(bids.title, layout.font(21), room, theme.GOLD, "bold")
    at = title.get_rect(center=geometry.title)
    surface.blit(title, at)
    layoutlog.words("bid panel", bids.title, title, at.topleft)
    size = layout.font(13.5)
    height = _line_height(size)
    y = geometry.subtitle[1] - len(bids.lines) * height // 2
    for line in bids.lines:
        sub = theme.fitted(line, size, room, theme.TEXT_DIM, smallest=0.85)
        at = sub.get_rect(midtop=(geometry.subtitle[0], y))
        surface.blit(sub, at)
        layoutlog.words("bid panel", line, sub, at.topleft)
        y += height
    for button in bids.buttons:
        sprites.paint_button(surface, button, layout.u)
    size = layout.font(13)
    colour = theme.TEXT_DIM
    if bids.barred:
        lit = bids.pointing_at_barred or bids.clock < bids.flash_until
        colour = theme.HIGHLIGHT if lit else BARRED_NOTE
    y = geometry.note[1]
    for line in theme.wrap(bids.note, size, geometry.note_width):
        label = theme.text(line, size, colour)
        at = label.get_rect(midtop=(geometry.note[0], y))
        surface.blit(label, at)
        layoutlog.words("bid panel", line, label, at.topleft)
        y += label.get_height()
