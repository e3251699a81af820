"""`hexbox compare`: two variants or results files on the same seeds, measure by measure, paired."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from .base import BadInput, new_table


def _side(text: str, game: str | None) -> Any:
    """A side of a compare: the lines of a results file (.jsonl), a variant file (.toml), or the game as printed
    for the word ``printed``."""
    from hexbox.sim.compare import Side
    from hexbox.sim.report import load_results
    from hexbox.sim.variant import as_printed, read_variant

    if text == "printed":
        if game is None:
            raise BadInput("`printed` is the game as printed: say which with --game (or compare it with a variant)")
        return Side("as printed", variant=as_printed(game))
    path = Path(text)
    if path.suffix == ".toml":
        variant = read_variant(path, game)
        return Side(variant.label, variant=variant)
    if path.suffix in (".jsonl", ".json"):
        return Side(path.stem, lines=load_results(path))
    raise BadInput(f"{text}: give a variant (.toml), a results file (.jsonl) or the word printed")


def compare_cmd(
    a: Annotated[str, typer.Argument(help="A: a variant file (.toml), a results file (.jsonl), or `printed`")],
    b: Annotated[str, typer.Argument(help="B: likewise; differences are B − A")],
    game: Annotated[str | None, typer.Option(help="the game, where neither side names it (printed vs printed)")
                    ] = None,
    n_games: Annotated[int, typer.Option("--games", "-n", help="games per side, where a side is played")] = 1000,
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    agents: Annotated[str | None, typer.Option("--agents", "--bots", help="as for simulate")] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="worker processes")] = 1,
    ray: Annotated[str | None, typer.Option("--ray", help="play on Ray, as for simulate: auto, local or ADDRESS "
                                             "(a variant's overlay travels with its tasks)")] = None,
    seed: Annotated[int, typer.Option(help="master seed: both sides are dealt from it")] = 0,
    rotate: Annotated[bool, typer.Option(help="shift the agents one seat per game")] = False,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="folder for an HTML page with plots")] = None,
    save: Annotated[Path | None, typer.Option(help="folder to keep both sides' games in (A.jsonl, B.jsonl)")]
    = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the rows as JSON")] = False,
) -> None:
    """Compare two variants (or results files) on the same seeds: every measure's difference with a 95% interval
    and a paired test (unpaired, and said so, for runs on different seeds), Holm-corrected for the number of
    measures; a table here, an HTML page with plots with --out."""
    from hexbox.sim.compare import compare, fmt, notes, play_sides, write_page

    if game is None and (a == "printed") != (b == "printed"):  # the game as printed, of the other side's game
        game = _side(b if a == "printed" else a, None).game
    side_a, side_b = _side(a, game), _side(b, game)
    if side_a.game != side_b.game:
        raise BadInput(f"A and B are different games ({', '.join(sorted({side_a.game, side_b.game}))})")
    if n_games < 1 or jobs < 1:
        raise BadInput("--games and --jobs must be at least 1")
    lines_a, lines_b = play_sides(side_a, side_b, players, agents, n_games, seed, jobs, rotate, ray, save)
    labels = [side_a.label, side_b.label]
    if labels[0] == labels[1]:
        labels = [f"A ({labels[0]})", f"B ({labels[1]})"]
    rows = compare(lines_a, lines_b)
    said = notes(side_a, side_b, lines_a, lines_b, rows)
    pairs = max((r.pairs for r in rows), default=0)
    paired = any(r.paired for r in rows)
    page = write_page(rows, out, labels[0], labels[1], side_a.game, pairs, said) if out else None
    if as_json:
        typer.echo(json.dumps([{**r.__dict__, "significant": r.significant} for r in rows], indent=2))
        return
    console = Console(highlight=False)
    table = new_table("measure", labels[0], labels[1], "B − A", "95% interval", "p (Holm)",
                      title=f"{side_a.game}: {labels[1]} against {labels[0]}, {pairs} "
                            f"{'paired games' if paired else 'games a side, unpaired (different seeds)'}")
    for r in rows:
        style = "bold yellow" if r.significant else None
        name = r.label + (" (unpaired)" if paired and not r.paired else "")
        table.add_row(name, fmt(r.key, r.a), fmt(r.key, r.b), fmt(r.key, r.diff, True),
                      f"{fmt(r.key, r.low, True)} – {fmt(r.key, r.high, True)}",
                      "—" if r.p_holm is None else f"{r.p_holm:.3g}" + (" *" if r.significant else ""), style=style)
    console.print(table)
    for note in said:
        console.print(f"[bold red]note:[/bold red] {escape(note)}")
    found = [r.label for r in rows if r.significant]
    console.print(f"{len(found)} significant after Holm's correction for {len(rows)} measures"
                  + (": " + ", ".join(found) if found else "") + (f"; page: {page}" if page else "")
                  + (f"; games kept in {save}" if save else ""))
