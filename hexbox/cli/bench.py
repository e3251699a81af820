"""`hexbox bench`: playouts and search per second beside OpenSpiel's references, and simulate's own cost."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console

from hexbox.core import game_info, games

from .base import BadInput, new_table


def bench_cmd(
    names: Annotated[list[str] | None, typer.Argument(help="games to measure (default: all)")] = None,
    rounds: Annotated[int, typer.Option(help="rounds; every subject is measured once per round, in turn")] = 5,
    seconds: Annotated[float, typer.Option(help="CPU seconds per measurement")] = 1.0,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
    search: Annotated[bool, typer.Option(help="also time ISMCTS (and OpenSpiel's ISMCTSBot as reference)")] = True,
    simulate: Annotated[bool, typer.Option(help="also time `hexbox simulate`'s loop against a bare loop")] = True,
    bots: Annotated[bool, typer.Option(help="also time whole games of normal bots (a designer's simulations)")] = True,
) -> None:
    """Random playouts per decision step beside OpenSpiel's Python and C++ games, ISMCTS beside OpenSpiel's
    ISMCTSBot (Python and C++), and simulate's own cost; CPU time, interleaved, min/median/max."""
    from hexbox.bench import ISMCTS_ITERS, bench

    chosen = names or games()
    for name in chosen:
        game_info(name)
    if rounds < 1 or seconds <= 0:
        raise BadInput("--rounds must be at least 1 and --seconds positive")
    report = bench(chosen, rounds=rounds, seconds=seconds, search=search, simulate=simulate, bots=bots)
    if as_json:
        typer.echo(json.dumps(report, indent=2))
        return
    console = Console(highlight=False)
    missing = "reference: open_spiel is not installed (pip install -e '.\\[bench]')"

    def mmm(x: dict[str, float], fmt: str = ",.0f") -> str:  # in a cell: the range under the median, narrow
        return f"{x['median']:{fmt}}\n{x['min']:{fmt}}–{x['max']:{fmt}}"

    def in_words(x: dict[str, float]) -> str:
        return f"{x['median']:,.0f} ({x['min']:,.0f}–{x['max']:,.0f})"

    refs = report["references"]
    table = new_table("game", "actions/s", "µs per\ndecision", "× Python\nref.", "× C++\nrefs.", "clone()/s",
                   title=f"random playouts: median, then min–max, of {rounds} rounds, CPU time, {report['build']} "
                         "build; × a reference: its µs per decision step / ours (the Python one measured in slices "
                         "alternating with each game)")
    for name, r in report["games"].items():
        ratio = (f"{r['ratio_to_python_reference']:.2f}×\n{r['ratio_to_python_reference_spread']['min']:.2f}–"
                 f"{r['ratio_to_python_reference_spread']['max']:.2f}" if "ratio_to_python_reference" in r else "—")
        cpp = sorted(r.get("ratio_to_cpp", {}).values())
        table.add_row(f"{name}\n{r['players']} players", mmm(r["actions_per_s"]), mmm(r["us_per_decision"], ".2f"),
                      ratio, f"{cpp[0]:.2f}–{cpp[-1]:.2f}×" if cpp else "—", f"{r['clones_per_s']['median']:,.0f}")
    console.print(table)
    if refs:
        table = new_table("reference", "engine", "steps/s", "decision\nsteps", "µs per\ndecision",
                          "µs per\nchance step",
                          title="the references: the same run and loop (chance steps timed apart)")
        for name, r in refs.items():
            table.add_row(name, r["engine"], f"{r['steps_per_s']['median']:,.0f}", f"{r['decision_share']:.0%}",
                          mmm(r["us_per_decision"], ".2f"), f"{r['us_per_chance']['median']:.2f}")
        console.print(table)
    else:
        console.print(missing)
    if simulate:
        table = new_table("game", "simulate / bare loop", title="`hexbox simulate` (random agents, no --out) against a "
                       "bare playout loop of the same games")
        for name, r in report["games"].items():
            table.add_row(name, mmm(r["simulate_overhead"], ".3f"))
        console.print(table)
    if bots:
        table = new_table("game", "players", "games/s", "decisions/s", title="normal bots (the game's heuristic) at "
                          "every seat, whole games: median, then min–max, CPU time")
        for name, r in report["games"].items():
            table.add_row(name, str(r["players"]), mmm(r["normal_games_per_s"], ",.1f"),
                          mmm(r["normal_decisions_per_s"]))
        console.print(table)
    if not search:
        return
    table = new_table("game", "search", "iterations/s", "× ref.\nsims/s", "apply()\nper iter.", "× ref.\napply()/s",
                   title=f"ISMCTS, {ISMCTS_ITERS} iterations from the first decision, median, then min–max, of "
                         f"{rounds} rounds; × ref.: against the reference's simulations/s, and its apply() calls/s "
                         "in search")
    for name, r in report["games"].items():
        for variant, label in (("ismcts", "the game's defaults"), ("ismcts_plain", "plain (no advice)")):
            rate = r[f"{variant}_ratio_to_reference"]
            calls = r[f"{variant}_calls_ratio_to_reference"]
            table.add_row(name, label, mmm(r[f"{variant}_iterations_per_s"]), f"{rate:.2f}×" if rate else "—",
                          f"{r[f'{variant}_calls_per_iteration']:.1f}", f"{calls:.2f}×" if calls else "—")
    console.print(table)
    ref = report.get("ismcts_reference")
    if not ref:
        console.print(missing)
        return
    console.print(f"reference: {ref['name']}, {ref['simulations']:,} simulations from the first decision: "
                  f"{in_words(ref['simulations_per_s'])} simulations/s (same run), "
                  f"~{ref['actions_per_simulation']:.1f} actions each")
    cpp_ref = report.get("ismcts_cpp_reference")
    if cpp_ref:
        console.print(f"upper anchor: {cpp_ref['name']}: {in_words(cpp_ref['simulations_per_s'])} simulations/s")
    same = report["ismcts_same_game"]
    versus = f", {same['ratio_to_cpp']:.2f}× the C++ bot" if "ratio_to_cpp" in same else ""
    console.print(f"on the reference's own game: {same['name']}: {in_words(same['iterations_per_s'])} iterations/s, "
                  f"{same['ratio_to_reference']:.2f}× the Python bot{versus} (~{same['calls_per_iteration']:.1f} "
                  "apply() each)")
