"""Reading a game's data file (TOML) from inside its package. Each game validates what it reads."""

from __future__ import annotations

import json
import os
import pickle
import tomllib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from importlib import resources
from typing import Any

from .errors import ConfigError

#: package -> the overlay a variant lays over its ``cards.toml``. Set only in a process (or for a moment, in
#: :func:`overlaid`) that plays one variant: a game's modules read their data once, at import.
_OVERLAYS: ContextVar[dict[str, dict[str, Any]] | None] = ContextVar("hexbox_overlays", default=None)
#: the same, given to a process from outside (JSON): how an overlay travels with a Ray task, whose worker processes
#: are started for its runtime environment and import the game after it is set
OVERLAYS_ENV = "HEXBOX_OVERLAYS"

#: the reasons a key of cards.toml is not a rule parameter (``FIXED`` in a game's cards.py): its words, which a
#: variant never changes, and the names by which actions, records and reports refer to a card
TEXT = "words, not a rule parameter"
NAME = "a name that actions, records and reports refer to, not a rule parameter"
ART = "where it is drawn (the picture), not a rule parameter"


class DataError(ConfigError):
    """A game's data file is malformed: the game cannot be set up from it."""


def parse_toml(text: str) -> dict[str, Any]:
    """``tomllib.loads``, a fresh dict for each caller, the parse kept for the same text: checking a variant
    (``validate_overlay``) reads the game's data twice, and the knobs' check and a designer's search check thousands
    of them (Transylvania's cards.toml: 10 ms to parse, 0.35 ms to unpickle)."""
    return pickle.loads(_parsed(text))


@lru_cache(maxsize=16)
def _parsed(text: str) -> bytes:
    return pickle.dumps(tomllib.loads(text), pickle.HIGHEST_PROTOCOL)


def read_toml(package: str, filename: str) -> dict[str, Any]:
    try:
        text = resources.files(package).joinpath(filename).read_text(encoding="utf-8")
        data = parse_toml(text)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise DataError(f"{package}/{filename}: {exc}") from None
    over = _overlays().get(package) if filename == "cards.toml" else None
    return overlay(data, over) if over else data


def _overlays() -> dict[str, dict[str, Any]]:
    found = _OVERLAYS.get()
    if found is None:
        text = os.environ.get(OVERLAYS_ENV)
        try:
            found = json.loads(text) if text else {}
        except ValueError:
            raise DataError(f"{OVERLAYS_ENV} is not JSON: {text[:60]!r}") from None
        _OVERLAYS.set(found)
    return found


def use_overlay(package: str, over: dict[str, Any] | None) -> None:
    """Lay ``over`` on ``package``'s cards.toml from now on in this context (a variant's worker process)."""
    current = dict(_overlays())
    if over:
        current[package] = over
    else:
        current.pop(package, None)
    _OVERLAYS.set(current)


@contextmanager
def overlaid(package: str, over: dict[str, Any] | None) -> Iterator[None]:
    """Within the block, ``read_toml`` of ``package``'s cards.toml gives the overlaid data; restored after."""
    token = _OVERLAYS.set({**_overlays(), package: over or {}})
    try:
        yield
    finally:
        _OVERLAYS.reset(token)


def overlay(base: dict[str, Any], over: dict[str, Any], where: str = "") -> dict[str, Any]:
    """``base`` with the values of ``over`` in place of its own; a new dict, ``base`` is left as it was.

    An overlay only changes what is there: a key the data does not have, or a value of another type, is a
    DataError naming the key. A list of tables (``[[card]]``) is changed entry by entry, each named by its
    ``id`` (or its ``index`` where entries have no id, or else its place in the list, from 0):
    ``[card.gold] copies.base = 10``.
    """
    out = dict(base)
    for key, value in over.items():
        path = f"{where}.{key}" if where else key
        if key not in base:
            known = ", ".join(sorted(map(str, base))[:12])
            raise DataError(f"overlay key {path}: cards.toml has no such key here (it has: {known})")
        old = base[key]
        if isinstance(old, list) and old and all(isinstance(x, dict) for x in old):
            if not isinstance(value, dict):
                raise DataError(f"overlay key {path}: a list of entries; change one as [overlay.{path}.<id>]")
            names = {entry_name(x, i): i for i, x in enumerate(old)}
            entries = list(old)
            for name, change in value.items():
                if name not in names:
                    raise DataError(f"overlay key {path}.{name}: no entry {name!r} in {key} "
                                    f"(ids: {', '.join(list(names)[:12])}{', …' if len(names) > 12 else ''})")
                if not isinstance(change, dict):
                    raise DataError(f"overlay key {path}.{name}: give the entry's keys to change, as a table")
                entries[names[name]] = overlay(old[names[name]], change, f"{path}.{name}")
            out[key] = entries
        elif isinstance(old, dict):
            if not isinstance(value, dict):
                raise DataError(f"overlay key {path}: expected a table, not {value!r}")
            out[key] = overlay(old, value, path)
        else:
            if not _same_kind(old, value):
                raise DataError(f"overlay key {path}: expected {_kind(old)} like {old!r}, not {value!r}")
            out[key] = value
    return out


def entry_name(entry: Mapping[str, Any], place: int) -> str:
    """How an overlay names an entry of a list of tables: its id, else its index, else its place in the list."""
    return str(entry.get("id", entry.get("index", place)))


def leaves(over: Mapping[str, Any], where: str = "") -> Iterator[tuple[str, Any]]:
    """(dotted path, value) of every value an overlay sets: its tables opened, entries of ``[[card]]`` by id."""
    for key, value in over.items():
        path = f"{where}.{key}" if where else str(key)
        if isinstance(value, Mapping):
            yield from leaves(value, path)
        else:
            yield path, value


def fixed_reason(path: str, fixed: Mapping[str, str]) -> str | None:
    """Why an overlay may not change ``path`` (a dotted key of cards.toml), by the game's declaration ``fixed``:
    pattern -> reason, where a pattern's ``*`` stands for any one key and a pattern names every key under it."""
    parts = path.split(".")
    for pattern, reason in fixed.items():
        pat = pattern.split(".")
        if len(pat) <= len(parts) and all(p in ("*", k) for p, k in zip(pat, parts)):
            return reason
    return None


def refuse_fixed(over: Mapping[str, Any], fixed: Mapping[str, str]) -> None:
    """DataError, naming the key and the reason, for the first value of ``over`` the game declares fixed."""
    for path, _ in leaves(over):
        reason = fixed_reason(path, fixed)
        if reason is not None:
            raise DataError(f"overlay key {path}: {reason}" + (" (a variant changes rules, not words)"
                                                                if reason in (TEXT, NAME, ART) else ""))


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, (int, float)):
        return "a number" if isinstance(value, float) else "a whole number"
    if isinstance(value, list):
        return "a list"
    return f"a {type(value).__name__}"


def _same_kind(old: Any, new: Any) -> bool:
    if isinstance(old, bool) or isinstance(new, bool):
        return isinstance(old, bool) and isinstance(new, bool)
    if isinstance(old, float):
        return isinstance(new, (int, float))
    if isinstance(old, list):
        return isinstance(new, list) and all(_same_kind(old[0], x) for x in new) if old else isinstance(new, list)
    return type(old) is type(new)


def require(condition: bool, where: str, message: str) -> None:
    if not condition:
        raise DataError(f"{where}: {message}")
