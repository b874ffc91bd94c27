"""The hard level: the expert's information-set tree search on a small budget.

Hard grows the same tree as expert (:mod:`game.ai.infoset`, finished by the
smart play-out), on a sixth of its simulations and a third of its deals, weighed
like the expert's by how likely the others' bids (by the fitted bid model,
:mod:`game.ai.bidmodel`) and plays were with those cards; until issue 30's third
day it drew them uniformly, which measured worse at 5 cards. It replaced the
sampled-deal search (:mod:`game.ai.sampled`), which plans a different line for
every deal it samples; on the same deals the tree did better against the
yardstick for a few tens of milliseconds a decision (docs/ai.md, issue 30).
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
    infer=True,
    fitted_bids=True,
    share=1.0,
)
"""Hard's search: a solid club player's, within 100 ms a decision on one core."""


class HardAgent(TreeAgent):
    """The tree search at hard's budget."""

    level = "hard"
    default = HARD
