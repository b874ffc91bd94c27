"""What ``vulture game tools/vulture_whitelist.py --min-confidence 60`` may not count as
dead, each with the reason: called by Python, pygame or argparse rather than by the
game's own code, a hook the tests or tools drive, or left to the helper who owns that
package. ``tests/test_dead_code.py`` runs the check; a name nothing uses any more must
leave this list too (mypy fails on a name that no longer exists).

Never imported by the game: vulture reads it as code, and every name below counts as used.
"""

from __future__ import annotations

from typing import Any

import pygame

from game import ai, cliargs
from game.ai import knowledge, masks, sampled, shards, trickmodel
from game.i18n import pseudo
from game.net import client, wire
from game.play import preview, session, summary
from game.rules import cards, events, match
from game.saves import load_record_file
from game.settings import SettingsStore
from game.ui.kit import gui, layers, layoutlog
from game.ui.menus import confirm, rules
from game.ui.newgame import scene as newgame
from game.ui.scoresheet import rows
from game.ui.table import canvas

_: Any = None
"""Stands for an object the whitelist cannot import (a class made inside a function)."""

CALLED_BY_PYTHON = (
    _.dwSize,  # Windows reads a PROCESSENTRY32's size field (game/__main__.py)
    pygame.Window.minimum_size,  # a property pygame sets on the window (game/ui/window.py)
    cliargs.Parser._print_message,  # argparse calls it to print help and errors
    cliargs.ARGPARSE_WORDS,  # argparse's own words marked for the catalogs, never read
    client.JoinError.__cause__,  # the chained error that a traceback shows
    ai.__getattr__,  # Python calls a module's __getattr__: game.ai loads lazily
    shards.Mapper.__call__,  # a Protocol's call: every mapper passed in is called
    cards.Rank.TWO,  # the ranks are an Enum: the deck iterates every member
    cards.Rank.THREE,
    cards.Rank.FOUR,
    cards.Rank.SIX,
    cards.Rank.SEVEN,
    cards.Rank.EIGHT,
    cards.Rank.NINE,
)

TEST_AND_TOOL_HOOKS = (
    pseudo.CODE,  # the pseudo-language of tests/test_text_fits.py and tools/screenshots.py
    pseudo.PseudoTranslations,  # the same
    client.FAILURES,  # the reasons a join can fail (tests/test_net_hostile.py)
    client.Client.send_raw,  # a hostile client's raw frames (tests/test_net_faults.py)
    client.Client.play_randomly,  # a network seat that plays itself (tests/test_net_*.py)
    trickmodel.TrickModel.zeros,  # a model with no knowledge, for tests and doctests
    wire.encode_doc,  # a view's bytes at the boundary (tests/test_boundary.py)
    wire.decode_doc,  # the same
    preview.played_until_bid,  # a table at a bid for pictures (tests, tools/pictures.py)
    session.GameSession.save_problem,  # why the autosave failed (tests/test_save_faults.py)
    session.GameSession.flush_save,  # wait for the autosave (tests/test_session.py, ...)
    summary.summary_of,  # a summary from a plain record (doctests, tests/test_history.py)
    load_record_file,  # read a record file whole (tests/test_fifo.py, tools/fuzz.py)
    gui.clicked_at,  # press a button by position (tools/first_card.py)
    layers.LayerStack.trespasses,  # what lies where it may not (tests/test_layer_stack.py)
    layoutlog.recording,  # the layout log the text-fit tests read (tests/test_text_fits.py)
    newgame.NewGameScene.rule_page,  # tests/test_newgame.py
    rows.SheetRow.bid_text,  # tests/test_scoresheet.py
    match.Match.is_legal,  # tests/test_rule_parity.py (game/rules: cleaned by another helper)
)

OTHER_HELPERS = (
    knowledge.Knowledge.to_play,  # game/ai: the AI helper's; nothing in game calls it
    knowledge.Knowledge.hidden_from,  # game/ai: nothing calls it
    knowledge.Knowledge.may_hold,  # game/ai: nothing calls it
    masks.rank_of,  # game/ai: nothing calls it
    masks.card_of,  # game/ai: nothing calls it
    sampled.SampledDealAgent,  # game/ai: tests/test_coach.py and tools/paired.py
    _.READABLE_VERSIONS,  # game/rules/record.py on main: nothing reads it (the engine's to drop)
)


def instance_attributes(
    overlay: confirm.ConfirmOverlay,
    rules_scene: rules.RulesScene,
    newgame_scene: newgame.NewGameScene,
    presenter: canvas.Presenter,
    place: layers.LayerPlace,
    turned: events.TrumpTurned,
    store: SettingsStore,
) -> tuple[object, ...]:
    """The attributes set on instances only (mypy checks they still exist)."""
    return (
        overlay.yes_button,  # the buttons tests press (tests/test_title.py)
        overlay.no_button,
        rules_scene.back_button,  # tests/test_menus.py
        newgame_scene.back_button,  # (the name covers menus/settings.py's too)
        presenter.partial_frames,  # a frame drawn in part (tests/test_table.py)
        place.holds,  # declared per layer and asserted by tests/test_layer_stack.py; the
        # app's update of the top scene alone is what makes notices wait under a dialog
        turned.dealers,  # the event's data: the dealer keeps the turned card
        store.save_error,  # game/settings.py: the settings helper's (issue 52, item 3)
    )


__all__ = ["CALLED_BY_PYTHON", "OTHER_HELPERS", "TEST_AND_TOOL_HOOKS", "instance_attributes"]
