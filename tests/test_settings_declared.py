"""Each setting declared once (issue 52, item 3): the field of ``Settings`` carries the
type with its bounds, the default, the label and the place on the Settings screen; the
schema, ``settings.json``, the labels and the screen's rows all follow from it."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator

import pytest

from game.i18n import set_language
from game.resources import default_settings_file
from game.settings import (
    DECLARED,
    FIELD_TYPES,
    Settings,
    bounds,
    convert_field,
    declared,
    form_rows,
    setting_label,
)
from game.ui.menus.settings import SPEED_RANGE, settings_sections


def declares_bounds(name: str) -> bool:
    try:
        bounds(name)
    except KeyError:
        return False
    return True


NUMERIC = [name for name in DECLARED if declares_bounds(name)]
"""The settings whose type declares bounds."""


@pytest.fixture
def czech() -> Iterator[None]:
    set_language("cs")
    yield
    set_language("en")


def test_the_shipped_file_is_the_declared_defaults_in_the_declared_order() -> None:
    shipped = json.loads(default_settings_file().read_text(encoding="utf-8"))
    assert shipped == Settings().to_json(), "settings.json must hold the declared defaults"
    assert list(shipped) == [item.name for item in dataclasses.fields(Settings)]


def test_the_schema_has_one_type_per_declared_setting_and_keeps_their_bounds() -> None:
    assert list(FIELD_TYPES) == list(DECLARED)
    assert {name: bounds(name) for name in NUMERIC} == {
        "animation_speed": (0.25, 4.0),
        "card_scale": (0.7, 1.5),
        "volume": (0.0, 1.0),
        "kept_games": (10, 5000),
        "computer_speed": (0.25, 8.0),
        "text_scale": (1.0, 1.3),
    }
    for name in NUMERIC:
        low, high = bounds(name)
        assert convert_field(name, low) == low and convert_field(name, high) == high
        for outside in (low - 1, high + 1):
            with pytest.raises(ValueError):
                convert_field(name, outside)
    with pytest.raises(ValueError):
        convert_field("card_back", "purple")  # a choice outside its Literal
    assert FIELD_TYPES["last_setup"] is declared("last_setup").stored_as


def test_every_default_and_every_option_offered_passes_the_schema() -> None:
    defaults = Settings()
    for name in DECLARED:
        assert convert_field(name, getattr(defaults, name)) == getattr(defaults, name)
    for rows in form_rows().values():
        for name, place in rows:
            for value, _words in place.choices:
                assert convert_field(name, value) == value, (name, value)
            if place.choices:  # the form shows the default as chosen
                assert getattr(defaults, name) in [value for value, _ in place.choices]
            assert not place.tips or len(place.tips) == len(place.choices), name


def test_the_form_shows_each_placed_setting_once_in_its_declared_order() -> None:
    main, side = settings_sections()
    rows = [row for section in (*main, *side) for row in section.rows]
    shown = [row.setting for row in rows]
    placed = [name for name in DECLARED if declared(name).place is not None]
    assert sorted(shown) == sorted(placed) and len(set(shown)) == len(shown)
    assert set(DECLARED) - set(shown) == {"window_size", "last_setup", "solo_setup"}
    for section in (*main, *side):
        places = [declared(row.setting).place for row in section.rows]
        orders = [place.order for place in places if place is not None]
        assert orders == sorted(orders)
    assert [section.heading for section in main] == ["You", "At the table", "Sound and screen"]
    by_name = {row.setting: row for row in rows}
    assert by_name["card_scale"].kind == "slider" and by_name["card_scale"].span == (0.7, 1.5)
    assert by_name["animation_speed"].span == SPEED_RANGE == (-2.0, 2.0)
    assert by_name["sound"].kind == "choice"  # a toggle: Off and On
    assert [words for _, words in by_name["sound"].options] == ["Off", "On"]
    assert all(row.label == setting_label(row.setting) for row in rows)


@pytest.mark.usefixtures("czech")
def test_labels_options_and_tips_come_translated_from_the_declarations() -> None:
    main, side = settings_sections()
    rows = {row.setting: row for section in (*main, *side) for row in section.rows}
    assert rows["sound"].label == setting_label("sound") != "Sound"
    assert [words for _, words in rows["sound"].options] != ["Off", "On"]
    assert rows["take_backs"].tips[0] != "In a game against easy and medium computers only."
    assert main[1].heading != "At the table"
    english = {name: declared(name).label for name in DECLARED}
    assert all(setting_label(name) != english[name] for name in DECLARED)
    assert setting_label("no_such_setting") != "settings this version does not know"
