"""GROWL's ``advice`` hook: what ISMCTS takes from this game.

It stands apart from the bot (heuristic.py) because the fitted belief that draws the worlds of ``worlds=belief``
(belief.py) reads the bot's own suspicions as one of its inputs: heuristic <- belief <- advice, no circle.
GROWL has no move pruning of its own.
"""

from __future__ import annotations

import types

from .belief import determinizer, root_actions
from .heuristic import ISMCTS_DEFAULTS, win_chances

ADVICE = types.SimpleNamespace(win_chances=win_chances, ISMCTS_DEFAULTS=ISMCTS_DEFAULTS, determinizer=determinizer,
                               root_actions=root_actions)
