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


#: the bounds of the clock options: a turn clock up to 10 minutes, a time bank up to an hour
CLOCK_LIMIT, BANK_LIMIT = 600, 3600


def clock_options(turn: int, bank: int) -> tuple[Option, Option]:
    """The turn clock and the time bank of an online table, as Board Game Arena keeps them: ``clock_seconds`` and
    ``bank_seconds``, both ``server_only`` (at a terminal and in simulations they change nothing).

    A turn is the span during which a seat stays among the actors, however many decisions it makes. A turn may
    take ``clock_seconds``; beyond that the seat's time bank, ``bank_seconds`` for the whole game, runs down, and
    once it is empty a stand-in bot plays the rest of that turn. Every game declares them through this helper, with
    defaults that suit its turns: ``options=(..., *clock_options(60, 240))``.
    """
    if type(turn) is not int or type(bank) is not int or not (0 <= turn <= CLOCK_LIMIT and 0 <= bank <= BANK_LIMIT):
        raise ValueError(f"clock_options({turn!r}, {bank!r}): a turn of 0 to {CLOCK_LIMIT} seconds and a bank of 0 "
                         f"to {BANK_LIMIT}")
    return (
        Option("clock_seconds", turn, "seconds a turn may take before the player's time bank starts to run down "
               "(0 = no turn clock)", low=0, high=CLOCK_LIMIT, server_only=True),
        Option("bank_seconds", bank, "each player's reserve of seconds for slow turns over the whole game; once it "
               "is used up, a stand-in bot plays the turn", low=0, high=BANK_LIMIT, server_only=True),
    )


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
