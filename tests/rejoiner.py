"""A player's program for the rejoin test: join a table the way the window does (with
the seat keys of ``OHHELL_HOME``), then play legal actions until killed.

    python -m tests.rejoiner ADDRESS [CODE]

Prints ``seat N`` once seated (or ``refused REASON``) and ``acted`` after each action.
"""

from __future__ import annotations

import sys
import time

from game.net.client import JoinError
from game.net.rejoin import join_table
from game.net.seatkeys import SeatKeys
from game.rules.phase import Phase


def main(argv: list[str]) -> int:
    address = argv[0]
    code = argv[1] if len(argv) > 1 else None
    try:
        session = join_table(address, "Bo", code, SeatKeys.of_user())
    except JoinError as error:
        print(f"refused {error.reason}", flush=True)
        return 1
    print(f"seat {session.seat}", flush=True)
    while not session.over:
        session.tick(0.01)
        view = session.view(session.seat)
        if view.phase is Phase.HAND_SCORED:
            session.continue_after_hand()
        elif session.human_to_act() is not None:
            session.act(view.legal[0])
            print("acted", flush=True)
        time.sleep(0.01)
    print("over", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
