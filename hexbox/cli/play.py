"""`hexbox play`: a game at the terminal, against bots or hotseat, saved when stopped, resumed from its record."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from hexbox.agents import LEVELS, make_agent
from hexbox.core import ConfigError, Record, game_info, load

from .base import BadInput, parse_options, read_record, replayed


def play(
    game: Annotated[str | None, typer.Argument(help="game name (see `hexbox games`); not with --resume")] = None,
    players: Annotated[int | None, typer.Option("--players", "-p", help="number of players")] = None,
    seat: Annotated[int | None, typer.Option(help="your seat (the others are bots)")] = None,
    humans: Annotated[str | None, typer.Option(help="hotseat: seats played by people, e.g. 0,2")] = None,
    bots: Annotated[str | None, typer.Option(help=f"a level, {' | '.join(LEVELS)} (normal is the default; each "
                                                  "game's bot of that level, as in the lobby: docs/agents.md), or an "
                                                  "agent spec: random | heuristic | ismcts:iters=N")] = None,
    seed: Annotated[int | None, typer.Option(help="seed of the deal (random if omitted)")] = None,
    option: Annotated[list[str], typer.Option("--option", "-o", help="game option name=value")] = [],  # noqa: B006
    names: Annotated[str | None, typer.Option(help="the people's names, in the order of their seats, e.g. Mia,Leo: "
                                                   "every sentence names them")] = None,
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
        rec = read_record(resume)
        state = replayed(rec, resume)
        if state.is_over:
            raise BadInput(f"{resume}: that game is over; `hexbox replay {resume}` shows it")
        record = record or resume
    else:
        if game is None:
            raise BadInput("which game? e.g. `hexbox play werebeasts` (`hexbox games` lists them)")
        info = game_info(game)
        n = players if players is not None else info.default_players or info.min_players
        g = load(game, players=n, **parse_options(game, option))
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
        if seat is not None or humans is not None or bots is not None or names is not None:
            raise BadInput(f"{resume} says who plays each seat: give no --seat, --humans, --bots or --names with "
                           "--resume")
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
    if names is not None:
        given = [x.strip() for x in names.split(",")]
        if len(given) != len(people) or not all(given):
            raise BadInput(f"--names: give one name per person ({len(people)}: seats "
                           f"{', '.join(map(str, people))}), separated by commas, not {names!r}")
        rec.names = [given[people.index(s)] if s in people else None for s in range(n)]
    console = Console(highlight=False)
    title = game_info(rec.game).title
    you = _who_plays(people, specs)
    if resume is not None:
        console.print(f"[bold]{title}[/bold], {n} players, resumed after {moves(len(rec.actions))}. {you}.")
    else:
        console.print(f"[bold]{title}[/bold], {n} players, seed {rec.seed}. {you}.")
    autosave = Path(f"hexbox-{rec.game}-{rec.seed}.json")

    def save() -> Path:
        target = record or autosave
        target.write_text(rec.dumps() + "\n", encoding="utf-8")
        return target

    called = {s: x for s, x in enumerate(rec.names or []) if x}
    table = TerminalTable(console, state, rec, people, bot, random.Random(rec.seed + len(rec.actions)), names=called)
    try:
        table.play()
    except (Stop, KeyboardInterrupt) as exc:
        how = "stopped" if isinstance(exc, Stop) else "interrupted"
        try:
            target = save()
        except OSError as error:
            raise BadInput(f"{how} after {moves(len(rec.actions))}, and the record could not be written to "
                           f"{record or autosave}: {error.strerror}") from None
        console.print(f"\n{how} after {moves(len(rec.actions))}; "
                      f"the record is in {target}: `hexbox play --resume {target}` continues the game")
        raise typer.Exit(130) from None
    if record:
        save()
        console.print(f"record written to {record}")


#: the word a record's ``seats`` has for a seat played by a person at the terminal
PERSON = "person"


def moves(n: int) -> str:
    """"1 action", "12 actions"."""
    return f"{n} action" if n == 1 else f"{n} actions"


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

