"""Mouse and keyboard at the table: clicks, drags, arrows, digits and shortcuts.

Every action goes through the scene (:meth:`TableScene.play`,
:meth:`TableScene.bid`), which asks the engine; nothing here decides what is
legal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.rules.cards import Card
from game.ui.kit.widgets import Button

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene

DIGIT_KEYS = {getattr(pygame, f"K_{n}"): n for n in range(10)}
DIGIT_KEYS.update({getattr(pygame, f"K_KP{n}"): n for n in range(10)})
CHOOSE_KEYS = (pygame.K_UP, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
SKIP_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)


@dataclass
class Drag:
    """A card picked up with the mouse."""

    card: Card
    start: tuple[int, int]
    pos: tuple[int, int]
    offset: tuple[int, int]
    moved: bool = False


class TableInput:
    """Turns input events into the table's actions."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene

    def handle(self, event: pygame.event.Event) -> None:
        kind = event.type
        if kind == pygame.MOUSEMOTION:
            self._motion(event)
        elif kind == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event)
        elif kind == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release(event)
        elif kind == pygame.KEYDOWN:
            self._key(event.key)

    def _buttons(self) -> list[Button]:
        scene = self.scene
        return [*scene.hud_buttons, scene.last_trick_button, *scene.bid_panel.buttons]

    # ------------------------------------------------------------ mouse
    def _motion(self, event: pygame.event.Event) -> None:
        scene = self.scene
        scene.mouse = event.pos
        for button in self._buttons():
            button.handle_event(event)
        drag = scene.drag
        if drag is not None:
            drag.pos = event.pos
            dx, dy = event.pos[0] - drag.start[0], event.pos[1] - drag.start[1]
            if dx * dx + dy * dy > scene.layout.px(8) ** 2:
                drag.moved = True

    def _press(self, event: pygame.event.Event) -> None:
        scene = self.scene
        scene.mouse = event.pos
        if any(button.handle_event(event) for button in scene.hud_buttons):
            return
        if scene.show_last_trick:
            scene.show_last_trick = False
            return
        if scene.my_bid() and any(button.handle_event(event) for button in scene.bid_panel.buttons):
            return
        if not scene.idle:
            scene.skip()
            return
        scene.session.skip_wait()
        scene.last_trick_button.enabled = scene.shown.last_trick is not None
        if scene.last_trick_button.handle_event(event):
            return
        item = scene.item(scene.card_under(event.pos))
        if item is not None:
            width, height = scene.layout.card
            centre = (round(item.x) + width // 2, round(item.y) + height // 2)
            offset = (event.pos[0] - centre[0], event.pos[1] - centre[1])
            scene.drag = Drag(item.card, event.pos, event.pos, offset)

    def _release(self, event: pygame.event.Event) -> None:
        scene = self.scene
        scene.mouse = event.pos
        if any(button.handle_event(event) for button in self._buttons()):
            return
        drag, scene.drag = scene.drag, None
        if drag is None:
            return
        card = scene.item(drag.card)
        if card is None:
            return
        if not drag.moved:
            scene.click_card(card.card)
            return
        centre = (float(drag.pos[0] - drag.offset[0]), float(drag.pos[1] - drag.offset[1]))
        if centre[1] >= scene.layout.hand_base - scene.layout.raise_by:
            return  # dropped back into the hand
        if scene.my_turn() and card.legal:
            scene.play(card.card, at=centre)
        else:
            scene.click_card(card.card)

    # ------------------------------------------------------------ keys
    def _key(self, key: int) -> None:
        scene = self.scene
        if key == pygame.K_TAB:
            scene.open_score_sheet()
        elif key == pygame.K_ESCAPE:
            if scene.show_last_trick:
                scene.show_last_trick = False
            else:
                scene.open_menu()
        elif not scene.idle and key in SKIP_KEYS and not scene.my_bid():
            scene.skip()
        elif key == pygame.K_l:
            scene.toggle_last_trick()
        elif key in DIGIT_KEYS:
            scene.bid_panel.digit(DIGIT_KEYS[key])
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self._arrow(-1 if key == pygame.K_LEFT else 1)
        elif key in CHOOSE_KEYS:
            self._choose()
        elif key == pygame.K_DOWN:
            scene.focus = scene.selected = None

    def _arrow(self, step: int) -> None:
        scene = self.scene
        if scene.my_bid():
            scene.bid_panel.arrow(step)
            return
        if not scene.hand or not scene.human_viewer:
            return
        cards = [item.card for item in scene.hand]
        if scene.focus not in cards:
            legal = [item.card for item in scene.hand if item.legal] or cards
            scene.focus = legal[0] if step > 0 else legal[-1]
        else:
            scene.focus = cards[(cards.index(scene.focus) + step) % len(cards)]

    def _choose(self) -> None:
        scene = self.scene
        if scene.my_bid():
            scene.bid_panel.choose()
            return
        item = scene.item(scene.focus)
        if item is None or not scene.my_turn():
            return
        if item.legal:
            scene.play(item.card)
        else:
            scene.click_card(item.card)
