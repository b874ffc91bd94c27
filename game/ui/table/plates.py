"""The seats' name plates: avatar, name, kind of player, score, bid and tricks won,
the glow of the seat to act, a computer player's thinking dots and the dealer chip."""

from __future__ import annotations

import math

import pygame

from game.i18n import _, ngettext
from game.ui.kit import layoutlog, theme
from game.ui.table import sprites
from game.ui.table.canvas import Groups
from game.ui.table.frame import Frame
from game.ui.table.layout import TableLayout
from game.ui.table.text import away_labels, dealer_letter, initial, kind_labels


class PlatePainter:
    """Draws the name plates; the plate's shadowed card is made once per layout."""

    def __init__(self, groups: Groups) -> None:
        self.groups = groups
        self._plate: pygame.Surface | None = None
        self._offset = 0
        self.cut: dict[int, str] = {}
        """The seats whose name was cut to fit the plate, with the whole name (shown
        when the pointer rests on the plate)."""

    def prepare(self, layout: TableLayout) -> None:
        """Make the plate's picture for ``layout`` (and the palette in use)."""
        spread = layout.px(7)
        plate = layout.seats[0].plate
        radius = layout.px(14)
        size = (plate.width + 4 * spread, plate.height + 4 * spread)
        sprite = pygame.Surface(size, pygame.SRCALPHA)
        sprite.fill((0, 0, 0, 0))
        sprite.blit(sprites.soft_shadow(plate.size, radius, spread, 120), (0, spread // 2))
        sprite.blit(
            theme.rounded_rect(plate.size, theme.PLATE_FILL, radius, theme.PLATE_BORDER),
            (2 * spread, 2 * spread),
        )
        self._plate, self._offset = sprite, 2 * spread

    def draw(self, surface: pygame.Surface, frame: Frame, seat: int) -> None:
        layout = frame.layout
        spot = layout.seats[seat]
        plate = spot.plate
        assert self._plate is not None
        card = self.groups.group(surface.get_size())
        card.blit(self._plate, (plate.x - self._offset, plate.y - self._offset))
        box = f"plate:{seat}"
        layoutlog.element(box, plate)
        ax, ay, radius = spot.avatar
        player = frame.players[seat]
        face = sprites.avatar(radius, theme.SEAT_COLOURS[seat % 8], initial(player.name))
        card.blit(face, face.get_rect(center=(ax, ay)))
        size = layout.font(15)
        lines = _lines(plate)
        name_line = lines[0] + theme.font(size, "bold").get_linesize() // 2
        score = theme.text(str(frame.shown.scores[seat]), layout.font(21), theme.GOLD, "bold")
        pad = layout.px(12)
        # The score stands level with the name, clear of the bid line under it.
        level = max(plate.centery - layout.px(8), name_line)
        at = score.get_rect(midright=(plate.right - pad, level))
        card.blit(score, at)
        layoutlog.words(box, str(frame.shown.scores[seat]), score, at.topleft)
        left = ax + radius + layout.px(10)
        room = plate.right - pad - score.get_width() - layout.px(8) - left
        name = sprites.fit_text(player.name, size, room, "bold")
        if name != player.name:
            self.cut[seat] = player.name
        else:
            self.cut.pop(seat, None)
        words = theme.text(name, size, theme.TEXT, "bold")
        card.blit(words, (left, lines[0]))
        layoutlog.words(box, name, words, (left, lines[0]))
        line2 = lines[1]
        thinking = frame.thinking == seat
        away = frame.absent.get(seat)
        if not thinking:
            you = seat == frame.viewer and frame.solo
            small = layout.font(11.5)
            if away is not None:
                labels = away_labels(away, player.name)
                ink = theme.BAD if away == "disconnected" else theme.GOLD
            else:
                labels, ink = kind_labels(player, you), theme.TEXT_DIM
            weight = "bold" if away else "regular"
            label = sprites.first_fitting(labels, small, room, weight)
            if label.endswith("\u2026"):  # not even the shortest: smaller letters, not cut
                words = theme.fitted(labels[-1], small, room, ink, weight, smallest=0.75)
            else:
                words = theme.text(label, small, ink, weight)
            card.blit(words, (left, line2))
            layoutlog.words(box, label, words, (left, line2))
        low = lines[2]
        figures = score.get_bounding_rect().move(at.topleft)
        whole = plate.right - layout.px(10) - left  # under the score, when it is clear of it
        _bid_line(card, frame, seat, (left, low), room if low < figures.bottom + 2 else whole)
        self.groups.flush(surface, card)
        if seat in frame.to_act:
            _turn_glow(surface, frame, plate)
            ring = sprites.ring(radius, (*theme.HIGHLIGHT, 255), layout.px(2))
            surface.blit(ring, ring.get_rect(center=(ax, ay)))
        if thinking:
            _thinking_dots(surface, frame, left, line2 + layout.px(8))
        if frame.shown.dealer == seat:
            chip = sprites.dealer_chip(layout.px(11), dealer_letter())
            surface.blit(chip, chip.get_rect(center=spot.chip))


def plate_tip(
    cut: dict[int, str], layout: TableLayout, mouse: tuple[int, int]
) -> tuple[str, tuple[int, int]] | None:
    """The whole name of a cut one under the pointer, and where its tooltip points."""
    for seat, name in cut.items():
        plate = layout.seats[seat].plate if seat < len(layout.seats) else None
        if plate is not None and plate.collidepoint(mouse):
            return name, plate.midtop
    return None


def _lines(plate: pygame.Rect) -> tuple[int, int, int]:
    """The tops of the plate's three lines (name, kind of player, bid), spread as the
    plate grows with the text size."""

    def top(at: int) -> int:
        return plate.y + round(plate.height * at / 72)

    return top(7), top(29), top(46)


def _turn_glow(surface: pygame.Surface, frame: Frame, plate: pygame.Rect) -> None:
    """A pulsing halo around the plate of the seat to act."""
    layout = frame.layout
    spread = layout.px(8)
    halo = sprites.glow(plate.size, layout.px(14), spread, theme.HIGHLIGHT, hollow=True)
    pulse = 0.55 + 0.45 * math.sin(frame.clock * 3.4)
    halo.set_alpha(150 + 15 * round(7 * pulse))
    surface.blit(halo, (plate.x - 2 * spread, plate.y - 2 * spread))
    halo.set_alpha(255)
    edge = sprites.outline(plate.size, layout.px(14), (*theme.HIGHLIGHT, 230), layout.px(2))
    surface.blit(edge, plate)


def _thinking_dots(surface: pygame.Surface, frame: Frame, x: int, y: int) -> None:
    """Three dots lighting up in turn while a computer player thinks."""
    layout = frame.layout
    r, gap = layout.px(3.2), layout.px(11)
    for index in range(3):
        wave = round(6 * max(0.0, math.sin(frame.clock * 6.0 - index * 0.9))) / 6
        colour = tuple(
            round(a + (b - a) * wave) for a, b in zip(theme.TEXT_DIM, theme.HIGHLIGHT, strict=True)
        )
        image = sprites.dot(r, colour)
        centre = (x + r + index * gap, y - round(wave * r * 0.6))
        surface.blit(image, image.get_rect(center=centre))


def _still_needed(
    surface: pygame.Surface,
    frame: Frame,
    seat: int,
    bid: int,
    at: tuple[int, int],
    size: int,
    room: int,
) -> None:
    """After the bid and the tricks won, how the bid stands: the tricks still needed,
    no more to take, or over; in the longest words that fit ``room`` (what the score
    leaves of the plate)."""
    won = frame.shown.taken[seat]
    words, ink = need_words(bid, won)
    dot = " \u00b7 "
    label = sprites.first_fitting(tuple(dot + word for word in words), size, room, "bold")
    if label.endswith("\u2026"):
        return  # no room for even the shortest: the bid line says enough
    image = theme.text(label, size, ink, "bold")
    surface.blit(image, at)
    layoutlog.words(f"plate:{seat}", label, image, at)


def need_words(bid: int, won: int) -> tuple[tuple[str, ...], tuple[int, int, int]]:
    """How a bid stands after ``won`` tricks, longest words first, and their colour."""
    if won < bid:
        count = bid - won
        long = ngettext("needs {count}", "needs {count}", count).format(count=count)
        return (long, f"+{count}"), theme.HIGHLIGHT
    if won == bid:
        return (_("no more"), "="), theme.GOOD
    return (_("over"), "!"), theme.BAD


def _bid_line(
    surface: pygame.Surface, frame: Frame, seat: int, at: tuple[int, int], room: int
) -> None:
    """``bid 2 · won 1`` (green or red with a mark once scored), or where the bid stands,
    in the ``room`` pixels the score leaves: the two never run together."""
    layout, shown = frame.layout, frame.shown
    x, y = at
    size = layout.font(13)
    bid = shown.bids[seat]
    if bid is not None:
        text = _("bid {bid} · won {won}").format(bid=bid, won=shown.taken[seat])
        colour: tuple[int, int, int] = theme.TEXT
        if shown.made is not None:
            colour = theme.GOOD if shown.made[seat] else theme.BAD
        elif shown.all_bid and shown.taken[seat] >= bid:  # no more to take, or over
            colour = theme.GOOD if shown.taken[seat] == bid else theme.BAD
        mark = round(size * 0.95) + layout.px(6) if shown.made is not None else 0
        label = theme.fitted(text, size, room - mark, colour, "bold", smallest=0.8)
        if label.get_width() > room - mark:  # not even smaller: the short form
            text = f"{bid} \u00b7 {shown.taken[seat]}"
            label = theme.fitted(text, size, room - mark, colour, "bold", smallest=0.8)
        surface.blit(label, (x, y))
        layoutlog.words(f"plate:{seat}", text, label, (x, y))
        if shown.made is None and shown.all_bid:
            left = room - label.get_width()
            _still_needed(surface, frame, seat, bid, (x + label.get_width(), y), size, left)
        if shown.made is not None:
            kind = "made" if shown.made[seat] else "broken"
            icon = sprites.mark(kind, round(size * 0.95), (*colour, 255))
            middle = (x + label.get_width() + layout.px(6), y + label.get_height() // 2)
            surface.blit(icon, icon.get_rect(midleft=middle))
        return
    if shown.hand_size == 0 or shown.trick or shown.taken[seat]:
        return
    if shown.submitted[seat]:
        words, ink = _("bid made · hidden"), theme.GOLD
    elif seat in frame.to_act:
        words, ink = _("bidding…"), theme.HIGHLIGHT
    elif shown.counts[seat] == shown.hand_size:
        words, ink = _("no bid yet"), theme.TEXT_DIM
    else:
        return
    words = sprites.fit_text(words, size, room)
    image = theme.text(words, size, ink)
    surface.blit(image, (x, y))
    layoutlog.words(f"plate:{seat}", words, image, (x, y))
