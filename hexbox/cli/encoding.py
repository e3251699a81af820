"""`hexbox encoding`: the layout of the observation vector of learning agents."""

from __future__ import annotations

from typing import Annotated

import typer

from hexbox.core import load

from .base import parse_options


def encoding_cmd(
    game: Annotated[str, typer.Argument(help="game name")],
    players: Annotated[int | None, typer.Option("--players", "-p", help="number of players")] = None,
    option: Annotated[list[str], typer.Option("--option", "-o", help="game option name=value")] = [],  # noqa: B006
) -> None:
    """Print the layout of the observation vector learning agents get (hexbox.adapters), field by field."""
    from hexbox.core.encoding import describe

    g = load(game, players=players, **parse_options(game, option))
    encoder = g.info.need("encoder", "hexbox encoding")(g)
    typer.echo(f"{game}, {g.players} players: {encoder.size} numbers in [0, 1], {g.num_action_ids} action ids")
    typer.echo(describe(encoder))
