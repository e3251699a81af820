"""Observation vectors for learning agents: a fixed-length vector of numbers in [0, 1], read from ``observe(seat)``.

A game's ``encoder`` hook builds an :class:`Encoder` for one set-up (players and options fix the length). The
encoder is a list of named :class:`Field` s, each writing its part of the vector from the observation's JSON, so
the documentation of the vector (``hexbox encoding GAME``) is the code that fills it. An encoder reads the
observation alone, never the state: a vector cannot carry what the seat may not know, and the conformance kit
checks that it is the same in every world of ``resample(seat)``.

Seats are encoded *from the viewer's chair*: block 0 of every per-seat part is the viewer, block 1 the seat on
its left, and so on (for a spectator, seat 0 first). One policy then serves every seat of the table.

Vectors are mostly zeros, so a field writes only its non-zero numbers (:class:`Vec`): the adapters fill a zeroed
array at those places. For Werebeasts at five seats that is 4 µs of numpy instead of 25 µs to convert a list of
827 floats (``python -m timeit``). Plain Python, no numpy here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

JSON = Any


class Vec:
    """Where fields write: the places and values of a vector's non-zero numbers. ``base`` is the field's offset."""

    __slots__ = ("index", "value", "base")

    def __init__(self) -> None:
        self.index: list[int] = []
        self.value: list[float] = []
        self.base = 0

    def one(self, i: int | None) -> None:
        """A one at ``i`` (nothing for None)."""
        if i is not None:
            self.index.append(self.base + i)
            self.value.append(1.0)

    def ones(self, indices: Iterable[int]) -> None:
        base = self.base
        added = [base + i for i in indices]
        if added:
            self.index += added
            self.value += [1.0] * len(added)

    def put(self, i: int, x: float) -> None:
        if x:
            self.index.append(self.base + i)
            self.value.append(x)

    def flag(self, i: int, condition: Any) -> None:
        if condition:
            self.index.append(self.base + i)
            self.value.append(1.0)

    def scaled(self, i: int, value: float, top: float) -> None:
        """``value`` / ``top``, kept within [0, 1] (``put`` and ``scaled`` written out: the commonest write)."""
        x = value / top
        if x > 0.0:
            self.index.append(self.base + i)
            self.value.append(x if x < 1.0 else 1.0)


@dataclass(frozen=True)
class Field:
    name: str
    size: int
    doc: str
    #: write(observation, vec): the field's non-zero numbers at 0..size-1 (vec.base is its offset)
    write: Callable[[JSON, Vec], None]
    #: the parts of a per-seat field, for its documentation
    parts: tuple[Field, ...] = ()


class Encoder:
    """A vector of ``size`` numbers in [0, 1], field by field, from one viewer's observation."""

    def __init__(self, fields: Iterable[Field]):
        self.fields = tuple(fields)
        self.size = sum(f.size for f in self.fields)
        names = [f.name for f in self.fields]
        if len(set(names)) != len(names):
            raise ValueError(f"encoder fields named twice: {sorted({n for n in names if names.count(n) > 1})}")
        offsets, at = [], 0
        for f in self.fields:
            offsets.append(at)
            at += f.size
        self._plan = tuple(zip(offsets, (f.write for f in self.fields)))

    def sparse(self, observation: JSON) -> Vec:
        """The vector's non-zero numbers: ``vec.index`` and ``vec.value``."""
        v = Vec()
        for offset, write in self._plan:
            v.base = offset
            write(observation, v)
        return v

    def encode(self, observation: JSON) -> list[float]:
        """The whole vector as a list (the adapters use ``sparse``)."""
        out = [0.0] * self.size
        v = self.sparse(observation)
        for i, x in zip(v.index, v.value):
            out[i] = x
        return out

    def check(self, observation: JSON) -> None:
        """ValueError naming the first field that writes outside itself, twice at a place, or outside [0, 1]."""
        for (offset, write), f in zip(self._plan, self.fields):
            v = Vec()
            v.base = offset
            write(observation, v)
            seen: set[int] = set()
            for i, x in zip(v.index, v.value):
                if not offset <= i < offset + f.size:
                    raise ValueError(f"encoder field {f.name!r} wrote at {i - offset}, outside its {f.size} places")
                if i in seen:
                    raise ValueError(f"encoder field {f.name!r} wrote twice at {i - offset}")
                if not (isinstance(x, float | int) and 0.0 <= x <= 1.0):
                    raise ValueError(f"encoder field {f.name!r} wrote {x!r} at {i - offset}, outside [0, 1]")
                seen.add(i)

    def where(self, name: str, block: int = 0) -> slice:
        """The places of a field ("phase"), or of a part of a per-seat field in one block ("seats.cards", block 1:
        the seat on the viewer's left)."""
        top, _, part = name.partition(".")
        offset = 0
        for f in self.fields:
            if f.name == top:
                break
            offset += f.size
        else:
            raise KeyError(f"no field {top!r}; fields: {', '.join(f.name for f in self.fields)}")
        if not part:
            return slice(offset, offset + f.size)
        per = sum(p.size for p in f.parts)
        inner = 0
        for p in f.parts:
            if p.name == part:
                start = offset + block * per + inner
                return slice(start, start + p.size)
            inner += p.size
        raise KeyError(f"{top} has no part {part!r}; parts: {', '.join(p.name for p in f.parts)}")

    def layout(self) -> list[tuple[str, int, int, str]]:
        """(name, offset, size, doc) of every field and of every part of a per-seat field, in order."""
        rows, offset = [], 0
        for f in self.fields:
            rows.append((f.name, offset, f.size, f.doc))
            inner = 0
            for p in f.parts:
                rows.append((f"  {f.name}.{p.name}", inner, p.size, p.doc))
                inner += p.size
            offset += f.size
        return rows


# ---- the pieces encoders are made of -----------------------------------------------------------------------


def scaled(value: float, top: float) -> float:
    """``value`` / ``top`` kept within [0, 1]."""
    x = value / top
    return 0.0 if x < 0.0 else 1.0 if x > 1.0 else x


def vocabulary(items: Iterable[str]) -> dict[str, int]:
    """item -> its index, in the order given (ids from a game's data: stable)."""
    return {item: i for i, item in enumerate(items)}


def chairs(observation: JSON, players: int) -> list[int]:
    """The seats in the viewer's order: the viewer, the seat on its left, …; seat 0 first for a spectator."""
    me = observation["seat"] or 0
    return [(me + k) % players for k in range(players)]


def chair(seat: int | None, observation: JSON, players: int) -> int | None:
    """Where ``seat`` sits from the viewer's chair (0: the viewer itself); None (or -1) stays None."""
    if seat is None or seat < 0:
        return None
    return (seat - (observation["seat"] or 0)) % players


def phase_field(phases: Sequence[str]) -> Field:
    index = vocabulary(phases)
    return Field("phase", len(phases), f"the phase, one of {', '.join(phases)}",
                 lambda o, v: v.one(index.get(o["phase"])))


def actors_field(players: int) -> Field:
    return Field("actors", players, "the seats that may act now, from the viewer's chair",
                 lambda o, v: v.ones(chair(s, o, players) for s in o["actors"]))


def per_seat(name: str, players: int, parts: Sequence[Field],
             block: Callable[[JSON, Vec, int, Mapping[str, int]], None] | None = None) -> Field:
    """A block for every seat, from the viewer's chair, made of ``parts``.

    Either each part writes its own numbers, ``part.write(observation, vec, seat)``, or — where one pass over a
    seat is cheaper — ``block(observation, vec, seat, at)`` writes the whole block, ``at`` giving each part's
    offset within it by name (the parts then only document the block; their ``write`` is not called).
    """
    size = sum(p.size for p in parts)
    plan, at = [], 0
    offsets: dict[str, int] = {}
    for p in parts:
        plan.append((at, p.write))
        offsets[p.name] = at
        at += p.size

    def write(o: JSON, v: Vec) -> None:
        start = v.base
        for k, s in enumerate(chairs(o, players)):
            if block is not None:
                v.base = start + k * size
                block(o, v, s, offsets)
                continue
            for offset, part in plan:
                v.base = start + k * size + offset
                part(o, v, s)  # type: ignore[call-arg]
        v.base = start

    return Field(name, players * size, f"{size} numbers per seat, from the viewer's chair", write, tuple(parts))


def part(name: str, size: int, doc: str) -> Field:
    """A part of a per-seat block written in one pass (``per_seat(..., block=...)``): it documents, never writes."""
    def unused(*args: Any) -> None:
        raise AssertionError(f"part {name!r} is written by its per-seat block, not on its own")
    return Field(name, size, doc, unused)


def describe(encoder: Encoder) -> str:
    """The layout as text, one field a line (the parts of a per-seat field indented, offsets within a block)."""
    lines = [f"{'offset':>6} {'size':>5}  field: meaning"]
    for name, offset, size, doc in encoder.layout():
        lines.append(f"{offset:>6} {size:>5}  {name}: {doc}")
    lines.append(f"{encoder.size:>6}        in all")
    return "\n".join(lines)


def markdown(names: Iterable[str]) -> str:
    """docs/encodings.md: the layout of every game's vector at its default table (tests keep the file equal)."""
    from .registry import game_info, load

    out = ["# Observation vectors, field by field", "",
           "Generated from the encoders themselves (`hexbox encoding GAME [-p N] [-o option=value]` prints any",
           "other table); `tests/adapters` fails when this page and the code differ. Offsets inside a per-seat",
           "field are within one seat's block; block 0 is the viewer, block 1 the seat on its left, and so on.", ""]
    for name in names:
        info = game_info(name)
        game = load(name)
        encoder = info.need("encoder", "docs/encodings.md")(game)
        out += [f"## {info.title}", "",
                f"`{name}` at {game.players} players (default options): {encoder.size} numbers, "
                f"{game.num_action_ids} action ids.", "", "```", describe(encoder), "```", ""]
    return "\n".join(out)
