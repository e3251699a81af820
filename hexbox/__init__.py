"""hexbox: tabletop games of curses, werewolves and hidden loyalties, for people and for machines.

    import hexbox
    hexbox.games()                       # the sorted names of the registered games
    game = hexbox.load("werebeasts", players=5)
    state = game.new_state(seed=1)
"""

# hexbox.games is the package of the built-in games (importing it registers them), and it is callable:
# hexbox.games() lists them.
from . import games
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
    load,
    load_with,
    replay,
)

__version__ = "0.1.0"

__all__ = [
    "Action", "ConfigError", "Event", "Game", "IllegalAction", "Record", "Result", "State", "View", "game_info",
    "games", "load", "load_with", "replay",
]
