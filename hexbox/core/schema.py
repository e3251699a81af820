"""The published shape of every observation (docs/design.md §2): a common envelope around a game's two halves.

    {"game", "version", "seat", "phase", "actors", "turn", "talk_allowed", "result", "public": {…},
     "private": {…} or null}

The envelope's fields are the ones the server and every client read from every game, whatever the game: who may
act, the phase, how many turns have begun, whether the rules allow table talk now, and the result.

``public`` is the same for every viewer, the spectator included; ``private`` is what the seat alone knows
(null for a spectator). A game declares the types of both halves as msgspec Structs (its ``schema`` hook
names the pair); ``hexbox schema GAME`` prints the JSON Schema, and the conformance kit validates every
observation it sees against it. Structs are declared with ``forbid_unknown_fields``: a field that is not in
the schema is an error, so the schema cannot fall behind the game.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Literal

import msgspec

from .registry import game_info, load


class Struct(msgspec.Struct, forbid_unknown_fields=True):
    """Base of the observation types: no field may appear that the type does not declare."""


class ResultJSON(Struct):
    winners: list[int]
    scores: dict[str, float]
    reason: str
    kind: str


@cache
def observation_type(name: str) -> Any:
    """The msgspec type of ``name``'s observation: the envelope with the game's two halves inside."""
    info = game_info(name)
    public, private = info.need("schema", "hexbox schema")
    version = load(name).observation_version
    return msgspec.defstruct(
        f"{name.capitalize()}Observation",
        [("game", Literal[name]), ("version", Literal[version]), ("seat", int | None), ("phase", str),  # type: ignore[valid-type]
         ("actors", list[int]), ("turn", int), ("talk_allowed", bool), ("result", ResultJSON | None),
         ("public", public), ("private", private | None)],
        forbid_unknown_fields=True,
    )


def json_schema(name: str) -> dict[str, Any]:
    """The JSON Schema (2020-12) of ``name``'s observation."""
    schema = msgspec.json.schema(observation_type(name))
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = f"hexbox {name} observation, version {load(name).observation_version}"
    return schema


def validate(observation: Any, name: str) -> None:
    """``ValueError`` saying where ``observation`` departs from ``name``'s published schema."""
    try:
        msgspec.convert(observation, observation_type(name))
    except msgspec.ValidationError as exc:
        raise ValueError(f"{name} observation does not match its schema: {exc}") from None
