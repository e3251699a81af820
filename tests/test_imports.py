"""The import contracts of pyproject.toml ([tool.importlinter]): the layers of docs/design.md §1, no game importing
another, and no import circle in core, in any game or between the layers — circles hidden behind TYPE_CHECKING or
inside a function included. Run here so that CI runs them (import-linter is in the [dev] extra)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("importlinter", reason="the import contracts need import-linter (the [dev] extra)")

ROOT = Path(__file__).resolve().parents[1]

LINT = "from importlinter.cli import lint_imports; raise SystemExit(lint_imports(config_filename={!r}, no_cache=True))"


def lint(tree: Path) -> subprocess.CompletedProcess:
    """import-linter's contracts of pyproject.toml, on the hexbox package found in ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    return subprocess.run([sys.executable, "-c", LINT.format(str(ROOT / "pyproject.toml"))], cwd=tree, env=env,
                          capture_output=True, text=True, timeout=300)


def test_the_import_contracts_hold():
    ran = lint(ROOT)
    assert ran.returncode == 0, ran.stdout[-3000:] + ran.stderr[-2000:]
    assert "3 kept, 0 broken" in ran.stdout


@pytest.mark.parametrize("module, line, broken", [
    # a game's leaf importing the module that assembles the game: the circle of issue 30, behind TYPE_CHECKING
    ("games/werebeasts/state.py", "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import game\n",
     "No import circles"),
    # one game reaching into another
    ("games/prowl/words.py", "def _f():\n    from hexbox.games.werebeasts import cards\n", "No game imports another"),
    # core reaching up into a game
    ("core/record.py", "def _f():\n    import hexbox.games.voodoo.cards\n", "Dependencies point down"),
])
def test_a_broken_contract_is_caught(tmp_path, module, line, broken):
    shutil.copytree(ROOT / "hexbox", tmp_path / "hexbox", ignore=shutil.ignore_patterns("__pycache__", "*.so", "web"))
    path = tmp_path / "hexbox" / module
    path.write_text(path.read_text(encoding="utf-8") + "\n" + line, encoding="utf-8")
    ran = lint(tmp_path)
    assert ran.returncode != 0
    assert f"{broken}" in ran.stdout and "BROKEN" in ran.stdout.split(broken, 1)[1].splitlines()[0]
