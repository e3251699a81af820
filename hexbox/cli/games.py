"""`hexbox games`: every game, its player counts, its options, its presets and its bots of each level."""

from __future__ import annotations

from typing import Any

from rich.console import Console

from hexbox.agents import levels
from hexbox.core import game_info, games


def games_cmd() -> None:
    """List the games, their player counts and every option with its default, bounds and meaning."""
    console = Console(highlight=False)
    for name in games():
        info = game_info(name)
        default = info.default_players or info.min_players
        console.print(f"[bold]{name}[/bold] — {info.title}: {info.summary} "
                      f"({info.min_players}-{info.max_players} players, {default} unless --players)")
        for o in info.options:
            meaning = o.help + (" (the server's clock only: nothing at a terminal)" if o.server_only else "")
            console.print(f"  [bold]{o.name}[/bold] = {_shown(o.default)}   [dim]allowed: {_allowed(o)}[/dim]")
            console.print(f"      {meaning}")
        for preset, options in info.presets.items():  # the lobby's ready-made sets, as -o options here
            shown = " ".join(f"-o {k}={_shown(v)}" for k, v in options.items())
            console.print(f"  [dim]preset[/dim] {preset}: {shown}")
        # the bots of --bots LEVEL (and the lobby's), each the agent spec it stands for in this game
        console.print("  [dim]bots[/dim] " + ", ".join(f"{level} = {spec}" for level, spec in levels(name).items()))
        console.print()
    console.print("Set an option with -o name=value, e.g. `hexbox play werebeasts -o max_bid_changes=3`.")


def _shown(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _allowed(o: Any) -> str:
    if o.choices is not None:
        return " | ".join(map(str, o.choices))
    if isinstance(o.default, bool):
        return "true | false"
    low = "a seat" if callable(o.low) else o.low
    high = "the last seat" if callable(o.high) else o.high
    return f"{low} to {high}" if low is not None and high is not None else type(o.default).__name__
