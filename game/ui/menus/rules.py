"""The rules in plain words, from the engine's own descriptions.

Opened from the title, the player picks a variant and a number of players;
opened from a game, it shows that game's rules. The page is typeset by us:
the variant's description, the hands as a row of little counters, every
section of :func:`game.i18n.describe.describe`, and the decisions taken where
the sources leave a point open. It scrolls with the mouse wheel, the arrow
keys, Page Up/Page Down and Home/End.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _, ngettext, tr
from game.i18n.describe import custom_name, describe
from game.rules.errors import RulesError
from game.rules.presets import PRESET_LIST, PRESETS, Preset, preset_for
from game.rules.ruleset import MAX_PLAYERS, MIN_PLAYERS, RuleSet, TrumpMethod
from game.ui.kit import theme
from game.ui.kit.gui import Choice, GuiScene, set_enabled
from game.ui.menus.summary import first_to, player_range

if TYPE_CHECKING:
    from game.ui.kit.scene import SceneHost

LINE_SCROLL = 48


class RulesScene(GuiScene):
    """The rules of one game, or of any preset for any number of players."""

    def __init__(self, app: SceneHost, rules: RuleSet | None = None) -> None:
        super().__init__(app)
        self.fixed = rules is not None
        self.preset: Preset | None = preset_for(rules) if rules is not None else None
        self.count = rules.players if rules is not None else 4
        if rules is None:
            self.preset = PRESETS["oh-hell"]
            saved = app.settings.last_setup
            if saved is not None and preset_for(saved.rules) is not None:
                self.preset = preset_for(saved.rules)
                self.count = saved.rules.players
            rules = self._preset_rules()
        self.rules: RuleSet = rules
        self.scroll = 0
        self.page: pygame.Surface | None = None
        self.view = pygame.Rect(0, 0, 0, 0)
        self.pointer = (-1, -1)
        """Where the mouse was last seen (for the note on a disabled player count)."""
        self.preset_choice: Choice[str] | None = None
        self.count_choice: Choice[int] | None = None
        """The variants and the player counts (none on a game's own rules, nor before build)."""

    # -------------------------------------------------------------- model
    def _preset_rules(self) -> RuleSet:
        assert self.preset is not None
        self.count = min(max(self.count, self.preset.min_players), self.preset.max_players)
        return self.preset.rules(self.count)

    @property
    def sections(self) -> list[tuple[str, str]]:
        """The plain-words sections shown, in order."""
        return describe(self.rules)

    @property
    def title(self) -> str:
        return tr(self.preset.name) if self.preset else custom_name()

    def choose_preset(self, preset_id: str) -> None:
        self.preset = PRESETS[preset_id]
        self.rules = self._preset_rules()
        self._refresh()

    def choose_count(self, count: int) -> None:
        if self.preset is None:
            return
        try:
            self.rules = self.preset.rules(count)
        except RulesError:
            return
        self.count = count
        self._refresh()

    def _refresh(self) -> None:
        self.scroll = 0
        self.page = None
        if self.preset is None or self.preset_choice is None or self.count_choice is None:
            return
        self.preset_choice.set(self.preset.id)
        self.count_choice.set(self.count)
        for value, button in zip(self.count_choice.values, self.count_choice.buttons, strict=True):
            set_enabled(button, value in self.preset.player_range)

    def count_refusal(self, count: int) -> str | None:
        """Why ``count`` players cannot be chosen for this preset (None if they can)."""
        if self.preset is None or count in self.preset.player_range:
            return None
        high = self.preset.max_players
        return ngettext(
            "{variant} is played by {low} to {high} player.",
            "{variant} is played by {low} to {high} players.",
            high,
        ).format(variant=tr(self.preset.name), low=self.preset.min_players, high=high)

    def hover_note(self) -> tuple[pygame.Rect, str] | None:
        """The disabled player count under the pointer and why it is disabled."""
        if self.count_choice is None:
            return None
        for value, button in zip(self.count_choice.values, self.count_choice.buttons, strict=True):
            if button.rect.collidepoint(self.pointer):
                refusal = self.count_refusal(value)
                return (button.rect, refusal) if refusal else None
        return None

    # -------------------------------------------------------------- layout
    def build(self) -> None:
        self.page = None
        if self.fixed:
            self.panel = self.rect(180, 88, 920, 556)
        else:
            self.panel = self.rect(360, 88, 880, 556)
            options = [(preset.id, tr(preset.name)) for preset in PRESET_LIST]
            rects = [self.rect(40, 116 + i * 37, 296, 32) for i in range(len(options))]
            assert self.preset is not None
            self.preset_choice = self.choice_at(
                rects, options, self.preset.id, self.choose_preset, style="listitem"
            )
            counts = range(MIN_PLAYERS, MAX_PLAYERS + 1)
            self.count_choice = self.choice(
                self.rect(40, 450, 296, 36),
                [(n, str(n)) for n in counts],
                self.count,
                self.choose_count,
                gap=self.px(4),
            )
            self._refresh()
        pad = self.px(36)
        self.view = self.panel.inflate(-2 * pad, -2 * self.px(22))
        self.back_button = self.button(
            self.rect(40, 654, 150, 46), _("Back"), self.app.pop, style="primary"
        )

    @property
    def max_scroll(self) -> int:
        page = self._page()
        return max(0, page.get_height() - self.view.height)

    def scroll_by(self, amount: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + amount))

    # -------------------------------------------------------------- events
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        super().handle_event(event)

    def on_event(self, event: pygame.event.Event) -> None:
        step = self.px(LINE_SCROLL)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * step)
        elif event.type == pygame.KEYDOWN:
            page = int(self.view.height * 0.9)
            moves = {
                pygame.K_DOWN: step,
                pygame.K_UP: -step,
                pygame.K_PAGEDOWN: page,
                pygame.K_PAGEUP: -page,
                pygame.K_SPACE: page,
                pygame.K_HOME: -(10**9),
                pygame.K_END: 10**9,
            }
            if event.key in moves:
                self.scroll_by(moves[event.key])
            elif event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.app.pop()

    # ------------------------------------------------------------- drawing
    def draw_back(self, surface: pygame.Surface) -> None:
        super().draw_back(surface)
        title = theme.text(_("Rules"), self.tx(34), theme.TEXT, "bold")
        surface.blit(
            title,
            self.rect(40, 24, 0, 0).topleft if not self.fixed else self.rect(180, 24, 0, 0).topleft,
        )
        if not self.fixed:
            for y, words in ((92, _("VARIANT")), (424, _("PLAYERS"))):
                label = theme.text(words, self.tx(13), theme.GOLD, "bold")
                surface.blit(label, self.rect(42, y, 0, 0).topleft)
            if self.preset is not None:
                note = player_range(self.preset.min_players, self.preset.max_players)
                label = theme.text(note, self.tx(14), theme.TEXT_DIM, "italic")
                surface.blit(label, self.rect(42, 494, 0, 0).topleft)
        theme.panel(surface, self.panel, theme.PANEL, self.px(16), (*theme.GOLD, 50))
        page = self._page()
        self.scroll = max(0, min(self.scroll, self.max_scroll))
        surface.blit(
            page, self.view.topleft, pygame.Rect(0, self.scroll, self.view.width, self.view.height)
        )
        self._draw_fades(surface)
        self._draw_scrollbar(surface)
        hint = _("Scroll with the mouse wheel, the arrow keys or Page Up and Page Down.")
        if self.max_scroll:
            text = theme.text(hint, self.tx(13), theme.TEXT_DIM, "italic")
            surface.blit(
                text, text.get_rect(midright=(self.panel.right, self.rect(0, 677, 0, 0).y))
            )

    def _draw_fades(self, surface: pygame.Surface) -> None:
        """Soft edges where the page runs on above or below the panel."""
        height = self.px(26)
        for top, show in ((True, self.scroll > 0), (False, self.scroll < self.max_scroll)):
            if not show:
                continue
            fade = pygame.Surface((self.view.width, height), pygame.SRCALPHA)
            for row in range(height):
                alpha = round(150 * (1 - row / height))
                y = row if top else height - 1 - row
                pygame.draw.line(fade, (10, 26, 22, alpha), (0, y), (self.view.width, y))
            surface.blit(fade, (self.view.x, self.view.y if top else self.view.bottom - height))

    def draw_front(self, surface: pygame.Surface) -> None:
        note = self.hover_note()
        if note is None:
            return
        button, words = note
        size = self.tx(14)
        text = theme.text(words, size, theme.TEXT)
        box = text.get_rect().inflate(self.px(20), self.px(12))
        box.midbottom = (button.centerx, button.y - self.px(6))
        box.clamp_ip(surface.get_rect())
        theme.panel(surface, box, (8, 20, 17, 240), self.px(8), (*theme.GOLD, 120))
        surface.blit(text, text.get_rect(center=box.center))

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        if not self.max_scroll:
            return
        track = pygame.Rect(
            self.panel.right - self.px(16), self.view.y, self.px(5), self.view.height
        )
        theme.panel(surface, track, (255, 255, 255, 24), track.width // 2, None)
        total = self.view.height + self.max_scroll
        length = max(self.px(30), round(track.height * self.view.height / total))
        top = track.y + round((track.height - length) * self.scroll / self.max_scroll)
        theme.panel(
            surface,
            pygame.Rect(track.x, top, track.width, length),
            (*theme.GOLD, 200),
            track.width // 2,
            None,
        )

    # ------------------------------------------------------------ the page
    def _page(self) -> pygame.Surface:
        if self.page is None or self.page.get_width() != self.view.width:
            self.page = self._render_page(self.view.width)
        return self.page

    def _render_page(self, width: int) -> pygame.Surface:
        """The whole page on one tall transparent surface."""
        blocks: list[tuple[int, pygame.Surface]] = []  # (gap above, image)
        px = self.px
        blocks.append((0, theme.text(self.title, self.tx(30), theme.HIGHLIGHT, "bold")))
        blocks.append((px(2), theme.text(self._subtitle(), self.tx(15), theme.TEXT_DIM, "italic")))
        if self.preset is not None:
            blocks.append(
                (px(14), _paragraph(tr(self.preset.description), self.tx(16), width, theme.TEXT))
            )
        blocks.append((px(18), self._hand_strip(width)))
        gutter = px(170)
        for heading, body in self.sections:
            blocks.append((px(22), self._section(heading, body, width, gutter)))
        if self.preset is not None and self.preset.decisions:
            blocks.append((px(28), self._decisions(self.preset.decisions, width, gutter)))
        height = sum(gap + image.get_height() for gap, image in blocks) + px(12)
        page = pygame.Surface((width, height), pygame.SRCALPHA)
        y = 0
        for gap, image in blocks:
            y += gap
            page.blit(image, (0, y))
            y += image.get_height()
        return page

    def _subtitle(self) -> str:
        rules = self.rules
        parts = [
            ngettext("{count} player", "{count} players", rules.players).format(count=rules.players)
        ]
        count = rules.hand_count()
        if count is not None:
            parts.append(ngettext("{count} hand", "{count} hands", count).format(count=count))
        if rules.target_score is not None:
            parts.append(first_to(rules.target_score))
        return "  \u00b7  ".join(parts)

    def _hand_strip(self, width: int) -> pygame.Surface:
        """The cards dealt in each hand, as a row of small counters."""
        rules = self.rules
        sizes = list(rules.hand_sizes)
        unbounded = rules.unbounded
        size = self.px(30)
        gap = self.px(5)
        label = theme.text(_("CARDS EACH, HAND BY HAND"), self.tx(12), theme.GOLD, "bold")
        if rules.trump is TrumpMethod.NEXT_CARD and not all(
            rules.turns_card(n) for n in range(1, len(sizes) + 1)
        ):
            legend = theme.text(
                _("outlined in blue: played at no trump"), self.px(12), theme.INFO, "italic"
            )
            both = pygame.Surface(
                (label.get_width() + legend.get_width() + self.px(16), label.get_height()),
                pygame.SRCALPHA,
            )
            both.blit(label, (0, 0))
            both.blit(legend, (label.get_width() + self.px(16), 0))
            label = both
        per_row = max(1, (width + gap) // (size + gap))
        shown = sizes * 6 + [0] if unbounded else sizes
        rows = (len(shown) + per_row - 1) // per_row
        top = label.get_height() + self.px(6)
        image = pygame.Surface((width, top + rows * (size + gap)), pygame.SRCALPHA)
        image.blit(label, (0, 0))
        largest = max(sizes)
        for index, cards in enumerate(shown):
            row, column = divmod(index, per_row)
            rect = pygame.Rect(column * (size + gap), top + row * (size + gap), size, size)
            if cards == 0:
                text = theme.text("\u2026", self.tx(15), theme.TEXT_DIM, "bold")
                image.blit(text, text.get_rect(center=rect.center))
                continue
            no_trump = rules.trump is TrumpMethod.NEXT_CARD and not rules.turns_card(index + 1)
            strength = 0.35 + 0.65 * cards / largest
            fill = (
                round(232 * strength + 20 * (1 - strength)),
                round(192 * strength + 50 * (1 - strength)),
                round(96 * strength + 44 * (1 - strength)),
            )
            pygame.draw.rect(image, fill, rect, border_radius=self.px(6))
            if no_trump:
                pygame.draw.rect(
                    image, theme.INFO, rect, max(1, self.px(2)), border_radius=self.px(6)
                )
            ink = theme.TEXT_DARK if strength > 0.6 else theme.TEXT
            text = theme.text(str(cards), self.tx(14), ink, "bold")
            image.blit(text, text.get_rect(center=rect.center))
        return image

    def _section(self, heading: str, body: str, width: int, gutter: int) -> pygame.Surface:
        title = theme.text(heading, self.tx(16), theme.GOLD, "bold")
        text = _paragraph(body, self.tx(16), width - gutter, theme.TEXT)
        height = max(title.get_height(), text.get_height()) + self.px(14)
        image = pygame.Surface((width, height), pygame.SRCALPHA)
        pygame.draw.line(image, (*theme.GOLD, 50), (0, 0), (width, 0))
        image.blit(title, (0, self.px(10)))
        image.blit(text, (gutter, self.px(10)))
        return image

    def _decisions(self, notes: tuple[str, ...], width: int, gutter: int) -> pygame.Surface:
        title = theme.text(_("Decisions"), self.tx(16), theme.GOLD, "bold")
        why = _paragraph(
            _("Where the old sources leave a point open, this is how the game plays it."),
            self.tx(13),
            gutter - self.px(16),
            theme.TEXT_DIM,
            "italic",
        )
        texts = [
            _paragraph(tr(note), self.tx(15), width - gutter - self.px(20), theme.TEXT, "italic")
            for note in notes
        ]
        gap = self.px(10)
        body = sum(t.get_height() for t in texts) + gap * (len(texts) - 1)
        height = max(title.get_height() + why.get_height() + self.px(6), body) + self.px(28)
        image = pygame.Surface((width, height), pygame.SRCALPHA)
        pygame.draw.line(image, (*theme.GOLD, 50), (0, 0), (width, 0))
        image.blit(title, (0, self.px(12)))
        image.blit(why, (0, self.px(16) + title.get_height()))
        y = self.px(12)
        for text in texts:
            bar = pygame.Rect(gutter, y, self.px(4), text.get_height())
            pygame.draw.rect(image, theme.GOLD, bar, border_radius=self.px(2))
            image.blit(text, (gutter + self.px(16), y))
            y += text.get_height() + gap
        return image


def _paragraph(
    content: str,
    size: int,
    width: int,
    colour: tuple[int, ...],
    weight: str = "regular",
    leading: float = 1.4,
) -> pygame.Surface:
    """``content`` wrapped to ``width`` on a transparent surface."""
    lines = theme.wrap(content, size, width, weight)
    step = round(size * leading)
    image = pygame.Surface((width, max(1, step * len(lines))), pygame.SRCALPHA)
    for index, line in enumerate(lines):
        if line:
            image.blit(theme.text(line, size, colour, weight), (0, index * step))
    return image
