"""Which build is running: the pure-Python package or the optional compiled one (docs/compiled.md)."""

from __future__ import annotations

import importlib
import importlib.machinery

# one module of each part that setup.py compiles: the engine's core and a game's rules
_PROBES = ("hexbox.core.game", "hexbox.games.werebeasts.rules")


def _is_extension(module_name: str) -> bool:
    path = getattr(importlib.import_module(module_name), "__file__", None) or ""
    return path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def compiled() -> bool:
    """True when the engine's core is a compiled extension module (built with HEXBOX_COMPILE=1), False when it is
    the pure-Python package."""
    return _is_extension("hexbox.core.game")


def build() -> str:
    """``"compiled"``, ``"pure"``, or ``"mixed"`` when only some of the probed modules are compiled (a partial
    build with HEXBOX_COMPILE_ONLY)."""
    flags = {_is_extension(name) for name in _PROBES}
    if flags == {True}:
        return "compiled"
    return "mixed" if True in flags else "pure"
