"""The bid panel: a button for every bid, the hook's forbidden bid barred with the
reason, and keyboard bidding (digits, arrows and Enter)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from game.i18n import _, ngettext
from game.rules.actions import Bid
from game.rules.view import SeatView
from game.ui.kit.widgets import Button
from game.ui.table.layout import BidPanelLayout

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene

TWO_DIGIT_WAIT = 0.9
"""Seconds a first digit waits for a second one when a two-digit bid is possible."""


class BidPanel:
    """Shown while the viewer is to bid; rebuilt when the bidding changes."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.geometry: BidPanelLayout | None = None
        self.buttons: list[Button] = []
        self.title = self.subtitle = self.note = ""
        self.barred = False
        self.focus: int | None = None
        self.digits = ""
        self.digit_time = 0.0
        self._key: tuple[object, ...] | None = None

    @property
    def open(self) -> bool:
        return self.geometry is not None

    def close(self) -> None:
        self.geometry, self.buttons, self._key, self.focus = None, [], None, None

    def update(self) -> None:
        """Open, rebuild or close the panel to match the state; time out a lone digit."""
        scene = self.scene
        if not scene.my_bid():
            self.close()
            return
        if self.digits and scene.clock - self.digit_time > TWO_DIGIT_WAIT:
            value, self.digits = int(self.digits), ""
            scene.bid(value)
            return
        view = scene.view
        key = (view.hand_number, view.hand_size, view.forbidden_bid, scene.layout, view.bids)
        if key != self._key:
            self._key = key
            self._build(view)
        for number, button in enumerate(self.buttons):
            button.selected = number == self.focus

    def _build(self, view: SeatView) -> None:
        scene = self.scene
        size, barred = view.hand_size, view.forbidden_bid
        self.geometry = geometry = scene.layout.bid_panel(size + 1)
        self.buttons = []
        for number, rect in enumerate(geometry.buttons):
            allowed = number != barred
            reason = "" if allowed else scene.session.match.explain(Bid.of(scene.viewer, number))
            action = partial(self._clicked, number)
            self.buttons.append(Button(rect, str(number), action, allowed, reason or ""))
        name = scene.session.players[scene.viewer].name
        self.title = _("{name}, your bid").format(name=name) if scene.hotseat else _("Your bid")
        parts = [_("How many tricks will you take?")]
        parts.append(ngettext("{n} card", "{n} cards", size).format(n=size))
        if scene.shown.revealed and any(bid is not None for bid in view.bids):
            total = sum(bid for bid in view.bids if bid is not None)
            parts.append(_("bids so far: {total}").format(total=total))
        self.subtitle = " · ".join(parts)
        self.barred = barred is not None
        if barred is not None:
            self.note = _(
                "The dealer's hook: you may not bid {n}, or the bids would add up to {size} "
                "and everyone could make theirs."
            ).format(n=barred, size=size)
        elif view.rules.simultaneous_bidding:
            self.note = _("Everyone bids in secret; the bids are shown together.")
        else:
            self.note = _("Keys: 0–9 to bid, or arrows and Enter.")

    def _clicked(self, number: int) -> None:
        self.scene.bid(number)

    # ------------------------------------------------------------ keys
    def digit(self, digit: int) -> None:
        """A digit key: bid at once, or wait briefly when a second digit could follow."""
        scene = self.scene
        if not scene.my_bid():
            return
        size = scene.view.hand_size
        if self.digits and scene.clock - self.digit_time < TWO_DIGIT_WAIT:
            value = int(self.digits + str(digit))
            if value <= size:
                scene.bid(value)
                return
        self.digits = ""
        if digit != 0 and digit * 10 <= size:
            self.digits, self.digit_time, self.focus = str(digit), scene.clock, digit
            return
        scene.bid(digit)

    def arrow(self, step: int) -> None:
        allowed = [number for number, button in enumerate(self.buttons) if button.enabled]
        if not allowed:
            return
        if self.focus not in allowed:
            self.focus = allowed[0] if step > 0 else allowed[-1]
        else:
            self.focus = allowed[(allowed.index(self.focus) + step) % len(allowed)]

    def choose(self) -> None:
        """Enter: bid the digits typed, or the bid chosen with the arrows."""
        if self.digits:
            value, self.digits = int(self.digits), ""
            self.scene.bid(value)
        elif self.focus is not None:
            self.scene.bid(self.focus)
