"""`hexbox schema`: the JSON Schema of a game's observation."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from hexbox.core import game_info


def schema_cmd(
    game: Annotated[str, typer.Argument(help="game name")],
) -> None:
    """Print the JSON Schema of the game's observation (the envelope with its public and private halves)."""
    from hexbox.core.schema import json_schema

    game_info(game)
    typer.echo(json.dumps(json_schema(game), indent=2))
