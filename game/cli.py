"""The command line: ``ohhell`` plays; subcommands run the engine headless.

``ohhell --help`` lists the subcommands (:data:`SUBCOMMANDS`) and the options of
the game window; ``ohhell SUBCOMMAND --help`` gives a subcommand's options.
"""

from __future__ import annotations

import importlib
import importlib.util
import signal
import sys
import textwrap
from collections.abc import Callable
from typing import Any

from game import cliargs
from game.exits import INTERRUPTED
from game.i18n import N_, _, available_languages, ngettext, set_language, system_language, tr
from game.i18n.describe import describe
from game.i18n.reasons import error_words
from game.rules.errors import RulesError
from game.rules.presets import PRESET_LIST, get_preset

SUBCOMMANDS = {
    "variants": N_("the presets: ids, players and hands"),
    "rules": N_("a preset's rules in plain words (ohhell rules ID)"),
    "simulate": N_("computer-only games, with records"),
    "tournament": N_("computer levels against each other"),
    "bench": N_(
        "speed figures: engine, ai, coach, analysis, render, memory, startup, history or net"
    ),
    "serve": N_("host a table for players on other computers, without a window"),
}
"""Each subcommand with what it does, as ``ohhell --help`` lists them."""


def about() -> str:
    """The opening of ``ohhell --help``: what it does and the subcommands."""
    lines = [
        _(
            "Oh Hell and its family of trick-taking games. Without a subcommand, ohhell\n"
            "opens the game window (one per user: a second launch shows the first)."
        ),
        "",
        _("subcommands (ohhell SUBCOMMAND --help for their options):"),
    ]
    lines += [f"  {name:<12}{tr(summary)}" for name, summary in SUBCOMMANDS.items()]
    return "\n".join(lines)


def take_language(argv: list[str]) -> tuple[list[str], str | None]:
    """``argv`` without its ``--lang CODE`` (or ``--lang=CODE``), and the code.

    >>> take_language(["rules", "oh-hell", "--lang", "cs"])
    (['rules', 'oh-hell'], 'cs')
    >>> take_language(["--lang=es", "--demo"])
    (['--demo'], 'es')
    """
    rest: list[str] = []
    code: str | None = None
    words = iter(argv)
    for word in words:
        if word == "--":
            rest += [word, *words]
        elif word == "--lang":
            code = next(words, "")
        elif word.startswith("--lang="):
            code = word.removeprefix("--lang=")
        else:
            rest.append(word)
    return rest, code


def run(argv: list[str]) -> int:
    """Run the command line; returns the exit status."""
    argv, code = take_language(argv)
    if code is not None and code not in available_languages():
        print(
            _("ohhell: there is no language {code}; choose from {codes}").format(
                code=cliargs.quoted(code, 20), codes=", ".join(available_languages())
            ),
            file=sys.stderr,
        )
        return 2
    set_language(code or system_language())
    command = argv[0] if argv and argv[0] in SUBCOMMANDS else None
    try:
        return _COMMANDS[command](argv[1:]) if command else _play(argv, code)
    except RulesError as error:  # options the rules refuse, e.g. a variant's player range
        print(f"ohhell{' ' + command if command else ''}: {error_words(error)}", file=sys.stderr)
        return 2


def _play(argv: list[str], code: str | None) -> int:
    # --help, --version and bad options are answered before pygame and the screens load
    from game.ui.options import parse_args

    args = parse_args(argv, about())
    args.lang = code
    from game.ui.main import play_in_window

    before = interrupt_promptly()  # Ctrl+C ends the game, whatever closing waits on
    try:
        status: int = play_in_window(args)
    finally:
        if before is not None:  # as it was (a caller in this process: tests)
            signal.signal(signal.SIGINT, before)
    return status


Handler = Callable[[int, Any], Any] | int | signal.Handlers | None
"""A signal's handler, as ``signal.signal`` returns it."""
INTERRUPT_GRACE = 3.0
"""Seconds the game has, after Ctrl+C, to close as usual before it just ends."""


def interrupt_promptly(grace: float = INTERRUPT_GRACE) -> Handler:
    """From now on Ctrl+C raises KeyboardInterrupt as usual and, should closing take
    longer than ``grace`` seconds (a sound device, a thread that will not stop), ends
    the process with exit 130 anyway; a second Ctrl+C ends it at once. Its children
    follow it (:mod:`game.play.lifeline`). Returns the handler it replaced; from the
    main thread only (elsewhere it changes nothing and returns None)."""
    import os
    import threading

    def interrupted(_signum: int, frame: object) -> None:
        deadline = threading.Timer(grace, os._exit, (INTERRUPTED,))
        deadline.daemon = True
        deadline.start()
        signal.signal(signal.SIGINT, lambda _signum, _frame: os._exit(INTERRUPTED))
        raise KeyboardInterrupt

    if threading.current_thread() is not threading.main_thread():
        return None
    return signal.signal(signal.SIGINT, interrupted)


def _variants(argv: list[str]) -> int:
    cliargs.Parser(prog="ohhell variants", description=_("List the presets.")).parse_args(argv)
    headings = (_("id"), _("name"), _("players"), _("hands"))
    rows = []
    for preset in PRESET_LIST:
        counts = []
        for players in preset.player_range:
            rules = preset.rules(players)
            count = rules.hand_count()
            target = _("to {points}").format(points=rules.target_score)
            counts.append(str(count) if count else target)
        hands = counts[0] if len(set(counts)) == 1 else "/".join(counts)
        seats = f"{preset.min_players}-{preset.max_players}"
        rows.append((preset.id, tr(preset.name), seats, hands))
    widths = [max(len(row[column]) for row in [headings, *rows]) + 2 for column in range(3)]
    for row in [headings, *rows]:
        print(
            "".join(cell.ljust(width) for cell, width in zip(row[:3], widths, strict=True)) + row[3]
        )
    return 0


def _rules(argv: list[str]) -> int:
    parser = cliargs.Parser(prog="ohhell rules", description=_("A preset's rules."))
    parser.add_argument("id", help=_("a preset id (see ohhell variants)"))
    parser.add_argument(
        "--players", type=cliargs.player_count, help=_("the number of players (default: 4)")
    )
    args = parser.parse_args(argv)
    preset = get_preset(args.id)
    players = args.players if args.players is not None else max(preset.min_players, 4)
    rules = preset.rules(players)
    wrap = textwrap.TextWrapper(width=78, initial_indent="  ", subsequent_indent="  ")
    print(
        ngettext(
            "{name} ({id}), {low}-{high} player",
            "{name} ({id}), {low}-{high} players",
            preset.max_players,
        ).format(
            name=tr(preset.name), id=preset.id, low=preset.min_players, high=preset.max_players
        )
    )
    print()
    print(wrap.fill(tr(preset.description)))
    print()
    print(
        ngettext("The rules for {count} player:", "The rules for {count} players:", players).format(
            count=players
        )
    )
    for heading, text in describe(rules):
        print(f"{heading}")
        print(wrap.fill(text))
    if preset.decisions:
        print()
        print(_("Decisions where the sources leave a point open:"))
        for decision in preset.decisions:
            print(wrap.fill("- " + tr(decision)))
    return 0


def _delegate(module_name: str, argv: list[str]) -> int:
    """Run the ``main(argv)`` of the module that owns a command."""
    module = importlib.import_module(module_name)
    status: int = module.main(argv)
    return status


def _serve(argv: list[str]) -> int:
    from game.net import serve
    from game.net.protocol import DEFAULT_PORT
    from game.rules.record import LEVELS

    description = _(
        "Host a table for players on other computers, without a window, until the game is "
        "over. It prints the table's join code and address and announces the table on the "
        "local network. With --save FILE every action is saved, and the seats' keys beside "
        "it (FILE.seats): started again with the same file, it resumes the table where it "
        "was and the players take their seats back."
    )
    parser = cliargs.Parser(prog="ohhell serve", description=description)
    parser.add_argument("--variant", default="oh-hell", help=_("a preset id (see ohhell variants)"))
    parser.add_argument(
        "--players", type=cliargs.player_count, default=4, help=_("seats at the table")
    )
    parser.add_argument(
        "--humans", type=cliargs.bounded_int(1, 8), default=2, help=_("seats for people")
    )
    parser.add_argument("--level", choices=LEVELS, default="medium", help=_("the computers' level"))
    parser.add_argument(
        "--host",
        type=cliargs.listen_address,
        default="",
        help=_("the address to listen on (default: every interface)"),
    )
    parser.add_argument(
        "--port", type=cliargs.bounded_int(0, 65535), default=DEFAULT_PORT, help=_("the port")
    )
    parser.add_argument(
        "--save", type=cliargs.writable_path, help=_("save every action here; resume from it")
    )
    parser.add_argument(
        "--drop-timeout",
        type=cliargs.bounded_float(0, 3600),
        default=60.0,
        help=_("seconds a dropped player keeps the seat before a computer plays it"),
    )
    parser.add_argument(
        "--stop-after",
        type=cliargs.bounded_float(0, 10**6),
        help=_("stop after these seconds"),
    )
    parser.add_argument(
        "--no-announce",
        action="store_true",
        help=_("do not announce the table on the local network"),
    )
    args = parser.parse_args(argv)
    if args.humans > args.players:
        parser.error("--humans must not be more than --players")
    get_preset(args.variant).rules(args.players)  # a RulesError is worded by run()
    return serve.main(args)


def _bench(argv: list[str]) -> int:
    targets = {
        "engine": "game.bench.engine",
        "ai": "game.bench.ai",
        "coach": "game.bench.coach",
        "analysis": "game.bench.analysis",
        "render": "game.bench.render",
        "memory": "game.bench.memory",
        "startup": "game.bench.startup",
        "history": "game.bench.history",
        "net": "game.bench.net",
    }
    if argv[:1] in (["-h"], ["--help"]):
        print(tr("usage: ") + f"ohhell bench {{{','.join(targets)}}} [options]")
        return 0
    if not argv or argv[0] not in targets:
        given = (
            _("no benchmark {name}").format(name=cliargs.quoted(argv[0]))
            if argv
            else _("name a benchmark")
        )
        choose = _("choose from {names}").format(names=", ".join(targets))
        print(f"ohhell bench: {given}; {choose}", file=sys.stderr)
        return 2
    if importlib.util.find_spec(targets[argv[0]]) is None:
        print(
            _("ohhell bench: {name} is not part of this copy of the game").format(name=argv[0]),
            file=sys.stderr,
        )
        return 2
    return _delegate(targets[argv[0]], argv[1:])


_COMMANDS: dict[str, Callable[[list[str]], int]] = {
    "variants": _variants,
    "rules": _rules,
    "simulate": lambda argv: _delegate("game.simulate", argv),
    "tournament": lambda argv: _delegate("game.bench.tournament", argv),
    "bench": _bench,
    "serve": _serve,
}
