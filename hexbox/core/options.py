"""Declared game options: defaults and bounds, checked once when a game is loaded."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import ConfigError


@dataclass(frozen=True)
class Option:
    """One option. ``low``/``high`` may be callables of the player count (e.g. a seat number)."""

    name: str
    default: Any
    help: str = ""
    low: int | Callable[[int], int] | None = None
    high: int | Callable[[int], int] | None = None
    choices: Sequence[Any] | None = None
    #: read only by the server's clock (a window's seconds): at a terminal and in simulations it changes nothing
    server_only: bool = False

    def bounds(self, players: int) -> tuple[int | None, int | None]:
        low = self.low(players) if callable(self.low) else self.low
        high = self.high(players) if callable(self.high) else self.high
        return low, high

    def describe(self, players: int) -> str:
        if self.choices is not None:
            return "one of " + ", ".join(repr(c) for c in self.choices)
        low, high = self.bounds(players)
        kind = type(self.default).__name__
        if low is not None and high is not None:
            return f"{kind} from {low} to {high}"
        return kind

    def check(self, value: Any, players: int) -> Any:
        want = type(self.default)
        ok = isinstance(value, want) and not (want is int and isinstance(value, bool))
        if ok and self.choices is not None:
            ok = value in self.choices
        if ok and want is int:
            low, high = self.bounds(players)
            ok = (low is None or value >= low) and (high is None or value <= high)
        if not ok:
            raise ConfigError(f"option {self.name}={_shown(value)} is not allowed: expected {self.describe(players)}")
        return value


def _shown(value: Any) -> str:
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**12:
        return "a very large number"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def resolve_options(declared: Sequence[Option], given: Mapping[str, Any], players: int) -> dict[str, Any]:
    """Defaults overlaid with ``given``; ConfigError for an unknown option or a value out of bounds."""
    by_name = {o.name: o for o in declared}
    unknown = [str(k) for k in given if k not in by_name]
    if unknown:
        allowed = ", ".join(sorted(by_name)) or "none"
        raise ConfigError(f"unknown option(s) {', '.join(sorted(unknown))}; this game's options: {allowed}")
    return {o.name: o.check(given.get(o.name, o.default), players) for o in declared}


def coerce_option(option: Option, text: str) -> Any:
    """Turn command-line text into the option's type (for `--option name=value`)."""
    want = type(option.default)
    try:
        if want is bool:
            if text.lower() in ("1", "true", "yes", "on"):
                return True
            if text.lower() in ("0", "false", "no", "off"):
                return False
            raise ValueError(text)
        return want(text)
    except ValueError:
        raise ConfigError(f"option {option.name}={text!r}: expected {want.__name__}") from None
