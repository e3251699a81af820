"""What every command shares: the Typer app they register on, the one error for bad input, and the helpers that
read options, records and tables the same way for each."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.table import Column, Table

from hexbox.core import ConfigError, HexboxError, IllegalAction, Record, State, coerce_option, game_info
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


def parse_options(name: str, pairs: list[str]) -> dict[str, Any]:
    info = game_info(name)
    out = {}
    for pair in pairs:
        key, eq, text = pair.partition("=")
        if not eq:
            raise BadInput(f"--option expects name=value, not {pair!r}")
        out[key] = coerce_option(info.option(key), text)
    return out


def new_table(*headers: str, title: str | None = None) -> Table:
    """A table that fits 80 columns where it can (no vertical rules) and folds a cell where it cannot: a number
    cut to "1.2…" would be worse than none."""
    return Table(*(Column(h, overflow="fold") for h in headers), title=title, box=box.SIMPLE_HEAD, show_edge=False,
                 pad_edge=False, collapse_padding=True)


def renderer(name: str):
    """The game's terminal rendering (its ``render`` hook), or plain JSON where it declares none."""
    render = game_info(name).hook("render")
    return render if render is not None else (lambda obs: json.dumps(obs, indent=1))


def read_record(file: Path) -> Record:
    try:
        return Record.loads(file.read_text(encoding="utf-8"))
    except OSError as exc:
        raise BadInput(f"cannot read {file}: {exc.strerror}") from None
    except (ValueError, ConfigError) as exc:
        raise BadInput(f"{file} is not a hexbox record: {exc}") from None


def replayed(rec: Record, file: Path) -> State:
    try:
        game_info(rec.game)
    except ConfigError as exc:
        raise BadInput(f"{file}: {exc}") from None
    try:
        return replay_record(rec)
    except (ValueError, IllegalAction, ConfigError) as exc:
        raise BadInput(f"{file} cannot be replayed: {exc}") from None
