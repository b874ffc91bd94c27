"""pygame_gui integration: a themed UI manager sized to the window, and a base
class for the scenes whose forms are built with it.

The look lives in ``assets/gui_theme.json``, written for a 1280x720 window.
:func:`make_manager` scales every size in it (fonts, corners, borders,
padding) by the window's interface scale, so the forms look the same at 720p
and 4K; scenes rebuild their manager and layout whenever the window changes
size.

Scenes built on :class:`GuiScene` lay out their elements in :meth:`GuiScene.build`
with the helpers :meth:`GuiScene.button`, :meth:`GuiScene.label`,
:meth:`GuiScene.choice` and friends, draw their own background and decorations
around the manager, and read text fields and sliders back in
:meth:`GuiScene.poll`.
"""

from __future__ import annotations

import copy
import json
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import pygame

from game.i18n import language
from game.resources import asset
from game.ui.kit import theme
from game.ui.kit.scene import Scene

if TYPE_CHECKING:
    # pygame_gui takes about a fifth of a second to import: it is imported where a
    # scene first builds its manager, so the title screen (which has none) never waits.
    import pygame_gui
    from pygame_gui.core import ObjectID
    from pygame_gui.core.interfaces import IContainerLikeInterface
    from pygame_gui.elements import UIButton, UILabel

THEME_FILE = "gui_theme.json"

_SCALED_MISC = {
    "border_width",
    "shadow_width",
    "shape_corner_radius",
    "text_horiz_alignment_padding",
    "text_vert_alignment_padding",
    "padding",
    "list_item_height",
    "sliding_button_width",
    "rect_width",
    "text_offset",
}

Value = TypeVar("Value")


@lru_cache(maxsize=1)
def _base_theme() -> dict[str, Any]:
    with open(asset(THEME_FILE), encoding="utf-8") as handle:
        data: dict[str, Any] = json.load(handle)
    return data


def _scale_value(value: str, scale: float) -> str:
    """``"10"`` or ``"10,4"`` scaled; zero stays zero, anything else at least one."""
    parts = []
    for part in value.split(","):
        number = int(part.strip())
        scaled = round(number * scale)
        parts.append(str(max(1, scaled) if number > 0 else scaled))
    return ",".join(parts)


GAME_FONT = "ohhell_sans"
"""The name the theme's ``noto_sans`` is given, with the paths of the game's own font
files: pygame_gui then reads the same files as the rest of the game, and needs of its
own data only the regular face it loads when it starts (the built programs leave
pygame_gui's other fonts out)."""


def _own_font(font_info: dict[str, Any]) -> None:
    if font_info.get("name") == "noto_sans":
        font_info["name"] = GAME_FONT
        font_info["regular_path"] = str(theme.font_file("regular"))
        font_info["bold_path"] = str(theme.font_file("bold"))
        font_info["italic_path"] = str(theme.font_file("italic"))
        font_info["bold_italic_path"] = str(theme.font_file("bold"))


CONTRAST_COLOURS = {
    "normal_text": "#FFFFFF",
    "hovered_text": "#FFFFFF",
    "disabled_text": "#A8B2AC",
    "normal_border": "#FFFFFFB4",
    "hovered_border": "#FFFFFFFF",
    "normal_bg": "#040E0BFF",
    "dark_bg": "#000000FF",
    "hovered_bg": "#2C4C40FF",
    "disabled_bg": "#1A2622FF",
}
"""The forms' colours under the high-contrast palette (solid grounds, white words)."""


def scaled_theme(scale: float, contrast: bool = False, text: float = 1.0) -> dict[str, Any]:
    """The theme file with every size multiplied by ``scale`` and its letters also by
    ``text`` (the Text size setting), in the game's own font (and, with ``contrast``,
    the high-contrast colours)."""
    data = copy.deepcopy(_base_theme())
    for name, block in data.items():
        if not isinstance(block, dict):
            continue
        fonts = block.get("font")
        # the smaller letters for words that do not fit stay as small at every text size
        grow = 1.0 if name.startswith("#tight") else text
        for font_info in fonts if isinstance(fonts, list) else [fonts]:
            if isinstance(font_info, dict) and "size" in font_info:
                font_info["size"] = str(max(8, round(int(font_info["size"]) * scale * grow)))
            if isinstance(font_info, dict):
                _own_font(font_info)
        misc = block.get("misc")
        if isinstance(misc, dict):
            for key in _SCALED_MISC & misc.keys():
                misc[key] = _scale_value(str(misc[key]), scale)
        colours = block.get("colours")
        if contrast and isinstance(colours, dict):
            for key in CONTRAST_COLOURS.keys() & colours.keys():
                if _contrasted(key, str(colours[key])):
                    colours[key] = CONTRAST_COLOURS[key]
    return data


def _contrasted(key: str, colour: str) -> bool:
    """Whether the high-contrast palette replaces ``colour`` (``#RRGGBB[AA]``): dark
    grounds and light words, never the gold of a chosen or main button, its dark words,
    or what is meant to be unseen."""
    digits = colour.lstrip("#")
    if len(digits) not in (6, 8) or digits[6:8] == "00":
        return False
    try:
        red, green, blue = (int(digits[i : i + 2], 16) for i in (0, 2, 4))
    except ValueError:
        return False
    light = (0.3 * red + 0.59 * green + 0.11 * blue) / 255 > 0.5
    return light if key.endswith(("_text", "_border")) else not light


def make_manager(
    size: tuple[int, int], scale: float | None = None, text: float = 1.0
) -> pygame_gui.UIManager:
    """A UI manager for a window of ``size``, themed to match the table, its letters
    ``text`` times their size (the Text size setting)."""
    import pygame_gui

    scale = theme.scale_for(size) if scale is None else scale
    if not pygame.font.get_init():
        pygame.font.init()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        manager = pygame_gui.UIManager(
            size,
            theme_path=scaled_theme(scale, theme.high_contrast, text),
            enable_live_theme_updates=False,
        )
        manager.preload_fonts(
            [
                {
                    "name": GAME_FONT,
                    "point_size": max(8, round(size_ * scale * text)),
                    "style": style,
                }
                for size_ in (14, 15, 16, 17, 18, 19, 20)
                for style in ("regular", "bold", "italic")
            ]
        )
    return manager


# pygame_gui's element methods are untyped; these typed wrappers keep mypy quiet.
def set_enabled(element: Any, enabled: bool) -> None:
    """Enable or disable an element."""
    if enabled:
        element.enable()
    else:
        element.disable()


def set_visible(element: Any, visible: bool) -> None:
    """Show or hide an element."""
    if visible:
        element.show()
    else:
        element.hide()


def set_selected(button: Any, selected: bool) -> None:
    """Draw a button as selected (gold) or not; a disabled button stays disabled
    (pygame_gui's ``unselect`` redraws it as live)."""
    enabled = button.is_enabled
    if selected:
        button.select()
    else:
        button.unselect()
    if not enabled:
        button.enable()
        button.disable()


def jump_slider(slider: Any, pos: tuple[int, int]) -> bool:
    """A press on a slider's track, beside its knob, moves the knob there (as the
    players of every other program expect); True when it moved."""
    button = slider.sliding_button
    if button is None or not slider.is_enabled or not slider.rect.collidepoint(pos):
        return False
    if button.rect.collidepoint(pos) or slider.scrollable_width <= 0:
        return False
    if any(arrow is not None and arrow.rect.collidepoint(pos)
           for arrow in (slider.left_button, slider.right_button)):  # fmt: skip
        return False
    track_left = button.rect.x - slider.scroll_position + button.rect.width / 2
    fraction = min(1.0, max(0.0, (pos[0] - track_left) / slider.scrollable_width))
    low, high = slider.value_range
    slider.set_current_value(low + fraction * (high - low), warn=False)
    return True


def element_at(manager: Any, pos: tuple[int, int]) -> Any:
    """The topmost visible element of ``manager`` at ``pos`` that is not a container
    (an open list's item over a slider, not the slider); None over the background."""
    from pygame_gui.core.interfaces import IContainerLikeInterface

    found = None
    for element in manager.get_sprite_group().sprites():  # bottom layer first
        if isinstance(element, IContainerLikeInterface) or not element.visible:
            continue
        if element.hover_point(*pos) and (found is None or element.layer >= found.layer):
            found = element
    return found


def slider_parts(slider: Any) -> tuple[Any, ...]:
    """The slider and the buttons it is made of."""
    return (slider, slider.sliding_button, slider.left_button, slider.right_button)


def kill(element: Any) -> None:
    """Remove an element from its manager."""
    element.kill()


def unfocus(element: Any) -> None:
    element.unfocus()


def object_id(style: str | None) -> ObjectID | None:
    """The theme class for a style name (``primary``, ``segment``...)."""
    from pygame_gui.core import ObjectID

    return ObjectID(class_id=f"@{style}") if style else None


def style_font(style: str | None) -> tuple[int, bool]:
    """The size (at 1280x720) and boldness of a button style's letters."""
    found = _base_theme().get(f"@{style}" if style else "button", {}).get("font", {})
    return int(found.get("size", 17)), found.get("bold", "0") == "1"


def tight_id(style: str | None) -> ObjectID:
    """The theme class of ``style`` in smaller letters, for words that do not fit."""
    from pygame_gui.core import ObjectID

    bold = style_font(style)[1] or style is None
    return ObjectID(
        class_id=f"@{style}" if style else None, object_id="#tight_bold" if bold else "#tight"
    )


@dataclass
class Choice(Generic[Value]):
    """A row of buttons of which one is selected (a segmented control)."""

    values: Sequence[Value]
    buttons: list[UIButton]
    on_change: Callable[[Value], None]
    value: Value | None = None
    enabled: bool = True
    hidden: bool = field(default=False)

    def set(self, value: Value | None) -> None:
        """Show ``value`` as chosen (without calling ``on_change``)."""
        self.value = value
        for option, button in zip(self.values, self.buttons, strict=True):
            set_selected(button, option == value)

    def set_enabled(self, enabled: bool) -> None:
        self.enabled = enabled
        for button in self.buttons:
            set_enabled(button, enabled)
        if enabled:
            self.set(self.value)

    def show(self, visible: bool) -> None:
        for button in self.buttons:
            set_visible(button, visible)


class GuiScene(Scene):
    """A scene whose controls are pygame_gui elements on a themed manager.

    A scene that draws its controls itself sets :attr:`uses_manager` to False: it keeps
    the layout helpers and never loads pygame_gui."""

    uses_manager = True
    """Whether :meth:`rebuild` makes a pygame_gui manager for :meth:`build`."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.manager: pygame_gui.UIManager | None = None
        self.size: tuple[int, int] = (0, 0)
        self.scale = 1.0
        self.text = 1.0
        """The Text size setting the scene was laid out with (its letters' factor)."""
        self.origin = (0, 0)
        self._language = ""

    # ------------------------------------------------------------ layout
    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.scale = theme.scale_for(size)
        self.origin = (
            (size[0] - round(theme.BASE_SIZE[0] * self.scale)) // 2,
            (size[1] - round(theme.BASE_SIZE[1] * self.scale)) // 2,
        )
        self.rebuild()

    def rebuild(self) -> None:
        """Throw away every element and lay the scene out again."""
        self.text = text_scale(self.app)
        manager = make_manager(self.size, self.scale, self.text) if self.uses_manager else None
        self.manager = manager
        self.sliders: list[Any] = []
        """The sliders :meth:`build` made (a click on a track moves the knob there)."""
        self._language = language()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            self.build()

    def build(self) -> None:
        """Create the elements for the current size (``self.size``, ``self.scale``)."""

    @property
    def laid_out(self) -> bool:
        """Whether the scene has been built (and not closed since)."""
        return self.manager is not None if self.uses_manager else self.size != (0, 0)

    def enter(self) -> None:
        if self.laid_out and self._language != language():
            self.rebuild()

    def _follow_text_size(self) -> None:
        """Lay the scene out again when the Text size setting changed since."""
        if self.laid_out and self.text != text_scale(self.app):
            self.rebuild()

    def px(self, value: float) -> int:
        """``value`` pixels at 1280x720, in this window."""
        return round(value * self.scale)

    def tx(self, value: float) -> int:
        """A letter size of ``value`` pixels at 1280x720, in this window at the chosen
        text size."""
        return round(value * self.scale * self.text)

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A rectangle on the 1280x720 design canvas, scaled and centred in the window."""
        left, top = round(x * self.scale), round(y * self.scale)
        return pygame.Rect(
            self.origin[0] + left,
            self.origin[1] + top,
            round((x + w) * self.scale) - left,
            round((y + h) * self.scale) - top,
        )

    # ----------------------------------------------------------- helpers
    def button(
        self,
        rect: pygame.Rect,
        label: str,
        action: Callable[[], None],
        *,
        style: str | None = None,
        container: IContainerLikeInterface | None = None,
        tooltip: str | None = None,
        sound: bool = True,
    ) -> UIButton:
        """A button that calls ``action`` when clicked."""
        import pygame_gui
        from pygame_gui.elements import UIButton

        widget = UIButton(
            rect,
            label,
            self.manager,
            container=container,
            object_id=object_id(style),
            tool_tip_text=tooltip,
        )
        face = widget.font
        if face is not None and face.get_rect(label).width > rect.width - self.px(8):
            kill(widget)  # too long in this language: the same button in smaller letters
            widget = UIButton(
                rect,
                label,
                self.manager,
                container=container,
                object_id=tight_id(style),
                tool_tip_text=tooltip,
            )

        def clicked() -> None:
            if sound:
                self.app.sounds.play("click")
            action()

        widget.bind(pygame_gui.UI_BUTTON_PRESSED, clicked)
        return widget

    def label(
        self,
        rect: pygame.Rect,
        text: str,
        *,
        style: str | None = None,
        container: IContainerLikeInterface | None = None,
    ) -> UILabel:
        from pygame_gui.elements import UILabel

        return UILabel(rect, text, self.manager, container=container, object_id=object_id(style))

    def choice(
        self,
        rect: pygame.Rect,
        options: Sequence[tuple[Value, str]],
        value: Value | None,
        on_change: Callable[[Value], None],
        *,
        container: IContainerLikeInterface | None = None,
        tooltips: Sequence[str | None] | None = None,
        gap: int | None = None,
        style: str = "segment",
        weights: Sequence[float] | None = None,
    ) -> Choice[Value]:
        """A segmented control across ``rect``: one button per option, each as wide as
        its words need and the room left shared out evenly (unless ``weights`` say)."""
        gap = self.px(6) if gap is None else gap
        count = len(options)
        total = rect.width - gap * (count - 1)
        labels = [text for _, text in options]
        shares = list(weights) if weights else self._shares(labels, total, style)
        rects = []
        x = rect.x
        for index in range(count):
            if index == count - 1:
                width = rect.right - x
            else:
                width = round(total * shares[index] / sum(shares))
            rects.append(pygame.Rect(x, rect.y, width, rect.height))
            x += width + gap
        return self.choice_at(
            rects, options, value, on_change, container=container, tooltips=tooltips, style=style
        )

    def _shares(self, labels: Sequence[str], total: int, style: str) -> list[float]:
        """Widths for buttons showing ``labels`` in ``total`` pixels: what each label
        needs, plus an even share of the rest."""
        size, bold = style_font(style)
        face = theme.font(self.tx(size), "bold" if bold else "regular")
        needs = [face.size(label)[0] + self.px(14) for label in labels]
        spare = total - sum(needs)
        if spare <= 0:
            return [float(need) for need in needs]
        even = total / len(labels)
        if all(need <= even for need in needs):
            return [1.0] * len(labels)
        return [need + spare / len(labels) for need in needs]

    def choice_at(
        self,
        rects: Sequence[pygame.Rect],
        options: Sequence[tuple[Value, str]],
        value: Value | None,
        on_change: Callable[[Value], None],
        *,
        container: IContainerLikeInterface | None = None,
        tooltips: Sequence[str | None] | None = None,
        style: str = "segment",
    ) -> Choice[Value]:
        """A set of buttons at ``rects`` of which one is selected."""
        buttons: list[UIButton] = []
        result: Choice[Value] = Choice([option for option, _ in options], buttons, on_change, value)

        def pick(option: Value) -> Callable[[], None]:
            def picked() -> None:
                changed = result.value != option
                result.set(option)
                if changed:
                    on_change(option)

            return picked

        for index, ((option, text), rect) in enumerate(zip(options, rects, strict=True)):
            tip = tooltips[index] if tooltips else None
            buttons.append(
                self.button(rect, text, pick(option), style=style, container=container, tooltip=tip)
            )
        result.set(value)
        return result

    # ------------------------------------------------------------ events
    def handle_event(self, event: pygame.event.Event) -> None:
        consumed = False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.manager:
            # Only the topmost element under the pointer takes a press: a slider under an
            # open list is not moved by a click on the list's item.
            top = element_at(self.manager, event.pos)
            for slider in getattr(self, "sliders", ()):
                if top in slider_parts(slider) and jump_slider(slider, event.pos):
                    break  # then the knob under the pointer is taken for a drag
        if self.manager is not None:
            consumed = self.manager.process_events(event)
        if not consumed:
            self.on_event(event)

    def on_event(self, event: pygame.event.Event) -> None:
        """An event no element used (keys, clicks on the background)."""

    def update(self, dt: float) -> None:
        self._follow_text_size()
        if self.manager is not None:
            self.manager.update(dt)
        self.poll()

    def poll(self) -> None:
        """Read back values of text fields and sliders (called every frame)."""

    # ----------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        self.draw_back(surface)
        if self.manager is not None:
            self.manager.draw_ui(surface)
        self.draw_front(surface)

    def draw_back(self, surface: pygame.Surface) -> None:
        """Everything under the elements (by default the felt)."""
        surface.blit(theme.felt(surface.get_size()), (0, 0))

    def draw_front(self, surface: pygame.Surface) -> None:
        """Everything over the elements."""

    def close(self) -> None:
        if self.manager is not None:
            manager: Any = self.manager
            manager.clear_and_reset()
            self.manager = None


def text_scale(app: Any) -> float:
    """The Text size setting of ``app`` (1.0 for a host without settings)."""
    settings = getattr(app, "settings", None)
    return float(getattr(settings, "text_scale", 1.0))


@theme.picture_cache(maxsize=4, screens=2.0)
def veil(size: tuple[int, int], alpha: int) -> pygame.Surface:
    """A translucent black sheet to dim the table under an overlay (kept per size)."""
    sheet = pygame.Surface(size, pygame.SRCALPHA)
    sheet.fill((0, 0, 0, alpha))
    return sheet


def draw_wrapped(
    surface: pygame.Surface,
    content: str,
    pos: tuple[int, int],
    width: int,
    size: int,
    colour: tuple[int, ...] = theme.TEXT,
    weight: str = "regular",
    leading: float = 1.32,
) -> int:
    """Draw ``content`` wrapped to ``width`` pixels from ``pos``; returns the height used."""
    step = round(size * leading)
    y = pos[1]
    for line in theme.wrap(content, size, width, weight):
        if line:
            surface.blit(theme.text(line, size, colour, weight), (pos[0], y))
        y += step
    return y - pos[1]


def wrapped_height(
    content: str, size: int, width: int, weight: str = "regular", leading: float = 1.32
) -> int:
    """The height :func:`draw_wrapped` would use."""
    return len(theme.wrap(content, size, width, weight)) * round(size * leading)


def clicked_at(scene: Scene, pos: tuple[int, int]) -> None:
    """Press and release the left mouse button at ``pos`` (tests and demos)."""
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        scene.handle_event(pygame.event.Event(kind, button=1, pos=pos))
