"""Actions and events: small values with a JSON form.

An action is a frozen dataclass with a class-level ``kind``. Games precreate every action of their fixed
encoding once (see :class:`ActionSpace`), so ``legal_actions`` hands out shared objects instead of building
new ones on every call, and the rules may compare actions by identity.
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
    """Base of all actions. Subclasses are frozen dataclasses that set ``kind``.

    ``str(action)`` is a sentence for the player who makes the move (it may name their secret card). Other
    viewers are told of a move only through ``State.describe``, which sees the events they may see.
    """

    kind: ClassVar[str] = ""

    # actions are immutable and the games keep the shared instances of their space (checked by identity):
    # a copy, deep or not, is the action itself
    def __copy__(self) -> Action:
        return self

    def __deepcopy__(self, memo: Any) -> Action:
        return self

    def to_json(self) -> JSON:
        out: JSON = {"kind": self.kind}
        for name in _field_types(type(self)):
            out[name] = getattr(self, name)
        return out


@cache
def _field_types(cls: type) -> dict[str, type]:
    hints = typing.get_type_hints(cls)
    return {f.name: hints[f.name] for f in dataclasses.fields(cls)}


def _kind_name(value: Any) -> str:
    return "null" if value is None else type(value).__name__


def action_from_json(kinds: Mapping[str, type[Action]], obj: Any) -> Action:
    """Build an action from its JSON form; ``ValueError`` with a clear message for any malformed value."""
    if not isinstance(obj, Mapping):
        raise ValueError(f"an action must be a JSON object, not {_kind_name(obj)}")
    kind = obj.get("kind")
    if not isinstance(kind, str) or kind not in kinds:
        shown = repr(kind) if isinstance(kind, str | int | float | None) else f"a {_kind_name(kind)}"
        raise ValueError(f"unknown action kind {shown[:60]}; expected one of: {', '.join(sorted(kinds))}")
    cls = kinds[kind]
    types = _field_types(cls)
    extra = [k for k in obj if k != "kind" and k not in types]
    if extra:
        raise ValueError(f"{kind}: unexpected field(s) {', '.join(sorted(map(str, extra)))[:200]}")
    args = {}
    for name, typ in types.items():
        if name not in obj:
            raise ValueError(f"{kind}: missing field {name!r}")
        value = obj[name]
        # bool is an int in Python; a JSON true must not pass for a seat number
        if not isinstance(value, typ) or (typ is int and isinstance(value, bool)):
            raise ValueError(f"{kind}: field {name!r} must be {typ.__name__}, not {_kind_name(value)}")
        args[name] = value
    return cls(**args)


class ActionSpace:
    """The fixed discrete encoding of a game's actions: id <-> action, the same for every player count.

    ``index`` maps the ``id()`` of every precreated action to its action id, and ``shared`` is its keys: the gate in
    ``core`` recognises the shared instances without hashing a dataclass (2.4x faster than ``ids`` for a list of
    legal actions), and maps an equal copy (parsed, or built by hand) to the shared instance.
    """

    __slots__ = ("actions", "ids", "kinds", "index", "shared")

    def __init__(self, actions: Sequence[Action]):
        self.actions: tuple[Action, ...] = tuple(actions)
        self.ids: dict[Action, int] = {a: i for i, a in enumerate(self.actions)}
        if len(self.ids) != len(self.actions):
            raise ValueError("duplicate actions in an action space")
        self.kinds: dict[str, type[Action]] = {type(a).kind: type(a) for a in self.actions}
        self.index: dict[int, int] = {id(a): i for i, a in enumerate(self.actions)}
        self.shared = self.index.keys()

    def __len__(self) -> int:
        return len(self.actions)

    def canonical(self, action: Any) -> Action:
        """The shared instance equal to ``action``; ``IllegalAction`` for anything that is not one of ours."""
        if id(action) in self.index:
            return action
        if not isinstance(action, Action):
            raise IllegalAction(f"an action must be an Action of this game, not {_kind_name(action)}")
        try:
            i = self.ids.get(action)
        except TypeError:  # a hand-built action holding an unhashable value
            i = None
        if i is None:
            raise IllegalAction(f"{type(action).__name__} {action.to_json()!r:.120} is not an action of this game")
        return self.actions[i]

    def id(self, action: Action) -> int:
        return self.ids[self.canonical(action)]

    def action(self, i: int) -> Action:
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(self.actions):
            raise IllegalAction(f"action id {i!r:.40} is out of range 0..{len(self.actions) - 1}")
        return self.actions[i]

    def parse(self, obj: Any) -> Action:
        action = action_from_json(self.kinds, obj)
        i = self.ids.get(action)
        if i is None:
            raise ValueError(f"{action.to_json()} is not an action of this game (a value is out of range)")
        return self.actions[i]  # the shared instance


def _seats(kind: str, to: Iterable[int]) -> frozenset[int]:
    try:
        seats = frozenset(to)
    except TypeError:
        raise TypeError(f"Event {kind!r}: to= is a seat or an iterable of seats, not a {type(to).__name__}") from None
    if not all(isinstance(s, int) for s in seats):
        raise TypeError(f"Event {kind!r}: to= names seats by their numbers, not {sorted(map(repr, seats))}")
    return seats


class Event:
    """Something that happened: a ``kind``, its ``data``, and its audience ``to``.

    ``to`` is None for a public event, else the seats that may see it: one seat (an int) or several (any iterable of
    ints); it is kept as a frozenset of seats. Data and audience are kept apart: an
    event may well have a field called "to" (a card sent to a seat) without it being taken for the audience.

    An event is never changed once ``apply`` has returned it, so a game may make an event that recurs (GROWL's
    "turn", its Day gifts) once and return the same object from every state; ``to_json`` gives a copy.
    """

    __slots__ = ("kind", "data", "to")

    def __init__(self, kind: str, data: JSON | None = None, to: int | Iterable[int] | None = None):
        self.kind = kind
        self.data = data or {}
        self.to = None if to is None else frozenset((to,)) if isinstance(to, int) else _seats(kind, to)

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)

    @property
    def public(self) -> bool:
        return self.to is None

    def to_json(self) -> JSON:
        return {"kind": self.kind, "data": dict(self.data), "to": None if self.to is None else sorted(self.to)}

    def __repr__(self) -> str:
        return f"Event({self.to_json()!r})"
