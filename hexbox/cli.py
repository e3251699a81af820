"""`hexbox …`: play at the terminal, simulate many games, replay a record, measure speed.

Bad arguments give one line on stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import json
import os
import random
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Column, Table

from hexbox.agents import make_agent
from hexbox.core import (
    ConfigError,
    HexboxError,
    IllegalAction,
    Record,
    State,
    coerce_option,
    game_info,
    games,
    load,
)
from hexbox.core import replay as replay_record

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  context_settings={"help_option_names": ["-h", "--help"]},
                  help="hexbox: tabletop games of curses, werewolves and hidden loyalties.")


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import version

        typer.echo(f"hexbox {version('hexbox')}")
        raise typer.Exit(0)


@app.callback()
def _main(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="print the version and exit")] = False,
) -> None:
    """hexbox: tabletop games of curses, werewolves and hidden loyalties."""


class BadInput(HexboxError):
    """A command-line argument or a file that cannot be used."""


# ---- shared helpers ------------------------------------------------------------------------------------


def _options(name: str, pairs: list[str]) -> dict[str, Any]:
    info = game_info(name)
    out = {}
    for pair in pairs:
        key, eq, text = pair.partition("=")
        if not eq:
            raise BadInput(f"--option expects name=value, not {pair!r}")
        out[key] = coerce_option(info.option(key), text)
    return out


def _table(*headers: str, title: str | None = None) -> Table:
    """A table that fits 80 columns where it can (no vertical rules) and folds a cell where it cannot: a number
    cut to "1.2…" would be worse than none."""
    return Table(*(Column(h, overflow="fold") for h in headers), title=title, box=box.SIMPLE_HEAD, show_edge=False,
                 pad_edge=False, collapse_padding=True)


def _seats(text: str, players: int, what: str) -> list[int]:
    try:
        seats = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise BadInput(f"{what} expects seat numbers separated by commas, not {text!r}") from None
    bad = [s for s in seats if not 0 <= s < players]
    if bad or not seats:
        raise BadInput(f"{what}: seats are 0 to {players - 1}, not {text!r}")
    twice = sorted({s for s in seats if seats.count(s) > 1})
    if twice:
        raise BadInput(f"{what}: seat {twice[0]} is named twice in {text!r}; one person plays one seat")
    return sorted(seats)


def _render(name: str):
    """The game's terminal rendering (its ``render`` hook), or plain JSON where it declares none."""
    render = game_info(name).hook("render")
    return render if render is not None else (lambda obs: json.dumps(obs, indent=1))


# ---- games ---------------------------------------------------------------------------------------------


@app.command("games")
def games_cmd() -> None:
    """List the games, their player counts and every option with its default, bounds and meaning."""
    console = Console(highlight=False)
    for name in games():
        info = game_info(name)
        default = info.default_players or info.min_players
        console.print(f"[bold]{name}[/bold] — {info.title}: {info.summary} "
                      f"({info.min_players}-{info.max_players} players, {default} unless --players)")
        for o in info.options:
            meaning = o.help + (" (the server's clock only: nothing at a terminal)" if o.server_only else "")
            console.print(f"  [bold]{o.name}[/bold] = {_shown(o.default)}   [dim]allowed: {_allowed(o)}[/dim]")
            console.print(f"      {meaning}")
        console.print()
    console.print("Set an option with -o name=value, e.g. `hexbox play werebeasts -o max_bid_changes=3`.")


def _shown(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _allowed(o: Any) -> str:
    if o.choices is not None:
        return " | ".join(map(str, o.choices))
    if isinstance(o.default, bool):
        return "true | false"
    low = "a seat" if callable(o.low) else o.low
    high = "the last seat" if callable(o.high) else o.high
    return f"{low} to {high}" if low is not None and high is not None else type(o.default).__name__


# ---- play ----------------------------------------------------------------------------------------------


@app.command()
def play(
    game: Annotated[str | None, typer.Argument(help="game name (see `hexbox games`); not with --resume")] = None,
    players: Annotated[int | None, typer.Option("--players", "-p", help="number of players")] = None,
    seat: Annotated[int | None, typer.Option(help="your seat (the others are bots)")] = None,
    humans: Annotated[str | None, typer.Option(help="hotseat: seats played by people, e.g. 0,2")] = None,
    bots: Annotated[str | None, typer.Option(help="easy | normal (the default) | hard, or an agent spec: random | "
                                                  "heuristic | ismcts:iters=N")] = None,
    seed: Annotated[int | None, typer.Option(help="seed of the deal (random if omitted)")] = None,
    option: Annotated[list[str], typer.Option("--option", "-o", help="game option name=value")] = [],  # noqa: B006
    record: Annotated[Path | None, typer.Option(help="write the game's record here (at the end, or when stopped)")
                      ] = None,
    resume: Annotated[Path | None, typer.Option(help="continue the unfinished game of this record")] = None,
) -> None:
    """Play at the terminal: the table from your seat only, what you were told since your last move, the legal
    actions (a long list in steps), ? for card texts, q to stop and save."""
    from hexbox.terminal import Stop, TerminalTable

    if resume is not None:
        if game is not None or players is not None or seed is not None or option:
            raise BadInput("--resume continues a record: give no game, --players, --seed or --option with it")
        rec = _read_record(resume)
        state = _replayed(rec, resume)
        if state.is_over:
            raise BadInput(f"{resume}: that game is over; `hexbox replay {resume}` shows it")
        record = record or resume
    else:
        if game is None:
            raise BadInput("which game? e.g. `hexbox play werebeasts` (`hexbox games` lists them)")
        info = game_info(game)
        n = players if players is not None else info.default_players or info.min_players
        g = load(game, players=n, **_options(game, option))
        seed = seed if seed is not None else random.randrange(1 << 31)
        rec = Record(game, g.players, dict(g.options), seed)
        for pair in option:
            name = pair.partition("=")[0]
            if info.option(name).server_only:
                typer.echo(f"note: {name} sets a timer of `hexbox serve`; at the terminal nobody is timed", err=True)
        state = g.new_state(seed=seed)
    n = rec.players
    if record is not None:
        _check_writable(record)
    if seat is not None and humans is not None:
        raise BadInput("give either --seat or --humans, not both")
    if resume is not None and rec.seats is not None:
        # the record says who sat where: a resumed game goes on with the same people and the same bots
        if seat is not None or humans is not None or bots is not None:
            raise BadInput(f"{resume} says who plays each seat: give no --seat, --humans or --bots with --resume")
        people = [s for s, who in enumerate(rec.seats) if who == PERSON]
        if not people:
            raise BadInput(f"{resume}: nobody plays at this terminal in that record")
        specs = {s: who for s, who in enumerate(rec.seats) if who != PERSON}
    else:
        people = _seats(humans, n, "--humans") if humans else _seats(str(seat if seat is not None else 0), n, "--seat")
        specs = {s: bots or "normal" for s in range(n) if s not in people}
    try:
        bot = {s: make_agent(spec, rec.game) for s, spec in specs.items()}
    except ConfigError as exc:
        raise BadInput(f"{resume}: {exc}" if resume is not None and rec.seats is not None else str(exc)) from None
    rec.seats = [PERSON if s in people else specs[s] for s in range(n)]
    console = Console(highlight=False)
    title = game_info(rec.game).title
    you = _who_plays(people, specs)
    if resume is not None:
        console.print(f"[bold]{title}[/bold], {n} players, resumed after {len(rec.actions)} actions. {you}.")
    else:
        console.print(f"[bold]{title}[/bold], {n} players, seed {rec.seed}. {you}.")
    autosave = Path(f"hexbox-{rec.game}-{rec.seed}.json")

    def save() -> Path:
        target = record or autosave
        target.write_text(rec.dumps() + "\n", encoding="utf-8")
        return target

    table = TerminalTable(console, state, rec, people, bot, random.Random(rec.seed + len(rec.actions)))
    try:
        table.play()
    except (Stop, KeyboardInterrupt) as exc:
        how = "stopped" if isinstance(exc, Stop) else "interrupted"
        try:
            target = save()
        except OSError as error:
            raise BadInput(f"{how} after {len(rec.actions)} actions, and the record could not be written to "
                           f"{record or autosave}: {error.strerror}") from None
        console.print(f"\n{how} after {len(rec.actions)} actions; "
                      f"the record is in {target}: `hexbox play --resume {target}` continues the game")
        raise typer.Exit(130) from None
    if record:
        save()
        console.print(f"record written to {record}")


#: the word a record's ``seats`` has for a seat played by a person at the terminal
PERSON = "person"


def _who_plays(people: list[int], bots: dict[int, str]) -> str:
    """"You: seat 2" for one person; "Hotseat: seats 0 and 2" for several; then who the bots are."""
    listed = ", ".join(map(str, people[:-1])) + f" and {people[-1]}" if len(people) > 1 else str(people[0])
    you = f"Hotseat: seats {listed}" if len(people) > 1 else f"You: seat {listed}"
    kinds = sorted(set(bots.values()))
    if not kinds:
        return you
    if len(kinds) == 1:
        return f"{you}; the other seats: {kinds[0]} bots"
    return you + "; " + ", ".join(f"seat {s}: {spec}" for s, spec in sorted(bots.items()))


def _read_record(file: Path) -> Record:
    try:
        return Record.loads(file.read_text(encoding="utf-8"))
    except OSError as exc:
        raise BadInput(f"cannot read {file}: {exc.strerror}") from None
    except (ValueError, ConfigError) as exc:
        raise BadInput(f"{file} is not a hexbox record: {exc}") from None


def _replayed(rec: Record, file: Path) -> State:
    try:
        game_info(rec.game)
    except ConfigError as exc:
        raise BadInput(f"{file}: {exc}") from None
    try:
        return replay_record(rec)
    except (ValueError, IllegalAction, ConfigError) as exc:
        raise BadInput(f"{file} cannot be replayed: {exc}") from None


def _check_writable(path: Path) -> None:
    """Refuse a record path that cannot be written, before the game starts rather than at its end."""
    if path.is_dir():
        raise BadInput(f"--record {path}: that is a folder, not a file")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise BadInput(f"--record {path}: there is no folder {folder}")
    existed = path.exists()
    try:
        with path.open("a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise BadInput(f"--record {path}: cannot write there ({exc.strerror})") from None
    if not existed:
        path.unlink()


def _ask(console: Console, prompt: str) -> str:
    console.print(prompt, end=" ")
    line = sys.stdin.readline()
    if not line:
        raise BadInput("input ended")
    return line.strip()


# ---- simulate ------------------------------------------------------------------------------------------


@app.command()
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


@app.command()
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
                if played % step == 0:
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
        return as_printed(game, _options(game, option), players)
    v = read_variant(path, game)
    if option:  # -o on top of the file's options: the same variant name would hide the difference
        raise BadInput(f"--variant {path} sets the options; put them in its [options] table, not -o")
    return Variant(v.game, v.name, v.options, v.overlay, players or v.players, v.description)


def _print_summary(console: Console, game: str, players: int, summary: dict[str, Any], specs: list[str],
                   rotate: bool) -> None:
    seated = ", ".join(f"seat {s}: {a}" for s, a in enumerate(specs)) if len(set(specs)) > 1 else f"all {specs[0]}"
    console.print(f"agents: {seated}" + (" (shifted one seat per game)" if rotate else ""))
    table = _table("seat", "win rate", "95% interval", "wins", title=f"{game}, {players} players, "
                   f"{summary['games']} games")
    for s, r in summary["seats"].items():
        table.add_row(str(s), f"{r['rate']:.3f}", f"{r['low']:.3f}–{r['high']:.3f}", str(r["wins"]))
    console.print(table)
    if len(summary["agents"]) > 1:
        agents = _table("agent", "win rate per seat-game", "95% interval")
        for a, r in summary["agents"].items():
            agents.add_row(a, f"{r['rate']:.3f}", f"{r['low']:.3f}–{r['high']:.3f}")
        console.print(agents)
    if summary.get("from_first"):
        fair = sum(r["wins"] for r in summary["from_first"].values()) / (players * summary["from_first"][0]["games"])
        first = _table("from the first player", "win rate", "95% interval", "wins",
                       title=f"seats counted from the first player (fair: {fair:.3f}, the mean seat's)")
        for k, r in summary["from_first"].items():
            first.add_row("first" if k == 0 else f"+{k}", f"{r['rate']:.3f}", f"{r['low']:.3f}–{r['high']:.3f}",
                          str(r["wins"]))
        console.print(first)
    console.print(f"mean length: {summary['mean_turns']:.1f} turns, {summary['mean_actions']:.1f} actions; "
                  f"games with no winner: {summary['no_winner']:.1%}")
    for w in summary.get("warnings", []):
        console.print(f"[bold red]warning:[/bold red] {escape(w)}")


# ---- replay --------------------------------------------------------------------------------------------


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="a record written by `hexbox play --record`")],
    seat: Annotated[int | None, typer.Option(help="watch from this seat (default: as a spectator)")] = None,
    step: Annotated[bool, typer.Option(help="draw the table after each action; Enter for the next, q to quit")
                    ] = False,
) -> None:
    """Step through a recorded game, showing only what the chosen viewer could see."""
    rec = _read_record(file)
    try:
        game_info(rec.game)
    except ConfigError as exc:
        raise BadInput(f"{file}: {exc}") from None
    if seat is not None and not 0 <= seat < rec.players:
        raise BadInput(f"--seat: seats are 0 to {rec.players - 1}")
    console = Console(highlight=False)
    render = _render(rec.game)
    state = _replayed(Record(rec.game, rec.players, rec.options, rec.seed), file)
    # who the viewer is and what it holds before the first move: the words of the moves read from there
    who = f"as seat {seat}" if seat is not None else "as a spectator"
    console.print(f"[bold]{escape(game_info(rec.game).title)}[/bold], {rec.players} players, seed {rec.seed}, "
                  f"{len(rec.actions)} actions, seen {who}.")
    if seat is not None or step:
        console.print(render(state.observe(seat)))
    for i, (s, action_json) in enumerate(rec.actions, 1):
        try:
            action = state.game.parse_action(action_json)
            events = state.apply(s, action)
        except (ValueError, IllegalAction) as exc:
            raise BadInput(f"{file}: action {i} cannot be replayed: {exc}") from None
        lines = state.describe(events, seat)  # what the viewer was told then, and nothing more
        if step:
            console.rule(f"action {i} of {len(rec.actions)}")
            console.print(render(state.observe(seat)))
        if lines:
            console.print(f"[bold]{i}.[/bold] " + escape(lines[0]))
            for line in lines[1:]:
                console.print("   " + escape(line))
        if step and i < len(rec.actions):
            console.print("[dim]Enter for the next action, q to quit[/dim]", end=" ")
            answer = sys.stdin.readline()
            if not answer or answer.strip().lower() in ("q", "quit"):
                return
    if not step:
        console.print(render(state.observe(seat)))
    if state.is_over:
        from hexbox.terminal import end_line

        console.print(f"[bold]{escape(end_line(state.result, [seat] if seat is not None else []))}[/bold]")


# ---- schema --------------------------------------------------------------------------------------------


@app.command("schema")
def schema_cmd(
    game: Annotated[str, typer.Argument(help="game name")],
) -> None:
    """Print the JSON Schema of the game's observation (the envelope with its public and private halves)."""
    from hexbox.core.schema import json_schema

    game_info(game)
    typer.echo(json.dumps(json_schema(game), indent=2))


@app.command("encoding")
def encoding_cmd(
    game: Annotated[str, typer.Argument(help="game name")],
    players: Annotated[int | None, typer.Option("--players", "-p", help="number of players")] = None,
    option: Annotated[list[str], typer.Option("--option", "-o", help="game option name=value")] = [],  # noqa: B006
) -> None:
    """Print the layout of the observation vector learning agents get (hexbox.adapters), field by field."""
    from hexbox.core.encoding import describe

    g = load(game, players=players, **_options(game, option))
    encoder = g.info.need("encoder", "hexbox encoding")(g)
    typer.echo(f"{game}, {g.players} players: {encoder.size} numbers in [0, 1], {g.num_action_ids} action ids")
    typer.echo(describe(encoder))


# ---- report --------------------------------------------------------------------------------------------


@app.command()
def report(
    results: Annotated[Path, typer.Argument(help="a results file written by `hexbox simulate --out`")],
    out: Annotated[Path, typer.Option("--out", "-o", help="folder for index.html and the PNG plots")] = Path("report"),
) -> None:
    """An HTML page with plots: win rates with 95% intervals by agent and seat, game lengths, game statistics."""
    from hexbox.sim.report import write_report

    written = write_report(results, out)
    typer.echo(f"{written['games']} games: {written['index']} ({len(written['images'])} plots)")


# ---- compare and tune ----------------------------------------------------------------------------------


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


@app.command("compare")
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
    table = _table("measure", labels[0], labels[1], "B − A", "95% interval", "p (Holm)",
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


@app.command("tune")
def tune_cmd(
    game: Annotated[str, typer.Argument(help="game name")],
    space: Annotated[Path, typer.Option("--space", help="the knobs, their ranges and the targets (TOML); see "
                                        "docs/designers.md")],
    trials: Annotated[int, typer.Option(help="finished trials the study should have (a resumed study goes on to "
                                        "this many)")] = 30,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="worker processes for each candidate's games")] = 1,
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

    found = search(the_space, games_evaluator(the_space, jobs), trials, url, space.stem, seed, recheck,
                   recheck_games, progress)
    knobs, targets = the_space.knobs, the_space.targets
    if as_json:
        typer.echo(json.dumps({"trials": found["trials"], "refused": found["refused"], "front": [
            {"trial": c.number, "changes": c.changes(knobs), "unfairness": c.unfairness, "change": c.change,
             "measured": c.measured, "recheck": c.recheck, "recheck_unfairness": c.recheck_unfairness}
            for c in found["front"]]}, indent=2, default=str))
        return
    out = Console(highlight=False)
    out.print(f"{game}, {the_space.players} players, {the_space.games} games per candidate, "
              f"{found['trials']} trials ({found['refused']} candidates refused by the game's checks); "
              f"storage {url}")
    heads = [label(k).removesuffix(" wins") for k in targets]
    table = _table("trial", "changes", "points from fair", *heads,
                   title="the Pareto front: for each amount of change, the fairest candidate (95% intervals)")
    for c in found["front"]:
        table.add_row(str(c.number), "\n".join(c.changes(knobs)) or "none (as printed)", f"{c.unfairness:.1f}",
                      *(_interval(c.measured[k]) for k in targets))
    out.print(table)
    if found["rechecked"]:
        table = _table("trial", "points from fair", "on fresh seeds", *heads,
                       title="re-checked on fresh seeds: a fix must hold there too")
        for c in found["rechecked"]:
            table.add_row(str(c.number), f"{c.unfairness:.1f}", f"{c.recheck_unfairness:.1f}",
                          *(_interval(c.recheck[k]) for k in targets))
        out.print(table)


def _interval(m: tuple[float, float, float]) -> str:
    return f"{m[0]:.3f} ({m[1]:.3f}–{m[2]:.3f})"


def _replay_on(variant: Any, lines: list[dict[str, Any]], jobs: int) -> list[dict[str, Any]]:
    """The variant's games on the seeds, seats and agents of another run's lines: paired with them."""
    from hexbox.sim.runner import GameJob, run

    todo = [GameJob(variant.game, line["players"], tuple(line["agents"]), line["seed"], line["index"],
                    dict(variant.options), variant.name or None) for line in lines]
    return list(run(todo, workers=jobs, stats=True, overlays=variant.overlays))


# ---- bench ---------------------------------------------------------------------------------------------


@app.command("bench")
def bench_cmd(
    names: Annotated[list[str] | None, typer.Argument(help="games to measure (default: all)")] = None,
    rounds: Annotated[int, typer.Option(help="rounds; every subject is measured once per round, in turn")] = 5,
    seconds: Annotated[float, typer.Option(help="CPU seconds per measurement")] = 1.0,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
    search: Annotated[bool, typer.Option(help="also time ISMCTS (and OpenSpiel's ISMCTSBot as reference)")] = True,
    simulate: Annotated[bool, typer.Option(help="also time `hexbox simulate`'s loop against a bare loop")] = True,
) -> None:
    """Random playouts per decision step beside OpenSpiel's Python and C++ games, ISMCTS beside OpenSpiel's
    ISMCTSBot (Python and C++), and simulate's own cost; CPU time, interleaved, min/median/max."""
    from hexbox.bench import ISMCTS_ITERS, bench

    chosen = names or games()
    for name in chosen:
        game_info(name)
    if rounds < 1 or seconds <= 0:
        raise BadInput("--rounds must be at least 1 and --seconds positive")
    report = bench(chosen, rounds=rounds, seconds=seconds, search=search, simulate=simulate)
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
    table = _table("game", "actions/s", "µs per\ndecision", "× Python\nref.", "× C++\nrefs.", "clone()/s",
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
        table = _table("reference", "engine", "steps/s", "decision\nsteps", "µs per\ndecision", "µs per\nchance step",
                       title="the references: the same run and loop (chance steps timed apart)")
        for name, r in refs.items():
            table.add_row(name, r["engine"], f"{r['steps_per_s']['median']:,.0f}", f"{r['decision_share']:.0%}",
                          mmm(r["us_per_decision"], ".2f"), f"{r['us_per_chance']['median']:.2f}")
        console.print(table)
    else:
        console.print(missing)
    if simulate:
        table = _table("game", "simulate / bare loop", title="`hexbox simulate` (random agents, no --out) against a "
                       "bare playout loop of the same games")
        for name, r in report["games"].items():
            table.add_row(name, mmm(r["simulate_overhead"], ".3f"))
        console.print(table)
    if not search:
        return
    table = _table("game", "search", "iterations/s", "× ref.\nsims/s", "apply()\nper iter.", "× ref.\napply()/s",
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


# ---- serve ---------------------------------------------------------------------------------------------


@app.command("serve")
def serve_cmd(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
    db: Annotated[str | None, typer.Option(help="database URL (default: SQLite in the user's data folder); "
                                                "postgresql+psycopg://… for real deployments")] = None,
    redis: Annotated[str | None, typer.Option(help="Redis URL: several processes then serve the same tables")] = None,
    workers: Annotated[int, typer.Option(help="bot worker processes (0: one thread in the server)")] = 1,
    grace: Annotated[float, typer.Option(help="seconds before a gone player's seat is played by a bot")] = 60.0,
    bot_delay: Annotated[float, typer.Option(help="seconds a bot waits before its move")] = 0.6,
    rate: Annotated[float, typer.Option(help="requests per second per seat token, or per address without one "
                                             "(bursts of 3 seconds' worth)")] = 20.0,
    max_bot_seconds: Annotated[float, typer.Option(help="the longest a table's bot may think per move")] = 5.0,
    max_bot_iterations: Annotated[int, typer.Option(help="the most search iterations a table's bot may ask for")]
    = 20_000,
    max_bot_rollout: Annotated[int, typer.Option(help="the longest rollout a table's bot may ask for")] = 300,
    access_log: Annotated[bool, typer.Option("--access-log", help="log every request (tokens are never in a URL)")]
    = False,
) -> None:
    """Serve tables over HTTP and websockets, with the browser client at / (needs the \\[server] extra)."""
    try:
        from hexbox.server import Settings, serve
    except ImportError as exc:
        missing = f"{exc.name} is missing"
        raise BadInput(f"hexbox serve needs the server extra: pip install -e '.[server]' ({missing})") from None
    if not 0 < port < 65536 or workers < 0 or grace <= 0 or bot_delay < 0 or rate <= 0:
        raise BadInput("--port must be 1-65535, --workers at least 0, --grace and --rate positive, "
                       "--bot-delay not negative")
    if max_bot_seconds <= 0 or max_bot_iterations < 1 or max_bot_rollout < 0:
        raise BadInput("--max-bot-seconds must be positive, --max-bot-iterations at least 1, "
                       "--max-bot-rollout not negative")
    serve(Settings(db_url=db, redis_url=redis, workers=workers, grace=grace, bot_delay=bot_delay, rate=rate,
                   burst=max(1, int(3 * rate)), max_bot_seconds=max_bot_seconds,
                   max_bot_iterations=max_bot_iterations, max_bot_rollout=max_bot_rollout),
          host=host, port=port, access_log=access_log)


# ---- entry point ---------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> None:
    command = typer.main.get_command(app)
    try:
        code = command.main(args=argv, prog_name="hexbox", standalone_mode=False)
    except typer.Exit as exc:
        code = exc.exit_code
    except typer.Abort:
        _fail("aborted", 130)
    except typer.TyperException as exc:  # usage errors: unknown option, missing argument, bad value
        message = exc.format_message().strip()
        if not message:  # bare `hexbox`: the help is on the screen, and asking for it is no error
            sys.exit(0)
        _fail(message.splitlines()[0], 2)
    except (BadInput, ConfigError, IllegalAction) as exc:
        _fail(str(exc), 2)
    except KeyboardInterrupt:
        _fail("interrupted", 130)
    sys.exit(code if isinstance(code, int) else 0)


def _fail(message: str, code: int) -> None:
    print(f"hexbox: error: {message}", file=sys.stderr)
    sys.exit(code)


if __name__ == "__main__":
    main()
