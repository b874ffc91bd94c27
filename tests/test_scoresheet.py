"""The score sheet: every hand, the marks for made and failed bids, the hand in
play, hands to come, scrolling and closing."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.ai import make_agent
from game.play.session import GameSession
from game.rules.phase import Phase
from game.rules.presets import PRESETS
from game.rules.record import Player
from game.rules.ruleset import HandSequence, RuleSet, TrickPoints
from game.settings import SettingsStore
from game.ui.app import App
from game.ui.kit.scene import Scene
from game.ui.scoresheet import paint
from game.ui.scoresheet.ink import BLOB_INK, MADE_ONE, ink_blob
from game.ui.scoresheet.overlay import (
    RowState,
    ScoreSheetOverlay,
    SheetRow,
    leaders,
    missed_mark,
    sheet_rows,
)
from game.ui.scoresheet.rows import BidMark


def played(rules: RuleSet, hands: int, extra: int = 0, seed: int = 2024) -> GameSession:
    """A session with ``hands`` finished hands and ``extra`` actions of the next one."""
    names = ["You", "Ada", "Basil", "Clara", "Dmitri", "Edith", "Felix", "Greta"]
    players = [Player(names[i], "human" if i == 0 else "easy") for i in range(rules.players)]
    session = GameSession(rules, seed, players)
    agents = [make_agent("easy", seat) for seat in range(rules.players)]
    match = session.match
    while match.phase is not Phase.GAME_OVER:
        if match.phase.automatic:
            if len(match.results) >= hands and (match.phase is Phase.HAND_SCORED and extra == 0):
                break
            match.advance()
            continue
        if len(match.results) >= hands:
            if extra == 0:
                break
            extra -= 1
        seat = match.awaiting[0]
        match.apply(agents[seat].choose(match.view(seat)))
    return session


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("OHHELL_HOME", str(tmp_path))
    pygame.init()
    application = App(pygame.display.set_mode((1280, 720)), SettingsStore())
    application.push(Scene(application))  # the table underneath
    return application


def open_sheet(app: App, session: GameSession) -> ScoreSheetOverlay:
    sheet = ScoreSheetOverlay(app, session)
    app.push(sheet)
    app.frame(1 / 60)
    return sheet


def bid_darkness(app: App, sheet: ScoreSheetOverlay, index: int, seat: int) -> float:
    """How much ink covers the bid cell of row ``index`` and ``seat`` (0 blank, 255 black)."""
    column = sheet.sub_columns(seat)[0]
    y = sheet.body.y + index * sheet.row_height - sheet.scroll
    area = pygame.Rect(column.x, y + 2, column.width, sheet.row_height - 4)
    pixels = [
        app.screen.get_at((x, yy))
        for x in range(area.left, area.right, 2)
        for yy in range(area.top, area.bottom, 2)
    ]
    return sum(255 - (p.r + p.g + p.b) / 3 for p in pixels) / len(pixels)


def test_every_finished_hand_is_listed_with_its_numbers() -> None:
    session = played(PRESETS["oh-hell"].rules(4), hands=6)
    rows = sheet_rows(session)
    done = [row for row in rows if row.state is RowState.DONE]
    assert [row.number for row in done] == [1, 2, 3, 4, 5, 6]
    for row, result in zip(done, session.match.results, strict=True):
        assert row.bids == result.bids and row.taken == result.taken
        assert row.totals == result.totals and row.points == result.points
        assert row.size == result.size and row.dealer == result.dealer
        assert row.trump == result.trump and row.made == result.made
    assert [row.state for row in rows[6:]] == [RowState.FUTURE] * 13
    assert [row.size for row in rows[6:]] == list(PRESETS["oh-hell"].rules(4).hand_sizes[6:])


def test_made_bids_are_ticked_and_failed_bids_struck_through_readably(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = played(PRESETS["oh-hell"].rules(4), hands=8)
    results = session.match.results
    expected_made = {(r.number, s) for r in results for s, ok in enumerate(r.made) if ok}
    expected_blobs = {(r.number, s) for r in results for s, ok in enumerate(r.made) if not ok}
    assert expected_made and expected_blobs
    sheet = open_sheet(app, session)
    ticks: list[tuple[int, int]] = []
    blobs: list[tuple[int, int]] = []
    drawing: dict[str, tuple[int, int]] = {}
    real_cells = sheet._draw_cells

    def cells(surface: pygame.Surface, row: SheetRow, seat: int, y: int) -> None:
        drawing["cell"] = (row.number, seat)
        real_cells(surface, row, seat, y)

    def strike(surface: pygame.Surface, digit: pygame.Rect, px: object) -> None:
        if surface.get_width() < 100:  # the key's sample, not a cell
            return
        blobs.append(drawing["cell"])
        # the stroke stays within a line of the digit: the bid is not inked out
        assert digit.width < sheet.sub_columns(drawing["cell"][1])[0].width

    monkeypatch.setattr(sheet, "_draw_cells", cells)
    monkeypatch.setattr(paint, "missed_mark", strike)
    monkeypatch.setattr(sheet, "_draw_blob", lambda *args: pytest.fail("a missed bid blobbed"))
    monkeypatch.setattr(sheet, "_draw_tick", lambda surface, at: ticks.append(drawing["cell"]))
    sheet.invalidate()
    app.frame(1 / 60)
    assert set(ticks) == expected_made
    assert set(blobs) == expected_blobs


def test_a_blob_really_inks_over_the_bid(app: App) -> None:
    session = played(PRESETS["blob"].rules(4), hands=5)
    sheet = open_sheet(app, session)
    failed = next(
        (index, seat)
        for index, result in enumerate(session.match.results)
        for seat, ok in enumerate(result.made)
        if not ok
    )
    made = next(
        (index, seat)
        for index, result in enumerate(session.match.results)
        for seat, ok in enumerate(result.made)
        if ok
    )

    assert bid_darkness(app, sheet, *failed) > 2 * bid_darkness(app, sheet, *made)


def test_the_hand_in_play_shows_bids_and_tricks_so_far() -> None:
    rules = PRESETS["oh-hell"].rules(4)
    session = played(rules, hands=2, extra=4 + 5)  # four bids and five cards
    match = session.match
    assert match.phase is Phase.PLAYING
    current = [row for row in sheet_rows(session) if row.state is RowState.CURRENT]
    assert len(current) == 1
    row = current[0]
    assert row.number == 3 and row.bids == match.bids and row.taken == match.taken
    assert row.totals == (None,) * 4 and row.trump == match.trump


def test_secret_bids_stay_secret_during_simultaneous_bidding() -> None:
    rules = PRESETS["british-oh-hell"].rules(4)
    rules = dataclasses.replace(rules, simultaneous_bidding=True)
    session = played(rules, hands=1, extra=2)
    [row] = [row for row in sheet_rows(session) if row.state is RowState.CURRENT]
    assert row.bids == (None,) * 4
    assert sum(row.secret) == 2


def test_nineteen_hands_fit_at_720p(app: App) -> None:
    session = played(PRESETS["oh-hell"].rules(4), hands=19)
    assert session.match.phase is Phase.GAME_OVER
    sheet = open_sheet(app, session)
    assert len(sheet.rows) == 19
    assert sheet.max_scroll == 0
    assert sheet.body.y + 19 * sheet.row_height <= sheet.totals.y
    assert sheet.pad.bottom <= 720 and sheet.pad.top >= 0
    assert sheet.row_height >= 24


def test_many_hands_scroll(app: App) -> None:
    rules = RuleSet(players=4, sequence=HandSequence.CONSTANT, largest_hand=3, max_hands=40)
    session = played(rules, hands=3)
    sheet = open_sheet(app, session)
    assert len(sheet.rows) == 40
    assert sheet.max_scroll > 0
    sheet.scroll = 0
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode=""))
    assert sheet.scroll > 0
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode=""))
    assert sheet.scroll == sheet.max_scroll
    app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False))
    assert sheet.scroll < sheet.max_scroll
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0, unicode=""))
    assert sheet.scroll == 0
    app.frame(1 / 60)


def test_the_sheet_opens_on_the_hand_in_play(app: App) -> None:
    rules = RuleSet(players=4, sequence=HandSequence.CONSTANT, largest_hand=2, max_hands=40)
    session = played(rules, hands=30, extra=1)
    sheet = open_sheet(app, session)
    assert sheet.scroll > 0
    index = next(i for i, row in enumerate(sheet.rows) if row.state is RowState.CURRENT)
    top = sheet.body.y + index * sheet.row_height - sheet.scroll
    assert sheet.body.y <= top and top + sheet.row_height <= sheet.body.bottom


@pytest.mark.parametrize("closer", ["tab", "escape", "outside"])
def test_the_sheet_closes_on_tab_escape_or_a_click_outside(app: App, closer: str) -> None:
    base = app.top
    session = played(PRESETS["oh-hell"].rules(4), hands=1)
    sheet = open_sheet(app, session)
    inside = sheet.pad.center
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=inside))
    assert app.top is sheet
    if closer == "outside":
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(2, 2)))
    else:
        code = pygame.K_TAB if closer == "tab" else pygame.K_ESCAPE
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))
    assert app.top is base


def test_eight_players_fit_across(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OHHELL_HOME", str(tmp_path))
    pygame.init()
    app = App(pygame.display.set_mode((1280, 720)), SettingsStore())
    app.push(Scene(app))
    session = played(PRESETS["up-and-down-the-river"].rules(8), hands=2)
    sheet = open_sheet(app, session)
    assert sheet.pad.left >= 0 and sheet.pad.right <= 1280
    assert sheet.column_x(7) + sheet.player_width <= sheet.pad.right


def test_the_leader_is_whoever_has_the_most() -> None:
    assert leaders((0, 0, 0)) == set()
    assert leaders((12, 30, 30)) == {1, 2}
    assert leaders((5, 2, 1)) == {0}


# ------------------------------------------------------------ Blob's marks


def exact_only(players: int = 4) -> RuleSet:
    """Not the Blob preset, but rules that score exact bids only."""
    return dataclasses.replace(PRESETS["oh-hell"].rules(players), trick_points=TrickPoints.EXACT)


def done_rows(session: GameSession) -> list[SheetRow]:
    return [row for row in sheet_rows(session) if row.state is RowState.DONE]


@pytest.mark.parametrize("rules", [PRESETS["blob"].rules(4), exact_only()], ids=["blob", "exact"])
def test_exact_only_scoring_writes_a_1_before_made_bids_and_blobs_failed_ones(
    rules: RuleSet,
) -> None:
    session = played(rules, hands=8)
    rows = done_rows(session)
    made = [(row, seat) for row in rows for seat, ok in enumerate(row.made) if ok]
    failed = [(row, seat) for row in rows for seat, ok in enumerate(row.made) if not ok]
    assert made and failed
    for row, seat in made:
        assert row.mark(seat) is BidMark.ONE
        assert row.bid_text(seat) == f"1{row.bids[seat]}"
    for row, seat in failed:
        assert row.mark(seat) is BidMark.BLOB
        assert row.bid_text(seat) == str(row.bids[seat])
    # the hand in play and hands to come carry no mark yet
    others = [row for row in sheet_rows(session) if row.state is not RowState.DONE]
    assert others and all(row.mark(seat) is None for row in others for seat in range(4))


@pytest.mark.parametrize("trick_points", [TrickPoints.ALWAYS, TrickPoints.NEVER])
def test_other_scoring_keeps_ticks_and_scribbles(trick_points: TrickPoints) -> None:
    rules = dataclasses.replace(PRESETS["oh-hell"].rules(4), trick_points=trick_points)
    rows = done_rows(played(rules, hands=8))
    marks = {row.mark(seat) for row in rows for seat in range(4)}
    assert marks == {BidMark.TICK, BidMark.SCRIBBLE}
    assert all(row.bid_text(seat) == str(row.bids[seat]) for row in rows for seat in range(4))


def spy_marks(
    app: App, monkeypatch: pytest.MonkeyPatch, session: GameSession
) -> dict[str, list[object]]:
    """Draw the sheet and record which marks it draws, and which blob images."""
    sheet = open_sheet(app, session)
    seen: dict[str, list[object]] = {"tick": [], "one": [], "ink_blob": [], "struck": []}
    real_one = sheet._draw_made_one

    def one(surface: pygame.Surface, bid: pygame.Surface, centre: tuple[int, int]) -> None:
        seen["one"].append(centre)
        real_one(surface, bid, centre)

    def solid(width: int, height: int, seed: int) -> pygame.Surface:
        seen["ink_blob"].append(seed)
        return ink_blob(width, height, seed)

    def struck(surface: pygame.Surface, digit: pygame.Rect, px: Callable[[float], int]) -> None:
        seen["struck"].append(digit)
        missed_mark(surface, digit, px)

    monkeypatch.setattr(sheet, "_draw_made_one", one)
    monkeypatch.setattr(sheet, "_draw_tick", lambda surface, at: seen["tick"].append(at))
    monkeypatch.setattr("game.ui.scoresheet.paint.ink_blob", solid)
    monkeypatch.setattr("game.ui.scoresheet.paint.missed_mark", struck)
    sheet._blobs.clear()
    sheet.invalidate()
    app.frame(1 / 60)
    return seen


def test_the_exact_only_sheet_draws_the_1_and_the_blob(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = played(exact_only(), hands=5)
    results = session.match.results
    made = sum(ok for r in results for ok in r.made)
    failed = sum(not ok for r in results for ok in r.made)
    seen = spy_marks(app, monkeypatch, session)
    assert len(seen["one"]) == made + 1  # every made bid, and the one in the key
    assert len(seen["ink_blob"]) == failed + 1
    assert seen["tick"] == [] and seen["struck"] == []


def test_the_common_sheet_draws_neither_the_1_nor_the_blob(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = played(PRESETS["oh-hell"].rules(4), hands=5)
    seen = spy_marks(app, monkeypatch, session)
    assert seen["one"] == [] and seen["ink_blob"] == []
    assert seen["tick"] and seen["struck"]


def test_a_made_bid_under_blob_marks_shows_a_green_1_before_it(app: App) -> None:
    session = played(exact_only(), hands=5)
    sheet = open_sheet(app, session)
    rows = done_rows(session)
    index, seat = next(
        (i, seat) for i, row in enumerate(rows) for seat, ok in enumerate(row.made) if ok
    )
    column = sheet.sub_columns(seat)[0]
    y = sheet.body.y + index * sheet.row_height - sheet.scroll
    left_half = pygame.Rect(column.x, y + 2, column.width // 2, sheet.row_height - 4)
    colours = {
        tuple(app.screen.get_at((x, yy)))[:3]
        for x in range(left_half.left, left_half.right)
        for yy in range(left_half.top, left_half.bottom)
    }
    greenish = [c for c in colours if c[1] > c[0] + 40 and c[1] > c[2] + 20]
    assert MADE_ONE in colours or greenish


def test_a_solid_blob_inks_over_the_failed_bid(app: App) -> None:
    session = played(exact_only(), hands=5)
    sheet = open_sheet(app, session)
    rows = done_rows(session)
    cells = [(i, seat, ok) for i, row in enumerate(rows) for seat, ok in enumerate(row.made)]
    failed = next((i, seat) for i, seat, ok in cells if not ok)
    made = next((i, seat) for i, seat, ok in cells if ok)

    assert bid_darkness(app, sheet, *failed) > 2 * bid_darkness(app, sheet, *made)


def test_the_ink_blob_is_the_same_every_time_and_differs_between_cells() -> None:
    one = pygame.image.tobytes(ink_blob(48, 26, 1234), "RGBA")
    two = pygame.image.tobytes(ink_blob(48, 26, 1234), "RGBA")
    assert one == two
    others = {pygame.image.tobytes(ink_blob(48, 26, seed), "RGBA") for seed in range(1235, 1245)}
    assert one not in others and len(others) > 1


def test_the_ink_blob_is_a_filled_irregular_shape() -> None:
    blob = ink_blob(60, 30, 77)
    inked = {(x, y) for x in range(60) for y in range(30) if blob.get_at((x, y)).a > 128}
    # solid ink in the middle, a good part of the cell covered
    middle = blob.get_at((30, 15))
    assert middle.a > 200 and all(abs(a - b) < 8 for a, b in zip(middle[:3], BLOB_INK, strict=True))
    assert 0.3 * 60 * 30 < len(inked) < 0.85 * 60 * 30
    # not a rectangle nor a neat ellipse: lopsided both ways
    mirrored = {(59 - x, y) for x, y in inked}
    flipped = {(x, 29 - y) for x, y in inked}
    assert len(inked ^ mirrored) > 20 and len(inked ^ flipped) > 20


def test_the_sheet_draws_the_same_blob_for_a_cell_every_frame(app: App) -> None:
    session = played(exact_only(), hands=5)
    sheet = open_sheet(app, session)
    before = pygame.image.tobytes(app.screen, "RGB")
    sheet._blobs.clear()
    sheet.invalidate()
    app.frame(1 / 60)
    assert pygame.image.tobytes(app.screen, "RGB") == before


def test_the_blob_description_mentions_the_sheet_marks() -> None:
    text = PRESETS["blob"].description
    assert "score sheet" in text and "1" in text and "blob" in text
