"""Every hexbox game as an OpenSpiel game: ``import hexbox.adapters.openspiel`` registers ``hexbox_<game>``.

    import pyspiel
    import hexbox.adapters.openspiel  # noqa: F401
    game = pyspiel.load_game("hexbox_prowl", {"players": 3})

Parameters: ``players``, every option of the game (``hexbox games``), ``reward`` ("win": +1 a winner, -1 the
others; "score": the game's scores) and ``max_steps`` (0: none; else the game stops after that many actions with
returns 0 for all, for algorithms that need a bound). The game is sequential: where several seats may act at
once they are served one after another, the lowest seat first, and applied as the game says.

Chance stays inside the hexbox state (one seeded generator): the game is *sampled stochastic*, with no chance
nodes. A state cloned by ``clone()`` carries the same generator, so an algorithm that searches the true state
(OpenSpiel's MCTS) sees what is hidden — the fair search for these games is ISMCTS, whose worlds come from
``resample_from_infostate``, backed by the game's ``resample``: a world consistent with what the seat knows,
with a generator of its own.

What a player sees:
- the observation tensor is the game's encoder on ``observe(player)`` (``hexbox encoding GAME``); the
  observation string is that observation as JSON;
- the information-state string is everything the player has been told, move by move, in the game's own sentences
  for that viewer, then the observation; the information-state tensor is the observation tensor followed by one
  number per action id: 1 where the player has taken that action.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from hexbox.core.registry import game_info, games, load

from . import check_reward, next_seat, rewards


def _defaults(name: str) -> dict[str, Any]:
    info = game_info(name)
    params: dict[str, Any] = {"players": info.default_players or info.min_players, "reward": "win", "max_steps": 0}
    for option in info.options:  # OpenSpiel's parameters are bool, int, float or str, as hexbox options are
        params[option.name] = option.default
    return params


def _game_type(name: str) -> pyspiel.GameType:
    info = game_info(name)
    return pyspiel.GameType(
        short_name=f"hexbox_{name}",
        long_name=f"hexbox {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_defaults(name),
    )


class HexboxGame(pyspiel.Game):
    """One hexbox game for OpenSpiel; ``params`` as in the module's docstring."""

    NAME = ""  # set by the subclass that register() makes for each game

    def __init__(self, params: dict[str, Any] | None = None):
        params = {**_defaults(self.NAME), **(params or {})}
        self.reward_kind = check_reward(params.pop("reward"))
        self.max_steps = int(params.pop("max_steps"))
        players = params.pop("players")
        info = game_info(self.NAME)
        options = {o.name: params[o.name] for o in info.options if o.name in params}
        self.hexbox = load(self.NAME, players, **options)
        self.encoder = info.need("encoder", "the OpenSpiel adapter")(self.hexbox)
        low, high = (-1.0, 1.0) if self.reward_kind == "win" else (-1e6, 1e6)
        super().__init__(_game_type(self.NAME), pyspiel.GameInfo(
            num_distinct_actions=self.hexbox.num_action_ids,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=low,
            max_utility=high,
            max_game_length=self.max_steps or 10**6,
        ), {"players": players, "reward": self.reward_kind, "max_steps": self.max_steps, **options})
        self._seeds = random.Random(0)

    def __deepcopy__(self, memo: Any) -> HexboxGame:
        return self  # nothing of a game changes but its sequence of seeds, which copies must go on sharing

    def new_initial_state(self, seed: int | None = None) -> HexboxState:
        # each new game of this object deals the next seed of one fixed sequence: runs repeat
        return HexboxState(self, None, seed=self._seeds.randrange(1 << 31) if seed is None else seed)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        if params:
            raise ValueError(f"hexbox observers take no parameters, not {params}")
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return _Observer(self, recall)


class HexboxState(pyspiel.State):
    """A hexbox state behind OpenSpiel's State; ``hexbox`` is the hexbox state itself."""

    def __init__(self, game: HexboxGame, state: Any, told: list[Any] | None = None, mine: list[int] | None = None,
                 steps: int = 0, seed: int = 0):
        super().__init__(game)
        self._game = game
        # dealt on first use: OpenSpiel clones a Python state by making a new initial state and copying the
        # attributes over, so a deal made here would be thrown away at every clone
        self._hexbox = state
        self._seed = seed
        n = game.hexbox.players
        # what each player has been told, as a chain (lines, earlier) shared between clones; and, per player, a
        # bit per action id it has taken
        self._told: list[Any] = told if told is not None else [None] * n
        self._mine: list[int] = mine if mine is not None else [0] * n
        self._steps = steps

    @property
    def hexbox(self) -> Any:
        """The hexbox state itself."""
        if self._hexbox is None:
            self._hexbox = self._game.hexbox.new_state(self._seed)
        return self._hexbox

    # ---- turns and moves ----------------------------------------------------------------------------------

    def current_player(self) -> int:
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return next_seat(self.hexbox.actors)

    def _legal_actions(self, player: int) -> list[int]:
        state = self.hexbox
        if self.is_terminal() or player not in state.actors:
            return []
        return state.legal_action_ids(player)

    def _apply_action(self, action: int) -> None:
        seat = next_seat(self.hexbox.actors)
        hexgame = self._game.hexbox
        events = self.hexbox.apply(seat, hexgame.action_from_id(int(action)))
        self._mine[seat] |= 1 << int(action)
        self._steps += 1
        for p in range(hexgame.players):
            if any(e.visible_to(p) for e in events):
                lines = self.hexbox.describe(events, p)
                if lines:
                    self._told[p] = _Told(tuple(lines), self._told[p])

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self._game.hexbox.action_from_id(action))

    def is_terminal(self) -> bool:
        return self.hexbox.is_over or (self._game.max_steps > 0 and self._steps >= self._game.max_steps)

    def returns(self) -> list[float]:
        n = self._game.hexbox.players
        if not self.hexbox.is_over:
            return [0.0] * n
        return rewards(self.hexbox.result, n, self._game.reward_kind)

    def __str__(self) -> str:
        return json.dumps(self.hexbox.observe(None), sort_keys=True)

    # ---- copies and worlds --------------------------------------------------------------------------------

    def clone(self) -> HexboxState:
        return HexboxState(self._game, self.hexbox.clone(), list(self._told), list(self._mine), self._steps)

    def __deepcopy__(self, memo: Any) -> HexboxState:
        return self.clone()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> HexboxState:
        """A world consistent with what ``player_id`` knows, from the game's ``resample``. Every player of the
        world is taken to have been told what ``player_id`` was told, and to have taken no action of its own that
        ``player_id`` could name: nothing else is known of them."""
        rng = random.Random(int(probability_sampler() * (1 << 53)))
        world = self.hexbox.resample(player_id, rng)
        told = [self._told[player_id]] * len(self._told)
        # and only its own actions are known: what the others chose may have been secret
        mine = [bits if p == player_id else 0 for p, bits in enumerate(self._mine)]
        return HexboxState(self._game, world, told, mine, self._steps)

    # ---- what a player knows ------------------------------------------------------------------------------

    def told(self, player: int) -> list[str]:
        """The sentences ``player`` has been told since the start, in order."""
        chunks, node = [], self._told[player]
        while node is not None:
            chunks.append(node.lines)
            node = node.earlier
        return [line for chunk in reversed(chunks) for line in chunk]


class _Told:
    """What one move told a player, and what it had been told before: a chain shared by clones, never copied
    (OpenSpiel deep-copies a Python state's attributes to clone it; a chain as deep as the game is long would
    exceed the recursion limit)."""

    __slots__ = ("lines", "earlier")

    def __init__(self, lines: tuple[str, ...], earlier: _Told | None):
        self.lines = lines
        self.earlier = earlier

    def __deepcopy__(self, memo: Any) -> _Told:
        return self


class _Observer:
    """OpenSpiel's PyObserver: the observation (or, with perfect recall, the information state) of a player."""

    def __init__(self, game: HexboxGame, recall: bool):
        self._encoder = game.encoder
        self._recall = recall
        size = game.encoder.size
        ids = game.hexbox.num_action_ids
        self.tensor = np.zeros(size + (ids if recall else 0), np.float32)
        self.dict = {"observation": self.tensor[:size]}
        if recall:
            self.dict["my_actions"] = self.tensor[size:]

    def set_from(self, state: HexboxState, player: int) -> None:
        self.tensor.fill(0.0)
        vec = self._encoder.sparse(state.hexbox.observe(player))
        self.tensor[vec.index] = vec.value
        if self._recall:
            mine, base = state._mine[player], self._encoder.size
            while mine:
                low = mine & -mine
                self.tensor[base + low.bit_length() - 1] = 1.0
                mine ^= low

    def string_from(self, state: HexboxState, player: int) -> str:
        seen = json.dumps(state.hexbox.observe(player), sort_keys=True, separators=(",", ":"))
        if not self._recall:
            return seen
        return "\n".join([*state.told(player), seen])


def register(name: str) -> None:
    cls = type(f"Hexbox{name.capitalize()}Game", (HexboxGame,), {"NAME": name})
    pyspiel.register_game(_game_type(name), cls)


for _name in games():
    register(_name)
