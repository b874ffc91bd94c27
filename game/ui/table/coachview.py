"""The coach at the table: its figures under the bid buttons and on the cards.

While bidding, each bid button has its chance of being made under it, the best
one ringed; while playing, each card that may be played wears a small badge
with the chance of still making the bid after it, and the card with the best
figure glows (the expert's own choice where figures tie), so mark and figures
agree. Everything reads a :class:`~game.ui.table.frame.Coaching` (figures from
the session, never the match); the coach's colour is its own, apart from the
gold of the keyboard focus and of the winning card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.play.contract import CoachSession
from game.rules.actions import Bid
from game.ui.kit import layoutlog, theme
from game.ui.table import sprites
from game.ui.table.bidpanel import BidPanel
from game.ui.table.frame import Frame, chance_percent
from game.ui.table.hand import HandCard
from game.ui.table.layout import TableLayout

if TYPE_CHECKING:
    from game.settings import SettingsStore

COACH_COLOUR = (112, 214, 226)
"""The coach's colour: its choice's glow and badge, its ring round the best bid."""
COACH_INK = (8, 36, 40)
BADGE_FILL = (6, 18, 15, 225)


def bid_figures(bids: BidPanel, frame: Frame) -> list[tuple[int, str, bool]]:
    """The figures under the bid buttons: (bid, its chance as shown, whether it is the
    best); none while the coach is off or thinking."""
    coach = frame.coach
    if coach is None or bids.geometry is None:
        return []
    figures = []
    for number in range(len(bids.buttons)):
        bid = Bid.of(frame.viewer, number)
        chance = coach.chance(bid)
        if chance is not None:
            figures.append((number, chance_percent(chance), bid == coach.marked))
    return figures


def draw_bid_figures(surface: pygame.Surface, bids: BidPanel, frame: Frame) -> None:
    """Under each bid button its chance, the best bid ringed; or the coach thinking."""
    geometry, coach, layout = bids.geometry, frame.coach, frame.layout
    if geometry is None or coach is None or not geometry.figures:
        return
    if coach.advice is None:
        first, last = geometry.figures[0], geometry.figures[-1]
        _thinking(surface, layout, ((first[0] + last[0]) // 2, first[1]))
        return
    size = layout.font(12)
    rects = [button.rect for button in bids.buttons]
    pitch = rects[1].x - rects[0].x if len(rects) > 1 else 2 * rects[0].width
    room = pitch - layout.px(4)  # neighbours' figures never run together
    for number, text, best in bid_figures(bids, frame):
        ink, weight = (COACH_COLOUR, "bold") if best else (theme.TEXT_DIM, "regular")
        label = theme.fitted(text, size, room, ink, weight)
        at = label.get_rect(center=geometry.figures[number])
        surface.blit(label, at)
        layoutlog.words("bid panel", text, label, at.topleft)
        if best:
            _ring(surface, bids.buttons[number].rect, layout)


def _ring(surface: pygame.Surface, rect: pygame.Rect, layout: TableLayout) -> None:
    pad = layout.px(3)
    ring = sprites.outline(
        rect.inflate(2 * pad, 2 * pad).size, layout.px(10), (*COACH_COLOUR, 255), layout.px(2)
    )
    surface.blit(ring, (rect.x - pad, rect.y - pad))


def draw_card_glow(surface: pygame.Surface, rect: pygame.Rect, layout: TableLayout) -> None:
    """The soft glow round the card the expert would play (drawn behind it)."""
    spread = layout.px(8)
    halo = sprites.glow(rect.size, max(2, rect.width // 14), spread, COACH_COLOUR)
    surface.blit(halo, (rect.x - 2 * spread, rect.y - 2 * spread))


def draw_card_badges(
    surface: pygame.Surface, items: list[HandCard], layout: TableLayout, skip: object = None
) -> None:
    """A badge with its chance on each card that may be played, in the part of the card
    left showing; the expert's choice's badge in the coach's colour."""
    width, height = layout.card
    for index, item in enumerate(items):
        if item.chance is None or item.card == skip:
            continue
        showing = width if index + 1 == len(items) else round(items[index + 1].x - item.x)
        text = chance_percent(item.chance)
        size = layout.font(12.5)
        while size > 9 and theme.font(size, "bold").size(text)[0] + size > showing - 4:
            size -= 1
        ink, fill = (COACH_INK, (*COACH_COLOUR, 245)) if item.advised else (theme.TEXT, BADGE_FILL)
        badge = sprites.pill(text, size, ink, fill)
        centre = (round(item.x) + min(showing, width) // 2, round(item.y + height * 0.5))
        surface.blit(badge, badge.get_rect(center=centre))


def draw_coach_hint(surface: pygame.Surface, frame: Frame, status: pygame.Rect | None) -> None:
    """ "Coach is thinking…" beside the status line while the figures for a play are
    worked out (the bid panel says it under its buttons)."""
    coach = frame.coach
    if coach is None or coach.advice is not None or not frame.my_turn:
        return
    layout = frame.layout
    image = _hint_image(layout)
    if status is None:
        surface.blit(image, image.get_rect(center=layout.status))
    else:
        surface.blit(image, image.get_rect(midleft=(status.right + layout.px(8), status.centery)))


def _thinking(surface: pygame.Surface, layout: TableLayout, centre: tuple[int, int]) -> None:
    """The words alone in the bid panel (a pill would crowd the buttons)."""
    image = theme.text(_("Coach is thinking…"), layout.font(12), COACH_COLOUR)
    surface.blit(image, image.get_rect(center=centre))


def _hint_image(layout: TableLayout) -> pygame.Surface:
    return sprites.pill(
        _("Coach is thinking…"), layout.font(12), COACH_COLOUR, BADGE_FILL, "regular"
    )


# ---------------------------------------------------------------- turning it on and off
def follow_coach_setting(session: CoachSession, setting: bool) -> None:
    """In a solo game the coach follows the setting (changed in Settings or with C)."""
    humans = session.humans
    if len(humans) == 1 and session.coach_wished(humans[0]) != setting:
        session.wish_coach(humans[0], setting)


def toggle_coach(
    session: CoachSession | None, store: SettingsStore, viewer: int, may_wish: bool
) -> str:
    """The C key: solo, flip the setting (saved); with several humans, flip the wish of
    the viewer, who ``may_wish`` only on their own turn. Returns the word to show."""
    if session is None:
        return _("The coach is not available in network games.")
    if len(session.humans) == 1:
        on = not store.settings.coach
        store.update(coach=on)
        follow_coach_setting(session, on)
    elif may_wish:
        on = not session.coach_wished(viewer)
        session.wish_coach(viewer, on)
    else:
        return _("Each player turns the coach on or off on their own turn.")
    if on and not session.coach_on:
        return _("Coach on for you: it shows once every player has turned it on.")
    return _("Coach on") if on else _("Coach off")
