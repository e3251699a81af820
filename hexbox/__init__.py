"""hexbox: five tabletop games of curses, werewolves and hidden loyalties, for people and for machines.

    import hexbox
    game = hexbox.load("werebeasts", players=5)
    state = game.new_state(seed=1)
"""

# The subpackage hexbox.games registers the built-in games. It must be imported before the function
# `games` is bound below: importing a subpackage sets the attribute of the same name on its parent.
from . import games as _builtin_games  # noqa: F401
from .core import (
    Action,
    ConfigError,
    Event,
    Game,
    IllegalAction,
    Record,
    Result,
    State,
    View,
    game_info,
    games,
    load,
    replay,
)

__version__ = "0.1.0"

__all__ = [
    "Action", "ConfigError", "Event", "Game", "IllegalAction", "Record", "Result", "State", "View", "game_info",
    "games", "load", "replay",
]
