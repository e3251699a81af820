"""The compiled build (setup.py, docs/compiled.md): what each kind of install compiles (by default what gains at
least 1.5x, which is nothing now; nothing in an editable install), and that a wheel with Transylvania's modules
compiled plays the same games. Only the last test compiles anything (marked slow: CI runs it, docs/testing.md)."""

from __future__ import annotations

import ast
import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import hexbox
from hexbox import _build

ROOT = Path(__file__).resolve().parent.parent
SETUP = ROOT / "setup.py"


def _setup_namespace() -> dict:
    """setup.py's definitions, without its closing ``setup(...)`` call."""
    tree = ast.parse(SETUP.read_text())
    body = [node for node in tree.body
            if not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)
                    and getattr(node.value.func, "id", None) == "setup")]
    assert len(body) == len(tree.body) - 1, "setup.py should end with one setup(...) call"
    namespace: dict = {"__name__": "hexbox_setup_under_test", "__file__": str(SETUP)}
    exec(compile(ast.Module(body=body, type_ignores=[]), str(SETUP), "exec"), namespace)
    return namespace


def test_the_dev_install_runs_the_pure_python_package():
    hexbox.load("werebeasts").new_state(seed=1)  # the core and a game's rules are imported
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    compiled = [name for name, mod in list(sys.modules.items())
                if name.startswith("hexbox") and (getattr(mod, "__file__", None) or "").endswith(suffixes)]
    assert compiled == []
    assert _build.compiled() is False
    assert _build.build() == "pure"


@pytest.mark.parametrize("value, argv, expected", [
    (None, ["setup.py", "bdist_wheel"], "DEFAULT"),            # a regular install: where it gains >= 1.5x
    (None, ["setup.py", "editable_wheel", "--dist-info-dir", "x"], []),  # pip install -e: edits must take effect
    (None, ["setup.py", "develop"], []),
    ("0", ["setup.py", "bdist_wheel"], []),
    ("1", ["setup.py", "bdist_wheel"], "COMPILED"),
    ("1", ["setup.py", "editable_wheel"], "COMPILED"),          # asked for: the user knows what it does
])
def test_what_each_build_compiles(monkeypatch, value, argv, expected):
    monkeypatch.delenv("HEXBOX_COMPILE_ONLY", raising=False)
    if value is None:
        monkeypatch.delenv("HEXBOX_COMPILE", raising=False)
    else:
        monkeypatch.setenv("HEXBOX_COMPILE", value)
    monkeypatch.setattr(sys, "argv", argv)
    ns = _setup_namespace()
    assert ns["chosen"]() == (ns[expected] if isinstance(expected, str) else expected)
    assert [e.name for e in ns["ext_modules"]()] == [m[:-3].replace("/", ".") for m in ns["chosen"]()]


def test_the_default_compiles_nothing_and_a_bad_setting_is_refused(monkeypatch):
    ns = _setup_namespace()
    assert ns["DEFAULT"] == []  # no game's modules gain >= 1.5x compiled (docs/compiled.md: Transylvania 1.32-1.40x)
    monkeypatch.setenv("HEXBOX_COMPILE", "maybe")
    with pytest.raises(SystemExit, match="HEXBOX_COMPILE='maybe'"):
        ns["chosen"]()
    monkeypatch.setenv("HEXBOX_COMPILE", "1")
    monkeypatch.setenv("HEXBOX_COMPILE_ONLY", "hexbox/nope.py")
    with pytest.raises(SystemExit, match="nope.py"):
        ns["chosen"]()


def test_setup_lists_only_modules_that_exist():
    compiled = _setup_namespace()["COMPILED"]
    assert compiled, "setup.py's COMPILED is empty"
    assert len(set(compiled)) == len(compiled)
    for path in compiled:
        assert path.startswith("hexbox/") and path.endswith(".py"), path
        assert (ROOT / path).is_file(), f"setup.py compiles {path}, which does not exist"
    # every package of a compiled module is a package (its __init__.py is there), so the extension imports by name
    for path in compiled:
        assert (ROOT / path).with_name("__init__.py").is_file(), path


SWEEP = """
import json, sys
sys.path.insert(0, {benchmarks!r})
from seed_sweep import sweep
from hexbox import _build
from hexbox.games.transylvania import legal
print(json.dumps({{"build": _build.build(), "modules": _build.compiled_modules(), "file": legal.__file__,
                  "digest": sweep("transylvania", range(40))["digest"]}}))
"""


TRANSYLVANIA = [m for m in _setup_namespace()["COMPILED"] if m.startswith("hexbox/games/transylvania/")]


@pytest.mark.slow  # a Cython build: minutes of CPU; the tests above check what it would build
def test_a_wheel_with_transylvania_compiled_plays_the_same_games(tmp_path):
    """``HEXBOX_COMPILE=1`` with ``HEXBOX_COMPILE_ONLY`` set to Transylvania's five modules (the build that was the
    default while it gained 1.5x): the extensions, the .py files beside them, and games byte-identical to the
    pure-Python ones (a seed sweep of 40 random games). ~1 minute: a build."""
    pytest.importorskip("Cython", reason="the compiled build needs Cython (the [fast] extra, in [dev])")
    if shutil.which("cc") is None:
        pytest.skip("no C compiler: no extension can be built")
    src = tmp_path / "src"
    shutil.copytree(ROOT / "hexbox", src / "hexbox", ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.c"))
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(ROOT / name, src / name)
    env = {k: v for k, v in os.environ.items() if not k.startswith("HEXBOX_COMPILE")}
    build_env = {**env, "HEXBOX_COMPILE": "1", "HEXBOX_COMPILE_ONLY": ",".join(TRANSYLVANIA)}
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps", "-q", "-w",
                    str(tmp_path / "dist"), str(src)], check=True, env=build_env, cwd=tmp_path, timeout=1200)
    (wheel,) = (tmp_path / "dist").glob("hexbox-*.whl")
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        z.extractall(site)
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    extensions = sorted(n for n in names if n.endswith(suffixes))
    assert [n.split(".")[0] for n in extensions] == sorted(m[:-3] for m in TRANSYLVANIA)
    assert all(m in names for m in TRANSYLVANIA)  # the sources stay beside the extensions

    code = SWEEP.format(benchmarks=str(ROOT / "benchmarks"))
    ran = subprocess.run([sys.executable, "-c", code], cwd=site, env={**env, "PYTHONPATH": str(site)},
                         capture_output=True, text=True, timeout=600)
    assert ran.returncode == 0, ran.stderr[-2000:]
    there = json.loads(ran.stdout)
    assert there["build"] == "mixed" and there["file"].endswith(suffixes) and str(site) in there["file"]
    assert there["modules"] == sorted(m[:-3].replace("/", ".") for m in TRANSYLVANIA)
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from seed_sweep import sweep
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    assert there["digest"] == sweep("transylvania", range(40))["digest"]
