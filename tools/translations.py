"""Translation catalogs with Babel.

    uv run python tools/translations.py extract   # assets/locale/ohhell.pot from the code
    uv run python tools/translations.py init es   # start a catalog (es, pt, nl, cs...)
    uv run python tools/translations.py update    # merge the template into every catalog
    uv run python tools/translations.py compile   # .po -> .mo beside it (committed)
    uv run python tools/translations.py check     # counts, and every problem; exit 1 if any

Every string a player reads goes through ``game.i18n`` (``_``, ``ngettext``,
``pgettext``, ``npgettext``, or ``N_`` / ``C_`` where it is defined) with literal arguments,
so extraction finds it. ``check`` is what ``tests/test_catalogs.py`` runs: the
template matches the code, each catalog has every string of the template translated
and no other, placeholders agree with the English, plural forms are the language's,
and each committed ``.mo`` is a fresh compile of its ``.po``.
"""

from __future__ import annotations

import gettext
import io
import re
import sys
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "assets" / "locale"
POT = LOCALE / "ohhell.pot"
DOMAIN = "ohhell"
PROJECT = "Oh Hell"
COMMENT_TAG = "TRANSLATORS:"
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\([a-z_]+\)[sd]|%[sd]")
"""``{name}``, ``{}``, ``%(name)s``, ``%d``, ``%s``: what the code fills in."""
MessageKey = str | tuple[str, str]


def extract() -> Catalog:
    """A template of every marked string under ``game/``."""
    catalog = Catalog(project=PROJECT, fuzzy=False)
    found = extract_from_dir(
        str(ROOT / "game"),
        method_map=[("**.py", "python")],
        keywords={**DEFAULT_KEYWORDS, "C_": ((1, "c"), 2)},
        comment_tags=(COMMENT_TAG,),
        strip_comment_tags=True,
    )
    for filename, lineno, message, comments, context in found:
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def po_files() -> dict[str, Path]:
    """Each language with a catalog source, by its code."""
    return {
        path.parent.parent.name: path for path in sorted(LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    }


def read(path: Path) -> Catalog:
    with path.open("rb") as stream:
        catalog: Catalog = read_po(stream)
    return catalog


def compiled(catalog: Catalog) -> bytes:
    """The ``.mo`` of ``catalog`` (fuzzy entries left out, as gettext does)."""
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def placeholders(text: str) -> Counter[str]:
    """The placeholders in ``text``, counted (``{{`` is a brace, not one)."""
    return Counter(PLACEHOLDER.findall(text.replace("{{", "").replace("}}", "")))


@dataclass
class Report:
    """One catalog checked: its counts and its problems, each a line."""

    language: str
    translated: int = 0
    total: int = 0
    problems: list[str] = field(default_factory=list)


def check_catalog(language: str, catalog: Catalog, template: Catalog) -> Report:
    """Everything wrong with ``catalog`` against ``template``."""
    report = Report(language, total=len(template))
    wanted_keys = {_key(message) for message in template if message.id}
    report.problems += _plural_problems(language, catalog)
    for message in catalog:
        if not message.id:
            continue
        key = _key(message)
        if key not in wanted_keys:
            report.problems.append(f"stale: {_show(message)}")
            continue
        problem = _message_problem(message, catalog.num_plurals)
        if problem:
            report.problems.append(f"{problem}: {_show(message)}")
        else:
            report.translated += 1
    report.problems += [
        f"stale (obsolete): {_show(message)}" for message in catalog.obsolete.values()
    ]
    present = {_key(message) for message in catalog if message.id}
    report.problems += [f"missing: {key!r}" for key in sorted(wanted_keys - present, key=str)]
    return report


def _key(message: Message) -> MessageKey:
    msgid = message.id if isinstance(message.id, str) else message.id[0]
    return (message.context, msgid) if message.context else msgid


def _show(message: Message) -> str:
    return repr(_key(message))[:90]


def _message_problem(message: Message, forms: int) -> str | None:
    """Why ``message`` is not a finished translation, or None."""
    if message.fuzzy:
        return "fuzzy"
    english = [message.id] if isinstance(message.id, str) else list(message.id)
    texts = [message.string] if isinstance(message.string, str) else list(message.string or ())
    if isinstance(message.id, str) != isinstance(message.string, str):
        return "plural and singular mixed"
    if not all(texts):
        return "untranslated"
    if len(english) > 1 and len(texts) != forms:
        return f"{len(texts)} plural forms, not {forms}"
    return _placeholder_problem(english, texts)


def _placeholder_problem(english: list[str], texts: list[str]) -> str | None:
    """Placeholders must agree: a plain message has the same ones; each plural form
    uses only the English ones, and together they use all of them."""
    if len(english) == 1:
        if placeholders(texts[0]) != placeholders(english[0]):
            return f"placeholders {sorted(placeholders(texts[0]))} in the translation"
        return None
    allowed = set(placeholders(english[0])) | set(placeholders(english[1]))
    used: set[str] = set()
    for text in texts:
        used |= set(placeholders(text))
    if not used <= allowed or used != allowed:
        return f"placeholders {sorted(used)} in the plural forms, not {sorted(allowed)}"
    return None


GETTEXT_PLURALS = {
    "es": ("(n != 1)",),
    "pt": ("(n != 1)", "(n > 1)"),
    "nl": ("(n != 1)",),
    "cs": ("(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2",),
}
"""The rules gettext's own tables give, accepted beside CLDR's (from Babel): Babel's
Spanish and Portuguese add a form for millions, which no count here reaches."""
COUNTS = range(1001)


def _plural_problems(language: str, catalog: Catalog) -> list[str]:
    """The catalog's Plural-Forms must group the counts as the language does (CLDR's
    rule from Babel, or gettext's where it differs): 1, 2-4 and 5+ in Czech."""
    declared = dict(catalog.mime_headers).get("Plural-Forms", "")
    try:
        theirs = _groups(catalog.plural_expr)
    except ValueError:
        return [f"Plural-Forms cannot be read: {declared}"]
    rules = (get_plural(language)[1], *GETTEXT_PLURALS.get(language.split("_")[0], ()))
    if theirs in (_groups(rule) for rule in rules):
        return []
    return [f"Plural-Forms does not group the counts as {language} does: {declared}"]


def _groups(expression: str) -> list[int]:
    """For each count, the first count that takes the same form (so rules that number
    their forms differently compare equal)."""
    form = gettext.c2py(expression)
    first: dict[int, int] = {}
    return [first.setdefault(form(n), n) for n in COUNTS]


def check(languages: Iterable[str] | None = None) -> tuple[list[Report], list[str]]:
    """Every catalog checked, and the problems outside them (a stale template, a
    ``.mo`` that is not a fresh compile of its ``.po``)."""
    template = read(POT)
    problems = _template_problems(template)
    reports = []
    sources = po_files()
    for language in languages if languages is not None else sources:
        path = sources.get(language)
        if path is None:
            problems.append(f"{language}: no catalog at {LOCALE / language / 'LC_MESSAGES'}")
            continue
        catalog = read(path)
        reports.append(check_catalog(language, catalog, template))
        mo = path.with_suffix(".mo")
        if not mo.is_file() or mo.read_bytes() != compiled(catalog):
            problems.append(f"{language}: {mo.name} is not a fresh compile of {path.name}")
    return reports, problems


def _template_problems(template: Catalog) -> list[str]:
    fresh = {_key(message) for message in extract() if message.id}
    kept = {_key(message) for message in template if message.id}
    lines = [f"template lacks {key!r}" for key in sorted(fresh - kept, key=str)]
    lines += [f"template keeps stale {key!r}" for key in sorted(kept - fresh, key=str)]
    return [f"{line[:100]} (run: tools/translations.py extract)" for line in lines]


def write_template() -> None:
    with POT.open("wb") as stream:
        write_po(stream, extract(), no_location=True, sort_output=True, width=76)


def compile_all() -> None:
    for language, path in po_files().items():
        path.with_suffix(".mo").write_bytes(compiled(read(path)))
        print(f"compiled {language}")


def update_all() -> None:
    template = read(POT)
    for language, path in po_files().items():
        catalog = read(path)
        # A changed string keeps its old translation as a fuzzy guess for the translator
        # (check counts it as untranslated until the fuzzy mark is removed).
        catalog.update(template)
        catalog.obsolete.clear()
        with path.open("wb") as stream:
            write_po(stream, catalog, no_location=True, sort_output=True, width=76)
        print(f"updated {language}")


def init(language: str) -> None:
    path = LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"
    if path.exists():
        raise SystemExit(f"{path} exists: use update")
    template = read(POT)
    catalog = Catalog(locale=language, project=PROJECT, fuzzy=False)
    catalog.update(template, no_fuzzy_matching=True)
    path.parent.mkdir(parents=True)
    with path.open("wb") as stream:
        write_po(stream, catalog, no_location=True, sort_output=True, width=76)
    print(f"created {path.relative_to(ROOT)}")


def print_check() -> int:
    reports, problems = check()
    for report in reports:
        print(f"{report.language}: {report.translated}/{report.total} translated")
        for line in report.problems[:40]:
            print(f"  {line}")
        if len(report.problems) > 40:
            print(f"  ... {len(report.problems) - 40} more")
    for line in problems:
        print(line)
    return 1 if problems or any(report.problems for report in reports) else 0


def main(argv: list[str]) -> int:
    command = argv[0] if argv else ""
    if command == "extract":
        write_template()
    elif command == "init" and len(argv) == 2:
        init(argv[1])
    elif command == "update":
        update_all()
    elif command == "compile":
        compile_all()
    elif command == "check":
        return print_check()
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
