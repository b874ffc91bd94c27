"""``ohhell serve``: a headless host, its autosave, and a table resumed after a restart."""

from __future__ import annotations

import argparse
import asyncio
import subprocess
import sys
from pathlib import Path

from game.i18n.describe import listed_name
from game.net.client import Client
from game.net.discovery import Browser
from game.net.hosting import host_game, resume_hosted
from game.net.serve import open_table
from game.net.table import TableSettings
from game.play.autosave import flush_all
from game.rules.phase import Phase
from game.rules.record import Player, to_record
from tests.nethelp import count_ticks, hosting, run, small_rules
from tests.record_checker import check_record
from tests.waits import wait_until

ROOT = Path(__file__).resolve().parent.parent
FAST = TableSettings(drop_timeout=60.0, think_delay=0.0, hand_pause=0.0, stand_in="random")


def _args(save: Path) -> argparse.Namespace:
    return argparse.Namespace(
        save=save, variant="nomination-whist", players=3, humans=2, level="random"
    )


def test_a_table_resumes_after_the_host_restarts(tmp_path: Path) -> None:
    save = tmp_path / "table.json"
    first = open_table(_args(save), FAST)

    async def before_restart() -> tuple[str, str, int]:
        async with hosting(first) as (_, address):
            ann, bo = await Client.join(address, "Ann"), await Client.join(address, "Bo")
            players = [asyncio.create_task(c.play_randomly(i)) for i, c in enumerate((ann, bo))]
            while len(first.match.actions) < 4:
                await asyncio.sleep(0.01)
            await ann.close()
            await bo.close()
            await asyncio.gather(*players, return_exceptions=True)
            return ann.token, bo.token, len(first.match.actions)

    ann_token, bo_token, moves = run(before_restart())
    assert first.saver is not None
    first.saver.close()
    assert flush_all() and save.exists()
    text = save.read_text(encoding="utf-8")
    seed = first.match.seed
    assert str(seed) not in text and f"{seed:x}" not in text  # sealed while it runs

    again = open_table(_args(save), FAST)
    assert again.code == first.code and len(again.match.actions) == moves
    assert [seat.player.name for seat in again.seats][:2] == ["Ann", "Bo"]

    async def after_restart() -> None:
        async with hosting(again) as (_, address):
            ann = await Client.join(address, "x", token=ann_token)
            bo = await Client.join(address, "y", token=bo_token)
            assert (ann.seat, bo.seat) == (0, 1)
            ends = await asyncio.gather(ann.play_randomly(1), bo.play_randomly(2))
            assert all(end.phase is Phase.GAME_OVER for end in ends)

    run(after_restart(), timeout=60)
    check_record(to_record(again.match, again.players))
    assert not save.exists()  # a finished game leaves no save


def test_ohhell_serve_runs_headless_and_stops_by_itself() -> None:
    command = [sys.executable, "-m", "game", "serve", "--host", "127.0.0.1", "--port", "0"]
    command += ["--stop-after", "0.5", "--players", "3", "--humans", "1"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert "Serving table" in done.stdout and "127.0.0.1:" in done.stdout


def test_a_table_hosted_from_the_window_opens_again_where_it_was(tmp_path: Path) -> None:
    save = tmp_path / "hosted.json"
    players = [Player("Ann"), Player("Cy", "random"), Player("Di", "random")]
    hosting, session = host_game(small_rules(3), players, FAST, save=save)
    table = hosting.table
    looks = count_ticks(table)
    wait_until(lambda: len(looks) >= 5, "the host looked at the table five times", 30)
    assert not table.match.actions  # the game waits for the host to sit down
    hosting.release()
    try:

        def step() -> None:
            session.tick(0.01)
            if session.human_to_act() is not None:
                session.act(session.view(0).legal[0])

        wait_until(lambda: len(hosting.table.match.actions) >= 2, "two moves", step=step)
    finally:
        session.close()  # stops the host
    moves = len(hosting.table.match.actions)  # the computers may have moved on till then
    assert moves >= 2
    assert flush_all()
    again, back = resume_hosted(save)
    try:
        assert back.seat == 0 and back.players[0].name == "Ann"
        assert again.table.match.actions == hosting.table.match.actions  # held meanwhile
        again.release()
        assert again.table.code == hosting.table.code
    finally:
        back.close()


def test_ohhell_serve_announces_its_table_on_the_local_network() -> None:
    command = [sys.executable, "-m", "game", "serve", "--host", "127.0.0.1", "--port", "0"]
    command += ["--stop-after", "40", "--players", "3", "--humans", "2"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, cwd=ROOT)
    browser = Browser()
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        code = first.split()[2]  # "Serving table CODE on ..."
        assert "Announced on the local network" in server.stdout.readline()
        wait_until(lambda: browser.find(code) is not None, "the table found", 30, pause=0.05)
        found = browser.find(code)
        assert found is not None and found.open_seats == 2 and found.game == "oh-hell"
        assert listed_name(found.game) == "Oh Hell"  # named by id, read in each one's words
    finally:
        browser.close()
        server.kill()
        server.wait(10)


def test_ohhell_serve_help_reads_as_words() -> None:
    command = [sys.executable, "-m", "game", "serve", "--help"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0 and "``" not in done.stdout
    assert "join code" in done.stdout and "--no-announce" in done.stdout
