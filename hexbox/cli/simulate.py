"""`hexbox simulate`: many games between bots, in parallel, resumable, summarised with 95% intervals."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from hexbox.agents import make_agent
from hexbox.core import game_info, load

from .base import BadInput, new_table, parse_options


def simulate(
    game: Annotated[str, typer.Argument(help="game name")],
    n_games: Annotated[int, typer.Option("--games", "-n", help="how many games")] = 1000,
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    agents: Annotated[str | None, typer.Option("--agents", "--bots",
                                               help="one agent for all seats, or one per seat: random,heuristic,"
                                                    "ismcts:iters=200+c=0.7,… (parameters joined by +)")
                      ] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="worker processes")] = 1,
    ray: Annotated[str | None, typer.Option("--ray", help="run on Ray: auto (a running cluster), local (start one "
                                             "with --jobs CPUs) or a cluster ADDRESS")] = None,
    seed: Annotated[int, typer.Option(help="master seed: the same seed gives the same numbers")] = 0,
    rotate: Annotated[bool, typer.Option(help="shift the agents one seat per game")] = False,
    out: Annotated[Path | None, typer.Option(help="write one JSON line per game here; an existing partial file of "
                                             "the same run is resumed")] = None,
    fresh: Annotated[bool, typer.Option(help="overwrite --out instead of resuming it")] = False,
    option: Annotated[list[str], typer.Option("--option", "-o", help="game option name=value")] = [],  # noqa: B006
    variant: Annotated[Path | None, typer.Option("--variant", help="a variant file (TOML: options and an overlay "
                                                 "of the game's cards.toml); see docs/designers.md")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the summary as JSON")] = False,
) -> None:
    """Play many games between bots, in parallel, and summarise win rates with 95% intervals."""
    from rich.progress import Progress

    from hexbox.sim.runner import Remaining, jobs_for, read_partial, run
    from hexbox.sim.stats import Summary

    info = game_info(game)
    chosen = _variant(game, variant, option, players)
    n = players if players is not None else chosen.players or info.default_players or info.min_players
    opts = chosen.options
    load(game, players=n, **opts)  # a clear ConfigError before any work starts
    if n_games < 1 or jobs < 1:
        raise BadInput("--games and --jobs must be at least 1")
    specs = [s.strip() for s in (agents or "random").split(",")]
    if len(specs) == 1:
        specs *= n
    if len(specs) != n:
        raise BadInput(f"--agents: give one agent or one per seat ({n}), not {len(specs)} "
                       "(an agent's parameters are separated by '+', e.g. ismcts:iters=200+c=0.7)")
    for s in set(specs):
        make_agent(s, game)
    plan = jobs_for(game, n, specs, n_games, seed, opts, rotate, chosen.name or None)
    summary = Summary()
    done = read_partial(out, plan, summary.add) if out and not fresh else set()
    todo = Remaining(plan, done)
    console = Console(stderr=True)
    played = 0
    step = max(1, len(todo) // 500)  # the bar moves in 500 steps: drawing it per game cost more than a game
    shown = time.monotonic()  # ... or every half second, whichever comes first: slow games move it each game
    sink = out.open("a" if done else "w", encoding="utf-8") if out else None

    def kept(r: dict[str, Any]) -> None:  # a game the workers had finished when the run was stopped
        nonlocal played
        if sink:
            sink.write(json.dumps(r) + "\n")
        played += 1

    # the stats hook's numbers are only for `hexbox report`, which reads them from --out
    results = run(todo, workers=jobs, ray_address=ray, stats=sink is not None, on_stop=kept,
                  overlays=chosen.overlays)
    try:
        with Progress(console=console, transient=True, disable=as_json) as progress:
            task = progress.add_task(f"{game}: {n_games} games", total=n_games, completed=len(done))
            for r in results:
                summary.add(r)
                if sink:
                    sink.write(json.dumps(r) + "\n")
                played += 1
                if played % step == 0 or time.monotonic() - shown > 0.5:
                    shown = time.monotonic()
                    progress.update(task, completed=len(done) + played)
                    if sink:
                        sink.flush()
    except KeyboardInterrupt:
        results.close()  # the games finished but not yet handed on are kept (kept), the workers ended
        finished = len(done) + played
        how = (f"the {finished} games played are in {out}: the same command goes on from there" if out else
               "give --out FILE to keep the games played, and the same command then goes on from there")
        raise BadInput(f"interrupted after {finished} of {n_games} games; {how}") from None
    finally:
        if sink:
            sink.close()
    summary = summary.result()
    if chosen.name:
        summary["variant"] = chosen.name
    if as_json:
        typer.echo(json.dumps(summary, indent=2))
        return
    out_console = Console(highlight=False)
    if chosen.name:
        out_console.print(f"variant: {chosen.name}" + (f" — {chosen.description}" if chosen.description else ""))
    _print_summary(out_console, game, n, summary, specs, rotate)


def _variant(game: str, path: Path | None, option: list[str], players: int | None):
    """The variant a run plays: the file's (its options, then any -o on top) or the game as printed with -o."""
    from hexbox.sim.variant import Variant, as_printed, read_variant

    if path is None:
        return as_printed(game, parse_options(game, option), players)
    v = read_variant(path, game)
    if option:  # -o on top of the file's options: the same variant name would hide the difference
        raise BadInput(f"--variant {path} sets the options; put them in its [options] table, not -o")
    return Variant(v.game, v.name, v.options, v.overlay, players or v.players, v.description)


def _print_summary(console: Console, game: str, players: int, summary: dict[str, Any], specs: list[str],
                   rotate: bool) -> None:
    seated = ", ".join(f"seat {s}: {a}" for s, a in enumerate(specs)) if len(set(specs)) > 1 else f"all {specs[0]}"
    console.print(f"agents: {seated}" + (" (shifted one seat per game)" if rotate else ""))
    table = new_table("seat", "win rate", "95% interval", "wins", title=f"{game}, {players} players, "
                   f"{summary['games']} games")
    for s, r in summary["seats"].items():
        table.add_row(str(s), f"{r['rate']:.3f}", f"{r['low']:.3f}–{r['high']:.3f}", str(r["wins"]))
    console.print(table)
    if len(summary["agents"]) > 1:
        agents = new_table("agent", "win rate per seat-game", "95% interval")
        for a, r in summary["agents"].items():
            agents.add_row(a, f"{r['rate']:.3f}", f"{r['low']:.3f}–{r['high']:.3f}")
        console.print(agents)
    if summary.get("from_first"):
        fair = sum(r["wins"] for r in summary["from_first"].values()) / (players * summary["from_first"][0]["games"])
        first = new_table("from the first player", "win rate", "95% interval", "wins",
                       title=f"seats counted from the first player (fair: {fair:.3f}, the mean seat's)")
        for k, r in summary["from_first"].items():
            first.add_row("first" if k == 0 else f"+{k}", f"{r['rate']:.3f}", f"{r['low']:.3f}–{r['high']:.3f}",
                          str(r["wins"]))
        console.print(first)
    console.print(f"mean length: {summary['mean_turns']:.1f} turns, {summary['mean_actions']:.1f} actions; "
                  f"games with no winner: {summary['no_winner']:.1%}")
    for w in summary.get("warnings", []):
        console.print(f"[bold red]warning:[/bold red] {escape(w)}")
