"""One name rule everywhere, and text that never crashes a screen (issue 35, item 2).

A name whose first character was zero-width (``"\\u200bEve"``) used to crash every
window that drew it, from a save, the settings or a friend's hello. Now every name
goes through :func:`game.rules.names.clean_name` where it comes in, a
:class:`Player` holds nothing else, and the text functions draw any string at all.
"""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path
from unittest import mock

import hypothesis.strategies as st
import pygame
import pytest
from hypothesis import HealthCheck, example, given, settings

from game.net.table import HostedTable
from game.play.setup import NewGameSetup, seat_players
from game.rules.errors import RecordError
from game.rules.match import Match
from game.rules.names import MAX_NAME, clean_name, is_clean_name
from game.rules.presets import PRESETS
from game.rules.record import Player, dumps, to_record
from game.saves import read_record
from game.settings import SettingsStore
from game.ui.app import App
from game.ui.kit import theme
from game.ui.table.sprites import fit_text
from game.ui.table.text import initial

HOSTILE = [
    "\u200bEve",
    "\u2060Bo",
    "\ufeffZo\u00eb",
    "\u202eolleH",
    "\U000e0041\U000e0042Tag",
    "\U0001f468\u200d\U0001f469\u200d\U0001f467",
    "\u01c5emal",
    "\u00df",
    "\U0001d54f",
    "x\u0301",
    "\u05d0\u05d1",
    "\u0645\u0631\u062d\u0628\u0627",
    "\u5f20\u4f1f",
    "W" * MAX_NAME,
]
"""Names that crashed a table, and others from every corner of Unicode."""
UNSEEN = ["\u200b", "\u2060\ufeff", "\u202e\u202c", "\U000e0041", "   ", "\u0301", "\x00\x07"]
"""Text with nothing one can see."""
DROPPED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


@given(st.one_of(st.text(max_size=80), st.text(st.sampled_from("A\u200b\u0301 \t\u202eb"))))
@example("A\u200b\u0301")  # the mark meets its letter once the space between is gone
def test_a_clean_name_keeps_only_what_can_be_seen(text: str) -> None:
    name = clean_name(text)
    assert len(name) <= MAX_NAME and name == name.strip() and "  " not in name
    assert not any(unicodedata.category(char) in DROPPED for char in name)
    assert clean_name(name) == name
    if name:
        assert is_clean_name(name)
        assert Player(name).name == name


def test_names_with_nothing_visible_are_no_names() -> None:
    assert [clean_name(text) for text in UNSEEN] == [""] * len(UNSEEN)
    assert clean_name("\u200bEve") == "Eve" and clean_name(" Ann\u00a0\u00a0Lee ") == "Ann Lee"


@pytest.mark.parametrize("name", ["\u200bEve", "", " Ann", "Ann\n", "\u202e"])
def test_a_player_refuses_a_name_the_rule_would_change(name: str) -> None:
    with pytest.raises(ValueError):
        Player(name)


# ------------------------------------------------------------- where names come in
def test_the_settings_clean_the_players_name(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"player_name": "\u200bEve"}))
    assert SettingsStore(path=path).settings.player_name == "Eve"
    path.write_text(json.dumps({"player_name": "\u2060\u200b"}))
    assert SettingsStore(path=path).settings.player_name == "You"


def test_a_saved_game_with_a_zero_width_name_loads_clean() -> None:
    match = Match(PRESETS["blob"].rules(3), seed=4)
    match.advance_until_decision()
    text = dumps(to_record(match, [Player("Eve"), Player("Bo", "easy"), Player("Cy")]))
    loaded, players = read_record(text.replace('"Eve"', '"\\u200bEve"'))
    assert players[0].name == "Eve" and loaded.seed == 4
    with pytest.raises(RecordError, match="players"):
        read_record(text.replace('"Eve"', '"\\u200b\\u2060"'))


def test_the_new_game_form_cleans_names() -> None:
    setup = NewGameSetup("\u200bEve")
    setup.set_name(1, "\u202e")
    players = seat_players(setup.seats[: setup.count])
    assert players[0].name == "Eve" and players[1].name.strip() and is_clean_name(players[1].name)


def test_a_friends_hello_name_is_cleaned_by_the_host() -> None:
    rules = PRESETS["oh-hell"].rules(3)
    seats = [Player("Host"), Player("Friend 1"), Player("Cy", "easy")]
    table = HostedTable.new(rules, 7, seats)
    for index, state in enumerate(table.seats):
        state.open = index == 1
    seat = table.join("\u200bEve", None, 0.0)
    assert seat == 1 and table.seats[1].player.name == "Eve"
    table.seats[1].open, table.seats[1].token = True, None
    assert table.join("\u200b\u2060", None, 0.0) == 1
    assert is_clean_name(table.seats[1].player.name)


# ------------------------------------------------------------- drawing any text
ANY_TEXT = st.one_of(
    st.text(st.characters(exclude_categories=()), max_size=60),  # surrogates too
    st.text(st.sampled_from("\u200b\u2060\ufeff\u202e\U000e0041\x00\u0301 a"), max_size=8),
)
"""Any string, and many made of what cannot be seen."""


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(ANY_TEXT)
@example("\u200b")
@example("\ud800")
@example("a\x00b")
def test_every_text_function_draws_any_string(text: str) -> None:
    pygame.font.init()
    for weight in ("regular", "bold"):
        assert theme.text(text, 16, weight=weight).get_height() > 0
        theme.fitted(text, 16, 80, weight=weight)
        theme.wrap(text, 14, 120, weight)
        fit_text(text, 14, 60, weight)
    assert len(initial(text)) == 1


def test_a_seats_initial_is_its_first_visible_letter() -> None:
    assert [initial(name) for name in ("\u200beve", "\u202e\u2060bo", "\u200b", "\u00df")] == [
        "E",
        "B",
        "?",
        "\u00df",
    ]


@pytest.mark.slow
@pytest.mark.parametrize("name", ["table", "scoresheet", "pause", "result", "gameover", "curtain"])
def test_hostile_names_on_the_table_screens(name: str, app: App) -> None:
    from tests import test_text_fits as screens

    chosen = [clean_name(text) for text in HOSTILE]
    for start in range(0, len(chosen), 4):
        group = (chosen[start:] + chosen)[:4]
        with mock.patch.object(screens, "picture_names", lambda group=group: group):
            for scene in screens.scene_stack(app, name):
                app.push(scene)
            for _frame in range(12):
                app.frame(1 / 30)
            app.close_scenes()


@pytest.mark.slow
@pytest.mark.parametrize("name", ["games", "replay", "statistics", "newgame-players", "title"])
def test_hostile_names_on_the_library_screens(name: str, app: App) -> None:
    from tests import kept
    from tests import test_text_fits as screens

    chosen = [clean_name(text) for text in HOSTILE[:3]]
    players = [Player(chosen[0]), Player(chosen[1], "random"), Player(chosen[2], "random")]
    app.store.update(player_name=clean_name(HOSTILE[3]))
    with mock.patch.object(kept, "PLAYERS", players):
        for scene in screens.scene_stack(app, name) if name != "title" else []:
            app.push(scene)
        for _frame in range(12):
            app.frame(1 / 30)
