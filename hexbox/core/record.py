"""Records: (game, players, options, seed, actions) is the whole truth of a game."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .actions import JSON
from .errors import IllegalAction
from .game import State
from .registry import load_with


@dataclass
class Record:
    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    actions: list[tuple[int, JSON]] = field(default_factory=list)
    #: who played each seat at the terminal: "person" or a bot's spec ("heuristic", "ismcts:iters=200"), so
    #: that ``hexbox play --resume`` seats everybody again as they were; None when nobody noted it (a server's,
    #: a simulation's or an older record), and then left out of the JSON so those stay as they were
    seats: list[str] | None = None
    #: the name each seat's person went by (None: no name), so that a replay names them as the table did; None
    #: when nobody was named, and then left out of the JSON
    names: list[str | None] | None = None

    def to_json(self) -> JSON:
        out: JSON = {
            "game": self.game,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "actions": [[seat, action] for seat, action in self.actions],
        }
        if self.seats is not None:
            out["seats"] = list(self.seats)
        if self.names is not None and any(self.names):
            out["names"] = list(self.names)
        return out

    @classmethod
    def from_json(cls, obj: Any) -> Record:
        """A record from its JSON form; ``ValueError`` saying what is wrong with anything else.

        Only the shape is checked here; whether the game, options and moves make sense is for ``replay``.
        """
        if not isinstance(obj, dict):
            raise ValueError("not a hexbox record: a record is a JSON object")
        missing = [k for k in ("game", "players", "seed") if k not in obj]
        if missing:
            raise ValueError(f"not a hexbox record: missing {', '.join(missing)}")
        game, players, seed = obj["game"], obj["players"], obj["seed"]
        options, actions = obj.get("options", {}), obj.get("actions", [])
        if not isinstance(game, str):
            raise ValueError("not a hexbox record: game must be a name")
        if not _whole(players) or not 0 < players < 1000:
            raise ValueError("not a hexbox record: players must be a whole number of seats")
        if not _whole(seed):
            raise ValueError("not a hexbox record: seed must be a whole number")
        if not isinstance(options, dict):
            raise ValueError("not a hexbox record: options must be an object")
        if not isinstance(actions, list):
            raise ValueError("not a hexbox record: actions must be a list of [seat, action] pairs")
        moves = []
        for i, pair in enumerate(actions, 1):
            if not isinstance(pair, list | tuple) or len(pair) != 2:
                raise ValueError(f"not a hexbox record: action {i} is not a [seat, action] pair")
            seat, action = pair
            if not _whole(seat) or not 0 <= seat < players:
                raise ValueError(f"not a hexbox record: action {i} names no seat of {players} players")
            if not isinstance(action, dict):
                raise ValueError(f"not a hexbox record: action {i} is not an object")
            moves.append((seat, dict(action)))
        seats = obj.get("seats")
        if seats is not None and (not isinstance(seats, list) or len(seats) != players
                                  or not all(isinstance(s, str) and s for s in seats)):
            raise ValueError(f"not a hexbox record: seats must list who played each of the {players} seats")
        names = obj.get("names")
        if names is not None and (not isinstance(names, list) or len(names) != players
                                  or not all(n is None or isinstance(n, str) for n in names)):
            raise ValueError(f"not a hexbox record: names must give each of the {players} seats a name or null")
        return cls(game, players, dict(options), seed, moves, None if seats is None else list(seats),
                   None if names is None else list(names))

    def dumps(self) -> str:
        return json.dumps(self.to_json())

    @classmethod
    def loads(cls, text: str) -> Record:
        try:
            obj = json.loads(text)
        except (ValueError, RecursionError) as exc:  # JSONDecodeError is a ValueError; deep nesting is not
            raise ValueError(f"not JSON: {str(exc)[:120]}") from None
        return cls.from_json(obj)


def _whole(value: Any) -> bool:
    """A JSON whole number: an int, not a bool; a float such as 1e400 (inf) or 2.5 is not one."""
    return isinstance(value, int) and not isinstance(value, bool)


def replay(record: Record, upto: int | None = None) -> State:
    """The state after the record's first ``upto`` actions (all of them by default).

    ``ConfigError`` for a game that cannot be set up, ``IllegalAction`` naming the first move that cannot be made.
    """
    game = load_with(record.game, record.players, record.options)  # an option named like a parameter: ConfigError
    state = game.new_state(seed=record.seed)
    for i, (seat, action) in enumerate(record.actions[:upto], 1):
        try:
            state.apply(seat, game.parse_action(action))
        except (ValueError, IllegalAction) as exc:
            raise IllegalAction(f"action {i} of the record cannot be replayed: {exc}") from None
    return state
