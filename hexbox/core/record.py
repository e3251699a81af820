"""Records: (game, players, options, seed, actions) is the whole truth of a game."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .actions import JSON
from .game import State
from .registry import load


@dataclass
class Record:
    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    actions: list[tuple[int, JSON]] = field(default_factory=list)

    def to_json(self) -> JSON:
        return {
            "game": self.game,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "actions": [[seat, action] for seat, action in self.actions],
        }

    @classmethod
    def from_json(cls, obj: Any) -> Record:
        if not isinstance(obj, dict):
            raise ValueError("a record must be a JSON object")
        try:
            actions = [(int(seat), dict(action)) for seat, action in obj.get("actions", [])]
            return cls(str(obj["game"]), int(obj["players"]), dict(obj.get("options", {})), int(obj["seed"]), actions)
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a hexbox record: {exc}") from None

    def dumps(self) -> str:
        return json.dumps(self.to_json())

    @classmethod
    def loads(cls, text: str) -> Record:
        return cls.from_json(json.loads(text))


def replay(record: Record, upto: int | None = None) -> State:
    """The state after the record's first ``upto`` actions (all of them by default)."""
    game = load(record.game, players=record.players, **record.options)
    state = game.new_state(seed=record.seed)
    for seat, action in record.actions[:upto]:
        state.apply(seat, game.parse_action(action))
    return state
