"""`hexbox compare`: two variants or results files on the same seeds, measure by measure, paired."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from .base import BadInput, new_table


def _side(text: str, game: str | None) -> tuple[str, Any]:
    """A side of a compare: ("lines", results) from a .jsonl file, ("variant", Variant) from a variant file, or
    the game as printed for the word ``printed``."""
    from hexbox.sim.report import load_results
    from hexbox.sim.variant import as_printed, read_variant

    if text == "printed":
        if game is None:
            raise BadInput("`printed` is the game as printed: say which with --game (or compare it with a variant)")
        return "variant", as_printed(game)
    path = Path(text)
    if path.suffix == ".toml":
        return "variant", read_variant(path, game)
    if path.suffix in (".jsonl", ".json"):
        return "lines", load_results(path)
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
    seed: Annotated[int, typer.Option(help="master seed: both sides are dealt from it")] = 0,
    rotate: Annotated[bool, typer.Option(help="shift the agents one seat per game")] = False,
    out: Annotated[Path, typer.Option("--out", "-o", help="folder for the HTML page")] = Path("compare"),
    save: Annotated[Path | None, typer.Option(help="folder to keep the played games in (A.jsonl, B.jsonl)")]
    = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the rows as JSON")] = False,
) -> None:
    """Compare two variants (or results files) on the same seeds: every measure's difference with a 95% interval
    and a paired test, Holm-corrected for the number of measures; a table here and an HTML page with plots."""
    from hexbox.sim.batch import agents_for, play_variant, players_for
    from hexbox.sim.compare import compare, fmt, write_page

    if game is None and (a == "printed") != (b == "printed"):  # the game as printed, of the other side's game
        kind, side = _side(b if a == "printed" else a, None)
        game = side.game if kind == "variant" else side[0]["game"]
    kind_a, side_a = _side(a, game)
    kind_b, side_b = _side(b, game)
    sides = [(kind_a, side_a, a), (kind_b, side_b, b)]
    games_of = {s.game if k == "variant" else s[0]["game"] for k, s, _ in sides}
    if len(games_of) > 1:
        raise BadInput(f"A and B are different games ({', '.join(sorted(games_of))})")
    the_game = games_of.pop()
    if n_games < 1 or jobs < 1:
        raise BadInput("--games and --jobs must be at least 1")
    if save:
        try:
            save.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise BadInput(f"--save {save}: {exc.strerror}") from None
    results, labels = [], []
    for i, (kind, side, text) in enumerate(sides):
        if kind == "lines":
            results.append(side)
            labels.append(Path(text).stem)
            continue
        other = sides[1 - i]
        if other[0] == "lines":  # play the variant on the seeds of the other side's games
            lines = _replay_on(side, other[1], jobs)
        else:
            n = players_for(side, players or other[1].players)
            lines = play_variant(side, n, agents_for(the_game, n, agents), n_games, seed, jobs, rotate,
                                 save=(save / f"{'AB'[i]}.jsonl") if save else None)
        results.append(lines)
        labels.append(side.label)
    if labels[0] == labels[1]:
        labels = [f"A ({labels[0]})", f"B ({labels[1]})"]
    rows = compare(results[0], results[1])
    pairs = max((r.pairs for r in rows), default=0)
    page = write_page(rows, out, labels[0], labels[1], the_game, pairs)
    if as_json:
        typer.echo(json.dumps([{**r.__dict__, "significant": r.significant} for r in rows], indent=2))
        return
    console = Console(highlight=False)
    table = new_table("measure", labels[0], labels[1], "B − A", "95% interval", "p (Holm)",
                   title=f"{the_game}: {labels[1]} against {labels[0]}, {pairs} paired games")
    for r in rows:
        style = "bold yellow" if r.significant else None
        table.add_row(r.label, fmt(r.key, r.a), fmt(r.key, r.b), fmt(r.key, r.diff, True),
                      f"{fmt(r.key, r.low, True)} – {fmt(r.key, r.high, True)}",
                      "—" if r.p_holm is None else f"{r.p_holm:.3g}" + (" *" if r.significant else ""), style=style)
    console.print(table)
    found = [r.label for r in rows if r.significant]
    console.print(f"{len(found)} significant after Holm's correction for {len(rows)} measures"
                  + (": " + ", ".join(found) if found else "") + f"; page: {page}")


def _replay_on(variant: Any, lines: list[dict[str, Any]], jobs: int) -> list[dict[str, Any]]:
    """The variant's games on the seeds, seats and agents of another run's lines: paired with them."""
    from hexbox.sim.runner import GameJob, run

    todo = [GameJob(variant.game, line["players"], tuple(line["agents"]), line["seed"], line["index"],
                    dict(variant.options), variant.name or None) for line in lines]
    return list(run(todo, workers=jobs, stats=True, overlays=variant.overlays))
