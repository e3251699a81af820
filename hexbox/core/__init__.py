"""The game-agnostic engine: contracts, the gate, rng, records and replay, errors. Imports nothing else of hexbox."""

from .actions import JSON, Action, ActionSpace, Event, action_from_json
from .data import DataError, read_toml, require
from .errors import ConfigError, HexboxError, IllegalAction
from .game import Game, Result, State, as_seat, next_seat, round_from, rules, seats_text
from .options import Option, clock_options, coerce_option, resolve_options
from .record import Record, replay
from .registry import HOOKS, GameInfo, conformance_setups, game_info, games, load, load_with, register
from .rng import Rng, derive_seed
from .view import View

__all__ = [
    "HOOKS", "JSON", "Action", "ActionSpace", "ConfigError", "DataError", "Event", "Game", "GameInfo",
    "HexboxError", "IllegalAction", "Option", "Record", "Result", "Rng", "State", "View", "action_from_json",
    "as_seat", "clock_options", "coerce_option", "conformance_setups", "derive_seed", "game_info", "games", "load",
    "load_with", "next_seat", "read_toml", "register", "replay", "require", "resolve_options", "round_from",
    "rules", "seats_text",
]
