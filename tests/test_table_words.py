"""The table speaks the chosen language in every word it shows on hover (issue 51): a
Czech table once showed the Take-back tooltip in English, its words fixed when the
table opened, before the language was switched in Settings."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.i18n import _, available_languages, set_language
from game.ui.app import App
from game.ui.table.scene import TableScene
from tests import layoutmatrix


@pytest.fixture
def english_after() -> Iterator[None]:
    yield
    set_language("en")


def shown_words(table: TableScene) -> list[str]:
    """Every label, tooltip and reason the table's buttons carry, and what hovering
    over each button now shows."""
    hud = table.hud
    buttons = [hud.undo, hud.say, hud.claim, hud.last_trick, hud.hide_guide, *hud.buttons]
    words = [text for b in buttons for text in (b.label, b.tooltip, b.reason) if text]
    for button in (*hud.buttons, *hud.corner, hud.last_trick):
        hud.point_out(table.frame(), table.hand, button.rect.center, (-1, -1))
        assert hud.tooltip is not None or not (button.tooltip or button.reason)
        words += [hud.tooltip[0]] if hud.tooltip else []
    return words


@pytest.mark.parametrize("code", available_languages()[1:])
def test_every_table_tooltip_is_in_the_language_chosen_while_the_table_is_open(
    app: App, code: str, english_after: None
) -> None:
    """A table opened in English, then the language switched (Pause, Settings): every
    button's words and every tooltip are in the new language (a word the catalog
    still translates is English left over)."""
    session = layoutmatrix.session_for("playing", 3)
    session.take_backs_allowed = True
    table = TableScene(app, session)
    app.push(table)
    for _frame in range(3):
        app.frame(1 / 30)
    assert table.hud.undo in table.hud.buttons  # Take back is on the bar, barred
    english = shown_words(table)
    assert "Take back your last card or bid (Ctrl+Z)" in english
    app.store.speak(code)
    for _frame in range(3):
        app.frame(1 / 30)
    left_over = [text for text in shown_words(table) if _(text) != text]
    assert left_over == []
