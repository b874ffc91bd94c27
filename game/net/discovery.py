"""Finding games on the local network (zeroconf / DNS-SD), and join codes.

A host announces each table as a ``_ohhell._tcp`` service whose text record holds
its join code, the game and the seats still open; players browse for them and join
one in a click, or type its code. The interfaces are always named: by default
every interface of the machine, or only those listed in the
``OHHELL_LAN_INTERFACES`` environment variable (``127.0.0.1`` keeps everything on
this machine, as the tests do).
"""

from __future__ import annotations

import os
import socket
import threading
from dataclasses import dataclass

from zeroconf import (
    InterfaceChoice,
    IPVersion,
    ServiceBrowser,
    ServiceInfo,
    ServiceStateChange,
    Zeroconf,
)

SERVICE = "_ohhell._tcp.local."
INTERFACES_VARIABLE = "OHHELL_LAN_INTERFACES"


@dataclass(frozen=True)
class Listing:
    """A game found on the local network."""

    name: str
    code: str
    address: str
    """``host:port``, ready to join."""
    game: str
    open_seats: int
    version: int


def interfaces() -> list[str] | InterfaceChoice:
    """The interfaces to announce and browse on (see the module's notes)."""
    named = os.environ.get(INTERFACES_VARIABLE, "").split(",")
    chosen = [name.strip() for name in named if name.strip()]
    return chosen or InterfaceChoice.All


def local_address() -> str:
    """This machine's address as others on the network would reach it (no traffic is
    sent to find it); 127.0.0.1 when only loopback is used."""
    chosen = interfaces()
    if isinstance(chosen, list):
        return chosen[0]
    try:
        address = socket.gethostbyname(socket.gethostname())
    except OSError:
        return "127.0.0.1"
    return address


def bind_address() -> str:
    """Where a host listens: every interface, or the first one named."""
    chosen = interfaces()
    return chosen[0] if isinstance(chosen, list) else ""


def _zeroconf() -> Zeroconf:
    return Zeroconf(interfaces=interfaces(), ip_version=IPVersion.V4Only)


class Announcer:
    """Announces tables while it is open."""

    def __init__(self) -> None:
        self.zeroconf = _zeroconf()
        self.infos: dict[str, ServiceInfo] = {}

    def announce(self, listing: Listing) -> None:
        host, _, port = listing.address.rpartition(":")
        info = ServiceInfo(
            SERVICE,
            f"{listing.name} {listing.code}.{SERVICE}",
            addresses=[socket.inet_aton(host)],
            port=int(port),
            server=f"ohhell-{listing.code.lower()}.local.",
            properties={
                "code": listing.code,
                "game": listing.game,
                "open": str(listing.open_seats),
                "v": str(listing.version),
            },
        )
        old = self.infos.get(listing.code)
        if old is not None:
            self.zeroconf.update_service(info)
        else:
            self.zeroconf.register_service(info)
        self.infos[listing.code] = info

    def close(self) -> None:
        for info in self.infos.values():
            self.zeroconf.unregister_service(info)
        self.zeroconf.close()


class Browser:
    """The games announced on the local network, kept up to date in the background."""

    def __init__(self) -> None:
        self.zeroconf = _zeroconf()
        self._found: dict[str, Listing] = {}
        self._lock = threading.Lock()
        self.browser = ServiceBrowser(self.zeroconf, SERVICE, handlers=[self._changed])

    def _changed(
        self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
    ) -> None:
        gone = state_change is ServiceStateChange.Removed
        info = None if gone else zeroconf.get_service_info(service_type, name, timeout=1500)
        with self._lock:
            self._found.pop(name, None)
            if info is not None:
                listing = listing_of(name, info)
                if listing is not None:
                    self._found[name] = listing

    def listings(self) -> list[Listing]:
        with self._lock:
            return sorted(self._found.values(), key=lambda listing: listing.name)

    def find(self, code: str) -> Listing | None:
        """The game with this join code, if it is announced."""
        wanted = code.strip().upper()
        return next((item for item in self.listings() if item.code == wanted), None)

    def close(self) -> None:
        self.browser.cancel()
        self.zeroconf.close()


def listing_of(name: str, info: ServiceInfo) -> Listing | None:
    """A listing from an announcement (None when it is not one of ours)."""
    props = {
        (key or b"").decode("utf-8", "replace"): (value or b"").decode("utf-8", "replace")
        for key, value in info.properties.items()
    }
    addresses = info.parsed_addresses()
    if not addresses or info.port is None:
        return None
    try:
        open_seats, version = int(props.get("open", "0")), int(props.get("v", "0"))
    except ValueError:
        return None
    label = name.removesuffix("." + SERVICE).rpartition(" ")[0] or name
    return Listing(
        label[:40],
        props.get("code", "")[:8],
        f"{addresses[0]}:{info.port}",
        props.get("game", "")[:40],
        open_seats,
        version,
    )
