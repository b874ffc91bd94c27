#!/bin/sh
# The Flatpak's launcher: the game's source tree under /app/lib/ohhell.
export PYTHONPATH=/app/lib/ohhell${PYTHONPATH:+:$PYTHONPATH}
exec python3 -m game "$@"
