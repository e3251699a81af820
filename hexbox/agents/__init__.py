"""Agents choose actions from a View (DESIGN §4): random, per-game heuristics, and whatever comes next.

An agent is any object with ``act(view, rng) -> Action``. It never sees the true state: only the seat's
observation, its legal actions and ``view.sample(rng)``, a world consistent with what the seat knows.
"""

from __future__ import annotations

import importlib
import random
from typing import Protocol

from hexbox.core import Action, ConfigError, View, game_info


class Agent(Protocol):
    def act(self, view: View, rng: random.Random) -> Action: ...


class RandomAgent:
    """Uniform over the legal actions."""

    name = "random"

    def act(self, view: View, rng: random.Random) -> Action:
        return rng.choice(view.legal_actions)


def heuristic_for(game: str) -> Agent:
    """The game's own bot: ``hexbox.games.<game>.heuristic.Heuristic``."""
    game_info(game)  # a clear ConfigError for an unknown game
    try:
        module = importlib.import_module(f"hexbox.games.{game}.heuristic")
    except ModuleNotFoundError:
        raise ConfigError(f"{game} has no heuristic bot yet") from None
    return module.Heuristic()


AGENT_KINDS = ("random", "heuristic")


def make_agent(spec: str, game: str) -> Agent:
    """An agent from its command-line name: ``random`` or ``heuristic``."""
    kind = spec.strip().lower()
    if kind == "random":
        return RandomAgent()
    if kind == "heuristic":
        return heuristic_for(game)
    raise ConfigError(f"unknown agent {spec!r}; expected one of: {', '.join(AGENT_KINDS)}")


__all__ = ["AGENT_KINDS", "Agent", "RandomAgent", "View", "heuristic_for", "make_agent"]
