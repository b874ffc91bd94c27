"""The hard level: the expert's information-set tree search on a small budget.

Hard grows the same tree as expert (:mod:`game.ai.infoset`, finished by the
smart play-out), on a sixth of its simulations and a third of its deals, and
draws those deals uniformly among the ones consistent with what it saw, without
weighing them by what the bids and plays so far suggest (no inference). It
replaced the sampled-deal search (:mod:`game.ai.sampled`), which plans a
different line for every deal it samples; on the same deals the tree did
better against the yardstick for a few tens of milliseconds a decision
(docs/ai.md, issue 30).
"""

from __future__ import annotations

from game.ai.expert import TreeAgent
from game.ai.infoset import TreeConfig

__all__ = ["HARD", "HardAgent"]

HARD = TreeConfig(
    budget=25_000,
    min_iterations=100,
    max_iterations=1_000,
    deals=200,
    infer=False,
    share=1.0,
)
"""Hard's search: a solid club player's, within 100 ms a decision on one core."""


class HardAgent(TreeAgent):
    """The tree search at hard's budget, on uniformly drawn deals."""

    level = "hard"
    default = HARD
