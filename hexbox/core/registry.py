"""The registry of games: what exists, how many may play, which options, what each game offers, how to load one."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import ConfigError
from .options import Option, resolve_options

#: what a game may offer beyond the contract, each named in its registration as "module:attribute"
HOOKS = {
    "catalogue": "catalogue() -> dict: what is printed in the box (the game's cards.toml), public to every client",
    "render": "render(observation) -> str: the table for the terminal, in Rich markup",
    "describe": "describe(state, events, viewer) -> list[str]: what a viewer is told of a move",
    "menu": "a dict kind -> the entry a long list of legal actions files that kind under at its first step (kinds "
            "sharing an entry are chosen together; the others go under their own name)",
    "label": "label(state, seat, action) -> str: a legal action as its seat reads it now (else str(action))",
    "bot": "a class whose instances play: act(view, rng) -> action",
    "advice": "an object with ISMCTS advice: win_chances, search_actions, ISMCTS_DEFAULTS, and OWN_KINDS: the "
              "kinds an easy bot's random decisions leave to the bot (each optional)",
    "stats": "stats(final spectator observation) -> dict: designer statistics of one game",
    "first": "first(state) -> seat or None: who plays first (asked of the new state, then after each action until "
             "it names a seat); `hexbox simulate` records it, and reports count seats from it",
    "report": "sections(results, plot) -> list[Section]: the game's part of `hexbox report`",
    "schema": "an object with Public and Private, the types of the observation's two halves",
    "encoder": "encoder(game) -> Encoder: the observation vector of learning agents, read from observe(seat) alone",
    "out": "out(state, seat) -> how a seat is out of the game (\"dead\", \"eliminated\"), or (how, because: a "
           "clause to its player), else None; the server tells its person at once, with the move's sentences",
    "reveal": "reveal(finished state) -> list of {role, hidden, why} per seat: each seat's side, role or goals, the "
              "hidden cards the rules show at the end, and why it won or lost (seats named \"seat N\")",
    "timer": "timer(state) -> (seconds, window) or None: the server's clock on the decision now open; it restarts "
             "when window changes (None: at every move)",
}


#: the levels of bot a person can pick, weakest first (public as ``hexbox.agents.LEVELS``, where the default spec
#: of each is); a registration's ``levels`` gives the spec a level stands for in that game
LEVELS = ("easy", "normal", "hard")


@dataclass(frozen=True)
class GameInfo:
    """What a game package declares when it registers: names, player counts, options, and its hooks.

    ``factory`` and every hook are "module:attribute" strings, imported on first use, so that listing the
    games imports no rules. Adding a game touches nothing outside its package but the line that imports it.
    """

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
    #: the codes ``Result.kind`` may take
    result_kinds: tuple[str, ...] = ()
    #: hook name (see HOOKS) -> "module:attribute"
    hooks: Mapping[str, str] = field(default_factory=dict)
    #: the modules of the package (names without .py) that a playout runs through: legal actions, the gate's
    #: checks and handlers. What setup.py's compiled build compiles (docs/compiled.md)
    compiled: tuple[str, ...] = ()
    #: the mean turns of a game between the game's own bots at its default player count (`hexbox simulate GAME -n 40
    #: --agents heuristic`): a simulation whose median is under a third of it warns that its games end far sooner
    #: than the rules mean them to (hexbox.sim). None: no such warning
    intended_turns: int | None = None
    #: the ways (``Result.kind``, or the game's own ``end`` statistic) the game ends when it is played out by its
    #: rules: nearly every game of a run ending so is no sign of the bots. Empty: every ending is a side winning,
    #: and one side nearly always winning is what the simulation's warning is for
    regular_endings: tuple[str, ...] = ()
    #: ready-made sets of options the lobby offers beside the defaults ("Standard"): name -> options
    presets: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    #: level (LEVELS) -> the agent spec it stands for in this game, where it is not hexbox.agents' default; each
    #: is measured (docs/strength.md, "Levels")
    levels: Mapping[str, str] = field(default_factory=dict)
    #: the files of the game's own browser view, in hexbox/web/static/games/ (a ``.js`` module exporting ``Board``,
    #: and its styles); none: the browser shows the generic board, and asks for no file
    view: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        unknown = set(self.hooks) - set(HOOKS)
        if unknown:
            raise ValueError(f"{self.name}: unknown hook(s) {', '.join(sorted(unknown))}; known: {', '.join(HOOKS)}")
        if set(self.levels) - set(LEVELS):
            raise ValueError(f"{self.name}: unknown level(s) {', '.join(sorted(set(self.levels) - set(LEVELS)))}; "
                             f"known: {', '.join(LEVELS)}")
        names = {o.name for o in self.options}
        for preset, options in self.presets.items():
            if preset == "Standard" or set(options) - names:
                raise ValueError(f"{self.name}: preset {preset!r} is not a name (Standard is the defaults') or sets "
                                 f"an option the game lacks: {', '.join(sorted(set(options) - names))}")
        script, style = f"{self.name}.js", f"{self.name}.css"
        if set(self.view) - {script, style} or (self.view and script not in self.view):
            raise ValueError(f"{self.name}: a view is {self.name}.js and, if styled, {self.name}.css, not {self.view}")

    @property
    def builtin(self) -> bool:
        """Whether the game is one of hexbox's own (its package is in ``hexbox.games``): the project's docs/ describe
        those; a game from elsewhere describes itself in its package."""
        return self.package.startswith("hexbox.games.")

    @property
    def package(self) -> str:
        """The game's package: the one of the module its ``factory`` names."""
        return self.factory.partition(":")[0].rpartition(".")[0]

    def option(self, name: str) -> Option:
        for o in self.options:
            if o.name == name:
                return o
        raise ConfigError(f"{self.name} has no option {name!r}; its options: {', '.join(o.name for o in self.options)}")

    def hook(self, name: str) -> Any:
        """The object a hook names, or None where the game offers none."""
        if name not in HOOKS:
            raise KeyError(f"no hook {name!r}; known: {', '.join(HOOKS)}")
        target = self.hooks.get(name)
        return None if target is None else _resolve(target)

    def need(self, name: str, who: str) -> Any:
        """The hook, or a ConfigError saying that ``who`` needs what this game does not offer."""
        found = self.hook(name)
        if found is None:
            raise ConfigError(f"{who}: {self.name} offers no {name} ({HOOKS[name].split(':')[0]})")
        return found


_RESOLVED: dict[str, Any] = {}


def _resolve(target: str) -> Any:
    found = _RESOLVED.get(target)
    if found is None:
        module, _, attr = target.partition(":")
        found = _RESOLVED[target] = getattr(importlib.import_module(module), attr)
    return found


_REGISTRY: dict[str, GameInfo] = {}


def register(info: GameInfo) -> None:
    _REGISTRY[info.name] = info


def games() -> list[str]:
    return sorted(_REGISTRY)


def packages() -> tuple[str, ...]:
    """The packages of the registered games: what a fresh process (a server's bot worker, a simulation's) imports
    to know the same games as this one, a game registered from outside hexbox.games included."""
    return tuple(_REGISTRY[name].package for name in games())


def import_packages(names: tuple[str, ...]) -> None:
    """Import (and so register) the games of ``packages()`` of another process; a package imports its rules lazily."""
    for name in names:
        importlib.import_module(name)


def game_info(name: str) -> GameInfo:
    if not isinstance(name, str) or name not in _REGISTRY:
        shown = repr(name) if isinstance(name, str) else f"a {type(name).__name__}"
        raise ConfigError(f"unknown game {shown[:60]}; available: {', '.join(games()) or 'none'}")
    return _REGISTRY[name]


def load(name: str, /, players: int | None = None, **options: Any) -> Any:
    """Set up a game; ConfigError names what is wrong with the name, the player count or an option.

    ``name`` is positional-only, so an option called ``name`` is an unknown option like any other; ``players`` is
    the keyword that sets the player count. Options that come as data (a table's, a record's) go through
    ``load_with``, where no option name can meet a parameter.
    """
    return load_with(name, players, options)


def load_with(name: str, players: int | None = None, options: Mapping[str, Any] | None = None) -> Any:
    """``load`` with the options as a mapping: for options that come as data (a server's table, a record), where an
    option called ``players`` or ``name`` must be refused as an unknown option (ConfigError), not collide with a
    parameter (TypeError)."""
    info = game_info(name)
    if players is None:
        players = info.default_players or info.min_players
    if not isinstance(players, int) or isinstance(players, bool) or not info.min_players <= players <= info.max_players:
        shown = players if isinstance(players, int) and abs(players) < 10**6 else f"a {type(players).__name__}"
        raise ConfigError(f"{name} is for {info.min_players} to {info.max_players} players, not {shown}")
    if options is None:
        options = {}
    elif not isinstance(options, Mapping):
        raise ConfigError(f"options are a mapping of names to values, not a {type(options).__name__}")
    resolved = resolve_options(info.options, options, players)
    game_cls = _resolve(info.factory)  # a core.Game class: this module is below game.py, which imports it
    game = game_cls(players, resolved)
    game.info = info
    return game


def conformance_setups() -> list[tuple[str, int, dict[str, Any]]]:
    """(game, players, options) for every set-up that registered games ask the conformance kit to play."""
    out = []
    for name in games():
        for setup in _REGISTRY[name].conformance:
            opts = dict(setup)
            out.append((name, opts.pop("players"), opts))
    return out
