"""The options of ``ohhell`` without a subcommand (the game window and pictures).

Kept apart from :mod:`game.ui.main` so that ``ohhell --help``, ``--version`` and a
bad option are answered without loading pygame or any screen.
"""

from __future__ import annotations

import argparse

from game import __version__, cliargs
from game.i18n import _

SCENES = (
    "title", "newgame", "settings", "rules", "table", "scoresheet", "pause", "result",
    "gameover", "curtain",
)  # fmt: skip
"""The screens ``--scene`` pictures (those :mod:`game.ui.screenshot` can draw)."""


def play_parser(about: str = "") -> argparse.ArgumentParser:
    """The parser of ``ohhell`` without a subcommand; ``about`` opens its help."""
    parser = cliargs.Parser(
        prog="ohhell",
        usage="ohhell [options]\n       ohhell SUBCOMMAND [options]",
        description=about or _("Oh Hell: the game window, or a picture of a screen."),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"Oh Hell {__version__}")
    window = parser.add_argument_group(_("the game window"))
    window.add_argument(
        "--windowed",
        action="store_true",
        help=_("open in a window, not full screen (kept as the setting)"),
    )
    window.add_argument("--demo", action="store_true", help=_("computer players in every seat"))
    window.add_argument("--fast", action="store_true", help=_("the demo at full speed"))
    window.add_argument(
        "--exit-at-end", action="store_true", help=_("quit when the demo game is over")
    )
    window.add_argument(
        "--first-frame", action="store_true", help=_("quit once the first frame is shown (timing)")
    )
    shot = parser.add_argument_group(_("pictures (--screenshot saves one and exits)"))
    shot.add_argument(
        "--screenshot",
        metavar="FILE.png",
        type=cliargs.output_file(".png"),
        help=_("save a picture and exit (with --demo: at the end of the game)"),
    )
    shot.add_argument("--seed", metavar="N", type=cliargs.game_seed, help=_("the deal number"))
    shot.add_argument(
        "--after",
        metavar="N",
        type=cliargs.bounded_int(0, cliargs.MAX_AFTER),
        default=0,
        help=_("actions played before the picture (default 0)"),
    )
    shot.add_argument(
        "--scene",
        metavar="NAME",
        default="table",
        choices=SCENES,
        help=_("the screen pictured: {names} (default table)").format(names=", ".join(SCENES)),
    )
    shot.add_argument(
        "--variant",
        metavar="ID",
        default="oh-hell",
        help=_("the preset pictured (default oh-hell; ids: ohhell variants)"),
    )
    shot.add_argument(
        "--players",
        metavar="N",
        type=cliargs.player_count,
        default=4,
        help=_("seats in the picture or the demo, 3 to 8 (default 4)"),
    )
    shot.add_argument(
        "--size", metavar="WxH", type=cliargs.window_size, help=_("picture size, e.g. 1920x1080")
    )
    return parser


def parse_args(argv: list[str], about: str = "") -> argparse.Namespace:
    """The options of ``ohhell``; refuses (exit 2) any the table or the preset cannot take."""
    from game.i18n.reasons import error_words
    from game.rules.errors import RulesError
    from game.rules.presets import get_preset

    parser = play_parser(about)
    args = parser.parse_args(argv)
    if args.screenshot and not args.demo:
        try:
            get_preset(args.variant).rules(args.players)
        except RulesError as error:
            parser.error(error_words(error))
    return args
