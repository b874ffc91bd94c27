"""Drawing the table: background, seats, cards in hand, trick, trumps and flights.

The painter keeps everything static for one layout pre-rendered (the felt,
the table ring, the top bar and corner panels, see :mod:`~game.ui.table.backdrop`)
and draws the rest with blits of cached pictures, so a frame costs a few
milliseconds even at 4K. It reads a :class:`~game.ui.table.frame.Frame`, the
viewer's :class:`~game.ui.table.hand.Hand` and the cards in flight. The name
plates are in :mod:`game.ui.table.plates`, the heads-up parts (top bar text,
notices) in :mod:`game.ui.table.hud`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.i18n import _
from game.rules.cards import Card
from game.ui.cards.art import CardArt, card_art, suit_symbol
from game.ui.kit import layoutlog, theme
from game.ui.kit.widgets import Button
from game.ui.table import sprites
from game.ui.table.animation import Flight, Layer
from game.ui.table.backdrop import table_background
from game.ui.table.canvas import Canvas, Groups, Presenter
from game.ui.table.coachview import draw_card_badges, draw_card_glow
from game.ui.table.frame import Frame
from game.ui.table.hand import Hand
from game.ui.table.layout import TableLayout
from game.ui.table.plates import PlatePainter
from game.ui.table.state import sort_hand, tilt
from game.ui.table.text import dealer_letter, suit_name

Flights = Sequence[tuple[Flight, float]]


class TablePainter:
    """Draws the table from a frame; its pictures are rebuilt when the layout changes."""

    def __init__(self) -> None:
        self.layout: TableLayout | None = None
        self.four_colour = False
        self.background: pygame.Surface | None = None
        self.hand_art: CardArt | None = None
        self.trick_art: CardArt | None = None
        self.small_art: CardArt | None = None
        self.back_art: CardArt | None = None
        self._sideways: pygame.Surface | None = None
        self._scaled: dict[tuple[int, int, int], pygame.Surface] = {}
        self._tilted: dict[tuple[int, float], pygame.Surface] = {}
        self._steady: tuple[int, int] = (0, 0)
        self._palette = -1
        self.canvas = Canvas((1, 1))
        self.presenter = Presenter()
        self.groups = Groups()
        self.plates = PlatePainter(self.groups)

    # ------------------------------------------------------------ caches
    def prepare(self, layout: TableLayout, four_colour: bool) -> None:
        palette = theme.generation
        if self.layout is layout and self.four_colour == four_colour and self._palette == palette:
            return
        self.layout, self.four_colour, self._palette = layout, four_colour, palette
        self.hand_art = card_art(layout.card[0], four_colour)
        self.trick_art = card_art(layout.trick_card[0], four_colour)
        self.small_art = card_art(layout.small_card[0], four_colour)
        self.back_art = card_art(layout.back[0], four_colour)
        self._steady = layout.trick_card
        self._sideways = pygame.transform.rotate(self.back_art.back(), 90)
        self.plates.prepare(layout)
        self._scaled.clear()
        self._tilted.clear()
        self.groups.clear()
        self.background = table_background(layout)

    def scaled(self, source: pygame.Surface, width: int, height: int) -> pygame.Surface:
        """``source`` smoothly scaled (kept while the size repeats, as in a hold)."""
        key = (id(source), width, height)
        found = self._scaled.get(key)
        if found is None:
            if len(self._scaled) > 48:
                self._scaled.clear()
            found = pygame.transform.smoothscale(source, (max(1, width), max(1, height)))
            self._scaled[key] = found
        return found

    def tilted(self, image: pygame.Surface, angle: float) -> pygame.Surface:
        """``image`` turned by ``angle`` degrees (smoothly; cached)."""
        angle = round(angle, 1)
        if not angle:
            return image
        key = (id(image), angle)
        found = self._tilted.get(key)
        if found is None:
            if len(self._tilted) > 96:
                self._tilted.clear()
            found = pygame.transform.rotozoom(image, angle, 1.0)
            self._tilted[key] = found
        return found

    # ------------------------------------------------------------ frames
    def begin(self, surface: pygame.Surface, frame: Frame) -> Canvas:
        """Start recording a frame; draw into the returned canvas, then :meth:`finish`."""
        self.prepare(frame.layout, frame.four_colour)
        self.canvas.reset(surface.get_size())
        return self.canvas

    def finish(self, surface: pygame.Surface, trusted: bool) -> None:
        """Paint the recorded frame (only what changed when ``trusted``)."""
        assert self.background is not None
        self.presenter.present(surface, self.background, self.canvas.items, trusted)

    def draw(
        self,
        surface: pygame.Surface,
        frame: Frame,
        hand: Hand,
        flights: Flights,
        last_trick: Button,
    ) -> None:
        """The table itself: backs, plates, trick, trumps, the hand and cards in flight."""
        layout = frame.layout
        for seat in range(layout.players):
            if seat == frame.viewer:
                continue
            if frame.open_hands is not None:
                trump = frame.shown.trump if frame.shown.trump_shown else None
                cards = sort_hand(frame.open_hands[seat], trump)
                self.draw_open_hand(surface, layout, cards, seat)
            else:
                self.draw_backs(surface, layout, frame.shown.counts[seat], seat)
        self.draw_flights(surface, layout, flights, "low")
        for seat in range(layout.players):
            self.plates.draw(surface, frame, seat)
        self.draw_trick(surface, frame)
        self.draw_trump_panel(surface, frame, last_trick)
        self.draw_hand(surface, layout, hand)
        self.draw_flights(surface, layout, flights, "high")

    def draw_backs(
        self, surface: pygame.Surface, layout: TableLayout, count: int, seat: int
    ) -> None:
        spot = layout.seats[seat]
        if count <= 0 or self.back_art is None or self._sideways is None:
            return
        image = self.back_art.back() if spot.backs_axis == "x" else self._sideways
        fan = self.groups.group(surface.get_size())
        rects = spot.backs_for(count, layout.back)
        for rect in rects:
            fan.blit(image, rect)
        layoutlog.element(f"backs:{seat}", rects[0].unionall(rects[1:]))
        self.groups.flush(surface, fan)

    def draw_open_hand(
        self, surface: pygame.Surface, layout: TableLayout, cards: Sequence[Card], seat: int
    ) -> None:
        """An opponent's cards face up (a replay): a fan beside the plate, index corners
        showing, kept inside the window."""
        art = self.back_art
        if not cards or art is None:
            return
        width, height = layout.back
        spot = layout.seats[seat]
        span = round(spot.plate.width * 1.2) if spot.side == "top" else round(width * 4.4)
        step = min(width * 0.4, (span - width) / max(1, len(cards) - 1))
        total = round(width + step * (len(cards) - 1))
        cx, cy = spot.backs_centre
        plate = spot.plate
        gap = layout.px(8)
        if spot.side == "left":
            left, top = plate.right + gap, plate.centery - height // 2
        elif spot.side == "right":
            left, top = plate.x - gap - total, plate.centery - height // 2
        else:
            left, top = round(cx - total / 2), round(cy - height / 2)
        left = max(layout.margin, min(left, layout.size[0] - layout.margin - total))
        for index, card in enumerate(cards):
            rect = pygame.Rect(round(left + index * step), top, width, height)
            self.card_shadow(surface, rect, layout)
            surface.blit(art.face(card), rect)

    # ------------------------------------------------------------ cards
    def card_shadow(self, surface: pygame.Surface, rect: pygame.Rect, layout: TableLayout) -> None:
        spread = layout.px(4)
        shadow = sprites.soft_shadow(rect.size, max(2, rect.width // 14), spread, 100)
        surface.blit(
            shadow, (rect.x - 2 * spread + layout.px(1), rect.y - 2 * spread + layout.px(3))
        )

    def card_glow(self, surface: pygame.Surface, rect: pygame.Rect, layout: TableLayout) -> None:
        spread = layout.px(9)
        halo = sprites.glow(rect.size, max(2, rect.width // 14), spread, theme.HIGHLIGHT)
        surface.blit(halo, (rect.x - 2 * spread, rect.y - 2 * spread))

    def place_card(
        self,
        surface: pygame.Surface,
        layout: TableLayout,
        image: pygame.Surface,
        centre: tuple[int, int],
        angle: float = 0.0,
        glow: bool = False,
    ) -> None:
        """A card picture centred at ``centre``, turned by ``angle`` degrees, with its
        shadow (and a gold glow when it wins)."""
        size = image.get_size()
        spread = layout.px(4)
        # Cards in flight change size every frame: their (blurred) shadows are made for
        # sizes in steps, so each is rendered once.
        step = max(4, size[0] // 6)
        shade = (size[0] // step * step, size[1] // step * step) if size != self._steady else size
        shadow = self.tilted(sprites.soft_shadow(shade, max(2, size[0] // 14), spread, 100), angle)
        offset = (centre[0] + layout.px(1), centre[1] + layout.px(3))
        surface.blit(shadow, shadow.get_rect(center=offset))
        if glow:
            halo = sprites.glow(size, max(2, size[0] // 14), layout.px(9), theme.HIGHLIGHT)
            halo = self.tilted(halo, angle)
            surface.blit(halo, halo.get_rect(center=centre))
        picture = self.tilted(image, angle)
        surface.blit(picture, picture.get_rect(center=centre))

    def draw_trick(self, surface: pygame.Surface, frame: Frame) -> None:
        if self.trick_art is None:
            return
        layout, shown = frame.layout, frame.shown
        for seat, card in shown.trick:
            centre = layout.seats[seat].trick.center
            image = self.trick_art.face(card)
            glow = card == shown.winning
            self.place_card(surface, layout, image, centre, tilt(card, seat), glow)

    def draw_trump_panel(self, surface: pygame.Surface, frame: Frame, last_trick: Button) -> None:
        """The corner panel: the trump card (or its back before it turns) and the suit."""
        layout, shown = frame.layout, frame.shown
        slot = layout.trump_card
        art = self.small_art
        if art is None:
            return
        if shown.trump_shown and shown.trump_card is not None:
            self.card_shadow(surface, slot, layout)
            surface.blit(art.face(shown.trump_card), slot)
        elif shown.hand_size and not shown.trump_shown:
            self.card_shadow(surface, slot, layout)
            surface.blit(art.back(), slot)
        else:
            surface.blit(art.blank(), slot)
        layoutlog.element("trumps", layout.trump_panel)
        left = slot.right + layout.px(12)
        top = slot.y + layout.px(2)
        heading = theme.text(_("Trumps"), layout.font(12), theme.TEXT_DIM)
        surface.blit(heading, (left, top))
        layoutlog.words("trumps", _("Trumps"), heading, (left, top))
        size = layout.font(17)
        y = top + max(layout.px(20), heading.get_height() + layout.px(4)) + size // 2
        if shown.trump_shown and shown.trump is not None:
            ink = sprites.suit_ink(shown.trump, frame.four_colour)
            suit_symbol(surface, shown.trump, (left + size // 2, y + 1), size * 1.05, ink)
            start = left + round(size * 1.25)
            room = layout.trump_panel.right - layout.px(8) - start
            label = theme.fitted(suit_name(shown.trump), size, room, ink, "bold")
            at = label.get_rect(midleft=(start, y))
            surface.blit(label, at)
            layoutlog.words("trumps", suit_name(shown.trump), label, at.topleft)
        else:
            word, ink = (_("None"), theme.TEXT) if shown.trump_shown else ("—", theme.TEXT_DIM)
            label = theme.text(word, size, ink, "bold")
            surface.blit(label, label.get_rect(midleft=(left, y)))
        sprites.paint_button(surface, last_trick, layout.u)

    def draw_hand(self, surface: pygame.Surface, layout: TableLayout, hand: Hand) -> None:
        if self.hand_art is None:
            return
        width, height = layout.card
        radius = max(2, round(width * 0.06))
        drag = hand.drag if hand.drag is not None and hand.drag.moved else None
        if hand.items:
            cards = [pygame.Rect(round(i.x), round(i.y), width, height) for i in hand.items]
            layoutlog.element("hand", cards[0].unionall(cards[1:]))
        for item in hand.items:
            if drag is not None and item.card == drag.card:
                continue
            rect = pygame.Rect(round(item.x), round(item.y), width, height)
            self.card_shadow(surface, rect, layout)
            if item.advised:
                draw_card_glow(surface, rect, layout)
            surface.blit(self.hand_art.face(item.card), rect)
            if item.dim:
                surface.blit(sprites.card_veil((width, height), radius, theme.DIM_ALPHA), rect)
            if item.focus or item.selected:
                ink = (*theme.HIGHLIGHT, 255)
                edge = sprites.outline((width, height), radius, ink, layout.px(3))
                surface.blit(edge, rect)
        draw_card_badges(surface, hand.items, layout, drag.card if drag is not None else None)
        if drag is not None:
            rect = pygame.Rect(0, 0, width, height)
            rect.center = (drag.pos[0] - drag.offset[0], drag.pos[1] - drag.offset[1])
            self.card_shadow(surface, rect.move(layout.px(4), layout.px(8)), layout)
            surface.blit(self.hand_art.face(drag.card), rect)

    # ------------------------------------------------------------ flights
    def draw_flights(
        self, surface: pygame.Surface, layout: TableLayout, flights: Flights, layer: Layer
    ) -> None:
        for flight, t in flights:
            if flight.layer == layer:
                self._flight(surface, layout, flight, t)

    def _flight(
        self, surface: pygame.Surface, layout: TableLayout, flight: Flight, t: float
    ) -> None:
        (x, y), width = flight.at(t)
        if flight.kind == "chip":
            chip = sprites.dealer_chip(layout.px(11), dealer_letter())
            surface.blit(chip, chip.get_rect(center=(round(x), round(y))))
            return
        w, h = round(width), round(width * 1.4)
        squeeze = 1.0
        show_face = flight.face and flight.card is not None
        if flight.flip:
            squeeze = abs(math.cos(min(1.0, t / 0.8) * math.pi))
            show_face = t >= 0.4 and flight.card is not None
        if flight.sideways and not show_face and self._sideways is not None:
            image, w, h = self._sideways, h, w
        else:
            image = self._card_image(flight.card if show_face else None, w)
        draw_w = max(1, round(w * squeeze))
        if image.get_size() != (draw_w, h):
            image = self.scaled(image, draw_w, h)
        glow = flight.glow and t >= 1.0
        self.place_card(surface, layout, image, (round(x), round(y)), flight.angle(t), glow)

    def _card_image(self, card: Card | None, width: int) -> pygame.Surface:
        """The nearest ready-made art for a card (or its back) at ``width``."""
        arts = [
            art for art in (self.hand_art, self.trick_art, self.small_art, self.back_art) if art
        ]
        art = min(arts, key=lambda a: (abs(a.width - width), -a.width))
        if width > art.width and self.hand_art is not None:
            art = self.hand_art
        return art.face(card) if card is not None else art.back()
