"""Games found on the local network (announced and browsed on 127.0.0.1 only)."""

from __future__ import annotations

import os

from game.net.discovery import Announcer, Browser, Listing, interfaces, local_address
from tests.waits import wait_until


def test_the_tests_keep_discovery_on_this_machine() -> None:
    assert os.environ["OHHELL_LAN_INTERFACES"] == "127.0.0.1"
    assert interfaces() == ["127.0.0.1"] and local_address() == "127.0.0.1"


def test_an_announced_table_is_found_by_its_code() -> None:
    announcer, browser = Announcer(), Browser()
    try:
        listing = Listing("Ann's table", "K7MQ2", "127.0.0.1:47999", "Oh Hell", 2, 1)
        announcer.announce(listing)
        wait_until(lambda: browser.find("k7mq2") is not None, "the table found", 30, pause=0.05)
        assert browser.find("k7mq2") == listing
        assert browser.find("ZZZZZ") is None
    finally:
        browser.close()
        announcer.close()
