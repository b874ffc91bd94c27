"""Entry point: ``uv run ohhell`` or ``python -m game``."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    from game.cli import run

    try:
        return run(sys.argv[1:] if argv is None else argv)
    except BrokenPipeError:  # output piped into a program that stopped reading
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
