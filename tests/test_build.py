"""The optional compiled build (setup.py, docs/compiled.md): the default is the pure-Python package, and the list
of compiled modules names only modules that exist. Nothing here compiles anything."""

from __future__ import annotations

import ast
import importlib.machinery
import sys
from pathlib import Path

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
    namespace: dict = {"__name__": "hexbox_setup_under_test"}
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


def test_the_default_build_compiles_nothing_and_needs_no_cython(monkeypatch):
    monkeypatch.delenv("HEXBOX_COMPILE", raising=False)
    monkeypatch.delenv("HEXBOX_COMPILE_ONLY", raising=False)
    had_cython = "Cython" in sys.modules
    ns = _setup_namespace()
    assert ns["ext_modules"]() == []
    assert had_cython or "Cython" not in sys.modules
    monkeypatch.setenv("HEXBOX_COMPILE", "0")
    assert ns["ext_modules"]() == []


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
