"""The translation catalogs (issue 19, item 5): the template is what the code marks,
every catalog translates every string of it and no other, placeholders agree with the
English, plural forms are the language's, each committed ``.mo`` is a fresh compile of
its ``.po``; and the checker itself catches each of these faults."""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

import game.i18n
from game.i18n import _, available_languages, ngettext, npgettext, pgettext, set_language
from tests.tool_module import load_tool

tool = load_tool("translations.py")
LANGUAGES = sorted(tool.po_files())


def test_the_template_holds_exactly_what_the_code_marks() -> None:
    template = tool.read(tool.POT)
    assert tool._template_problems(template) == []
    assert len(template) > 400


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_catalog_is_complete_current_and_compiled(language: str) -> None:
    reports, problems = tool.check([language])
    assert problems == []
    assert reports[0].problems == []
    assert reports[0].translated == reports[0].total


def test_every_compiled_catalog_has_its_source() -> None:
    compiled = {path.parent.parent.name for path in tool.LOCALE.glob("*/LC_MESSAGES/*.mo")}
    assert compiled == set(LANGUAGES)
    assert available_languages() == ["en", *LANGUAGES]


# ------------------------------------------------------------- the checker
def template() -> Catalog:
    catalog = Catalog(fuzzy=False)
    catalog.add("Deal")
    catalog.add("{name} wins")
    catalog.add(("{count} trick", "{count} tricks"))
    catalog.add("the queen of hearts", context="card")
    return catalog


def czech(
    wins: str = "{name} vyhrává",
    forms: tuple[str, ...] = ("{count} štych", "{count} štychy", "{count} štychů"),
) -> Catalog:
    """A small Czech catalog, right unless ``wins`` or ``forms`` break it."""
    catalog = Catalog(locale="cs", fuzzy=False)
    catalog.add("Deal", "Rozdat")
    catalog.add("{name} wins", wins)
    catalog.add(("{count} trick", "{count} tricks"), forms)
    catalog.add("the queen of hearts", "srdcová dáma", context="card")
    return catalog


def problems_of(catalog: Catalog) -> list[str]:
    report = tool.check_catalog("cs", catalog, template())
    problems: list[str] = report.problems
    return problems


def test_a_right_catalog_passes() -> None:
    report = tool.check_catalog("cs", czech(), template())
    assert (report.problems, report.translated, report.total) == ([], 4, 4)


def test_the_checker_finds_a_missing_string() -> None:
    catalog = czech()
    catalog.delete("the queen of hearts", context="card")
    assert problems_of(catalog) == ["missing: ('card', 'the queen of hearts')"]


def test_the_checker_finds_an_untranslated_or_fuzzy_string() -> None:
    assert problems_of(czech(wins="")) == ["untranslated: '{name} wins'"]
    catalog = czech()
    catalog["Deal"].flags.add("fuzzy")
    assert problems_of(catalog) == ["fuzzy: 'Deal'"]


def test_the_checker_finds_a_stale_string() -> None:
    catalog = czech()
    catalog.add("Redeal", "Znovu rozdat")
    assert problems_of(catalog) == ["stale: 'Redeal'"]
    catalog = czech()
    catalog.obsolete["Old"] = catalog["Deal"]
    assert problems_of(catalog) == ["stale (obsolete): 'Deal'"]


def test_the_checker_finds_placeholders_that_differ() -> None:
    assert problems_of(czech(wins="{jmeno} vyhrává"))[0].startswith("placeholders ['{jmeno}']")
    assert problems_of(czech(wins="vyhrává"))[0].startswith("placeholders []")
    twice = problems_of(czech(wins="{name} {name}"))
    assert twice[0].startswith("placeholders ['{name}']")


def test_plural_forms_may_drop_the_count_in_one_form_but_not_everywhere() -> None:
    assert problems_of(czech(forms=("jeden štych", "{count} štychy", "{count} štychů"))) == []
    wrong = problems_of(czech(forms=("štych", "štychy", "štychů")))
    assert wrong[0].startswith("placeholders [] in the plural forms")


def test_the_checker_counts_plural_forms_against_the_language() -> None:
    wrong = problems_of(czech(forms=("{count} štych", "{count} štychů")))
    assert wrong == ["2 plural forms, not 3: '{count} trick'"]
    catalog = czech()
    catalog.mime_headers = [("Plural-Forms", "nplurals=2; plural=(n != 1);")]
    assert problems_of(catalog)[0].startswith("Plural-Forms does not group the counts as cs")
    catalog.mime_headers = [("Plural-Forms", "nplurals=3; plural=(n==1 ? 0 : n<5 ? 1 : 2);")]
    assert problems_of(catalog)[0].startswith("Plural-Forms does not group the counts as cs")
    catalog.mime_headers = [
        ("Plural-Forms", "nplurals=3; plural=(n>=2 && n<=4 ? 2 : n==1 ? 1 : 0);")
    ]
    assert problems_of(catalog) == []  # the same groups, numbered otherwise


@pytest.mark.parametrize(
    ("language", "rule", "right"),
    [
        ("es", "nplurals=2; plural=(n != 1);", True),
        ("es", "nplurals=3; plural=(n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2);", True),
        ("pt", "nplurals=2; plural=(n > 1);", True),
        ("pt", "nplurals=2; plural=(n != 1);", True),
        ("nl", "nplurals=2; plural=(n != 1);", True),
        ("nl", "nplurals=1; plural=0;", False),
        ("cs", "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;", True),
    ],
)
def test_plural_rules_of_each_language(language: str, rule: str, right: bool) -> None:
    catalog = Catalog(locale=language, fuzzy=False)
    catalog.mime_headers = [("Plural-Forms", rule)]
    assert (tool._plural_problems(language, catalog) == []) is right


def test_placeholders_are_read_in_every_style() -> None:
    found = tool.placeholders("{name} has %(count)d cards, %s and %d, {{literal}}, {0.x}")
    assert sorted(found) == ["%(count)d", "%d", "%s", "{0.x}", "{name}"]


# ------------------------------------------------------------- loading
@pytest.fixture
def czech_installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A compiled Czech catalog as the only bundled language."""
    folder = tmp_path / "cs" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    catalog = czech()
    catalog.add("Continue", "Pokračovat")
    (folder / "ohhell.mo").write_bytes(tool.compiled(catalog))
    monkeypatch.setattr(game.i18n, "locale_dir", lambda: tmp_path)
    gettext._translations.clear()  # type: ignore[attr-defined]  # gettext's own cache
    yield tmp_path
    set_language("en")


def test_a_compiled_catalog_translates_with_the_languages_three_plural_forms(
    czech_installed: Path,
) -> None:
    assert available_languages() == ["en", "cs"]
    assert set_language("cs") is True
    assert game.i18n.language() == "cs"
    assert _("Continue") == "Pokračovat"
    forms = [ngettext("{count} trick", "{count} tricks", n).format(count=n) for n in (1, 3, 5)]
    assert forms == ["1 štych", "3 štychy", "5 štychů"]
    assert pgettext("card", "the queen of hearts") == "srdcová dáma"
    assert npgettext("x", "{count} trick", "{count} tricks", 2) == "{count} tricks"
    assert set_language("en") is True
    assert _("Continue") == "Continue"


def test_the_system_language_is_used_when_it_has_a_catalog(czech_installed: Path) -> None:
    system = game.i18n.system_language
    assert system({"LANG": "cs_CZ.UTF-8"}) == "cs"
    assert system({"LANGUAGE": "de:cs", "LANG": "de_DE.UTF-8"}) == "cs"
    assert system({"LC_ALL": "fr_FR.UTF-8", "LANG": "cs_CZ.UTF-8"}) == "cs"
    assert system({"LANG": "de_DE.UTF-8"}) == "en"
    assert system({}) == "en"


# ------------------------------------------------------------- choosing
def test_the_first_start_takes_the_system_language_and_keeps_it(
    czech_installed: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.settings import SettingsStore
    from game.ui.main import choose_language

    monkeypatch.setenv("LANGUAGE", "cs")
    store = SettingsStore(path=tmp_path / "settings.json")
    assert store.settings.language == ""
    assert choose_language(store, None) == "cs"
    assert SettingsStore(path=tmp_path / "settings.json").settings.language == "cs"
    monkeypatch.setenv("LANGUAGE", "de")
    assert choose_language(store, None) == "cs"  # chosen once, kept
    assert choose_language(store, "en") == "en"  # --lang wins, and is kept
    assert _("Continue") == "Continue"
    assert store.settings.language == "en"


def test_lang_works_for_every_subcommand_and_refuses_an_unknown_language(
    czech_installed: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from game.cli import run

    assert run(["variants", "--lang", "cs"]) == 0
    assert game.i18n.language() == "cs"
    assert run(["rules", "oh-hell", "--lang=en"]) == 0
    assert game.i18n.language() == "en"
    capsys.readouterr()
    assert run(["rules", "oh-hell", "--lang", "xx/../de"]) == 2
    err = capsys.readouterr().err
    assert err == "ohhell: there is no language 'xx/../de'; choose from en, cs\n"
