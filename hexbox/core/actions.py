"""Actions and events: small values with a JSON form.

An action is a frozen dataclass with a class-level ``kind``. Games precreate every action of their fixed
encoding once (see :class:`ActionSpace`), so ``legal_actions`` hands out shared objects instead of building
new ones on every call.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any, ClassVar

from .errors import IllegalAction

JSON = dict[str, Any]


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    """Base of all actions. Subclasses are frozen dataclasses that set ``kind``."""

    kind: ClassVar[str] = ""

    def to_json(self) -> JSON:
        out: JSON = {"kind": self.kind}
        for name in _field_types(type(self)):
            out[name] = getattr(self, name)
        return out


@cache
def _field_types(cls: type) -> dict[str, type]:
    hints = typing.get_type_hints(cls)
    return {f.name: hints[f.name] for f in dataclasses.fields(cls)}


def action_from_json(kinds: Mapping[str, type[Action]], obj: Any) -> Action:
    """Build an action from its JSON form; ``ValueError`` with a clear message if it is malformed."""
    if not isinstance(obj, Mapping):
        raise ValueError(f"an action must be a JSON object, not {type(obj).__name__}")
    kind = obj.get("kind")
    if kind not in kinds:
        raise ValueError(f"unknown action kind {kind!r}; expected one of: {', '.join(sorted(kinds))}")
    cls = kinds[kind]
    types = _field_types(cls)
    extra = set(obj) - set(types) - {"kind"}
    if extra:
        raise ValueError(f"{kind}: unexpected field(s) {', '.join(sorted(extra))}")
    args = {}
    for name, typ in types.items():
        if name not in obj:
            raise ValueError(f"{kind}: missing field {name!r}")
        value = obj[name]
        # bool is an int in Python; a JSON true must not pass for a seat number
        if not isinstance(value, typ) or (typ is int and isinstance(value, bool)):
            raise ValueError(f"{kind}: field {name!r} must be {typ.__name__}, not {value!r}")
        args[name] = value
    return cls(**args)


class ActionSpace:
    """The fixed discrete encoding of a game's actions: id <-> action, the same for every player count."""

    __slots__ = ("actions", "ids", "kinds")

    def __init__(self, actions: Sequence[Action]):
        self.actions: tuple[Action, ...] = tuple(actions)
        self.ids: dict[Action, int] = {a: i for i, a in enumerate(self.actions)}
        if len(self.ids) != len(self.actions):
            raise ValueError("duplicate actions in an action space")
        self.kinds: dict[str, type[Action]] = {type(a).kind: type(a) for a in self.actions}

    def __len__(self) -> int:
        return len(self.actions)

    def id(self, action: Action) -> int:
        try:
            return self.ids[action]
        except (KeyError, TypeError):
            raise IllegalAction(f"{action!r} is not an action of this game") from None

    def action(self, i: int) -> Action:
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(self.actions):
            raise IllegalAction(f"action id {i!r} is out of range 0..{len(self.actions) - 1}")
        return self.actions[i]

    def parse(self, obj: Any) -> Action:
        action = action_from_json(self.kinds, obj)
        if action not in self.ids:
            raise ValueError(f"{action.to_json()} is not an action of this game (a value is out of range)")
        return self.actions[self.ids[action]]  # the shared instance


class Event:
    """Something that happened. ``to`` is None for a public event, else the seats that may see it."""

    __slots__ = ("kind", "data", "to")

    def __init__(self, kind: str, data: JSON | None = None, to: Iterable[int] | None = None):
        self.kind = kind
        self.data = data or {}
        self.to = None if to is None else frozenset(to)

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)

    @property
    def public(self) -> bool:
        return self.to is None

    def to_json(self) -> JSON:
        out: JSON = {"kind": self.kind, **self.data}
        if self.to is not None:
            out["to"] = sorted(self.to)
        return out

    def __repr__(self) -> str:
        return f"Event({self.to_json()!r})"
