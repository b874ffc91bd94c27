"""Notices one can read: shown a least time of real time whatever the animation speed,
queued rather than replaced."""

from __future__ import annotations

from game.play.notices import MIN_SECONDS, Notice, reading_time
from game.play.preview import played_session
from game.rules.record import Player
from game.ui.app import App
from game.ui.table.notices import MAX_WAITING_NOTICES, SHOWN, NoticeBoard
from game.ui.table.scene import TableScene

STEP = 1 / 60


def _table(app: App) -> TableScene:
    players = [Player("You"), Player("Ada", "medium"), Player("Basil", "medium")]
    session = played_session("oh-pshaw", players, 3, 0)
    scene = TableScene(app, session)
    app.push(scene)
    return scene


def _run(app: App, seconds: float) -> None:
    for _ in range(round(seconds / STEP)):
        app.frame(STEP)


def _shown(scene: TableScene) -> list[str]:
    return [notice.text for notice, alpha in scene.notices.showing() if alpha > 0]


def test_a_notice_stays_long_enough_to_read_at_four_times_the_speed(app: App) -> None:
    assert app.speed == 4.0
    scene = _table(app)
    _run(app, 0.5)
    scene.notices.clear()
    scene.session.signals.append("Ada disconnected")
    _run(app, MIN_SECONDS - 0.2)  # real seconds: not a quarter of them
    assert "Ada disconnected" in _shown(scene)
    _run(app, 0.8)
    assert "Ada disconnected" not in _shown(scene)


def test_notices_wait_their_turn_instead_of_replacing_each_other(app: App) -> None:
    scene = _table(app)
    _run(app, 0.5)
    scene.notices.clear()
    words = ["Ada disconnected", "Basil disconnected", "Ada is back", "Basil is back"]
    scene.session.signals.extend(words)
    seen: list[str] = []
    for _ in range(round(20 / STEP)):
        app.frame(STEP)
        for text in _shown(scene):
            if text in words and text not in seen:
                seen.append(text)
        assert len(scene.notices.shown) <= SHOWN
    assert seen == words  # every one, in order


def test_the_coach_notice_does_not_cover_the_bid_panel_and_lasts(app: App) -> None:
    scene = _table(app)
    _run(app, 0.5)
    scene.notices.clear()
    scene.toggle_coach()
    text = scene.notices.showing()[0][0].text
    assert text.startswith("Coach on")
    _run(app, reading_time(text) - 0.3)
    assert text in _shown(scene)
    assert not any(effect.kind == "hint" for effect in scene.effects)


def test_a_hint_by_the_cards_lasts_its_reading_time_in_real_seconds(app: App) -> None:
    scene = _table(app)
    _run(app, 0.3)
    scene.take_back()  # nothing to take back yet: a hint says so
    hint = next(effect for effect in scene.effects if effect.kind == "hint")
    assert hint.life == reading_time(hint.text) >= MIN_SECONDS
    _run(app, hint.life - 0.3)
    assert hint in list(scene.effects)


def test_the_board_keeps_problems_and_merges_repeats() -> None:
    board = NoticeBoard()
    board.post(Notice("The game cannot be saved.", "problem"))
    for number in range(MAX_WAITING_NOTICES + 6):
        board.post(f"news {number}")
    board.post("news 0")  # on screen already: not twice
    texts = [notice.text for notice, _ in board.showing()] + [n.text for n in board.waiting]
    assert texts[0] == "The game cannot be saved."
    assert len(board.waiting) == MAX_WAITING_NOTICES and texts.count("news 0") == 1
    assert (
        texts[-1] == f"news {MAX_WAITING_NOTICES + 5}"
    )  # the newest kept, the oldest news dropped
    board.update(10.0)
    assert all(notice.tone != "problem" for notice, _ in board.showing())
