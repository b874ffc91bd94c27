"""The table's heads-up parts: the top bar and its buttons, the status line, the
notices (bubbles, toasts and hints) and the tooltip.

:class:`Hud` owns the buttons (score sheet, menu, last trick) and the tooltip;
a click hands back a request for the scene. The drawing functions read a
:class:`~game.ui.table.frame.Frame`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from game.i18n import _, ngettext
from game.play.notices import Tone
from game.rules.actions import Play
from game.rules.cards import Card
from game.rules.phase import Phase
from game.ui.cards.art import suit_symbol
from game.ui.cards.palette import Colour
from game.ui.kit import layoutlog, theme
from game.ui.kit.layers import Layer, LayerStack, find_clear, place_on
from game.ui.kit.widgets import Button, draw_tooltip
from game.ui.table import sprites
from game.ui.table.animation import Effects
from game.ui.table.frame import Frame
from game.ui.table.guideview import guide_card
from game.ui.table.hand import Hand
from game.ui.table.layout import TableLayout
from game.ui.table.notices import NoticeBoard
from game.ui.table.requests import (
    ClaimRest,
    HideGuide,
    OpenMenu,
    OpenScoreSheet,
    Request,
    SendEmote,
    TakeBack,
    ToggleEmotes,
    ToggleLastTrick,
)
from game.ui.table.text import EMOTES, emote_words, suit_name, verdict_word

HudTip = tuple[str, tuple[int, int]]


class Hud:
    """The buttons over the table and the tooltip under the pointer."""

    def __init__(self) -> None:
        self.buttons: list[Button] = []
        """Score sheet and menu, in the top bar."""
        self.last_trick = self._button("", ToggleLastTrick())
        self.undo = self._button("", TakeBack())
        self.hide_guide = self._button("", HideGuide())
        self.say = self._button("", ToggleEmotes())
        self.saying = False
        """The words to say are open."""
        self.words: list[Button] = []
        self.claim = self._button("", ClaimRest())
        self.claim.primary = True
        self._name_buttons()
        self.corner: list[Button] = []
        """Buttons beside the trick now: the guide's, the claim's."""
        self._bar: list[Button] = []
        self.tooltip: HudTip | None = None
        self.tip_below = False
        """The tooltip goes under its anchor (a button's in the top bar)."""
        self._clicked: Request | None = None

    def _name_buttons(self) -> None:
        """The buttons' words in the language now in use (it may change while the table
        is open: Pause, Settings, another language, Back)."""
        self.last_trick.label = _("Last trick")
        self.undo.label = _("Take back")
        self.undo.tooltip = _("Take back your last card or bid (Ctrl+Z)")
        self.hide_guide.label = _("Hide the guide")
        self.say.label = _("Say…")
        self.say.tooltip = _("A few friendly words for the table")
        self.claim.label = _("Claim the rest")
        self.claim.tooltip = _("Every trick left is yours whatever the others hold.")

    def _button(self, label: str, request: Request) -> Button:
        return Button(pygame.Rect(0, 0, 1, 1), label, partial(self._click, request))

    def _click(self, request: Request) -> None:
        self._clicked = request

    def relayout(self, layout: TableLayout) -> None:
        score = self._button(_("Score (Tab)"), OpenScoreSheet())
        menu = self._button(_("Menu (Esc)"), OpenMenu())
        score.rect, menu.rect = layout.score_button, layout.menu_button
        self.buttons = self._bar = [score, menu]
        gap = menu.rect.x - score.rect.right
        width = round(score.rect.width * 0.62)
        self.undo.rect = pygame.Rect(score.rect.x - gap - width, score.rect.y, width, score.rect.h)
        self.say.rect = self.undo.rect.copy()
        self.words = []
        top = layout.top_bar.bottom + layout.px(8)
        size = layout.font(14)
        face = theme.font(size, "bold")
        right = menu.rect.right
        for word in reversed(EMOTES):
            label = emote_words(word)
            w = face.size(label)[0] + layout.px(24)
            rect = pygame.Rect(right - w, top, w, layout.px(30))
            right = rect.x - layout.px(6)
            button = self._button(label, SendEmote(word))
            button.rect = rect
            self.words.insert(0, button)
        self.last_trick.rect = layout.last_trick_button

    # ------------------------------------------------------------ mouse
    def point(self, event: pygame.event.Event) -> None:
        """The pointer moved: light the button under it."""
        for button in (*self.buttons, *self.corner, self.last_trick):
            button.handle_event(event)

    def press(self, event: pygame.event.Event) -> bool:
        """A press on a top-bar button (or one beside the trick); True when it landed
        on one."""
        return any(button.handle_event(event) for button in (*self.buttons, *self.corner))

    def follow(self, frame: Frame) -> None:
        """Bar the last-trick button while there is no last trick to show; show Undo
        in a game with take-backs, lit while there is something to take back."""
        self._name_buttons()
        extra = [self.undo] if frame.take_backs is not None else []
        extra += [self.say] if frame.emotes else []
        self.buttons = [*extra, *self._bar]
        self.saying = self.saying and frame.emotes
        self.undo.enabled = bool(frame.take_backs)
        self.undo.reason = "" if self.undo.enabled else _("Nothing to take back in this hand.")
        if not self.undo.enabled:
            self.undo.hovered = self.undo.pressed = False
        self.last_trick.enabled = frame.shown.last_trick is not None
        self.last_trick.reason = _("No trick has been taken yet in this hand.")
        if not self.last_trick.enabled:
            self.last_trick.hovered = self.last_trick.pressed = False
        self.corner = []
        if frame.guide is not None:
            cards = len(frame.view.hand)
            self.hide_guide.rect = guide_card(frame.layout, frame.guide, cards).button
            self.corner.append(self.hide_guide)
        if self.saying:
            self.corner += self.words
        if frame.can_claim:
            status = status_line(frame, None)[0]
            self.claim.rect = claim_button(frame.layout, self.claim.label, status)
            self.corner.append(self.claim)
        else:
            self.claim.hovered = self.claim.pressed = False

    def press_last_trick(self, event: pygame.event.Event) -> bool:
        """A press on the last-trick button (it ignores one while barred)."""
        return self.last_trick.handle_event(event)

    def release(self, event: pygame.event.Event) -> tuple[bool, Request | None]:
        """A release: whether one of the buttons took it, and what it asks for."""
        self._clicked = None
        used = any(
            button.handle_event(event) for button in (*self.buttons, *self.corner, self.last_trick)
        )
        request, self._clicked = self._clicked, None
        return used, request

    # ------------------------------------------------------------ tooltip
    def point_out(
        self, frame: Frame, hand: Hand, mouse: tuple[int, int], beneath: tuple[int, int]
    ) -> None:
        """What the button under the pointer does, or why it cannot act now; else the
        reason why the card under the pointer (``beneath``: none when a panel is over
        the hand there) may not be played; a barred bid's reason is the bid panel's own
        note, which lights up."""
        self.tooltip, self.tip_below = None, False
        for button in (*self.buttons, *self.corner, self.last_trick):
            if button.rect.collidepoint(mouse):
                words = button.tooltip if button.enabled else button.reason
                if words:
                    self.tooltip = (words, button.rect.midbottom)
                    self.tip_below = button.rect.centery < frame.layout.size[1] // 2
                    if not self.tip_below:
                        self.tooltip = (words, button.rect.midtop)
                return
        barred = hand.barred_under(beneath, frame)
        if barred is not None:
            card, anchor = barred
            text = frame.explain(Play.of(frame.viewer, card))
            self.tooltip = (text, anchor) if text else None


# ---------------------------------------------------------------- top bar
def hud_items(frame: Frame) -> list[tuple[str, str, Colour]]:
    """The top bar's entries as (kind, text, colour); kind "trump" draws a suit sign."""
    shown, rules = frame.shown, frame.view.rules
    items: list[tuple[str, str, Colour]] = [("title", frame.title, theme.GOLD)]
    if shown.hand_number <= 0:
        items.append(("text", _("Choosing the first dealer"), theme.TEXT))
        return items
    count = rules.hand_count()
    if count is None:
        target = rules.target_score or 0
        hand = ngettext(
            "Hand {n} · to {target} point", "Hand {n} · to {target} points", target
        ).format(n=shown.hand_number, target=target)
    else:
        hand = _("Hand {n} of {total}").format(n=shown.hand_number, total=count)
    items.append(("hand", hand, theme.TEXT))
    if shown.hand_size:
        cards = ngettext("{n} card", "{n} cards", shown.hand_size).format(n=shown.hand_size)
        items.append(("text", cards, theme.TEXT))
    if shown.trump_shown and shown.trump is not None:
        ink = sprites.suit_ink(shown.trump, frame.four_colour)
        items.append(("trump", suit_name(shown.trump), ink))
    elif shown.trump_shown:
        items.append(("text", _("No trumps"), theme.TEXT))
    if shown.dealer is not None:
        dealer = frame.name(shown.dealer)
        items.append(("dealer", _("Dealer: {name}").format(name=dealer), theme.TEXT))
    items.extend(_bids_item(frame))
    return items


def _bids_item(frame: Frame) -> list[tuple[str, str, Colour]]:
    """The bids so far against the tricks, and the verdict once every bid is in."""
    shown = frame.shown
    if shown.hand_size and shown.revealed and any(bid is not None for bid in shown.bids):
        bids = _("Bids {total} / {tricks}").format(total=shown.bids_total, tricks=shown.hand_size)
        verdict = shown.verdict
        if verdict is not None:
            bids += " — " + verdict_word(verdict)
        return [("bids", bids, theme.HIGHLIGHT if verdict else theme.TEXT)]
    if shown.hand_size and not shown.revealed:
        return [("bids", _("Bids are secret until everyone has bid"), theme.TEXT_DIM)]
    return []


def claim_button(layout: TableLayout, label: str, status: str) -> pygame.Rect:
    """Where Claim the rest goes: on the status line's right, clear of its words."""
    size = layout.font(14)
    face = theme.font(size, "bold")
    pill = face.size(status)[0] + 2 * round(size * 0.7)
    rect = pygame.Rect(0, 0, face.size(label)[0] + layout.px(28), layout.px(30))
    rect.midleft = (layout.status[0] + pill // 2 + layout.px(12), layout.status[1])
    return rect.clamp(layout.window)


def draw_corner_buttons(surface: pygame.Surface, hud: Hud, layout: TableLayout) -> None:
    """The buttons beside the trick that are not the guide's (drawn with its card)."""
    for button in hud.corner:
        if button is not hud.hide_guide:
            sprites.paint_button(surface, button, layout.u)


def draw_top_bar(surface: pygame.Surface, frame: Frame, hud: Hud) -> None:
    layout = frame.layout
    bar = layout.top_bar
    size = layout.font(14.5)
    rendered = []
    for kind, content, colour in hud_items(frame):
        weight = "bold" if kind in ("title", "hand") else "regular"
        label = theme.text(content, size, colour, weight)
        extra = round(size * 1.3) if kind == "trump" else 0
        rendered.append((kind, label, extra, colour))
    right_limit = min(button.rect.x for button in hud.buttons) - layout.px(16)
    gap = layout.px(30)
    # Drop the least useful entries until everything fits.
    for drop in ("title", "dealer"):
        total = sum(label.get_width() + extra for _, label, extra, _ in rendered)
        total += gap * (len(rendered) - 1) + layout.margin
        if total <= right_limit:
            break
        rendered = [item for item in rendered if item[0] != drop]
    x = layout.margin + layout.px(6)
    dot = sprites.dot(max(2, layout.px(2.2)), theme.GOLD_DARK)
    trump = frame.shown.trump
    for index, (kind, label, extra, colour) in enumerate(rendered):
        if index:
            surface.blit(dot, dot.get_rect(center=(x - gap // 2, bar.centery)))
        if kind == "trump" and trump is not None:
            suit_symbol(surface, trump, (x + extra // 2 - 1, bar.centery), size * 1.05, colour)
        surface.blit(label, label.get_rect(midleft=(x + extra, bar.centery)))
        x += label.get_width() + extra + gap
    for button in hud.buttons:
        sprites.paint_button(surface, button, layout.u)


# ---------------------------------------------------------------- notices
def status_line(frame: Frame, selected: Card | None) -> tuple[str, Colour]:
    """The line above the hand: whose turn it is."""
    view = frame.view
    if view.phase not in (Phase.BIDDING, Phase.PLAYING) or not frame.shown.trump_shown:
        return "", theme.TEXT
    if frame.my_turn:
        if selected is not None:
            return _("Click the raised card again to play it"), theme.HIGHLIGHT
        return _("Your turn — play a card"), theme.HIGHLIGHT
    if frame.my_bid:
        return "", theme.TEXT
    if frame.thinking is not None:
        return _("{name} is thinking…").format(name=frame.name(frame.thinking)), theme.TEXT
    if frame.demo:
        return _("Demo game — click to hurry the animations"), theme.TEXT_DIM
    return "", theme.TEXT


def draw_status_pill(
    surface: pygame.Surface, frame: Frame, selected: Card | None
) -> pygame.Rect | None:
    """The status line's pill above the hand; where it went (None: no status now)."""
    text, colour = status_line(frame, selected)
    if not text:
        return None
    layout = frame.layout
    weight = "bold" if colour == theme.HIGHLIGHT else "regular"
    image = sprites.pill(text, layout.font(14), colour, (6, 18, 15, 190), weight)
    at = image.get_rect(center=layout.status)
    layoutlog.element("status", at)
    return surface.blit(image, at)


def draw_effects(
    surface: pygame.Surface, effects: Effects, layout: TableLayout, stack: LayerStack, kind: str
) -> None:
    """The effects of ``kind``: speech bubbles at their seats (on the table), or hints
    (on the tooltip layer, clear of the trick, the panel, the plates and the hand)."""
    for effect in effects:
        alpha = round(255 * effect.alpha)
        if alpha <= 0 or (effect.kind == "bubble") != (kind == "bubble"):
            continue
        if effect.kind == "bubble":
            image = sprites.pill(effect.text, layout.font(17), theme.INK, (*theme.PAPER, 245))
            lift = round(layout.px(10) * min(1.0, effect.age / 0.25))
            at = (round(effect.at[0]), round(effect.at[1]) - lift)
        else:
            anchor = (round(effect.at[0]), round(effect.at[1]))
            rect = draw_tooltip(surface, effect.text, anchor, layout.u, _placer(stack, layout))
            stack.add(Layer.TOOLTIP, effect.text, rect)
            continue
        rect = image.get_rect(center=at)
        if "trick" in stack.protected:  # words said during play go beside the cards
            rect = place_on(stack, Layer.NOTICE, rect, layout.window, layout.px(4))
            stack.add(Layer.NOTICE, effect.text, rect)
        image.set_alpha(alpha)
        surface.blit(image, rect)
        image.set_alpha(255)


def _placer(stack: LayerStack, layout: TableLayout) -> Callable[[pygame.Rect], pygame.Rect]:
    """Where a tooltip goes on the stack (see :func:`~game.ui.kit.layers.place_on`)."""
    return lambda wish: place_on(stack, Layer.TOOLTIP, wish, layout.window, layout.px(6))


NOTICE_INK: dict[Tone, Colour] = {
    "info": theme.TEXT,
    "game": theme.GOLD,
    "good": theme.GOOD,
    "problem": theme.TEXT,
}


NOTICE_WIDTHS = (0.92, 0.62, 0.44)
"""The widths a notice tries, as shares of the trick zone's."""


def draw_notices(
    surface: pygame.Surface, board: NoticeBoard, layout: TableLayout, stack: LayerStack
) -> None:
    """The notices shown now, stacked down from the top of the cloth where that is
    clear of the trick, the panel, the plates and the hand (else as near it as is
    clear); words too long for one line are wrapped (never cut), a problem on a red
    ground."""
    zone = layout.trick_zone
    size = layout.font(17)
    y = zone.y + layout.px(8)
    for notice, alpha in board.showing():
        keep_out = stack.keep_out(Layer.NOTICE, above=True)
        for share in NOTICE_WIDTHS:  # narrower, on more lines, where a wide one finds no room
            image = notice_picture(notice.text, notice.tone, size, round(zone.width * share))
            wish = image.get_rect(midtop=(zone.centerx, y))
            found = find_clear(image.get_size(), wish, keep_out, layout.window, layout.px(6))
            if found is not None:
                rect = found
                break
        else:  # no room clear of everything: on one line, over the top bar if need be
            image = notice_picture(notice.text, notice.tone, size, round(zone.width * 0.92))
            wish = image.get_rect(midtop=(zone.centerx, y))
            rect = place_on(stack, Layer.NOTICE, wish, layout.window, layout.px(6))
        image.set_alpha(round(255 * alpha))
        surface.blit(image, rect)
        image.set_alpha(255)
        stack.add(Layer.NOTICE, notice.text, rect)
        y = rect.bottom + layout.px(6)


@theme.picture_cache(maxsize=8, screens=0.2)
def notice_picture(content: str, tone: Tone, size: int, width: int) -> pygame.Surface:
    """One notice on its rounded ground (kept while it is shown)."""
    pad_x, pad_y = round(size * 0.8), round(size * 0.35)
    lines = theme.wrap(content, size, width - 2 * pad_x, "bold")
    labels = [theme.text(line, size, NOTICE_INK[tone], "bold") for line in lines]
    inner_w = max(label.get_width() for label in labels)
    inner_h = sum(label.get_height() for label in labels)
    box = (inner_w + 2 * pad_x, inner_h + 2 * pad_y)
    radius = min(box[1] // 2, round(size * 0.9))
    fill = (120, 30, 24, 240) if tone == "problem" else (6, 18, 15, 230)
    edge = (*theme.BAD, 220) if tone == "problem" else (255, 255, 255, 50)
    out = theme.rounded_rect(box, fill, radius, edge).copy()
    y = pad_y
    for label in labels:
        out.blit(label, label.get_rect(midtop=(box[0] // 2, y)))
        y += label.get_height()
    return out


def draw_hud_tooltip(
    surface: pygame.Surface, hud: Hud, layout: TableLayout, stack: LayerStack
) -> None:
    if hud.tooltip is not None:
        text, anchor = hud.tooltip
        place = _placer(stack, layout)
        rect = draw_tooltip(surface, text, anchor, layout.u, place, hud.tip_below)
        stack.add(Layer.TOOLTIP, text, rect)
