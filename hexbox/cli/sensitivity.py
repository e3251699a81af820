"""`hexbox knobs GAME` and `hexbox sensitivity GAME`: every knob live, refused or words; the live ones ranked."""

from __future__ import annotations

import fnmatch
import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from .base import BadInput, new_table


def _knobs(game: str, patterns: list[str], seeds: int, jobs: int, known: Path | None, quiet: bool) -> list:
    from hexbox.sim.knobs import Knob, check, inventory

    if known is not None:
        try:
            raw = json.loads(known.read_text(encoding="utf-8"))
            every = [Knob(**{k: v for k, v in k.items() if k in Knob.__dataclass_fields__}) for k in raw["knobs"]]
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise BadInput(f"--knobs-from {known}: not the JSON of `hexbox knobs {game} --json` ({exc})") from None
        if raw.get("game") != game:
            raise BadInput(f"--knobs-from {known} holds the knobs of {raw.get('game')}, not of {game}")
    else:
        every = inventory(game)
    if patterns:
        every = [k for k in every if any(fnmatch.fnmatchcase(k.path, p) or fnmatch.fnmatchcase(k.key, p)
                                         for p in patterns)]
        if not every:
            raise BadInput(f"no knob of {game} matches {', '.join(patterns)}")
    if known is not None:
        return every
    console = Console(stderr=True, highlight=False)
    done = [0]

    def progress(_: Knob) -> None:
        done[0] += 1
        if not quiet and done[0] % 25 == 0:
            console.print(f"{done[0]} of {len(every)} knobs checked")

    return check(game, every, seeds=seeds, workers=jobs, on_knob=progress)


def knobs_cmd(
    game: Annotated[str, typer.Argument(help="game name")],
    knob: Annotated[list[str], typer.Option("--knob", "-k", help="only knobs whose path matches (glob, e.g. "
                                            "'overlay.curse.C04.*'); repeatable")] = [],  # noqa: B006
    seeds: Annotated[int, typer.Option(help="seeds a rule parameter is played on before it is called dead")] = 24,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="worker processes")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="print every knob as JSON (for sensitivity --knobs-from)")]
    = False,
) -> None:
    """Every knob of a game — its options and every value of its cards.toml — live (some game changes when it
    moves), refused (with the reason) or words; a dead rule parameter is one no game reads."""
    from hexbox.core import game_info
    from hexbox.sim.knobs import counts

    game_info(game)
    found = _knobs(game, knob, seeds, jobs, None, as_json)
    if as_json:
        typer.echo(json.dumps({"game": game, "seeds": seeds, "counts": counts(found),
                               "knobs": [k.as_dict() for k in found]}, indent=1, default=str))
        return
    out = Console(highlight=False)
    table = new_table("knob", "printed", "status", "why / what showed it", title=f"{game}: every knob")
    table.columns[0].overflow = "fold"
    for k in found:
        if k.status == "text":
            continue
        table.add_row(k.path.removeprefix("overlay."), escape(repr(k.printed)[:30]), k.status,
                      escape(k.reason + (f" (game {k.seeds}, {k.agents})" if k.status == "live" else "")))
    out.print(table)
    c = counts(found)
    out.print(f"{c['live']} live, {c['refused']} refused, {c['text']} words (not rule parameters, not shown)"
              + (f", {c['untested']} untested by these bots" if c["untested"] else "")
              + (f", [bold red]{c['dead']} dead: the rules never read them[/bold red]" if c["dead"] else ""))


def sensitivity_cmd(
    game: Annotated[str, typer.Argument(help="game name")],
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    agents: Annotated[str | None, typer.Option("--agents", "--bots", help="as for simulate")] = "heuristic",
    n_games: Annotated[int, typer.Option("--games", "-n", help="games per design point, the same seeds for each")]
    = 40,
    trajectories: Annotated[int, typer.Option(help="Morris trajectories: each costs (knobs + 1) design points")] = 4,
    levels: Annotated[int, typer.Option(help="levels of each knob's range in the Morris grid")] = 4,
    knob: Annotated[list[str], typer.Option("--knob", "-k", help="only knobs whose path matches (glob); "
                                            "repeatable")] = [],  # noqa: B006
    knobs_from: Annotated[Path | None, typer.Option(help="the knobs checked already: the JSON of `hexbox knobs "
                                                    "GAME --json` (else they are checked first)")] = None,
    check_seeds: Annotated[int, typer.Option(help="seeds of the live-knob check, where it is run")] = 12,
    seed: Annotated[int, typer.Option(help="master seed of the games and of the design")] = 0,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="worker processes")] = 1,
    ray: Annotated[str | None, typer.Option("--ray", help="play on Ray, as for simulate")] = None,
    top: Annotated[int, typer.Option(help="knobs in the terminal's table")] = 15,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="folder for an HTML page with plots")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the effects as JSON")] = False,
) -> None:
    """Which numbers matter: a Morris screening (SALib) of every live knob, ranked by its effect on the first
    player's edge, the balance between roles, the game's length and its usual ending, with 95% intervals."""
    from hexbox.core import game_info
    from hexbox.sim.batch import agents_for
    from hexbox.sim.knobs import LIVE
    from hexbox.sim.sensitivity import LABELS, MEASURES, factor_of, fit_range, games_evaluate, screen, write_page

    info = game_info(game)
    n = players or info.default_players or info.min_players
    if n_games < 1 or trajectories < 2 or levels < 2 or jobs < 1:
        raise BadInput("--games and --jobs must be at least 1, --trajectories and --levels at least 2")
    specs = agents_for(game, n, agents)
    found_knobs = _knobs(game, knob, check_seeds, jobs, knobs_from, as_json)
    factors = [g for k in found_knobs if k.status == LIVE and (f := factor_of(k, game, n)) is not None
               and (g := fit_range(game, f, n)) is not None]
    if not factors:
        raise BadInput(f"no live knob of {game} to screen" + (f" among {', '.join(knob)}" if knob else ""))
    console = Console(stderr=True, highlight=False)
    evaluate, printed = games_evaluate(game, n, specs, n_games, seed, jobs, ray)
    step = max(1, trajectories * (len(factors) + 1) // 20)

    def progress(i: int, total: int) -> None:
        if not as_json and i % step == 0:
            console.print(f"design point {i} of {total}")

    found = screen(factors, evaluate, trajectories, levels, seed, progress)
    page = write_page(found, out, game, n, n_games, ",".join(sorted(set(specs))), printed) if out else None
    if as_json:
        typer.echo(json.dumps({"game": game, "players": n, "games": n_games, "printed": printed,
                               **{k: v for k, v in found.items() if k != "effects"},
                               "effects": [e.__dict__ for e in found["effects"]]}, indent=1))
        return
    shown = [m for m in MEASURES if any(m in e.mu_star for e in found["effects"])]
    table = new_table("knob", *(LABELS[m] for m in shown),
                      title=f"{game}, {n} players: the knobs that matter most (μ*, 95% interval)")
    table.columns[0].overflow = "fold"  # a knob's path is its name: folded in a narrow terminal, never cut short
    for e in found["effects"][:top]:
        table.add_row(e.path.removeprefix("overlay."), *(f"{e.mu_star[m]:.2f} ({e.low[m]:.2f}–{e.high[m]:.2f})"
                                                         if m in e.mu_star else "—" for m in shown))
    out_console = Console(highlight=False)
    out_console.print(table)
    out_console.print(f"{len(factors)} live knobs, {found['rows']} design points ({found['refused']} refused by the "
                      f"game, skipped), {n_games} games each; printed game: "
                      + ", ".join(f"{LABELS[m]} {printed[m]:.1f}" for m in shown if m in printed))
    if page:
        out_console.print(f"page: {page}")
