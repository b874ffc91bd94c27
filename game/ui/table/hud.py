"""The table's heads-up parts: top bar, trump panel, bid panel, status line,
notices (bubbles and toasts) and the last-trick review."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _, ngettext
from game.rules.cards import Suit
from game.ui.cards.art import suit_symbol
from game.ui.kit import theme
from game.ui.kit.widgets import draw_tooltip
from game.ui.table import sprites
from game.ui.table.text import suit_name, verdict_word

if TYPE_CHECKING:
    from game.ui.table.paint import TablePainter
    from game.ui.table.scene import TableScene

_LIGHT_INKS = ((236, 232, 220), (240, 104, 100), (240, 104, 100), (236, 232, 220))
_LIGHT_INKS_FOUR = ((120, 214, 140), (128, 176, 246), (240, 104, 100), (236, 232, 220))


def suit_ink(suit: Suit, four_colour: bool) -> tuple[int, int, int]:
    """A suit's colour for drawing on the dark panels."""
    return (_LIGHT_INKS_FOUR if four_colour else _LIGHT_INKS)[suit]


# ---------------------------------------------------------------- top bar
def hud_items(scene: TableScene) -> list[tuple[str, str, tuple[int, int, int]]]:
    """The top bar's entries as (kind, text, colour); kind "trump" draws a suit sign."""
    shown, rules = scene.shown, scene.session.match.rules
    items: list[tuple[str, str, tuple[int, int, int]]] = [("title", scene.title, theme.GOLD)]
    if shown.hand_number <= 0:
        items.append(("text", _("Choosing the first dealer"), theme.TEXT))
        return items
    count = rules.hand_count()
    if count is None:
        hand = _("Hand {n} · to {target} points").format(
            n=shown.hand_number, target=rules.target_score
        )
    else:
        hand = _("Hand {n} of {total}").format(n=shown.hand_number, total=count)
    items.append(("hand", hand, theme.TEXT))
    if shown.hand_size:
        cards = ngettext("{n} card", "{n} cards", shown.hand_size).format(n=shown.hand_size)
        items.append(("text", cards, theme.TEXT))
    if shown.trump_shown and shown.trump is not None:
        items.append(("trump", suit_name(shown.trump), suit_ink(shown.trump, scene.four_colour)))
    elif shown.trump_shown:
        items.append(("text", _("No trumps"), theme.TEXT))
    if shown.dealer is not None:
        dealer = scene.session.players[shown.dealer].name
        items.append(("dealer", _("Dealer: {name}").format(name=dealer), theme.TEXT))
    if shown.hand_size and shown.revealed and any(bid is not None for bid in shown.bids):
        bids = _("Bids {total} / {tricks}").format(total=shown.bids_total, tricks=shown.hand_size)
        verdict = shown.verdict()
        if verdict is not None:
            bids += " — " + verdict_word(verdict)
        items.append(("bids", bids, theme.HIGHLIGHT if verdict else theme.TEXT))
    elif shown.hand_size and not shown.revealed:
        items.append(("bids", _("Bids are secret until everyone has bid"), theme.TEXT_DIM))
    return items


def draw_hud(surface: pygame.Surface, scene: TableScene) -> None:
    layout = scene.layout
    bar = layout.top_bar
    size = layout.font(14.5)
    items = hud_items(scene)
    right_limit = layout.score_button.x - layout.px(16)
    gap = layout.px(30)
    rendered = []
    for kind, content, colour in items:
        weight = "bold" if kind in ("title", "hand") else "regular"
        label = theme.text(content, size, colour, weight)
        extra = round(size * 1.3) if kind == "trump" else 0
        rendered.append((kind, label, extra, colour))
    # Drop the least useful entries until everything fits.
    for drop in ("title", "dealer"):
        total = sum(label.get_width() + extra for _, label, extra, _ in rendered)
        total += gap * (len(rendered) - 1) + layout.margin
        if total <= right_limit:
            break
        rendered = [item for item in rendered if item[0] != drop]
    x = layout.margin + layout.px(6)
    dot = sprites.dot(max(2, layout.px(2.2)), theme.GOLD_DARK)
    for index, (kind, label, extra, colour) in enumerate(rendered):
        if index:
            surface.blit(dot, dot.get_rect(center=(x - gap // 2, bar.centery)))
        if kind == "trump" and scene.shown.trump is not None:
            suit_symbol(
                surface, scene.shown.trump, (x + extra // 2 - 1, bar.centery), size * 1.05, colour
            )
        surface.blit(label, label.get_rect(midleft=(x + extra, bar.centery)))
        x += label.get_width() + extra + gap
    for button in scene.hud_buttons:
        sprites.paint_button(surface, button, layout.u)


# ---------------------------------------------------------------- trumps
def draw_trump_panel(surface: pygame.Surface, scene: TableScene, painter: TablePainter) -> None:
    layout, shown = scene.layout, scene.shown
    slot = layout.trump_card
    art = painter.small_art
    if art is None:
        return
    if shown.trump_shown and shown.trump_card is not None:
        painter.card_shadow(surface, slot, scene)
        surface.blit(art.face(shown.trump_card), slot)
    elif shown.hand_size and not shown.trump_shown:
        painter.card_shadow(surface, slot, scene)
        surface.blit(art.back(), slot)
    else:
        surface.blit(art.blank(), slot)
    left = slot.right + layout.px(12)
    top = slot.y + layout.px(2)
    surface.blit(theme.text(_("Trumps"), layout.font(12), theme.TEXT_DIM), (left, top))
    size = layout.font(17)
    y = top + layout.px(20) + size // 2
    if shown.trump_shown and shown.trump is not None:
        ink = suit_ink(shown.trump, scene.four_colour)
        suit_symbol(surface, shown.trump, (left + size // 2, y + 1), size * 1.05, ink)
        label = theme.text(suit_name(shown.trump), size, ink, "bold")
        surface.blit(label, label.get_rect(midleft=(left + round(size * 1.25), y)))
    elif shown.trump_shown:
        label = theme.text(_("None"), size, theme.TEXT, "bold")
        surface.blit(label, label.get_rect(midleft=(left, y)))
    else:
        label = theme.text("—", size, theme.TEXT_DIM, "bold")
        surface.blit(label, label.get_rect(midleft=(left, y)))
    sprites.paint_button(surface, scene.last_trick_button, layout.u)


# ---------------------------------------------------------------- bidding
def draw_bid_panel(surface: pygame.Surface, scene: TableScene) -> None:
    bids = scene.bid_panel
    geometry = bids.geometry
    if geometry is None:
        return
    layout = scene.layout
    panel = geometry.panel
    radius, spread = layout.px(18), layout.px(10)
    shadow = sprites.soft_shadow(panel.size, radius, spread, 150)
    surface.blit(shadow, (panel.x - 2 * spread, panel.y - 2 * spread + spread // 2))
    fill = theme.rounded_rect(panel.size, (12, 30, 25, 240), radius, (*theme.GOLD, 150))
    surface.blit(fill, panel)
    title = theme.text(bids.title, layout.font(21), theme.GOLD, "bold")
    surface.blit(title, title.get_rect(center=geometry.title))
    sub = theme.text(bids.subtitle, layout.font(13.5), theme.TEXT_DIM)
    surface.blit(sub, sub.get_rect(center=geometry.subtitle))
    for button in bids.buttons:
        sprites.paint_button(surface, button, layout.u)
    size = layout.font(13)
    colour = (244, 160, 140) if bids.barred else theme.TEXT_DIM
    y = geometry.note[1]
    for line in theme.wrap(bids.note, size, geometry.note_width):
        label = theme.text(line, size, colour)
        surface.blit(label, label.get_rect(midtop=(geometry.note[0], y)))
        y += label.get_height()


# ---------------------------------------------------------------- notices
def draw_status(surface: pygame.Surface, scene: TableScene) -> None:
    text, colour = scene.status()
    if not text:
        return
    layout = scene.layout
    weight = "bold" if colour == theme.HIGHLIGHT else "regular"
    image = sprites.pill(text, layout.font(14), colour, (6, 18, 15, 190), weight)
    surface.blit(image, image.get_rect(center=layout.status))


def draw_effects(surface: pygame.Surface, scene: TableScene) -> None:
    layout = scene.layout
    for effect in scene.effects:
        alpha = round(255 * effect.alpha)
        if alpha <= 0:
            continue
        if effect.kind == "bubble":
            image = sprites.pill(effect.text, layout.font(17), theme.INK, (*theme.PAPER, 245))
            lift = round(layout.px(10) * min(1.0, effect.age / 0.25))
            at = (round(effect.at[0]), round(effect.at[1]) - lift)
        elif effect.kind == "toast":
            image = sprites.pill(effect.text, layout.font(19), effect.colour, (6, 18, 15, 225))
            at = (round(effect.at[0]), round(effect.at[1]))
        else:
            draw_tooltip(surface, effect.text, (round(effect.at[0]), round(effect.at[1])), layout.u)
            continue
        image.set_alpha(alpha)
        surface.blit(image, image.get_rect(center=at))
        image.set_alpha(255)


def draw_last_trick(surface: pygame.Surface, scene: TableScene, painter: TablePainter) -> None:
    trick = scene.shown.last_trick
    if not scene.show_last_trick or trick is None or painter.small_art is None:
        return
    layout = scene.layout
    players = layout.players
    card_w, card_h = layout.small_card
    gap, pad = layout.px(10), layout.px(16)
    name_h = layout.px(20)
    title = theme.text(
        _("Last trick — won by {name}").format(name=scene.session.players[trick.winner].name),
        layout.font(15),
        theme.GOLD,
        "bold",
    )
    width = max(players * card_w + (players - 1) * gap, title.get_width()) + 2 * pad
    height = pad + title.get_height() + layout.px(10) + card_h + name_h + pad
    panel = pygame.Rect(0, 0, width, height)
    panel.midbottom = (layout.status[0], layout.status[1] - layout.px(20))
    panel.clamp_ip(layout.window)
    radius = layout.px(16)
    surface.blit(
        theme.rounded_rect(panel.size, (10, 26, 22, 242), radius, (*theme.GOLD, 130)), panel
    )
    surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + pad)))
    left = panel.centerx - (players * card_w + (players - 1) * gap) // 2
    top = panel.y + pad + title.get_height() + layout.px(10)
    for index, card in enumerate(trick.cards):
        seat = (trick.leader + index) % players
        rect = pygame.Rect(left + index * (card_w + gap), top, card_w, card_h)
        if seat == trick.winner:
            painter._card_glow(surface, rect, scene)
        surface.blit(painter.small_art.face(card), rect)
        name = sprites.fit_text(scene.session.players[seat].name, layout.font(11.5), card_w + gap)
        label = theme.text(
            name, layout.font(11.5), theme.GOLD if seat == trick.winner else theme.TEXT_DIM
        )
        surface.blit(label, label.get_rect(midtop=(rect.centerx, rect.bottom + layout.px(4))))


def draw_tip(surface: pygame.Surface, scene: TableScene) -> None:
    if scene.tooltip is not None:
        text, anchor = scene.tooltip
        draw_tooltip(surface, text, anchor, scene.layout.u)
