"""Drawing the table: background, seats, cards in hand, trick and flights.

The painter keeps everything static for one layout pre-rendered (the felt,
the table ring, the top bar and corner panels) and draws the rest with blits
of cached pictures, so a frame costs a few milliseconds even at 4K.
The heads-up parts (top bar text, bid panel, notices) are in
:mod:`game.ui.table.hud`.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.rules.cards import Card
from game.ui.cards.art import CardArt, card_art
from game.ui.kit import theme
from game.ui.table import sprites
from game.ui.table.animation import Flight
from game.ui.table.canvas import Canvas, Presenter, compose
from game.ui.table.layout import TableLayout
from game.ui.table.state import tilt
from game.ui.table.text import initial, kind_label

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene

PLATE_FILL = (12, 30, 25, 236)
PLATE_BORDER = (255, 255, 255, 40)


class TablePainter:
    """Draws a :class:`~game.ui.table.scene.TableScene`; rebuilt when the layout changes."""

    def __init__(self) -> None:
        self.layout: TableLayout | None = None
        self.four_colour = False
        self.background: pygame.Surface | None = None
        self.hand_art: CardArt | None = None
        self.trick_art: CardArt | None = None
        self.small_art: CardArt | None = None
        self.back_art: CardArt | None = None
        self._sideways: pygame.Surface | None = None
        self._plate: pygame.Surface | None = None
        self._plate_offset = 0
        self._scaled: dict[tuple[int, int, int], pygame.Surface] = {}
        self._tilted: dict[tuple[int, float], pygame.Surface] = {}
        self._steady: tuple[int, int] = (0, 0)
        self.canvas = Canvas((1, 1))
        self.presenter = Presenter()
        self._group = Canvas((1, 1))
        self._groups: dict[tuple[object, ...], tuple[pygame.Surface, int, int]] = {}

    # ------------------------------------------------------------ caches
    def prepare(self, layout: TableLayout, four_colour: bool) -> None:
        if self.layout is layout and self.four_colour == four_colour:
            return
        self.layout, self.four_colour = layout, four_colour
        self.hand_art = card_art(layout.card[0], four_colour)
        self.trick_art = card_art(layout.trick_card[0], four_colour)
        self.small_art = card_art(layout.small_card[0], four_colour)
        self.back_art = card_art(layout.back[0], four_colour)
        self._steady = layout.trick_card
        self._sideways = pygame.transform.rotate(self.back_art.back(), 90)
        spread = layout.px(7)
        plate = layout.seats[0].plate
        radius = layout.px(14)
        sprite = pygame.Surface(
            (plate.width + 4 * spread, plate.height + 4 * spread), pygame.SRCALPHA
        )
        sprite.fill((0, 0, 0, 0))
        sprite.blit(sprites.soft_shadow(plate.size, radius, spread, 120), (0, spread // 2))
        sprite.blit(
            theme.rounded_rect(plate.size, PLATE_FILL, radius, PLATE_BORDER),
            (2 * spread, 2 * spread),
        )
        self._plate, self._plate_offset = sprite, 2 * spread
        self._scaled.clear()
        self._tilted.clear()
        self._groups.clear()
        self.background = self._build_background(layout)

    def _build_background(self, layout: TableLayout) -> pygame.Surface:
        background = theme.felt(layout.size).copy()
        self._table_ring(background, layout)
        bar = layout.top_bar
        background.blit(theme.rounded_rect(bar.size, (6, 18, 15, 226), 0), bar)
        pygame.draw.line(
            background, (*theme.GOLD_DARK,), (0, bar.bottom - 1), (bar.right, bar.bottom - 1)
        )
        panel = layout.trump_panel
        radius, spread = layout.px(14), layout.px(7)
        background.blit(
            sprites.soft_shadow(panel.size, radius, spread, 120),
            (panel.x - 2 * spread, panel.y - 2 * spread + spread // 2),
        )
        background.blit(theme.rounded_rect(panel.size, PLATE_FILL, radius, PLATE_BORDER), panel)
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            background = background.convert()
        return background

    def _table_ring(self, surface: pygame.Surface, layout: TableLayout) -> None:
        """A faint gold oval around the trick, like the inlay of a card table."""
        spots = [seat.trick for seat in layout.seats]
        box = spots[0].unionall(spots[1:]).inflate(layout.px(120), layout.px(70))
        box.width = max(box.width, round(box.height * 1.5))
        box.center = layout.centre
        box = box.clip(layout.arena.inflate(layout.px(8), 0))
        ss = 2
        big = pygame.Surface((box.width * ss, box.height * ss), pygame.SRCALPHA)
        big.fill((255, 255, 255, 0))
        pygame.draw.ellipse(big, (255, 255, 255, 9), big.get_rect())
        pygame.draw.ellipse(big, (*theme.GOLD, 60), big.get_rect(), layout.px(2) * ss)
        inner = big.get_rect().inflate(-layout.px(16) * ss, -layout.px(16) * ss)
        pygame.draw.ellipse(big, (*theme.GOLD, 26), inner, max(1, layout.px(1)) * ss)
        surface.blit(pygame.transform.smoothscale(big, box.size), box)

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

    # ------------------------------------------------------------ drawing
    def begin(self, surface: pygame.Surface, scene: TableScene) -> Canvas:
        """Start recording a frame; draw into the returned canvas, then :meth:`finish`."""
        self.prepare(scene.layout, scene.app.settings.four_colour)
        self.canvas.reset(surface.get_size())
        return self.canvas

    def finish(self, surface: pygame.Surface, trusted: bool) -> None:
        """Paint the recorded frame (only what changed when ``trusted``)."""
        assert self.background is not None
        self.presenter.present(surface, self.background, self.canvas.items, trusted)

    def group(self) -> Canvas:
        """A canvas for pictures that move together; :meth:`flush` draws them as one."""
        self._group.reset(self.canvas.frame_size)
        return self._group

    def flush(self, surface: pygame.Surface, group: Canvas) -> None:
        """Draw a group's pictures as one cached composite (same pictures, same composite)."""
        items = group.items
        if not items:
            return
        key = tuple(items)
        found = self._groups.get(key)
        if found is None:
            if any(item[5] is not None or item[6] for item in items):
                for source, x, y, _, _, alpha, flags in items:
                    source.set_alpha(alpha)
                    surface.blit(source, (x, y), None, flags)
                    source.set_alpha(255)
                return
            if len(self._groups) > 40:
                self._groups.clear()
            found = self._groups[key] = compose(items)
        picture, x, y = found
        surface.blit(picture, (x, y), None, pygame.BLEND_PREMULTIPLIED)

    def draw(self, surface: pygame.Surface, scene: TableScene) -> None:
        """The table itself: backs, plates, trick, trumps, the hand and cards in flight."""
        layout = scene.layout
        for seat in range(layout.players):
            if seat != scene.viewer:
                self.draw_backs(surface, scene, seat)
        self.draw_flights(surface, scene, "low")
        for seat in range(layout.players):
            self.draw_plate(surface, scene, seat)
        self.draw_trick(surface, scene)
        self.draw_trump(surface, scene)
        self.draw_hand(surface, scene)
        self.draw_flights(surface, scene, "high")

    def draw_backs(self, surface: pygame.Surface, scene: TableScene, seat: int) -> None:
        layout, spot = scene.layout, scene.layout.seats[seat]
        count = scene.shown.counts[seat]
        if count <= 0 or self.back_art is None or self._sideways is None:
            return
        image = self.back_art.back() if spot.backs_axis == "x" else self._sideways
        fan = self.group()
        for rect in spot.backs_for(count, layout.back):
            fan.blit(image, rect)
        self.flush(surface, fan)

    def draw_plate(self, surface: pygame.Surface, scene: TableScene, seat: int) -> None:
        layout, shown = scene.layout, scene.shown
        spot = layout.seats[seat]
        plate = spot.plate
        assert self._plate is not None
        card = self.group()
        card.blit(self._plate, (plate.x - self._plate_offset, plate.y - self._plate_offset))
        ax, ay, radius = spot.avatar
        player = scene.session.players[seat]
        face = sprites.avatar(radius, theme.SEAT_COLOURS[seat % 8], initial(player.name))
        card.blit(face, face.get_rect(center=(ax, ay)))
        score = theme.text(str(shown.scores[seat]), layout.font(21), theme.GOLD, "bold")
        pad = layout.px(12)
        card.blit(score, score.get_rect(midright=(plate.right - pad, plate.centery)))
        left = ax + radius + layout.px(10)
        room = plate.right - pad - score.get_width() - layout.px(8) - left
        size = layout.font(15)
        name = sprites.fit_text(player.name, size, room, "bold")
        card.blit(theme.text(name, size, theme.TEXT, "bold"), (left, plate.y + layout.px(7)))
        line2 = plate.y + layout.px(29)
        thinking = scene.thinking == seat
        if not thinking:
            you = seat == scene.viewer and len(scene.session.humans) == 1
            label = sprites.fit_text(kind_label(player, you), layout.font(11.5), room)
            card.blit(theme.text(label, layout.font(11.5), theme.TEXT_DIM), (left, line2))
        self._bid_line(card, scene, seat, left, plate.y + layout.px(46))
        self.flush(surface, card)
        if seat in scene.to_act:
            self._turn_glow(surface, scene, plate)
            ring = sprites.ring(radius, (*theme.HIGHLIGHT, 255), layout.px(2))
            surface.blit(ring, ring.get_rect(center=(ax, ay)))
        if thinking:
            self._thinking_dots(surface, scene, left, line2 + layout.px(8))
        if shown.dealer == seat:
            chip = sprites.dealer_chip(layout.px(11))
            surface.blit(chip, chip.get_rect(center=spot.chip))

    def _turn_glow(self, surface: pygame.Surface, scene: TableScene, plate: pygame.Rect) -> None:
        layout = scene.layout
        spread = layout.px(8)
        halo = sprites.glow(plate.size, layout.px(14), spread, theme.HIGHLIGHT, hollow=True)
        pulse = 0.55 + 0.45 * math.sin(scene.clock * 3.4)
        halo.set_alpha(150 + 15 * round(7 * pulse))
        surface.blit(halo, (plate.x - 2 * spread, plate.y - 2 * spread))
        halo.set_alpha(255)
        edge = sprites.outline(plate.size, layout.px(14), (*theme.HIGHLIGHT, 230), layout.px(2))
        surface.blit(edge, plate)

    def _thinking_dots(self, surface: pygame.Surface, scene: TableScene, x: int, y: int) -> None:
        layout = scene.layout
        r, gap = layout.px(3.2), layout.px(11)
        for index in range(3):
            wave = round(6 * max(0.0, math.sin(scene.clock * 6.0 - index * 0.9))) / 6
            colour = tuple(
                round(a + (b - a) * wave)
                for a, b in zip(theme.TEXT_DIM, theme.HIGHLIGHT, strict=True)
            )
            image = sprites.dot(r, colour)
            centre = (x + r + index * gap, y - round(wave * r * 0.6))
            surface.blit(image, image.get_rect(center=centre))

    def _bid_line(
        self, surface: pygame.Surface, scene: TableScene, seat: int, x: int, y: int
    ) -> None:
        layout, shown = scene.layout, scene.shown
        size = layout.font(13)
        bid = shown.bids[seat]
        if bid is not None:
            text = _("bid {bid} · won {won}").format(bid=bid, won=shown.taken[seat])
            colour: tuple[int, int, int] = theme.TEXT
            if shown.made is not None:
                colour = theme.GOOD if shown.made[seat] else theme.BAD
            label = theme.text(text, size, colour, "bold")
            surface.blit(label, (x, y))
            if shown.made is not None:
                kind = "made" if shown.made[seat] else "broken"
                icon = sprites.mark(kind, round(size * 0.95), (*colour, 255))
                surface.blit(
                    icon,
                    icon.get_rect(
                        midleft=(x + label.get_width() + layout.px(6), y + label.get_height() // 2)
                    ),
                )
            return
        if shown.hand_size == 0 or shown.trick or shown.taken[seat]:
            return
        if shown.submitted[seat]:
            surface.blit(theme.text(_("bid made · hidden"), size, theme.GOLD), (x, y))
        elif seat in scene.to_act:
            surface.blit(theme.text(_("bidding…"), size, theme.HIGHLIGHT), (x, y))
        elif shown.counts[seat] == shown.hand_size:
            surface.blit(theme.text(_("no bid yet"), size, theme.TEXT_DIM), (x, y))

    # ------------------------------------------------------------ cards
    def card_shadow(self, surface: pygame.Surface, rect: pygame.Rect, scene: TableScene) -> None:
        layout = scene.layout
        spread = layout.px(4)
        shadow = sprites.soft_shadow(rect.size, max(2, rect.width // 14), spread, 100)
        surface.blit(
            shadow, (rect.x - 2 * spread + layout.px(1), rect.y - 2 * spread + layout.px(3))
        )

    def draw_trick(self, surface: pygame.Surface, scene: TableScene) -> None:
        if self.trick_art is None:
            return
        layout = scene.layout
        for seat, card in scene.shown.trick:
            centre = layout.seats[seat].trick.center
            image = self.trick_art.face(card)
            self.place_card(
                surface, scene, image, centre, tilt(card, seat), card == scene.highlight
            )

    def place_card(
        self,
        surface: pygame.Surface,
        scene: TableScene,
        image: pygame.Surface,
        centre: tuple[int, int],
        angle: float = 0.0,
        glow: bool = False,
    ) -> None:
        """A card picture centred at ``centre``, turned by ``angle`` degrees, with its
        shadow (and a gold glow when it wins)."""
        layout = scene.layout
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
            wide = layout.px(9)
            halo = sprites.glow(size, max(2, size[0] // 14), wide, theme.HIGHLIGHT)
            halo = self.tilted(halo, angle)
            surface.blit(halo, halo.get_rect(center=centre))
        picture = self.tilted(image, angle)
        surface.blit(picture, picture.get_rect(center=centre))

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

    def _card_glow(self, surface: pygame.Surface, rect: pygame.Rect, scene: TableScene) -> None:
        spread = scene.layout.px(9)
        halo = sprites.glow(rect.size, max(2, rect.width // 14), spread, theme.HIGHLIGHT)
        surface.blit(halo, (rect.x - 2 * spread, rect.y - 2 * spread))

    def draw_trump(self, surface: pygame.Surface, scene: TableScene) -> None:
        from game.ui.table.hud import draw_trump_panel

        draw_trump_panel(surface, scene, self)

    def draw_hand(self, surface: pygame.Surface, scene: TableScene) -> None:
        if self.hand_art is None:
            return
        layout = scene.layout
        width, height = layout.card
        radius = max(2, round(width * 0.06))
        for item in scene.hand:
            if scene.drag is not None and scene.drag.moved and item.card == scene.drag.card:
                continue
            rect = pygame.Rect(round(item.x), round(item.y), width, height)
            self.card_shadow(surface, rect, scene)
            surface.blit(self.hand_art.face(item.card), rect)
            if item.dim:
                surface.blit(sprites.card_veil((width, height), radius, 120), rect)
            if item.focus or item.selected:
                edge = sprites.outline(
                    (width, height), radius, (*theme.HIGHLIGHT, 255), scene.layout.px(3)
                )
                surface.blit(edge, rect)
        drag = scene.drag
        if drag is not None and drag.moved:
            rect = pygame.Rect(0, 0, width, height)
            rect.center = (drag.pos[0] - drag.offset[0], drag.pos[1] - drag.offset[1])
            self.card_shadow(surface, rect.move(layout.px(4), layout.px(8)), scene)
            surface.blit(self.hand_art.face(drag.card), rect)

    def draw_flights(self, surface: pygame.Surface, scene: TableScene, layer: str) -> None:
        for flight, t in scene.queue.flights():
            if flight.layer == layer:
                self._flight(surface, scene, flight, t)

    def _flight(self, surface: pygame.Surface, scene: TableScene, flight: Flight, t: float) -> None:
        (x, y), width = flight.at(t)
        if flight.kind == "chip":
            chip = sprites.dealer_chip(scene.layout.px(11))
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
        self.place_card(surface, scene, image, (round(x), round(y)), flight.angle(t), glow)

    def _card_image(self, card: Card | None, width: int) -> pygame.Surface:
        """The nearest ready-made art for a card (or its back) at ``width``."""
        arts = [
            art for art in (self.hand_art, self.trick_art, self.small_art, self.back_art) if art
        ]
        art = min(arts, key=lambda a: (abs(a.width - width), -a.width))
        if width > art.width and self.hand_art is not None:
            art = self.hand_art
        return art.face(card) if card is not None else art.back()
