"""`hexbox …`: play at the terminal, simulate many games, replay a record, measure speed.

One module per command, each registered below on the app of ``base``, in the order of ``hexbox --help``. Bad
arguments give one line on stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import sys

import typer

from hexbox.core import ConfigError, IllegalAction

from . import bench, compare, encoding, games, play, replay, report, rules, schema, sensitivity, serve, simulate, tune
from .base import BadInput, app

#: the commands, in the order of `hexbox --help`
COMMANDS = {
    "games": games.games_cmd,
    "play": play.play,
    "rules": rules.rules,
    "simulate": simulate.simulate,
    "replay": replay.replay,
    "schema": schema.schema_cmd,
    "encoding": encoding.encoding_cmd,
    "report": report.report,
    "compare": compare.compare_cmd,
    "tune": tune.tune_cmd,
    "knobs": sensitivity.knobs_cmd,
    "sensitivity": sensitivity.sensitivity_cmd,
    "bench": bench.bench_cmd,
    "serve": serve.serve_cmd,
}
for _name, _command in COMMANDS.items():
    app.command(_name)(_command)


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
