"""The guided first hand: what it says when, and that a returning player never sees it."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.play.guide import guide_step, guide_words
from game.play.preview import played_until_bid
from game.rules.actions import Play
from game.rules.match import Match
from game.rules.phase import Phase
from game.rules.presets import PRESETS
from game.rules.record import Player
from game.settings import SettingsStore
from game.ui.app import App
from game.ui.table.scene import TableScene
from tests.screens import click


@pytest.mark.parametrize("preset", ["oh-hell", "blob", "oh-well", "oh-hell-classic"])
def test_the_guide_names_every_decision_as_the_rules_make_it(preset: str) -> None:
    seen = set()
    for seed in range(6):
        match = Match(PRESETS[preset].rules(4), seed)
        chooser = random.Random(seed)
        while match.phase is not Phase.GAME_OVER and match.hand_number <= 3:
            if match.phase.automatic or match.phase is Phase.HAND_SCORED:
                match.advance()
                continue
            for seat in range(4):
                view = match.view(seat)
                step = guide_step(view)
                if seat not in match.awaiting:
                    assert step is None
                    continue
                assert step is not None
                seen.add(step)
                assert guide_words(step)
                if view.phase is Phase.BIDDING:
                    assert step == ("hook" if view.forbidden_bid is not None else "bid")
                    continue
                cards = {a.card for a in view.legal if isinstance(a, Play)}
                if not view.trick:
                    assert step == "lead"
                    continue
                led = view.trick[0].suit
                holds = [c for c in view.hand if c.suit == led]
                if step == "follow":
                    assert holds and cards == set(holds)
                elif step in ("void", "void-no-trumps"):
                    assert not holds and cards == set(view.hand)
                    assert (view.trump is None) == (step == "void-no-trumps")
                else:
                    assert step == "limited" and len(cards) < len(view.hand)
            match.apply(chooser.choice(match.legal_actions(match.awaiting[0])))
    assert {"bid", "lead", "follow", "void"} <= seen
    assert ("hook" in seen) == PRESETS[preset].rules(4).hook


def _bidding_table(app: App) -> TableScene:
    players = [Player("You"), Player("Ada", "easy"), Player("Basil", "easy")]
    scene = TableScene(app, played_until_bid("oh-hell", players, 4))
    app.push(scene)
    for _ in range(60):
        app.frame(1 / 30)
    return scene


def test_a_new_player_is_guided_and_can_hide_the_guide(app: App) -> None:
    assert app.settings.guide  # no settings file before: a new player
    scene = _bidding_table(app)
    frame = scene.frame()
    assert scene.my_bid() and frame.guide == guide_words(guide_step(scene.view) or "bid")
    card = scene.hud.hide_guide
    assert card in scene.hud.corner
    click(app, card)
    assert not app.settings.guide and scene.frame().guide is None
    assert SettingsStore(app.store.path).settings.guide is False  # kept for good


def test_the_guide_ends_with_the_first_hand(app: App) -> None:
    scene = _bidding_table(app)
    assert scene.frame().guide is not None
    session = scene.session
    while not session.results:
        human = session.human_to_act()
        if human is not None:
            session.act(session.view(human).legal[0])
        session.tick(1.0)
    scene.open_hand_result(1)
    assert not app.settings.guide
    assert any("guided hand" in notice.text for notice, _ in scene.notices.showing())


def test_a_returning_player_never_sees_the_guide(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"player_name": "Ann", "coach": False}))  # before the guide
    assert SettingsStore(path).settings.guide is False
    fresh = tmp_path / "new" / "settings.json"
    assert SettingsStore(fresh).settings.guide is True
