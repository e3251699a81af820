"""Agents choose actions from a View (docs/design.md §4): random, per-game heuristics, and whatever comes next.

An agent is any object with ``act(view, rng) -> Action``. It never sees the true state: only the seat's
observation, its legal actions and ``view.sample(rng)``, a world consistent with what the seat knows.
"""

from __future__ import annotations

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
    """The game's own bot, the class its registration names as its ``bot`` hook."""
    return game_info(game).need("bot", "agent 'heuristic'")()


AGENT_KINDS = ("random", "heuristic", "ismcts")
PARAM_SEPARATORS = "+;"  # not ",": commas separate the seats of --agents


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"ismcts:iters=200+c=0.7"`` -> ``("ismcts", {"iters": "200", "c": "0.7"})``; ``;`` works as ``+``."""
    kind, _, rest = spec.strip().partition(":")
    kind = kind.strip().lower()
    params: dict[str, str] = {}
    if rest.strip():
        for part in rest.replace(";", "+").split("+"):
            key, eq, value = part.partition("=")
            key, value = key.strip().lower(), value.strip()
            if not eq or not key or not value:
                raise ConfigError(f"agent {spec!r}: parameters are key=value separated by '+', not {part!r}")
            if key in params:
                raise ConfigError(f"agent {spec!r}: parameter {key!r} given twice")
            params[key] = value
    return kind, params


def make_agent(spec: str, game: str) -> Agent:
    """An agent from its command-line spec: ``random``, ``heuristic`` or ``ismcts[:key=value+key=value…]``."""
    kind, params = parse_spec(spec)
    if kind == "ismcts":
        from .ismcts import ISMCTS

        game_info(game)
        return ISMCTS.from_params(params, game)
    if kind in ("random", "heuristic") and params:
        raise ConfigError(f"agent {kind!r} takes no parameters, not {spec!r}")
    if kind == "random":
        return RandomAgent()
    if kind == "heuristic":
        return heuristic_for(game)
    hint = " (separate an agent's parameters with '+', seats with ',')" if "=" in spec and ":" not in spec else ""
    raise ConfigError(f"unknown agent {spec!r}; expected one of: {', '.join(AGENT_KINDS)}{hint}")


__all__ = ["AGENT_KINDS", "Agent", "RandomAgent", "View", "heuristic_for", "make_agent", "parse_spec"]
