"""The games of the test session in a child process: `hexbox` with the toy game's one line first (tests/conftest.py
registers it in the session itself), so that a command run for every game knows every game."""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: the `-c` program of ``python -c PROGRAM ARGS…``: `hexbox ARGS…` with the session's games
PROGRAM = "import tests.toygame; from hexbox.cli import main; main()"
#: ``[*HEXBOX, "play", "hunch"]``: the command line of `hexbox` with the session's games
HEXBOX = [sys.executable, "-c", PROGRAM]


def env(base: dict[str, str] | None = None) -> dict[str, str]:
    """``base`` (else this process's environment) with this checkout first on the path, where tests/ is found."""
    base = dict(os.environ if base is None else base)
    base["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), base.get("PYTHONPATH")]))
    return base
