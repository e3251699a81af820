"""`hexbox report`: an HTML page with plots of a results file."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer


def report(
    results: Annotated[Path, typer.Argument(help="a results file written by `hexbox simulate --out`")],
    out: Annotated[Path, typer.Option("--out", "-o", help="folder for index.html and the PNG plots")] = Path("report"),
) -> None:
    """An HTML page with plots: win rates with 95% intervals by agent and seat, game lengths, game statistics."""
    from hexbox.sim.report import write_report

    written = write_report(results, out)
    typer.echo(f"{written['games']} games: {written['index']} ({len(written['images'])} plots)")
