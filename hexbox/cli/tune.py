"""`hexbox tune`: the search for the fairest variant with the fewest and smallest changes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from .base import BadInput, new_table


def tune_cmd(
    game: Annotated[str, typer.Argument(help="game name")],
    space: Annotated[Path, typer.Option("--space", help="the knobs, their ranges and the targets (TOML); see "
                                        "docs/designers.md")],
    trials: Annotated[int, typer.Option(help="finished trials the study should have (a resumed study goes on to "
                                        "this many)")] = 30,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="worker processes for each candidate's games")] = 1,
    ray: Annotated[str | None, typer.Option("--ray", help="play each candidate's games on Ray, as for simulate "
                                             "(its overlay travels with its tasks)")] = None,
    storage: Annotated[str | None, typer.Option(help="Optuna storage URL (default: sqlite:///SPACE.db beside the "
                                                "space file): the same command resumes from it")] = None,
    recheck: Annotated[int, typer.Option(help="how many of the fairest candidates to play again on fresh seeds")]
    = 3,
    recheck_games: Annotated[int | None, typer.Option(help="games of each re-check (default: the space's games)")]
    = None,
    seed: Annotated[int, typer.Option(help="the sampler's seed")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="print the front as JSON")] = False,
) -> None:
    """Search options and data values (ranges in --space) for the variant closest to fair with the fewest and
    smallest changes: a multi-objective Optuna search, resumable, its Pareto front re-checked on fresh seeds."""
    from hexbox.sim.measures import label
    from hexbox.sim.tune import games_evaluator, read_space, search

    the_space = read_space(space, game)
    if trials < 1 or jobs < 1 or recheck < 0:
        raise BadInput("--trials and --jobs must be at least 1, --recheck not negative")
    url = storage or f"sqlite:///{space.with_suffix('.db')}"
    console = Console(highlight=False, stderr=True)

    def progress(number: int, unfair: float, change: float) -> None:
        if not as_json:
            console.print(f"trial {number}: {unfair:.1f} points from fair, change {change:.2f}")

    found = search(the_space, games_evaluator(the_space, jobs, ray), trials, url, space.stem, seed, recheck,
                   recheck_games, progress)
    knobs, targets = the_space.knobs, the_space.targets
    if as_json:
        typer.echo(json.dumps({"trials": found["trials"], "refused": found["refused"],
                               "refusals": found["refusals"], "front": [
            {"trial": c.number, "changes": c.changes(knobs), "unfairness": c.unfairness, "change": c.change,
             "measured": c.measured, "recheck": c.recheck, "recheck_unfairness": c.recheck_unfairness}
            for c in found["front"]]}, indent=2, default=str))
        return
    out = Console(highlight=False)
    out.print(f"{game}, {the_space.players} players, {the_space.games} games per candidate, "
              f"{found['trials']} trials ({found['refused']} candidates refused by the game, skipped); "
              f"storage {url}")
    for reason in found["refusals"]:
        out.print(f"refused: {escape(reason)}")
    heads = [label(k).removesuffix(" wins") for k in targets]
    table = new_table("trial", "changes", "points from fair", *heads,
                   title="the Pareto front: for each amount of change, the fairest candidate (95% intervals)")
    for c in found["front"]:
        table.add_row(str(c.number), "\n".join(c.changes(knobs)) or "none (as printed)", f"{c.unfairness:.1f}",
                      *(_interval(c.measured[k]) for k in targets))
    out.print(table)
    if found["rechecked"]:
        table = new_table("trial", "points from fair", "on fresh seeds", *heads,
                       title="re-checked on fresh seeds: a fix must hold there too")
        for c in found["rechecked"]:
            table.add_row(str(c.number), f"{c.unfairness:.1f}", f"{c.recheck_unfairness:.1f}",
                          *(_interval(c.recheck[k]) for k in targets))
        out.print(table)


def _interval(m: tuple[float, float, float]) -> str:
    return f"{m[0]:.3f} ({m[1]:.3f}–{m[2]:.3f})"
