"""The registry of games: what exists, how many may play, which options, and how to load one."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import ConfigError
from .game import Game
from .options import Option, resolve_options


@dataclass(frozen=True)
class GameInfo:
    """What a game package declares when it registers. ``factory`` is "module:Class", imported on first load."""

    name: str
    title: str
    min_players: int
    max_players: int
    factory: str
    options: tuple[Option, ...] = ()
    default_players: int | None = None
    summary: str = ""
    # set-ups the conformance kit plays: {"players": N, **options}
    conformance: tuple[Mapping[str, Any], ...] = field(default=())

    def option(self, name: str) -> Option:
        for o in self.options:
            if o.name == name:
                return o
        raise ConfigError(f"{self.name} has no option {name!r}; its options: {', '.join(o.name for o in self.options)}")


_REGISTRY: dict[str, GameInfo] = {}


def register(info: GameInfo) -> None:
    _REGISTRY[info.name] = info


def games() -> list[str]:
    return sorted(_REGISTRY)


def game_info(name: str) -> GameInfo:
    try:
        return _REGISTRY[name]
    except KeyError:
        raise ConfigError(f"unknown game {name!r}; available: {', '.join(games()) or 'none'}") from None


def load(name: str, players: int | None = None, **options: Any) -> Game:
    """Set up a game; ConfigError names what is wrong with the name, the player count or an option."""
    info = game_info(name)
    if players is None:
        players = info.default_players or info.min_players
    if not isinstance(players, int) or isinstance(players, bool) or not info.min_players <= players <= info.max_players:
        raise ConfigError(f"{name} is for {info.min_players} to {info.max_players} players, not {players!r}")
    resolved = resolve_options(info.options, options, players)
    module, _, cls = info.factory.partition(":")
    game_cls: type[Game] = getattr(importlib.import_module(module), cls)
    return game_cls(players, resolved)


def conformance_setups() -> list[tuple[str, int, dict[str, Any]]]:
    """(game, players, options) for every set-up that registered games ask the conformance kit to play."""
    out = []
    for name in games():
        for setup in _REGISTRY[name].conformance:
            opts = dict(setup)
            out.append((name, opts.pop("players"), opts))
    return out


