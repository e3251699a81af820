"""Agents choose actions from a View (docs/design.md §4): random, per-game heuristics, and whatever comes next.

An agent is any object with ``act(view, rng) -> Action``. It never sees the true state: only the seat's
observation, its legal actions and ``view.sample(rng)``, a world consistent with what the seat knows.
"""

from __future__ import annotations

import inspect
import random
from typing import Protocol

from hexbox.core import Action, ConfigError, View, game_info, read_toml
from hexbox.core.registry import LEVELS as _LEVELS


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


class Sloppy:
    """The game's bot, but a share of its decisions are random, among the moves the game's advice
    (``search_actions``) deems worth making: a weaker player that still plays the game, not a reckless one.

    Actions of the kinds the advice names in ``OWN_KINDS`` stay the bot's own even in a random decision: the
    bot's move when it is of such a kind (in the place of all of them, with their share of the draw), else none
    of them. Transylvania names its steps: a random step toward the advice's goal between the bot's steps toward
    its own walked back and forth."""

    name = "heuristic"

    def __init__(self, bot: Agent, share: float, game: str):
        self.bot, self.share, self.game = bot, share, game

    def act(self, view: View, rng: random.Random) -> Action:
        legal = view.legal_actions
        if len(legal) > 1 and rng.random() < self.share:
            from .ismcts import own_kinds_for, pruner_for

            prune = pruner_for(self.game)
            if prune is not None:
                legal = prune(view.sample(rng), view.seat, legal)
            own = own_kinds_for(self.game)
            if own and any(a.kind in own for a in legal):
                mine = self.bot.act(view, rng)
                others = [a for a in legal if a.kind not in own]
                legal = others + [mine] * (len(legal) - len(others)) if mine.kind in own else others or [mine]
            return rng.choice(legal)
        return self.bot.act(view, rng)


#: the levels a person can pick, weakest first: the lobby's, `hexbox play --bots`' and a server seat's. Each stands
#: for an agent spec per game: the game's registration (``GameInfo.levels``), else the default of levels.toml
LEVELS = _LEVELS
_DEFAULT_LEVELS = read_toml(__package__, "levels.toml")["default"]


def level_spec(level: str, game: str) -> str:
    """The agent spec of a level for a game: ``level_spec("hard", "prowl")`` -> ``"ismcts:iters=300+worlds=belief"``."""
    name = level.strip().lower()
    if name not in LEVELS:
        raise ConfigError(f"unknown level {level!r}; expected one of: {', '.join(LEVELS)}")
    return game_info(game).levels.get(name) or _DEFAULT_LEVELS[name]


def levels(game: str) -> dict[str, str]:
    """Every level of a game, weakest first, with the agent spec it stands for there (what /api/games sends)."""
    return {name: level_spec(name, game) for name in LEVELS}


def resolve(spec: str, game: str) -> str:
    """A level's agent spec for ``game``, or ``spec`` itself when it names no level."""
    kind, params = parse_spec(spec)
    if kind in LEVELS:
        if params:
            raise ConfigError(f"level {kind!r} takes no parameters, not {spec!r}; give an agent spec instead")
        return level_spec(kind, game)
    return spec


def _heuristic(spec: str, game: str, params: dict[str, str]) -> Agent:
    """The game's bot, built with the keyword parameters its class declares (``heuristic:min_belief=0.95``),
    and ``random=P``: that share of its moves random (:class:`Sloppy`)."""
    cls = game_info(game).need("bot", "agent 'heuristic'")
    own = {name: p.default for name, p in inspect.signature(cls).parameters.items()
           if p.default is not inspect.Parameter.empty and not name.startswith("_")}
    kwargs: dict[str, object] = {}
    for key, text in params.items():
        if key == "random":
            continue
        if key not in own:
            known = ", ".join(["random=P", *own])
            raise ConfigError(f"agent 'heuristic' takes no parameters but {known} for {game}, not {spec!r}")
        kind = type(own[key])
        if kind is bool:
            if text.lower() not in ("yes", "no", "true", "false"):
                raise ConfigError(f"heuristic: {key} is yes or no, not {text!r}")
            kwargs[key] = text.lower() in ("yes", "true")
            continue
        try:
            kwargs[key] = kind(text) if kind in (int, float) else text
        except ValueError:
            raise ConfigError(f"heuristic: {key} expects a{'n integer' if kind is int else ' number'}, "
                              f"not {text!r}") from None
    bot = cls(**kwargs)
    if "random" not in params:
        return bot
    try:
        share = float(params["random"])
    except ValueError:
        share = -1.0
    if not 0.0 <= share <= 1.0:
        raise ConfigError(f"heuristic: random is a share of moves from 0 to 1, not {params['random']!r}")
    return Sloppy(bot, share, game)


AGENT_KINDS = ("random", "heuristic", "ismcts", *LEVELS)
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
    """An agent from its command-line spec: a level (``easy``, ``normal``, ``hard``), ``random``,
    ``heuristic[:random=P]`` or ``ismcts[:key=value+key=value…]``."""
    kind, params = parse_spec(resolve(spec, game))
    if kind == "ismcts":
        from .ismcts import ISMCTS

        game_info(game)
        return ISMCTS.from_params(params, game)
    if kind == "random" and params:
        raise ConfigError(f"agent {kind!r} takes no parameters, not {spec!r}")
    if kind == "random":
        return RandomAgent()
    if kind == "heuristic":
        return _heuristic(spec, game, params)
    hint = " (separate an agent's parameters with '+', seats with ',')" if "=" in spec and ":" not in spec else ""
    raise ConfigError(f"unknown agent {spec!r}; expected one of: {', '.join(AGENT_KINDS)}{hint}")


__all__ = ["AGENT_KINDS", "LEVELS", "Agent", "RandomAgent", "Sloppy", "View", "heuristic_for", "level_spec", "levels",
           "make_agent", "parse_spec", "resolve"]
