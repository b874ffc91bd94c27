"""A hotseat game keeps its deal number secret until it is over (issue 49, item 1).

Two people and a computer play a whole game through the table: the curtain lifted
by a click, bids and cards through the table's own paths, the pause menu and the
score sheet opened at every action. Every text the screens draw (``theme.text``,
the kit's one way of drawing words), the window's title, every log record and line
printed, and every file in the player's folders are searched for the deal number,
in decimal and in hex: none may hold it until the game is over, and then the score
sheet shows it (for "same deals again"), which also proves the search sees it.
A solo game shows it all along.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from game.play.autosave import flush_all
from game.play.session import GameSession
from game.rules.actions import Bid, Play
from game.rules.record import Player, PlayerKind
from game.rules.ruleset import HandSequence, RuleSet
from game.ui.app import App
from game.ui.kit import theme
from game.ui.menus.pause import PauseOverlay
from game.ui.table.curtain import ARM_DELAY, CurtainOverlay
from game.ui.table.results import HandResultOverlay
from game.ui.table.scene import TableScene

SEED = 6_917_529_027_641_081_853
"""A deal number of the size the game draws (2^62 and some)."""
RULES = RuleSet(players=3, sequence=HandSequence.DESCENDING, largest_hand=3, max_hands=2)


def forms(seed: int) -> list[str]:
    """The ways the number could be written: decimal, hex either case."""
    return [str(seed), f"{seed:x}", f"{seed:X}"]


class Seen:
    """Everything a player could read: screens, title, logs, output, files."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self.texts: list[str] = []
        self.files: dict[str, bytes] = {}

    def look_at_files(self) -> None:
        flush_all()
        for path in self.home.rglob("*"):
            if path.is_file():
                self.files[str(path.relative_to(self.home))] = path.read_bytes()

    def holding(self, seed: int) -> list[str]:
        """Where the number is found (texts, then file names)."""
        found = [text for text in self.texts if any(form in text for form in forms(seed))]
        for name, data in self.files.items():
            if any(form.encode() in data for form in forms(seed)):
                found.append(name)
        return found


@pytest.fixture
def seen(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> Iterator[Seen]:
    record = Seen(tmp_path)
    drawn = theme.text

    def text(content: str, *args: object, **kwargs: object) -> pygame.Surface:
        record.texts.append(content)
        return drawn(content, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(theme, "text", text)
    caplog.set_level(logging.DEBUG)
    yield record


def start(app: App, kinds: tuple[PlayerKind, ...]) -> TableScene:
    names = ("Anna", "Basil", "Clara")
    app.start_game(RULES, SEED, [Player(n, k) for n, k in zip(names, kinds, strict=True)])
    scene = app.scenes[0]
    assert isinstance(scene, TableScene)
    return scene


def frames(app: App, count: int) -> None:
    for _ in range(count):
        app.frame(0.05)


def lift(app: App, curtain: CurtainOverlay) -> None:
    """Click the curtain's button once it takes clicks."""
    frames(app, round(ARM_DELAY * 2 / 0.05) + 1)
    pos = curtain.button.rect.center
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def act(scene: TableScene, session: GameSession) -> bool:
    """The seat shown acts (its first legal action) through the table; whether it did."""
    seat = session.human_to_act()
    if seat is None or seat != scene.viewer or not scene.human_viewer:
        return False
    action = next(a for a in session.match.legal_actions() if a.seat == seat)
    if isinstance(action, Bid):
        return scene.bid(action.tricks)
    assert isinstance(action, Play)
    return scene.play(action.card)


def look_at_menus(app: App, scene: TableScene) -> None:
    """Open the pause menu and, from it, the score sheet; draw them; close them."""
    scene.open_menu()
    frames(app, 2)
    pause = app.top
    assert isinstance(pause, PauseOverlay)
    pause.score_sheet()
    frames(app, 2)
    while app.top is not scene:
        app.pop()


def play_out(app: App, scene: TableScene, seen: Seen, check: Callable[[], None]) -> None:
    session = scene.session
    assert isinstance(session, GameSession)
    for _ in range(2_000):
        if session.over:
            return
        top = app.top
        if isinstance(top, CurtainOverlay):
            lift(app, top)
        elif isinstance(top, HandResultOverlay):
            frames(app, 2)
            app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
        elif top is scene and act(scene, session) and not session.over:
            look_at_menus(app, scene)
            seen.texts.append(pygame.display.get_caption()[0])
            seen.look_at_files()
            check()
        app.frame(0.05)
    raise AssertionError("the game did not end")


@pytest.mark.slow
def test_a_hotseat_game_never_shows_its_deal_until_it_is_over(
    app: App, seen: Seen, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    scene = start(app, ("human", "random", "human"))

    def nowhere() -> None:
        printed = capsys.readouterr()
        seen.texts += [printed.out, printed.err, *caplog.messages]
        assert seen.holding(SEED) == []

    play_out(app, scene, seen, nowhere)
    save = seen.files["data/autosave.json"]  # searched while the game ran: sealed
    assert save.startswith(b"ohhell-sealed") and "config/deals.key" in seen.files
    seen.texts.clear()
    look_at_menus(app, scene)  # over: the number is shown for "same deals again"
    assert seen.holding(SEED) != []


def test_a_solo_game_shows_its_deal(app: App, seen: Seen) -> None:
    scene = start(app, ("human", "random", "random"))
    frames(app, 20)
    look_at_menus(app, scene)
    assert seen.holding(SEED) != []
    assert scene.session.deal_number == SEED


def hotseat_session(home: Path) -> GameSession:
    """A hotseat game three actions in, its autosave flushed."""
    players = [Player("Anna"), Player("Basil"), Player("Clara")]
    session = GameSession(RULES, SEED, players, autosave=home / "autosave.json")
    session.match.advance_until_decision()
    for _ in range(3):
        session.act(next(iter(session.match.legal_actions())))
    session.save()
    session.take_backs = 1
    session.save_extras()
    assert session.flush_save()
    return session


def test_a_sealed_save_resumes_where_it_was_with_its_marks(tmp_path: Path) -> None:
    played = hotseat_session(tmp_path)
    resumed = GameSession.resume(tmp_path / "autosave.json")
    assert resumed.match.seed == SEED and resumed.deal_number is None
    assert resumed.match.actions == played.match.actions and resumed.take_backs == 1
    played.close()
    resumed.close()


def test_a_sealed_save_is_unreadable_without_the_players_key(tmp_path: Path) -> None:
    from game.play.sealing import key_path
    from game.rules.errors import RecordError

    hotseat_session(tmp_path).close()
    key_path().write_bytes(bytes(32))  # another key
    with pytest.raises(RecordError):
        GameSession.resume(tmp_path / "autosave.json")
