"""`hexbox replay`: a record stepped through as one viewer saw it."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from hexbox.core import ConfigError, IllegalAction, Record, game_info
from hexbox.core.people import named

from .base import BadInput, read_record, renderer, replayed


def replay(
    file: Annotated[Path, typer.Argument(help="a record written by `hexbox play --record`")],
    seat: Annotated[int | None, typer.Option(help="watch from this seat (default: as a spectator)")] = None,
    step: Annotated[bool, typer.Option(help="draw the table after each action; Enter for the next, q to quit")
                    ] = False,
) -> None:
    """Step through a recorded game, showing only what the chosen viewer could see."""
    rec = read_record(file)
    try:
        game_info(rec.game)
    except ConfigError as exc:
        raise BadInput(f"{file}: {exc}") from None
    if seat is not None and not 0 <= seat < rec.players:
        raise BadInput(f"--seat: seats are 0 to {rec.players - 1}")
    console = Console(highlight=False)
    drawn = renderer(rec.game)
    state = replayed(Record(rec.game, rec.players, rec.options, rec.seed), file)
    # who the viewer is and what it holds before the first move: the words of the moves read from there
    names = {s: n for s, n in enumerate(rec.names or []) if n}  # the people's names the record keeps

    def render(observation):  # the game's drawing (Rich markup), with the names where it says "seat 2"
        return named(drawn(observation), {s: escape(n) for s, n in names.items()})

    who = f"as seat {seat}" if seat is not None else "as a spectator"
    console.print(f"[bold]{escape(game_info(rec.game).title)}[/bold], {rec.players} players, seed {rec.seed}, "
                  f"{len(rec.actions)} actions, seen {who}.")
    if seat is not None or step:
        console.print(render(state.observe(seat)))
    for i, (s, action_json) in enumerate(rec.actions, 1):
        try:
            action = state.game.parse_action(action_json)
            events = state.apply(s, action)
        except (ValueError, IllegalAction) as exc:
            raise BadInput(f"{file}: action {i} cannot be replayed: {exc}") from None
        # what the viewer was told then, and nothing more, naming people as the table did
        lines = [named(line, names) for line in state.describe(events, seat)]
        if step:
            console.rule(f"action {i} of {len(rec.actions)}")
            console.print(render(state.observe(seat)))
        if lines:
            console.print(f"[bold]{i}.[/bold] " + escape(lines[0]))
            for line in lines[1:]:
                console.print("   " + escape(line))
        if step and i < len(rec.actions):
            console.print("[dim]Enter for the next action, q to quit[/dim]", end=" ")
            answer = sys.stdin.readline()
            if not answer or answer.strip().lower() in ("q", "quit"):
                return
    if not step:
        console.print(render(state.observe(seat)))
    if state.is_over:
        from hexbox.terminal import end_line

        console.print(f"[bold]{escape(end_line(state.result, [seat] if seat is not None else [], names))}[/bold]")
