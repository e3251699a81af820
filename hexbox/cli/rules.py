"""`hexbox rules`: a game's rules reference, paged at a terminal, plain when piped."""

from __future__ import annotations

import os
import sys
from typing import Annotated

import typer
from rich.console import Console

from hexbox.core import game_info


def rules(
    game: Annotated[str, typer.Argument(help="game name")],
) -> None:
    """Show the game's rules reference: components, set-up, a turn, the end, every card, the options."""
    from rich.markdown import Markdown

    from hexbox.core.texts import reference

    game_info(game)  # an unknown game: the registry's error, naming the games
    text = reference(game)
    if not (sys.stdout.isatty() and sys.stdin.isatty()):
        # piped or redirected: the plain text, for grep and files (a pager is for a person at a terminal)
        typer.echo(text, nl=not text.endswith("\n"))
        return
    # less shows colour codes as raw text unless told -R; a LESS of the person's own keeps its other flags
    less = os.environ.get("LESS", "")
    flags = less.split() if less.startswith("-") else [f"-{less}"] if less else []
    raw = any(f.lower() == "--raw-control-chars" or (not f.startswith("--") and "r" in f.lower()) for f in flags)
    if not raw:
        os.environ["LESS"] = f"{less} -R".strip()
    console = Console()
    with console.pager(styles=True):
        console.print(Markdown(text))
