"""Translation catalogs with Babel.

    uv run python tools/translations.py extract        # game/locale/ohhell.pot from the code
    uv run python tools/translations.py init de        # start a German catalog
    uv run python tools/translations.py update         # merge new strings into every catalog
    uv run python tools/translations.py compile        # .po -> .mo, which the game loads

Every string a player reads goes through ``game.i18n._`` (or ``ngettext``) with a
literal argument, so extraction finds it.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.frontend import CommandLineInterface

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "game" / "locale"
POT = LOCALE / "ohhell.pot"


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    command, rest = argv[0], argv[1:]
    babel = CommandLineInterface()
    if command == "extract":
        args = [
            "extract",
            "-k",
            "_",
            "-k",
            "ngettext:1,2",
            "--no-location",
            "--sort-output",
            "--project",
            "Oh Hell",
            "-o",
            str(POT),
            str(ROOT / "game"),
        ]
    elif command == "init":
        args = ["init", "-D", "ohhell", "-i", str(POT), "-d", str(LOCALE), "-l", rest[0]]
    elif command == "update":
        args = ["update", "-D", "ohhell", "-i", str(POT), "-d", str(LOCALE)]
    elif command == "compile":
        args = ["compile", "-D", "ohhell", "-d", str(LOCALE), "--use-fuzzy"]
    else:
        print(__doc__)
        return 2
    babel.run(["pybabel", *args])  # type: ignore[no-untyped-call]  # Babel is not annotated
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
